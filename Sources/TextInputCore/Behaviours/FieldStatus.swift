/// Which end of a field's status line a `FieldStatus` sits at, resolved
/// against the editor's layout direction.
public enum FieldStatusEdge: String, Hashable, Sendable, CaseIterable {
  /// The leading end (left in a left-to-right view).
  case leading
  /// The trailing end (right in a left-to-right view).
  case trailing
}

/// A presentation value that speaks about the text as a whole, for a field:
/// a short status to show on the line under it, and whether the text may be
/// submitted. A field component (such as the terminal's) reads every value of
/// this kind from `Editor.presentation`, so it needs no feature module:
/// TextFieldRules' `ValidationStatus` (a message; an invalid text cannot be
/// submitted) and `CharacterCount` (`"3/12"`; a text over its limit cannot be
/// submitted) are such values.
public protocol FieldStatus: PresentationValue {
  /// The status to show, or nil for none. Plain text; a renderer shows any
  /// control character in it visibly.
  var statusText: String? { get }
  /// Which end of the status line it sits at.
  var statusEdge: FieldStatusEdge { get }
  /// Whether the text may be submitted as it is.
  var allowsSubmission: Bool { get }
  /// Whether the status waits to be shown until the user has edited the
  /// text or tried to submit it (a "required" message is not shown on a
  /// field nobody has typed in yet).
  var waitsForInteraction: Bool { get }
}

extension Presentation {
  /// Every `FieldStatus` value, in chain order.
  ///
  /// - Complexity: O(n) in the number of values.
  public var fieldStatuses: [any FieldStatus] {
    values.compactMap { $0 as? any FieldStatus }
  }

  /// Whether every `FieldStatus` allows submitting the text.
  ///
  /// - Complexity: O(n) in the number of values.
  public var allowsSubmission: Bool {
    fieldStatuses.allSatisfy(\.allowsSubmission)
  }
}

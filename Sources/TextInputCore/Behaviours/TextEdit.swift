public import Foundation

/// An edit on its way into the text: replace `range` with `replacement`, then
/// select `selection`. Behaviours review it before it happens and may rewrite it.
///
/// Offsets are **UTF-16 code units**: `range` in the text before the edit,
/// `selection` in the text after it.
public struct TextEdit: Hashable, Sendable {
  /// What made the edit; fixed by the editor (a rewrite keeps the original kind).
  public internal(set) var kind: EditKind
  /// The range replaced, in the text before the edit (UTF-16 code units). The
  /// editor clamps it to the text and widens it to grapheme boundaries.
  public var range: NSRange
  /// The text that replaces `range`.
  public var replacement: String
  /// The selection after the edit, in the text after it (UTF-16 code units),
  /// or nil to keep the selection where it was, shifted past the edit (what a
  /// behaviour's follow-up edit usually wants). For marked text it is the
  /// selection inside the new marked text, in absolute offsets. The editor
  /// clamps it and widens it to grapheme boundaries (an empty selection inside
  /// a cluster moves to the cluster's end).
  public var selection: NSRange?

  /// Creates an edit.
  public init(
    kind: EditKind, range: NSRange, replacement: String, selection: NSRange?
  ) {
    self.kind = kind
    self.range = range
    self.replacement = replacement
    self.selection = selection
  }

  /// An edit that leaves the caret at the end of the replacement (UTF-16 code units).
  public init(kind: EditKind, range: NSRange, replacement: String) {
    let end = range.location + replacement.utf16.count
    self.init(
      kind: kind, range: range, replacement: replacement,
      selection: NSRange(location: end, length: 0))
  }
}

/// What caused an edit.
public enum EditKind: Hashable, Sendable {
  /// `Editor.insert(_:)`: typing, including a commit of marked text with its final text.
  case typing
  /// `Editor.deleteBackward(by:)`.
  case deleteBackward
  /// `Editor.deleteForward(by:)`.
  case deleteForward
  /// `Editor.replace(_:with:)`: a paste, a drop, an autocorrection.
  case replace
  /// `Editor.setMarkedText(_:selectedRange:replacementRange:)`: IME composition.
  case markedText
  /// `Editor.setText(_:)`: the app set the text (no review, clears undo).
  case programmatic
  /// `Editor.undo()` replaying an inverse edit (no review).
  case undo
  /// `Editor.redo()` replaying an edit (no review).
  case redo
  /// A follow-up edit a behaviour asked for (`BehaviourActions.edit`), with its id.
  case behaviour(String)
}

/// What a behaviour decides about an edit.
public enum EditDecision: Hashable, Sendable {
  /// Let it through unchanged.
  case accept
  /// Stop it: nothing changes, later behaviours are not asked.
  case reject
  /// Let it through changed; later behaviours see the rewritten edit.
  case rewrite(TextEdit)
}

/// A change that happened to the text, as behaviours are told of it.
///
/// Offsets are **UTF-16 code units**. `range` is in the text before the change,
/// `newRange` (same location) in the text after it.
public struct TextChange: Hashable, Sendable {
  /// What caused it.
  public let kind: EditKind
  /// The range replaced, in the text before the change.
  public let range: NSRange
  /// The text that was in `range`.
  public let replacedText: String
  /// Where the replacement now is, in the text after the change.
  public let newRange: NSRange
  /// The selection before the change.
  public let selectionBefore: NSRange
  /// The selection after the change.
  public let selectionAfter: NSRange

  /// The change in length, in UTF-16 code units.
  public var delta: Int { newRange.length - range.length }
}

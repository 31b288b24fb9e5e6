import Foundation
public import TextInputCore

/// What `CharacterLimit` publishes: how many grapheme clusters the text
/// holds and the limit, for a counter such as `"12/20"`.
///
/// As a `DrawablePresentation` it draws `text` at the trailing end of the
/// view's last line (inside its bounds, role `.message`) when `isShown`;
/// give the view a bottom text container inset of one line so that the
/// counter does not cover the text.
public struct CharacterCount: DrawablePresentation, FieldStatus, Hashable {
  /// The text's length in grapheme clusters (marked text included).
  public var count: Int
  /// The limit in grapheme clusters; 0 for none.
  public var limit: Int
  /// Whether a renderer draws it.
  public var isShown: Bool

  /// Creates a count.
  public init(count: Int, limit: Int, isShown: Bool = false) {
    self.count = count
    self.limit = limit
    self.isShown = isShown
  }

  /// Whether the text holds more clusters than the limit (while marked text
  /// is composed, or after the program set a longer text).
  public var isOverLimit: Bool { limit > 0 && count > limit }

  /// `"count/limit"`, or `"count"` without a limit.
  public var text: String { limit > 0 ? "\(count)/\(limit)" : "\(count)" }

  /// `text` when `isShown`, for a field's status line (`FieldStatus`).
  public var statusText: String? { isShown ? text : nil }
  /// At the trailing end.
  public var statusEdge: FieldStatusEdge { .trailing }
  /// A text over the limit may not be submitted.
  public var allowsSubmission: Bool { !isOverLimit }
  /// Shown from the start (false).
  public var waitsForInteraction: Bool { false }

  /// `text` at the trailing end of the view's last line, when `isShown`.
  ///
  /// - Complexity: O(1) (a few characters laid out).
  public func drawingPrimitives(in editor: EditorState) -> [DrawingPrimitive] {
    guard isShown, let overlay = MessageLine.overlay(text, at: .trailing, in: editor) else {
      return []
    }
    return [.overlayText(overlay)]
  }
}

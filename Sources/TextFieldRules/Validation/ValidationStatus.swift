import Foundation
public import TextInputCore

/// What `Validation` publishes: the last result, for a renderer.
///
/// As a `DrawablePresentation` it draws the message of an invalid result at
/// the leading end of the view's last line (inside its bounds, role
/// `.message`, cut with an ellipsis if it is wider than the view); a valid
/// result draws nothing. Give the view a bottom text container inset of one
/// line so that the message does not cover the text. A terminal renderer
/// draws a control character of the message as its visible form
/// (`VisibleControls`), never as itself.
public struct ValidationStatus: DrawablePresentation, FieldStatus, Hashable {
  /// The result.
  public var result: ValidationResult

  /// Creates a status.
  public init(result: ValidationResult) {
    self.result = result
  }

  /// Whether the text is valid.
  public var isValid: Bool { result.isValid }

  /// The message of an invalid result, or nil.
  public var message: String? { result.message }

  /// The message, for a field's status line (`FieldStatus`).
  public var statusText: String? { message }
  /// At the leading end.
  public var statusEdge: FieldStatusEdge { .leading }
  /// A valid text may be submitted; an invalid one may not.
  public var allowsSubmission: Bool { isValid }
  /// Shown once the user has edited or tried to submit (true).
  public var waitsForInteraction: Bool { true }

  /// The message at the leading end of the view's last line, for an
  /// invalid result.
  ///
  /// - Complexity: O(m) in the message's length.
  public func drawingPrimitives(in editor: EditorState) -> [DrawingPrimitive] {
    guard let message, let overlay = MessageLine.overlay(message, at: .leading, in: editor)
    else { return [] }
    return [.overlayText(overlay)]
  }
}

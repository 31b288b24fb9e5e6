import Foundation
import TextInputBase
import TextInputCore
import TextLayout

/// A one-line message drawn on the last line of a view, inside its bounds:
/// how a validation message and a character count are drawn.
enum MessageLine {
  /// Which end of the line the text sits at.
  enum Edge {
    case leading, trailing
  }

  /// `text` laid out on one line (cut with an ellipsis if wider than the
  /// view) on the view's last line, at `edge` (resolved against the
  /// editor's layout direction), as overlay text of role `.message`.
  /// Points, in the view's coordinates; nil for an empty text or a view
  /// with no room.
  ///
  /// - Complexity: O(m) in the length of `text`.
  static func overlay(_ text: String, at edge: Edge, in editor: EditorState) -> OverlayText? {
    let bounds = editor.geometry.bounds
    let lineHeight = editor.font.lineHeight
    guard !text.isEmpty, bounds.width > 0, bounds.height > 0, lineHeight.isFinite,
      lineHeight > 0
    else { return nil }
    let frame = TextFrame(
      text, container: TextContainer(width: bounds.width, maximumNumberOfLines: 1),
      style: LayoutStyle(
        font: editor.font, alignment: .natural, layoutDirection: editor.layoutDirection,
        lineBreakMode: .truncateTail))
    let used = frame.usedSize.width
    let atRight = (edge == .trailing) == (editor.layoutDirection == .leftToRight)
    // The frame is as wide as the view; its line sits at its natural edge.
    let lineMinX = frame.lineFragments.first?.usedRect.minX ?? 0
    let x = atRight ? bounds.width - used - lineMinX : -lineMinX
    let y = Swift.max(bounds.height - lineHeight, 0)
    return OverlayText(
      frame: frame, origin: CGPoint(x: x, y: y),
      clip: CGRect(x: 0, y: y, width: bounds.width, height: Swift.min(lineHeight, bounds.height)),
      role: .message)
  }
}

import Foundation
import TextInputBase
public import TextInputCore

extension PlaceholderPresentation: DrawablePresentation {
  /// The placeholder (or floating title) as overlay text: its layout at the
  /// layer's origin, clipped to its frame, with its alpha and scale, anchored
  /// as the text view aligns (a renderer that cannot scale keeps that edge);
  /// then the bouncy abbreviation, if any. A layer with no opacity is left
  /// out.
  ///
  /// - Complexity: O(1).
  public func drawingPrimitives(in editor: EditorState) -> [DrawingPrimitive] {
    var primitives: [DrawingPrimitive] = []
    let anchor: OverlayAnchor
    switch editor.alignment.resolved(for: editor.layoutDirection) {
    case .right: anchor = .right
    case .center: anchor = .center
    default: anchor = .left
    }
    if placeholder.alpha > 0 {
      primitives.append(
        .overlayText(
          OverlayText(
            frame: layout, origin: placeholder.layoutOrigin, clip: placeholder.frame,
            alpha: placeholder.alpha, scale: placeholder.scale, anchor: anchor, color: color,
            role: .placeholder)))
    }
    if let abbreviation, abbreviation.layer.alpha > 0 {
      primitives.append(
        .overlayText(
          OverlayText(
            frame: abbreviation.layout, origin: abbreviation.layer.layoutOrigin,
            clip: abbreviation.layer.frame, alpha: abbreviation.layer.alpha,
            scale: abbreviation.layer.scale, anchor: anchor, color: color, role: .placeholder)))
    }
    return primitives
  }
}

import Foundation
public import TextInputCore

extension LinkPresentation: DrawablePresentation {
  /// Each link as a styled range (`.link`) and, when its target is a URL, an
  /// e-mail address or a phone number, a hyperlink whose id is its index + 1
  /// (so the pieces of a wrapped link share it); then the pressed link
  /// (`.pressedLink`) and its highlight rects filled with `highlightColor`.
  ///
  /// - Complexity: O(n) in the number of links and rects.
  public func drawingPrimitives(in editor: EditorState) -> [DrawingPrimitive] {
    var primitives: [DrawingPrimitive] = []
    for (index, link) in links.enumerated() {
      primitives.append(.styledRange(link.range, role: .link))
      if let url = link.target.url {
        primitives.append(.hyperlink(link.range, uri: url.absoluteString, id: index + 1))
      }
    }
    if let pressed = pressedLinkIndex, links.indices.contains(pressed) {
      primitives.append(.styledRange(links[pressed].range, role: .pressedLink))
    }
    for rect in highlightRects {
      primitives.append(.filledRect(rect, color: highlightColor, role: .highlight))
    }
    return primitives
  }
}

import Foundation
public import TextInputCore

extension LinkPresentation: DrawablePresentation {
  /// Each link as a styled range (`.link`) and, when its target is a URL, an
  /// e-mail address or a phone number, a hyperlink; then the pressed link
  /// (`.pressedLink`) and its highlight rects filled with `highlightColor`.
  ///
  /// A hyperlink's id is its ordinal among the links to the same URI, from 1
  /// (the first link to `https://a.org` is 1, the second 2): the pieces of a
  /// wrapped link share it, two links to one URI differ, and a terminal,
  /// which tells links apart by id *and* URI, keeps a link's identity when a
  /// link to another URI is typed before it.
  ///
  /// The ranges are the links' in the typed text (mapped back from the
  /// displayed ranges of `links` through `editor.displayMap`).
  ///
  /// - Complexity: O(n) in the number of links and rects (expected, hashing
  ///   each URI once).
  public func drawingPrimitives(in editor: EditorState) -> [DrawingPrimitive] {
    var primitives: [DrawingPrimitive] = []
    var ordinals: [String: Int] = [:]
    let map = editor.displayMap
    for link in links {
      let range = map.typed(fromDisplayed: link.range)
      primitives.append(.styledRange(range, role: .link))
      if let url = link.target.url {
        let uri = url.absoluteString
        let id = (ordinals[uri] ?? 0) + 1
        ordinals[uri] = id
        primitives.append(.hyperlink(range, uri: uri, id: id))
      }
    }
    if let pressed = pressedLinkIndex, links.indices.contains(pressed) {
      primitives.append(
        .styledRange(map.typed(fromDisplayed: links[pressed].range), role: .pressedLink))
    }
    for rect in highlightRects {
      primitives.append(.filledRect(rect, color: highlightColor, role: .highlight))
    }
    return primitives
  }
}

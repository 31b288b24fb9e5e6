public import Foundation
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
  ///   each URI once; none when the behaviour keeps the ids).
  public func drawingPrimitives(in editor: EditorState) -> [DrawingPrimitive] {
    var primitives: [DrawingPrimitive] = []
    var ordinals: [String: Int] = [:]
    let map = editor.displayMap
    for (index, link) in layout.linkView.enumerated() {
      let range = map.typed(fromDisplayed: link.range)
      primitives.append(.styledRange(range, role: .link))
      if let hyperlinks {
        if let (uri, id) = hyperlinks.hyperlink(ofLink: index) {
          primitives.append(.hyperlink(range, uri: uri, id: id))
        }
      } else if let url = link.target.url {
        let uri = url.absoluteString
        let id = (ordinals[uri] ?? 0) + 1
        ordinals[uri] = id
        primitives.append(.hyperlink(range, uri: uri, id: id))
      }
    }
    if let pressed = pressedLinkIndex, layout.linkView.indices.contains(pressed) {
      primitives.append(
        .styledRange(map.typed(fromDisplayed: layout.linkView[pressed].range), role: .pressedLink))
    }
    for rect in highlightRects {
      primitives.append(.filledRect(rect, color: highlightColor, role: .highlight))
    }
    return primitives
  }

  /// The primitives of `drawingPrimitives(in:)` for a renderer that shows
  /// only the text of `visibleRange` (UTF-16 code units): the styled ranges
  /// and hyperlinks of the links that meet it (found by a binary search),
  /// with the same ids, then the pressed link and the highlight rects. The
  /// links before the range are not built. Their ids are the ones the
  /// behaviour keeps (`EditorLinks` keeps each link's ordinal as edits
  /// change the links); for a value made by `init`, the links before the
  /// range are counted by target, and each distinct target's URI made once.
  ///
  /// - Complexity: O(log n + v) for the v visible links (each mapped through
  ///   the display map when one changes the text's length), plus, only for
  ///   a value made by `init`, O(k) target hashes for the k links before
  ///   them and a URL per distinct target there, when a visible one has a URI.
  public func drawingPrimitives(in editor: EditorState, visibleRange: NSRange)
    -> [DrawingPrimitive]
  {
    let links = layout.linkView
    let first = links.firstLink(endingAfter: visibleRange.location)
    var last = first
    while last < links.count, links[last].range.location < NSMaxRange(visibleRange) {
      last += 1
    }
    var primitives: [DrawingPrimitive] = []
    if let hyperlinks {
      for index in first..<last {
        let range = links[index].range
        primitives.append(.styledRange(range, role: .link))
        if let (uri, id) = hyperlinks.hyperlink(ofLink: index) {
          primitives.append(.hyperlink(range, uri: uri, id: id))
        }
      }
      appendPressedAndHighlight(to: &primitives)
      return primitives
    }
    // The ids: each URI's ordinal among the links to it, counting those
    // before the range by target (a URL is made once per distinct target:
    // two targets can have one URI).
    var uris: [Int: String] = [:]
    for index in first..<last {
      if let url = links[index].target.url { uris[index] = url.absoluteString }
    }
    var before: [String: Int] = [:]
    if !uris.isEmpty {
      let visibleURIs = Set(uris.values)
      var byTarget: [LinkTarget: Int] = [:]
      for link in layout.linkView.typed[..<first] { byTarget[link.target, default: 0] += 1 }
      for (target, count) in byTarget {
        guard let uri = target.url?.absoluteString, visibleURIs.contains(uri) else { continue }
        before[uri, default: 0] += count
      }
    }
    for index in first..<last {
      let link = links[index]
      primitives.append(.styledRange(link.range, role: .link))
      if let uri = uris[index] {
        let id = (before[uri] ?? 0) + 1
        before[uri] = id
        primitives.append(.hyperlink(link.range, uri: uri, id: id))
      }
    }
    appendPressedAndHighlight(to: &primitives)
    return primitives
  }

  /// The pressed link's styled range and the highlight rects.
  private func appendPressedAndHighlight(to primitives: inout [DrawingPrimitive]) {
    let links = layout.linkView
    if let pressed = pressedLinkIndex, links.indices.contains(pressed) {
      primitives.append(.styledRange(links[pressed].range, role: .pressedLink))
    }
    for rect in highlightRects {
      primitives.append(.filledRect(rect, color: highlightColor, role: .highlight))
    }
  }
}

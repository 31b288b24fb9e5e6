import Foundation
import PropertyBased
import Testing
import TextInputCore
import TextLinks
import UnicodeTestSupport

/// `EditorLinks` keeps each link's hyperlink id (its ordinal among the links
/// to the same URI) as edits change the links, so that drawing the visible
/// links does not count the ones before them: after any edits, the ids
/// drawn must be the ones counted from scratch.
@Suite("Hyperlink ids kept across edits")
struct LinkOrdinalTests {
  /// Link pieces with few targets (so that many links share a URI), and
  /// every kind of Unicode fragment (emoji ZWJ sequences, flags, combining
  /// marks, CJK, RTL, NBSP, CR LF, the empty fragment).
  static let piece: Generator<String, Shrink.None<String>> = Generator { rng in
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: return UnicodeFragmentKind.weightedRandom(using: &rng).generate(using: &rng)
    case 1: return LinkGen.pieces[Int.random(in: 0..<LinkGen.pieces.count, using: &rng)]
    default:
      let links = [
        "a.org ", "b.org/x ", "ann@example.org ", "a.org", " x.org ", "+1 555 010 0199 ",
      ]
      return links[Int.random(in: 0..<links.count, using: &rng)]
    }
  }
  static let text = piece.array(of: 0...30).map { $0.joined() }
  /// An edit: where (a fraction of the text), how many code units go, what comes.
  static let edit = PropertyBased.zip(
    Gen.int(in: 0...1000), Gen.int(in: 0...12), piece.array(of: 0...3))

  /// Each link's URI and id counted from scratch: the n-th link to a URI is n.
  static func expectedHyperlinks(_ links: [Link]) -> [String] {
    var counts: [String: Int] = [:]
    var out: [String] = []
    for link in links {
      guard let uri = link.target.url?.absoluteString else { continue }
      counts[uri, default: 0] += 1
      out.append("link \(link.range) \(uri) \(counts[uri] ?? 0)")
    }
    return out
  }

  static func hyperlinks(_ primitives: [DrawingPrimitive]) -> [String] {
    primitives.compactMap { primitive in
      guard case .hyperlink(let range, let uri, let id) = primitive else { return nil }
      return "link \(range) \(uri) \(id)"
    }
  }

  @Test func idsAfterEditsAreTheCountedOnes() async {
    await propertyCheck(
      count: 150, input: Self.text, Self.edit.array(of: 1...8), Gen.int(in: 0...1000)
    ) { text, edits, visibleAt in
      var editor = linkEditor(text, isEditing: true)
      for (position, deleted, inserted) in edits {
        let count = editor.state.utf16Count
        let start = count == 0 ? 0 : position % (count + 1)
        editor.select(
          editor.state.widened(NSRange(location: start, length: min(deleted, count - start))))
        if inserted.isEmpty {
          editor.deleteBackward()
        } else {
          editor.insert(inserted.joined())
        }
      }
      let links = editor.behaviour(EditorLinks.self)?.links ?? []
      guard let presentation = editor.linkPresentation else {
        Issue.record("no link presentation")
        return
      }
      let all = presentation.drawingPrimitives(in: editor.state)
      #expect(
        Self.hyperlinks(all) == Self.expectedHyperlinks(links), "\(editor.text.debugDescription)")
      // A fresh editor of the same text draws the same ids.
      let fresh = linkEditor(editor.text, isEditing: true)
      #expect(
        Self.hyperlinks(fresh.linkPresentation?.drawingPrimitives(in: fresh.state) ?? [])
          == Self.hyperlinks(all))
      // The visible part's ids are the whole's, and a value made by `init`
      // (no kept ids: counted when drawn) draws the same.
      let count = editor.state.utf16Count
      let location = count == 0 ? 0 : visibleAt % (count + 1)
      let visible = NSRange(location: location, length: min(40, count - location))
      let expected = Self.hyperlinks(all).filter { line in
        links.contains { link in
          line.hasPrefix("link \(link.range) ")
            && link.range.location < NSMaxRange(visible) && link.end > visible.location
        }
      }
      #expect(
        Self.hyperlinks(presentation.drawingPrimitives(in: editor.state, visibleRange: visible))
          == expected)
      let counted = LinkPresentation(
        layout: presentation.layout, pressedLinkIndex: nil, highlightRects: [],
        highlightColor: presentation.highlightColor, policy: presentation.policy,
        tolerance: presentation.tolerance)
      #expect(
        Self.hyperlinks(counted.drawingPrimitives(in: editor.state, visibleRange: visible))
          == expected, "\(editor.text.debugDescription) \(visible) \(links)")
    }
  }
}

/// A mask of every cluster but line breaks, drawn as one `*` each, cluster
/// by cluster (as SecureEntry draws a password).
private struct StarMask: EditorBehaviour {
  var substitutesDisplay: Bool { true }
  var substitutesClusterByCluster: Bool { true }

  func displaySubstitution(inParagraphs range: NSRange, of editor: EditorState)
    -> DisplaySubstitution?
  {
    let bounds = editor.graphemeBoundaries
    let clusters = zip(bounds, bounds.dropFirst()).filter { start, end in
      start >= range.location && end <= NSMaxRange(range) && editor.utf16[start] != 0x0A
        && editor.utf16[start] != 0x0D
    }.map { NSRange(location: $0.0, length: $0.1 - $0.0) }
    return DisplaySubstitution(clusters: clusters, replacement: 0x2A)
  }
}

extension LinkOrdinalTests {
  /// Under a mask that changes the text's length, the links a layout gives
  /// (mapped when read) are the kept links mapped through the display map.
  @Test func maskedLinksAreMappedWhenRead() async {
    await propertyCheck(count: 100, input: Self.text, Self.edit.array(of: 1...6)) {
      text, edits in
      var editor = Editor(
        text: text, font: cellFont,
        geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 200, height: 100)),
        isEditing: true, behaviours: [EditorLinks(), StarMask()])
      for (position, deleted, inserted) in edits {
        let count = editor.state.utf16Count
        let start = count == 0 ? 0 : position % (count + 1)
        editor.select(
          editor.state.widened(NSRange(location: start, length: min(deleted, count - start))))
        editor.insert(inserted.joined())
      }
      let map = editor.state.displayMap
      let kept = editor.behaviour(EditorLinks.self)?.links ?? []
      let expected = kept.map {
        Link(range: map.displayed(fromTyped: $0.range), target: $0.target)
      }
      guard let presentation = editor.linkPresentation else {
        Issue.record("no link presentation")
        return
      }
      #expect(presentation.links == expected, "\(editor.text.debugDescription)")
      let layout = presentation.layout
      #expect(layout.linkIndices(onLines: 0..<layout.frame.lineFragments.count) == 0..<kept.count)
      #expect(layout.rectsByLink.count == kept.count)
    }
  }
}

extension LinkOrdinalTests {
  /// Targets no link has any more are forgotten now and then (the ids are
  /// computed again): more than a thousand links typed over one another
  /// leave the ids the counted ones.
  @Test func manyReplacedTargetsLeaveTheCountedIds() {
    var editor = linkEditor("see a.org and a.org", isEditing: true)
    for index in 0..<1_100 {
      editor.select(
        NSRange(location: 4, length: (editor.text as NSString).range(of: " and").location - 4))
      editor.insert("x\(index).org")
    }
    editor.select(NSRange(location: 0, length: 0))
    editor.insert("a.org ")
    let links = editor.behaviour(EditorLinks.self)?.links ?? []
    let drawn = Self.hyperlinks(editor.linkPresentation?.drawingPrimitives(in: editor.state) ?? [])
    #expect(drawn == Self.expectedHyperlinks(links))
    #expect(drawn.last?.hasSuffix("http://a.org 2") == true)
  }
}

extension LinkOrdinalTests {
  /// All the primitives of a value made by `init` (ids counted when drawn)
  /// are the kept ones', and the pressed link and its highlight come last.
  @Test func allPrimitivesOfAValueMadeByInit() throws {
    let editor = linkEditor("a.org see b.org/x and a.org", isEditing: false)
    let presentation = try #require(editor.linkPresentation)
    let counted = LinkPresentation(
      layout: presentation.layout, pressedLinkIndex: 2,
      highlightRects: [CGRect(x: 0, y: 0, width: 1, height: 1)],
      highlightColor: presentation.highlightColor, policy: presentation.policy,
      tolerance: presentation.tolerance)
    let kept = presentation.drawingPrimitives(in: editor.state)
    let all = counted.drawingPrimitives(in: editor.state)
    #expect(Self.hyperlinks(all) == Self.hyperlinks(kept))
    #expect(Self.hyperlinks(all).last == "link {22, 5} http://a.org 2")
    let tail = VisiblePrimitivesTests.summary(Array(all.suffix(2)))
    #expect(tail.first == "style {22, 5} pressedLink")
    #expect(tail.last?.hasPrefix("fill ") == true)
  }
}

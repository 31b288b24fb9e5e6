import Foundation
import Testing
import TextLinks

/// Inputs FuzzLinks found (Fuzz/), each a broken documented promise, written
/// out as values.
@Suite struct FuzzRegressionTests {
  /// An infinite tolerance counts as the largest finite value, "the nearest
  /// link anywhere"; a point near `-greatestFiniteMagnitude` squared its
  /// distance to infinity and hit nothing.
  @Test func infiniteToleranceReachesAFarPoint() {
    let text = "see x.co"
    let layout = LinkLayout(
      frame: TextFrame(text), links: LinkDetector().links(in: text), origin: CGPoint(x: 5, y: 8))
    let point = CGPoint(x: -CGFloat.greatestFiniteMagnitude, y: 0)
    let hit = layout.hit(at: point, tolerance: .infinity)
    #expect(hit?.linkIndex == 0)
    #expect(hit?.isExact == false)
    #expect(hit?.distance == .greatestFiniteMagnitude)
    #expect(layout.hitByScanning(at: point, tolerance: .infinity) == hit)
  }

  /// A press with an allowable movement of `greatestFiniteMagnitude` is not
  /// cancelled by a move of 1e200 points (its square overflowed). The move
  /// goes below the text: a point past a line's end hits nothing.
  @Test func hugeAllowableMovementKeepsAPressOnAFarMove() {
    let text = "x.co"
    let layout = LinkLayout(frame: TextFrame(text), links: LinkDetector().links(in: text))
    var press = LinkPressGesture(
      configuration: .init(
        allowableMovement: .greatestFiniteMagnitude, tolerance: .greatestFiniteMagnitude))
    #expect(press.handle(.down(CGPoint(x: 1, y: 0.5), at: 0), in: layout) == .pressed(0))
    #expect(press.handle(.moved(CGPoint(x: 1, y: 1e200), at: 0.1), in: layout) == .unchanged)
    #expect(press.handle(.up(CGPoint(x: 1, y: 1e200), at: 0.2), in: layout) == .tapped(0))
  }

  /// A kept prefix ending in a character that joins the next one into its
  /// cluster (a prepended concatenation mark, U+0600; a space after it
  /// trimmed) swallowed the token's first character: the token's link was
  /// widened over the kept text and dropped, and `tokenLinkIndex` was nil.
  @Test func tokenAfterAPrependedMarkKeepsItsLink() throws {
    for text in [
      "ab \u{600}cd efgh ijkl", "ab \u{600} cd efgh ijkl", "\u{600}\u{600}\u{600} cdefgh ijkl",
    ] {
      let units = Array(text.utf16)
      let truncated = TruncatedLinkText(
        utf16: units, links: [Link(range: NSRange(location: 0, length: 2), target: .url("a"))],
        container: TextContainer(width: 9, maximumNumberOfLines: 1),
        style: LayoutStyle(font: CellFont(cellWidth: 1)))
      #expect(truncated.isTruncated, "\(text.debugDescription)")
      let index = try #require(truncated.tokenLinkIndex, "\(text.debugDescription)")
      #expect(index == truncated.layout.links.count - 1)
      #expect(truncated.layout.links[index].range == truncated.tokenRange)
      // The kept text ends on a cluster boundary of the original and of the shown text.
      #expect(Graphemes.boundaries(utf16: units).offsets.contains(truncated.shownLength))
      #expect(
        Graphemes.boundaries(utf16: truncated.frame.utf16.array).offsets.contains(
          truncated.shownLength))
    }
  }

  /// A token starting with a combining mark would join any kept text: it is
  /// shown alone, with its link.
  @Test func tokenStartingWithACombiningMarkIsShownAlone() throws {
    let truncated = TruncatedLinkText(
      utf16: Array("ab cd ef gh ij".utf16), links: [],
      container: TextContainer(width: 9, maximumNumberOfLines: 1),
      style: LayoutStyle(font: CellFont(cellWidth: 1)),
      token: TruncationToken("\u{301}more", target: .url("m")))
    #expect(truncated.shownLength == 0)
    #expect(truncated.frame.text == "\u{301}more")
    #expect(truncated.tokenLinkIndex == 0)
  }

  /// The digits of a parenthesised group the phone scanner gave up on leaked
  /// into the number before it: "1-800-555-0199 (1 2" gave
  /// `.phone("180055501991")`. `LinkTarget.phone` is "a telephone number: its
  /// digits" (issue 23).
  @Test func phoneTargetHasOnlyTheDigitsOfItsText() throws {
    let text = "1-800-555-0199 (1 2"
    let links = LinkDetector().links(in: text)
    let link = try #require(links.first)
    #expect(link.range == NSRange(location: 0, length: 14))
    #expect(link.target == .phone("18005550199"))
  }

  /// A `.link` run ending inside a grapheme cluster (a combining mark opens
  /// the next, plain run) was measured by its `characters`, which leave the
  /// split cluster out: `{0, 2}` instead of the normalized `{0, 4}` (issue 23).
  @Test func attributedLinkRunEndingInsideAClusterIsWidened() throws {
    var linked = AttributedString("ab.")
    linked.link = URL(string: "https://example.com")
    let attributed = linked + AttributedString("\u{301}cd")
    let links = Link.links(in: attributed)
    #expect(links.map(\.range) == [NSRange(location: 0, length: 4)])
    // Equal to its normalized form, read by scalars.
    let utf16 = Array(String(attributed.characters).utf16)
    #expect(Link.normalized(links, utf16: utf16) == links)
  }

  /// With an empty token (which `links.truncationToken = ""` loads), a cut
  /// text reported `isTruncated == false` and no `tokenRange`. A cut text now
  /// reports its cut for every token: an empty token has the empty range at
  /// the cut, and no link (issue 23).
  @Test(arguments: ["", "\u{2026}more"])
  func cutTextReportsItsCutWithAnyToken(_ token: String) throws {
    let text = "ab cd ef gh ij kl"
    let truncated = TruncatedLinkText(
      utf16: Array(text.utf16),
      links: [Link(range: NSRange(location: 0, length: 2), target: .url("a"))],
      container: TextContainer(width: 9, maximumNumberOfLines: 1),
      style: LayoutStyle(font: CellFont(cellWidth: 1)),
      token: TruncationToken(token, target: .url("m")))
    #expect(truncated.isTruncated)
    #expect(truncated.shownLength < text.utf16.count)
    let range = try #require(truncated.tokenRange)
    #expect(range == NSRange(location: truncated.shownLength, length: token.utf16.count))
    if token.isEmpty {
      #expect(truncated.tokenLinkIndex == nil)
      #expect(truncated.layout.links.map(\.target) == [.url("a")])
    } else {
      #expect(truncated.tokenLinkIndex == truncated.layout.links.count - 1)
    }
  }

  /// A line of a font whose line height is `greatestFiniteMagnitude` sits at
  /// a saturated y: its links' rects ended at infinity (FuzzEditor).
  @Test func linkRectsOfAHugeFontAreFinite() {
    let text = "go www.a.org\nand www.b.org"
    let frame = TextFrame(
      text, container: TextContainer(width: 100),
      style: LayoutStyle(font: CellFont(cellWidth: 1, lineHeight: .greatestFiniteMagnitude)))
    let layout = LinkLayout(
      frame: frame, links: LinkDetector().links(in: text), origin: CGPoint(x: 5, y: 8))
    let rects = layout.rectsByLink.joined()
    #expect(!rects.isEmpty)
    #expect(rects.allSatisfy { $0.maxX.isFinite && $0.maxY.isFinite && $0.height.isFinite })
  }

  /// With `.gfm` rules a `www.` right after NEL is not at a paragraph's
  /// start, but the tracker detected the text after NEL as a paragraph of its
  /// own (FuzzLinks).
  @Test func gfmTrackerAfterNEL() {
    let detector = LinkDetector(urlRules: .gfm)
    var tracker = LinkTracker(detector: detector, utf16: Array("\u{85}".utf16))
    let text = Array("\u{85}www.example.com".utf16)
    tracker.replaceCharacters(
      in: NSRange(location: 1, length: 0), replacementLength: 15, newText: text)
    #expect(tracker.links == detector.links(utf16: text))
  }

  /// An infinite tolerance reaches a link from a point at
  /// `-greatestFiniteMagnitude` above the text: the lines to test were chosen
  /// by `y + tolerance`, which cancelled to a small number (FuzzLinks).
  @Test func infiniteToleranceFromFarAbove() {
    let text = "see x.co"
    let layout = LinkLayout(
      frame: TextFrame(text), links: LinkDetector().links(in: text), origin: CGPoint(x: 5, y: 8))
    let point = CGPoint(x: 0, y: -CGFloat.greatestFiniteMagnitude)
    #expect(layout.hit(at: point, tolerance: .infinity)?.linkIndex == 0)
    #expect(
      layout.hit(at: point, tolerance: .infinity)
        == layout.hitByScanning(at: point, tolerance: .infinity))
  }
}

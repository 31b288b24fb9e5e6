import Foundation
import Testing
import TextLinks

/// A font of 10 × 20 point cells, so positions read as points a UIKit view
/// would use and the default 10 pt tolerance is one cell.
let cellFont = CellFont(cellWidth: 10, lineHeight: 20)

func frame(_ text: String, width: CGFloat, lines: Int = 0, direction: Bidi.BaseDirection = .natural)
  -> TextFrame
{
  TextFrame(
    text, container: TextContainer(width: width, maximumNumberOfLines: lines),
    style: LayoutStyle(font: cellFont, direction: direction))
}

struct LayoutTests {
  @Test func aWrappedLinkHasOneRectPerLineCoveringExactlyItsClusters() {
    // "Read www.example.com/a-long-path today" 16 cells wide.
    let text = "Read www.example.com/path today"
    let laid = frame(text, width: 160)
    let links = LinkDetector().links(in: text)
    let layout = LinkLayout(frame: laid, links: links, origin: CGPoint(x: 0, y: 8))
    #expect(links.map { $0.text(in: text) } == ["www.example.com/path"])
    // Line 1 "Read " then the URL, which wraps: "www.example.com/" doesn't fit
    // after "Read ", so it starts line 2 and breaks after "/".
    let lines = laid.lineFragments.map { (text as NSString).substring(with: $0.range) }
    #expect(lines == ["Read ", "www.example.com/", "path today"])
    #expect(
      layout.rects(ofLink: 0) == [
        CGRect(x: 0, y: 28, width: 160, height: 20), CGRect(x: 0, y: 48, width: 40, height: 20),
      ])
    // Tapping "path" on line 3 hits the link; past "today" hits nothing.
    #expect(layout.hit(at: CGPoint(x: 15, y: 55))?.linkIndex == 0)
    #expect(layout.hit(at: CGPoint(x: 45, y: 55))?.isExact == false)
    #expect(layout.hit(at: CGPoint(x: 45, y: 55), tolerance: 0) == nil)
    // Past the end of line 1 ("Read "): no link on that line, and line 2 is
    // more than 10 pt away from y = 9.
    #expect(layout.hit(at: CGPoint(x: 150, y: 9)) == nil)
    #expect(layout.rects(ofLink: 1).isEmpty)
  }

  @Test func aPointPastALinesUsedWidthHitsNothingOnThatLine() {
    let text = "go a.org\nnext"
    let laid = frame(text, width: 300)
    let layout = LinkLayout(frame: laid, links: LinkDetector().links(in: text))
    #expect(layout.rects(ofLink: 0) == [CGRect(x: 30, y: 0, width: 50, height: 20)])
    #expect(layout.hit(at: CGPoint(x: 79, y: 10), tolerance: 0)?.linkIndex == 0)
    #expect(layout.hit(at: CGPoint(x: 80, y: 10), tolerance: 0) == nil)
    #expect(layout.hit(at: CGPoint(x: 200, y: 10)) == nil)
    // Past the line's end, a link within the tolerance is not hit either.
    #expect(layout.hit(at: CGPoint(x: 82, y: 10), tolerance: 10) == nil)
    #expect(layout.hit(at: CGPoint(x: 79, y: 10), tolerance: 10)?.isExact == true)
  }

  @Test func rightToLeftLinksCoverTheirClusters() {
    // Hebrew text around a URL and a hashtag in Hebrew.
    let text = "שלום example.com/a עולם #שלום סוף"
    let laid = frame(text, width: 1000, direction: .fixed(.rightToLeft))
    let links = LinkDetector().links(in: text)
    #expect(links.map(\.kind) == [.url, .hashtag])
    let layout = LinkLayout(frame: laid, links: links)
    for (index, link) in layout.links.enumerated() {
      #expect(layout.rects(ofLink: index) == laid.selectionRects(for: link.range))
      #expect(layout.rects(ofLink: index).count == 1)
    }
    // The URL shows left to right inside the right-to-left line: its rect is
    // right of the hashtag's (which comes later in the text).
    let url = layout.rects(ofLink: 0)[0]
    let tag = layout.rects(ofLink: 1)[0]
    #expect(url.minX > tag.maxX)
    #expect(layout.hit(at: CGPoint(x: url.midX, y: 10))?.linkIndex == 0)
    #expect(layout.hit(at: CGPoint(x: tag.midX, y: 10))?.linkIndex == 1)
  }

  @Test func aLinkAcrossBidiRunsHasARectPerRun() {
    let text = "abc שלום def"
    let laid = frame(text, width: 1000)
    let link = Link(range: NSRange(location: 0, length: 12), target: .url("x"))
    let layout = LinkLayout(frame: laid, links: [link])
    #expect(layout.rects(ofLink: 0).count == 3)
    #expect(layout.rects(ofLink: 0) == laid.selectionRects(for: link.range))
  }

  @Test func toleranceResolvesExactThenNearestThenEarlier() {
    // Two links one cell apart: "a.org b.org".
    let text = "a.org b.org"
    let layout = LinkLayout(frame: frame(text, width: 1000), links: LinkDetector().links(in: text))
    #expect(layout.links.count == 2)
    // In the gap (x 50–60): 3 pt from the first, 7 from the second.
    #expect(layout.hit(at: CGPoint(x: 53, y: 10))?.linkIndex == 0)
    #expect(layout.hit(at: CGPoint(x: 57, y: 10))?.linkIndex == 1)
    // Halfway: equally near, the earlier link wins.
    #expect(layout.hit(at: CGPoint(x: 55, y: 10))?.linkIndex == 0)
    // Exact beats nearer tolerance hits: inside the second link.
    #expect(layout.hit(at: CGPoint(x: 60, y: 10))?.isExact == true)
    #expect(layout.hit(at: CGPoint(x: 60, y: 10))?.linkIndex == 1)
    // Below the line, within and beyond the default tolerance (a quarter of
    // the 20-point line: 5 points) and a given one.
    #expect(layout.defaultTolerance == 5)
    #expect(layout.hit(at: CGPoint(x: 20, y: 24))?.linkIndex == 0)
    #expect(layout.hit(at: CGPoint(x: 20, y: 26)) == nil)
    #expect(layout.hit(at: CGPoint(x: 20, y: 29), tolerance: 10)?.linkIndex == 0)
    #expect(layout.hit(at: CGPoint(x: 20, y: 31), tolerance: 10) == nil)
    #expect(layout.hit(at: CGPoint(x: 20, y: 31), tolerance: 15)?.linkIndex == 0)
  }

  @Test func badPointsTolerancesAndScalesHaveDocumentedResults() {
    let text = "a.org"
    let layout = LinkLayout(
      frame: frame(text, width: 1000), links: LinkDetector().links(in: text),
      origin: CGPoint(x: CGFloat.nan, y: CGFloat.infinity))
    #expect(layout.origin == .zero)
    #expect(layout.hit(at: CGPoint(x: CGFloat.nan, y: 5)) == nil)
    #expect(layout.hit(at: CGPoint(x: 5, y: CGFloat.infinity)) == nil)
    #expect(layout.hit(at: CGPoint(x: 55, y: 5), tolerance: CGFloat.nan) == nil)
    #expect(layout.hit(at: CGPoint(x: 55, y: 5), tolerance: -3) == nil)
    #expect(layout.hit(at: CGPoint(x: 5000, y: 5000), tolerance: CGFloat.infinity)?.linkIndex == 0)
    // Another space: scale 2, offset (100, 50); a bad scale counts as 1.
    #expect(
      layout.rectsByLink(offset: CGPoint(x: 100, y: 50), scale: 2) == [
        [CGRect(x: 100, y: 50, width: 100, height: 40)]
      ])
    #expect(layout.rectsByLink(offset: CGPoint.zero, scale: CGFloat.nan) == layout.rectsByLink)
    #expect(layout.rectsByLink(offset: CGPoint.zero, scale: 0) == layout.rectsByLink)
    #expect(
      layout.hit(at: CGPoint(x: 190, y: 85), offset: CGPoint(x: 100, y: 50), scale: 2)?.linkIndex
        == 0)
    #expect(
      layout.hit(at: CGPoint(x: 215, y: 85), offset: CGPoint(x: 100, y: 50), scale: 2) == nil)
    // Empty text, no links.
    let empty = LinkLayout(frame: frame("", width: 100), links: [])
    #expect(empty.hit(at: CGPoint.zero) == nil)
    #expect(empty.rects(ofLink: 0).isEmpty)
  }

  @Test func truncationTokenIsRealTextWithItsOwnLink() {
    let text = "See www.example.com/page for the whole story of this text"
    let links = LinkDetector().links(in: text)
    let truncated = TruncatedLinkText(
      utf16: Array(text.utf16), links: links,
      container: TextContainer(width: 120, maximumNumberOfLines: 2),
      style: LayoutStyle(font: cellFont))
    #expect(truncated.isTruncated)
    let shown = truncated.frame.text
    #expect(shown.hasSuffix("\u{2026}more"))
    #expect(truncated.frame.lineFragments.count == 2)
    #expect(!truncated.frame.isTruncated)
    let token = truncated.tokenRange
    #expect(token.map { (shown as NSString).substring(with: $0) } == "\u{2026}more")
    let index = truncated.tokenLinkIndex
    #expect(index == truncated.layout.links.count - 1)
    #expect(
      truncated.layout.links.last?.target
        == .custom(CustomLinkTarget(name: "truncation", value: "more")))
    // Tapping the token hits it.
    let rect = truncated.layout.rects(ofLink: index ?? -1).last ?? .zero
    #expect(truncated.layout.hit(at: CGPoint(x: rect.midX, y: rect.midY))?.linkIndex == index)
    // The kept text is a prefix of the original, the URL cut with it.
    #expect(text.utf16.starts(with: shown.utf16.prefix(truncated.shownLength)))
    // Text that fits needs no token.
    let fits = TruncatedLinkText(
      utf16: Array("short a.org".utf16), links: LinkDetector().links(in: "short a.org"),
      container: TextContainer(width: 120, maximumNumberOfLines: 2),
      style: LayoutStyle(font: cellFont))
    #expect(!fits.isTruncated && fits.tokenLinkIndex == nil && fits.layout.links.count == 1)
  }

  @Test func aTokenWithItsOwnLinkTargetsIt() throws {
    var token = AttributedString(" Read more")
    token.link = URL(string: "https://example.org/full")
    let truncated = TruncatedLinkText(
      utf16: Array(String(repeating: "word ", count: 40).utf16), links: [],
      container: TextContainer(width: 200, maximumNumberOfLines: 1),
      style: LayoutStyle(font: cellFont, lineBreakMode: .truncateTail),
      token: TruncationToken(text: token, target: .url("unused")))
    #expect(truncated.layout.links.map(\.target) == [.url("https://example.org/full")])
    #expect(truncated.frame.text == "word word Read more")
  }
}

struct LargeInputTests {
  @Test func aLargeTextWithManyLinksHasDocumentedResults() {
    // 10 000 links in about 120 KB: every one found, laid out, hit at its centre.
    var text = ""
    for index in 0..<10_000 {
      text += index % 2 == 0 ? "see a\(index).org " : "@u\(index) "
      if index % 7 == 6 { text += "\n" }
    }
    let links = LinkDetector().links(in: text)
    #expect(links.count == 10_000)
    let laid = TextFrame(text, container: TextContainer(width: 40))
    let layout = LinkLayout(frame: laid, links: links)
    #expect(layout.rectsByLink.allSatisfy { !$0.isEmpty })
    for index in stride(from: 0, to: links.count, by: 997) {
      let rect = layout.rects(ofLink: index)[0]
      #expect(layout.hit(at: CGPoint(x: rect.midX, y: rect.midY))?.linkIndex == index)
    }
  }

  @Test func linksInTextALayoutHidesHaveNoRects() {
    let text = "first a.org line\nsecond b.org line\nthird c.org"
    let laid = TextFrame(
      text, container: TextContainer(width: 100, maximumNumberOfLines: 1),
      style: LayoutStyle(lineBreakMode: .truncateTail))
    let layout = LinkLayout(frame: laid, links: LinkDetector().links(in: text))
    #expect(layout.links.count == 3)
    #expect(layout.rects(ofLink: 0).count == 1)
    #expect(layout.rects(ofLink: 1).isEmpty && layout.rects(ofLink: 2).isEmpty)
    #expect(LinkAccessibility(layout: layout, utf16: Array(text.utf16)).all.map(\.linkIndex) == [0])
  }
}

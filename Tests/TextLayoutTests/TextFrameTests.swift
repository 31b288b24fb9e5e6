import Foundation
import Testing
import TextLayout

/// Ranges as (location, length) pairs, for readable expectations.
func pairs(_ frame: TextFrame) -> [[Int]] {
  frame.lineFragments.map { [$0.range.location, $0.range.length] }
}

@Suite("TextFrame: line breaking, alignment, rects")
struct TextFrameTests {
  @Test("The doc example")
  func docExample() {
    let frame = TextFrame("Hello wide world", container: TextContainer(width: 8))
    #expect(pairs(frame) == [[0, 6], [6, 5], [11, 5]])
    #expect(frame.usedSize == CGSize(width: 5, height: 3))
    #expect(frame.caretRect(at: 6).origin.y == 1)
    #expect(frame.offset(closestTo: CGPoint(x: 99, y: 0.5)) == 6)
  }

  @Test("Hard breaks: LF, CR LF, CR, U+2028, U+2029 each end a line")
  func hardBreaks() {
    let frame = TextFrame("a\nb\r\nc\rd\u{2028}e\u{2029}f")
    #expect(pairs(frame) == [[0, 2], [2, 3], [5, 2], [7, 2], [9, 2], [11, 1]])
    #expect(frame.lineFragments.map(\.endsParagraph) == Array(repeating: true, count: 6))
    #expect(frame.usedSize == CGSize(width: 1, height: 6))
  }

  @Test("A word wider than the container breaks between grapheme clusters")
  func longWord() {
    let frame = TextFrame("abcdefg hi", container: TextContainer(width: 3))
    #expect(pairs(frame) == [[0, 3], [3, 3], [6, 2], [8, 2]])
    // UAX #14 allows breaks on both sides of an emoji (LB31): no emergency break here.
    let emoji = TextFrame("ab👍🏽cd e", container: TextContainer(width: 3))
    #expect(pairs(emoji) == [[0, 2], [2, 4], [6, 3], [9, 1]])
  }

  @Test("Character wrap ignores word boundaries")
  func characterWrap() {
    let frame = TextFrame(
      "abc def", container: TextContainer(width: 2),
      style: LayoutStyle(lineBreakMode: .characterWrap))
    #expect(pairs(frame) == [[0, 2], [2, 2], [4, 2], [6, 1]])
  }

  @Test("Trailing spaces hang: they do not wrap the line or count in its width")
  func hangingSpaces() {
    let frame = TextFrame("abc    def", container: TextContainer(width: 3))
    #expect(pairs(frame) == [[0, 7], [7, 3]])
    #expect(frame.lineFragments[0].usedWidth == 3)
  }

  @Test("Alignment: left, right, center, natural in LTR and RTL, with padding")
  func alignment() {
    let container = TextContainer(width: 12, lineFragmentPadding: 1)
    func x(_ text: String, _ alignment: TextAlignment) -> CGFloat {
      TextFrame(text, container: container, style: LayoutStyle(alignment: alignment))
        .lineFragments[0].usedRect.minX
    }
    #expect(x("abcd", .left) == 1)
    #expect(x("abcd", .right) == 7)
    #expect(x("abcd", .center) == 4)
    #expect(x("abcd", .natural) == 1)
    #expect(x("\u{5D0}\u{5D1}\u{5D2}\u{5D3}", .natural) == 7)
    #expect(x("\u{5D0}\u{5D1}\u{5D2}\u{5D3}", .left) == 1)
  }

  @Test("Justified lines spread at their spaces; the last line does not")
  func justified() {
    let frame = TextFrame(
      "aa bb cc dd", container: TextContainer(width: 9), style: LayoutStyle(alignment: .justified))
    #expect(pairs(frame) == [[0, 9], [9, 2]])
    #expect(frame.lineFragments[0].usedRect.width == 9)
    #expect(frame.lineFragments[1].usedRect.width == 2)
    // "aa bb cc" is 8 wide: one extra point split over 2 spaces.
    let rects = frame.selectionRects(for: NSRange(location: 6, length: 2))
    #expect(rects == [CGRect(x: 7, y: 0, width: 2, height: 1)])
  }

  @Test("Maximum number of lines with tail, head and middle truncation")
  func truncation() {
    let text = "one two three four"
    func frame(_ mode: LineBreakMode) -> TextFrame {
      TextFrame(
        text, container: TextContainer(width: 9, maximumNumberOfLines: 1),
        style: LayoutStyle(lineBreakMode: mode))
    }
    let tail = frame(.truncateTail)
    #expect(tail.isTruncated)
    #expect(pairs(tail) == [[0, 18]])
    #expect(tail.lineFragments[0].truncation?.head == NSRange(location: 0, length: 7))
    #expect(tail.lineFragments[0].usedWidth == 8)
    let head = frame(.truncateHead)
    #expect(head.lineFragments[0].truncation?.tail == NSRange(location: 10, length: 8))
    let middle = frame(.truncateMiddle)
    #expect(middle.lineFragments[0].truncation?.head == NSRange(location: 0, length: 3))
    #expect(middle.lineFragments[0].truncation?.tail == NSRange(location: 14, length: 4))
    let wrapped = frame(.wordWrap)
    #expect(wrapped.isTruncated)
    #expect(pairs(wrapped) == [[0, 8]])
  }

  @Test("Clip keeps each paragraph on one line")
  func clip() {
    let frame = TextFrame(
      "abc def\nghi", container: TextContainer(width: 2), style: LayoutStyle(lineBreakMode: .clip))
    #expect(pairs(frame) == [[0, 8], [8, 3]])
  }

  @Test("Font runs: a line is as tall as its tallest font")
  func fontRuns() {
    let big = CellFont(cellWidth: 2, lineHeight: 3)
    let frame = TextFrame(
      "ab cd", container: TextContainer(width: 4),
      style: LayoutStyle(fontRuns: [FontRun(range: NSRange(location: 3, length: 2), font: big)]))
    #expect(pairs(frame) == [[0, 3], [3, 2]])
    #expect(frame.lineFragments[1].rect == CGRect(x: 0, y: 1, width: 4, height: 3))
    #expect(frame.lineFragments[1].usedWidth == 4)
  }

  @Test(
    "Bad geometry clamps, never traps",
    arguments: [CGFloat.nan, -5, .infinity, -.infinity, 0, .greatestFiniteMagnitude])
  func badWidths(_ width: CGFloat) {
    let frame = TextFrame(
      "ab 日本 👩‍👩‍👧",
      container: TextContainer(width: width, maximumNumberOfLines: -3, lineFragmentPadding: width),
      style: LayoutStyle(font: CellFont(cellWidth: width, lineHeight: width)))
    #expect(!frame.lineFragments.isEmpty)
    #expect(frame.usedSize.width.isFinite && frame.usedSize.height.isFinite)
    _ = frame.selectionRects(for: NSRange(location: -4, length: 100))
    _ = frame.selectionRects(for: NSRange(location: NSNotFound, length: 0))
    _ = frame.caretRect(at: 1_000, width: width)
    _ = frame.offset(closestTo: CGPoint(x: width, y: width))
  }

  @Test("Empty text: no lines, zero size, a caret at the origin")
  func empty() {
    let frame = TextFrame("")
    #expect(frame.lineFragments.isEmpty)
    #expect(frame.usedSize == .zero)
    #expect(frame.caretRect(at: 0) == CGRect(x: -0.5, y: 0, width: 1, height: 1))
    #expect(frame.offset(closestTo: CGPoint(x: 3, y: 3)) == 0)
    #expect(frame.lineIndex(containing: 0) == nil)
  }

  @Test("Caret after a final line feed is on a new line below")
  func caretAfterFinalBreak() {
    let frame = TextFrame("ab\n")
    #expect(frame.caretRect(at: 3).minY == 1)
    #expect(frame.offset(closestTo: CGPoint(x: 0, y: 1.5)) == 3)
  }

  @Test("Point to offset: grapheme aligned, past the end maps to the line's end")
  func hitTesting() {
    let frame = TextFrame("a👍🏽b\ncd", container: TextContainer(width: 10))
    #expect(frame.offset(closestTo: CGPoint(x: 0.4, y: 0)) == 0)
    #expect(frame.offset(closestTo: CGPoint(x: 1.9, y: 0)) == 1)
    #expect(frame.offset(closestTo: CGPoint(x: 2.1, y: 0)) == 5)
    #expect(frame.offset(closestTo: CGPoint(x: 50, y: 0)) == 6)
    #expect(frame.offset(closestTo: CGPoint(x: -5, y: 1.5)) == 7)
    #expect(frame.offset(closestTo: CGPoint(x: 50, y: 99)) == 9)
    #expect(frame.lineIndex(containing: 7) == 1)
    #expect(frame.lineIndex(containing: 6) == 0)
  }

  @Test("Caret inside a cluster snaps backward")
  func caretSnaps() {
    let frame = TextFrame("a👍🏽b")
    #expect(frame.caretRect(at: 3) == frame.caretRect(at: 1))
    #expect(frame.caretRect(at: 5).midX == 3)
  }

  @Test("Selection rects: one per line, none of zero width")
  func selectionRects() {
    let frame = TextFrame("abc def ghi", container: TextContainer(width: 4))
    let rects = frame.selectionRects(for: NSRange(location: 2, length: 7))
    #expect(
      rects == [
        CGRect(x: 2, y: 0, width: 2, height: 1),
        CGRect(x: 0, y: 1, width: 4, height: 1),
        CGRect(x: 0, y: 2, width: 1, height: 1),
      ])
    #expect(frame.selectionRects(for: NSRange(location: 3, length: 0)).isEmpty)
  }

  @Test("Right to left: visual runs, carets, hit-testing and selection in a mixed line")
  func rightToLeft() throws {
    // "abc אבג": the Hebrew run shows reversed at x 4..7.
    let frame = TextFrame("abc \u{5D0}\u{5D1}\u{5D2}")
    let runs = try #require(frame.visualRuns(ofLine: 0))
    #expect(
      runs.map(\.range) == [NSRange(location: 0, length: 4), NSRange(location: 4, length: 3)])
    #expect(runs.map(\.isRightToLeft) == [false, true])
    #expect(frame.caretRect(at: 4).midX == 7)  // before א: its right edge
    #expect(frame.caretRect(at: 6).midX == 5)
    #expect(frame.caretRect(at: 7).midX == 4)  // the end: after ג, at its left edge
    #expect(frame.offset(closestTo: CGPoint(x: 6.9, y: 0.5)) == 4)
    #expect(frame.offset(closestTo: CGPoint(x: 4.1, y: 0.5)) == 7)
    #expect(frame.offset(closestTo: CGPoint(x: 99, y: 0.5)) == 4)
    // A range over the run boundary: one rect per visual run.
    #expect(
      frame.selectionRects(for: NSRange(location: 2, length: 3)) == [
        CGRect(x: 2, y: 0, width: 2, height: 1), CGRect(x: 6, y: 0, width: 1, height: 1),
      ])
    // An RTL paragraph, right-aligned by `natural`, with an LTR number inside.
    let rtl = TextFrame("\u{5D0}\u{5D1} 12", container: TextContainer(width: 10))
    #expect(rtl.lineFragments[0].direction == .rightToLeft)
    #expect(rtl.lineFragments[0].usedRect.minX == 5)
    let rtlRuns = try #require(rtl.visualRuns(ofLine: 0))
    #expect(rtlRuns.map(\.isRightToLeft) == [false, true])
    #expect(rtlRuns.first?.rect.minX == 5)
    #expect(rtl.caretRect(at: 0).midX == 10)
  }

  @Test("A cluster whose code units take two bidi levels shows in its base's direction")
  func mixedLevelClusterCaret() throws {
    // "…؁ة8⃣\t" at width 4: the third line is U+0601 (AN, Prepend) + ة (AL),
    // one cluster at bidi levels 2 and 1, then 8⃣ (EN → AN, level 2) and a tab.
    // The cluster takes the level of its base ة (1, right to left), not of its
    // first code unit (it was drawn as a left-to-right run, and the offset
    // closest to the caret at 11 was 9).
    let frame = TextFrame(
      "PjlZdQX\u{601}\u{629}8\u{20E3}\t", container: TextContainer(width: 4))
    let runs = try #require(frame.visualRuns(ofLine: 2))
    #expect(runs.map(\.range.location) == [9, 7, 11])  // 8⃣ is drawn first
    #expect(runs.map(\.isRightToLeft) == [false, true, false])
    let clusters = try #require(frame.placedClusters(ofLine: 2))
    #expect(
      clusters.map(\.range) == [
        NSRange(location: 9, length: 2), NSRange(location: 7, length: 2),
        NSRange(location: 11, length: 1),
      ])
    #expect(clusters.map(\.direction) == [.leftToRight, .rightToLeft, .leftToRight])
    let caret = frame.caretRect(at: 11)
    #expect(frame.offset(closestTo: CGPoint(x: caret.midX, y: caret.midY)) == 11)
    for offset in [7, 9, 11, 12] {
      let caret = frame.caretRect(at: offset)
      let back = frame.offset(closestTo: CGPoint(x: caret.midX, y: caret.midY))
      #expect(frame.caretRect(at: back) == caret, "offset \(offset) → \(back)")
    }
  }

  @Test("Where the direction changes, a point at an offset's other place maps to the caret there")
  func caretAtADirectionBoundary() {
    // A right-to-left paragraph "نａ憄" (found by the caret property with
    // U+0601 before ن), right-aligned in 6 cells: ａ憄 is a left-to-right run
    // at x 1–5, left of ن at x 5–6. Offset 1, between ن and ａ, shows both
    // at the left edge of ن (x = 5, after ن) and at the left edge of ａ
    // (x = 1, before ａ); caretRect draws the second. The end of the text
    // (offset 3) has its caret at x = 5, so the point there maps to 3, not 1.
    let frame = TextFrame("\u{646}\u{FF41}\u{6184}", container: TextContainer(width: 6))
    #expect(frame.lineFragments.first?.direction == .rightToLeft)
    let end = frame.caretRect(at: 3)
    #expect(end.midX == 5)
    #expect(frame.caretRect(at: 1).midX == 1)
    #expect(frame.offset(closestTo: CGPoint(x: 5, y: 0.5)) == 3)
    #expect(frame.offset(closestTo: CGPoint(x: 5.4, y: 0.5)) == 3)
    #expect(frame.offset(closestTo: CGPoint(x: 5.6, y: 0.5)) == 0)
    #expect(frame.offset(closestTo: CGPoint(x: 1, y: 0.5)) == 1)
  }

  @Test("A prepended mark before a right-to-left letter joins the letter's run")
  func prependedMarkJoinsItsLettersRun() throws {
    // U+0600 (AN, level 2) + ا (AL, level 1) in left-to-right text.
    let frame = TextFrame("ab\u{600}\u{627}\u{628}cd")
    let clusters = try #require(frame.placedClusters(ofLine: 0))
    #expect(clusters.map(\.range.location) == [0, 1, 4, 2, 5, 6])
    #expect(clusters.map(\.isRightToLeft) == [false, false, true, true, false, false])
    #expect(clusters[2].runIndex == clusters[3].runIndex)
    #expect(
      frame.visualRuns(ofLine: 0)?.map(\.range) == [
        NSRange(location: 0, length: 2), NSRange(location: 2, length: 3),
        NSRange(location: 5, length: 2),
      ])
  }
}

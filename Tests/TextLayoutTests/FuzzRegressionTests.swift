import Foundation
import Testing
import TextLayout
import TextMetrics

/// Inputs the FuzzLayout target (Fuzz/) found breaking a documented promise,
/// each reduced to its smallest form.
@Suite("TextLayout fuzz regressions")
struct FuzzRegressionTests {
  @Test("Placed clusters' edges saturate at greatestFiniteMagnitude instead of reaching infinity")
  func placedEdgesSaturate() throws {
    let frame = TextFrame(
      "ab", style: LayoutStyle(font: CellFont(cellWidth: .greatestFiniteMagnitude)))
    let clusters = try #require(frame.placedClusters(ofLine: 0))
    #expect(clusters.count == 2)
    #expect(clusters.allSatisfy { $0.minX.isFinite && $0.maxX.isFinite })
    #expect(clusters.last?.maxX == .greatestFiniteMagnitude)
  }

  @Test("Visual run and selection rects spanning the largest finite coordinates have finite widths")
  func runAndSelectionWidthsSaturate() throws {
    let frame = TextFrame(
      "ab", container: TextContainer(width: 0),
      style: LayoutStyle(
        font: CellFont(cellWidth: .greatestFiniteMagnitude), alignment: .right,
        lineBreakMode: .clip))
    let runs = try #require(frame.visualRuns(ofLine: 0))
    #expect(runs.count == 1)
    #expect(runs.allSatisfy { $0.rect.width == .greatestFiniteMagnitude })
    let rects = frame.selectionRects(for: NSRange(location: 0, length: 2))
    #expect(!rects.isEmpty && rects.allSatisfy { $0.width.isFinite && $0.width > 0 })
  }

  @Test("A right-to-left line's hanging spaces of the largest finite advance keep carets finite")
  func rightToLeftHangingSpacesSaturate() throws {
    let frame = TextFrame(
      "\u{5D0}  ", container: TextContainer(width: 0),
      style: LayoutStyle(
        font: CellFont(cellWidth: .greatestFiniteMagnitude), alignment: .center,
        direction: .fixed(.rightToLeft), lineBreakMode: .clip))
    let clusters = try #require(frame.placedClusters(ofLine: 0))
    #expect(clusters.allSatisfy { $0.minX.isFinite && $0.maxX.isFinite })
    for offset in 0...frame.utf16.count {
      #expect(frame.caretRect(at: offset).minX.isFinite, "offset \(offset)")
    }
  }

  @Test("A caret of the largest finite width at the largest negative x stays finite")
  func wideCaretAtTheLeftEdgeSaturates() {
    let frame = TextFrame(
      "\u{5D0}", container: TextContainer(width: 0),
      style: LayoutStyle(
        font: CellFont(cellWidth: .greatestFiniteMagnitude), alignment: .right,
        direction: .fixed(.rightToLeft)))
    let caret = frame.caretRect(at: 1, width: .greatestFiniteMagnitude)
    #expect(caret.minX == -.greatestFiniteMagnitude)
    #expect(caret.width == .greatestFiniteMagnitude)
  }

  @Test("A truncated line's ellipsis stands for the paragraphs after it: carets and selection")
  func ellipsisHidesLaterParagraphs() throws {
    let frame = TextFrame(
      "abcdef\nxyz", container: TextContainer(width: 4, maximumNumberOfLines: 1),
      style: LayoutStyle(lineBreakMode: .truncateTail))
    let clusters = frame.placedClusters(ofLine: 0) ?? []
    let ellipsis = try #require(clusters.first { $0.isEllipsis })
    #expect(ellipsis.range == NSRange(location: 3, length: 3))
    for offset in [4, 7, 8, 9] {
      #expect(frame.caretRect(at: offset, width: 0).minX == ellipsis.minX, "offset \(offset)")
    }
    #expect(
      frame.selectionRects(for: NSRange(location: 8, length: 1)) == [
        CGRect(x: ellipsis.minX, y: 0, width: ellipsis.maxX - ellipsis.minX, height: 1)
      ])
  }

  @Test("A caret's midpoint at a right-to-left truncated line's ellipsis maps back to it")
  func ellipsisCaretRoundTrip() {
    let frame = TextFrame(
      "\u{101}word \u{2029}x", container: TextContainer(width: 4, maximumNumberOfLines: 1),
      style: LayoutStyle(
        alignment: .left, direction: .fixed(.rightToLeft), lineBreakMode: .truncateHead))
    #expect(frame.isTruncated)
    for offset in 0...frame.utf16.count {
      let caret = frame.caretRect(at: offset, width: 0)
      let back = frame.offset(closestTo: CGPoint(x: caret.midX, y: caret.midY))
      #expect(frame.caretRect(at: back, width: 0) == caret, "offset \(offset) → \(back)")
    }
  }

  @Test("A caret's midpoint at the ellipsis of a truncated empty paragraph maps back to it")
  func emptyParagraphEllipsisRoundTrip() {
    let frame = TextFrame(
      "\r\nab", container: TextContainer(width: 9, maximumNumberOfLines: 1),
      style: LayoutStyle(lineBreakMode: .truncateHead))
    #expect(frame.isTruncated)
    for offset in [0, 2, 3, 4] {
      let caret = frame.caretRect(at: offset, width: 0)
      let back = frame.offset(closestTo: CGPoint(x: caret.midX, y: caret.midY))
      #expect(frame.caretRect(at: back, width: 0) == caret, "offset \(offset) → \(back)")
    }
  }

  @Test("A font run whose location is far below 0 holds no cluster and does not trap")
  func fontRunFarBeforeTheText() {
    let style = LayoutStyle(fontRuns: [
      FontRun(range: NSRange(location: Int.min, length: 5), font: CellFont(cellWidth: 2))
    ])
    let frame = TextFrame("ab", style: style)
    #expect(frame.usedSize == CGSize(width: 2, height: 1))
  }

  @Test("Lines of the largest finite height stack with finite baselines and carets")
  func hugeLineHeightsSaturate() {
    let frame = TextFrame(
      "a\nb\n", style: LayoutStyle(font: CellFont(lineHeight: .greatestFiniteMagnitude)))
    #expect(frame.lineFragments.count == 2)
    #expect(frame.lineFragments.allSatisfy { $0.baseline.isFinite && $0.rect.minY.isFinite })
    let caret = frame.caretRect(at: 4)
    #expect(caret.minY.isFinite && caret.height.isFinite)
  }

  @Test("Text hidden by a line limit has its caret where the clusters end, on a justified line")
  func hiddenTextCaretOnJustifiedLine() {
    let frame = TextFrame(
      "aaa", container: TextContainer(width: 9, maximumNumberOfLines: 1),
      style: LayoutStyle(font: CellFont(cellWidth: 8, lineHeight: 16), alignment: .justified))
    #expect(frame.lineFragments.map(\.range) == [NSRange(location: 0, length: 1)])
    #expect(frame.caretRect(at: 2, width: 0).minX == 8)
    for offset in 0...3 {
      let caret = frame.caretRect(at: offset, width: 0)
      let back = frame.offset(closestTo: CGPoint(x: caret.midX, y: caret.midY))
      #expect(frame.caretRect(at: back, width: 0) == caret, "offset \(offset) → \(back)")
    }
  }

  @Test("An edit under font runs lays the text out as a fresh frame does")
  func editUnderFontRuns() {
    let style = LayoutStyle(fontRuns: [
      FontRun(range: NSRange(location: 4, length: 100), font: CellFont(cellWidth: 2))
    ])
    let container = TextContainer(width: 20)
    var frame = TextFrame("ab\ncdefgh", container: container, style: style)
    frame.replaceCharacters(in: NSRange(location: 0, length: 0), with: "xy")
    let fresh = TextFrame("xyab\ncdefgh", container: container, style: style)
    #expect(frame.lineFragments == fresh.lineFragments)
    #expect(frame.usedSize == fresh.usedSize)
  }
}

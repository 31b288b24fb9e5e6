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

  /// A font whose advances are NaN, negative, infinite or the largest finite
  /// number by the cluster's offset (as FuzzLayout's "wild" font).
  struct WildFont: FontMetrics {
    var pointSize: CGFloat = 0
    var lineHeight: CGFloat = -5
    var ascender: CGFloat = -4
    var descender: CGFloat = 299.5
    func advance(of cluster: MeasuredCluster, in text: String) -> CGFloat {
      switch cluster.range.location % 7 {
      case 0: return .nan
      case 1: return -1
      case 2: return .infinity
      case 3: return .greatestFiniteMagnitude
      default: return CGFloat(cluster.width) * 126.5 + CGFloat(cluster.range.length) / 4
      }
    }
  }

  @Test("Lines aligned in an unbounded container beside a line of infinite advance stay finite")
  func alignmentBesideAnInfiniteLineIsFinite() {
    // The widest line is infinitely wide: aligning the others against it made
    // their used rects start at +infinity (right) or NaN (∞ - ∞).
    let text =
      "a\u{0B}\u{5E9}\u{5DC}\u{5D5}\u{5DD}" + String(repeating: "\u{202F}", count: 51)
      + String(repeating: "\u{0B}", count: 6)
    for alignment in TextAlignment.allCases {
      let frame = TextFrame(
        text, container: TextContainer(width: .infinity, maximumNumberOfLines: 2),
        style: LayoutStyle(
          font: WildFont(), alignment: alignment, direction: .fixed(.rightToLeft),
          lineBreakMode: .truncateHead))
      #expect(frame.lineFragments.count == 2)
      for line in frame.lineFragments {
        for value in [
          line.rect.minX, line.rect.width, line.usedRect.minX, line.usedRect.width, line.usedWidth,
        ] {
          #expect(value.isFinite, "\(alignment): \(line)")
        }
      }
    }
  }

  @Test("The end of the text, hidden after a truncated line's tail, has its caret at the ellipsis")
  func endOfTextHiddenAfterTheTail() throws {
    // FuzzLayout (long run): the end of the text drew its caret after the
    // ellipsis, where no offset hit-tests back to it.
    let text =
      "a\u{5E9}\u{5DC}\u{5D5}\u{5DD}\r\n\u{20DD}" + String(repeating: "a", count: 41)
      + "\u{202F}!\u{CB}\"`"
    for alignment in [TextAlignment.center, .left, .right] {
      let frame = TextFrame(
        text,
        container: TextContainer(
          width: .infinity, maximumNumberOfLines: 1, lineFragmentPadding: 108),
        style: LayoutStyle(
          font: CellFont(cellWidth: 1, lineHeight: 1), alignment: alignment,
          direction: .firstStrong(fallback: .rightToLeft), lineBreakMode: .truncateTail))
      let placed = try #require(frame.placedClusters(ofLine: 0))
      let ellipsis = try #require(placed.first { $0.isEllipsis })
      let end = frame.utf16.count
      let caret = frame.caretRect(at: end, width: 0)
      #expect(caret.minX == ellipsis.minX, "\(alignment)")
      let back = frame.offset(closestTo: CGPoint(x: caret.midX, y: caret.midY))
      #expect(frame.caretRect(at: back, width: 0).minX == caret.minX, "\(alignment)")
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

  @Test("An edit among lines stacked past the largest finite y lays them out as a fresh frame does")
  func editAboveSaturatedLines() {
    // Every line after the first sits at y = greatestFiniteMagnitude and ends
    // at +infinity. An edit whose touched lines ended at +infinity moved the
    // later lines by (new bottom - infinity), to y = -infinity.
    let style = LayoutStyle(font: CellFont(lineHeight: .greatestFiniteMagnitude))
    var frame = TextFrame("a\nb\nc\nd", style: style)
    frame.replaceCharacters(in: NSRange(location: 2, length: 1), with: "x")
    let fresh = TextFrame("a\nx\nc\nd", style: style)
    #expect(frame.lineFragments == fresh.lineFragments)
    #expect(frame.lineFragments.allSatisfy { $0.rect.minY.isFinite && $0.baseline.isFinite })
    #expect(frame.usedSize == fresh.usedSize)
  }

  @Test("A caret in text a line limit hides snaps backward to a grapheme boundary")
  func caretSnapsUnderALineLimit() {
    // Issue 23: caretRect(at:) promises an offset "snapped backward to a
    // grapheme boundary"; under a line limit without truncation, an offset
    // inside the hidden 👍 took the hidden text's caret, not its start's.
    let frame = TextFrame(
      "a👍", container: TextContainer(width: 1, maximumNumberOfLines: 1),
      style: LayoutStyle(direction: .fixed(.rightToLeft), lineBreakMode: .characterWrap))
    #expect(frame.caretRect(at: 2) == frame.caretRect(at: 1))
    // And between a hard break's CR and LF, past the line's clusters.
    let crlf = TextFrame(
      "ab\r\ncd", style: LayoutStyle(direction: .fixed(.rightToLeft)))
    #expect(crlf.caretRect(at: 3) == crlf.caretRect(at: 2))
  }
}

/// Issue 31, item 12: a range that splits a cluster selects as the range
/// widened to whole clusters, also on a line a line limit truncates.
@Suite struct SelectionInsideAClusterTests {
  /// A proportional font: a cluster's cells times `scale`, plus a quarter
  /// point per UTF-16 code unit; 15-point lines.
  struct Proportional: FontMetrics {
    var scale: CGFloat
    var pointSize: CGFloat { 15 }
    var lineHeight: CGFloat { 15 }
    var ascender: CGFloat { 12 }
    var descender: CGFloat { -3 }
    func advance(of cluster: MeasuredCluster, in text: String) -> CGFloat {
      CGFloat(max(cluster.width, 0)) * scale + CGFloat(cluster.range.length) / 4
    }
  }

  @Test(arguments: [CGFloat(32), 64, 8])
  func aRangeInsideAFlagSelectsTheFlag(scale: CGFloat) {
    let text = String(repeating: "\u{1F1E6}\u{2029}", count: 5)
    let frame = TextFrame(
      text, container: TextContainer(width: .infinity, maximumNumberOfLines: 3),
      style: LayoutStyle(
        font: Proportional(scale: scale), direction: .fixed(.rightToLeft),
        lineBreakMode: .truncateHead))
    let widened = frame.selectionRects(for: NSRange(location: 6, length: 2))
    #expect(!widened.isEmpty)
    #expect(frame.selectionRects(for: NSRange(location: 7, length: 1)) == widened)
    #expect(frame.selectionRects(for: NSRange(location: 6, length: 1)) == widened)
    for location in 0..<text.utf16.count {
      for length in 1...3 where location + length <= text.utf16.count {
        let range = NSRange(location: location, length: length)
        let start = location % 3 == 1 ? location - 1 : location
        let end = (location + length) % 3 == 1 ? location + length + 1 : location + length
        let whole = NSRange(location: start, length: end - start)
        #expect(frame.selectionRects(for: range) == frame.selectionRects(for: whole), "\(range)")
      }
    }
  }
}

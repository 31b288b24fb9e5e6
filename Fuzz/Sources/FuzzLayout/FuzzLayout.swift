// Fuzz target: a `TextFrame` of arbitrary text in an arbitrary container and
// style, its queries at arbitrary points, offsets and ranges, and edits.
//
// The input chooses the text (a String, or UTF-16 with unpaired surrogates),
// the container (widths and padding from the CGFloat extremes, line limits 0,
// 1, a few, negative, Int.max, Int.min), the font (cell fonts, a proportional
// font, one whose advances and metrics are NaN, infinite or negative), font
// runs over arbitrary ranges, the alignment, the direction and the line break
// mode; then a sequence of queries and edits.
//
// Invariants: no trap; the lines tile the text from 0 to its end (a truncated
// last line runs to the end), start on grapheme boundaries, stack top to
// bottom and respect the line limit; every rect and x is finite; a line's
// placed clusters run left to right without gaps and cover its range; carets
// and hit-tests land on grapheme boundaries inside the text, on the line that
// holds the offset; a caret at an offset inside a cluster is the caret of the
// boundary before it, under every container (line limits, truncation, hard
// breaks); a caret's midpoint maps back to an offset whose caret is there; selection rects are not empty and lie on their lines; an edit by
// `replaceCharacters(in:with:)` gives the same lines as a fresh layout of the
// edited text.

import Foundation
import FuzzSupport
import TextLayout
import TextMetrics

/// A proportional font: a cluster's advance from its code units, optionally
/// wild (NaN, infinite, negative or huge advances for some clusters).
struct FuzzFont: FontMetrics {
  var pointSize: CGFloat
  var lineHeight: CGFloat
  var ascender: CGFloat
  var descender: CGFloat
  var scale: CGFloat
  var wild: Bool

  func advance(of cluster: MeasuredCluster, in text: String) -> CGFloat {
    if wild {
      switch cluster.range.location % 7 {
      case 0: return .nan
      case 1: return -1
      case 2: return .infinity
      case 3: return .greatestFiniteMagnitude
      default: break
      }
    }
    return CGFloat(cluster.width) * scale + CGFloat(cluster.range.length) / 4
  }
}

extension FuzzInput {
  mutating func font() -> any FontMetrics {
    switch byte() % 6 {
    case 0, 1: return CellFont.terminal
    case 2: return CellFont(cellWidth: cgFloat(), lineHeight: cgFloat(), ascender: cgFloat())
    case 3: return CellFont(cellWidth: 8, lineHeight: 16)
    case 4:
      return FuzzFont(
        pointSize: 12, lineHeight: CGFloat(1 + below(20)), ascender: 10, descender: -2,
        scale: CGFloat(below(17)) / 2, wild: false)
    default:
      return FuzzFont(
        pointSize: cgFloat(), lineHeight: cgFloat(), ascender: cgFloat(), descender: cgFloat(),
        scale: cgFloat(), wild: true)
    }
  }

  mutating func lineLimit() -> Int {
    switch byte() % 10 {
    case 0, 1, 2: return 0
    case 3: return 1
    case 4: return -1
    case 5: return Int.max
    case 6: return Int.min
    default: return 2 + below(6)
    }
  }

  mutating func containerWidth() -> CGFloat {
    switch byte() % 4 {
    case 0: return .infinity
    case 1: return CGFloat(below(40))
    default: return cgFloat()
    }
  }

  mutating func direction() -> Bidi.BaseDirection {
    switch byte() % 4 {
    case 0: return .fixed(.leftToRight)
    case 1: return .fixed(.rightToLeft)
    case 2: return .firstStrong(fallback: .leftToRight)
    default: return .firstStrong(fallback: .rightToLeft)
    }
  }
}

/// Set FUZZ_VERBOSE=1 to print the decoded input when reproducing a crash.
let verbose = ProcessInfo.processInfo.environment["FUZZ_VERBOSE"] != nil

/// Writes a line to standard error (unbuffered, so it shows before an abort).
func say(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let units = input.bool() ? input.utf16(maximumPieces: 16) : Array(input.text().utf16)
  let container = TextContainer(
    width: input.containerWidth(), maximumNumberOfLines: input.lineLimit(),
    lineFragmentPadding: input.byte() % 2 == 0 ? 0 : input.cgFloat())
  var runs: [FontRun] = []
  for _ in 0..<input.below(3) {
    runs.append(FontRun(range: input.range(near: units.count), font: input.font()))
  }
  let style = LayoutStyle(
    font: input.font(), fontRuns: runs, alignment: input.pick(TextAlignment.allCases),
    direction: input.direction(), lineBreakMode: input.pick(LineBreakMode.allCases))
  var frame = TextFrame(utf16: units, container: container, style: style)
  if verbose {
    say("text: \(units.map { String($0, radix: 16) })\n\(container)\n\(style)")
    say(frame.lineFragments.map { "\($0.range) \($0.rect) \($0.usedRect)" }.joined(separator: "\n"))
  }
  checkFrame(frame)
  for _ in 0..<12 where !input.isAtEnd {
    switch input.byte() % 8 {
    case 0:
      // An edit, then the same lines as a fresh layout of the edited text.
      let range = input.range(near: frame.utf16.count)
      let replacement = input.text(maximumPieces: 4)
      if verbose { say("replaceCharacters(in: \(range), with: \(replacement.debugDescription))") }
      frame.replaceCharacters(in: range, with: replacement)
      let fresh = TextFrame(utf16: frame.utf16, container: container, style: style)
      checkSameLayout(frame, fresh, "after replaceCharacters(in: \(range))")
      checkFrame(frame)
    case 1:
      let point = input.point()
      checkHitTest(frame, point)
    case 2:
      checkSelection(frame, input.range(near: frame.utf16.count))
    case 3:
      _ = frame.placedClusters(ofLine: input.offset(near: frame.lineFragments.count))
      _ = frame.visualRuns(ofLine: input.offset(near: frame.lineFragments.count))
    default:
      checkCaret(frame, input.offset(near: frame.utf16.count), width: input.cgFloat())
    }
  }
  return 0
}

// MARK: - The frame

func isFinite(_ rect: CGRect) -> Bool {
  [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].allSatisfy(\.isFinite)
}

/// The lines, their rects, their placed clusters and runs, and the carets of
/// a few offsets.
func checkFrame(_ frame: TextFrame) {
  let count = frame.utf16.count
  let lines = frame.lineFragments
  let boundaries = Graphemes.boundaries(utf16: frame.utf16.array)
  let limit = frame.container.clampedMaximumNumberOfLines
  fuzzCheck(lines.isEmpty == (count == 0), "\(lines.count) lines for \(count) units")
  fuzzCheck(limit == 0 || lines.count <= limit, "\(lines.count) lines, limit \(limit)")
  fuzzCheck(
    !frame.isTruncated || lines.count == limit, "truncated with \(lines.count) of \(limit) lines")
  var expected = 0
  var y: CGFloat = 0
  for (index, line) in lines.enumerated() {
    fuzzCheck(
      line.range.location == expected && line.range.length >= 0,
      "line \(index) range \(line.range), expected to start at \(expected)")
    fuzzCheck(
      boundaries.isBoundary(line.range.location),
      "line \(index) starts inside a cluster at \(line.range.location)")
    fuzzCheck(
      line.range.length > 0 || count == 0, "line \(index) is empty: \(line.range)")
    expected = NSMaxRange(line.range)
    fuzzCheck(
      isFinite(line.rect) && isFinite(line.usedRect) && line.baseline.isFinite
        && line.usedWidth.isFinite && line.usedWidth >= 0,
      "line \(index) not finite: \(line)")
    fuzzCheck(line.rect.minY == y, "line \(index) at y \(line.rect.minY), expected \(y)")
    fuzzCheck(line.rect.height >= 0, "line \(index) height \(line.rect.height)")
    y = line.rect.maxY.isFinite ? line.rect.maxY : .greatestFiniteMagnitude
    if line.truncation != nil {
      fuzzCheck(
        index == lines.count - 1 && frame.isTruncated, "line \(index) of \(lines.count) truncated")
    }
    // The placed clusters of the first and last lines (all of them cost O(lines × paragraph)).
    if index < 6 || index >= lines.count - 6 { checkPlacedClusters(frame, index) }
  }
  // A line limit without truncation shows a prefix of the text.
  let prefix = frame.isTruncated && lines.last?.truncation == nil
  fuzzCheck(
    expected == count || (prefix && expected < count), "lines end at \(expected), text at \(count)")
  let size = frame.usedSize
  fuzzCheck(
    size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0,
    "usedSize \(size)")
  fuzzCheck(frame.placedClusters(ofLine: -1) == nil, "placedClusters(ofLine: -1)")
  fuzzCheck(frame.placedClusters(ofLine: lines.count) == nil, "placedClusters past the end")
  fuzzCheck(frame.visualRuns(ofLine: lines.count) == nil, "visualRuns past the end")
  // Carets and their round trips: every boundary of short text, a few of long.
  let offsets = boundaries.offsets
  let stride = max(offsets.count / 24, 1)
  for index in Swift.stride(from: 0, to: offsets.count, by: stride) {
    checkCaret(frame, offsets[index], width: 0, boundaries: boundaries)
  }
  checkCaret(frame, count, width: 0, boundaries: boundaries)
}

func checkPlacedClusters(_ frame: TextFrame, _ index: Int) {
  let line = frame.lineFragments[index]
  guard let placed = frame.placedClusters(ofLine: index) else {
    fuzzCheck(false, "no placed clusters for line \(index)")
    return
  }
  var runIndex = 0
  for (k, cluster) in placed.enumerated() {
    fuzzCheck(
      cluster.minX.isFinite && cluster.maxX.isFinite && cluster.minX <= cluster.maxX,
      "line \(index) cluster \(k): \(cluster)")
    if k > 0 {
      let previous = placed[k - 1]
      fuzzCheck(
        cluster.minX == previous.maxX,
        "line \(index): gap before cluster \(k): \(previous), \(cluster)")
      fuzzCheck(
        cluster.runIndex == previous.runIndex || cluster.runIndex == previous.runIndex + 1,
        "line \(index): run index \(previous.runIndex) then \(cluster.runIndex)")
    } else {
      fuzzCheck(cluster.runIndex == 0, "line \(index): first run index \(cluster.runIndex)")
    }
    runIndex = cluster.runIndex
  }
  _ = runIndex
  // The clusters (and the ellipsis's hidden text) cover the line's range,
  // less the paragraph's hard break.
  let ranges = placed.map(\.range).sorted {
    ($0.location, $0.length) < ($1.location, $1.length)
  }
  var expected = line.range.location
  for range in ranges {
    fuzzCheck(
      range.location == expected,
      "line \(index) \(line.range): clusters \(ranges) do not tile it at \(expected)")
    expected = NSMaxRange(range)
  }
  // (The hard break that ends a paragraph is not listed; a truncated line
  // lists its clusters up to the end of its tail.)
  let end = NSMaxRange(line.range)
  var covered = end
  if let truncation = line.truncation {
    covered = NSMaxRange(truncation.tail)
  } else if line.endsParagraph, end > line.range.location, isHardBreak(frame.utf16[end - 1]) {
    let crlf =
      end - line.range.location >= 2 && frame.utf16[end - 1] == 0x0A
      && frame.utf16[end - 2] == 0x0D
    covered = end - (crlf ? 2 : 1)
  }
  fuzzCheck(
    expected == covered,
    "line \(index) \(line.range): clusters \(ranges) end at \(expected), expected \(covered)")
  if let runs = frame.visualRuns(ofLine: index) {
    for run in runs {
      fuzzCheck(
        isFinite(run.rect) && run.rect.width >= 0 && run.range.length > 0
          && run.range.location >= line.range.location && NSMaxRange(run.range) <= end,
        "line \(index) \(line.range): run \(run)")
    }
  } else {
    fuzzCheck(false, "no visual runs for line \(index)")
  }
}

/// LF, VT, FF, CR, NEL, U+2028, U+2029: the code units that end a paragraph.
func isHardBreak(_ unit: UInt16) -> Bool {
  (0x0A...0x0D).contains(unit) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
}

// MARK: - Queries

/// The caret at `offset`: finite, `width` wide (sanitized), on the line that
/// holds the offset; its midpoint maps back to an offset drawn there.
func checkCaret(
  _ frame: TextFrame, _ offset: Int, width: CGFloat, boundaries given: TextBoundaries? = nil
) {
  let count = frame.utf16.count
  let caret = frame.caretRect(at: offset, width: width)
  fuzzCheck(isFinite(caret), "caretRect(at: \(offset), width: \(width)) = \(caret)")
  let expectedWidth = width.isFinite && width > 0 ? width : 0
  fuzzCheck(
    caret.width == expectedWidth, "caretRect(at: \(offset), width: \(width)).width \(caret.width)")
  let clamped = min(max(offset, 0), count)
  // Carets snap under every container: an offset inside a cluster (on a
  // line, in a hard break, in text a line limit or a truncation hides) has
  // the caret of the boundary before it.
  let boundaries = given ?? Graphemes.boundaries(utf16: frame.utf16.array)
  let snapped = boundaries.snap(clamped, .backward)
  if snapped != clamped {
    let atBoundary = frame.caretRect(at: snapped, width: width)
    fuzzCheck(
      caret == atBoundary,
      "caretRect(at: \(offset)) = \(caret), inside a cluster; at the boundary \(snapped) before "
        + "it \(atBoundary); \(frame.container)")
  }
  if let index = frame.lineIndex(containing: offset) {
    let line = frame.lineFragments[index]
    fuzzCheck(
      line.range.location <= clamped
        && (clamped < NSMaxRange(line.range) || index == frame.lineFragments.count - 1),
      "lineIndex(containing: \(offset)) = \(index), \(line.range)")
    let belowLast = clamped == count && caret.minY == line.rect.maxY
    fuzzCheck(
      caret.minY == line.rect.minY || belowLast,
      "caretRect(at: \(offset)) at y \(caret.minY), line \(index) at \(line.rect.minY)")
    // Hidden text of a truncated line (also after its tail) maps to the
    // ellipsis (an offset inside a cluster by the boundary it snaps to).
    if let truncation = line.truncation, expectedWidth == 0,
      (snapped >= NSMaxRange(truncation.head) && snapped < truncation.tail.location)
        || (snapped > NSMaxRange(truncation.tail) && snapped < NSMaxRange(line.range)),
      let ellipsis = frame.placedClusters(ofLine: index)?.first(where: \.isEllipsis)
    {
      fuzzCheck(
        caret.minX == ellipsis.minX,
        "caretRect(at: \(offset)) at x \(caret.minX) in hidden text, the ellipsis at \(ellipsis.minX)"
      )
      let rects = frame.selectionRects(for: NSRange(location: snapped, length: 1))
      fuzzCheck(
        ellipsis.maxX == ellipsis.minX || rects.contains { $0.minX == ellipsis.minX },
        "selectionRects of hidden \(clamped) are \(rects), the ellipsis at \(ellipsis.minX)")
    }
  } else {
    fuzzCheck(frame.lineFragments.isEmpty, "lineIndex(containing: \(offset)) = nil")
  }
  // The documented round trip: a caret's midpoint maps to an offset whose caret is there.
  guard expectedWidth == 0, caret.height >= 1e-9, clamped == offset, snapped == offset
  else { return }
  // Carets closer than the floating-point resolution at their x cannot be told apart.
  if let index = frame.lineIndex(containing: offset),
    let placed = frame.placedClusters(ofLine: index),
    placed.contains(where: { $0.maxX > $0.minX && $0.maxX - $0.minX < max(abs($0.minX), 1) * 1e-9 })
  {
    return
  }
  let point = CGPoint(x: caret.midX, y: caret.midY)
  guard point.x.isFinite, point.y.isFinite, point.y < caret.maxY else { return }
  let back = frame.offset(closestTo: point)
  let again = frame.caretRect(at: back, width: 0)
  fuzzCheck(
    again.minX == caret.minX && again.minY == caret.minY,
    "caret at \(offset) is \(caret); offset(closestTo: \(point)) = \(back), whose caret is \(again)"
  )
}

/// `offset(closestTo:)` lands on a grapheme boundary inside the text.
func checkHitTest(_ frame: TextFrame, _ point: CGPoint) {
  let offset = frame.offset(closestTo: point)
  let count = frame.utf16.count
  fuzzCheck(offset >= 0 && offset <= count, "offset(closestTo: \(point)) = \(offset) of \(count)")
  fuzzCheck(
    Graphemes.boundaries(utf16: frame.utf16.array).isBoundary(offset),
    "offset(closestTo: \(point)) = \(offset) is inside a cluster")
  let caret = frame.caretRect(at: offset)
  fuzzCheck(isFinite(caret), "caret of the hit-test at \(point): \(caret)")
}

/// Selection rects: finite, not empty, each on a line; none for an empty range.
func checkSelection(_ frame: TextFrame, _ range: NSRange) {
  let rects = frame.selectionRects(for: range)
  let clamped = range.clamped(toLength: frame.utf16.count)
  if clamped.isEmpty {
    fuzzCheck(rects.isEmpty, "selectionRects(for: \(range)) of an empty range: \(rects)")
  }
  for rect in rects {
    fuzzCheck(
      isFinite(rect) && rect.width > 0, "selectionRects(for: \(range)) has \(rect)")
    fuzzCheck(
      frame.lineFragments.contains { $0.rect.minY == rect.minY && $0.rect.height == rect.height },
      "selection rect \(rect) is on no line")
  }
}

// MARK: - Edits

/// The same lines (ranges, rects, baselines, truncation) and used size.
func checkSameLayout(_ edited: TextFrame, _ fresh: TextFrame, _ what: String) {
  fuzzCheck(
    edited.lineFragments.count == fresh.lineFragments.count,
    "\(what): \(edited.lineFragments.count) lines, a fresh layout has \(fresh.lineFragments.count)"
  )
  // Geometry up to rounding: an edit moves later lines by the change in height.
  func close(_ a: CGFloat, _ b: CGFloat) -> Bool {
    a == b || (a.isFinite && b.isFinite && abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)))
  }
  func close(_ a: CGRect, _ b: CGRect) -> Bool {
    close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width)
      && close(a.height, b.height)
  }
  for (index, (a, b)) in zip(edited.lineFragments, fresh.lineFragments).enumerated() {
    fuzzCheck(
      a.range == b.range && a.truncation == b.truncation && a.direction == b.direction
        && a.endsParagraph == b.endsParagraph && a.usedWidth == b.usedWidth
        && close(a.rect, b.rect) && close(a.usedRect, b.usedRect) && close(a.baseline, b.baseline),
      "\(what): line \(index) is \(a), a fresh layout's is \(b)")
  }
  fuzzCheck(edited.isTruncated == fresh.isTruncated, "\(what): isTruncated")
  fuzzCheck(
    close(edited.usedSize.width, fresh.usedSize.width)
      && close(edited.usedSize.height, fresh.usedSize.height),
    "\(what): usedSize \(edited.usedSize), a fresh layout's \(fresh.usedSize)")
}

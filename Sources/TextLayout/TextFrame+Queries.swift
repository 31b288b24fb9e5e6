public import Foundation
import TextInputBase
import TextMetrics

/// A cluster (or a truncated line's ellipsis) where it shows on its line.
struct PlacedCluster {
  /// UTF-16 code units of the text; for an ellipsis, the hidden range.
  var range: Range<Int>
  var minX: CGFloat
  var maxX: CGFloat
  var isRightToLeft: Bool
  /// The index of its visual run in the line.
  var run: Int
  var isEllipsis = false

  /// The offset at its visual left edge.
  var leftOffset: Int { isRightToLeft ? range.upperBound : range.lowerBound }
  /// The offset at its visual right edge.
  var rightOffset: Int { isRightToLeft ? range.lowerBound : range.upperBound }
}

extension TextFrame {
  /// The index of the paragraph holding UTF-16 offset `offset` (the last one
  /// for the end of the text).
  func paragraphIndex(containing offset: Int) -> Int {
    paragraphs.lastIndexOfFirstPartition { $0.lowerBound <= offset }
  }

  /// Whether the text ends where a new, empty line would start (it is empty or
  /// ends with a hard break) and that line is shown.
  var hasTrailingEmptyLine: Bool {
    guard !isTruncated else { return false }
    guard let last = utf16.last else { return true }
    let maximum = container.clampedMaximumNumberOfLines
    return HardBreaks.isBreak(last) && (maximum == 0 || lineFragments.count < maximum)
  }

  /// The clusters of line `index` in visual order, left to right, with their x.
  ///
  /// - Complexity: O(p) in the length of the line's paragraph.
  func placedClusters(ofLine index: Int) -> [PlacedCluster] {
    let line = lineFragments[index]
    let paragraphRange = paragraphs[paragraphIndex(containing: line.range.location)]
    let measured = ParagraphMeasurer.measure(utf16, paragraphRange, fonts: fonts, style: style)
    let base = paragraphRange.lowerBound
    func clusterIndex(_ offset: Int) -> Int {
      measured.starts.lastIndexOfFirstPartition { $0 <= offset - base }
    }
    var bidi: BidiParagraph?
    if measured.needsBidi {
      bidi = Bidi.paragraph(utf16: Array(utf16[paragraphRange]), direction: style.direction)
    }
    func runs(_ first: Int, _ end: Int) -> [VisualRun] {
      guard end > first else { return [] }
      let local = NSRange(
        location: measured.starts[first], length: measured.starts[end] - measured.starts[first])
      if let bidi { return bidi.visualRuns(in: local) }
      return [VisualRun(range: local, isRightToLeft: false)]
    }
    var placed: [PlacedCluster] = []
    var x = line.usedRect.minX
    var runIndex = 0
    func place(_ run: VisualRun, extra: CGFloat, limit: Range<Int>, justifiedEnd: Int = 0) {
      var indices: [Int] = []
      var index = clusterIndex(base + run.range.location)
      if measured.starts[index] < run.range.location { index += 1 }
      while index < limit.upperBound, measured.starts[index] < NSMaxRange(run.range) {
        if index >= limit.lowerBound { indices.append(index) }
        index += 1
      }
      if run.isRightToLeft { indices.reverse() }
      for index in indices {
        var advance = measured.advances[index]
        if measured.isSpace[index], index < justifiedEnd { advance += extra }
        placed.append(
          PlacedCluster(
            range: (base + measured.starts[index])..<(base + measured.starts[index + 1]),
            minX: x, maxX: x + advance, isRightToLeft: run.isRightToLeft, run: runIndex))
        x += advance
      }
      runIndex += 1
    }
    let first = clusterIndex(line.range.location)
    if let truncation = line.truncation {
      let headEnd = clusterIndex(NSMaxRange(truncation.head))
      let tailStart = clusterIndex(truncation.tail.location)
      let tailEnd = clusterIndex(NSMaxRange(truncation.tail))
      let ellipsisWidth = ellipsisAdvance
      let hidden = NSMaxRange(truncation.head)..<truncation.tail.location
      let rtl = line.direction == .rightToLeft
      let pieces: [(Int, Int)] =
        rtl
        ? [(tailStart, tailEnd), (first, headEnd)]
        : [
          (first, headEnd), (tailStart, tailEnd),
        ]
      for (n, piece) in pieces.enumerated() {
        for run in runs(piece.0, piece.1) {
          place(run, extra: 0, limit: piece.0..<piece.1)
        }
        if n == 0 {
          placed.append(
            PlacedCluster(
              range: hidden, minX: x, maxX: x + ellipsisWidth, isRightToLeft: rtl, run: runIndex,
              isEllipsis: true))
          x += ellipsisWidth
          runIndex += 1
        }
      }
      return placed
    }
    let end = min(clusterIndex(NSMaxRange(line.range)), measured.contentCount)
    guard end > first else { return [] }
    var visibleEnd = end
    while visibleEnd > first, measured.hangs[visibleEnd - 1] { visibleEnd -= 1 }
    let hanging = (visibleEnd..<end).reduce(CGFloat(0)) { $0 + measured.advances[$1] }
    let (_, justified) = resolvedAlignment(line)
    var extra: CGFloat = 0
    if justified {
      let spaces = (first..<visibleEnd).filter { measured.isSpace[$0] }.count
      if spaces > 0 { extra = max(line.usedRect.width - line.usedWidth, 0) / CGFloat(spaces) }
    }
    if line.direction == .rightToLeft { x -= hanging }
    for run in runs(first, end) {
      place(run, extra: extra, limit: first..<end, justifiedEnd: visibleEnd)
    }
    return placed
  }

  /// The visual runs of line `index`, left to right, with their rects (UTF-16
  /// code units, points). Nil when `index` is not a line's index.
  ///
  /// - Complexity: O(p) in the length of the line's paragraph.
  public func visualRuns(ofLine index: Int) -> [PlacedRun]? {
    guard lineFragments.indices.contains(index) else { return nil }
    let line = lineFragments[index]
    var runs: [PlacedRun] = []
    for cluster in placedClusters(ofLine: index) {
      if let last = runs.last, runs.count - 1 == cluster.run {
        runs[runs.count - 1].run.range = NSUnionRange(
          last.range, NSRange(location: cluster.range.lowerBound, length: cluster.range.count))
        runs[runs.count - 1].rect.size.width = cluster.maxX - last.rect.minX
      } else {
        while runs.count < cluster.run {
          // A run without clusters: keep indices aligned.
          runs.append(
            PlacedRun(
              VisualRun(
                range: NSRange(location: cluster.range.lowerBound, length: 0),
                isRightToLeft: cluster.isRightToLeft),
              rect: CGRect(x: cluster.minX, y: line.rect.minY, width: 0, height: line.rect.height)))
        }
        runs.append(
          PlacedRun(
            VisualRun(
              range: NSRange(location: cluster.range.lowerBound, length: cluster.range.count),
              isRightToLeft: cluster.isRightToLeft),
            rect: CGRect(
              x: cluster.minX, y: line.rect.minY, width: cluster.maxX - cluster.minX,
              height: line.rect.height)))
      }
    }
    return runs.filter { $0.range.length > 0 }
  }

  /// The index of the line that holds UTF-16 offset `offset` (clamped to the
  /// text): the line whose range contains it, the last line for the end of the
  /// text. An offset where a soft-wrapped line ends belongs to the next line.
  /// Nil for empty text.
  ///
  /// - Complexity: O(log lines).
  public func lineIndex(containing offset: Int) -> Int? {
    guard !lineFragments.isEmpty else { return nil }
    let offset = min(max(offset, 0), utf16.count)
    return lineFragments.lastIndexOfFirstPartition { $0.range.location <= offset }
  }

  /// The rects that show `range` selected (UTF-16 code units): one per line
  /// and visual run it touches, none of zero width. The range is clamped to the
  /// text by `NSRange.clamped(toLength:)` (a location of `NSNotFound` or past
  /// the end selects nothing) and covers every cluster it touches, as if
  /// widened to grapheme boundaries. Hidden text of a
  /// truncated line selects the ellipsis.
  ///
  /// - Complexity: O(p) per line touched, p its paragraph's length.
  public func selectionRects(for range: NSRange) -> [CGRect] {
    let clamped = range.clamped(toLength: utf16.count)
    let (start, end) = (clamped.lowerBound, clamped.upperBound)
    guard end > start, let first = lineIndex(containing: start),
      let last = lineIndex(containing: end - 1)
    else { return [] }
    var rects: [CGRect] = []
    for index in first...last {
      let line = lineFragments[index]
      var current: (run: Int, minX: CGFloat, maxX: CGFloat)?
      func flush() {
        if let current, current.maxX > current.minX {
          rects.append(
            CGRect(
              x: current.minX, y: line.rect.minY, width: current.maxX - current.minX,
              height: line.rect.height))
        }
      }
      for cluster in placedClusters(ofLine: index) {
        let touches =
          cluster.range.isEmpty
          ? cluster.range.lowerBound >= start && cluster.range.lowerBound < end
          : cluster.range.lowerBound < end && cluster.range.upperBound > start
        guard touches else { continue }
        if let open = current, open.run == cluster.run, open.maxX == cluster.minX {
          current = (open.run, open.minX, cluster.maxX)
        } else {
          flush()
          current = (cluster.run, cluster.minX, cluster.maxX)
        }
      }
      flush()
    }
    return rects
  }

  /// The caret at UTF-16 offset `offset`: a rect `width` points wide centred
  /// on the cluster edge where text inserted there would appear, the line's
  /// height. The offset is clamped to the text and snapped backward to a
  /// grapheme boundary; a NaN, infinite or negative `width` is 0. An offset in
  /// text a truncated line hides maps to the ellipsis. After a final hard
  /// break (or in empty text) the caret is on a new line below the last.
  ///
  /// - Complexity: O(p) in the length of the offset's paragraph.
  public func caretRect(at offset: Int, width: CGFloat = 1) -> CGRect {
    let width = width.isFinite && width > 0 ? width : 0
    let offset = min(max(offset, 0), utf16.count)
    if offset == utf16.count, hasTrailingEmptyLine {
      let y = lineFragments.last?.rect.maxY ?? 0
      let x = emptyLineX()
      return CGRect(x: x - width / 2, y: y, width: width, height: fonts.lineHeight[0])
    }
    guard let index = lineIndex(containing: offset) else { return .zero }
    let line = lineFragments[index]
    let placed = placedClusters(ofLine: index)
    var x: CGFloat
    if let cluster = placed.first(where: {
      $0.isEllipsis ? $0.range.contains(offset) : $0.range.lowerBound == offset
    }) {
      x = cluster.isEllipsis || !cluster.isRightToLeft ? cluster.minX : cluster.maxX
    } else if let cluster = placed.first(where: { $0.range.contains(offset) && !$0.isEllipsis }) {
      // Inside a cluster: snap backward to its start.
      x = cluster.isRightToLeft ? cluster.maxX : cluster.minX
    } else if let cluster = placed.first(where: { $0.range.upperBound == offset }) {
      x = cluster.isRightToLeft ? cluster.minX : cluster.maxX
    } else {
      x = line.direction == .leftToRight ? line.usedRect.minX : line.usedRect.maxX
      if placed.isEmpty == false, offset >= NSMaxRange(line.range) - 1 {
        x = line.direction == .leftToRight ? line.usedRect.maxX : line.usedRect.minX
      }
    }
    return CGRect(x: x - width / 2, y: line.rect.minY, width: width, height: line.rect.height)
  }

  /// The x of a caret on an empty line, by the alignment.
  func emptyLineX() -> CGFloat {
    let direction: LayoutDirection
    switch style.direction {
    case .fixed(let fixed): direction = fixed
    case .firstStrong(let fallback): direction = fallback
    }
    let width = alignmentWidth
    let padding = container.clampedPadding
    let alignment: TextAlignment =
      style.alignment == .natural || style.alignment == .justified
      ? (direction == .leftToRight ? .left : .right) : style.alignment
    switch alignment {
    case .right: return padding + width
    case .center: return padding + width / 2
    default: return padding
    }
  }

  /// The grapheme boundary (UTF-16 code units) closest to `point`: the line
  /// at the point's y (the first or last line above or below the text), then
  /// the nearer edge of the cluster under its x. A point past either end of a
  /// line maps to the offset at that visual end of its visible clusters (for a
  /// left-to-right line, past the right edge: the end of its last visible
  /// cluster, before trailing spaces that wrapped it, so the caret stays on
  /// that line). Below a final hard break, the end of the text.
  /// NaN coordinates count as 0.
  ///
  /// - Complexity: O(log lines + p), p the length of the line's paragraph.
  public func offset(closestTo point: CGPoint) -> Int {
    let px = point.x.isNaN ? 0 : point.x
    let py = point.y.isNaN ? 0 : point.y
    guard let lastLine = lineFragments.last else { return 0 }
    if py >= lastLine.rect.maxY, hasTrailingEmptyLine { return utf16.count }
    let index = min(
      lineFragments.partitioningIndex { $0.rect.maxY > py }, lineFragments.count - 1)
    let line = lineFragments[index]
    let placed = placedClusters(ofLine: index)
    for cluster in placed where px >= cluster.minX && px < cluster.maxX {
      let left = px < (cluster.minX + cluster.maxX) / 2
      return left ? cluster.leftOffset : cluster.rightOffset
    }
    // Past an end: the offset at that visual end of the clusters that show.
    let shown = placed.filter { $0.maxX > $0.minX }
    guard let leftmost = shown.first, let rightmost = shown.last else {
      return line.range.location
    }
    return px <= leftmost.minX ? leftmost.leftOffset : rightmost.rightOffset
  }
}

import Foundation
import TextMetrics

/// Places the clusters of one line, left to right: the visual runs of a range
/// of clusters in turn, each run's clusters in its direction, and on a
/// truncated line the ellipsis between the head and the tail.
///
/// A cluster goes in the run that holds its base (its first code point that
/// is not Prepend): the bidi algorithm resolves levels per code point, and a
/// prepended mark such as U+0601 can take another level than the letter it
/// joins, so that the cluster's code units fall in two runs. Placing it by its
/// base shows it, and reports it, in its letter's direction.
///
/// Offsets are UTF-16 code units of the frame's text; x is in points.
struct LinePlacer {
  let paragraph: ShapedParagraph
  /// The frame's text (for the clusters' bases).
  let units: UTF16Buffer
  /// The clusters placed so far, left to right.
  private(set) var placed: [PlacedCluster] = []
  /// The left edge of the next cluster.
  var x: CGFloat
  private var runIndex = 0

  init(_ paragraph: ShapedParagraph, units: UTF16Buffer, x: CGFloat) {
    self.paragraph = paragraph
    self.units = units
    self.x = x
  }

  private var measured: MeasuredParagraph { paragraph.measured }

  /// The index of the cluster holding text offset `offset` (the last one for
  /// the paragraph's end).
  ///
  /// - Complexity: O(log clusters).
  func clusterIndex(_ offset: Int) -> Int {
    let local = offset - measured.range.lowerBound
    return measured.starts.lastIndexOfFirstPartition { $0 <= local }
  }

  /// Places clusters `clusters` (indices in the paragraph) run by run; a space
  /// before cluster `justifiedEnd` gets `extra` points more.
  ///
  /// - Complexity: O(k log k) in the number of clusters (ICU's line runs).
  mutating func place(_ clusters: Range<Int>, extra: CGFloat = 0, justifiedEnd: Int = 0) {
    guard !clusters.isEmpty else { return }
    placed.reserveCapacity(placed.count + clusters.count)
    let local = NSRange(
      location: measured.starts[clusters.lowerBound],
      length: measured.starts[clusters.upperBound] - measured.starts[clusters.lowerBound])
    guard let bidi = paragraph.bidi else {
      placeRun(Array(clusters), direction: .leftToRight, extra: extra, justifiedEnd: justifiedEnd)
      return
    }
    for run in bidi.visualRuns(in: local) {
      var indices: [Int] = []
      var index = clusterIndex(measured.range.lowerBound + run.range.location)
      while index < clusters.upperBound, measured.starts[index] < NSMaxRange(run.range) {
        if index >= clusters.lowerBound, NSLocationInRange(localBase(of: index), run.range) {
          indices.append(index)
        }
        index += 1
      }
      if run.isRightToLeft { indices.reverse() }
      placeRun(
        indices, direction: run.isRightToLeft ? .rightToLeft : .leftToRight, extra: extra,
        justifiedEnd: justifiedEnd)
    }
  }

  /// Places the ellipsis standing for `hidden` (text offsets), `width` points
  /// wide, as a run of its own.
  mutating func placeEllipsis(hiding hidden: Range<Int>, width: CGFloat, direction: LayoutDirection)
  {
    placed.append(
      PlacedCluster(
        range: NSRange(location: hidden.lowerBound, length: hidden.count), minX: x,
        maxX: (x + width).saturated, direction: direction, runIndex: runIndex, isEllipsis: true))
    x = (x + width).saturated
    runIndex += 1
  }

  /// The offset of cluster `index`'s base, relative to the paragraph.
  private func localBase(of index: Int) -> Int {
    let start = measured.starts[index]
    guard measured.starts[index + 1] - start > 1 else { return start }
    let from = measured.range.lowerBound + start
    let to = measured.range.lowerBound + measured.starts[index + 1]
    // (The cluster's slice of the text, not a copy: one per cluster placed.)
    return Graphemes.baseOffset(ofCluster: from..<to, in: units)
      - measured.range.lowerBound
  }

  /// Places the clusters `indices` (in visual order) as one run.
  private mutating func placeRun(
    _ indices: [Int], direction: LayoutDirection, extra: CGFloat, justifiedEnd: Int
  ) {
    guard !indices.isEmpty else { return }
    let base = measured.range.lowerBound
    for index in indices {
      var advance = measured.advances[index]
      if measured.isSpace(index), index < justifiedEnd { advance += extra }
      let start = base + measured.starts[index]
      placed.append(
        PlacedCluster(
          range: NSRange(
            location: start, length: measured.starts[index + 1] - measured.starts[index]),
          minX: x, maxX: (x + advance).saturated, direction: direction, runIndex: runIndex))
      x = (x + advance).saturated
    }
    runIndex += 1
  }
}

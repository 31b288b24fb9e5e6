import Foundation
import TextInputBase

/// Where the caret of each offset of one line is drawn, from the line's placed
/// clusters: the one rule behind `TextFrame.caretRect(at:)` and the hit-test
/// that maps a point back to an offset whose caret is there.
///
/// An offset's caret is at the edge where text inserted there would appear:
/// the leading edge of the cluster that starts there (the ellipsis, for hidden
/// text), else the leading edge of the cluster it falls inside, else the
/// trailing edge of the cluster that ends there, else an end of the line.
/// Offsets are UTF-16 code units of the text; x is in points.
struct LineCarets {
  let line: LineFragment
  let placed: [PlacedCluster]
  /// The placed index of the ellipsis.
  private var ellipsis: Int?
  /// The placed indices of the clusters (not the ellipsis) in logical order:
  /// their ranges do not overlap, so starts and ends both ascend.
  private var logical: [Int] = []

  /// - Complexity: O(k + r log r) in the number of clusters k and of runs
  ///   of logically adjacent clusters r (a line's visual runs, about), O(k
  ///   log k) when those runs are not enough to order the clusters.
  init(line: LineFragment, placed: [PlacedCluster]) {
    self.line = line
    self.placed = placed
    logical.reserveCapacity(placed.count)
    for (index, cluster) in placed.enumerated() {
      if cluster.isEllipsis {
        if ellipsis == nil { ellipsis = index }
      } else {
        logical.append(index)
      }
    }
    let ascending = { (a: Int, b: Int) in placed[a].range.location < placed[b].range.location }
    if zip(logical, logical.dropFirst()).allSatisfy(ascending) { return }
    if zip(logical, logical.dropFirst()).allSatisfy({ ascending($1, $0) }) {
      logical.reverse()
    } else if let merged = Self.joiningRuns(logical, placed) {
      logical = merged
    } else {
      logical.sort(by: ascending)
    }
  }

  /// The placed indices `visual` (clusters, left to right) in logical
  /// order, found by cutting them into runs of clusters that follow each
  /// other in the text (each ascending, or descending, then reversed) and
  /// ordering the runs by their starts; nil unless the result's starts
  /// strictly ascend (the only order a sort can give then).
  ///
  /// - Complexity: O(k + r log r) in the clusters and the runs.
  private static func joiningRuns(_ visual: [Int], _ placed: [PlacedCluster]) -> [Int]? {
    var runs: [Range<Int>] = []
    var start = 0
    while start < visual.count {
      var end = start + 1
      let follows = { (a: PlacedCluster, b: PlacedCluster) in
        NSMaxRange(a.range) == b.range.location
      }
      if end < visual.count, follows(placed[visual[start]], placed[visual[end]]) {
        while end < visual.count, follows(placed[visual[end - 1]], placed[visual[end]]) {
          end += 1
        }
      } else {
        while end < visual.count, follows(placed[visual[end]], placed[visual[end - 1]]) {
          end += 1
        }
      }
      runs.append(start..<end)
      start = end
    }
    // Each run's first cluster in logical order: its left end when it
    // ascends (or holds one cluster), else its right end.
    let first = { (run: Range<Int>) -> Int in
      run.count > 1
        && placed[visual[run.lowerBound]].range.location
          > placed[visual[run.lowerBound + 1]].range.location
        ? visual[run.upperBound - 1] : visual[run.lowerBound]
    }
    runs.sort { placed[first($0)].range.location < placed[first($1)].range.location }
    var logical: [Int] = []
    logical.reserveCapacity(visual.count)
    for run in runs {
      if run.count > 1, first(run) != visual[run.lowerBound] {
        logical.append(contentsOf: visual[run].reversed())
      } else {
        logical.append(contentsOf: visual[run])
      }
    }
    for (a, b) in zip(logical, logical.dropFirst())
    where placed[a].range.location >= placed[b].range.location {
      return nil
    }
    return logical
  }

  /// The x of the caret at `offset`.
  ///
  /// - Complexity: O(log k).
  func x(at offset: Int) -> CGFloat {
    if let ellipsis, placed[ellipsis].bounds.contains(offset) || hidesPastTail(offset) {
      return placed[ellipsis].minX
    }
    // The last cluster starting at or before the offset: the one starting
    // there or holding it (snap backward to its start), else maybe the one
    // ending there.
    var ending: Int?
    if !logical.isEmpty {
      let index = logical[logical.lastIndexOfFirstPartition { placed[$0].range.location <= offset }]
      let cluster = placed[index]
      if cluster.bounds.contains(offset) {
        return cluster.isRightToLeft ? cluster.maxX : cluster.minX
      }
      if NSMaxRange(cluster.range) == offset { ending = index }
    }
    if let ellipsis, NSMaxRange(placed[ellipsis].range) == offset {
      ending = min(ending ?? ellipsis, ellipsis)
    }
    if let ending {
      let cluster = placed[ending]
      return cluster.isRightToLeft ? cluster.minX : cluster.maxX
    }
    // Past the clusters (text a line limit hides): the trailing end of the
    // clusters, where the caret after the last of them is (a justified line
    // without spaces does not reach its used rect's end).
    if let first = placed.first, let last = placed.last, offset >= NSMaxRange(line.range) - 1 {
      return line.direction == .leftToRight ? last.maxX : first.minX
    }
    return line.direction == .leftToRight ? line.usedRect.minX : line.usedRect.maxX
  }

  /// The end of the line's clusters (not the ellipsis) in logical order, a
  /// grapheme boundary; nil when the line has none.
  var clustersEnd: Int? {
    logical.last.map { NSMaxRange(placed[$0].range) }
  }

  /// Whether `offset` is in the text a truncated line hides after its tail:
  /// the hard break of its paragraph and the paragraphs after it, up to and
  /// including the end of the text (a truncated line is the last line).
  func hidesPastTail(_ offset: Int) -> Bool {
    guard let truncation = line.truncation else { return false }
    return offset > NSMaxRange(truncation.tail) && offset <= NSMaxRange(line.range)
  }

  /// The clusters' starts and ends (and the ellipsis's hidden text's), in
  /// logical order: the offsets a hit-test may return.
  var clusterBounds: [Int] {
    let bounds = logical.flatMap { [placed[$0].range.location, NSMaxRange(placed[$0].range)] }
    guard let ellipsis else { return bounds }
    // The hidden text's start, whose caret is at the ellipsis, and its end.
    let hidden = placed[ellipsis].range
    return (bounds + [hidden.location, NSMaxRange(hidden)]).sorted()
  }
}

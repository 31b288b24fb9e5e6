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
  /// The placed index of the cluster starting at each offset (not the ellipsis).
  private var byStart: [Int: Int] = [:]
  /// The placed index of the first cluster (or ellipsis) ending at each offset.
  private var byEnd: [Int: Int] = [:]
  /// The placed index of the ellipsis.
  private var ellipsis: Int?
  /// The placed indices of the clusters (not the ellipsis) in logical order.
  private var logical: [Int] = []

  /// - Complexity: O(k log k) in the number of clusters.
  init(line: LineFragment, placed: [PlacedCluster]) {
    self.line = line
    self.placed = placed
    for (index, cluster) in placed.enumerated() {
      if byEnd[NSMaxRange(cluster.range)] == nil { byEnd[NSMaxRange(cluster.range)] = index }
      if cluster.isEllipsis {
        if ellipsis == nil { ellipsis = index }
      } else {
        if byStart[cluster.range.location] == nil { byStart[cluster.range.location] = index }
        logical.append(index)
      }
    }
    logical.sort { placed[$0].range.location < placed[$1].range.location }
  }

  /// The x of the caret at `offset`.
  ///
  /// - Complexity: O(log k).
  func x(at offset: Int) -> CGFloat {
    if let ellipsis, placed[ellipsis].bounds.contains(offset) { return placed[ellipsis].minX }
    if let start = byStart[offset] {
      let cluster = placed[start]
      return cluster.isRightToLeft ? cluster.maxX : cluster.minX
    }
    let holder = logical.lastIndexOfFirstPartition { placed[$0].range.location <= offset }
    if logical.indices.contains(holder), placed[logical[holder]].bounds.contains(offset) {
      // Inside a cluster: snap backward to its start.
      let cluster = placed[logical[holder]]
      return cluster.isRightToLeft ? cluster.maxX : cluster.minX
    }
    if let end = byEnd[offset] {
      let cluster = placed[end]
      return cluster.isRightToLeft ? cluster.minX : cluster.maxX
    }
    if !placed.isEmpty, offset >= NSMaxRange(line.range) - 1 {
      return line.direction == .leftToRight ? line.usedRect.maxX : line.usedRect.minX
    }
    return line.direction == .leftToRight ? line.usedRect.minX : line.usedRect.maxX
  }

  /// The clusters' starts and ends, in logical order: the offsets a hit-test
  /// may return.
  var clusterBounds: [Int] {
    logical.flatMap { [placed[$0].range.location, NSMaxRange(placed[$0].range)] }
  }
}

public import Foundation

/// A grapheme cluster where it shows on its line: its advance box.
///
/// Offsets are **UTF-16 code units**; geometry is in **points**, in the
/// frame's coordinates (padding applied, origin top-left, y down).
public struct ClusterBox: Hashable, Sendable {
  /// The cluster's text; for a truncated line's ellipsis, the hidden text.
  public var range: NSRange
  /// Its advance box: from its left to its right edge, the line's height.
  public var rect: CGRect
  /// Whether it shows right to left.
  public var isRightToLeft: Bool
  /// The index of its visual run in the line, left to right.
  public var runIndex: Int
  /// Whether it is the ellipsis of a truncated line.
  public var isEllipsis: Bool

  /// Creates a cluster box.
  public init(
    range: NSRange, rect: CGRect, isRightToLeft: Bool, runIndex: Int, isEllipsis: Bool = false
  ) {
    self.range = range
    self.rect = rect
    self.isRightToLeft = isRightToLeft
    self.runIndex = runIndex
    self.isEllipsis = isEllipsis
  }
}

extension TextFrame {
  /// The clusters of line `index` in visual order, left to right, each with
  /// its advance box (what a tap on the line hits: the cluster whose box
  /// contains the point's x, not the nearest caret offset). Trailing spaces
  /// that hang past the line's end are included; a point past the last box
  /// is past the line's used width. Nil when `index` is not a line's index.
  ///
  /// - Complexity: O(p) in the length of the line's paragraph.
  public func clusterBoxes(ofLine index: Int) -> [ClusterBox]? {
    guard lineFragments.indices.contains(index) else { return nil }
    let line = lineFragments[index]
    return placedClusters(ofLine: index).map { cluster in
      ClusterBox(
        range: NSRange(location: cluster.range.lowerBound, length: cluster.range.count),
        rect: CGRect(
          x: cluster.minX, y: line.rect.minY, width: cluster.maxX - cluster.minX,
          height: line.rect.height),
        isRightToLeft: cluster.isRightToLeft, runIndex: cluster.run,
        isEllipsis: cluster.isEllipsis)
    }
  }
}

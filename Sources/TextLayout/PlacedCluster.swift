public import Foundation
public import TextMetrics

/// A grapheme cluster where it shows on its line: its text, its left and
/// right edges, and the visual run it belongs to (or, on a truncated line,
/// the ellipsis that stands for the hidden text).
///
/// Offsets and ranges are **UTF-16 code units** of the frame's text; `minX`
/// and `maxX` are **points** in the frame's coordinates, the same as the
/// line's `usedRect`. `TextFrame.placedClusters(ofLine:)` lists a line's
/// clusters left to right.
///
/// ```swift
/// let frame = TextFrame("ab שלום")
/// let clusters = frame.placedClusters(ofLine: 0) ?? []
/// clusters.map(\.range.location)   // [0, 1, 2, 6, 5, 4, 3]
/// clusters.map(\.minX)             // [0, 1, 2, 3, 4, 5, 6]
/// clusters[3].direction            // .rightToLeft
/// ```
public struct PlacedCluster: Hashable, Sendable {
  /// The cluster's range, in UTF-16 code units of the text; for the ellipsis,
  /// the hidden text (possibly empty).
  public var range: NSRange
  /// Its left edge, in points.
  public var minX: CGFloat
  /// Its right edge, in points: `minX` plus its advance (plus the extra room
  /// of a justified line's space), saturating at `greatestFiniteMagnitude`.
  /// Equal to `minX` for a cluster that takes no room, such as a control
  /// character.
  public var maxX: CGFloat
  /// The direction its run shows in: a right-to-left cluster's logical start
  /// is its right edge.
  public var direction: LayoutDirection
  /// The index of its visual run among the line's, counted from 0 at the
  /// left; the ellipsis is a run of its own. Clusters of one run are
  /// consecutive and share the index.
  public var runIndex: Int
  /// Whether this is a truncated line's ellipsis rather than a cluster of
  /// the text.
  public var isEllipsis: Bool

  /// Creates a placed cluster.
  public init(
    range: NSRange, minX: CGFloat, maxX: CGFloat, direction: LayoutDirection, runIndex: Int,
    isEllipsis: Bool = false
  ) {
    self.range = range
    self.minX = minX
    self.maxX = maxX
    self.direction = direction
    self.runIndex = runIndex
    self.isEllipsis = isEllipsis
  }

  /// Whether the cluster shows right to left.
  public var isRightToLeft: Bool { direction == .rightToLeft }

  /// The offset at its visual left edge, in UTF-16 code units.
  var leftOffset: Int { isRightToLeft ? NSMaxRange(range) : range.location }
  /// The offset at its visual right edge, in UTF-16 code units.
  var rightOffset: Int { isRightToLeft ? range.location : NSMaxRange(range) }
  /// The range as offsets.
  var bounds: Range<Int> { range.location..<NSMaxRange(range) }
}

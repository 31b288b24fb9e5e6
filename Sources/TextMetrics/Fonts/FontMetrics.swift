public import Foundation

/// What layout needs to know of a font. Lengths are in **points** (CGFloat),
/// y down as in UIKit; `descender` is negative (below the baseline), as
/// `UIFont.descender` is.
///
/// The default is `CellFont`, which is exact for terminals and for tests.
public protocol FontMetrics: Sendable {
  /// The nominal size in points.
  var pointSize: CGFloat { get }
  /// The distance between two baselines, in points.
  var lineHeight: CGFloat { get }
  /// The height above the baseline, in points.
  var ascender: CGFloat { get }
  /// The depth below the baseline, in points, as a negative number.
  var descender: CGFloat { get }
  /// The advance of one grapheme cluster of `text`, in points.
  ///
  /// `cluster.width` is its display width in cells (see `DisplayWidth`); a cell
  /// font multiplies it, a proportional font may read the cluster's text.
  /// Must be finite and non-negative.
  func advance(of cluster: MeasuredCluster, in text: String) -> CGFloat
  /// Whether `advance(of:in:)` reads only the cluster's own code units (and
  /// its `width`), never the text around it: then a line can be measured
  /// and placed in pieces that start on cluster boundaries, so that a long
  /// line is laid out around an edit or a view and not whole. False by
  /// default; `CellFont` is true.
  var advancesDependOnClusterAlone: Bool { get }
}

extension FontMetrics {
  /// False: a font's advances may read the text around a cluster (kerning,
  /// shaping) unless it says otherwise.
  public var advancesDependOnClusterAlone: Bool { false }
}

/// A monospaced cell font: a cluster's advance is its display width in cells ×
/// `cellWidth`.
///
/// ```swift
/// let font = CellFont(cellWidth: 8, lineHeight: 16)
/// font.advance(of: Graphemes.clusters(in: "日")[0], in: "日")  // 16
/// ```
public struct CellFont: FontMetrics, Hashable {
  /// Points per cell, horizontally.
  public let cellWidth: CGFloat
  public let lineHeight: CGFloat
  public let ascender: CGFloat
  public let descender: CGFloat
  public let pointSize: CGFloat

  /// Creates a cell font.
  ///
  /// Bad values are clamped, never trapped on: a NaN, infinite or negative
  /// `cellWidth` or `lineHeight` becomes 1; the ascender defaults to 80 % of the
  /// line height and the descender to minus the rest; the point size defaults
  /// to the line height.
  public init(
    cellWidth: CGFloat = 1, lineHeight: CGFloat = 1, ascender: CGFloat? = nil,
    pointSize: CGFloat? = nil
  ) {
    let width = Self.sanitize(cellWidth)
    let height = Self.sanitize(lineHeight)
    let ascent = min(Self.sanitize(ascender ?? height * 0.8, fallback: height * 0.8), height)
    self.cellWidth = width
    self.lineHeight = height
    self.ascender = ascent
    self.descender = -(height - ascent)
    self.pointSize = Self.sanitize(pointSize ?? height, fallback: height)
  }

  /// One point per cell and per line: terminal coordinates.
  public static let terminal = CellFont()

  /// True: an advance is the cluster's width × `cellWidth`.
  public var advancesDependOnClusterAlone: Bool { true }

  public func advance(of cluster: MeasuredCluster, in text: String) -> CGFloat {
    CGFloat(max(cluster.width, 0)) * cellWidth
  }

  /// The advance of a whole string, in points: its display width × `cellWidth`.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public func advance(of text: String, options: WidthOptions = .standard) -> CGFloat {
    CGFloat(DisplayWidth.width(in: text, options: options)) * cellWidth
  }

  private static func sanitize(_ value: CGFloat, fallback: CGFloat = 1) -> CGFloat {
    value.isFinite && value >= 0 ? value : fallback
  }
}

public import Foundation

/// Insets in points, as `UIEdgeInsets`: `{top, left, bottom, right}`.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
  /// Points from the top edge.
  public var top: CGFloat
  /// Points from the left edge.
  public var left: CGFloat
  /// Points from the bottom edge.
  public var bottom: CGFloat
  /// Points from the right edge.
  public var right: CGFloat

  /// Creates insets (points).
  public init(top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No insets.
  public static let zero = EdgeInsets()

  /// Insets that grow a rect by `points` on every side (negative values, as
  /// `UIEdgeInsetsInsetRect` reads them). The named constructors say which way
  /// a rect moves, so the sign cannot be misread:
  ///
  /// ```swift
  /// EdgeInsets.outset(by: 10)   // {-10, -10, -10, -10}: 10 pt more on every side
  /// EdgeInsets.inset(by: 4)     // {4, 4, 4, 4}: 4 pt less on every side
  /// ```
  public static func outset(by points: CGFloat) -> EdgeInsets {
    outset(top: points, left: points, bottom: points, right: points)
  }

  /// Insets that grow a rect by the given points on each side.
  public static func outset(
    top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0
  ) -> EdgeInsets {
    EdgeInsets(top: -top, left: -left, bottom: -bottom, right: -right)
  }

  /// Insets that shrink a rect by `points` on every side.
  public static func inset(by points: CGFloat) -> EdgeInsets {
    EdgeInsets(top: points, left: points, bottom: points, right: points)
  }

  /// Whether all four values are finite.
  public var isFinite: Bool {
    top.isFinite && left.isFinite && bottom.isFinite && right.isFinite
  }

  /// `rect` shrunk by the insets (grown by negative ones), exactly as
  /// `UIEdgeInsetsInsetRect` whenever the result is not empty, whatever the
  /// signs: x = `minX + left`, width = `width - left - right` (and the same
  /// vertically). Where the insets leave no room on an axis (two opposite
  /// insets add up to more than the rect's size), the result is empty on it,
  /// at the far edge of the first inset, and so never leaves `rect` when that
  /// inset is not negative (a `left` larger than the width gives an empty rect
  /// on the right edge; a `right` larger than it, one on the left edge). The
  /// package's one rect inset: every module insets through it.
  ///
  /// ```swift
  /// EdgeInsets(top: 0, left: 4, bottom: 0, right: 4)
  ///   .inset(CGRect(x: 0, y: 0, width: 6, height: 2))  // {4, 0, 0, 2}
  /// EdgeInsets(top: -8, left: 5, bottom: -3, right: -8)
  ///   .inset(CGRect(x: 0, y: 0, width: 4, height: 4))  // {5, -8, 7, 15}
  /// ```
  public func inset(_ rect: CGRect) -> CGRect {
    let horizontal = Self.axis(rect.minX, rect.maxX, left, right)
    let vertical = Self.axis(rect.minY, rect.maxY, top, bottom)
    return CGRect(
      x: horizontal.start, y: vertical.start, width: horizontal.length, height: vertical.length)
  }

  /// One axis of `inset(_:)`: from `minimum + lead` to `maximum - trail`, or
  /// empty at `min(minimum + lead, maximum)` when that is no room.
  private static func axis(
    _ minimum: CGFloat, _ maximum: CGFloat, _ lead: CGFloat, _ trail: CGFloat
  )
    -> (start: CGFloat, length: CGFloat)
  {
    let start = minimum + lead
    let length = (maximum - trail) - start
    if length >= 0 { return (start, length) }
    return (Swift.min(start, maximum), 0)
  }

  /// A copy with NaN or infinite values replaced by 0.
  public var sanitized: EdgeInsets {
    EdgeInsets(
      top: top.finiteOrZero, left: left.finiteOrZero, bottom: bottom.finiteOrZero,
      right: right.finiteOrZero)
  }

  /// `{top, left, bottom, right}`, as `NSStringFromUIEdgeInsets`.
  public var description: String {
    "{\(top.configurationText), \(left.configurationText), "
      + "\(bottom.configurationText), \(right.configurationText)}"
  }
}

/// Insets in points whose horizontal edges follow the reading direction, as
/// `NSDirectionalEdgeInsets`: `{top, leading, bottom, trailing}`.
///
/// ```swift
/// let insets = DirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 10)
/// insets.resolved(for: .rightToLeft)  // {0, 10, 0, 4}
/// ```
public struct DirectionalEdgeInsets: Hashable, Sendable, CustomStringConvertible {
  /// Points from the top edge.
  public var top: CGFloat
  /// Points from the leading edge (left in LTR, right in RTL).
  public var leading: CGFloat
  /// Points from the bottom edge.
  public var bottom: CGFloat
  /// Points from the trailing edge (right in LTR, left in RTL).
  public var trailing: CGFloat

  /// Creates directional insets (points).
  public init(
    top: CGFloat = 0, leading: CGFloat = 0, bottom: CGFloat = 0, trailing: CGFloat = 0
  ) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// No insets.
  public static let zero = DirectionalEdgeInsets()

  /// The left/right insets these are in `direction`.
  public func resolved(for direction: LayoutDirection) -> EdgeInsets {
    switch direction {
    case .leftToRight:
      return EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
    case .rightToLeft:
      return EdgeInsets(top: top, left: trailing, bottom: bottom, right: leading)
    }
  }

  /// `{top, leading, bottom, trailing}`.
  public var description: String {
    "{\(top.configurationText), \(leading.configurationText), "
      + "\(bottom.configurationText), \(trailing.configurationText)}"
  }
}

extension CGFloat {
  /// The value, or 0 when it is NaN or infinite.
  var finiteOrZero: CGFloat { isFinite ? self : 0 }

  /// The number as configuration prints it (see `ConfigurationValue.number`).
  var configurationText: String { Double(self).configurationText }
}

extension Double {
  /// Integral values up to 2^53 print without a fraction (`5`, `-12`); others
  /// print Swift's shortest round-tripping form (`0.5`, `1e+20`).
  var configurationText: String {
    if self == rounded(), Swift.abs(self) < 9_007_199_254_740_992 {
      return self == 0 ? "0" : String(Int64(self))
    }
    return description
  }
}

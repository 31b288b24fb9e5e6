public import Foundation
public import TextInputBase

/// Edge insets of a hit area, in points, with the sign of
/// `UIEdgeInsetsInsetRect`: a positive value moves an edge inwards (shrinks the
/// area), a negative one outwards (grows it).
///
/// The sign is the one thing every library that enlarges touch areas gets
/// differently, so build them with the named constructors, which cannot be
/// misread:
///
/// ```swift
/// HitEdgeInsets.outset(by: 10)        // {-10, -10, -10, -10}: 10 pt more on every side
/// HitEdgeInsets.inset(by: 4)          // {4, 4, 4, 4}: 4 pt less on every side
/// HitEdgeInsets.outset(top: 0, left: 12, bottom: 0, right: 12)  // {0, -12, 0, -12}
/// HitEdgeInsets.outset(by: 10).apply(to: CGRect(x: 0, y: 0, width: 20, height: 20))
/// // {{-10, -10}, {40, 40}}
/// ```
public struct HitEdgeInsets: Hashable, Sendable, CustomStringConvertible {
  /// Points the top edge moves down (negative: up).
  public var top: CGFloat
  /// Points the left edge moves right (negative: left).
  public var left: CGFloat
  /// Points the bottom edge moves up (negative: down).
  public var bottom: CGFloat
  /// Points the right edge moves left (negative: right).
  public var right: CGFloat

  /// Creates insets with `UIEdgeInsetsInsetRect`'s sign (positive shrinks).
  /// Prefer `outset(by:)` and `inset(by:)`, which name the direction.
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No change.
  public static let zero = HitEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

  /// Grows the area by `points` on every side.
  public static func outset(by points: CGFloat) -> HitEdgeInsets {
    outset(top: points, left: points, bottom: points, right: points)
  }

  /// Grows the area by the given points on each side.
  public static func outset(
    top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0
  ) -> HitEdgeInsets {
    HitEdgeInsets(top: -top, left: -left, bottom: -bottom, right: -right)
  }

  /// Shrinks the area by `points` on every side.
  public static func inset(by points: CGFloat) -> HitEdgeInsets {
    inset(top: points, left: points, bottom: points, right: points)
  }

  /// Shrinks the area by the given points on each side.
  public static func inset(
    top: CGFloat = 0, left: CGFloat = 0, bottom: CGFloat = 0, right: CGFloat = 0
  ) -> HitEdgeInsets {
    HitEdgeInsets(top: top, left: left, bottom: bottom, right: right)
  }

  /// The same insets as TextInputBase's `EdgeInsets` (the same sign:
  /// `UIEdgeInsetsInsetRect`'s).
  public init(_ insets: EdgeInsets) {
    self.init(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right)
  }

  /// These insets as TextInputBase's `EdgeInsets` (for configuration).
  public var edgeInsets: EdgeInsets {
    EdgeInsets(top: top, left: left, bottom: bottom, right: right)
  }

  /// Whether all four values are finite.
  public var isFinite: Bool {
    top.isFinite && left.isFinite && bottom.isFinite && right.isFinite
  }

  /// `rect` moved in by the insets, as `UIEdgeInsetsInsetRect` (a negative
  /// rect size is first standardized, as `CGRect.contains` reads it).
  /// Insets that meet or cross — a width or height ≤ 0 — give `CGRect.null`,
  /// which contains no point; so do NaN or infinite insets.
  public func apply(to rect: CGRect) -> CGRect {
    guard isFinite else { return .null }
    let rect = rect.standardized
    let width = rect.width - left - right
    let height = rect.height - top - bottom
    guard width > 0, height > 0 else { return .null }
    return CGRect(x: rect.minX + left, y: rect.minY + top, width: width, height: height)
  }

  /// `{top, left, bottom, right}`, as `NSStringFromUIEdgeInsets`.
  public var description: String {
    "{" + [top, left, bottom, right].map(GeometryText.number).joined(separator: ", ") + "}"
  }

  /// Parses `{top, left, bottom, right}` (spaces optional), as
  /// `UIEdgeInsetsFromString` reads it; nil for anything else or a NaN or
  /// infinite value.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public init?(text: String) {
    guard let insets = (try? ConfigurationValue(parsing: text, as: .insets))?.insetsValue else {
      return nil
    }
    self.init(insets)
  }
}

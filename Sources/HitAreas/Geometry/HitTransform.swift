public import Foundation

/// An affine transform of the plane, as `CGAffineTransform`: a point `(x, y)`
/// maps to `(a·x + c·y + tx, b·x + d·y + ty)`. Units are points, UIKit
/// coordinates (origin top-left, y down), so a positive rotation turns
/// clockwise on screen.
///
/// A view's transform applies about its centre, as UIKit's default anchor point
/// (see `HitView`).
///
/// ```swift
/// HitTransform.rotation(.pi / 2).apply(to: CGPoint(x: 1, y: 0))  // (≈0, 1)
/// HitTransform.scale(x: 2, y: 3).inverted                         // [0.5, 0, 0, 0.333…, 0, 0]
/// HitTransform.scale(x: 0, y: 1).inverted                         // nil: singular
/// HitTransform(text: "[1, 0, 0, 1, 5, -2]")                        // a translation by (5, -2)
/// ```
public struct HitTransform: Hashable, Sendable, CustomStringConvertible {
  /// The x scale/rotation component.
  public var a: CGFloat
  /// The y shear/rotation component of the x axis.
  public var b: CGFloat
  /// The x shear/rotation component of the y axis.
  public var c: CGFloat
  /// The y scale/rotation component.
  public var d: CGFloat
  /// The x translation, in points.
  public var tx: CGFloat
  /// The y translation, in points.
  public var ty: CGFloat

  /// Creates a transform from its six components (translations in points).
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that changes nothing.
  public static let identity = HitTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A translation by `x`, `y` points.
  public static func translation(x: CGFloat, y: CGFloat) -> HitTransform {
    HitTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// A scale by `x` and `y` (factors; 0 makes the transform singular).
  public static func scale(x: CGFloat, y: CGFloat) -> HitTransform {
    HitTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }

  /// A rotation by `radians`, clockwise on screen (y down), as
  /// `CGAffineTransform(rotationAngle:)`.
  public static func rotation(_ radians: CGFloat) -> HitTransform {
    let cosine = cos(radians)
    let sine = sin(radians)
    return HitTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// `self` followed by `other`, as `CGAffineTransform.concatenating(_:)`.
  public func concatenating(_ other: HitTransform) -> HitTransform {
    HitTransform(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d,
      c: c * other.a + d * other.c, d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
  }

  /// `point` (points) mapped by the transform.
  public func apply(to point: CGPoint) -> CGPoint {
    CGPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
  }

  /// `a·d − b·c`: 0 for a singular transform.
  public var determinant: CGFloat { a * d - b * c }

  /// Whether all six components are finite.
  public var isFinite: Bool {
    a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
  }

  /// The inverse, or nil when there is none: the transform is singular (its
  /// determinant is 0, e.g. a scale by 0), has a NaN or infinite component, or
  /// its inverse would.
  public var inverted: HitTransform? {
    let det = determinant
    guard isFinite, det != 0, det.isFinite else { return nil }
    let inverse = HitTransform(
      a: d / det, b: -b / det, c: -c / det, d: a / det,
      tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    return inverse.isFinite ? inverse : nil
  }

  /// `[a, b, c, d, tx, ty]`, as `NSStringFromCGAffineTransform`.
  public var description: String {
    "[" + [a, b, c, d, tx, ty].map(GeometryText.number).joined(separator: ", ") + "]"
  }

  /// Parses `[a, b, c, d, tx, ty]` (spaces optional), as
  /// `CGAffineTransformFromString` writes it; nil for anything else or a NaN
  /// or infinite component.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public init?(text: String) {
    guard let values = GeometryText.numberList(text), values.count == 6 else { return nil }
    self.init(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
  }
}

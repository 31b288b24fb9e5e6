public import Foundation

/// Where a view takes touches, in its own coordinates (points, origin at the
/// bounds' origin, y down): the union of
///
/// - its bounds, moved by `insets` (`UIEdgeInsetsInsetRect`'s sign: build them
///   with `EdgeInsets.outset(by:)` to grow, `.inset(by:)` to shrink), unless
///   `includesBounds` is false;
/// - `extraRects`, the swizzled category's `hitTestExpandRects`;
/// - a rect of at least `minimumSize`, centred on the bounds
///   (`HitArea.appleMinimumSize`, 44 × 44; `HitArea.materialMinimumSize`, 48 × 48);
/// - `shapes`;
///
/// less every point of `exclusions`.
///
/// ```swift
/// var area = HitArea(insets: .outset(by: 10))
/// let bounds = CGRect(x: 0, y: 0, width: 24, height: 24)
/// area.contains(CGPoint(x: -8, y: 12), bounds: bounds)   // true: within 10 pt
/// area = HitArea(minimumSize: HitArea.appleMinimumSize)
/// area.contains(CGPoint(x: -9, y: 12), bounds: bounds)   // true: 44 wide, centred
/// area = HitArea(includesBounds: false, shapes: [.circle(center: CGPoint(x: 12, y: 12), radius: 12)])
/// area.contains(CGPoint(x: 1, y: 1), bounds: bounds)     // false: the corner is off the circle
/// ```
///
/// Bad values have documented results and never trap: a point or bounds with
/// a NaN or infinite number is never contained; insets that meet or cross
/// leave no inset bounds; a NaN, infinite or negative minimum size is 0 (no
/// minimum-size rect); bad shapes are as `HitShape` documents.
public struct HitArea: Hashable, Sendable {
  /// Apple's minimum touch target, 44 × 44 points (Human Interface Guidelines).
  public static let appleMinimumSize = CGSize(width: 44, height: 44)
  /// Material Design's minimum touch target, 48 × 48 points (dp).
  public static let materialMinimumSize = CGSize(width: 48, height: 48)

  /// Just the bounds: UIKit's own `pointInside:withEvent:`.
  public static let bounds = HitArea()

  /// Whether the (inset) bounds are part of the area. False for a view whose
  /// shape alone takes touches (a round button).
  public var includesBounds: Bool
  /// Moves the bounds' edges, with `UIEdgeInsetsInsetRect`'s sign (negative grows).
  public var insets: EdgeInsets
  /// More rects, in the view's coordinates (points), as the category's
  /// `hitTestExpandRects`.
  public var extraRects: [CGRect]
  /// The smallest area centred on the bounds, in points; `.zero` for none.
  public var minimumSize: CGSize
  /// Shapes added to the area, in the view's coordinates.
  public var shapes: [HitShape]
  /// Shapes removed from the union of all the above.
  public var exclusions: [HitShape]

  /// Creates a hit area; the default is the bounds alone.
  public init(
    includesBounds: Bool = true, insets: EdgeInsets = .zero, extraRects: [CGRect] = [],
    minimumSize: CGSize = .zero, shapes: [HitShape] = [], exclusions: [HitShape] = []
  ) {
    self.includesBounds = includesBounds
    self.insets = insets
    self.extraRects = extraRects
    self.minimumSize = minimumSize
    self.shapes = shapes
    self.exclusions = exclusions
  }

  /// The bounds moved by `insets` (`EdgeInsets.inset(_:)` on the bounds
  /// standardized, as `CGRect.contains` reads them), or `CGRect.null`, which
  /// contains no point, when the insets meet or cross or are not finite, or
  /// when the inset bounds overflow to an infinite number.
  public func insetBounds(_ bounds: CGRect) -> CGRect {
    guard insets.isFinite else { return .null }
    let rect = insets.inset(bounds.standardized)
    // Insets near ±greatestFiniteMagnitude can overflow the rect to an
    // infinite origin and size, whose edges are NaN (and which
    // `CGRect.contains` traps on).
    return rect.width > 0 && rect.height > 0 && Planar.isFinite(rect) ? rect : .null
  }

  /// Whether the area is exactly the bounds (nothing added or removed).
  public var isPlainBounds: Bool { self == .bounds }

  /// The rect of at least `minimumSize` centred on `bounds`, or `CGRect.null`
  /// when there is no minimum size (points, the view's coordinates).
  public func minimumRect(in bounds: CGRect) -> CGRect {
    let width = minimumSize.width.isFinite ? Swift.max(minimumSize.width, 0) : 0
    let height = minimumSize.height.isFinite ? Swift.max(minimumSize.height, 0) : 0
    guard width > 0 || height > 0, Planar.isFinite(bounds) else { return .null }
    let bounds = bounds.standardized
    let size = CGSize(
      width: Swift.max(bounds.width, width), height: Swift.max(bounds.height, height))
    guard size.width > 0, size.height > 0 else { return .null }
    return CGRect(
      x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width,
      height: size.height)
  }

  /// Whether `point` is in the area of a view with `bounds` (both in points,
  /// the view's coordinates). Rects are half-open, as `CGRect.contains`.
  ///
  /// - Complexity: O(r + s) in the extra rects and the shapes' vertices.
  public func contains(_ point: CGPoint, bounds: CGRect) -> Bool {
    guard point.x.isFinite, point.y.isFinite, Planar.isFinite(bounds) else { return false }
    for exclusion in exclusions where exclusion.contains(point) { return false }
    if includesBounds, insetBounds(bounds).contains(point) { return true }
    for rect in extraRects where Planar.isFinite(rect) && rect.contains(point) { return true }
    if minimumRect(in: bounds).contains(point) { return true }
    for shape in shapes where shape.contains(point) { return true }
    return false
  }

  /// A rect holding every point of the area (points, the view's
  /// coordinates), or `CGRect.null` when the area is empty. Exclusions are
  /// not subtracted, so it may be larger than needed.
  ///
  /// - Complexity: O(r + s) in the extra rects and the shapes' vertices.
  public func boundingRect(bounds: CGRect) -> CGRect {
    guard Planar.isFinite(bounds) else { return .null }
    var union = CGRect.null
    if includesBounds { union = union.union(insetBounds(bounds)) }
    for rect in extraRects where Planar.isFinite(rect) {
      let rect = rect.standardized
      if rect.width > 0, rect.height > 0 { union = union.union(rect) }
    }
    union = union.union(minimumRect(in: bounds))
    for shape in shapes { union = union.union(shape.boundingRect) }
    return union
  }
}

/// A hit area is where a view takes touches: an editor whose `hitRegion` is
/// one takes the taps in its enlarged area (TextInputCore's `Editor.tap(at:)`).
extension HitArea: HitRegion {}

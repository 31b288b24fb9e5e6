public import Foundation

/// One view of a `HitTree`: what UIKit's hit-testing reads from a `UIView`,
/// as a value. Geometry is in points, UIKit coordinates (origin top-left,
/// y down).
///
/// As in UIKit, a view is placed by its `center` (in its superview's
/// coordinates) and its `bounds` (its own coordinates: the bounds' origin is
/// the scroll offset, the point shown at the view's top-left corner), and its
/// `transform` applies about its centre. A point `p` of the superview is
/// `transform⁻¹(p − center) + (bounds.midX, bounds.midY)` in the view.
///
/// ```swift
/// var list = HitView(id: "list", frame: CGRect(x: 0, y: 100, width: 320, height: 400))
/// list.bounds.origin.y = 250        // scrolled down 250 pt
/// list.localPoint(fromSuperview: CGPoint(x: 10, y: 110))  // (10, 260)
/// ```
///
/// What hit-testing does with odd values (never a trap):
/// - a NaN or infinite `center`, `bounds`, `transform` or `alpha` removes the
///   view and its subviews, as `isHidden` does;
/// - a singular `transform` (scale 0) removes the view and its subviews:
///   nothing maps into it;
/// - a zero-size bounds contains no point (its hit area may: a minimum size
///   still applies); a negative size is standardized, as `CGRect.contains`.
public struct HitView: Hashable, Sendable {
  /// A name for the view, printed by the debugging tools (not required unique).
  public var id: String
  /// The view's centre in its superview's coordinates, in points.
  public var center: CGPoint
  /// The view's bounds: origin = scroll offset, size = the view's size before
  /// its transform, in points.
  public var bounds: CGRect
  /// The transform about the centre (translation, scale, rotation).
  public var transform: HitTransform
  /// A hidden view takes no touches, nor do its subviews.
  public var isHidden: Bool
  /// Opacity 0–1. Below 0.01 (as UIKit), NaN or infinite, the view and its
  /// subviews take no touches.
  public var alpha: CGFloat
  /// When false the view and its subviews take no touches.
  public var isUserInteractionEnabled: Bool
  /// Whether subviews are clipped to the bounds: touches never reach a
  /// subview through the outside of a clipping view's hit area.
  public var clipsToBounds: Bool
  /// Opt-in: subviews (and their subviews) take touches at points outside
  /// this view's hit area, where they reach — the fix for the enlarged area
  /// that is dead outside its superview. Ignored when `clipsToBounds` is set
  /// and by the `uikit` policy.
  public var allowsSubviewHitsOutside: Bool
  /// Where the view takes touches (the bounds by default).
  public var hitArea: HitArea

  /// Creates a view placed by `center` and `bounds`.
  public init(
    id: String, center: CGPoint, bounds: CGRect, transform: HitTransform = .identity,
    isHidden: Bool = false, alpha: CGFloat = 1, isUserInteractionEnabled: Bool = true,
    clipsToBounds: Bool = false, allowsSubviewHitsOutside: Bool = false,
    hitArea: HitArea = .bounds
  ) {
    self.id = id
    self.center = center
    self.bounds = bounds
    self.transform = transform
    self.isHidden = isHidden
    self.alpha = alpha
    self.isUserInteractionEnabled = isUserInteractionEnabled
    self.clipsToBounds = clipsToBounds
    self.allowsSubviewHitsOutside = allowsSubviewHitsOutside
    self.hitArea = hitArea
  }

  /// Creates a view from its frame, as `UIView(frame:)`: the centre is the
  /// frame's midpoint, the bounds `{boundsOrigin, frame.size}`.
  public init(
    id: String, frame: CGRect, boundsOrigin: CGPoint = .zero, transform: HitTransform = .identity,
    isHidden: Bool = false, alpha: CGFloat = 1, isUserInteractionEnabled: Bool = true,
    clipsToBounds: Bool = false, allowsSubviewHitsOutside: Bool = false,
    hitArea: HitArea = .bounds
  ) {
    self.init(
      id: id, center: CGPoint(x: frame.midX, y: frame.midY),
      bounds: CGRect(origin: boundsOrigin, size: frame.size), transform: transform,
      isHidden: isHidden, alpha: alpha, isUserInteractionEnabled: isUserInteractionEnabled,
      clipsToBounds: clipsToBounds, allowsSubviewHitsOutside: allowsSubviewHitsOutside,
      hitArea: hitArea)
  }

  /// The frame, as `UIView.frame`: the smallest rect holding the transformed
  /// bounds, in the superview's coordinates (points). Setting it sets the
  /// centre to its midpoint and the bounds' size to its size (the scroll
  /// offset is kept), as UIKit does for an identity transform. Infinite
  /// bounds turned by a rotation have corners at NaN: the frame is then the
  /// whole plane (origin at -infinity, size +infinity).
  public var frame: CGRect {
    get {
      let corners = corners(of: bounds).map { fromLocal($0) }
      return Planar.boundingRect(of: corners)
    }
    set {
      center = CGPoint(x: newValue.midX, y: newValue.midY)
      bounds.size = newValue.size
    }
  }

  /// Whether this view (not its subviews) may take touches at all: visible
  /// (not hidden, a finite alpha ≥ 0.01), interactive, and with finite
  /// geometry.
  public var takesTouches: Bool {
    !isHidden && alpha >= 0.01 && alpha.isFinite && isUserInteractionEnabled && center.x.isFinite
      && center.y.isFinite && Planar.isFinite(bounds) && transform.isFinite
  }

  /// The map from superview coordinates to this view's, or nil when the
  /// transform is singular or not finite.
  public var fromSuperview: HitTransform? {
    guard let inverse = transform.inverted, center.x.isFinite, center.y.isFinite,
      Planar.isFinite(bounds)
    else { return nil }
    return HitTransform.translation(x: -center.x, y: -center.y).concatenating(inverse)
      .concatenating(.translation(x: bounds.midX, y: bounds.midY))
  }

  /// `point` (superview coordinates, points) in this view's coordinates, or
  /// nil when the transform is singular or not finite.
  public func localPoint(fromSuperview point: CGPoint) -> CGPoint? {
    guard let inverse = transform.inverted, center.x.isFinite, center.y.isFinite,
      Planar.isFinite(bounds)
    else { return nil }
    let moved = inverse.apply(to: CGPoint(x: point.x - center.x, y: point.y - center.y))
    return CGPoint(x: moved.x + bounds.midX, y: moved.y + bounds.midY)
  }

  /// `point` (this view's coordinates) in its superview's coordinates.
  public func fromLocal(_ point: CGPoint) -> CGPoint {
    let moved = transform.apply(to: CGPoint(x: point.x - bounds.midX, y: point.y - bounds.midY))
    return CGPoint(x: moved.x + center.x, y: moved.y + center.y)
  }

  /// Whether the view's own area takes `point` (this view's coordinates).
  public func hitAreaContains(_ point: CGPoint) -> Bool {
    hitArea.contains(point, bounds: bounds)
  }

  func corners(of rect: CGRect) -> [CGPoint] {
    let rect = rect.standardized
    return [
      CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
      CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
    ]
  }
}

extension HitView {
  /// The map from this view's coordinates to its superview's (points).
  public var toSuperview: HitTransform {
    HitTransform.translation(x: -bounds.midX, y: -bounds.midY).concatenating(transform)
      .concatenating(.translation(x: center.x, y: center.y))
  }
}

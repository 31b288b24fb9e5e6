public import Foundation

/// Where a view takes touches, relative to its bounds: what a view's
/// `pointInside:withEvent:` answers. The plain answer is the bounds
/// themselves; HitAreas' `HitArea` (insets, extra rects, a minimum size,
/// shapes) conforms, so an editor whose text view has an enlarged hit area
/// takes the taps that land in it (`Editor.hitRegion`).
public protocol HitRegion: Sendable {
  /// Whether `point` is in the region of a view with `bounds` (both in points,
  /// the view's coordinates; rects half-open, as `CGRect.contains`).
  func contains(_ point: CGPoint, bounds: CGRect) -> Bool
}

/// How a hit test chooses among views whose hit areas all take a point.
///
/// The walk is UIKit's — subviews front-most first, a point converted into
/// each subview's coordinates, a hidden, transparent (alpha < 0.01) or
/// non-interactive view skipped with its subviews — with three choices:
///
/// - `reachesOutsideAncestors`: a view that opts in with
///   `HitView.allowsSubviewHitsOutside` (and does not clip to bounds) passes
///   points outside its own hit area on to its subviews, so an enlarged area
///   that crosses its superview's edge is not dead there. Off, a point
///   outside a view's hit area never reaches its subviews (UIKit).
/// - `ownBoundsWin`: among sibling subtrees that take the point, one where
///   the point is inside the own bounds of a view (a "real" view under the
///   finger) beats one that takes it only through an enlarged area. Real
///   subtrees are then ordered front-most first.
/// - `enlargedOrder`: among subtrees that take the point only through
///   enlarged areas, `.nearestBounds` picks the one whose views' own bounds
///   are nearest the point (distance in the root's coordinates, points),
///   the front-most on a tie; `.frontMost` the front-most.
///
/// Subviews always beat their superview (a button beats the panel under
/// it), as in UIKit.
///
/// ```swift
/// HitTestPolicy.standard   // reaches outside, own bounds win, nearest bounds
/// HitTestPolicy.uikit      // exactly the swizzled pointInside: category
/// HitTestPolicy(name: "frontMost")
/// ```
public struct HitTestPolicy: Hashable, Sendable, CustomStringConvertible {
  /// How subtrees that take a point only through enlarged areas are ordered.
  public enum EnlargedOrder: String, Hashable, Sendable, CaseIterable {
    /// The one whose own bounds are nearest the point, then the front-most.
    case nearestBounds
    /// The front-most.
    case frontMost
  }

  /// Whether opted-in views pass points outside their hit area to subviews.
  public var reachesOutsideAncestors: Bool
  /// Whether a subtree where the point is in a view's own bounds beats
  /// enlarged areas.
  public var ownBoundsWin: Bool
  /// The order among enlarged areas.
  public var enlargedOrder: EnlargedOrder

  /// Creates a policy.
  public init(reachesOutsideAncestors: Bool, ownBoundsWin: Bool, enlargedOrder: EnlargedOrder) {
    self.reachesOutsideAncestors = reachesOutsideAncestors
    self.ownBoundsWin = ownBoundsWin
    self.enlargedOrder = enlargedOrder
  }

  /// The default: reaching outside opted-in ancestors, own bounds win, then
  /// the nearest bounds, then the front-most.
  public static let standard = HitTestPolicy(
    reachesOutsideAncestors: true, ownBoundsWin: true, enlargedOrder: .nearestBounds)

  /// Exactly the swizzled category: `pointInside` is the view's hit area,
  /// UIKit's recursion is unchanged — no reaching outside an ancestor's
  /// area, no overlap resolution (the front-most subview that takes the
  /// point wins).
  public static let uikit = HitTestPolicy(
    reachesOutsideAncestors: false, ownBoundsWin: false, enlargedOrder: .frontMost)

  /// Reaching outside opted-in ancestors, but the front-most subtree wins.
  public static let frontMost = HitTestPolicy(
    reachesOutsideAncestors: true, ownBoundsWin: false, enlargedOrder: .frontMost)

  /// The named policies, as `--policy` takes them.
  public static let named: [(name: String, policy: HitTestPolicy)] = [
    ("standard", .standard), ("uikit", .uikit), ("frontMost", .frontMost),
  ]

  /// The policy named `standard`, `uikit` or `frontMost`; nil for another name.
  public init?(name: String) {
    guard let match = Self.named.first(where: { $0.name == name }) else { return nil }
    self = match.policy
  }

  /// The policy's name if it has one, else its three settings.
  public var description: String {
    if let match = Self.named.first(where: { $0.policy == self }) { return match.name }
    return "HitTestPolicy(reachesOutsideAncestors: \(reachesOutsideAncestors), "
      + "ownBoundsWin: \(ownBoundsWin), enlargedOrder: \(enlargedOrder.rawValue))"
  }
}

/// What a hit test found.
public struct HitTestResult: Hashable, Sendable {
  /// The view that takes the touch.
  public var view: HitTree.Index
  /// Whether the point is inside that view's own bounds (false: it was
  /// taken by an enlarged area).
  public var isInOwnBounds: Bool

  /// Creates a result.
  public init(view: HitTree.Index, isInOwnBounds: Bool) {
    self.view = view
    self.isInOwnBounds = isInOwnBounds
  }
}

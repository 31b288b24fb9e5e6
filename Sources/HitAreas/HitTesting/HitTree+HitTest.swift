public import Foundation

/// What a subtree offers for a point: the view it would answer, whether the
/// point is in the own bounds of that view and of any view on the path down
/// to it, and the nearest of those views' own bounds.
struct HitSummary {
  /// The answer's index in `HitTree.views`.
  var leaf: Int
  /// Whether the point is in the answer's own bounds.
  var leafInOwnBounds: Bool
  /// Whether the point is in the own bounds of a view on the path from the
  /// subtree's top down to the answer (views whose area takes it).
  var inOwnBounds: Bool
  /// The least distance from the point to the own bounds of those views
  /// (root coordinates, points; 0 when `inOwnBounds`; only computed for the
  /// `.nearestBounds` order, else 0).
  var distance: CGFloat

  var result: HitTestResult {
    HitTestResult(view: HitTree.Index(leaf), isInOwnBounds: leafInOwnBounds)
  }
}

extension HitTestPolicy {
  /// Whether `view` passes points outside its own hit area to its subviews.
  func passesOutside(_ view: HitView) -> Bool {
    reachesOutsideAncestors && view.allowsSubviewHitsOutside && !view.clipsToBounds
  }

  /// The better of two sibling subtrees' offers; `front` is from a subview
  /// in front of `behind`'s.
  func better(front: HitSummary, behind: HitSummary) -> HitSummary {
    if ownBoundsWin {
      if front.inOwnBounds != behind.inOwnBounds { return front.inOwnBounds ? front : behind }
      if front.inOwnBounds { return front }
    }
    switch enlargedOrder {
    case .frontMost: return front
    case .nearestBounds: return behind.distance < front.distance ? behind : front
    }
  }

  /// Whether no subtree behind can beat `front` (the walk stops early).
  func stopsAfter(_ front: HitSummary) -> Bool {
    if ownBoundsWin { return front.inOwnBounds }
    return enlargedOrder == .frontMost || front.distance <= 0
  }
}

extension HitTree {
  /// The view that takes a touch at `point`, in the root view's coordinates
  /// (points, origin top-left, y down: what `hitTest(_:with:)` on the root
  /// receives), chosen by `policy` (see `HitTestPolicy`); nil when no view
  /// takes it.
  ///
  /// The walk is UIKit's, on an explicit stack: a hidden view, one with
  /// alpha below 0.01 (or NaN or infinite), with interaction disabled, with NaN or
  /// infinite geometry or a singular transform is skipped with its
  /// subviews; a point outside a view's hit area is not passed to its
  /// subviews (unless the view opts in and the policy reaches outside).
  /// A NaN or infinite point hits nothing.
  ///
  /// - Complexity: O(v) in the views the walk reaches (those whose
  ///   superviews all take the point), each costing its hit area's size;
  ///   plus O(depth) for each enlarged area compared by distance. For many
  ///   queries on a large tree, `HitIndex` answers the same.
  public func hitTest(_ point: CGPoint, policy: HitTestPolicy = .standard) -> HitTestResult? {
    guard point.x.isFinite, point.y.isFinite, let root = views.first, root.takesTouches else {
      return nil
    }
    struct Frame {
      var view: Int
      var point: CGPoint
      var toRoot: HitTransform
      var next: Int
      var candidate: Bool
      var best: HitSummary?
    }
    let rootCandidate = root.hitAreaContains(point)
    guard rootCandidate || policy.passesOutside(root) else { return nil }
    var stack = [
      Frame(
        view: 0, point: point, toRoot: .identity, next: children[0].count,
        candidate: rootCandidate, best: nil)
    ]
    while let top = stack.indices.last {
      if stack[top].next > 0 {
        stack[top].next -= 1
        let child = children[stack[top].view][stack[top].next]
        let view = views[child]
        guard view.takesTouches, let local = view.localPoint(fromSuperview: stack[top].point)
        else { continue }
        let candidate = view.hitAreaContains(local)
        guard candidate || policy.passesOutside(view) else { continue }
        stack.append(
          Frame(
            view: child, point: local, toRoot: view.toSuperview.concatenating(stack[top].toRoot),
            next: children[child].count, candidate: candidate, best: nil))
        continue
      }
      let frame = stack.removeLast()
      let summary = close(
        frame.view, candidate: frame.candidate, local: frame.point, toRoot: frame.toRoot,
        rootPoint: point, best: frame.best, policy: policy)
      guard let parent = stack.indices.last else { return summary?.result }
      guard let summary else { continue }
      let merged = stack[parent].best.map { policy.better(front: $0, behind: summary) } ?? summary
      stack[parent].best = merged
      if policy.stopsAfter(merged) { stack[parent].next = 0 }
    }
    return nil
  }

  /// A view's offer once its subviews are done: theirs (with the view's own
  /// bounds counted on the path), else the view itself if its area takes
  /// the point, else nothing.
  func close(
    _ index: Int, candidate: Bool, local: CGPoint, toRoot: HitTransform, rootPoint: CGPoint,
    best: HitSummary?, policy: HitTestPolicy
  ) -> HitSummary? {
    guard candidate else { return best }
    let view = views[index]
    let inBounds = view.bounds.contains(local)
    var distance: CGFloat = 0
    if !inBounds, policy.enlargedOrder == .nearestBounds {
      let corners = view.corners(of: view.bounds).map { toRoot.apply(to: $0) }
      distance = Planar.distance(from: rootPoint, toConvex: corners)
    }
    guard var best else {
      return HitSummary(
        leaf: index, leafInOwnBounds: inBounds, inOwnBounds: inBounds, distance: distance)
    }
    best.inOwnBounds = best.inOwnBounds || inBounds
    best.distance = Swift.min(best.distance, distance)
    return best
  }
}

public import Foundation

/// A spatial index over a `HitTree` for many hit tests on a large tree: it
/// gives exactly the answer of `HitTree.hitTest(_:policy:)` (the same
/// arithmetic, in the same order), but looks only at the views whose hit
/// areas can hold the point, and at their superviews.
///
/// Each view that can take touches gets a box in the root's coordinates
/// (points) holding its whole hit area; boxes go into a uniform grid of about
/// one cell per view over the tree's extent. A query checks the views in the
/// point's cell exactly, then resolves them as the walk would.
///
/// ```swift
/// var index = HitIndex(tree)
/// index.hitTest(CGPoint(x: 40, y: 20)) == tree.hitTest(CGPoint(x: 40, y: 20))  // true
/// var moved = index.tree[button]
/// moved.frame.origin.x += 10
/// index.update(button, to: moved)       // re-boxes the button and its subviews
/// ```
///
/// The grid keeps the extent it was built with; views moved far outside it
/// land in its edge cells and stay correct, only slower. Rebuild after large
/// changes, or after adding views (`init(_:)`).
public struct HitIndex: Sendable {
  /// The indexed tree.
  public private(set) var tree: HitTree

  /// Whether each view and all its superviews take touches and map points
  /// (finite geometry, invertible transforms).
  private var reachable: [Bool]
  /// Each view's map to root coordinates (points).
  private var toRoot: [HitTransform]
  /// Each view's depth (0 for the root).
  private var depths: [Int]
  /// The largest coordinate each view's chain of placements goes through
  /// (centres and bounds), which bounds the rounding of mapping a point down.
  private var magnitudes: [CGFloat]
  /// Each view's hit area box in root coordinates (`CGRect.null`: not indexed).
  private var boxes: [CGRect]
  /// Each view's covered grid cells (`minColumn, minRow, maxColumn, maxRow`), or
  /// nil when it is in `large` or not indexed.
  private var cellRanges: [(Int, Int, Int, Int)?]
  /// The grid: views by cell, row-major.
  private var cells: [[Int]]
  /// Views whose box covers a quarter of the grid or more, or is not finite:
  /// checked on every query.
  private var large: Set<Int>
  private var origin = CGPoint.zero
  private var cellSize = CGSize(width: 1, height: 1)
  private var columns = 1
  private var rows = 1

  /// Builds the index of `tree`.
  ///
  /// - Complexity: O(n + c) in the views and the cells their boxes cover.
  public init(_ tree: HitTree) {
    self.tree = tree
    let count = tree.count
    reachable = Array(repeating: false, count: count)
    boxes = Array(repeating: .null, count: count)
    cellRanges = Array(repeating: nil, count: count)
    cells = []
    large = []
    toRoot = Array(repeating: HitTransform.identity, count: count)
    depths = Array(repeating: 0, count: count)
    magnitudes = Array(repeating: 0, count: count)
    // Parents come before children in the order added.
    for view in 0..<count { computeBox(view) }
    var extent = CGRect.null
    for box in boxes where !box.isNull && Planar.isFinite(box) { extent = extent.union(box) }
    if extent.isNull { extent = CGRect(x: 0, y: 0, width: 1, height: 1) }
    let side = Swift.max(1, Swift.min(1024, Int(Double(count).squareRoot().rounded(.up))))
    columns = extent.width > 0 ? side : 1
    rows = extent.height > 0 ? side : 1
    origin = extent.origin
    cellSize = CGSize(
      width: extent.width > 0 ? extent.width / CGFloat(columns) : 1,
      height: extent.height > 0 ? extent.height / CGFloat(rows) : 1)
    cells = Array(repeating: [], count: columns * rows)
    for view in 0..<count { insert(view) }
  }

  /// Replaces the view at `index` with `view` (a new frame, transform, hit
  /// area or any other property) and re-boxes it and its subviews.
  ///
  /// - Complexity: O(s + c) in the views of the subtree and the cells their
  ///   boxes cover.
  /// - Precondition: `index` is an index of `tree` (as an array index).
  public mutating func update(_ index: HitTree.Index, to view: HitView) {
    tree[index] = view
    var subtree: [Int] = []
    var stack = [index.rawValue]
    while let top = stack.popLast() {
      subtree.append(top)
      stack.append(contentsOf: tree.children[top])
    }
    // Parents before children: `subtree` is in pre-order.
    for member in subtree {
      remove(member)
      computeBox(member)
      insert(member)
    }
  }

  /// `HitTree.hitTest(_:policy:)`'s answer for `point` (root coordinates,
  /// points), from the index.
  ///
  /// - Complexity: O(k · d) for the k views whose boxes hold the point, d
  ///   being the depth of their superviews not already visited; expected
  ///   O(1) views per cell on an even layout.
  public func hitTest(_ point: CGPoint, policy: HitTestPolicy = .standard) -> HitTestResult? {
    guard point.x.isFinite, point.y.isFinite, !tree.views.isEmpty, reachable[0] else {
      return nil
    }
    let column = clampedCell(point.x, origin.x, cellSize.width, columns)
    let row = clampedCell(point.y, origin.y, cellSize.height, rows)
    var query = Query(tree: tree, point: point, policy: policy)
    var candidates: [Int] = []
    for view in cells[row * columns + column] where contains(boxes[view], point) {
      if query.isCandidate(view) { candidates.append(view) }
    }
    for view in large where contains(boxes[view], point) || !Planar.isFinite(boxes[view]) {
      if query.isCandidate(view) { candidates.append(view) }
    }
    return query.resolve(candidates)?.result
  }

  /// The number of views a query at `point` looks at before resolving: those
  /// in the point's grid cell and those too large for the grid. A
  /// deterministic measure of the index's work, for benchmarks and tuning.
  ///
  /// - Complexity: O(1).
  public func examinedCount(at point: CGPoint) -> Int {
    guard point.x.isFinite, point.y.isFinite, !tree.views.isEmpty else { return 0 }
    let column = clampedCell(point.x, origin.x, cellSize.width, columns)
    let row = clampedCell(point.y, origin.y, cellSize.height, rows)
    return cells[row * columns + column].count + large.count
  }

  // MARK: Boxes and cells

  /// Computes `view`'s reachability, map to the root and box; its
  /// superview's must be current.
  private mutating func computeBox(_ view: Int) {
    let parent = tree.parents[view]
    let node = tree.views[view]
    if parent < 0 {
      reachable[view] = node.takesTouches
      toRoot[view] = .identity
      depths[view] = 0
    } else {
      reachable[view] =
        reachable[parent] && node.takesTouches && node.localPoint(fromSuperview: .zero) != nil
      toRoot[view] = node.toSuperview.concatenating(toRoot[parent])
      depths[view] = depths[parent] + 1
    }
    magnitudes[view] = Swift.max(
      parent < 0 ? 0 : magnitudes[parent], Swift.abs(node.center.x), Swift.abs(node.center.y),
      Swift.abs(node.bounds.midX), Swift.abs(node.bounds.midY))
    boxes[view] = .null
    guard reachable[view] else { return }
    let area = node.hitArea.boundingRect(bounds: node.bounds)
    guard !area.isNull else { return }
    let corners = node.corners(of: area).map { toRoot[view].apply(to: $0) }
    // An infinite area turned by a rotation has NaN corners: its box is the
    // whole plane (in `large`, checked on every query).
    let box = Planar.boundingRect(of: corners)
    guard box != Planar.plane else {
      boxes[view] = box
      return
    }
    // A margin for rounding: the walk maps the point down level by level,
    // the box maps the area up in one composed transform.
    // Placements far from the origin (a centre at 1e307) round away what
    // the box holds: the margin grows with them.
    let scale = Swift.max(
      Swift.abs(box.minX), Swift.abs(box.maxX), Swift.abs(box.minY), Swift.abs(box.maxY), 1,
      magnitudes[view].isFinite ? magnitudes[view] : 0)
    let margin = scale * 1e-9 * CGFloat(depths[view] + 1)
    boxes[view] = Planar.isFinite(box) ? box.insetBy(dx: -margin, dy: -margin) : box
  }

  private mutating func insert(_ view: Int) {
    let box = boxes[view]
    guard !box.isNull else { return }
    guard Planar.isFinite(box) else {
      large.insert(view)
      return
    }
    let minColumn = clampedCell(box.minX, origin.x, cellSize.width, columns)
    let maxColumn = clampedCell(box.maxX, origin.x, cellSize.width, columns)
    let minRow = clampedCell(box.minY, origin.y, cellSize.height, rows)
    let maxRow = clampedCell(box.maxY, origin.y, cellSize.height, rows)
    let covered = (maxColumn - minColumn + 1) * (maxRow - minRow + 1)
    if covered * 4 >= columns * rows && covered > 4 {
      large.insert(view)
      return
    }
    cellRanges[view] = (minColumn, minRow, maxColumn, maxRow)
    for row in minRow...maxRow {
      for column in minColumn...maxColumn { cells[row * columns + column].append(view) }
    }
  }

  private mutating func remove(_ view: Int) {
    large.remove(view)
    guard let (minColumn, minRow, maxColumn, maxRow) = cellRanges[view] else { return }
    for row in minRow...maxRow {
      for column in minColumn...maxColumn {
        cells[row * columns + column].removeAll { $0 == view }
      }
    }
    cellRanges[view] = nil
  }

  private func clampedCell(_ value: CGFloat, _ start: CGFloat, _ size: CGFloat, _ count: Int)
    -> Int
  {
    let position = ((value - start) / size).rounded(.down)
    guard position.isFinite else { return position > 0 ? count - 1 : 0 }
    return Int(Swift.min(Swift.max(position, 0), CGFloat(count - 1)))
  }

  private func contains(_ box: CGRect, _ point: CGPoint) -> Bool {
    box.minX <= point.x && point.x <= box.maxX && box.minY <= point.y && point.y <= box.maxY
  }
}

/// One indexed query: the point mapped into each view it meets (memoized, in
/// the walk's arithmetic), and the walk's resolution over the candidates.
private struct Query {
  struct Node {
    var point: CGPoint
    var toRoot: HitTransform
    var candidate: Bool
    /// Whether this view and its superviews let the point reach its subviews.
    var passes: Bool
  }

  let tree: HitTree
  let point: CGPoint
  let policy: HitTestPolicy
  var nodes: [Int: Node] = [:]

  init(tree: HitTree, point: CGPoint, policy: HitTestPolicy) {
    self.tree = tree
    self.point = point
    self.policy = policy
  }

  /// Whether the walk would reach `view` and its area takes the point.
  mutating func isCandidate(_ view: Int) -> Bool {
    guard let node = node(view) else { return false }
    guard node.candidate else { return false }
    let parent = tree.parents[view]
    return parent < 0 || (self.node(parent)?.passes ?? false)
  }

  /// The memoized state of `view`, or nil when the walk cannot reach it
  /// (a superview skipped, or not passing the point on).
  mutating func node(_ view: Int) -> Node? {
    if let known = nodes[view] { return known.passes || known.candidate ? known : nil }
    // The unknown chain above `view`, top-down.
    var chain: [Int] = []
    var current = view
    while current >= 0, nodes[current] == nil {
      chain.append(current)
      current = tree.parents[current]
    }
    var above: Node? = current >= 0 ? nodes[current] : nil
    for member in chain.reversed() {
      let item = tree.views[member]
      let parent = tree.parents[member]
      var node = Node(point: point, toRoot: .identity, candidate: false, passes: false)
      if parent < 0 {
        if item.takesTouches {
          node.candidate = item.hitAreaContains(point)
          node.passes = node.candidate || policy.passesOutside(item)
        }
      } else if let above, above.passes, item.takesTouches,
        let local = item.localPoint(fromSuperview: above.point)
      {
        node.point = local
        node.toRoot = item.toSuperview.concatenating(above.toRoot)
        node.candidate = item.hitAreaContains(local)
        node.passes = node.candidate || policy.passesOutside(item)
      }
      nodes[member] = node
      above = node
    }
    guard let known = nodes[view], known.passes || known.candidate else { return nil }
    return known
  }

  /// The walk's answer, given every candidate the walk would find.
  mutating func resolve(_ candidates: [Int]) -> HitSummary? {
    guard !candidates.isEmpty else { return nil }
    // The views on the paths from the root to the candidates, with their
    // subviews on those paths.
    var members: Set<Int> = []
    var subviews: [Int: [Int]] = [:]
    for candidate in candidates {
      var current = candidate
      while current >= 0, members.insert(current).inserted {
        let parent = tree.parents[current]
        if parent >= 0 { subviews[parent, default: []].append(current) }
        current = parent
      }
    }
    // Front to back, as the walk visits them.
    for (parent, list) in subviews {
      subviews[parent] = list.sorted { tree.positions[$0] > tree.positions[$1] }
    }
    struct Frame {
      var view: Int
      var next: Int
      var best: HitSummary?
    }
    var stack = [Frame(view: 0, next: 0, best: nil)]
    while let top = stack.indices.last {
      let list = subviews[stack[top].view] ?? []
      if stack[top].next < list.count {
        let child = list[stack[top].next]
        stack[top].next += 1
        stack.append(Frame(view: child, next: 0, best: nil))
        continue
      }
      let frame = stack.removeLast()
      let node = nodes[frame.view]
      let summary = tree.close(
        frame.view, candidate: node?.candidate ?? false, local: node?.point ?? point,
        toRoot: node?.toRoot ?? .identity, rootPoint: point, best: frame.best, policy: policy)
      guard let parent = stack.indices.last else { return summary }
      guard let summary else { continue }
      let merged = stack[parent].best.map { policy.better(front: $0, behind: summary) } ?? summary
      stack[parent].best = merged
    }
    return nil
  }
}

public import Foundation

/// A view hierarchy as a value: views in a flat array, each with its
/// superview and its subviews back to front, as `UIView.subviews` orders them.
/// Geometry is in points, UIKit coordinates (origin top-left, y down).
///
/// The tree is flat so that no operation recurses: a hierarchy 10 000 views
/// deep is built, copied, compared, hit-tested and destroyed with explicit
/// loops, never one stack frame per level.
///
/// ```swift
/// var tree = HitTree(root: HitView(id: "window", frame: CGRect(x: 0, y: 0, width: 320, height: 480)))
/// let bar = tree.add(HitView(id: "bar", frame: CGRect(x: 0, y: 0, width: 320, height: 44)))
/// var close = HitView(id: "close", frame: CGRect(x: 8, y: 10, width: 24, height: 24))
/// close.hitArea.minimumSize = HitArea.appleMinimumSize
/// tree.add(close, to: bar)
/// tree.hitTest(CGPoint(x: 40, y: 20)).map { tree[$0.view].id }   // "close": 44 pt wide
/// tree.hitTest(CGPoint(x: 60, y: 20)).map { tree[$0.view].id }   // "bar"
/// ```
public struct HitTree: Hashable, Sendable {
  /// The position of a view in its tree (stable: views are never removed).
  public struct Index: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The position in `HitTree.views`.
    public let rawValue: Int

    init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: Index, rhs: Index) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
  }

  /// Every view, in the order added (the root first).
  public private(set) var views: [HitView]
  /// The superview of each view (-1 for the root).
  private(set) var parents: [Int]
  /// The subviews of each view, back to front.
  private(set) var children: [[Int]]
  /// Each view's position among its superview's subviews (0 = back-most).
  private(set) var positions: [Int]

  /// A tree of one view, the root (the window, or whichever view a dump
  /// starts at). Points given to `hitTest(_:policy:)` are in its coordinates.
  public init(root: HitView) {
    views = [root]
    parents = [-1]
    children = [[]]
    positions = [0]
  }

  /// The root view's index.
  public var root: Index { Index(0) }

  /// The number of views.
  public var count: Int { views.count }

  /// Every index, in the order added.
  public var indices: [Index] { views.indices.map(Index.init) }

  /// Adds `view` as the front-most subview of `parent` (the root by
  /// default), as `addSubview(_:)`; returns its index.
  ///
  /// - Precondition: `parent` is an index of this tree (as an array index).
  @discardableResult
  public mutating func add(_ view: HitView, to parent: Index? = nil) -> Index {
    let parent = parent?.rawValue ?? 0
    let index = views.count
    views.append(view)
    parents.append(parent)
    children.append([])
    positions.append(children[parent].count)
    children[parent].append(index)
    return Index(index)
  }

  /// The view at `index`; setting it replaces the view's properties (its
  /// place in the tree stays).
  ///
  /// - Precondition: `index` is an index of this tree (as an array index).
  public subscript(index: Index) -> HitView {
    get { views[index.rawValue] }
    set { views[index.rawValue] = newValue }
  }

  /// The superview of `index`, nil for the root.
  public func parent(of index: Index) -> Index? {
    let parent = parents[index.rawValue]
    return parent < 0 ? nil : Index(parent)
  }

  /// The subviews of `index`, back to front.
  public func subviews(of index: Index) -> [Index] {
    children[index.rawValue].map(Index.init)
  }

  /// The first view (in the order added) whose `id` is `id`.
  ///
  /// - Complexity: O(n) in the views.
  public func first(id: String) -> Index? {
    views.firstIndex { $0.id == id }.map(Index.init)
  }

  /// The number of superviews above `index` (0 for the root).
  ///
  /// - Complexity: O(depth).
  public func depth(of index: Index) -> Int {
    var depth = 0
    var current = parents[index.rawValue]
    while current >= 0 {
      depth += 1
      current = parents[current]
    }
    return depth
  }

  /// Whether `ancestor` is `index` or one of its superviews, transitively.
  ///
  /// - Complexity: O(depth).
  public func isAncestor(_ ancestor: Index, of index: Index) -> Bool {
    var current = index.rawValue
    while current >= 0 {
      if current == ancestor.rawValue { return true }
      current = parents[current]
    }
    return false
  }

  /// Every index in paint order: a view before its subviews, subviews back to
  /// front (so a later view is drawn over an earlier one).
  ///
  /// - Complexity: O(n), with an explicit stack.
  public func paintOrder() -> [Index] {
    var order: [Index] = []
    order.reserveCapacity(views.count)
    var stack = [0]
    while let top = stack.popLast() {
      order.append(Index(top))
      stack.append(contentsOf: children[top].reversed())
    }
    return order
  }

  /// `point`, in the coordinates of the view at `index`, in the root's
  /// coordinates (points); the root's own placement is not applied.
  ///
  /// - Complexity: O(depth).
  public func rootPoint(_ point: CGPoint, from index: Index) -> CGPoint {
    var point = point
    var current = index.rawValue
    while current > 0 {
      point = views[current].fromLocal(point)
      current = parents[current]
    }
    return point
  }

  /// `point` (root coordinates, points) in the coordinates of the view at
  /// `index`, or nil when a transform on the way is singular.
  ///
  /// - Complexity: O(depth).
  public func localPoint(_ point: CGPoint, in index: Index) -> CGPoint? {
    var chain: [Int] = []
    var current = index.rawValue
    while current > 0 {
      chain.append(current)
      current = parents[current]
    }
    var point = point
    for view in chain.reversed() {
      guard let local = views[view].localPoint(fromSuperview: point) else { return nil }
      point = local
    }
    return point
  }
}

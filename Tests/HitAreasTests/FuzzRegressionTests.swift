import Foundation
import HitAreas
import Testing

/// Inputs FuzzHitAreas found (Fuzz/), each a broken documented promise,
/// written out as values.
@Suite struct FuzzRegressionTests {
  /// Insets of `-greatestFiniteMagnitude` on bounds at `-greatestFiniteMagnitude`
  /// overflowed the inset bounds to x = -∞, width = +∞, whose maxX is NaN:
  /// `CGRect.contains` trapped on it. Bad values never trap.
  @Test func overflowingInsetsNeitherTrapNorContain() {
    let huge = CGFloat.greatestFiniteMagnitude
    let area = HitArea(insets: EdgeInsets(top: 0, left: -huge, bottom: 0, right: 0))
    let bounds = CGRect(x: -huge, y: 0, width: 10, height: 10)
    #expect(area.insetBounds(bounds) == .null)
    #expect(!area.contains(CGPoint(x: 0, y: 5), bounds: bounds))
    var tree = HitTree(
      root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
    var view = HitView(id: "v", center: CGPoint(x: 50, y: 50), bounds: bounds)
    view.hitArea = area
    tree.add(view)
    #expect(tree.hitTest(CGPoint(x: 50, y: 50)).map { tree[$0.view].id } == "root")
    #expect(HitIndex(tree).hitTest(CGPoint(x: 50, y: 50)) == tree.hitTest(CGPoint(x: 50, y: 50)))
  }

  /// The same overflow reached through an editor's tap (FuzzEditor): bounds
  /// spanning -greatestFiniteMagnitude…0 with the left edge moved out by
  /// greatestFiniteMagnitude. The inset bounds are `CGRect.null`, so the
  /// area, its bounding rect and the index agree: no point, and no trap.
  @Test func insetsBeyondTheLargestCoordinateAgreeWithTheBoundingRect() {
    let huge = CGFloat.greatestFiniteMagnitude
    let bounds = CGRect(x: -huge, y: 0, width: huge, height: 10)
    let area = HitArea(insets: EdgeInsets(top: 0, left: -huge, bottom: 0, right: 0))
    #expect(area.insetBounds(bounds) == .null)
    #expect(area.boundingRect(bounds: bounds) == .null)
    for point in [CGPoint(x: -1, y: 5), CGPoint(x: 5, y: 5), CGPoint(x: 0, y: 10)] {
      #expect(!area.contains(point, bounds: bounds))
    }
  }

  /// A point a subnormal step left of a polygon's vertex rounded onto the
  /// edge through it and counted as inside, outside the shape's bounding rect
  /// (which promises to hold every point the shape contains).
  @Test func polygonContainsNoPointOutsideItsBoundingRect() {
    let polygon = HitShape.polygon(
      [
        CGPoint(x: 19.5, y: 19.5), CGPoint(x: 19.5, y: 19.5), CGPoint(x: 19.5, y: 19.5),
        CGPoint(x: 19.5, y: 236), CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 19.5),
      ], rule: .evenOdd)
    let point = CGPoint(x: -CGFloat.leastNonzeroMagnitude, y: 0)
    #expect(polygon.boundingRect.minX == 0)
    #expect(!polygon.contains(point))
  }

  /// The bounding rect of vertices is rounded outward: its max edge is never
  /// short of the largest coordinate.
  @Test func boundingRectHoldsItsLargestVertex() {
    let polygon = HitShape.polygon(
      [CGPoint(x: 0.1, y: -1e17), CGPoint(x: 1e16 + 2, y: 0.3), CGPoint(x: 0.7, y: 3)],
      rule: .nonZero)
    let box = polygon.boundingRect
    #expect(box.maxX >= 1e16 + 2)
    #expect(box.maxY >= 3)
  }

  /// The same rounding on a circle: a point a subnormal step left of the
  /// leftmost point squared to exactly the radius.
  @Test func circleContainsNoPointOutsideItsBoundingRect() {
    let circle = HitShape.circle(center: CGPoint(x: 19.5, y: 19.5), radius: 19.5)
    #expect(!circle.contains(CGPoint(x: -CGFloat.leastNonzeroMagnitude, y: 19.5)))
    #expect(circle.contains(CGPoint(x: 0, y: 19.5)))
    #expect(circle.contains(CGPoint(x: 39, y: 19.5)))
  }

  /// A vertex at `greatestFiniteMagnitude` overflowed the side test to NaN or
  /// ∞, so a polygon and the same polygon reversed disagreed about a point.
  @Test func polygonWithAHugeVertexHoldsThePointsOfItsReverse() {
    let points = [
      CGPoint(x: 19.5, y: 147.5), CGPoint(x: 285, y: 291),
      CGPoint(x: CGFloat.greatestFiniteMagnitude, y: 0), CGPoint(x: 19.5, y: 19.5),
      CGPoint(x: 0, y: 0),
    ]
    for rule in HitFillRule.allCases {
      for point in [CGPoint(x: 19.5, y: 288), CGPoint(x: 100, y: 100), CGPoint(x: 1e300, y: 1)] {
        #expect(
          HitShape.polygon(points, rule: rule).contains(point)
            == HitShape.polygon(points.reversed(), rule: rule).contains(point))
      }
    }
    #expect(HitShape.polygon(points, rule: .nonZero).contains(CGPoint(x: 100, y: 100)))
  }

  /// A rotated view whose hit area's bounding rect is infinite (an extra rect
  /// reaching past `-greatestFiniteMagnitude`): its corners rotated to NaN,
  /// the index boxed it as a finite rect that missed the point, and answered
  /// the root where the walk answers the view.
  @Test func indexFindsARotatedViewWithAnInfiniteArea() {
    let huge = CGFloat.greatestFiniteMagnitude
    let bounds = CGRect(x: 0, y: 0, width: 37, height: 37)
    let farCircle = HitShape.circle(center: CGPoint(x: -huge, y: -huge), radius: -huge)
    var root = HitView(
      id: "root", center: CGPoint(x: 35.5, y: 35.5), bounds: bounds, clipsToBounds: true)
    root.hitArea = HitArea(
      insets: EdgeInsets(top: -huge, left: -huge, bottom: -huge, right: -huge),
      extraRects: [CGRect(x: -huge, y: -huge, width: -huge, height: -huge)],
      minimumSize: HitArea.appleMinimumSize, shapes: [farCircle], exclusions: [farCircle])
    var tree = HitTree(root: root)
    var view = HitView(
      id: "v1", center: CGPoint(x: 35.5, y: 35.5), bounds: bounds,
      transform: HitTransform(
        a: 0.955336489125606, b: 0.29552020666133955, c: -0.29552020666133955,
        d: 0.955336489125606, tx: 0, ty: 0),
      clipsToBounds: true)
    view.hitArea = HitArea(
      insets: EdgeInsets(top: 249, left: 58.5, bottom: 254.5, right: -huge),
      extraRects: [CGRect(x: -1.5, y: -huge, width: -huge, height: -huge)],
      minimumSize: HitArea.appleMinimumSize, shapes: [farCircle],
      exclusions: [
        .polygon(
          [CGPoint(x: -huge, y: -huge)] + Array(repeating: CGPoint(x: 107.5, y: 107.5), count: 4),
          rule: .evenOdd)
      ])
    tree.add(view)
    let point = CGPoint(x: 23.29339877441107, y: 12.359151127941505)
    for policy in [HitTestPolicy.standard, .uikit, .frontMost] {
      #expect(tree.hitTest(point, policy: policy).map { tree[$0.view].id } == "v1")
      #expect(HitIndex(tree).hitTest(point, policy: policy) == tree.hitTest(point, policy: policy))
    }
  }

  /// A view centred near -greatestFiniteMagnitude / 2: mapping the point down
  /// rounds 241 away, so the walk finds the view's shape under it, while the
  /// box mapped up rounded to a sliver near 0 and the index missed the view.
  @Test func indexAgreesWithTheWalkForAFarPlacedView() {
    let huge = CGFloat.greatestFiniteMagnitude
    var tree = HitTree(
      root: HitView(
        id: "root", center: CGPoint(x: -13.5, y: 16.5),
        bounds: CGRect(x: -19, y: CGFloat.leastNonzeroMagnitude, width: 5, height: 69),
        allowsSubviewHitsOutside: true))
    var view = HitView(
      id: "far", center: CGPoint(x: -huge / 2, y: -huge / 2),
      bounds: CGRect(x: 0, y: 0, width: -huge, height: -huge))
    view.clipsToBounds = true
    view.hitArea.insets = EdgeInsets(top: -huge, left: -huge, bottom: -huge, right: -20)
    view.hitArea.shapes = [.rect(CGRect(x: 0, y: 2, width: 226.5, height: -18))]
    tree.add(view)
    let point = CGPoint(x: 241, y: CGFloat.leastNonzeroMagnitude)
    #expect(tree.hitTest(point, policy: .frontMost).map { tree[$0.view].id } == "far")
    for policy in [HitTestPolicy.standard, .uikit, .frontMost] {
      #expect(HitIndex(tree).hitTest(point, policy: policy) == tree.hitTest(point, policy: policy))
    }
  }

  /// An infinite alpha kept the view (`alpha >= 0.01` holds for +∞), though
  /// "a NaN or infinite … alpha removes the view and its subviews" — in the
  /// tree walk, the index and `takesTouches` alike (issue 23).
  @Test(arguments: [CGFloat.infinity, -.infinity, .nan])
  func nonFiniteAlphaRemovesTheViewAndItsSubviews(_ alpha: CGFloat) {
    var tree = HitTree(
      root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
    let view = tree.add(
      HitView(id: "v", frame: CGRect(x: 0, y: 0, width: 50, height: 50), alpha: alpha))
    tree.add(HitView(id: "child", frame: CGRect(x: 0, y: 0, width: 50, height: 50)), to: view)
    #expect(!tree[view].takesTouches)
    let point = CGPoint(x: 10, y: 10)
    for policy in [HitTestPolicy.standard, .uikit, .frontMost] {
      #expect(tree.hitTest(point, policy: policy).map { tree[$0.view].id } == "root")
      #expect(HitIndex(tree).hitTest(point, policy: policy) == tree.hitTest(point, policy: policy))
    }
  }
}

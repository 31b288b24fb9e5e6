import Foundation
import HitAreas
import Testing

/// Compiles only if HitAreas' public types can cross concurrency domains; at
/// run time, checks a tree made on another task answers the same.
@Test func hitAreasTypesAreSendable() async {
  func check<T: Sendable>(_: T.Type) {}
  check(HitTree.self)
  check(HitTree.Index.self)
  check(HitView.self)
  check(HitArea.self)
  check(HitShape.self)
  check(HitShapeError.self)
  check(HitFillRule.self)
  check(HitTransform.self)
  check(HitIndex.self)
  check(HitTestPolicy.self)
  check(HitTestResult.self)
  check(GeometryTextError.self)

  var tree = HitTree(root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 10, height: 10)))
  tree.add(HitView(id: "a", frame: CGRect(x: 0, y: 0, width: 5, height: 5)))
  let copy = tree
  let hit = await Task.detached { copy.hitTest(CGPoint(x: 1, y: 1)) }.value
  #expect(hit.map { tree[$0.view].id } == "a")
}

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
}

import Foundation
import Testing
import TextLinks

/// Inputs FuzzLinks found (Fuzz/), each a broken documented promise, written
/// out as values.
@Suite struct FuzzRegressionTests {
  /// An infinite tolerance counts as the largest finite value, "the nearest
  /// link anywhere"; a point near `-greatestFiniteMagnitude` squared its
  /// distance to infinity and hit nothing.
  @Test func infiniteToleranceReachesAFarPoint() {
    let text = "see x.co"
    let layout = LinkLayout(
      frame: TextFrame(text), links: LinkDetector().links(in: text), origin: CGPoint(x: 5, y: 8))
    let point = CGPoint(x: -CGFloat.greatestFiniteMagnitude, y: 0)
    let hit = layout.hit(at: point, tolerance: .infinity)
    #expect(hit?.linkIndex == 0)
    #expect(hit?.isExact == false)
    #expect(hit?.distance == .greatestFiniteMagnitude)
    #expect(layout.hitByScanning(at: point, tolerance: .infinity) == hit)
  }

  /// A press with an allowable movement of `greatestFiniteMagnitude` is not
  /// cancelled by a move of 1e200 points (its square overflowed).
  @Test func hugeAllowableMovementKeepsAPressOnAFarMove() {
    let text = "x.co"
    let layout = LinkLayout(frame: TextFrame(text), links: LinkDetector().links(in: text))
    var press = LinkPressGesture(
      configuration: .init(
        allowableMovement: .greatestFiniteMagnitude, tolerance: .greatestFiniteMagnitude))
    #expect(press.handle(.down(CGPoint(x: 1, y: 0.5), at: 0), in: layout) == .pressed(0))
    #expect(press.handle(.moved(CGPoint(x: 1e200, y: 0.5), at: 0.1), in: layout) == .unchanged)
    #expect(press.handle(.up(CGPoint(x: 1e200, y: 0.5), at: 0.2), in: layout) == .tapped(0))
  }
}

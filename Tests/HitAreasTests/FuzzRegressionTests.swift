import Foundation
import HitAreas
import Testing

/// Inputs the FuzzEditor target (Fuzz/) found breaking a documented promise,
/// each reduced to its smallest form.
@Suite("HitAreas fuzz regressions")
struct FuzzRegressionTests {
  @Test("Insets that move an edge past the largest finite coordinate do not trap")
  func insetsBeyondTheLargestCoordinate() {
    let bounds = CGRect(
      x: -.greatestFiniteMagnitude, y: 0, width: .greatestFiniteMagnitude, height: 10)
    let area = HitArea(
      insets: EdgeInsets(top: 0, left: -.greatestFiniteMagnitude, bottom: 0, right: 0))
    #expect(area.contains(CGPoint(x: -1, y: 5), bounds: bounds))
    #expect(area.contains(CGPoint(x: 5, y: 5), bounds: bounds) == false)
    #expect(area.contains(CGPoint(x: 0, y: 10), bounds: bounds) == false)
  }
}

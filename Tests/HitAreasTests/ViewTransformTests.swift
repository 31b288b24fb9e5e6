import Foundation
import HitAreas
import Testing

/// `HitView.fromSuperview`, the superview-to-view map as one transform, agrees
/// with `localPoint(fromSuperview:)` and inverts `fromLocal(_:)`; sizes print
/// as `NSStringFromCGSize` does.
@Suite("HitView.fromSuperview agrees with localPoint(fromSuperview:)")
struct ViewTransformTests {
  static let views = [
    HitView(id: "plain", frame: CGRect(x: 10, y: 20, width: 100, height: 50)),
    HitView(
      id: "scrolled", frame: CGRect(x: 0, y: 100, width: 320, height: 400),
      boundsOrigin: CGPoint(x: 0, y: 250)),
    HitView(
      id: "scaled", frame: CGRect(x: 40, y: 40, width: 60, height: 30),
      transform: .scale(x: 2, y: 0.5)),
    HitView(
      id: "rotated", frame: CGRect(x: -20, y: 5, width: 44, height: 44),
      boundsOrigin: CGPoint(x: 3, y: -7), transform: .rotation(.pi / 6)),
    HitView(
      id: "moved", frame: CGRect(x: 5, y: 5, width: 10, height: 10),
      transform: HitTransform.translation(x: 7, y: -3).concatenating(.rotation(1))),
  ]
  static let points = [
    CGPoint.zero, CGPoint(x: 10, y: 20), CGPoint(x: 60, y: 45), CGPoint(x: -33.5, y: 210),
    CGPoint(x: 1e4, y: -1e3),
  ]

  static func close(_ a: CGPoint, _ b: CGPoint) -> Bool {
    abs(a.x - b.x) <= 1e-9 * max(1, abs(a.x)) && abs(a.y - b.y) <= 1e-9 * max(1, abs(a.y))
  }

  @Test("The transform maps every point as localPoint does, and fromLocal maps it back")
  func fromSuperviewAgrees() throws {
    for view in Self.views {
      let map = try #require(view.fromSuperview, "\(view.id)")
      for point in Self.points {
        let local = try #require(view.localPoint(fromSuperview: point))
        #expect(Self.close(map.apply(to: point), local), "\(view.id) \(point)")
        #expect(Self.close(view.fromLocal(local), point), "\(view.id) \(point)")
      }
    }
    // The doc example: a list scrolled down 250 pt.
    let list = try #require(Self.views[1].fromSuperview)
    #expect(list.apply(to: CGPoint(x: 10, y: 110)) == CGPoint(x: 10, y: 260))
  }

  @Test("A singular or non-finite view has no map")
  func noMap() {
    var flat = Self.views[0]
    flat.transform = .scale(x: 0, y: 1)
    #expect(flat.fromSuperview == nil)
    #expect(flat.localPoint(fromSuperview: .zero) == nil)
    var lost = Self.views[0]
    lost.center.x = .nan
    #expect(lost.fromSuperview == nil)
    var infinite = Self.views[0]
    infinite.bounds.size.width = .infinity
    #expect(infinite.fromSuperview == nil)
  }

  @Test("Sizes print as {width, height}")
  func sizeText() throws {
    #expect(GeometryText.string(from: CGSize(width: 3, height: 4.5)) == "{3, 4.5}")
    #expect(try GeometryText.size(from: "{3, 4.5}") == CGSize(width: 3, height: 4.5))
  }
}

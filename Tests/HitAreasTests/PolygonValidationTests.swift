import Foundation
import HitAreas
import Testing

/// `HitShape.validate()` on polygons of four and more vertices: simple ones
/// pass; edges that cross, or that only touch (a vertex on another edge),
/// are named by their indices (edge `i` runs from vertex `i` to `i + 1`).
@Suite("Polygon validation: simple polygons pass, touching edges are named")
struct PolygonValidationTests {
  static func polygon(_ points: [(CGFloat, CGFloat)]) -> HitShape {
    .polygon(points.map { CGPoint(x: $0.0, y: $0.1) }, rule: .nonZero)
  }

  @Test(
    "Simple polygons of four and more vertices are valid",
    arguments: [
      [(0, 0), (10, 0), (10, 10), (0, 10)],  // a square
      [(0, 0), (10, 0), (10, 4), (4, 4), (4, 10), (0, 10)],  // an L, concave
      [(0, 5), (5, 0), (10, 5), (7, 5), (7, 10), (3, 10), (3, 5)],  // an arrow
    ] as [[(CGFloat, CGFloat)]])
  func simplePolygons(points: [(CGFloat, CGFloat)]) {
    #expect(throws: Never.self) { try Self.polygon(points).validate() }
  }

  @Test("A vertex on a non-adjacent edge is a self-intersection")
  func touchingEdges() {
    // A spike folding back onto the first edge: vertex 2 lies on edge 0.
    #expect(throws: HitShapeError.selfIntersecting(edges: 0, 2)) {
      try Self.polygon([(0, 0), (4, 0), (2, 0), (2, 3)]).validate()
    }
    // Vertex 0, where edge 0 starts, lies on edge 2.
    #expect(throws: HitShapeError.selfIntersecting(edges: 0, 2)) {
      try Self.polygon([(2, 0), (3, 2), (4, 0), (0, 0), (1, 2)]).validate()
    }
    // Vertex 1, where edge 0 ends, lies on edge 3.
    #expect(throws: HitShapeError.selfIntersecting(edges: 0, 3)) {
      try Self.polygon([(0, -2), (2, 0), (4, -2), (4, 0), (0, 0)]).validate()
    }
    // Vertex 4, where edge 3 ends, lies on edge 0.
    #expect(throws: HitShapeError.selfIntersecting(edges: 0, 3)) {
      try Self.polygon([(0, 0), (4, 0), (4, 4), (0, 4), (2, 0)]).validate()
    }
    #expect(
      HitShapeError.selfIntersecting(edges: 0, 3).description
        == "a polygon whose edges 0 and 3 cross: expected a simple polygon")
  }
}

import Foundation

/// Plane geometry the hit tests share: winding numbers, segment crossings,
/// distances. Coordinates are points; nothing here traps on NaN or infinity
/// (comparisons with NaN are false, so such input is simply "not inside").
enum Planar {
  /// Whether the rect's origin and size are all finite.
  static func isFinite(_ rect: CGRect) -> Bool {
    rect.origin.x.isFinite && rect.origin.y.isFinite && rect.size.width.isFinite
      && rect.size.height.isFinite
  }

  /// The winding number of the closed polygon `points` around `point`
  /// (Sunday's crossing rule: an upward edge counts when the point is
  /// strictly left of it, a downward one when strictly right; an edge's lower
  /// end is inclusive, its upper end exclusive).
  ///
  /// - Complexity: O(n) in the vertices.
  static func windingNumber(of point: CGPoint, around points: [CGPoint]) -> Int {
    var winding = 0
    let count = points.count
    for index in 0..<count {
      let a = points[index]
      let b = points[index + 1 == count ? 0 : index + 1]
      let side = Self.side(of: point, a, b)
      if a.y <= point.y {
        if b.y > point.y, side > 0 { winding += 1 }
      } else if b.y <= point.y, side < 0 {
        winding -= 1
      }
    }
    return winding
  }

  /// Which side of the line `a`→`b` the point is on: the cross product
  /// `(b − a) × (point − a)`, whose sign is all that is read. Coordinates near
  /// ±greatestFiniteMagnitude overflow it (to ±∞ or NaN, a wrong or no
  /// side); then it is computed again on the coordinates scaled by 2⁻⁵²⁰
  /// (exact, and too small to overflow).
  static func side(of point: CGPoint, _ a: CGPoint, _ b: CGPoint) -> CGFloat {
    let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
    if side.isFinite { return side }
    let scale = CGFloat(sign: .plus, exponent: -520, significand: 1)
    let (px, py) = (point.x * scale, point.y * scale)
    let (ax, ay, bx, by) = (a.x * scale, a.y * scale, b.x * scale, b.y * scale)
    return (bx - ax) * (py - ay) - (px - ax) * (by - ay)
  }

  /// The whole plane: origin at -infinity, size +infinity.
  static let plane = CGRect(
    x: -CGFloat.infinity, y: -.infinity, width: .infinity, height: .infinity)

  /// The smallest rect holding `points` (`CGRect.null` for none). A NaN
  /// coordinate (the corner of an infinite rect turned by a rotation) could
  /// lie anywhere, so it makes the rect `plane`.
  ///
  /// - Complexity: O(n).
  static func boundingRect(of points: [CGPoint]) -> CGRect {
    guard let first = points.first else { return .null }
    if points.contains(where: { $0.x.isNaN || $0.y.isNaN }) { return plane }
    var minX = first.x
    var maxX = first.x
    var minY = first.y
    var maxY = first.y
    for point in points.dropFirst() {
      minX = Swift.min(minX, point.x)
      maxX = Swift.max(maxX, point.x)
      minY = Swift.min(minY, point.y)
      maxY = Swift.max(maxY, point.y)
    }
    return CGRect(x: minX, y: minY, width: extent(minX, maxX), height: extent(minY, maxY))
  }

  /// `high - low` rounded up as needed so that `low + extent ≥ high`: the
  /// length of a rect from `low` whose max edge is not short of `high`.
  static func extent(_ low: CGFloat, _ high: CGFloat) -> CGFloat {
    var length = high - low
    for _ in 0..<4 where low + length < high {
      length += Swift.max(high - (low + length), length.ulp)
    }
    return length
  }

  /// Whether `point` is in the closed rect (its max edges included).
  static func closedContains(_ rect: CGRect, _ point: CGPoint) -> Bool {
    point.x >= rect.minX && point.x <= rect.maxX && point.y >= rect.minY && point.y <= rect.maxY
  }

  /// The first pair of non-adjacent edges of the closed polygon that touch
  /// or cross (edge `i` runs from vertex `i` to `i + 1`), or nil.
  ///
  /// - Complexity: O(n²) in the vertices.
  static func firstCrossing(in points: [CGPoint]) -> (Int, Int)? {
    let count = points.count
    guard count >= 4 else { return nil }
    for i in 0..<count {
      for j in stride(from: i + 2, to: count, by: 1) where !(i == 0 && j == count - 1) {
        if segmentsTouch(
          points[i], points[(i + 1) % count], points[j], points[(j + 1) % count])
        {
          return (i, j)
        }
      }
    }
    return nil
  }

  /// Whether segments p1p2 and p3p4 share a point.
  static func segmentsTouch(_ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ p4: CGPoint) -> Bool {
    func orientation(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> Int {
      let value = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
      return value > 0 ? 1 : value < 0 ? -1 : 0
    }
    func onSegment(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> Bool {
      Swift.min(a.x, b.x) <= c.x && c.x <= Swift.max(a.x, b.x) && Swift.min(a.y, b.y) <= c.y
        && c.y <= Swift.max(a.y, b.y)
    }
    let d1 = orientation(p3, p4, p1)
    let d2 = orientation(p3, p4, p2)
    let d3 = orientation(p1, p2, p3)
    let d4 = orientation(p1, p2, p4)
    if d1 * d2 < 0 && d3 * d4 < 0 { return true }
    if d1 == 0 && onSegment(p3, p4, p1) { return true }
    if d2 == 0 && onSegment(p3, p4, p2) { return true }
    if d3 == 0 && onSegment(p1, p2, p3) { return true }
    if d4 == 0 && onSegment(p1, p2, p4) { return true }
    return false
  }

  /// The distance from `point` to the closed convex polygon `corners` (0
  /// inside or on it), in the points' unit.
  ///
  /// - Complexity: O(n) in the corners.
  static func distance(from point: CGPoint, toConvex corners: [CGPoint]) -> CGFloat {
    guard corners.count >= 3 else { return .infinity }
    // Inside when on the same side of every edge (either orientation).
    var positive = false
    var negative = false
    var best = CGFloat.infinity
    for index in corners.indices {
      let a = corners[index]
      let b = corners[(index + 1) % corners.count]
      let side = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
      if side > 0 { positive = true }
      if side < 0 { negative = true }
      best = Swift.min(best, distance(from: point, toSegment: a, b))
    }
    // Outside, or a degenerate (flat) polygon: the nearest edge.
    return positive == negative ? best : 0
  }

  /// The distance from `point` to the segment `a`–`b`.
  static func distance(from point: CGPoint, toSegment a: CGPoint, _ b: CGPoint) -> CGFloat {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let lengthSquared = dx * dx + dy * dy
    var t: CGFloat = 0
    if lengthSquared > 0 {
      t = ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared
      t = Swift.min(Swift.max(t, 0), 1)
    }
    let x = a.x + t * dx - point.x
    let y = a.y + t * dy - point.y
    return (x * x + y * y).squareRoot()
  }
}

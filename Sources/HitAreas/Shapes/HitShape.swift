public import Foundation

/// How a polygon's inside is decided where its edges cross or wind twice,
/// as `CGPathFillRule`.
public enum HitFillRule: String, Hashable, Sendable, CaseIterable {
  /// Inside where the winding number is not zero (UIKit's default).
  case nonZero
  /// Inside where a ray crosses the edges an odd number of times.
  case evenOdd
}

/// A shape a hit area adds (or, as an exclusion, removes), in the view's own
/// coordinates: points, origin at the bounds' origin, y down.
///
/// Containment follows `CGRect.contains` where it can: rects are half-open
/// (min edge inclusive, max edge exclusive). Curved and slanted edges use
/// the closed inequality (a point exactly on a circle is inside).
///
/// Bad shapes have a documented result and never trap:
/// - a polygon with fewer than 3 vertices, a circle with a radius ≤ 0, an
///   ellipse or rect with a width or height of 0, or any NaN or infinite
///   number (but an infinite corner radius) contains no point;
/// - a negative rect size is standardized (the rect spans back from its
///   origin, as `CGRect.contains` reads it);
/// - a rounded rect's corner radius is clamped to 0 … half its shorter side
///   (an infinite radius gives a stadium);
/// - a self-intersecting polygon is filled by its fill rule (a figure eight
///   has two lobes under both rules; a pentagram's centre is inside with
///   `.nonZero`, outside with `.evenOdd`). `HitShape.validate()` reports
///   these cases for callers that want to refuse them.
///
/// ```swift
/// let round = HitShape.circle(center: CGPoint(x: 22, y: 22), radius: 22)
/// round.contains(CGPoint(x: 2, y: 2))    // false: the corner of the 44 × 44 bounds
/// round.contains(CGPoint(x: 22, y: 40))  // true
/// ```
public enum HitShape: Hashable, Sendable, CustomStringConvertible {
  /// A rect (half-open).
  case rect(CGRect)
  /// A polygon through `points` (closed back to the first), filled by `rule`.
  case polygon([CGPoint], rule: HitFillRule)
  /// A disc: points within `radius` of `center` (closed).
  case circle(center: CGPoint, radius: CGFloat)
  /// The ellipse inscribed in a rect (closed).
  case ellipse(in: CGRect)
  /// A rect with rounded corners of `cornerRadius` points (the straight edges
  /// half-open, as a rect; the corners closed, as a circle).
  case roundedRect(CGRect, cornerRadius: CGFloat)

  /// Whether the shape contains `point` (points, the view's coordinates).
  ///
  /// - Complexity: O(n) in a polygon's vertices; O(1) otherwise.
  public func contains(_ point: CGPoint) -> Bool {
    guard point.x.isFinite, point.y.isFinite else { return false }
    // The shape's own test rounds: a point a unit in the last place outside
    // can land on a curve or edge. Within the bounding rect (closed) as well,
    // the shape never holds a point outside it, as `boundingRect` promises.
    return containsByShape(point) && Planar.closedContains(boundingRect, point)
  }

  private func containsByShape(_ point: CGPoint) -> Bool {
    switch self {
    case .rect(let rect):
      return Planar.isFinite(rect) && rect.contains(point)
    case .polygon(let points, let rule):
      guard points.count >= 3, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
        return false
      }
      let winding = Planar.windingNumber(of: point, around: points)
      switch rule {
      case .nonZero: return winding != 0
      case .evenOdd: return winding % 2 != 0
      }
    case .circle(let center, let radius):
      guard center.x.isFinite, center.y.isFinite, radius.isFinite, radius > 0 else { return false }
      let dx = point.x - center.x
      let dy = point.y - center.y
      return dx * dx + dy * dy <= radius * radius
    case .ellipse(let rect):
      guard Planar.isFinite(rect) else { return false }
      let rect = rect.standardized
      guard rect.width > 0, rect.height > 0 else { return false }
      let nx = (point.x - rect.midX) / (rect.width / 2)
      let ny = (point.y - rect.midY) / (rect.height / 2)
      return nx * nx + ny * ny <= 1
    case .roundedRect(let rect, let cornerRadius):
      guard Planar.isFinite(rect), !cornerRadius.isNaN else { return false }
      let rect = rect.standardized
      guard rect.contains(point) else { return false }
      // An infinite radius clamps to half the shorter side, a negative one to 0.
      let radius = Swift.min(Swift.max(cornerRadius, 0), Swift.min(rect.width, rect.height) / 2)
      guard radius > 0 else { return true }
      // The nearest corner circle's centre; inside the cross of the two
      // straight bands the rect test above decides.
      let cx = Swift.min(Swift.max(point.x, rect.minX + radius), rect.maxX - radius)
      let cy = Swift.min(Swift.max(point.y, rect.minY + radius), rect.maxY - radius)
      let dx = point.x - cx
      let dy = point.y - cy
      return dx * dx + dy * dy <= radius * radius
    }
  }

  /// A rect that holds every point the shape contains (points, the view's
  /// coordinates), or `CGRect.null` when it contains none.
  ///
  /// - Complexity: O(n) in a polygon's vertices; O(1) otherwise.
  public var boundingRect: CGRect {
    switch self {
    case .rect(let rect), .ellipse(let rect), .roundedRect(let rect, _):
      guard Planar.isFinite(rect) else { return .null }
      let rect = rect.standardized
      return rect.width > 0 && rect.height > 0 ? rect : .null
    case .polygon(let points, _):
      guard points.count >= 3, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
        return .null
      }
      return Planar.boundingRect(of: points)
    case .circle(let center, let radius):
      guard center.x.isFinite, center.y.isFinite, radius.isFinite, radius > 0 else { return .null }
      let (minX, minY) = (center.x - radius, center.y - radius)
      return CGRect(
        x: minX, y: minY, width: Planar.extent(minX, center.x + radius),
        height: Planar.extent(minY, center.y + radius))
    }
  }

  /// Checks the shape is well formed.
  ///
  /// - Throws: `HitShapeError` for a polygon with fewer than 3 vertices or
  ///   whose edges cross, a non-positive radius or size, or a NaN or infinite
  ///   number. (`contains(_:)` gives each of these a documented result; this
  ///   is for callers that want to refuse them.)
  /// - Complexity: O(n²) in a polygon's vertices; O(1) otherwise.
  public func validate() throws(HitShapeError) {
    switch self {
    case .rect(let rect), .ellipse(let rect), .roundedRect(let rect, _):
      guard Planar.isFinite(rect) else { throw .nonFinite(description) }
      guard rect.width != 0, rect.height != 0 else { throw .emptySize(description) }
      if case .roundedRect(_, let radius) = self, !radius.isFinite {
        throw .nonFinite(description)
      }
    case .polygon(let points, _):
      guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
        throw .nonFinite(description)
      }
      guard points.count >= 3 else { throw .tooFewPoints(points.count) }
      if let crossing = Planar.firstCrossing(in: points) {
        throw .selfIntersecting(edges: crossing.0, crossing.1)
      }
    case .circle(let center, let radius):
      guard center.x.isFinite, center.y.isFinite, radius.isFinite else {
        throw .nonFinite(description)
      }
      guard radius > 0 else { throw .emptySize(description) }
    }
  }

  /// The text form `HitShape(text:)` reads (see there).
  public var description: String {
    switch self {
    case .rect(let rect): return "rect \(GeometryText.string(from: rect))"
    case .polygon(let points, let rule):
      let list = "[" + points.map { GeometryText.string(from: $0) }.joined(separator: ", ") + "]"
      return rule == .nonZero ? "polygon \(list)" : "polygon evenOdd \(list)"
    case .circle(let center, let radius):
      return "circle \(GeometryText.string(from: center)) \(GeometryText.number(radius))"
    case .ellipse(let rect): return "ellipse \(GeometryText.string(from: rect))"
    case .roundedRect(let rect, let radius):
      return "roundedRect \(GeometryText.string(from: rect)) \(GeometryText.number(radius))"
    }
  }
}

/// A shape that is not well formed (`HitShape.validate()`), or shape text
/// that cannot be read (`HitShape(text:)`). Each message names the bad value
/// and what was expected.
public enum HitShapeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A polygon with this many vertices: at least 3 are needed.
  case tooFewPoints(Int)
  /// A polygon whose edges `i` and `j` (0-based; edge `i` runs from vertex
  /// `i` to vertex `i + 1`) cross.
  case selfIntersecting(edges: Int, Int)
  /// A shape with a radius, width or height of 0 (or a negative radius).
  case emptySize(String)
  /// A shape with a NaN or infinite number.
  case nonFinite(String)
  /// Text that is not a shape.
  case malformed(String)

  public var description: String {
    switch self {
    case .tooFewPoints(let count):
      return "a polygon of \(count) point(s): expected at least 3"
    case .selfIntersecting(let i, let j):
      return "a polygon whose edges \(i) and \(j) cross: expected a simple polygon"
    case .emptySize(let shape):
      return "'\(shape)': expected a radius, width and height other than 0"
    case .nonFinite(let shape):
      return "'\(shape)': expected finite numbers"
    case .malformed(let text):
      return "'\(text)': expected a shape: rect {{x, y}, {w, h}}, circle {x, y} r, "
        + "ellipse {{x, y}, {w, h}}, roundedRect {{x, y}, {w, h}} r, "
        + "polygon [evenOdd] [{x, y}, …]"
    }
  }
}

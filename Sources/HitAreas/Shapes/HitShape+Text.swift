import Foundation
import TextInputBase

extension HitShape {
  /// Reads a shape from its text form (the `hitShape` configuration key's),
  /// in the view's coordinates (points):
  ///
  /// ```
  /// rect {{x, y}, {width, height}}
  /// circle {x, y} radius
  /// ellipse {{x, y}, {width, height}}
  /// roundedRect {{x, y}, {width, height}} cornerRadius
  /// polygon [{x, y}, {x, y}, {x, y}]            non-zero winding
  /// polygon evenOdd [{x, y}, {x, y}, {x, y}]    even-odd (nonZero may be written too)
  /// ```
  ///
  /// ```swift
  /// try HitShape(text: "circle {22, 22} 22")  // .circle(center: (22, 22), radius: 22)
  /// try HitShape(text: "polygon [{0, 0}, {10, 0}]")
  /// // throws: a polygon of 2 point(s): expected at least 3
  /// ```
  ///
  /// Shapes are checked as far as their text: a polygon needs 3 vertices and
  /// numbers must be finite. A self-intersecting polygon is read (it is
  /// filled by its rule); call `validate()` to refuse it.
  ///
  /// - Throws: `HitShapeError.malformed` naming the text, `.tooFewPoints`.
  /// - Complexity: O(n) in the length of `text`.
  public init(text: String) throws(HitShapeError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let failure = HitShapeError.malformed(trimmed)
    let keyword = String(trimmed.prefix { $0.isLetter })
    let rest = trimmed.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
    switch keyword {
    case "rect", "ellipse":
      guard let rect = try? GeometryText.rect(from: rest) else { throw failure }
      self = keyword == "rect" ? .rect(rect) : .ellipse(in: rect)
    case "roundedRect":
      guard let close = rest.range(of: "}}", options: .backwards),
        let rect = try? GeometryText.rect(from: String(rest[..<close.upperBound])),
        let radius = Double(rest[close.upperBound...].trimmingCharacters(in: .whitespaces)),
        radius.isFinite
      else { throw failure }
      self = .roundedRect(rect, cornerRadius: CGFloat(radius))
    case "circle":
      guard let close = rest.firstIndex(of: "}"),
        let center = try? GeometryText.point(from: String(rest[...close])),
        let radius = Double(rest[rest.index(after: close)...].trimmingCharacters(in: .whitespaces)),
        radius.isFinite
      else { throw failure }
      self = .circle(center: center, radius: CGFloat(radius))
    case "polygon":
      var body = Substring(rest)
      var rule = HitFillRule.nonZero
      for candidate in HitFillRule.allCases where body.hasPrefix(candidate.rawValue) {
        rule = candidate
        body = body.dropFirst(candidate.rawValue.count)
      }
      guard
        let list = (try? ConfigurationValue(parsing: String(body), as: .list(.point)))?.listValue
      else { throw failure }
      let points = list.compactMap(\.pointValue)
      guard points.count >= 3 else { throw .tooFewPoints(points.count) }
      self = .polygon(points, rule: rule)
    default:
      throw failure
    }
  }
}

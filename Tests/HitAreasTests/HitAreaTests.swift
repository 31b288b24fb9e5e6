import Foundation
import HitAreas
import Testing

@Suite("Hit areas: insets, extra rects, minimum size, shapes, exclusions")
struct HitAreaTests {
  static let bounds = CGRect(x: 0, y: 0, width: 24, height: 24)

  @Test("The doc example")
  func docExample() {
    var area = HitArea(insets: .outset(by: 10))
    #expect(area.contains(CGPoint(x: -8, y: 12), bounds: Self.bounds))
    area = HitArea(minimumSize: HitArea.appleMinimumSize)
    #expect(area.contains(CGPoint(x: -9, y: 12), bounds: Self.bounds))
    area = HitArea(
      includesBounds: false, shapes: [.circle(center: CGPoint(x: 12, y: 12), radius: 12)])
    #expect(!area.contains(CGPoint(x: 1, y: 1), bounds: Self.bounds))
    #expect(area.contains(CGPoint(x: 12, y: 1), bounds: Self.bounds))
  }

  @Test("outset grows and inset shrinks, with UIEdgeInsetsInsetRect's sign")
  func insetSigns() {
    #expect(
      EdgeInsets.outset(by: 10) == EdgeInsets(top: -10, left: -10, bottom: -10, right: -10))
    #expect(EdgeInsets.inset(by: 4) == EdgeInsets(top: 4, left: 4, bottom: 4, right: 4))
    #expect(
      EdgeInsets.outset(left: 12, right: 3)
        == EdgeInsets(top: 0, left: -12, bottom: 0, right: -3))
    #expect(
      HitArea(insets: .outset(by: 10)).insetBounds(Self.bounds)
        == CGRect(x: -10, y: -10, width: 44, height: 44))
    #expect(
      HitArea(insets: .inset(by: 4)).insetBounds(Self.bounds)
        == CGRect(x: 4, y: 4, width: 16, height: 16)
    )
    // Meeting or crossing insets leave nothing.
    #expect(HitArea(insets: .inset(by: 12)).insetBounds(Self.bounds).isNull)
    #expect(HitArea(insets: .inset(by: 20)).insetBounds(Self.bounds).isNull)
    #expect(
      HitArea(insets: EdgeInsets(top: .nan, left: 0, bottom: 0, right: 0)).insetBounds(Self.bounds)
        .isNull)
    let inset = HitArea(insets: .inset(by: 4))
    #expect(!inset.contains(CGPoint(x: 2, y: 12), bounds: Self.bounds))
    #expect(inset.contains(CGPoint(x: 4, y: 12), bounds: Self.bounds))
    #expect(!inset.contains(CGPoint(x: 20, y: 12), bounds: Self.bounds))
  }

  @Test("Insets print and read as NSStringFromUIEdgeInsets")
  func insetsText() {
    let insets = EdgeInsets.outset(top: 0, left: 12.5, bottom: 0, right: 12)
    #expect(insets.description == "{0, -12.5, 0, -12}")
    #expect(
      (try? ConfigurationValue(parsing: " { 0 , -12.5, 0,-12 } ", as: .insets))?.insetsValue
        == insets)
    #expect((try? ConfigurationValue(parsing: "{0, 1, 2}", as: .insets))?.insetsValue == nil)
    #expect((try? ConfigurationValue(parsing: "{0, 1, 2, nan}", as: .insets))?.insetsValue == nil)
  }

  @Test("Extra rects are the category's hitTestExpandRects, half-open")
  func extraRects() throws {
    let rect = try GeometryText.rect(from: "{{24, 0}, {20, 24}}")
    let area = HitArea(extraRects: [rect])
    #expect(area.contains(CGPoint(x: 30, y: 5), bounds: Self.bounds))
    #expect(!area.contains(CGPoint(x: 44, y: 5), bounds: Self.bounds))
    #expect(area.contains(CGPoint(x: 5, y: 5), bounds: Self.bounds))
    // A negative size spans back from the origin, as CGRect.contains reads it.
    let back = HitArea(extraRects: [CGRect(x: 0, y: 0, width: -10, height: 24)])
    #expect(back.contains(CGPoint(x: -5, y: 5), bounds: Self.bounds))
  }

  @Test("The minimum size is centred on the bounds, and never shrinks them")
  func minimumSize() {
    #expect(HitArea.appleMinimumSize == CGSize(width: 44, height: 44))
    #expect(HitArea.materialMinimumSize == CGSize(width: 48, height: 48))
    let apple = HitArea(minimumSize: HitArea.appleMinimumSize)
    #expect(apple.minimumRect(in: Self.bounds) == CGRect(x: -10, y: -10, width: 44, height: 44))
    #expect(apple.contains(CGPoint(x: -10, y: 12), bounds: Self.bounds))
    #expect(!apple.contains(CGPoint(x: 34, y: 12), bounds: Self.bounds))
    let wide = CGRect(x: 0, y: 0, width: 100, height: 10)
    #expect(apple.minimumRect(in: wide) == CGRect(x: 0, y: -17, width: 100, height: 44))
    // A zero-size view still gets the minimum.
    #expect(apple.contains(CGPoint(x: 21, y: 0), bounds: CGRect(x: 0, y: 0, width: 0, height: 0)))
    for bad in [CGSize(width: -44, height: -44), CGSize(width: CGFloat.nan, height: .infinity)] {
      #expect(HitArea(minimumSize: bad).minimumRect(in: Self.bounds).isNull)
    }
  }

  @Test("Exclusions are subtracted from the union")
  func exclusions() {
    let area = HitArea(
      insets: .outset(by: 10),
      exclusions: [.rect(CGRect(x: 24, y: -10, width: 10, height: 44))])
    #expect(area.contains(CGPoint(x: -5, y: 5), bounds: Self.bounds))
    #expect(!area.contains(CGPoint(x: 28, y: 5), bounds: Self.bounds))
    #expect(area.contains(CGPoint(x: 23.9, y: 5), bounds: Self.bounds))
  }

  @Test("Shapes: polygon rules, circle, ellipse, rounded rect")
  func shapes() throws {
    // A pentagram: its centre winds twice.
    let star = (0..<5).map { index -> CGPoint in
      let angle = CGFloat(index) * 4 * .pi / 5 - .pi / 2
      return CGPoint(x: 50 + 40 * cos(angle), y: 50 + 40 * sin(angle))
    }
    #expect(HitShape.polygon(star, rule: .nonZero).contains(CGPoint(x: 50, y: 50)))
    #expect(!HitShape.polygon(star, rule: .evenOdd).contains(CGPoint(x: 50, y: 50)))
    #expect(HitShape.polygon(star, rule: .evenOdd).contains(CGPoint(x: 50, y: 15)))
    let circle = HitShape.circle(center: CGPoint(x: 22, y: 22), radius: 22)
    #expect(!circle.contains(CGPoint(x: 2, y: 2)))
    #expect(circle.contains(CGPoint(x: 22, y: 40)))
    #expect(circle.contains(CGPoint(x: 22, y: 44)))  // on the circle: closed
    let ellipse = HitShape.ellipse(in: CGRect(x: 0, y: 0, width: 40, height: 20))
    #expect(ellipse.contains(CGPoint(x: 39, y: 10)))
    #expect(!ellipse.contains(CGPoint(x: 39, y: 2)))
    let rounded = HitShape.roundedRect(CGRect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 8)
    #expect(!rounded.contains(CGPoint(x: 0.5, y: 0.5)))
    #expect(rounded.contains(CGPoint(x: 8, y: 0)))
    #expect(rounded.contains(CGPoint(x: 0, y: 10)))
    #expect(!rounded.contains(CGPoint(x: 40, y: 10)))  // the straight edge is half-open
    let stadium = HitShape.roundedRect(
      CGRect(x: 0, y: 0, width: 40, height: 20), cornerRadius: .infinity)
    #expect(!stadium.contains(CGPoint(x: 1, y: 1)) && stadium.contains(CGPoint(x: 10, y: 1)))
  }

  @Test(
    "Shapes print and read back",
    arguments: [
      "rect {{0, 0}, {44, 44}}", "circle {22, 22} 22", "ellipse {{-4, 0}, {52, 44}}",
      "roundedRect {{0, 0}, {80, 44}} 12.5", "polygon [{0, 0}, {10, 0}, {5, 10}]",
      "polygon evenOdd [{0, 0}, {10, 0}, {5, 10}, {5, -3}]",
    ])
  func shapeText(text: String) throws {
    let shape = try HitShape(text: text)
    #expect(shape.description == text)
    #expect(
      try HitShape(text: "  " + text.replacingOccurrences(of: ", ", with: ",") + " ") == shape)
  }

  @Test("Bad shape text is an error naming the text")
  func badShapeText() {
    #expect(throws: HitShapeError.tooFewPoints(2)) {
      try HitShape(text: "polygon [{0, 0}, {10, 0}]")
    }
    #expect(throws: HitShapeError.malformed("circle {22, 22}")) {
      try HitShape(text: "circle {22, 22}")
    }
    #expect(throws: HitShapeError.malformed("square {{0, 0}, {1, 1}}")) {
      try HitShape(text: "square {{0, 0}, {1, 1}}")
    }
    #expect(throws: HitShapeError.malformed("circle {0, 0} nan")) {
      try HitShape(text: "circle {0, 0} nan")
    }
    #expect(
      HitShapeError.tooFewPoints(2).description == "a polygon of 2 point(s): expected at least 3")
  }

  @Test("Bad shapes contain nothing; validate() names them")
  func badShapes() {
    let point = CGPoint(x: 1, y: 1)
    let pair = HitShape.polygon([.zero, CGPoint(x: 10, y: 10)], rule: .nonZero)
    #expect(!pair.contains(point))
    #expect(throws: HitShapeError.tooFewPoints(2)) { try pair.validate() }
    let bowtie = HitShape.polygon(
      [.zero, CGPoint(x: 10, y: 10), CGPoint(x: 10, y: 0), CGPoint(x: 0, y: 10)], rule: .nonZero)
    #expect(throws: HitShapeError.selfIntersecting(edges: 0, 2)) { try bowtie.validate() }
    #expect(bowtie.contains(CGPoint(x: 1, y: 5)) && !bowtie.contains(CGPoint(x: 5, y: 1)))
    let zero = HitShape.circle(center: .zero, radius: 0)
    #expect(!zero.contains(.zero))
    #expect(throws: HitShapeError.emptySize("circle {0, 0} 0")) { try zero.validate() }
    let nan = HitShape.rect(CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))
    #expect(!nan.contains(point))
    #expect(throws: HitShapeError.nonFinite(nan.description)) { try nan.validate() }
    #expect(
      !HitShape.ellipse(in: CGRect(x: 0, y: 0, width: 0, height: 10)).contains(CGPoint(x: 0, y: 5)))
    #expect(throws: Never.self) {
      try HitShape.polygon([.zero, CGPoint(x: 10, y: 0), CGPoint(x: 5, y: 8)], rule: .evenOdd)
        .validate()
    }
  }
}

@Suite("Geometry strings and transforms")
struct GeometryTextTests {
  @Test("Rects print and read as NSStringFromCGRect")
  func rects() throws {
    let rect = CGRect(x: -10, y: 0.5, width: 64, height: 44)
    #expect(GeometryText.string(from: rect) == "{{-10, 0.5}, {64, 44}}")
    #expect(try GeometryText.rect(from: "{{-10, 0.5}, {64, 44}}") == rect)
    #expect(try GeometryText.rect(from: " {{-10,0.5},{ 64 , 44 }} ") == rect)
    #expect(try GeometryText.size(from: "{44, 48}") == CGSize(width: 44, height: 48))
    #expect(try GeometryText.point(from: "{1e1, -2}") == CGPoint(x: 10, y: -2))
  }

  @Test(
    "Malformed rect strings are errors naming the text",
    arguments: [
      "", "{0, 0, 10, 10}", "{{0, 0}, {44}}", "{{0, 0}, {44, x}}", "{{0, 0}, {inf, 1}}",
      "{{0, 0}}, {{1, 1}}", "{{0, 0}, {1, 1}}}",
    ])
  func malformedRects(text: String) {
    #expect(throws: GeometryTextError(text: text, expected: .rect)) {
      try GeometryText.rect(from: text)
    }
  }

  @Test("The error message names the text and the form")
  func message() {
    #expect(
      GeometryTextError(text: "{{0, 0}, {44}}", expected: .rect).description
        == "'{{0, 0}, {44}}': expected a rect {{x, y}, {width, height}} of finite numbers")
  }

  @Test("Transforms: rotation, inverse, singular, text")
  func transforms() throws {
    let quarter = HitTransform.rotation(.pi / 2).apply(to: CGPoint(x: 1, y: 0))
    #expect(abs(quarter.x) < 1e-12 && abs(quarter.y - 1) < 1e-12)
    let transform = HitTransform.scale(x: 2, y: 3).concatenating(.translation(x: 5, y: -1))
    let inverse = try #require(transform.inverted)
    let back = inverse.apply(to: transform.apply(to: CGPoint(x: 7, y: 9)))
    #expect(abs(back.x - 7) < 1e-12 && abs(back.y - 9) < 1e-12)
    #expect(HitTransform.scale(x: 0, y: 1).inverted == nil)
    #expect(HitTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted == nil)
    #expect(transform.description == "[2, 0, 0, 3, 5, -1]")
    #expect(HitTransform(text: "[2, 0, 0, 3, 5, -1]") == transform)
    #expect(HitTransform(text: "[2, 0, 0, 3, 5]") == nil)
  }
}

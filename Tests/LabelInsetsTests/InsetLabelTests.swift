import Foundation
import LabelInsets
import Testing
import TextInputKit

@Suite("InsetLabel: text rect, drawing rect and sizes with insets")
struct InsetLabelTests {
  static let insets: [EdgeInsets] = [
    .zero, EdgeInsets(top: 2, left: 4, bottom: 2, right: 4),
    EdgeInsets(top: 0, left: 10, bottom: 3, right: 1),
    EdgeInsets(top: 5, left: 0, bottom: 0, right: 7),
  ]
  static let widths: [CGFloat] = [0, 3, 8, 13, 30, 200]
  static let texts = ["Hello, world", "日本語のテキスト", "\u{5E9}\u{5DC}\u{5D5}\u{5DD} עולם", ""]

  static var cases: [(EdgeInsets, CGFloat, LayoutDirection)] {
    insets.flatMap { inset in
      widths.flatMap { width in LayoutDirection.allCases.map { (inset, width, $0) } }
    }
  }

  @Test("The doc example")
  func docExample() {
    var label = InsetLabel(text: "Hello, world")
    label.insets = .fixed(EdgeInsets(top: 2, left: 4, bottom: 2, right: 4))
    #expect(label.intrinsicContentSize == CGSize(width: 20, height: 5))
    label.bounds = CGRect(x: 0, y: 0, width: 30, height: 9)
    #expect(
      label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1)
        == CGRect(x: 0, y: 0, width: 20, height: 5))
    #expect(label.drawingRect == CGRect(x: 4, y: 2, width: 22, height: 5))
  }

  @Test(
    "textRect is the UILabel subclass's formula: super on the inset bounds, grown back",
    arguments: cases)
  func seedFormula(insets: EdgeInsets, width: CGFloat, direction: LayoutDirection) {
    for text in Self.texts {
      let label = InsetLabel(
        text: text, insets: .fixed(insets), layoutDirection: direction, numberOfLines: 0)
      let bounds = CGRect(x: 3, y: 7, width: width, height: 100)
      // The subclass: rect = [super textRectForBounds:UIEdgeInsetsInsetRect(bounds, insets) …];
      // rect.origin.x -= left; rect.origin.y -= top; size += insets.
      let inner = insets.inset(bounds)
      var expected = label.unpaddedTextRect(forBounds: inner, limitedToNumberOfLines: 0)
      expected.origin.x -= insets.left
      expected.origin.y -= insets.top
      expected.size.width += insets.left + insets.right
      expected.size.height += insets.top + insets.bottom
      if width >= insets.left + insets.right {  // else: the origin is clamped (the fix)
        #expect(label.textRect(forBounds: bounds, limitedToNumberOfLines: 0) == expected)
      }
      #expect(label.textRect(forBounds: bounds, limitedToNumberOfLines: 0).width >= 0)
    }
  }

  @Test("sizeThatFits includes the insets and wraps within the width", arguments: cases)
  func sizeThatFits(insets: EdgeInsets, width: CGFloat, direction: LayoutDirection) {
    for text in Self.texts {
      let label = InsetLabel(
        text: text, insets: .fixed(insets), layoutDirection: direction, numberOfLines: 0)
      let size = label.sizeThatFits(CGSize(width: width, height: 0))
      let inner = width > 0 ? max(width - insets.left - insets.right, 0) : .infinity
      let textSize = TextFrame.size(of: text, style: label.style, fittingWidth: inner)
      #expect(size.width == (textSize.width + insets.left + insets.right).rounded(.up))
      #expect(size.height == (textSize.height + insets.top + insets.bottom).rounded(.up))
      #expect(size.width >= insets.left + insets.right)
      #expect(size.height >= insets.top + insets.bottom)
      // Fits the width unless one cluster alone is wider than the inner width.
      if width > 0, inner >= 2 { #expect(size.width <= width) }
      #expect(label.boundingRect(fittingWidth: width).size == textSize.grown(by: insets))
    }
  }

  @Test("Directional insets resolve by the layout direction")
  func directional() {
    let insets = DirectionalEdgeInsets(top: 1, leading: 10, bottom: 1, trailing: 2)
    var label = InsetLabel(
      text: "abc", bounds: CGRect(x: 0, y: 0, width: 40, height: 5), insets: .directional(insets))
    #expect(label.drawingRect == CGRect(x: 10, y: 1, width: 28, height: 3))
    label.layoutDirection = .rightToLeft
    #expect(label.drawingRect == CGRect(x: 2, y: 1, width: 28, height: 3))
    // Natural alignment follows the layout direction: the text sits at the right.
    let frame = label.textLayout()
    #expect(frame.lineFragments[0].usedRect.maxX == 28)
  }

  @Test(
    "Insets larger than the bounds: an empty rect at an origin inside the bounds",
    arguments: [
      EdgeInsets(top: 50, left: 50, bottom: 50, right: 50),
      EdgeInsets(top: 0, left: 100, bottom: 0, right: 0),
      EdgeInsets(top: .nan, left: .infinity, bottom: -.infinity, right: 3),
    ])
  func oversizedInsets(insets: EdgeInsets) {
    let bounds = CGRect(x: 5, y: 5, width: 20, height: 10)
    let label = InsetLabel(text: "Hello", bounds: bounds, insets: .fixed(insets))
    let rect = label.drawingRect
    #expect(rect.width >= 0 && rect.height >= 0)
    #expect(rect.minX >= bounds.minX && rect.minX <= bounds.maxX)
    #expect(rect.minY >= bounds.minY && rect.minY <= bounds.maxY)
    let text = label.textRect(forBounds: bounds, limitedToNumberOfLines: 1)
    #expect(text.width >= 0 && text.height >= 0)
    #expect(text.width.isFinite && text.height.isFinite)
  }

  @Test("Vertical alignment places the text in the drawing rect")
  func verticalAlignment() {
    var label = InsetLabel(
      text: "abc", bounds: CGRect(x: 0, y: 0, width: 10, height: 11),
      insets: .fixed(EdgeInsets(top: 1, left: 0, bottom: 0, right: 0)))
    let frame = label.textLayout()
    #expect(label.textOrigin(of: frame).y == 5.5)
    label.verticalAlignment = .top
    #expect(label.textOrigin(of: frame).y == 1)
    label.verticalAlignment = .bottom
    #expect(label.textOrigin(of: frame).y == 10)
  }

  @Test("intrinsicContentSize wraps at preferredMaxLayoutWidth for multi-line labels")
  func intrinsic() {
    var label = InsetLabel(
      text: "one two three", insets: .fixed(EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)))
    #expect(label.intrinsicContentSize == CGSize(width: 17, height: 3))
    label.numberOfLines = 0
    label.preferredMaxLayoutWidth = 9
    #expect(label.intrinsicContentSize == CGSize(width: 9, height: 5))
    label.preferredMaxLayoutWidth = .nan
    #expect(label.intrinsicContentSize == CGSize(width: 17, height: 3))
    #expect(
      InsetLabel(text: "", insets: label.insets).intrinsicContentSize == CGSize(width: 4, height: 2)
    )
  }

  @Test("Only the lines that fit the bounds' height are laid out")
  func heightLimit() {
    let label = InsetLabel(
      text: "aa bb cc dd", bounds: CGRect(x: 0, y: 0, width: 3, height: 2.5), numberOfLines: 0)
    let frame = label.textLayout()
    #expect(frame.lineFragments.count == 2)
    #expect(frame.isTruncated)
  }

  @Test("The labelInsets plugin: registered, configured from text, applied")
  func plugin() throws {
    let registry = PluginRegistry.standard
    #expect(registry.all.map(\.id).contains("labelInsets"))
    var configuration = Configuration(plugins: registry.descriptors)
    try configuration.load(
      """
      labelInsets.directionalInsets = {1, 6, 1, 2}
      labelInsets.verticalAlignment = top
      labelInsets.numberOfLines = 0
      """)
    var label = InsetLabel(text: "x", layoutDirection: .rightToLeft)
    try label.configure(configuration.plugin("labelInsets"))
    #expect(label.resolvedInsets == EdgeInsets(top: 1, left: 2, bottom: 1, right: 6))
    #expect(label.verticalAlignment == .top)
    #expect(label.numberOfLines == 0)
    #expect(throws: ConfigurationError.self) {
      try configuration.load("labelInsets.numberOfLines = many")
    }
    #expect(
      throws: ConfigurationError.line(
        1,
        .rejectedValue(
          key: "labelInsets.numberOfLines", value: "-1",
          reason: "expected an integer of 0 or more"))
    ) {
      try configuration.load("labelInsets.numberOfLines = -1")
    }
    #expect(throws: ConfigurationError.self) {
      try label.configure(
        PluginConfiguration(pluginID: "labelInsets", values: ["numberOfLines": .integer(-2)]))
    }
    #expect(label.numberOfLines == 0)
  }
}

extension CGSize {
  func grown(by insets: EdgeInsets) -> CGSize {
    CGSize(width: width + insets.left + insets.right, height: height + insets.top + insets.bottom)
  }
}

import Foundation
import Testing
import TextPlaceholder

/// The inputs of the frame formula other than the location, font and width.
struct GeometryCase: Sendable, CustomTestStringConvertible {
  var textContainerInset: EdgeInsets
  var padding: CGFloat
  var contentInset: EdgeInsets

  var testDescription: String {
    "inset \(textContainerInset), padding \(padding), content inset \(contentInset)"
  }

  func geometry(bounds: CGRect) -> ViewGeometry {
    ViewGeometry(
      bounds: bounds, textContainerInset: textContainerInset, lineFragmentPadding: padding,
      contentInset: contentInset)
  }

  static let all: [GeometryCase] = {
    let insets: [EdgeInsets] = [
      EdgeInsets(top: 8, left: 0, bottom: 8, right: 0),  // UIKit's default
      .zero,
      EdgeInsets(top: 2, left: 3, bottom: 4, right: 5),
      EdgeInsets(top: 0.5, left: 1.25, bottom: 0.25, right: 2.75),
    ]
    let paddings: [CGFloat] = [0, 5, 0.5]
    let contentInsets: [EdgeInsets] = [.zero, EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)]
    return insets.flatMap { inset in
      paddings.flatMap { padding in
        contentInsets.map {
          GeometryCase(textContainerInset: inset, padding: padding, contentInset: $0)
        }
      }
    }
  }()
}

/// A placeholder location, valid or not.
struct LocationCase: Sendable, CustomTestStringConvertible {
  var point: CGPoint
  var testDescription: String { "location (\(point.x), \(point.y))" }

  static let all: [LocationCase] = [
    CGPoint.zero, CGPoint(x: 2, y: 1), CGPoint(x: 0, y: 3), CGPoint(x: 3.5, y: 0.5),
    // Invalid: negative, NaN, infinite, past the line width, past the container height.
    CGPoint(x: -1, y: 0), CGPoint(x: 0, y: -2), CGPoint(x: CGFloat.nan, y: 0),
    CGPoint(x: 0, y: CGFloat.nan), CGPoint(x: CGFloat.infinity, y: 0), CGPoint(x: 1e6, y: 0),
    CGPoint(x: 0, y: 1e6), CGPoint(x: 1, y: -CGFloat.infinity),
  ].map { LocationCase(point: $0) }
}

@Suite("The placeholder's frame: the category's formula, extended")
struct FrameTests {
  static let widths: [CGFloat] = [0, 0.25, 3, 12, 37, 320]
  static let fonts = [
    CellFont(), CellFont(cellWidth: 7, lineHeight: 17), CellFont(cellWidth: 0.5, lineHeight: 2.5),
  ]
  static let texts = ["Write a message to the team", "日本語のテキスト", ""]

  @Test("The doc example: x = padding, y = inset top, width = bounds − 2 × padding")
  func docExample() throws {
    var editor = Editor(
      geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 40, height: 20)),
      behaviours: [TextPlaceholder("Write a message…")])
    #expect(try editor.shown.frame == CGRect(x: 5, y: 8, width: 30, height: 1))
    #expect(try editor.shown.isVisible)
    editor.insert("Hi")
    #expect(try !editor.shown.isVisible)
    // 6 points high: the container is 6 − 16 < 0 high, nothing of the text
    // fits; its origin stays inside the bounds, at their bottom.
    editor.resize(to: CGRect(x: 0, y: 0, width: 40, height: 6))
    #expect(try editor.shown.frame == CGRect(x: 5, y: 6, width: 30, height: 0))
  }

  @Test("Hand-computed frames")
  func handComputed() throws {
    let geometry = ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: 100, height: 50),
      textContainerInset: EdgeInsets(top: 8, left: 4, bottom: 8, right: 6), lineFragmentPadding: 5,
      contentInset: EdgeInsets(top: 2, left: 3, bottom: 1, right: 1))
    let font = CellFont(cellWidth: 2, lineHeight: 5)
    let style = PlaceholderStyle(text: "Write a message", location: CGPoint(x: 4, y: 2))
    var editor = placeholderEditor(style: style, font: font, geometry: geometry)
    // content = (3, 2, 96, 47); container = (7, 10, 86, 31); line width 86 − 10 = 76.
    // x = 7 + 5 + 4; y = 10 + 2; width = 76 − 4; one line of 15 cells × 2 points.
    #expect(try editor.shown.frame == CGRect(x: 16, y: 12, width: 72, height: 5))
    #expect(try editor.shown.restFrame == CGRect(x: 16, y: 12, width: 72, height: 5))

    // 30 points wide: container 16 wide, line width 6, frame 2 wide: one
    // 2-point cell per line, 13 lines of 5 points, clipped to 31 − 2 = 29.
    var narrow = geometry
    narrow.bounds.size.width = 30
    editor.setGeometry(narrow)
    #expect(try editor.shown.frame == CGRect(x: 16, y: 12, width: 2, height: 29))
    #expect(try editor.shown.layout.lineFragments.count >= 6)

    // Without the location: at the start of the text, the whole line width.
    editor.updatePlaceholder { $0.location = .zero }
    editor.setGeometry(geometry)
    #expect(try editor.shown.frame == CGRect(x: 12, y: 10, width: 76, height: 5))
  }

  @Test(
    "The category's formula: x = padding + inset.left + location.x, y = inset.top + location.y",
    arguments: GeometryCase.all)
  func seedFormula(geometryCase: GeometryCase) throws {
    // The locations are a loop, not an argument: 288 reported cases would be
    // a screen of output each run for what one test checks.
    for location in LocationCase.all {
      for width in Self.widths {
        for font in Self.fonts {
          for text in Self.texts {
            let bounds = CGRect(x: 0, y: 0, width: width, height: 60)
            let geometry = geometryCase.geometry(bounds: bounds)
            let editor = placeholderEditor(
              style: PlaceholderStyle(text: text, location: location.point), font: font,
              geometry: geometry)
            let frame = try editor.shown.frame
            let hand = HandGeometry(geometry)
            let fontName = "\(font.cellWidth)×\(font.lineHeight)"
            let context = Comment(
              rawValue:
                "location \(location.point), width \(width), font \(fontName), "
                + "\(text.debugDescription): \(describe(frame))")

            // UIKit's seed (bounds at the origin, no content inset):
            //   x = lineFragmentPadding + textContainerInset.left + location.x
            //   y = textContainerInset.top + location.y
            //   width = bounds.width − textContainerInset.right − x
            //   height = the label's fitting height in that width
            // Ours also subtracts the right-hand padding (width = seed width − padding,
            // so the placeholder wraps where the text view's text does) and the
            // content inset; and it clips the height to the text container.
            let inset = geometryCase.textContainerInset
            let padding = geometryCase.padding
            let applied = hand.isValid(location.point) ? location.point : .zero
            let containerWidth = width - inset.left - inset.right
            if geometryCase.contentInset == .zero, containerWidth >= 2 * padding {
              let seedX = padding + inset.left + applied.x
              let seedY = inset.top + applied.y
              let seedWidth = bounds.width - inset.right - seedX
              let height = fittingHeight(text, font: font, width: seedWidth - padding)
              #expect(abs(frame.minX - seedX) < 1e-9, context)
              #expect(abs(frame.minY - seedY) < 1e-9, context)
              #expect(abs(frame.width - (seedWidth - padding)) < 1e-9, context)
              #expect(
                frame.height == min(height, 60 - inset.top - inset.bottom - applied.y), context)
            }

            // The documented formula, for every case.
            let expected = hand.restFrame(location: location.point, anchorsRight: false) {
              fittingHeight(text, font: font, width: $0)
            }
            #expect(abs(frame.minX - expected.minX) < 1e-9, context)
            #expect(abs(frame.minY - expected.minY) < 1e-9, context)
            #expect(abs(frame.width - expected.width) < 1e-9, context)
            #expect(abs(frame.height - expected.height) < 1e-9, context)
            #expect(isInside(frame, hand.container), context)
            #expect(try editor.shown.restFrame == frame)
          }
        }
      }
    }
  }

  @Test(
    "The location applies only when finite, non-negative and inside the container",
    arguments: [
      (CGFloat(30), CGFloat(0), true), (30.5, 0, false), (0, 44, true), (0, 44.5, false),
      (-0.0, 0, true), (-0.5, 0, false), (0, -0.5, false), (.nan, .nan, false),
      (30, 44, true), (CGFloat.greatestFiniteMagnitude, 0, false),
    ])
  func locationValidity(x: CGFloat, y: CGFloat, applies: Bool) throws {
    // Container (0, 8, 40, 44); padding 5; line width 30.
    let geometry = ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 40, height: 60))
    let editor = placeholderEditor(
      style: PlaceholderStyle(text: "Hi", location: CGPoint(x: x, y: y)), geometry: geometry)
    let frame = try editor.shown.frame
    if applies {
      #expect(frame.minX == 5 + x && frame.minY == 8 + y && frame.width == 30 - x)
      // "Hi" is one line, or two (one cluster each) when the frame is 0 wide.
      #expect(frame.height == min(x == 30 ? 2 : 1, 44 - y))
    } else {
      #expect(frame == CGRect(x: 5, y: 8, width: 30, height: 1))
    }
  }

  static let alignments: [(TextAlignment, LayoutDirection, Bool)] = [
    (.natural, .leftToRight, false), (.natural, .rightToLeft, true), (.left, .leftToRight, false),
    (.left, .rightToLeft, false), (.right, .leftToRight, true), (.right, .rightToLeft, true),
    (.center, .leftToRight, false), (.center, .rightToLeft, false),
    (.justified, .leftToRight, false),
  ]

  @Test(
    "A right-resolved alignment measures location.x from the right edge",
    arguments: alignments, [CGPoint.zero, CGPoint(x: 4, y: 2), CGPoint(x: -3, y: 1)])
  func rightAnchored(
    alignment: (TextAlignment, LayoutDirection, Bool), location: CGPoint
  ) throws {
    let (textAlignment, direction, anchorsRight) = alignment
    let geometry = ViewGeometry(
      bounds: CGRect(x: 10, y: 20, width: 60, height: 30),
      textContainerInset: EdgeInsets(top: 3, left: 2, bottom: 1, right: 7), lineFragmentPadding: 4,
      contentInset: EdgeInsets(top: 1, left: 1, bottom: 0, right: 0))
    let editor = placeholderEditor(
      style: PlaceholderStyle(text: "Abc def", location: location), geometry: geometry,
      alignment: textAlignment, direction: direction)
    let shown = try editor.shown
    // container = (13, 24, 50, 25); padding 4; line width 42.
    let applied = location.x >= 0 ? location : .zero
    #expect(shown.frame.minY == 24 + applied.y)
    #expect(shown.frame.width == 42 - applied.x)
    if anchorsRight {
      #expect(shown.frame.minX == 17)
      #expect(shown.frame.maxX == 63 - 4 - applied.x)
      // The text sits flush with the frame's right edge.
      #expect(shown.layout.lineFragments[0].usedRect.maxX == shown.frame.width)
    } else {
      #expect(shown.frame.minX == 17 + applied.x)
      #expect(shown.frame.maxX == 59)
    }
    if textAlignment == .center {
      let line = shown.layout.lineFragments[0].usedRect
      #expect(line.midX == shown.frame.width / 2)
    }
  }

  static let caretCases: [(LayoutDirection, String)] = [
    (.leftToRight, "Write a message"), (.rightToLeft, "שלום עולם"), (.rightToLeft, "مرحبا بالعالم"),
    (.leftToRight, "日本語 😀 text"),
  ]

  @Test(
    "The empty text view's caret is where the placeholder's first glyph starts",
    arguments: caretCases)
  func caretMatchesFirstGlyph(caseValue: (LayoutDirection, String)) throws {
    for geometryCase in GeometryCase.all {
      let (direction, text) = caseValue
      for font in Self.fonts {
        let bounds = CGRect(x: 5, y: 3, width: 200, height: 80)
        let geometry = geometryCase.geometry(bounds: bounds)
        let editor = placeholderEditor(
          style: PlaceholderStyle(text: text), font: font, geometry: geometry, direction: direction)
        let shown = try editor.shown
        let hand = HandGeometry(geometry)
        // The text view: "" laid out in the text container's width with the padding.
        let empty = TextFrame(
          "",
          container: TextContainer(
            width: hand.container.width, lineFragmentPadding: geometry.lineFragmentPadding),
          style: LayoutStyle(
            font: font, alignment: .natural,
            direction: .fixed(direction == .leftToRight ? .leftToRight : .rightToLeft)))
        let caret = empty.caretRect(at: 0, width: 0).offsetBy(
          dx: hand.container.minX, dy: hand.container.minY)
        let line = try #require(shown.layout.lineFragments.first)
        // The first glyph: its left edge in LTR text, its right edge in RTL text.
        let glyphX =
          shown.placeholder.layoutOrigin.x
          + (direction == .leftToRight ? line.usedRect.minX : line.usedRect.maxX)
        let context = Comment(
          rawValue: "\(geometryCase.testDescription): caret \(describe(caret)), glyph at \(glyphX)")
        #expect(abs(caret.minX - glyphX) < 1e-9, context)
        #expect(caret.minY == shown.placeholder.layoutOrigin.y + line.rect.minY, context)
        // The placeholder's own caret at 0 agrees.
        let ownCaret = shown.layout.caretRect(at: 0, width: 0)
        #expect(abs(ownCaret.minX + shown.placeholder.layoutOrigin.x - caret.minX) < 1e-9, context)
        #expect(line.direction == (direction == .leftToRight ? .leftToRight : .rightToLeft))
      }
    }
  }

  @Test("numberOfLines limits the height, truncating the tail", arguments: [1, 2, 3, 0, -4])
  func numberOfLines(lines: Int) throws {
    let font = CellFont(cellWidth: 1, lineHeight: 3)
    let geometry = ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: 20, height: 100), textContainerInset: .zero,
      lineFragmentPadding: 0)
    // Four lines of at most 20 cells.
    let text = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi"
    let editor = placeholderEditor(
      style: PlaceholderStyle(text: text, numberOfLines: lines), font: font, geometry: geometry)
    let shown = try editor.shown
    let all = TextFrame(text, container: TextContainer(width: 20)).lineFragments.count
    #expect(all == 4)
    let shownLines = lines > 0 ? min(lines, all) : all
    #expect(shown.frame.height == CGFloat(shownLines) * 3)
    #expect(shown.layout.lineFragments.count == shownLines)
    if lines > 0, lines < all {
      #expect(shown.layout.isTruncated)
      #expect(shown.layout.lineFragments.last?.truncation != nil)
    } else {
      #expect(!shown.layout.isTruncated)
    }
  }

  @Test(
    "The height is clipped to the text container",
    arguments: [CGFloat(0), 1, 4.5, 9, 10, 200])
  func clippedToContainer(containerHeight: CGFloat) throws {
    let geometry = ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: 10, height: containerHeight + 4),
      textContainerInset: EdgeInsets(top: 3, left: 0, bottom: 1, right: 0),
      lineFragmentPadding: 1)
    let font = CellFont(cellWidth: 1, lineHeight: 2)
    // 8-cell lines: "aaaaaaa " × 6 is six lines, 12 points.
    let text = String(repeating: "aaaaaaa ", count: 6)
    for location in [CGPoint.zero, CGPoint(x: 0, y: 1)] {
      let editor = placeholderEditor(
        style: PlaceholderStyle(text: text, location: location), font: font, geometry: geometry)
      let frame = try editor.shown.frame
      let applied = location.y <= containerHeight ? location.y : 0
      #expect(frame.minY == 3 + applied)
      #expect(frame.height == min(12, containerHeight - applied))
      #expect(frame.maxY <= 3 + containerHeight)
    }
  }

  @Test(
    "Negative insets count as 0",
    arguments: [
      (EdgeInsets(top: -8, left: -3, bottom: -1, right: -10), EdgeInsets.zero),
      (
        EdgeInsets(top: 4, left: -3, bottom: -1, right: 2),
        EdgeInsets(top: -2, left: 1, bottom: 0, right: -5)
      ),
      (
        EdgeInsets(top: -0.5, left: 0, bottom: 0, right: 0),
        EdgeInsets(top: -100, left: -100, bottom: -100, right: -100)
      ),
    ])
  func negativeInsets(textContainerInset: EdgeInsets, contentInset: EdgeInsets) throws {
    func clamped(_ insets: EdgeInsets) -> EdgeInsets {
      EdgeInsets(
        top: max(insets.top, 0), left: max(insets.left, 0), bottom: max(insets.bottom, 0),
        right: max(insets.right, 0))
    }
    let bounds = CGRect(x: 2, y: 4, width: 50, height: 30)
    for mode in PlaceholderMode.allCases {
      let style = PlaceholderStyle(text: "Some placeholder text", mode: mode, abbreviated: "S")
      let negative = placeholderEditor(
        style: style,
        geometry: ViewGeometry(
          bounds: bounds, textContainerInset: textContainerInset, lineFragmentPadding: 2,
          contentInset: contentInset))
      let zeroed = placeholderEditor(
        style: style,
        geometry: ViewGeometry(
          bounds: bounds, textContainerInset: clamped(textContainerInset), lineFragmentPadding: 2,
          contentInset: clamped(contentInset)))
      #expect(try negative.shown.frame == zeroed.shown.frame)
      #expect(try negative.shown.titleFrame == zeroed.shown.titleFrame)
      #expect(isInside(try negative.shown.frame, bounds))
      let container = HandGeometry.inset(
        HandGeometry.inset(bounds, contentInset), textContainerInset)
      #expect(isInside(try negative.shown.frame, container))
    }
    // By hand, the first case: nothing inset, padding 2.
    let editor = placeholderEditor(
      style: PlaceholderStyle(text: "Hi"),
      geometry: ViewGeometry(
        bounds: bounds, textContainerInset: EdgeInsets(top: -8, left: -3, bottom: -1, right: -10),
        lineFragmentPadding: 2))
    #expect(try editor.shown.frame == CGRect(x: 4, y: 4, width: 46, height: 1))
  }

  @Test(
    "Zero-size bounds give a zero-size frame, in every mode",
    arguments: PlaceholderMode.allCases,
    [
      ViewGeometry(), ViewGeometry(bounds: CGRect(x: 7, y: 9, width: 0, height: 0)),
      ViewGeometry(
        bounds: CGRect(x: 0, y: 0, width: 0, height: 0), textContainerInset: .zero,
        lineFragmentPadding: 0),
      ViewGeometry(
        bounds: .zero, textContainerInset: EdgeInsets(top: -4, left: 3, bottom: 2, right: -1),
        lineFragmentPadding: 5, contentInset: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)),
    ])
  func zeroSizeBounds(mode: PlaceholderMode, geometry: ViewGeometry) throws {
    let clock = ManualClock()
    var editor = placeholderEditor(
      style: PlaceholderStyle(
        text: "Write a message", location: CGPoint(x: 3, y: 3), mode: mode, abbreviated: "Msg"),
      clock: clock, geometry: geometry)
    #expect(try editor.shown.frame.size == .zero)
    #expect(try editor.shown.restFrame.size == .zero)
    editor.insert("Hello 👋🏽")
    for _ in 0..<40 {
      clock.advance(by: 1.0 / 60)
      let shown = try editor.shown
      #expect(shown.frame.size == .zero)
      #expect(shown.frame.minX.isFinite && shown.frame.minY.isFinite)
      #expect(shown.alpha.isFinite && shown.placeholder.scale.isFinite)
      if let abbreviation = shown.abbreviation {
        #expect(abbreviation.layer.frame.size.width.isFinite)
      }
    }
    #expect(try editor.shown.titleFrame.map { $0.size == .zero } ?? true)
    #expect(try !editor.shown.isAnimating)
  }

  @Test("A huge placeholder in a small view: no trap, the frame stays inside")
  func hugePlaceholder() throws {
    let words = String(repeating: "placeholder ", count: 16_667)  // 200_004 characters
    let lines = String(repeating: "ab\n", count: 66_667)  // 200_001 characters
    let geometry = ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: 30, height: 40),
      contentInset: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
    let hand = HandGeometry(geometry)
    for text in [words, lines] {
      for mode in PlaceholderMode.allCases {
        let clock = ManualClock()
        var editor = placeholderEditor(
          style: PlaceholderStyle(text: text, mode: mode, abbreviated: text), clock: clock,
          geometry: geometry)
        #expect(isInside(try editor.shown.frame, hand.container))
        #expect(try editor.shown.frame.height == hand.container.height)
        editor.insert("x")
        clock.advance(by: 1)
        let shown = try editor.shown
        let outer = mode == .floating ? hand.content : hand.container
        #expect(isInside(shown.frame, outer), "\(mode): \(describe(shown.frame))")
        if let abbreviation = shown.abbreviation {
          #expect(isInside(abbreviation.layer.frame, hand.container))
        }
      }
    }
  }
}

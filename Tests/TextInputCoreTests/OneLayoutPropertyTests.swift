import Foundation
import HitAreas
import PropertyBased
import Testing
import TextInputKit
import UnicodeTestSupport

/// One step a user or host takes with an editor holding several behaviours.
enum LayoutStep: Sendable, CustomStringConvertible {
  case type(String)
  case deleteBackward
  case deleteForward
  case compose(String)
  case unmark
  case undo
  case redo
  case align(TextAlignment)
  case direction(LayoutDirection)
  case resize(Int)
  case select(Int, Int)
  case move(CaretMovement)
  case beginEditing
  case endEditing

  /// Text that makes links, trailing spaces, paragraphs and hard clusters.
  static let pieces = [
    "www.example.com/a", "ok ", "a@b.co ", " ", "   ", "\n", "\r\n", "x.org", "😀", "👍🏽",
    "🇫🇷", "e\u{301}", "中文", "العربية ", "שלום ", "\u{A0}", "tel +1 555 0100", "go",
  ]

  static let alignments: [TextAlignment] = [.left, .right, .center, .natural, .justified]
  static let movements: [CaretMovement] = [.left, .right, .up, .down, .backward(.word), .lineEnd]

  static let generator = zip(
    Gen.int(in: 0...19), Gen.int(in: 0...(pieces.count - 1)), Gen.int(in: -1...40),
    UnicodeGen.text(fragments: 0...2)
  ).map { kind, piece, number, random -> LayoutStep in
    let text = number % 3 == 0 ? random : pieces[piece]
    switch kind {
    case 0...5: return .type(text)
    case 6: return .type(pieces[piece])
    case 7: return .deleteBackward
    case 8: return .deleteForward
    case 9: return .compose(text)
    case 10: return .unmark
    case 11: return .undo
    case 12: return .redo
    case 13: return .align(alignments[piece % alignments.count])
    case 14: return .direction(number % 2 == 0 ? .leftToRight : .rightToLeft)
    case 15: return .resize(12 + Swift.abs(number) % 49)
    case 16: return .select(number, piece % 4)
    case 17: return .move(movements[piece % movements.count])
    case 18: return .beginEditing
    default: return .endEditing
    }
  }

  var description: String {
    switch self {
    case .type(let text): return "type(\(text.debugDescription))"
    case .compose(let text): return "compose(\(text.debugDescription))"
    case .deleteBackward: return "deleteBackward"
    case .deleteForward: return "deleteForward"
    case .unmark: return "unmark"
    case .undo: return "undo"
    case .redo: return "redo"
    case .align(let alignment): return "align(\(alignment))"
    case .direction(let direction): return "direction(\(direction))"
    case .resize(let width): return "resize(\(width))"
    case .select(let a, let b): return "select(\(a), \(b))"
    case .move(let movement): return "move(\(movement))"
    case .beginEditing: return "beginEditing"
    case .endEditing: return "endEditing"
    }
  }

  func run(on editor: inout Editor) {
    switch self {
    case .type(let text): editor.insert(text)
    case .deleteBackward: editor.deleteBackward()
    case .deleteForward: editor.deleteForward()
    case .compose(let text):
      _ = try? editor.setMarkedText(
        text, selectedRange: NSRange(location: text.utf16.count, length: 0))
    case .unmark: editor.unmarkText()
    case .undo: editor.undo()
    case .redo: editor.redo()
    case .align(let alignment): editor.setAlignment(alignment)
    case .direction(let direction): editor.setLayoutDirection(direction)
    case .resize(let width):
      editor.resize(to: CGRect(x: 0, y: 0, width: CGFloat(width), height: 12))
    case .select(let a, let b): editor.select(NSRange(location: a, length: b))
    case .move(let movement): editor.move(movement)
    case .beginEditing: editor.beginEditing()
    case .endEditing: editor.endEditing()
    }
  }
}

/// A set of the standard behaviours, drawn at random.
struct BehaviourSet: Sendable, CustomStringConvertible {
  var rightAlignedSpaces: RightAlignedSpaces.Activation?
  var links: Bool
  var placeholder: PlaceholderMode?
  var hitRegion: Bool
  /// SecureEntry installed (masked: a display substitution that changes
  /// the text's length).
  var secure = false

  static let generator = zip(Gen.int(in: 0...3), Gen.int(in: 0...3), Gen.int(in: 0...3), Gen.bool)
    .map { spaces, linksAndSecure, placeholder, region in
      BehaviourSet(
        rightAlignedSpaces: spaces == 0 ? nil : [.trailingAlignment, .always, .never][spaces - 1],
        links: linksAndSecure & 1 != 0,
        placeholder: placeholder == 0 ? nil : [.static, .bouncy, .floating][placeholder - 1],
        hitRegion: region, secure: linksAndSecure & 2 != 0)
    }

  var description: String {
    "spaces \(rightAlignedSpaces.map(\.rawValue) ?? "-"), links \(links), "
      + "placeholder \(placeholder.map(\.rawValue) ?? "-"), hitRegion \(hitRegion), "
      + "secure \(secure)"
  }

  func makeEditor(text: String) throws -> Editor {
    var behaviours: [any EditorBehaviour] = []
    if let activation = rightAlignedSpaces {
      behaviours.append(try RightAlignedSpaces(activation: activation))
    }
    if links { behaviours.append(EditorLinks()) }
    if let mode = placeholder { behaviours.append(TextPlaceholder("Write here", mode: mode)) }
    if secure { behaviours.append(SecureEntry()) }
    var editor = Editor(
      text: text,
      geometry: ViewGeometry(
        bounds: CGRect(x: 0, y: 0, width: 23, height: 12),
        textContainerInset: EdgeInsets(top: 8, left: 0, bottom: 8, right: 0),
        lineFragmentPadding: 1),
      alignment: .right, behaviours: behaviours)
    if hitRegion { editor.hitRegion = HitArea(insets: .outset(by: 4)) }
    return editor
  }
}

/// What a renderer draws must be what every behaviour's geometry is on.
func checkOneLayout(
  _ editor: Editor, after step: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let state = editor.state
  let layout = editor.layout()
  // The displayed text: the text with every behaviour's substitution applied.
  var displayed = state.utf16
  if let fix = editor.behaviour(RightAlignedSpaces.self) {
    displayed = UTF16Buffer(fix.displayedText(of: state).utf16)
  }
  // Typed and displayed cluster boundaries, side by side: a masked cluster
  // (all but hard breaks) is one "•".
  var pairs: [(typed: Int, displayed: Int)] = [(0, 0)]
  if editor.isSecureTextEntry {
    var masked: [UInt16] = []
    let units = Array(state.utf16)
    for (start, end) in zip(state.graphemeBoundaries, state.graphemeBoundaries.dropFirst()) {
      masked += HardBreaks.isBreak(units[start]) ? Array(units[start..<end]) : [0x2022]
      pairs.append((end, masked.count))
    }
    displayed = UTF16Buffer(masked)
  } else {
    pairs = state.graphemeBoundaries.map { ($0, $0) }
  }
  #expect(layout.utf16 == displayed, "displayed text after \(step)", sourceLocation: sourceLocation)
  // The frame kept edit by edit equals a fresh layout of the displayed text.
  let fresh = TextFrame(editor: state, displayed: displayed)
  #expect(
    layout.lineFragments.count == fresh.lineFragments.count, "line count after \(step)",
    sourceLocation: sourceLocation)
  for (kept, new) in zip(layout.lineFragments, fresh.lineFragments) {
    #expect(kept.range == new.range, "line range after \(step)", sourceLocation: sourceLocation)
    #expect(
      kept.rect == new.rect && kept.usedRect == new.usedRect,
      "line rect \(kept.rect) ≠ \(new.rect) after \(step)", sourceLocation: sourceLocation)
  }
  #expect(layout.usedSize == fresh.usedSize, sourceLocation: sourceLocation)
  // The map ties every typed cluster boundary to its displayed one, both
  // ways, and the caret of a typed offset is the fresh layout's caret of
  // the displayed one.
  let map = state.displayMap
  for (typed, shown) in pairs {
    #expect(
      map.displayed(fromTyped: typed) == shown && map.typed(fromDisplayed: shown) == typed,
      "map at \(typed) → \(shown) after \(step)", sourceLocation: sourceLocation)
    #expect(
      state.caretRect(at: typed) == fresh.caretRect(at: shown),
      "caret at \(typed) after \(step)", sourceLocation: sourceLocation)
  }
  // Hit-testing a point of the drawn text lands on a typed cluster boundary
  // whose caret is the one nearest the point.
  for line in fresh.lineFragments {
    for x in stride(from: line.rect.minX - 1, through: line.rect.maxX + 1, by: 1.5) {
      let point = CGPoint(x: x, y: line.rect.midY)
      let hit = state.offset(closestTo: point)
      #expect(
        state.isGraphemeBoundary(hit)
          && state.caretRect(at: hit) == fresh.caretRect(at: fresh.offset(closestTo: point)),
        "hit at \(point) → \(hit) after \(step)", sourceLocation: sourceLocation)
    }
  }
  let origin = editor.textContainerOrigin
  // Every link rect is on the drawn layout, and a tap on a drawn link cluster hits it.
  if let presentation = editor.linkPresentation {
    #expect(presentation.layout.frame.utf16 == layout.utf16, sourceLocation: sourceLocation)
    for (index, link) in presentation.links.enumerated() {
      let drawn = layout.selectionRects(for: link.range).map {
        $0.offsetBy(dx: origin.x, dy: origin.y)
      }
      #expect(
        presentation.rects(ofLink: index) == drawn,
        "link \(index) \(link.range) rects after \(step)", sourceLocation: sourceLocation)
      for line in layout.lineFragments.indices {
        for cluster in layout.placedClusters(ofLine: line) ?? []
        where cluster.maxX > cluster.minX && !cluster.isEllipsis
          && NSLocationInRange(cluster.range.location, link.range)
        {
          let rect = layout.lineFragments[line].rect
          let centre = CGPoint(
            x: (cluster.minX + cluster.maxX) / 2 + origin.x, y: rect.midY + origin.y)
          #expect(
            presentation.hit(at: centre)?.linkIndex == index,
            "tap on link \(index) at \(centre) after \(step)", sourceLocation: sourceLocation)
        }
      }
    }
    #expect(presentation.rects == presentation.links.indices.map(presentation.rects(ofLink:)))
  }
  // Every published frame is finite and the trailing pad is measured.
  if let placeholder = editor.placeholder {
    let frame = placeholder.frame
    #expect(
      frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite
        && frame.height.isFinite, "placeholder frame \(frame)", sourceLocation: sourceLocation)
  }
  let caret = editor.caretRect()
  #expect(caret.minX.isFinite && caret.minY.isFinite, sourceLocation: sourceLocation)
  let shownSelection = NSRange(
    location: map.displayed(fromTyped: state.selection.location),
    length: map.displayed(fromTyped: NSMaxRange(state.selection))
      - map.displayed(fromTyped: state.selection.location))
  #expect(
    editor.selectionRects
      == fresh.selectionRects(for: shownSelection).map {
        $0.offsetBy(dx: origin.x, dy: origin.y)
      }, sourceLocation: sourceLocation)
}

@Suite("One text, one layout: behaviours together publish geometry on what is drawn")
struct OneLayoutPropertyTests {
  @Test func everyRectIsOnTheDrawnLayout() async {
    await propertyCheck(
      count: CheckScale.cases(40, full: 200), input: BehaviourSet.generator,
      LayoutStep.generator.array(of: 0...16)
    ) { set, steps in
      guard var editor = try? set.makeEditor(text: "ok www.example.com/a     ") else {
        Issue.record("could not make an editor with \(set)")
        return
      }
      checkOneLayout(editor, after: "start with \(set)")
      for step in steps {
        step.run(on: &editor)
        checkOneLayout(editor, after: "\(step) with \(set)")
      }
    }
  }

  /// The issue's example: links and right-aligned spaces in one 23-point
  /// field: the link is published where it is drawn, on two lines.
  @Test func linksAndRightAlignedSpacesAgree() throws {
    var editor = try BehaviourSet(
      rightAlignedSpaces: .trailingAlignment, links: true, placeholder: nil, hitRegion: false
    ).makeEditor(text: "")
    editor.insert("ok www.example.com/a     ")
    let presentation = try #require(editor.linkPresentation)
    #expect(presentation.links.count == 1)
    let drawn = editor.layout().selectionRects(for: presentation.links[0].range).map {
      $0.offsetBy(dx: editor.textContainerOrigin.x, dy: editor.textContainerOrigin.y)
    }
    #expect(presentation.rects(ofLink: 0) == drawn)
    #expect(drawn.count == 2)
    checkOneLayout(editor, after: "the example")
  }
}

@Suite("Arrow keys follow the screen")
struct VisualCaretTests {
  static let pieces = ["abc ", "שלום ", "עולם", "العربية ", "12 ", "x", "👍🏽", " ", "e\u{301}"]
  static let text = Gen.int(in: 0...(pieces.count - 1)).array(of: 1...8).map { indices in
    indices.map { pieces[$0] }.joined()
  }

  /// From every caret position on a line that mixes directions, → goes to
  /// the nearest caret position to the right on screen (← to the left); at
  /// the line's edge it stays.
  @Test func leftAndRightMoveInVisualOrder() async {
    await propertyCheck(count: CheckScale.cases(20, full: 100), input: Self.text, Gen.bool) {
      text, rightToLeft in
      var editor = Editor(
        text: text,
        geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 500, height: 20)),
        layoutDirection: rightToLeft ? .rightToLeft : .leftToRight)
      let layout = editor.layout()
      #expect(layout.lineFragments.count == 1)
      let boundaries = editor.state.graphemeBoundaries
      let x = { (offset: Int) in layout.caretRect(at: offset).midX }
      for start in boundaries {
        for toRight in [true, false] {
          editor.select(NSRange(location: start, length: 0))
          editor.move(toRight ? .right : .left)
          let target = editor.selection.location
          let moved = toRight ? x(target) > x(start) : x(target) < x(start)
          let between = boundaries.contains { offset in
            toRight
              ? x(offset) > x(start) && x(offset) < x(target)
              : x(offset) < x(start) && x(offset) > x(target)
          }
          let further = boundaries.contains { toRight ? x($0) > x(start) : x($0) < x(start) }
          if further {
            #expect(
              moved && !between,
              "\(toRight ? "→" : "←") from \(start) to \(target) in \(text.debugDescription)")
          } else {
            // At the edge of the one line: the caret stays (the next offset
            // in text order is drawn on the same row, so moving there would
            // bounce back and forth).
            #expect(target == start, "edge move from \(start) in \(text.debugDescription)")
          }
        }
      }
    }
  }

  /// Inside an Arabic run, ← moves the caret left on screen (forward in the text).
  @Test func leftInsideArabicGoesForward() {
    var editor = Editor(
      text: "abc العربية",
      geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 500, height: 20)))
    editor.select(NSRange(location: 6, length: 0))
    let before = editor.layout().caretRect(at: 6).midX
    editor.move(.left)
    #expect(editor.selection.location == 7)
    #expect(editor.layout().caretRect(at: 7).midX < before)
  }

  /// ↑ and ↓ keep the x where the run of vertical moves began.
  @Test func upAndDownKeepTheirX() {
    var editor = Editor(
      text: "abcdefgh\nab\nabcdefgh",
      geometry: ViewGeometry(
        bounds: CGRect(x: 0, y: 0, width: 40, height: 20), lineFragmentPadding: 0))
    #expect(editor.selection.location == 20)
    editor.move(.up)
    #expect(editor.selection.location == 11)  // the end of "ab"
    editor.move(.up)
    #expect(editor.selection.location == 8)  // back at x 8 on "abcdefgh"
    editor.move(.down)
    editor.move(.down)
    #expect(editor.selection.location == 20)
    editor.move(.down)
    #expect(editor.selection.location == 20)
    editor.move(.documentStart)
    editor.move(.up)
    #expect(editor.selection.location == 0)
  }
}

@Suite("EdgeInsets.inset(_:) is UIEdgeInsetsInsetRect for any signs")
struct EdgeInsetsArithmeticTests {
  @Test func theIssuesExample() {
    let insets = EdgeInsets(top: -8, left: 5, bottom: -3, right: -8)
    let rect = insets.inset(CGRect(x: 0, y: 0, width: 4, height: 4))
    #expect(rect == CGRect(x: 5, y: -8, width: 7, height: 15))
    #expect(!rect.contains(CGPoint(x: 4, y: 0)))
    #expect(
      HitArea(insets: insets).contains(
        CGPoint(x: 6, y: 0), bounds: CGRect(x: 0, y: 0, width: 4, height: 4)))
    #expect(
      !HitArea(insets: insets).contains(
        CGPoint(x: 4, y: 0), bounds: CGRect(x: 0, y: 0, width: 4, height: 4)))
  }

  @Test func anySignsWhereTheResultIsNotEmpty() async {
    let value = Gen.int(in: -40...40)
    await propertyCheck(
      count: 400, input: zip(value, value, value, value),
      zip(value, value, Gen.int(in: 0...30), Gen.int(in: 0...30))
    ) { insetValues, rectValues in
      let (top, left, bottom, right) = insetValues
      let (x, y, width, height) = rectValues
      let insets = EdgeInsets(
        top: CGFloat(top), left: CGFloat(left), bottom: CGFloat(bottom), right: CGFloat(right))
      let rect = CGRect(x: x, y: y, width: width, height: height)
      // UIEdgeInsetsInsetRect's arithmetic.
      let uikit = CGRect(
        x: rect.origin.x + insets.left, y: rect.origin.y + insets.top,
        width: rect.size.width - insets.left - insets.right,
        height: rect.size.height - insets.top - insets.bottom)
      let result = insets.inset(rect)
      if uikit.size.width >= 0 {
        #expect(result.origin.x == uikit.origin.x && result.size.width == uikit.size.width)
      } else {
        #expect(result.size.width == 0)
      }
      if uikit.size.height >= 0 {
        #expect(result.origin.y == uikit.origin.y && result.size.height == uikit.size.height)
      } else {
        #expect(result.size.height == 0)
      }
    }
  }
}

import Foundation
import Testing
import TextInputKit
import TextPlaceholder

@Suite("TextPlaceholder as an editor behaviour")
struct BehaviourTests {
  static let box = ViewGeometry(
    bounds: CGRect(x: 0, y: 0, width: 20, height: 10), textContainerInset: .zero,
    lineFragmentPadding: 0)

  @Test(
    "Shown exactly while the text is empty and nothing is composing",
    arguments: PlaceholderMode.allCases)
  func visibility(mode: PlaceholderMode) throws {
    var editor = placeholderEditor(style: PlaceholderStyle(text: "Name", mode: mode))
    #expect(try editor.shown.isVisible)
    try editor.setMarkedText("に", selectedRange: NSRange(location: 1, length: 0))
    #expect(try !editor.shown.isVisible)
    try editor.setMarkedText("", selectedRange: NSRange(location: 0, length: 0))
    #expect(editor.markedRange == nil)
    #expect(try editor.shown.isVisible)
    editor.insert("a")
    #expect(try !editor.shown.isVisible)
    editor.deleteBackward()
    #expect(try editor.shown.isVisible)
    editor.setText("typed by the app")
    #expect(try !editor.shown.isVisible)
    editor.setText("")
    #expect(try editor.shown.isVisible)
    editor.insert("b")
    editor.undo()
    #expect(try editor.shown.isVisible)
    editor.redo()
    #expect(try !editor.shown.isVisible)
    // The presentation, by type, is the same value.
    #expect(editor.presentation[PlaceholderPresentation.self]?.isVisible == false)
    #expect(editor.presentation[PlaceholderPresentation.self]?.frame == editor.placeholder?.frame)
    #expect(Editor(text: "x").placeholder == nil)
  }

  static let taps: [(String, Bool, CGPoint, Bool)] = [
    ("", false, CGPoint(x: 12, y: 15), true),
    ("", false, CGPoint(x: 10, y: 10), true),  // the top-left corner is inside
    ("", false, CGPoint(x: 5, y: 15), false),  // left of the bounds
    ("", false, CGPoint(x: 50.5, y: 15), false),  // right of the bounds
    ("", false, CGPoint(x: 20, y: 31), false),  // below
    ("", false, CGPoint(x: CGFloat.nan, y: 15), false),
    ("a", false, CGPoint(x: 12, y: 15), false),  // not empty
    ("", true, CGPoint(x: 12, y: 15), true),  // already editing: stays so
  ]

  @Test("A tap begins editing only when the text is empty and the tap is inside", arguments: taps)
  func tap(text: String, editing: Bool, point: CGPoint, editsAfter: Bool) {
    var editor = placeholderEditor(
      text: text, style: PlaceholderStyle(text: "Tap to write"),
      geometry: ViewGeometry(bounds: CGRect(x: 10, y: 10, width: 40, height: 20)),
      isEditing: editing)
    editor.tap(at: point)
    #expect(editor.isEditing == editsAfter)
    #expect(editor.text == text)
  }

  @Test("A tap on zero-size bounds, or with marked text, does not begin editing")
  func tapEdgeCases() throws {
    var empty = placeholderEditor(
      style: PlaceholderStyle(text: "x"), geometry: ViewGeometry(), isEditing: false)
    empty.tap(at: .zero)
    #expect(!empty.isEditing)
    var composing = placeholderEditor(style: PlaceholderStyle(text: "x"), isEditing: false)
    try composing.setMarkedText("に", selectedRange: NSRange(location: 1, length: 0))
    composing.tap(at: CGPoint(x: 1, y: 1))
    #expect(!composing.isEditing)
    var plain = Editor(geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 9, height: 9)))
    plain.tap(at: CGPoint(x: 1, y: 1))
    #expect(!plain.isEditing)
  }

  @Test("The font follows the editor's unless the style sets one")
  func font() throws {
    let geometry = ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: 10, height: 100), textContainerInset: .zero,
      lineFragmentPadding: 0)
    var editor = placeholderEditor(style: PlaceholderStyle(text: "abcdefghij"), geometry: geometry)
    #expect(try editor.shown.font as? CellFont == CellFont())
    #expect(try editor.shown.frame.height == 1)
    // Twice as wide: two lines of 5 cells.
    let wide = CellFont(cellWidth: 2, lineHeight: 1)
    editor.setFont(wide)
    #expect(try editor.shown.font as? CellFont == wide)
    #expect(try editor.shown.frame.height == 2)
    let tall = CellFont(cellWidth: 1, lineHeight: 3)
    editor.setFont(tall)
    #expect(try editor.shown.font as? CellFont == tall)
    #expect(try editor.shown.frame.height == 3)

    let own = CellFont(cellWidth: 1, lineHeight: 5)
    editor.updatePlaceholder { $0.font = own }
    #expect(try editor.shown.font as? CellFont == own)
    #expect(try editor.shown.frame.height == 5)
    editor.setFont(CellFont(cellWidth: 2, lineHeight: 2))
    #expect(try editor.shown.font as? CellFont == own)
    #expect(try editor.shown.frame.height == 5)
    editor.updatePlaceholder { $0.font = nil }
    #expect(try editor.shown.font as? CellFont == CellFont(cellWidth: 2, lineHeight: 2))
    #expect(try editor.shown.frame.height == 4)
  }

  @Test("Attributed runs keep their own fonts through the editor's font changes")
  func runFonts() throws {
    let big = CellFont(cellWidth: 2, lineHeight: 4)
    let attributed = AttributedPlaceholder(
      "Big\nsmall",
      runs: [PlaceholderRun(range: NSRange(location: 0, length: 3), isBold: true, font: big)])
    var editor = placeholderEditor(
      style: PlaceholderStyle(attributed: attributed), geometry: Self.box)
    func check(small lineHeight: CGFloat) throws {
      let shown = try editor.shown
      #expect(shown.text == "Big\nsmall")
      #expect(shown.runs.count == 1)
      #expect(shown.runs.first?.font as? CellFont == big)
      #expect(shown.layout.lineFragments.map(\.rect.height) == [4, lineHeight])
      #expect(shown.layout.lineFragments.first?.usedRect.width == 6)  // 3 cells × 2
      #expect(shown.frame.height == 4 + lineHeight)
    }
    try check(small: 1)
    editor.setFont(CellFont(cellWidth: 1, lineHeight: 2))
    try check(small: 2)
    // A run's colour-only attributes change no metrics.
    editor.updatePlaceholder {
      $0.attributed = try? AttributedPlaceholder(markup: "*Big*\n[small](#F00)")
    }
    #expect(try editor.shown.layout.lineFragments.map(\.rect.height) == [2, 2])
  }

  @Test("The colour defaults to Color.placeholderGrey; runs keep their own")
  func color() throws {
    var editor = placeholderEditor(style: PlaceholderStyle(text: "Name"))
    #expect(try editor.shown.color == .placeholderGrey)
    #expect(try editor.shown.color.description == "#3C3C4399")
    #expect(TextPlaceholder("Name").style.color == .placeholderGrey)
    let blue = try #require(Color(hex: "#007AFF"))
    editor.updatePlaceholder {
      $0.color = blue
      $0.attributed = try? AttributedPlaceholder(markup: "[Name](#FF0000)")
    }
    #expect(try editor.shown.color == blue)
    #expect(try editor.shown.runs.first?.color == Color(hex: "#FF0000"))
  }

  @Test("accessibilityValue: the placeholder while shown, the text otherwise")
  func accessibilityValue() throws {
    var editor = placeholderEditor(style: PlaceholderStyle(text: "Search"))
    #expect(try editor.shown.accessibilityValue == "Search")
    editor.insert("abc 👍🏽")
    #expect(try editor.shown.accessibilityValue == "abc 👍🏽")
    editor.setText("")
    try editor.setMarkedText("にほ", selectedRange: NSRange(location: 2, length: 0))
    #expect(try editor.shown.accessibilityValue == "にほ")
    editor.unmarkText()
    editor.deleteBackward()
    editor.deleteBackward()
    #expect(try editor.shown.accessibilityValue == "Search")
    editor.updatePlaceholder { $0.attributed = try? AttributedPlaceholder(markup: "*Find* it") }
    #expect(try editor.shown.accessibilityValue == "Find it")
    #expect(try editor.shown.text == "Find it")
  }

  @Test("Editor.updatePlaceholder changes the style and lays the placeholder out again")
  func updatePlaceholder() throws {
    var bare = Editor()
    #expect(bare.updatePlaceholder { $0.text = "x" } == false)

    let geometry = ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: 20, height: 50), lineFragmentPadding: 5)
    var editor = placeholderEditor(style: PlaceholderStyle(text: "Short"), geometry: geometry)
    #expect(try editor.shown.frame == CGRect(x: 5, y: 8, width: 10, height: 1))
    let long = "Add a caption to the photo"
    #expect(editor.updatePlaceholder { $0.text = long })
    #expect(try editor.placeholderBehaviour.style.text == long)
    #expect(try editor.shown.text == long)
    let height = fittingHeight(long, font: CellFont(), width: 10)
    #expect(height == 3)
    #expect(try editor.shown.frame == CGRect(x: 5, y: 8, width: 10, height: height))
    editor.updatePlaceholder { $0.numberOfLines = 1 }
    #expect(try editor.shown.frame.height == 1)
    #expect(try editor.shown.layout.lineFragments.first?.truncation != nil)
    editor.updatePlaceholder { $0.location = CGPoint(x: 2, y: 3) }
    #expect(try editor.shown.frame == CGRect(x: 7, y: 11, width: 8, height: 1))
  }

  @Test("A new mode starts at rest, mid-animation included")
  func modeChangeSettles() throws {
    let clock = ManualClock(time: 10)
    var editor = placeholderEditor(
      style: PlaceholderStyle(text: "Message", mode: .bouncy), clock: clock)
    editor.insert("Hi")
    clock.advance(by: 0.1)
    #expect(try editor.shown.isAnimating)
    editor.updatePlaceholder { $0.mode = .floating }
    let shown = try editor.shown
    #expect(!shown.isAnimating)
    #expect(shown.titleFrame.map { shown.frame == $0 } == true)
    #expect(shown.placeholder.scale == 0.75)
    editor.updatePlaceholder { $0.mode = .static }
    #expect(try !editor.shown.isAnimating)
    #expect(try editor.shown.alpha == 0)
    #expect(try editor.shown.titleFrame == nil)
  }

  @Test("Static mode hides and shows at once: no animation at any time")
  func staticMode() throws {
    let clock = ManualClock()
    var editor = placeholderEditor(
      style: PlaceholderStyle(text: "Message", mode: .static, abbreviated: "Msg"), clock: clock)
    let rest = try editor.shown.restFrame
    for step in 0..<8 {
      if step % 2 == 0 { editor.insert("x") } else { editor.deleteBackward() }
      for _ in 0..<5 {
        let shown = try editor.shown
        #expect(!shown.isAnimating)
        #expect(shown.alpha == (editor.text.isEmpty ? 1 : 0))
        #expect(shown.frame == rest && shown.placeholder.layoutOrigin == rest.origin)
        #expect(shown.placeholder.scale == 1)
        #expect(shown.abbreviation == nil && shown.titleFrame == nil)
        clock.advance(by: 1.0 / 60)
      }
    }
  }

  @Test("Bouncy: the abbreviation fades in at the trailing edge, out while typed text reaches it")
  func abbreviation() throws {
    let clock = ManualClock()
    var editor = placeholderEditor(
      style: PlaceholderStyle(text: "Type here", mode: .bouncy, abbreviated: "Msg"), clock: clock,
      geometry: Self.box)
    func abbreviation() throws -> PlaceholderAbbreviation {
      try #require(try editor.shown.abbreviation)
    }
    // One line at the trailing edge: 3 cells at x = 20 − 3.
    #expect(try abbreviation().layer.frame == CGRect(x: 17, y: 0, width: 3, height: 1))
    #expect(try abbreviation().layer.alpha == 0)
    #expect(try abbreviation().text == "Msg")

    editor.insert("Hi")
    #expect(try !abbreviation().isOverlapped)
    clock.advance(by: 0.1)
    #expect(try abs(abbreviation().layer.alpha - 0.5) < 1e-9)
    clock.advance(by: 0.1)
    #expect(try abbreviation().layer.alpha == 1)

    // 18 cells reach x = 17: it fades out.
    editor.insert(" there, friend!!")
    #expect(try abbreviation().isOverlapped)
    #expect(try abbreviation().layer.alpha == 1)
    clock.advance(by: 0.2)
    #expect(try abbreviation().layer.alpha == 0)

    // Back to 16 cells: it shows again.
    editor.deleteBackward()
    editor.deleteBackward()
    #expect(try !abbreviation().isOverlapped)
    clock.advance(by: 0.2)
    #expect(try abbreviation().layer.alpha == 1)

    // Trailing spaces hang: they do not reach it. A second line does not either.
    editor.insert("      \nanother long second line")
    #expect(try !abbreviation().isOverlapped)
    // Exactly at its edge (17 cells, ending at x = 17): touching is no overlap.
    editor.setText(String(repeating: "a", count: 17))
    #expect(try !abbreviation().isOverlapped)
    editor.insert("a")
    #expect(try abbreviation().isOverlapped)

    // Emptied: it fades out, the placeholder comes back.
    editor.setText("")
    clock.advance(by: 0.6)
    #expect(try abbreviation().layer.alpha == 0)
    #expect(try editor.shown.alpha == 1)
    #expect(try editor.shown.frame == editor.shown.restFrame)
  }

  @Test("Bouncy, right to left: the abbreviation sits at the left, typed text reaches it there")
  func abbreviationRightToLeft() throws {
    let clock = ManualClock()
    var editor = placeholderEditor(
      style: PlaceholderStyle(text: "הקלד כאן", mode: .bouncy, abbreviated: "הודעה"), clock: clock,
      geometry: Self.box, direction: .rightToLeft)
    let abbreviation = try #require(try editor.shown.abbreviation)
    #expect(abbreviation.layer.frame == CGRect(x: 0, y: 0, width: 5, height: 1))
    editor.insert("שלום")
    #expect(try editor.shown.abbreviation?.isOverlapped == false)
    editor.insert(" עולם ומלואו יפה")  // 20 cells: reaches x < 5
    #expect(try editor.shown.abbreviation?.isOverlapped == true)
  }

  @Test("Times before the last change show the state the change started from")
  func earlierTimes() throws {
    let clock = ManualClock(time: 5)
    var editor = placeholderEditor(
      style: PlaceholderStyle(text: "Message", mode: .bouncy), clock: clock)
    let rest = try editor.shown
    editor.insert("Hi")
    let before = try editor.placeholder(at: 4)
    #expect(before.frame == rest.frame && before.alpha == 1)
    #expect(before.isVisible == false)  // visibility is the state's, now
    clock.advance(by: 0.6)
    #expect(try editor.shown.alpha == 0)
    #expect(try editor.placeholder(at: 5).alpha == 1)
    #expect(try abs(editor.placeholder(at: 5.1).alpha - 0.5) < 1e-9)
  }

  @Test("At rest on a clock that reads negative times, nothing is animating")
  func negativeClock() throws {
    let clock = ManualClock(time: -2)
    let editor = placeholderEditor(
      style: PlaceholderStyle(text: "Message", mode: .bouncy), clock: clock)
    let shown = try editor.shown
    #expect(shown.alpha == 1)
    #expect(!shown.isAnimating)
  }
}

@Suite("An enlarged hit area decides which taps reach the text view")
struct HitRegionTapTests {
  @Test("A tap in the enlarged area begins editing; one beyond it does not")
  func tapInTheEnlargedArea() {
    let geometry = ViewGeometry(bounds: CGRect(x: 10, y: 10, width: 40, height: 20))
    var editor = Editor(geometry: geometry, behaviours: [TextPlaceholder("Tap to write")])
    let outside = editor.tap(at: CGPoint(x: 5, y: 15))  // outside the bounds: not the view's
    #expect(!outside)
    #expect(!editor.isEditing)
    editor.hitRegion = HitArea(insets: .outset(by: 10))
    #expect(editor.acceptsTap(at: CGPoint(x: 5, y: 15)))
    #expect(!editor.acceptsTap(at: CGPoint(x: -1, y: 15)))
    #expect(!editor.acceptsTap(at: CGPoint(x: CGFloat.nan, y: 15)))
    let inArea = editor.tap(at: CGPoint(x: 5, y: 15))
    #expect(inArea)
    #expect(editor.isEditing)
  }

  @Test("A minimum size makes a small view take taps around it")
  func minimumSize() {
    let geometry = ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 20, height: 10))
    var editor = Editor(geometry: geometry, behaviours: [TextPlaceholder("x")])
    editor.hitRegion = HitArea(minimumSize: HitArea.appleMinimumSize)
    let below = editor.tap(at: CGPoint(x: 10, y: 25))  // 44 pt tall, centred: y in -17..<27
    #expect(below)
    #expect(editor.isEditing)
  }
}

import Foundation
import PropertyBased
import Testing
import TextInputKit
import TextInputTerminal
import UnicodeTestSupport

/// A drawn editor as goldens read it: the rows of text, a style map (one
/// character per cell) and a link map (the hyperlink id's last character,
/// or `.`), and the cursor.
struct Golden: Equatable, CustomStringConvertible {
  var text: [String]
  var styles: [String]
  var links: [String]
  var cursor: TerminalPosition?

  init(_ screen: TerminalScreen) {
    text = (0..<screen.rows).map { screen.text(ofRow: $0) }
    styles = (0..<screen.rows).map { row in
      String((0..<screen.columns).map { Golden.code(screen[row, $0].style) })
    }
    links = (0..<screen.rows).map { row in
      String((0..<screen.columns).map { screen[row, $0].link?.id.last ?? "." })
    }
    cursor = screen.cursor
  }

  init(text: [String], styles: [String], links: [String]? = nil, cursor: TerminalPosition?) {
    self.text = text
    self.styles = styles
    self.links = links ?? text.map { _ in String(repeating: ".", count: styles.first?.count ?? 0) }
    self.cursor = cursor
  }

  /// `.` plain, `u` underlined, `r` reverse, `g` grey, `b` a background,
  /// `R` underlined and reverse, `B` underlined on a background, `?` other.
  static func code(_ style: TerminalStyle) -> Character {
    let background = style.background != .default
    switch (style.underline, style.reverse, style.foreground == .grey, background) {
    case (false, false, false, false): return "."
    case (true, false, false, false): return "u"
    case (false, true, false, false): return "r"
    case (false, false, true, false): return "g"
    case (false, false, false, true): return "b"
    case (true, true, false, false): return "R"
    case (true, false, false, true): return "B"
    default: return "?"
    }
  }

  var description: String {
    (text.map { "|\($0)|" } + styles + links + ["cursor \(String(describing: cursor))"])
      .joined(separator: "\n")
  }
}

/// An editing text view of `columns` × `rows` cells with no insets,
/// measuring with `profile`.
func terminalEditor(
  _ text: String, columns: Int, rows: Int, profile: TerminalWidthProfile = .graphemeClusters,
  alignment: TextAlignment = .natural, editing: Bool = true,
  behaviours: [any EditorBehaviour] = []
) -> Editor {
  Editor(
    text: text, font: TerminalCellFont(profile: profile),
    geometry: ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: columns, height: rows), textContainerInset: .zero,
      lineFragmentPadding: 0),
    alignment: alignment, isEditing: editing, behaviours: behaviours)
}

/// An editing view of 10 × 2 cells whose top inset row holds a floating
/// placeholder titled `title`, on `clock`, measuring with `profile`.
func floatingTitleEditor(
  _ title: String, clock: ManualClock, profile: TerminalWidthProfile = .graphemeClusters
) -> Editor {
  Editor(
    text: "", font: TerminalCellFont(profile: profile),
    geometry: ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: 10, height: 2),
      textContainerInset: EdgeInsets(top: 1, left: 0, bottom: 0, right: 0),
      lineFragmentPadding: 0),
    isEditing: true,
    behaviours: [TextPlaceholder(title, mode: .floating, clock: .manual(clock))])
}

func render(_ editor: Editor, columns: Int? = nil, rows: Int? = nil) -> Golden {
  let bounds = editor.state.geometry.bounds
  var screen = TerminalScreen(
    columns: columns ?? Int(bounds.width), rows: rows ?? Int(bounds.height))
  TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 0, column: 0))
  return Golden(screen)
}

@Suite struct TerminalEditorRendererTests {
  static let mixed = "a\u{2764}\u{FE0F}b\u{1F44D}\u{1F3FD}\u{231A}\u{FE0E}"

  @Test func graphemeClusterProfile() {
    let golden = render(terminalEditor(Self.mixed, columns: 10, rows: 1))
    // a ❤️(2) b 👍🏽(2) ⌚︎(1): 7 cells; the caret after them.
    #expect(
      golden
        == Golden(
          text: ["a\u{2764}\u{FE0F}b\u{1F44D}\u{1F3FD}\u{231A}\u{FE0E}   "],
          styles: [".........."], cursor: TerminalPosition(row: 0, column: 7)))
  }

  @Test func tmuxProfile() {
    let golden = render(terminalEditor(Self.mixed, columns: 10, rows: 1, profile: .tmux))
    // a ❤️(1) b 👍🏽(4) ⌚︎(2): 9 cells, as tmux draws them.
    #expect(
      golden
        == Golden(
          text: ["a\u{2764}\u{FE0F}b\u{1F44D}\u{1F3FD}\u{231A}\u{FE0E} "],
          styles: [".........."], cursor: TerminalPosition(row: 0, column: 9)))
  }

  @Test(arguments: [TerminalWidthProfile.graphemeClusters, .tmux])
  func everyRowEndsInTheSameColumn(_ profile: TerminalWidthProfile) {
    // Each cluster that terminals disagree on, on its own line: the grid
    // always has the view's width, whatever the profile says of each.
    let lines =
      TerminalClusterKind.allCases.compactMap(\.probeCluster) + [
        "\u{627}\u{644}\u{639}", "\u{1B}]0;t\u{7}",
      ]
    var editor = terminalEditor(
      lines.joined(separator: "\n"), columns: 12, rows: lines.count, profile: profile)
    editor.select(NSRange(location: 0, length: 0))
    var screen = TerminalScreen(columns: 14, rows: lines.count)
    TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 0, column: 1))
    for (row, line) in lines.enumerated() {
      screen.put("|", width: 1, row: row, column: 0)
      screen.put("|", width: 1, row: row, column: 13)
      let width = (0..<14).reduce(0) { $0 + screen[row, $1].width }
      #expect(width == 14, "row \(row)")
      #expect(screen[row, 1 + profile.width(in: VisibleControls.visible(line))].text == " ")
    }
    #expect(screen.cursor == TerminalPosition(row: 0, column: 1))
  }

  @Test func bidiLineInVisualOrder() {
    let golden = render(terminalEditor("ab \u{5E9}\u{5DC}\u{5D5}\u{5DD}", columns: 8, rows: 1))
    #expect(golden.text == ["ab \u{5DD}\u{5D5}\u{5DC}\u{5E9} "])
    // The caret at the end of the text: the logical end of the RTL run, its left edge.
    #expect(golden.cursor == TerminalPosition(row: 0, column: 3))
  }

  @Test func wrappingAndSelection() {
    var editor = terminalEditor("one two three", columns: 6, rows: 3)
    editor.select(NSRange(location: 2, length: 5))
    #expect(
      render(editor)
        == Golden(
          text: ["one   ", "two   ", "three "], styles: ["..rr..", "rrr...", "......"],
          cursor: TerminalPosition(row: 1, column: 3)))
  }

  @Test func markedTextIsUnderlined() throws {
    var editor = terminalEditor("ab", columns: 6, rows: 1)
    try editor.setMarkedText("\u{304B}", selectedRange: NSRange(location: 1, length: 0))
    #expect(
      render(editor)
        == Golden(
          text: ["ab\u{304B}  "], styles: ["..uu.."], cursor: TerminalPosition(row: 0, column: 4)))
  }

  @Test func controlCharactersAreVisibleAndTakeACell() {
    let golden = render(terminalEditor("a\u{1B}]0;t\u{7}b", columns: 10, rows: 1))
    #expect(golden.text == ["a\u{241B}]0;t\u{2407}b  "])
    #expect(golden.cursor == TerminalPosition(row: 0, column: 8))
  }

  @Test func scrollsToKeepTheCaretInSight() {
    let golden = render(terminalEditor("1\n2\n3\n4", columns: 3, rows: 2))
    #expect(golden.text == ["3  ", "4  "])
    #expect(golden.cursor == TerminalPosition(row: 1, column: 1))
  }

  @Test func notEditingShowsNoCursor() {
    #expect(render(terminalEditor("ab", columns: 3, rows: 1, editing: false)).cursor == nil)
  }

  @Test func theViewIsDrawnAtItsOriginWithInsetsAsPadding() {
    var editor = terminalEditor("hi", columns: 6, rows: 3)
    var geometry = editor.state.geometry
    geometry.textContainerInset = EdgeInsets(top: 1, left: 2, bottom: 1, right: 0)
    editor.setGeometry(geometry)
    var screen = TerminalScreen(columns: 8, rows: 5)
    screen.write("########", row: 0, column: 0)
    TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 1, column: 1))
    #expect(screen.text(ofRow: 0) == "########")
    #expect(screen.text(ofRow: 2) == "   hi   ")
    #expect(screen.cursor == TerminalPosition(row: 2, column: 5))
  }
}

@Suite struct TerminalBehaviourGoldenTests {
  @Test func staticPlaceholder() {
    let editor = terminalEditor(
      "", columns: 8, rows: 1,
      behaviours: [TextPlaceholder("Name", clock: PlaceholderClock { 0 })])
    #expect(
      render(editor)
        == Golden(
          text: ["Name    "], styles: ["gggg...."], cursor: TerminalPosition(row: 0, column: 0)))
  }

  @Test func floatingTitleAboveTheText() {
    let clock = ManualClock()
    var editor = floatingTitleEditor("Title", clock: clock)
    editor.insert("x")
    clock.advance(by: 10)
    let golden = render(editor)
    #expect(golden.text == ["Title     ", "x         "])
    #expect(golden.styles == ["ggggg.....", ".........."])
  }

  @Test func bouncyAbbreviation() {
    let clock = ManualClock()
    var editor = terminalEditor(
      "", columns: 10, rows: 1,
      behaviours: [
        TextPlaceholder("Amount", mode: .bouncy, abbreviated: "EUR", clock: .manual(clock))
      ])
    editor.insert("12")
    clock.advance(by: 10)
    let golden = render(editor)
    #expect(golden.text == ["12     EUR"])
    #expect(golden.styles == [".......ggg"])
  }

  @Test func linkWrappedOverTwoLinesIsOneHyperlink() {
    let editor = terminalEditor(
      "go https://a.org/abcdef ok", columns: 12, rows: 3, editing: false,
      behaviours: [EditorLinks()])
    let golden = render(editor)
    // UAX #14 allows a break after "https://".
    #expect(golden.text == ["go https:// ", "a.org/abcdef", "ok          "])
    #expect(golden.styles == ["...uuuuuuuu.", "uuuuuuuuuuuu", "............"])
    #expect(golden.links == ["...11111111.", "111111111111", "............"])
    var screen = TerminalScreen(columns: 12, rows: 3)
    TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen[0, 3].link == TerminalHyperlink(id: "t1", uri: "https://a.org/abcdef"))
    #expect(screen[1, 0].link == screen[0, 3].link)
    // Written as one link: opened on each row (the blank after it closes
    // it), with the same id both times and no other.
    let bytes = TerminalWriter.update(from: nil, to: screen)
    #expect(bytes.components(separatedBy: "\u{1B}]8;id=t1;https://a.org/abcdef\u{1B}\\").count == 3)
    #expect(bytes.components(separatedBy: "\u{1B}]8;id=").count == 3)
  }

  @Test func pressedLinkIsReversedOnItsHighlight() {
    var editor = terminalEditor(
      "a www.b.org c", columns: 14, rows: 1, editing: false, behaviours: [EditorLinks()])
    _ = editor.pressLink(.down(CGPoint(x: 4.5, y: 0.5), at: 0))
    let golden = render(editor)
    #expect(golden.text == ["a www.b.org c "])
    #expect(golden.styles == ["..?????????..."])
    var screen = TerminalScreen(columns: 14, rows: 1)
    TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 0, column: 0))
    let style = screen[0, 2].style
    #expect(style.underline && style.reverse)
    #expect(style.background == .rgb(0, 0x7A, 0xFF))
  }

  @Test func rightAlignedFieldKeepsItsTrailingSpaces() {
    var editor = terminalEditor(
      "ab", columns: 6, rows: 1, alignment: .right, behaviours: [RightAlignedSpaces()])
    editor.insert("  ")
    // The spaces are drawn (as U+00A0), so the text moves left and the caret
    // follows them to the right edge.
    let golden = render(editor)
    #expect(golden.text == ["  ab\u{A0}\u{A0}"])
    #expect(golden.cursor == TerminalPosition(row: 0, column: 5))
    let plain = terminalEditor("ab  ", columns: 6, rows: 1, alignment: .right)
    #expect(render(plain).text == ["    ab"])
  }
}

@Suite struct TerminalEditorRendererPropertyTests {
  static let input = Generator<(Int, Int, Int), Shrink.None<(Int, Int, Int)>> { rng in
    (
      Int.random(in: 0...20, using: &rng), Int.random(in: 0...6, using: &rng),
      Int.random(in: 0...1, using: &rng)
    )
  }

  /// Any text, any size, either profile: rows keep the screen's width, no
  /// cell holds a control character, and the cursor is on the screen.
  @Test func anyTextDrawsAConsistentGrid() async {
    await propertyCheck(
      count: CheckScale.cases(40, full: 200), input: UnicodeGen.text(fragments: 0...8), Self.input
    ) {
      text, size in
      let (columns, rows, which) = size
      let profile: TerminalWidthProfile = which == 0 ? .graphemeClusters : .tmux
      let editor = terminalEditor(
        text, columns: columns, rows: rows, profile: profile, behaviours: [EditorLinks()])
      var screen = TerminalScreen(columns: columns + 2, rows: rows + 1)
      TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 1, column: 1))
      for row in 0..<screen.rows {
        #expect((0..<screen.columns).reduce(0) { $0 + screen[row, $1].width } == screen.columns)
        for column in 0..<screen.columns {
          #expect(
            !screen[row, column].text.unicodeScalars.contains(where: {
              VisibleControls.isControl($0)
            }))
        }
      }
      if let cursor = screen.cursor {
        #expect(screen.contains(row: cursor.row, column: cursor.column))
      }
      _ = TerminalWriter.update(from: nil, to: screen)
    }
  }

  @Test func hugeAndNegativeGeometryDoesNotTrap() {
    var editor = terminalEditor("abc", columns: 4, rows: 2)
    editor.setGeometry(
      ViewGeometry(
        bounds: CGRect(x: -1e300, y: 1e300, width: 1e300, height: 1e300),
        textContainerInset: EdgeInsets(top: 1e300, left: -5, bottom: 0, right: 0)))
    var screen = TerminalScreen(columns: 5, rows: 3)
    TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen.rows == 3)
  }
}

@Suite struct TerminalClickTests {
  /// The view drawn at (1, 1): a click on a cell puts the caret before the
  /// cluster on it, in reading order.
  @Test func aClickPutsTheCaretBeforeTheClickedCluster() {
    let editor = terminalEditor("a日b \u{5E9}\u{5DC}", columns: 10, rows: 2)
    let placement = TerminalEditorRenderer.placement(
      of: editor, at: TerminalPosition(row: 1, column: 1))
    // Cells: a(1) 日(2-3) b(4) ' '(5) ל(6) ש(7), drawn at columns 1…7.
    #expect(placement.offset(row: 1, column: 1, in: editor) == 0)
    #expect(placement.offset(row: 1, column: 2, in: editor) == 1)
    #expect(placement.offset(row: 1, column: 3, in: editor) == 1)
    #expect(placement.offset(row: 1, column: 4, in: editor) == 2)
    // The right-to-left run: ל is drawn left of ש, and comes after it.
    #expect(placement.offset(row: 1, column: 6, in: editor) == 5)
    #expect(placement.offset(row: 1, column: 7, in: editor) == 4)
    // Past the end of the line, the nearest boundary; outside the view, nothing.
    #expect(placement.offset(row: 2, column: 9, in: editor) != nil)
    #expect(placement.offset(row: 0, column: 1, in: editor) == nil)
    #expect(placement.offset(row: 1, column: 11, in: editor) == nil)
  }

  @Test func placementScrollsAsTheDrawingDoes() {
    let editor = terminalEditor("1\n2\n3\n4", columns: 3, rows: 2)
    var screen = TerminalScreen(columns: 3, rows: 2)
    let drawn = TerminalEditorRenderer.draw(
      editor, into: &screen, at: TerminalPosition(row: 0, column: 0))
    let placement = TerminalEditorRenderer.placement(
      of: editor, at: TerminalPosition(row: 0, column: 0))
    #expect(placement.scroll == drawn.scroll)
    #expect(placement.scroll == 2)
    // The first row shows "3": a click there goes before it.
    #expect(placement.offset(row: 0, column: 0, in: editor) == 4)
  }
}

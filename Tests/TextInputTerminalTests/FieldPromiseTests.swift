import Foundation
import PropertyBased
import Testing
import TextInputKit
import UnicodeTestSupport

/// The promises of `TerminalTextField` that an outside harness broke
/// (issue 37): the sideways scroll keeps the caret in sight, and a
/// single-line field keeps its text on one row.
@Suite struct SidewaysScrollTests {
  /// The field drawn alone in a screen of its width: where the caret is
  /// drawn, and the row.
  static func draw(_ field: inout TerminalTextField) -> (caret: TerminalPosition?, row: String) {
    var screen = TerminalScreen(columns: field.columns, rows: field.height)
    let drawn = field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    return (drawn.caret, screen.text(ofRow: 0))
  }

  /// Whether the caret of `field` (ASCII text, left to right) is drawn on
  /// its own cell: the one showing the character after it (a blank at the
  /// end), right after the one showing the character before it (or the
  /// left edge's mark). Nil when it is; else what is wrong.
  static func caretProblem(_ field: inout TerminalTextField) -> String? {
    let text = Array(field.editor.text)
    let offset = field.editor.state.selection.location
    let (drawnCaret, row) = draw(&field)
    let cells = Array(row)
    guard let caret = drawnCaret else { return "no caret in \(row.debugDescription)" }
    let column = caret.column
    let after: Character = offset < text.count ? text[offset] : " "
    if cells[column] != after {
      return
        "caret at \(offset) drawn on \(cells[column]) (column \(column)) in \(row.debugDescription)"
    }
    if offset == 0, column != 0 { return "caret at 0 drawn at column \(column)" }
    if column > 0, offset > 0, cells[column - 1] != text[offset - 1],
      !(column == 1 && cells[0] == TerminalTextField.hiddenTextMarks.left)
    {
      return
        "the cell before the caret at \(offset) shows \(cells[column - 1]) in \(row.debugDescription)"
    }
    return nil
  }

  /// Issue 37: `TerminalTextField(text: "abc", columns: 1)` never scrolled:
  /// the caret (offset 3) was drawn on "a".
  @Test func aOneColumnFieldScrollsToTheCaret() {
    var field = TerminalTextField(text: "abc", columns: 1)
    let (caret, row) = Self.draw(&field)
    #expect(caret == TerminalPosition(row: 0, column: 0))
    #expect(row == " ")
    #expect(field.horizontalScroll == 3)
  }

  /// Issue 37: with `columns: 2` it scrolled by 1 and the caret was drawn
  /// on "c".
  @Test func aTwoColumnFieldScrollsToTheCaret() {
    var field = TerminalTextField(text: "abc", columns: 2)
    let (caret, row) = Self.draw(&field)
    #expect(caret == TerminalPosition(row: 0, column: 1))
    #expect(row.last == " ")
    #expect(Self.caretProblem(&field) == nil)
  }

  /// Issue 37: after six typed spaces the caret's cell is column 9 but was
  /// drawn at column 4 of an unscrolled field (on the fifth cell, a
  /// space): trailing spaces took no width, and the scroll stopped at the
  /// line's width.
  @Test func trailingSpacesScrollToo() {
    var field = TerminalTextField(text: "abc", columns: 5)
    for _ in 0..<6 { _ = field.handle(.text(" ")) }
    #expect(field.editor.state.caretRect(at: 9).midX == 9)
    let (caret, row) = Self.draw(&field)
    // At the text's end its last cell is the caret's.
    #expect(field.horizontalScroll == 5)
    #expect(caret == TerminalPosition(row: 0, column: 4))
    #expect(row == "\(TerminalTextField.hiddenTextMarks.left)    ")
    // Back by two: the margin's two cells stay after it.
    _ = field.handle(.key(.left, []))
    _ = field.handle(.key(.left, []))
    #expect(Self.draw(&field).caret == TerminalPosition(row: 0, column: 2))
    #expect(field.horizontalScroll == 5)
  }

  /// Issue 37: every width (1 and 2 too), every margin (0 too), typing,
  /// trailing spaces and moves back and forth: the caret is always drawn
  /// on its own cell.
  @Test func theCaretIsInSightForEveryWidthAndMargin() {
    var problems: [String] = []
    for columns in 1...9 {
      for margin in 0...4 {
        var field = TerminalTextField(columns: columns)
        field.scrollMargin = margin
        var steps: [TerminalEvent] = "abcdefghijk".map { .text(String($0)) }
        steps += Array(repeating: .text(" "), count: 4)
        steps += Array(repeating: .key(.left, []), count: 9)
        steps += [.key(.home, [])] + Array(repeating: .key(.right, []), count: 15)
        steps += [.key(.end, []), .key(.backspace, [])]
        for (index, step) in steps.enumerated() {
          _ = field.handle(step)
          if let problem = Self.caretProblem(&field) {
            problems.append("columns \(columns), margin \(margin), step \(index): \(problem)")
          }
        }
        // A margin set on a drawn field applies at once.
        field.scrollMargin = margin + 1
        if let problem = Self.caretProblem(&field) {
          problems.append("columns \(columns), margin \(margin + 1) set: \(problem)")
        }
      }
    }
    #expect(problems.isEmpty, "\(problems.prefix(5))")
  }

  /// Found by FuzzField: a centred line puts its caret at half cells; in
  /// one column a scroll of whole cells never showed it. Every alignment
  /// and direction, narrow widths: the caret is on a whole cell in sight.
  @Test func theCaretIsInSightForEveryAlignment() {
    for alignment in TextAlignment.allCases {
      for direction in [LayoutDirection.leftToRight, .rightToLeft] {
        for columns in 1...4 {
          for text in ["a", "ab", "abc", "日本"] {
            var field = TerminalTextField(
              text: text, columns: columns, alignment: alignment, layoutDirection: direction)
            field.scrollMargin = -1
            let state = field.editor.state
            let cell = state.caretRect(at: state.utf16Count).midX - field.horizontalScroll
            let caret = Self.draw(&field).caret
            #expect(
              cell == cell.rounded() && (0..<CGFloat(columns)).contains(cell)
                && caret == TerminalPosition(row: 0, column: Int(cell)),
              "\(alignment) \(direction) \(columns) \(text): cell \(cell), drawn \(String(describing: caret))"
            )
          }
        }
      }
    }
  }

  /// Issue 39 item 8: a scrolled single-line field shows a dim mark at an
  /// edge where text is hidden, never on the caret's cell.
  @Test func aMarkShowsWhereTextIsHidden() {
    let marks = TerminalTextField.hiddenTextMarks
    var field = TerminalTextField(text: String(repeating: "x", count: 30), columns: 10)
    var screen = TerminalScreen(columns: 10, rows: 1)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen[0, 0].text == String(marks.left))
    #expect(screen[0, 0].style.dim)
    #expect(screen[0, 9].text == " ")
    _ = field.handle(.key(.home, []))
    screen = TerminalScreen(columns: 10, rows: 1)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen[0, 0].text == "x")
    #expect(screen[0, 9].text == String(marks.right))
    #expect(screen[0, 9].style.dim)
    // In the middle: both; a field that shows everything: none.
    for _ in 0..<15 { _ = field.handle(.key(.right, [])) }
    screen = TerminalScreen(columns: 10, rows: 1)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen.text(ofRow: 0) == "\(marks.left)xxxxxxxx\(marks.right)")
    var short = TerminalTextField(text: "abc", columns: 10)
    #expect(Self.draw(&short).row == "abc       ")
    // One column: the caret's cell is never covered by a mark.
    var narrow = TerminalTextField(text: "abc", columns: 1)
    _ = narrow.handle(.key(.left, []))
    #expect(Self.draw(&narrow).row == "c")
  }
}

@Suite struct SingleLineBreakTests {
  /// Every character the package treats as a paragraph end, and CR LF.
  static let breaks = [
    "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}",
  ]

  static func isOneRow(_ field: TerminalTextField) -> Bool {
    field.editor.layout().lineFragments.count == 1
      && !field.editor.text.unicodeScalars.contains(where: { HardBreaks.isBreak($0) })
  }

  /// Issue 37: a typed U+2028 laid the text out on two lines and only "b"
  /// was shown.
  @Test func aTypedLineSeparatorIsASpace() {
    var field = TerminalTextField(columns: 10)
    _ = field.handle(.text("a"))
    _ = field.handle(.text("\u{2028}"))
    _ = field.handle(.text("b"))
    #expect(field.editor.text == "a b")
    #expect(Self.isOneRow(field))
    #expect(SidewaysScrollTests.draw(&field).row == "a b       ")
  }

  /// Every paragraph end, typed alone or within text, pasted, and yanked:
  /// one space each (CR LF one), on one row.
  @Test(arguments: breaks) func everyParagraphEndIsASpace(_ separator: String) {
    var typed = TerminalTextField(columns: 10)
    _ = typed.handle(.text("a"))
    _ = typed.handle(.text(separator))
    _ = typed.handle(.text("b\(separator)c"))
    #expect(typed.editor.text == "a b c")
    #expect(Self.isOneRow(typed))
    var pasted = TerminalTextField(columns: 10)
    _ = pasted.handle(.paste("a\(separator)b"))
    #expect(pasted.editor.text == "a b")
    #expect(Self.isOneRow(pasted))
  }

  /// Typed and pasted chunks of text mixed with paragraph ends.
  static let chunks = Generator<[TerminalEvent], Shrink.None<[TerminalEvent]>> { rng in
    let pieces = ["a", "日", " ", "e\u{301}", "👍🏽"] + breaks
    return (0..<Int.random(in: 1...12, using: &rng)).map { _ -> TerminalEvent in
      let text = (0..<Int.random(in: 1...6, using: &rng)).map { _ in
        pieces.randomElement(using: &rng) ?? "\n"
      }.joined()
      return Bool.random(using: &rng) ? .text(text) : .paste(text)
    }
  }

  /// Any mix of text and paragraph ends, in any chunks, typed or pasted.
  @Test func mixedTextStaysOnOneRow() async {
    await propertyCheck(count: CheckScale.cases(60, full: 400), input: Self.chunks) { events in
      var field = TerminalTextField(columns: 8)
      for event in events { _ = field.handle(event) }
      #expect(Self.isOneRow(field), "\(field.editor.text.debugDescription)")
    }
  }
}

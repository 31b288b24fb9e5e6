import Foundation
import Testing
import TextInputKit

/// A single-line field 30 cells wide completing from `words`, holding `typed`.
func completingField(
  _ typed: String, words: [String], kind: TerminalTextField.Kind = .singleLine, columns: Int = 30
) -> TerminalTextField {
  var field = TerminalTextField(kind: kind, columns: columns)
  field.completer = WordCompleter(words)
  _ = field.handle(.text(typed))
  return field
}

let tab = TerminalEvent.key(.tab, [])

@Suite("TerminalTextField: Tab completion and its menu")
struct TerminalCompletionTests {
  @Test("One candidate is inserted; several insert their common prefix, as readline's complete")
  func firstTab() {
    var one = completingField("sh", words: ["select", "show"])
    #expect(one.handle(tab) == .edited)
    #expect(one.editor.text == "show")
    var several = completingField("s", words: ["select", "set", "show"])
    _ = several.handle(tab)
    #expect(several.editor.text == "s")
    #expect(several.completionMenu == nil)
    var prefix = completingField("x se", words: ["select", "selection"])
    _ = prefix.handle(tab)
    #expect(prefix.editor.text == "x select")
    #expect(prefix.completionMenu == nil)
    var none = completingField("q", words: ["select"])
    #expect(none.handle(tab) == .unchanged)
  }

  @Test("A second Tab opens the menu under the field; Tab, arrows, Enter, Esc")
  func menuKeys() {
    var field = completingField("s", words: ["select", "set", "show", "sum", "sort", "split"])
    _ = field.handle(tab)
    _ = field.handle(tab)
    let menu = try! #require(field.completionMenu)
    #expect(menu.candidates.count == 6)
    #expect(menu.selected == 0)
    // 6 cells a column and 2 between: 4 columns in 30 cells, 2 rows.
    #expect(menu.columns(in: 30) == 4)
    #expect(field.height == 3)
    _ = field.handle(tab)
    #expect(field.completionMenu?.selected == 1)
    _ = field.handle(.key(.down, []))
    #expect(field.completionMenu?.selected == 5)
    _ = field.handle(.key(.down, []))
    #expect(field.completionMenu?.selected == 5)
    _ = field.handle(.key(.left, []))
    #expect(field.completionMenu?.selected == 4)
    _ = field.handle(.key(.tab, .shift))
    #expect(field.completionMenu?.selected == 3)
    _ = field.handle(.key(.up, []))
    #expect(field.completionMenu?.selected == 3)
    _ = field.handle(.key(.pageDown, []))
    #expect(field.completionMenu?.selected == 5)
    // Tab wraps around.
    _ = field.handle(tab)
    #expect(field.completionMenu?.selected == 0)
    #expect(field.handle(.key(.enter, [])) == .edited)
    #expect(field.editor.text == "select")
    #expect(field.completionMenu == nil)
    #expect(field.height == 1)

    var closing = completingField("s", words: ["select", "set"])
    _ = closing.handle(tab)
    _ = closing.handle(tab)
    #expect(closing.handle(.key(.escape, [])) == .moved)
    #expect(closing.editor.text == "se")
    #expect(closing.completionMenu == nil)
    // Typing closes the menu and types.
    _ = closing.handle(tab)
    _ = closing.handle(tab)
    #expect(closing.completionMenu != nil)
    _ = closing.handle(.text("l"))
    #expect(closing.completionMenu == nil)
    #expect(closing.editor.text == "sel")
  }

  @Test("Columns line up by display width with emoji, CJK and combining marks")
  func columnsAlign() {
    let words = ["x👍🏽", "x日本", "xabc", "xＡＢ", "xe\u{301}z", "x🇯🇵", "x👨‍👩‍👧"]
    var field = completingField("x", words: words)
    _ = field.handle(tab)
    _ = field.handle(tab)
    var screen = TerminalScreen(columns: 30, rows: field.height)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    // The widest is 5 cells: 4 columns of 5 + 2 in 30 cells.
    let menu = try! #require(field.completionMenu)
    #expect(menu.columns(in: 30) == 4)
    for (index, word) in words.enumerated() {
      let row = 1 + index / 4
      let column = (index % 4) * 7
      #expect(screen[row, column].text == "x", "\(word) at row \(row), column \(column)")
      let second = String(Array(word)[1])
      #expect(screen[row, column + 1].text == second, "\(word)")
    }
    // The selected candidate is drawn reversed, over its column's width.
    #expect(screen[1, 0].style.reverse && screen[1, 4].style.reverse)
    #expect(!screen[1, 5].style.reverse && !screen[1, 7].style.reverse)
  }

  @Test("200 candidates scroll, with the selection's number under them")
  func scrolls() {
    let words = (0..<200).map { "item\($0)" }
    var field = completingField("i", words: words)
    field.maximumMenuRows = 4
    _ = field.handle(tab)
    _ = field.handle(tab)
    let menu = try! #require(field.completionMenu)
    // "item199" is 7 cells: 3 columns of 7 + 2 in 30 cells, 67 rows.
    #expect(menu.columns(in: 30) == 3)
    #expect(menu.rows(in: 30) == 67)
    #expect(field.height == 1 + 4 + 1)
    for _ in 0..<20 { _ = field.handle(.key(.down, [])) }
    #expect(field.completionMenu?.selected == 60)
    #expect(field.completionMenu?.firstRow == 17)
    var screen = TerminalScreen(columns: 30, rows: field.height)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen.text(ofRow: 1).hasPrefix("item51"))
    #expect(screen.text(ofRow: 4).hasPrefix("item60"))
    #expect(screen.text(ofRow: 5).hasPrefix("61/200"))
    _ = field.handle(.key(.pageUp, []))
    #expect(field.completionMenu?.selected == 48)
  }

  @Test("A click on a candidate accepts it; a click elsewhere closes the menu")
  func click() {
    var field = completingField("s", words: ["select", "set", "show"])
    _ = field.handle(tab)
    _ = field.handle(tab)
    var screen = TerminalScreen(columns: 30, rows: field.height)
    field.draw(into: &screen, at: TerminalPosition(row: 3, column: 2))
    // "show" is the third column (cells 16-21 of the field), the menu's first row (row 4).
    let press = TerminalMouseEvent(kind: .press, button: .left, column: 2 + 16 + 2, row: 5)
    #expect(field.handle(.mouse(press)) == .edited)
    #expect(field.editor.text == "show")
    _ = field.handle(.text(" s"))
    _ = field.handle(tab)
    _ = field.handle(tab)
    #expect(field.completionMenu != nil)
    // In the gap between two columns: nothing.
    let gap = TerminalMouseEvent(kind: .press, button: .left, column: 2 + 6 + 1, row: 5)
    #expect(field.handle(.mouse(gap)) == .unchanged)
    #expect(field.completionMenu != nil)
    let elsewhere = TerminalMouseEvent(kind: .press, button: .left, column: 3, row: 4)
    _ = field.handle(.mouse(elsewhere))
    #expect(field.completionMenu == nil)
  }

  @Test("Descriptions: one candidate a row, descriptions aligned")
  func descriptions() {
    var field = TerminalTextField(columns: 30)
    field.completer = WordCompleter(described: [("ls", "list"), ("lsblk", "block devices")])
    _ = field.handle(.text("l"))
    _ = field.handle(tab)
    _ = field.handle(tab)
    var screen = TerminalScreen(columns: 30, rows: field.height)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen.text(ofRow: 1).hasPrefix("ls     list"))
    #expect(screen.text(ofRow: 2).hasPrefix("lsblk  block devices"))
  }

  @Test("In a multi-line field: the menu is under the text; Enter accepts, not a line break")
  func multiLine() {
    var field = completingField(
      "one\ntw", words: ["two", "twelve"], kind: .multiLine(minimumRows: 1, maximumRows: 4))
    _ = field.handle(tab)
    _ = field.handle(tab)
    #expect(field.height == 2 + 1)
    _ = field.handle(tab)
    _ = field.handle(.key(.enter, []))
    #expect(field.editor.text == "one\ntwelve")
  }
}

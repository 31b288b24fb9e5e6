import Foundation
import Testing
import TextInputKit

/// A single-line field over a history, with `HistoryHinter`, holding `typed`.
func hintedField(_typed typed: String, entries: [String]) -> TerminalTextField {
  var field = TerminalTextField(columns: 30)
  let history = MemoryHistory(entries: entries)
  field.history = history
  field.hinter = HistoryHinter(history)
  _ = field.handle(.text(typed))
  return field
}

@Suite("TerminalTextField: hints (ghost text after the caret)")
struct TerminalHintTests {
  static let entries = ["git status", "git commit --amend", "git push"]

  @Test("The newest entry that starts with the text, drawn dim after the caret")
  func drawnDim() {
    var field = hintedField(_typed: "git s", entries: Self.entries)
    #expect(field.hint == "tatus")
    #expect(field.editor.text == "git s")
    var screen = TerminalScreen(columns: 30, rows: field.height)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen.text(ofRow: 0).hasPrefix("git status"))
    #expect(screen.cursor == TerminalPosition(row: 0, column: 5))
    #expect(!screen[0, 4].style.dim)
    #expect((5..<10).allSatisfy { screen[0, $0].style.dim })
    #expect(!screen[0, 10].style.dim)
    // The newest wins.
    #expect(hintedField(_typed: "git ", entries: Self.entries).hint == "push")
  }

  @Test(
    "→, End, Ctrl-E and Ctrl-F at the end accept it all",
    arguments: [
      TerminalKeyChord(.right), TerminalKeyChord(.end), .control("e"), .control("f"),
      TerminalKeyChord(.end, .control),
    ])
  func acceptAll(_ chord: TerminalKeyChord) {
    var field = hintedField(_typed: "git s", entries: Self.entries)
    #expect(field.handle(.key(chord.key, chord.modifiers)) == .edited)
    #expect(field.editor.text == "git status")
    #expect(field.editor.selection == NSRange(location: 10, length: 0))
    #expect(field.hint == nil)
  }

  @Test("Alt-F accepts the hint's next word")
  func acceptWord() {
    var field = hintedField(_typed: "git c", entries: Self.entries)
    #expect(field.hint == "ommit --amend")
    _ = field.handle(.key(.character("f"), .alt))
    #expect(field.editor.text == "git commit")
    #expect(field.hint == " --amend")
    _ = field.handle(.key(.character("f"), .alt))
    #expect(field.editor.text == "git commit --amend")
  }

  @Test("No hint away from the end, with a selection, while searching, or mid-cluster")
  func noHint() {
    var field = hintedField(_typed: "git s", entries: Self.entries)
    _ = field.handle(.key(.left, []))
    #expect(field.hint == nil)
    // → away from the end moves, as it always does.
    _ = field.handle(.key(.right, []))
    #expect(field.editor.text == "git s")
    #expect(field.hint == "tatus")
    _ = field.handle(.key(.left, .shift))
    #expect(field.hint == nil)
    var searching = hintedField(_typed: "git s", entries: Self.entries)
    _ = searching.handle(.key(.character("r"), .control))
    #expect(searching.hint == nil)
    // A hint never starts inside a cluster: "e" + U+0301 is one.
    #expect(hintedField(_typed: "cafe", entries: ["cafe\u{301} au lait"]).hint == nil)
    #expect(hintedField(_typed: "cafe\u{301}", entries: ["cafe\u{301} au lait"]).hint == " au lait")
    #expect(hintedField(_typed: "nothing", entries: Self.entries).hint == nil)
    // The submitted value is what was typed.
    var submitting = hintedField(_typed: "git s", entries: Self.entries)
    #expect(submitting.handle(.key(.enter, [])) == .submitted("git s"))
  }

  @Test("A multi-line entry's hint shows its first line; accepted on one line")
  func multiLineEntry() {
    var field = hintedField(_typed: "SEL", entries: ["SELECT 1\nFROM t"])
    #expect(field.hint == "ECT 1\nFROM t")
    var screen = TerminalScreen(columns: 30, rows: field.height)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen.text(ofRow: 0).hasPrefix("SELECT 1 "))
    #expect(!screen.text(ofRow: 0).contains("FROM"))
    _ = field.handle(.key(.right, []))
    #expect(field.editor.text == "SELECT 1 FROM t")
  }

  @Test("HistoryHinter: a prefix nothing starts with is remembered until an add")
  func missedPrefix() {
    let history = MemoryHistory(entries: ["abc"])
    let hinter = HistoryHinter(history)
    #expect(hinter.hint(for: "x", caret: 1) == nil)
    #expect(hinter.hint(for: "xy", caret: 2) == nil)
    history.add("xyz")
    #expect(hinter.hint(for: "xy", caret: 2) == "z")
    #expect(hinter.hint(for: "xy", caret: 1) == nil)
    #expect(hinter.hint(for: "ab", caret: 2) == "c")
  }
}

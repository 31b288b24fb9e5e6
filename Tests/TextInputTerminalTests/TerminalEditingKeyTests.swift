import Foundation
import Testing
import TextInputKit

/// One row: a single-line field holding `start` with the caret at `caret`,
/// keys pressed, and what it shows after them, as GNU readline's manual
/// describes the command ("Killing And Yanking", "Commands For Changing
/// Text").
struct EditingKeyCase: Sendable, CustomTestStringConvertible {
  var name: String
  var start: String
  var caret: Int
  var keys: [TerminalKeyChord]
  var text: String
  var selection: Int

  init(
    _ name: String, _ start: String, _ caret: Int, _ keys: [TerminalKeyChord], _ text: String,
    _ selection: Int
  ) {
    self.name = name
    self.start = start
    self.caret = caret
    self.keys = keys
    self.text = text
    self.selection = selection
  }

  var testDescription: String { name }

  static let table: [EditingKeyCase] = [
    // yank-pop (M-y): "Rotate the kill-ring, and yank the new top. You can
    // only do this if the prior command is C-y or M-y."
    EditingKeyCase(
      "M-y after C-y pastes the kill before", "alpha beta", 10,
      [.control("w"), .control("b"), .control("w"), .control("y"), .alt("y")], "beta ", 4),
    EditingKeyCase(
      "M-y again rotates on", "alpha beta", 10,
      [.control("w"), .control("b"), .control("w"), .control("y"), .alt("y"), .alt("y")],
      "alpha ", 5),
    EditingKeyCase(
      "M-y not after a yank does nothing", "alpha beta", 10,
      [.control("w"), .control("b"), .control("w"), .control("y"), .control("b"), .alt("y")],
      "alpha ", 4),
    EditingKeyCase(
      "Kills in a row are one kill", "alpha beta", 10,
      [.control("w"), .control("w"), .control("y"), .alt("y")], "alpha beta", 10),
    // transpose-chars (C-t): "Drag the character before the cursor forward
    // over the character at the cursor, moving the cursor forward as well.
    // If the insertion point is at the end of the line, then this transposes
    // the last two characters of the line."
    EditingKeyCase("C-t mid-line", "abc", 1, [.control("t")], "bac", 2),
    EditingKeyCase("C-t at the end", "abc", 3, [.control("t")], "acb", 3),
    EditingKeyCase("C-t at the start does nothing", "abc", 0, [.control("t")], "abc", 0),
    EditingKeyCase("C-t moves clusters whole", "x👍🏽é", 1, [.control("t")], "👍🏽xé", 5),
    EditingKeyCase("C-t at the end, by cluster", "x👍🏽e\u{301}", 7, [.control("t")], "xe\u{301}👍🏽", 7),
    // upcase-word (M-u), downcase-word (M-l), capitalize-word (M-c): "the
    // current (or following) word", point moving to its end.
    EditingKeyCase("M-u", "hello world", 0, [.alt("u")], "HELLO world", 5),
    EditingKeyCase("M-u from mid-word", "hello world", 2, [.alt("u")], "heLLO world", 5),
    EditingKeyCase("M-u M-u", "hello world", 0, [.alt("u"), .alt("u")], "HELLO WORLD", 11),
    EditingKeyCase("M-l", "ÉCOLE NORMALE", 0, [.alt("l")], "école NORMALE", 5),
    EditingKeyCase("M-c between words", "hello wORLD", 5, [.alt("c")], "hello World", 11),
    EditingKeyCase("M-u folds ß to SS", "straße", 0, [.alt("u")], "STRASSE", 7),
  ]
}

@Suite("TerminalTextField: yank-pop, transpose and case keys, as readline documents them")
struct TerminalEditingKeyTests {
  @Test(arguments: EditingKeyCase.table)
  func key(_ row: EditingKeyCase) {
    var field = TerminalTextField(text: row.start, columns: 30)
    field.modifyEditor { $0.select(NSRange(location: row.caret, length: 0)) }
    for chord in row.keys { _ = field.handle(.key(chord.key, chord.modifiers)) }
    #expect(field.editor.text == row.text)
    #expect(field.editor.selection == NSRange(location: row.selection, length: 0))
  }

  @Test("The kill ring keeps the last 60 kills, oldest first")
  func killRing() {
    var field = TerminalTextField(text: "", columns: 30)
    for index in 0..<70 {
      _ = field.handle(.text("w\(index)"))
      _ = field.handle(.key(.character("w"), .control))
      _ = field.handle(.key(.left, []))  // breaks the run of kills
    }
    #expect(field.killRing.count == 60)
    #expect(field.killRing.first == "w10")
    #expect(field.killRing.last == "w69")
  }

  @Test("A case change applies to the selection when there is one")
  func caseOfSelection() {
    var field = TerminalTextField(text: "one two three", columns: 30)
    field.modifyEditor { $0.select(NSRange(location: 4, length: 7)) }
    _ = field.handle(.key(.character("u"), .alt))
    #expect(field.editor.text == "one TWO THRee")
  }
}

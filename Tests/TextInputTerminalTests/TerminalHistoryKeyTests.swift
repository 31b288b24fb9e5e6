import Foundation
import Testing
import TextInputKit

/// One row of the history key table: keys pressed in a field whose history
/// holds "first", "second", "third" (oldest first) with "draft" typed, and
/// what the field shows after them, as GNU readline's manual describes
/// each command ("Commands For Manipulating The History", "Searching for
/// Commands in the History").
struct HistoryKeyCase: Sendable, CustomTestStringConvertible {
  var name: String
  var events: [TerminalEvent]
  var text: String
  var selection: NSRange
  var outcome: TerminalTextField.Outcome?
  var prompt: String?

  init(
    _ name: String, _ events: [TerminalEvent], _ text: String, _ location: Int,
    _ length: Int = 0, outcome: TerminalTextField.Outcome? = nil, prompt: String? = nil
  ) {
    self.name = name
    self.events = events
    self.text = text
    self.selection = NSRange(location: location, length: length)
    self.outcome = outcome
    self.prompt = prompt
  }

  var testDescription: String { name }

  static let up = TerminalEvent.key(.up, [])
  static let down = TerminalEvent.key(.down, [])
  static let ctrlR = TerminalEvent.key(.character("r"), .control)
  static let ctrlS = TerminalEvent.key(.character("s"), .control)
  static let ctrlG = TerminalEvent.key(.character("g"), .control)
  static let escape = TerminalEvent.key(.escape, [])
  static let enter = TerminalEvent.key(.enter, [])
  static let backspace = TerminalEvent.key(.backspace, [])
  static func text(_ text: String) -> TerminalEvent { .text(text) }

  static let table: [HistoryKeyCase] = [
    // previous-history (↑, C-p): "Move 'back' through the history list,
    // fetching the previous command"; point at the end of the line.
    HistoryKeyCase("↑ fetches the newest", [up], "third", 5),
    HistoryKeyCase("C-p is ↑", [.key(.character("p"), .control)], "third", 5),
    HistoryKeyCase("↑ ↑ goes further back", [up, up], "second", 6),
    HistoryKeyCase("↑ stops at the oldest", [up, up, up, up, up], "first", 5),
    // next-history (↓, C-n): "Move 'forward' through the history list".
    HistoryKeyCase("↑ ↓ comes back to the line being edited", [up, down], "draft", 5),
    HistoryKeyCase("C-n is ↓", [up, up, .key(.character("n"), .control)], "third", 5),
    HistoryKeyCase("↓ on the line being edited does nothing", [down], "draft", 5),
    // beginning-of-history (M-<), end-of-history (M->).
    HistoryKeyCase("M-< fetches the oldest", [.key(.character("<"), .alt)], "first", 5),
    HistoryKeyCase(
      "M-> comes back to the line being edited",
      [.key(.character("<"), .alt), .key(.character(">"), .alt)], "draft", 5),
    // Edits to a fetched line are kept while moving through the history.
    HistoryKeyCase("An edited entry is kept", [up, text("!"), up, down], "third!", 6),
    HistoryKeyCase("The edited new line is kept", [text("s"), up, up, down, down], "drafts", 6),
    // reverse-search-history (C-r): "Search backward starting at the current
    // line and moving 'up' through the history as necessary. This is an
    // incremental search." The match is shown, selected (highlighted).
    HistoryKeyCase(
      "C-r finds the newest match, shown selected", [ctrlR, text("ir")], "third", 2, 2,
      prompt: "(reverse-i-search)'ir'"),
    HistoryKeyCase(
      "C-r again finds the next older match", [ctrlR, text("ir"), ctrlR], "first", 1, 2,
      prompt: "(reverse-i-search)'ir'"),
    HistoryKeyCase(
      "C-r folds case", [ctrlR, text("SEC")], "second", 0, 3, prompt: "(reverse-i-search)'SEC'"),
    HistoryKeyCase(
      "C-r with no match says so and keeps the last match", [ctrlR, text("s"), text("x")], "second",
      0, 1,
      prompt: "(failed reverse-i-search)'sx'"),
    HistoryKeyCase(
      "Backspace shortens the query", [ctrlR, text("s"), text("x"), backspace], "second", 0, 1,
      prompt: "(reverse-i-search)'s'"),
    // forward-search-history (C-s).
    HistoryKeyCase(
      "C-s goes back towards newer matches", [ctrlR, text("ir"), ctrlR, ctrlS], "third", 2, 2,
      prompt: "(i-search)'ir'"),
    // "Typing C-g aborts the search and restores the original line";
    // Esc does the same here.
    HistoryKeyCase("C-g restores the line", [ctrlR, text("sec"), ctrlG], "draft", 5),
    HistoryKeyCase("Esc restores the line", [ctrlR, text("sec"), escape], "draft", 5),
    // "RET ... terminate the search and accept the line".
    HistoryKeyCase(
      "RET accepts the match", [ctrlR, text("sec"), enter], "second", 0,
      outcome: .submitted("second")),
    // Any other editing command ends the search and then runs, on the match.
    HistoryKeyCase(
      "C-e ends the search and moves", [ctrlR, text("sec"), .key(.character("e"), .control)],
      "second", 6),
    // An empty C-r C-r searches for the last search string again.
    HistoryKeyCase(
      "C-r C-r repeats the last search",
      [ctrlR, text("fi"), ctrlG, ctrlR, ctrlR], "first", 0, 2, prompt: "(reverse-i-search)'fi'"),
  ]
}

func historyField(
  kind: TerminalTextField.Kind = .singleLine, text: String = "draft",
  entries: [String] = ["first", "second", "third"]
) -> (TerminalTextField, MemoryHistory) {
  var field = TerminalTextField(kind: kind, text: text, columns: 30)
  let history = MemoryHistory(entries: entries)
  field.history = history
  return (field, history)
}

@Suite("TerminalTextField: history keys, as readline documents them")
struct TerminalHistoryKeyTests {
  @Test(arguments: HistoryKeyCase.table)
  func key(_ row: HistoryKeyCase) {
    var (field, _) = historyField()
    var outcome = TerminalTextField.Outcome.unchanged
    for event in row.events { outcome = field.handle(event) }
    #expect(field.editor.text == row.text)
    #expect(field.editor.selection == row.selection)
    if let expected = row.outcome { #expect(outcome == expected) }
    #expect(field.historySearchPrompt == row.prompt)
    #expect(field.hasStatusLine == (row.prompt != nil))
  }

  @Test("A submit adds to the history and forgets the edits")
  func submitAdds() {
    var (field, history) = historyField()
    _ = field.handle(.key(.up, []))
    _ = field.handle(.text("!"))
    #expect(field.handle(.key(.enter, [])) == .submitted("third!"))
    #expect(history.entries == ["first", "second", "third", "third!"])
    // The next line starts fresh; the entry was not changed in the history.
    field.modifyEditor { _ = $0.replace(NSRange(location: 0, length: 6), with: "") }
    _ = field.handle(.key(.up, []))
    _ = field.handle(.key(.up, []))
    #expect(field.editor.text == "third")
    #expect(field.recalledHistoryIndex == 2)
    // An empty submit is not added; nor anything when switched off.
    var (empty, emptyHistory) = historyField(text: "")
    _ = empty.handle(.key(.enter, []))
    #expect(emptyHistory.count == 3)
    empty.addsSubmissionsToHistory = false
    _ = empty.handle(.text("x"))
    _ = empty.handle(.key(.enter, []))
    #expect(emptyHistory.count == 3)
  }

  @Test("In a multi-line field ↑ and ↓ move between lines, and recall on the first and last")
  func multiLine() {
    var (field, _) = historyField(
      kind: .multiLine(minimumRows: 1, maximumRows: 5), text: "one\ntwo")
    _ = field.handle(.key(.up, []))
    #expect(field.editor.text == "one\ntwo")
    #expect(field.editor.selection.location == 3)
    _ = field.handle(.key(.up, []))
    #expect(field.editor.text == "third")
    _ = field.handle(.key(.down, []))
    #expect(field.editor.text == "one\ntwo")
    // The caret is at the end, on the last line: ↓ again has no newer entry.
    #expect(field.editor.selection.location == 7)
    // A multi-line entry comes back whole; in a single-line field, on one line.
    var (multi, _) = historyField(
      kind: .multiLine(minimumRows: 1, maximumRows: 5), text: "", entries: ["a\nb"])
    _ = multi.handle(.key(.up, []))
    #expect(multi.editor.text == "a\nb")
    var (single, _) = historyField(text: "", entries: ["a\r\nb"])
    _ = single.handle(.key(.up, []))
    #expect(single.editor.text == "a b")
  }

  @Test("Laid-out lines count, not paragraphs: ↑ on a wrapped line's second row moves up")
  func wrappedLines() {
    var field = TerminalTextField(
      kind: .multiLine(minimumRows: 1, maximumRows: 5), text: "alpha beta gamma delta",
      columns: 12)
    field.history = MemoryHistory(entries: ["older"])
    #expect(field.contentRows >= 2)
    _ = field.handle(.key(.up, []))
    #expect(field.editor.text == "alpha beta gamma delta")
    #expect(field.editor.selection.location < 12)
    _ = field.handle(.key(.up, []))
    #expect(field.editor.text == "older")
    _ = field.handle(.key(.down, []))
    #expect(field.editor.text == "alpha beta gamma delta")
    // Back on the new line, the caret at its end (the last laid-out line).
    _ = field.handle(.key(.down, []))
    #expect(field.editor.text == "alpha beta gamma delta")
  }

  @Test("A search match across a line break is mapped onto a single line")
  func searchMapsJoinedLines() {
    var (field, _) = historyField(text: "", entries: ["x\r\nyz", "other"])
    _ = field.handle(.key(.character("r"), .control))
    _ = field.handle(.text("YZ"))
    #expect(field.editor.text == "x yz")
    #expect(field.editor.selection == NSRange(location: 2, length: 2))
  }

  @Test("The search line is drawn under the text")
  func searchLineDrawn() {
    var (field, _) = historyField()
    _ = field.handle(.key(.character("r"), .control))
    _ = field.handle(.text("sec"))
    #expect(field.height == 2)
    var screen = TerminalScreen(columns: 30, rows: field.height)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen.text(ofRow: 0).hasPrefix("second"))
    #expect(screen.text(ofRow: 1).hasPrefix("(reverse-i-search)'sec'"))
    #expect(screen[1, 0].style == TerminalTheme.standard.text)
    // The match is highlighted (selected) in the text.
    #expect((0..<3).allSatisfy { screen[0, $0].style.reverse } && !screen[0, 3].style.reverse)
    _ = field.handle(.key(.escape, []))
    #expect(field.height == 1)
  }

  @Test("Without a history the keys move, as before")
  func withoutHistory() {
    var field = TerminalTextField(text: "abc", columns: 10)
    _ = field.handle(.key(.up, []))
    #expect(field.editor.selection.location == 0)
    _ = field.handle(.key(.character(">"), .alt))
    #expect(field.editor.selection.location == 3)
    _ = field.handle(.key(.character("<"), .alt))
    #expect(field.editor.selection.location == 0)
    #expect(field.handle(.key(.character("r"), .control)) == .unchanged)
    #expect(!field.isSearchingHistory)
  }
}

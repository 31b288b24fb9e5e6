import Foundation
import Testing
import TextInputKit

/// The vi key map against readline's vi mode (`set editing-mode vi`): each
/// row types keys into a field holding a text, and checks the text and the
/// caret (UTF-16) after, as readline leaves them (P leaves the caret after
/// the text it puts back, where readline leaves it on its last character).
@Suite struct ViKeyTests {
  struct Row: CustomStringConvertible, Sendable {
    var keys: String
    var start: String
    var text: String
    var caret: Int
    var description: String { "\(start.debugDescription) + \(keys.debugDescription)" }
  }

  /// Keys: a character is typed; `⎋` is Esc, `⏎` Enter.
  static let rows: [Row] = [
    Row(keys: "⎋", start: "hello", text: "hello", caret: 4),  // Esc: back one
    Row(keys: "⎋0", start: "hello", text: "hello", caret: 0),
    Row(keys: "⎋0x", start: "hello", text: "ello", caret: 0),
    Row(keys: "⎋X", start: "hello", text: "helo", caret: 3),
    Row(keys: "⎋0ll", start: "hello", text: "hello", caret: 2),
    Row(keys: "⎋h", start: "hello", text: "hello", caret: 3),
    Row(keys: "⎋b", start: "one two", text: "one two", caret: 4),
    Row(keys: "⎋0w", start: "one two", text: "one two", caret: 3),
    Row(keys: "⎋0$", start: "one two", text: "one two", caret: 7),
    Row(keys: "⎋0D", start: "one two", text: "", caret: 0),
    Row(keys: "⎋dd", start: "one two", text: "", caret: 0),
    Row(keys: "⎋0ix", start: "abc", text: "xabc", caret: 1),
    Row(keys: "⎋0ax", start: "abc", text: "axbc", caret: 2),
    Row(keys: "⎋Ix", start: "abc", text: "xabc", caret: 1),
    Row(keys: "⎋0Ax", start: "abc", text: "abcx", caret: 4),
    Row(keys: "⎋xu", start: "abc", text: "abc", caret: 2),
    Row(keys: "⎋0DP", start: "abc", text: "abc", caret: 3),
    // Command mode types nothing: unbound letters do nothing.
    Row(keys: "⎋qz", start: "abc", text: "abc", caret: 2),
    // A cluster is one unit: x deletes the whole flag.
    Row(keys: "⎋x", start: "a🇫🇷", text: "a", caret: 1),
  ]

  static func events(_ keys: String) -> [TerminalEvent] {
    keys.map { character -> TerminalEvent in
      switch character {
      case "⎋": return .key(.escape, [])
      case "⏎": return .key(.enter, [])
      default: return .text(String(character))
      }
    }
  }

  @Test(arguments: rows)
  func viKeysDoWhatReadlineDoes(_ row: Row) {
    var field = TerminalTextField(text: row.start, columns: 30, keyMap: .viSingleLine)
    for event in Self.events(row.keys) { _ = field.handle(event) }
    #expect(field.editor.text == row.text)
    #expect(field.editor.selection == NSRange(location: row.caret, length: 0))
  }

  @Test func modesStartInInsertAndEnterSubmitsFromEither() {
    var field = TerminalTextField(columns: 30, keyMap: .viSingleLine)
    #expect(!field.isInCommandMode)
    _ = field.handle(.text("ab"))
    _ = field.handle(.key(.escape, []))
    #expect(field.isInCommandMode)
    #expect(field.handle(.key(.enter, [])) == .submitted("ab"))
    // The Emacs maps have no modes: Esc stays the meta prefix.
    var emacs = TerminalTextField(text: "one two", columns: 30)
    _ = emacs.handle(.key(.escape, []))
    _ = emacs.handle(.text("b"))
    #expect(!emacs.isInCommandMode)
    #expect(emacs.editor.text == "one two")
  }

  @Test func historyWithKAndJ() {
    var field = TerminalTextField(columns: 30, keyMap: .viSingleLine)
    field.history = MemoryHistory(entries: ["first", "second"])
    _ = field.handle(.key(.escape, []))
    _ = field.handle(.text("k"))
    #expect(field.editor.text == "second")
    _ = field.handle(.text("k"))
    #expect(field.editor.text == "first")
    _ = field.handle(.text("j"))
    #expect(field.editor.text == "second")
  }
}

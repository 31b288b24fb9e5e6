import Foundation
import TextInputKit

/// The editor and its behaviour chain: a scripted sequence of commands, with
/// the text and caret after each.
enum EditorTour: TourSection {
  static let title = "TextInputCore — the editor and its behaviour chain"

  /// A behaviour that rewrites edits: straight double quotes become curly ones
  /// (“ after a space or at the start, ” elsewhere).
  struct SmartQuotes: EditorBehaviour {
    var id: String { "smartQuotes" }

    func review(_ edit: TextEdit, in editor: EditorState) -> EditDecision {
      guard edit.replacement == "\"" else { return .accept }
      let before = editor.substring(NSRange(location: max(edit.range.location - 1, 0), length: 1))
      var rewritten = edit
      rewritten.replacement = before.isEmpty || before == " " ? "\u{201C}" : "\u{201D}"
      return .rewrite(rewritten)
    }
  }

  static func run(_ out: inout TourPrinter) {
    var editor = Editor(text: "Hi 👋🏽 👨‍👩‍👧", behaviours: [SmartQuotes()])
    out.line("Offsets are UTF-16 code units; | is the caret, [ ] a selection, ⟨ ⟩ marked text.")
    out.line("Behaviour chain: \(editor.behaviours.map(\.id).joined(separator: ", "))")
    out.line("")
    var rows: [[String]] = [["command", "text", "selection"]]
    func step(_ command: String, _ action: (inout Editor) -> Void) {
      action(&editor)
      rows.append([command, show(editor.state), describe(editor.state)])
    }
    rows.append(["Editor(text:)", show(editor.state), describe(editor.state)])
    step("deleteBackward()") { $0.deleteBackward() }
    step("deleteBackward()") { $0.deleteBackward() }
    step("deleteBackward()") { $0.deleteBackward() }
    step("insert(\"there, \") ×7") { editor in
      for character in "there, " { editor.insert(String(character)) }
    }
    step("type say \"ok\"") { editor in
      for character in "say \"ok\"" { editor.insert(String(character)) }
    }
    step("move(.backward(.word))") { $0.move(.backward(.word)) }
    step("move(.backward(.word), extending: true)") { $0.move(.backward(.word), extending: true) }
    step("deleteBackward()") { $0.deleteBackward() }
    step("undo()") { $0.undo() }
    step("move(.documentEnd)") { $0.move(.documentEnd) }
    step("deleteBackward(by: .word)") { $0.deleteBackward(by: .word) }
    step("undo()") { $0.undo() }
    step("undo()") { $0.undo() }
    step("redo()") { $0.redo() }
    step("setMarkedText(\"にほ\")") {
      _ = try? $0.setMarkedText("にほ", selectedRange: NSRange(location: 2, length: 0))
    }
    step("move(.documentStart): stays inside") { $0.move(.documentStart) }
    step("insert(\"日本\")") { $0.insert("日本") }
    step("select({-3, 5})") { $0.select(NSRange(location: -3, length: 5)) }
    out.line(PluginListing.columns(rows))
    out.line("Typing coalesces into one undo step; the smart quotes were a rewrite,")
    out.line("so undo restores exactly the text before them.")
  }

  /// The text with the caret, selection and marked range drawn in.
  static func show(_ state: EditorState) -> String {
    var marks: [(Int, String)] = []
    let selection = state.selection
    if selection.length == 0 {
      marks.append((selection.location, "|"))
    } else {
      marks.append((selection.location, "["))
      marks.append((selection.upperBound, "]"))
    }
    if let marked = state.markedRange {
      marks.append((marked.location, "⟨"))
      marks.append((marked.upperBound, "⟩"))
    }
    marks.sort { $0.0 < $1.0 }
    var out = ""
    var position = 0
    for (offset, mark) in marks {
      out += state.substring(NSRange(location: position, length: offset - position)) + mark
      position = offset
    }
    out += state.substring(NSRange(location: position, length: state.utf16Count - position))
    return "\"" + out + "\""
  }

  static func describe(_ state: EditorState) -> String {
    let selection = state.selection
    let range =
      selection.length == 0
      ? "caret \(selection.location)" : "{\(selection.location), \(selection.length)}"
    return range + " of \(state.utf16Count)"
  }
}

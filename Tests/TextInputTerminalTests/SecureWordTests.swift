import Foundation
import Testing
import TextInputKit

/// Issue 37: in a masked field, word moves and word deletes go to the
/// paragraph's start or end, so they tell nothing of where the typed
/// text's words begin and end.
@Suite struct SecureWordTests {
  static func press(_ field: inout TerminalTextField, _ chord: TerminalKeyChord) {
    _ = field.handle(.key(chord.key, chord.modifiers))
  }

  static func field(caret: Int, secure: Bool = true) -> TerminalTextField {
    var field = TerminalTextField(
      text: "correct horse battery", columns: 40, behaviours: [SecureEntry(isSecure: secure)])
    field.modifyEditor { $0.select(NSRange(location: caret, length: 0)) }
    return field
  }

  /// Alt-B, Alt-F (and Ctrl/Alt with the arrows): to the start and end.
  @Test func wordMovesGoToTheEnds() {
    for chord in [TerminalKeyChord.alt("b"), TerminalKeyChord(.left, .control)] {
      var field = Self.field(caret: 10)
      Self.press(&field, chord)
      #expect(field.editor.state.selection == NSRange(location: 0, length: 0))
    }
    for chord in [TerminalKeyChord.alt("f"), TerminalKeyChord(.right, .alt)] {
      var field = Self.field(caret: 10)
      Self.press(&field, chord)
      #expect(field.editor.state.selection == NSRange(location: 21, length: 0))
    }
    var select = Self.field(caret: 10)
    Self.press(&select, TerminalKeyChord(.left, [.shift, .control]))
    #expect(select.editor.state.selection == NSRange(location: 0, length: 10))
    // Shown (the toggle off), words again.
    var shown = Self.field(caret: 10, secure: false)
    Self.press(&shown, .alt("b"))
    #expect(shown.editor.state.selection.location == 8)
  }

  /// Ctrl-W, Alt-Backspace and Alt-D: delete to the start and end.
  @Test func wordDeletesDeleteToTheEnds() {
    for chord in [TerminalKeyChord.control("w"), TerminalKeyChord(.backspace, .alt)] {
      var field = Self.field(caret: 10)
      Self.press(&field, chord)
      #expect(field.editor.text == "rse battery")
    }
    var forward = Self.field(caret: 10)
    Self.press(&forward, .alt("d"))
    #expect(forward.editor.text == "correct ho")
    var shown = Self.field(caret: 10, secure: false)
    Self.press(&shown, .control("w"))
    #expect(shown.editor.text == "correct rse battery")
  }

  /// The editor's own commands, in a multi-line masked field: to the
  /// paragraph's ends; at an end, over the line break to the next one's.
  @Test func editorWordCommandsGoByParagraph() {
    var editor = Editor(text: "ab cd\nef gh", behaviours: [SecureEntry()])
    editor.select(NSRange(location: 4, length: 0))
    editor.move(.backward(.word))
    #expect(editor.state.selection.location == 0)
    editor.move(.forward(.word))
    #expect(editor.state.selection.location == 5)
    editor.move(.forward(.word))
    #expect(editor.state.selection.location == 11)
    editor.move(.backward(.word))
    #expect(editor.state.selection.location == 6)
    editor.move(.backward(.word))
    #expect(editor.state.selection.location == 0)
    editor.select(NSRange(location: 8, length: 0))
    editor.deleteBackward(by: .word)
    #expect(editor.text == "ab cd\n gh")
    editor.deleteForward(by: .word)
    #expect(editor.text == "ab cd\n")
    #expect(editor.isSecureTextEntry)
  }
}

import Foundation
import TextInputCore
import TextMetrics

extension TerminalTextField {
  /// The ghost text shown after the caret now: `hinter`'s answer while the
  /// caret is at the end of the text with nothing selected or marked, the
  /// field editing and not searching its history; nil otherwise, and
  /// always nil in a masked field. It is
  /// drawn dim after the caret and is never part of `editor.text` until
  /// accepted: →, End (Ctrl-E) or Ctrl-F accept all of it, Alt-F (a move
  /// forward by word) its first word.
  ///
  /// - Complexity: the hinter's (`HistoryHinter`: about O(p) in the text).
  public var hint: String? {
    guard let hinter, !isSearchingHistory, !editor.isSecureTextEntry else { return nil }
    let state = editor.state
    guard state.isEditing, state.selection.length == 0, !state.hasMarkedText,
      state.selection.location == state.utf16Count, state.utf16Count > 0
    else { return nil }
    guard let hint = hinter.hint(for: state.text, caret: state.utf16Count), !hint.isEmpty
    else { return nil }
    return hint
  }

  /// Accepts the hint for a move right, to the line's or text's end, or
  /// forward (Ctrl-F, Alt-F) made at the end of the text; whether it did.
  mutating func acceptHint(for command: TerminalFieldCommand) -> Bool {
    let word: Bool
    switch command {
    case .move(.right), .move(.forward(.grapheme)), .move(.lineEnd), .move(.documentEnd),
      .move(.paragraphEnd):
      word = false
    case .move(.forward(.word)):
      word = true
    default:
      return false
    }
    guard let hint else { return false }
    var accepted = hint
    if word {
      // Up to the next word end in the text and the hint together.
      let text = editor.state.utf16.array
      let whole = text + Array(hint.utf16)
      let end = Words.segmentation(utf16: whole).nextWordEnd(after: text.count)
      let cut = Graphemes.boundaries(utf16: whole).snap(
        min(max(end, text.count), whole.count), .forward)
      accepted = String(decoding: whole[text.count..<max(cut, text.count)], as: UTF16.self)
    }
    guard !accepted.isEmpty else { return false }
    let inserted = kind == .singleLine ? Self.joiningLines(accepted, policy: .spaces) : accepted
    return modifyEditor { $0.insert(inserted) }
  }

  /// Draws `hint` dim after the caret at `caret` (cells of `screen`), up to
  /// the field's right edge on the caret's row.
  func drawHint(into screen: inout TerminalScreen, caret: TerminalPosition?, theme: TerminalTheme) {
    guard let caret, let hint else { return }
    let profile = (editor.state.font as? TerminalCellFont)?.profile ?? .graphemeClusters
    // Drawn as the placeholder is, and dim.
    var style = theme.text
    theme.placeholder.apply(to: &style)
    style.dim = true
    let shown = Self.joiningLines(hint, policy: .firstLine)
    let cursor = screen.cursor
    screen.write(
      shown, row: caret.row, column: caret.column, style: style, profile: profile,
      maximumColumn: origin.column + columns)
    screen.cursor = cursor
  }
}

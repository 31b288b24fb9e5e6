import Foundation
import TextInputBase
import TextInputKit

/// A right-aligned field in the terminal, typed into frame by frame: without
/// the fix a trailing space collapses out of sight; with it the space is drawn
/// as U+00A0 and shows, and the text the app reads is exactly what was typed.
enum RightAlignedSpacesTour: TourSection {
  static let title = "RightAlignedSpaces — the right-aligned field spacebar fix"

  /// The field's width in terminal cells.
  static let width = 16

  static func run(_ out: inout TourPrinter) {
    var fixed = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
    var plain = Editor(alignment: .right)
    fixed.beginEditing()
    plain.beginEditing()
    out.line("A right-aligned field, \(width) cells wide; | is the caret. U+0020 at the right")
    out.line("edge collapses (left column); the fix draws it as U+00A0 (right column).")
    out.line("editor.text is what the app reads: exactly what was typed.")
    out.line("")
    var rows: [[String]] = [["step", "without the fix", "with the fix", "editor.text", "caret"]]
    func frame(_ step: String) {
      rows.append([
        step, field(plain.text, plain.state), field(fixed.displayedText, fixed.state),
        quoted(fixed.text), "\(fixed.selection.location)",
      ])
    }
    func both(_ step: String, _ action: (inout Editor) -> Void) {
      action(&plain)
      action(&fixed)
      frame(step)
    }
    frame("(empty)")
    for character in "Pay" { both("type \"\(character)\"") { $0.insert(String(character)) } }
    both("type \" \"") { $0.insert(" ") }
    for character in "10" { both("type \"\(character)\"") { $0.insert(String(character)) } }
    both("paste U+00A0") { $0.replace($0.selection, with: "\u{A0}") }
    both("type \"€\"") { $0.insert("€") }
    both("type \" \"") { $0.insert(" ") }
    both("type \"👍🏽\"") { $0.insert("👍🏽") }
    both("deleteBackward()") { $0.deleteBackward() }
    both("type \" \"") { $0.insert(" ") }
    both("endEditing()") { $0.endEditing() }
    out.line(PluginListing.columns(rows))
    let pad = fixed.presentation[TrailingSpacePad.self]
    out.line(
      "Not editing, a field draws its text as typed: the trailing pad (\(pad?.edge.rawValue ?? "-")"
        + " side, \(format(pad?.width ?? 0)) pt for \(pad?.range.length ?? 0) trailing spaces)"
        + " keeps it visible:")
    out.line(
      "  drawn " + box(collapsed(fixed.text), caret: nil)
        + "   padded " + box(collapsed(fixed.text), caret: nil, pad: Int(pad?.width ?? 0)))
    out.line("The pasted U+00A0 stayed one; a space between words is drawn as a space.")
  }

  /// The field as drawn from `text` (the displayed text): right-aligned,
  /// trailing U+0020 collapsed, the caret drawn while editing (at the end of
  /// what is visible if it is past it).
  static func field(_ text: String, _ state: EditorState) -> String {
    let visible = collapsed(text)
    let caret = state.isEditing ? Swift.min(state.selection.location, visible.utf16.count) : nil
    return box(visible, caret: caret)
  }

  /// `text` without its trailing U+0020, which collapse at a right edge.
  static func collapsed(_ text: String) -> String {
    var units = Array(text.utf16)
    while units.last == 0x20 { units.removeLast() }
    return String(decoding: units, as: UTF16.self)
  }

  /// A right-aligned box of `width` cells with the caret at `caret` (UTF-16)
  /// and `pad` blank cells on the right.
  static func box(_ visible: String, caret: Int?, pad: Int = 0) -> String {
    var shown = visible
    if let caret {
      let units = Array(visible.utf16)
      shown =
        String(decoding: units[0..<caret], as: UTF16.self) + "|"
        + String(decoding: units[caret...], as: UTF16.self)
    }
    shown += String(repeating: " ", count: pad)
    let used = DisplayWidth.width(in: shown)
    return "[" + String(repeating: " ", count: Swift.max(0, width - used)) + shown + "]"
  }

  /// The text quoted, U+00A0 written `\u{A0}` so it can be told from U+0020.
  static func quoted(_ text: String) -> String {
    ControlCharacters.quoted(text).replacingOccurrences(of: "\u{A0}", with: "\\u{A0}")
  }

  static func format(_ value: CGFloat) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.1f", Double(value))
  }
}

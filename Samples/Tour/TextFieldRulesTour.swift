import Foundation
import TextInputBase
import TextInputKit

/// A password field in the terminal, typed into step by step, with all three
/// rules: each grapheme cluster drawn as one "•", a limit of 8 clusters
/// (a paste cut at a cluster boundary, a combining mark joining the cluster
/// before it), and a validation message on the field's last row.
enum TextFieldRulesTour: TourSection {
  static let title = "TextFieldRules — password entry, a character limit, validation"

  /// The field's width in terminal cells.
  static let width = 20

  static func run(_ out: inout TourPrinter) {
    guard let limit = try? CharacterLimit(limit: 8, showsCount: true) else { return }
    var field = Editor(
      font: TerminalCellFont(),
      geometry: ViewGeometry(
        bounds: CGRect(x: 0, y: 0, width: width, height: 2),
        textContainerInset: EdgeInsets(top: 0, left: 0, bottom: 1, right: 0),
        lineFragmentPadding: 0),
      isEditing: true,
      behaviours: [
        SecureEntry(), limit,
        Validation(Validation.predicate("At least 6") { $0.count >= 6 }),
      ])
    out.line("A password field, \(width) cells wide, limited to 8 grapheme clusters; the row")
    out.line("below it shows the validation message and the count. editor.text is what the")
    out.line("app reads; every cluster is drawn as one \"•\" cell, whatever its length.")
    out.line("")
    var rows: [[String]] = [["step", "drawn", "below", "editor.text"]]
    func frame(_ step: String) {
      var screen = TerminalScreen(columns: width, rows: 2)
      TerminalEditorRenderer.draw(field, into: &screen, at: TerminalPosition(row: 0, column: 0))
      rows.append([
        step, "[" + screen.text(ofRow: 0) + "]", "[" + screen.text(ofRow: 1) + "]",
        ControlCharacters.quoted(field.text),
      ])
    }
    frame("(empty)")
    field.insert("pa")
    frame("type \"pa\"")
    field.insert("\u{1F44D}\u{1F3FD}")
    frame("type \"👍🏽\" (4 code units)")
    field.insert("e\u{301}")
    frame("type \"e\u{301}\"")
    field.replace(field.selection, with: "\u{1F1EB}\u{1F1F7}xyz123")
    frame("paste \"🇫🇷xyz123\"")
    field.insert("!")
    frame("type \"!\" (refused)")
    field.deleteBackward()
    frame("deleteBackward()")
    out.line(PluginListing.columns(rows))
    out.line("The paste was cut after \"z\": 8 clusters. Undo, selection and word moves are the")
    out.line("editor's own; the mask keeps them per cluster.")
  }
}

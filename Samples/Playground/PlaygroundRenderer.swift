import Foundation
import TextInputKit
import TextInputTerminal

/// One frame of the playground: the text view as a grid of terminal cells
/// (one cell = one point), where the caret is, and a status line.
struct PlaygroundScreen: Hashable, Sendable {
  /// How a cell is drawn.
  enum Style: Hashable, Sendable {
    /// Typed text, or empty.
    case text
    /// The placeholder, its abbreviation or its title: grey.
    case placeholder
    /// A link: underlined.
    case link
    /// The pressed or selected link: reverse video.
    case pressedLink
  }

  /// A cell's place: row and column, 0-based.
  struct Position: Hashable, Sendable {
    var row: Int
    var column: Int
  }

  /// One terminal cell: a grapheme cluster, " ", or "" after a wide cluster.
  struct Cell: Hashable, Sendable {
    var text: String
    var style: Style

    static let blank = Cell(text: " ", style: .text)
  }

  /// The view's cells, `height` rows of `width`.
  var cells: [[Cell]]
  /// The caret's cell in the view, or nil when it is scrolled out of sight.
  var caret: Position?
  /// What the view shows: mode, alignment, direction, length, visibility.
  var status: String
  /// A second status line, when there is something to say (the text view
  /// not editing, a link opened), or nil: the first is full in 80 columns.
  var note: String? = nil
  /// The library's cells the view was drawn as (styles and OSC 8 links),
  /// when it was: the interactive terminal writes these.
  var grid: TerminalScreen? = nil

  /// The view in a border, then the status line, as plain text (a script's
  /// output; the terminal draws `grid`'s styles).
  func rows() -> [String] {
    let width = cells.first?.count ?? 0
    let border = "+" + String(repeating: "-", count: width) + "+"
    var rows = [border]
    for line in cells {
      rows.append("|" + line.map(\.text).joined() + "|")
    }
    return rows + [border, status] + (note.map { [$0] } ?? [])
  }

  /// The caret in `rows()`: inside the border.
  var caretInRows: Position? {
    caret.map { Position(row: $0.row + 1, column: $0.column + 1) }
  }
}

/// Draws the text view as a `PlaygroundScreen` with the library's field
/// (`TerminalTextField`, on `TerminalEditorRenderer`): the text in visual
/// order, the placeholder in each mode, links, selection and marked text,
/// the caret. The status line is the playground's own.
enum PlaygroundRenderer {
  static func screen(of field: TerminalTextField, opened: String? = nil) -> PlaygroundScreen {
    let editor = field.editor
    let bounds = editor.state.geometry.bounds
    var grid = TerminalScreen(columns: Int(bounds.width), rows: Int(bounds.height))
    // Drawn at the grid's corner; the terminal places the grid in the border
    // (the field keeps its own origin there, for the mouse).
    var drawing = field
    let drawn = drawing.draw(into: &grid, at: TerminalPosition(row: 0, column: 0))
    return PlaygroundScreen(
      grid: grid,
      // No caret while the view is not editing (the terminal cursor is hidden).
      caret: editor.state.isEditing
        ? drawn.caret.map { PlaygroundScreen.Position(row: $0.row, column: $0.column) } : nil,
      status: status(of: editor), note: note(of: editor, opened: opened))
  }

  /// `mode static · align natural · LTR · utf16 0 · graphemes 0 · isVisible true`.
  static func status(of editor: Editor) -> String {
    let state = editor.state
    let shown = editor.placeholder
    return [
      "mode \(shown?.mode.rawValue ?? "none")",
      "align \(state.alignment.rawValue)",
      state.layoutDirection == .leftToRight ? "LTR" : "RTL",
      "utf16 \(state.utf16Count)",
      "graphemes \(state.graphemeCount)",
      "isVisible \(shown?.isVisible ?? false)",
    ].joined(separator: " · ")
  }

  /// `not editing` while the view is not, and `opened <target>` after a
  /// click opened a link (its controls shown visibly), or nil for neither.
  static func note(of editor: Editor, opened: String?) -> String? {
    var parts: [String] = []
    if !editor.state.isEditing { parts.append("not editing") }
    if let opened { parts.append("opened \(VisibleControls.visible(opened))") }
    return parts.isEmpty ? nil : parts.joined(separator: " · ")
  }
}

extension PlaygroundScreen {
  /// The cells of a library `TerminalScreen` as plain text (a blank for a
  /// cluster of spaces, such as the no-break spaces RightAlignedSpaces
  /// draws); the terminal draws `grid` itself, with its styles and links.
  init(grid: TerminalScreen, caret: Position?, status: String, note: String? = nil) {
    let cells = (0..<grid.rows).map { row in
      (0..<grid.columns).map { column -> Cell in
        let cell = grid[row, column]
        let text =
          !cell.text.isEmpty && cell.text.allSatisfy(\.isWhitespace) ? " " : cell.text
        return Cell(text: text, style: .text)
      }
    }
    self.init(cells: cells, caret: caret, status: status, note: note, grid: grid)
  }
}

import TextInputKit
import TextInputTerminal

/// The playground's terminal, on the library's `TerminalSession` (raw mode,
/// the alternate screen, bracketed paste, SGR mouse; restored on exit and on
/// SIGINT / SIGTERM / SIGHUP) and `TerminalWriter` (only changed cells are
/// written; links as OSC 8; no control character from the text).
final class PlaygroundTerminal {
  let session = TerminalSession(modes: .standard)
  /// What the terminal shows now, for the next difference.
  private var shown: TerminalScreen?

  /// The terminal's size in cells (columns, rows), if standard output is one.
  func size() -> (columns: Int, rows: Int)? { session.size() }

  /// Enters raw mode and the modes.
  ///
  /// - Throws: `SamplesError` (I/O) when standard input is not a terminal.
  func start() throws {
    do {
      try session.start()
    } catch {
      throw SamplesError(status: .ioError, message: "cannot set up the terminal: \(error)")
    }
  }

  /// Puts the terminal back. Safe to call twice.
  func stop() { session.stop() }

  /// Finds which terminal this is (`TerminalProbe.Identifier`), waiting at
  /// most `milliseconds` in all; turns mode 2027 on where it is settable.
  func identify(milliseconds: Int = 500) -> TerminalProbe.Identification {
    session.identify(timeoutMilliseconds: milliseconds)
  }

  /// Waits up to `milliseconds` (negative: for ever) for input or a
  /// resize, decoded (`TerminalSession.events(timeoutMilliseconds:)`):
  /// empty when nothing came in time, nil when standard input is closed.
  func events(waiting milliseconds: Int32) -> [TerminalEvent]? {
    session.events(timeoutMilliseconds: milliseconds)
  }

  /// Draws `screen` in its border from the top-left corner, then its status
  /// line and `footer`, and puts the cursor on the caret's cell (hidden when
  /// the caret is out of sight), writing only what changed since the last
  /// draw (everything with `clearing`). What does not fit a terminal of
  /// `size` is cut.
  func draw(
    _ screen: PlaygroundScreen, footer: [String], size: (columns: Int, rows: Int),
    clearing: Bool = false
  ) {
    var grid = TerminalScreen(columns: size.columns, rows: size.rows)
    let width = screen.cells.first?.count ?? 0
    let border = "+" + String(repeating: "-", count: width) + "+"
    grid.write(border, row: 0, column: 0)
    for (index, line) in screen.cells.enumerated() {
      let row = index + 1
      grid.write("|", row: row, column: 0)
      if let source = screen.grid {
        for column in 0..<source.columns {
          let cell = source[index, column]
          guard !cell.isContinuation else { continue }
          grid.put(
            cell.text, width: cell.width, row: row, column: column + 1, style: cell.style,
            link: cell.link)
        }
      } else {
        var column = 1
        for cell in line where !cell.text.isEmpty {
          let cells = max(DisplayWidth.width(in: cell.text), 1)
          grid.put(cell.text, width: cells, row: row, column: column, style: Self.style(cell.style))
          column += cells
        }
      }
      grid.write("|", row: row, column: width + 1)
    }
    var row = screen.cells.count + 1
    for text in [border, screen.status] + (screen.note.map { [$0] } ?? []) + footer {
      grid.write(text, row: row, column: 0)
      row += 1
    }
    if let caret = screen.caretInRows {
      grid.cursor = TerminalPosition(row: caret.row, column: caret.column)
    }
    session.write(TerminalWriter.update(from: clearing ? nil : shown, to: grid))
    shown = grid
  }

  /// The library style of a playground style.
  static func style(_ style: PlaygroundScreen.Style) -> TerminalStyle {
    switch style {
    case .text: return .plain
    case .placeholder: return TerminalStyle(foreground: .grey)
    case .link: return TerminalStyle(underline: true)
    case .pressedLink: return TerminalStyle(reverse: true)
    }
  }

  /// Writes `text` to standard output as it is (the caller's own sequences).
  func send(_ text: String) { session.write(text) }
}

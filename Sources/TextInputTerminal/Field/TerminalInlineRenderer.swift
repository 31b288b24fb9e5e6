/// Draws frames inline, in the normal screen below what is already there (a
/// shell's prompt and output), as `prompt_toolkit` does: the region starts
/// on the cursor's row, grows downward (the terminal scrolls when it reaches
/// the bottom), and is redrawn in place. Nothing above the region is ever
/// cleared or moved to: every cursor move is relative (CR, CUU, CUD, CUF),
/// so the region's place on the screen need not be known.
///
/// Frames are `TerminalScreen`s as wide as the terminal, as tall as the
/// region (rows, 0-based from the region's top). Only changed cells are
/// written, through `TerminalWriter`'s one cell loop (styles, OSC 8 links,
/// controls made visible).
///
/// ```swift
/// var inline = TerminalInlineRenderer()
/// var frame = TerminalScreen(columns: 80, rows: 2)
/// frame.write("Name: Ann", row: 0, column: 0)
/// session.write(inline.update(to: frame))
/// session.write(inline.finish())   // the cursor on the line after the region
/// ```
public struct TerminalInlineRenderer: Sendable {
  /// What the region shows now, or nil before the first frame and after
  /// `invalidate()`.
  public private(set) var shown: TerminalScreen?
  /// The region's row the terminal's cursor is on (0 is the top).
  public private(set) var cursorRow = 0
  /// The rows the region has taken on the terminal so far.
  public private(set) var rowsTaken = 0
  /// The column the terminal's cursor is on.
  public private(set) var cursorColumn = 0

  /// A renderer that has drawn nothing: the region's top is the cursor's row.
  public init() {}

  /// The bytes that make the region show `frame`: the cursor goes back to
  /// the region's top-left, then each row is written where it changed (all
  /// of it on the first frame, after `invalidate()` or when the width
  /// changed, after clearing from the region's top to the end of the
  /// screen); rows the last frame had and this one has not are cleared.
  /// The cursor ends on `frame.cursor`, shown, or hidden when it has none.
  ///
  /// - Complexity: O(columns × rows) of the frame.
  public mutating func update(to frame: TerminalScreen) -> String {
    var out = "\u{1B}[?25l\r"
    if cursorRow > 0 { out += "\u{1B}[\(cursorRow)A" }
    let previous = shown.flatMap { $0.columns == frame.columns ? $0 : nil }
    if previous == nil {
      // Everything from the region's top down is ours to draw again.
      out += "\u{1B}[0m\u{1B}[J"
      rowsTaken = min(rowsTaken, 1)
    }
    for row in 0..<frame.rows {
      var pen = TerminalWriter.Pen()
      pen.isRelative = true
      if row > 0 {
        // A row the region already has is below: CUD (never scrolls);
        // a new row: CR LF, which scrolls the terminal at its bottom.
        out += row < rowsTaken ? "\u{1B}[B" : "\r\n"
        if row >= rowsTaken { pen.position = TerminalPosition(row: row, column: 0) }
      } else {
        pen.position = TerminalPosition(row: 0, column: 0)
      }
      let rowPrevious = previous.flatMap { row < $0.rows ? $0 : nil }
      // A row drawn afresh is written up to its last visible cell only (the
      // rest is cleared): blanks written to the edge would be content that a
      // terminal reflowing on resize wraps into rows of their own.
      TerminalWriter.appendCells(
        ofRow: row, of: frame, changedFrom: rowPrevious, pen: &pen, into: &out,
        end: rowPrevious == nil ? Self.contentWidth(ofRow: row, in: frame) : nil)
      pen.setLink(nil, into: &out)
      if pen.style != nil { out += "\u{1B}[0m" }
    }
    let lastRow = max(frame.rows - 1, 0)
    if rowsTaken > frame.rows, frame.rows > 0 {
      // Rows of the last frame below this one: cleared (they exist, so CUD
      // reaches them), the cursor back on the last row.
      out += "\u{1B}[B\r\u{1B}[J\u{1B}[A"
    }
    rowsTaken = max(frame.rows, 1)
    cursorRow = lastRow
    cursorColumn = 0
    out += "\r"
    if let cursor = frame.cursor, frame.contains(row: cursor.row, column: cursor.column) {
      if cursor.row < lastRow { out += "\u{1B}[\(lastRow - cursor.row)A" }
      out += (cursor.column > 0 ? "\u{1B}[\(cursor.column)C" : "") + "\u{1B}[?25h"
      cursorRow = cursor.row
      cursorColumn = cursor.column
    }
    shown = frame
    return out
  }

  /// Forgets what the region shows, so that the next `update(to:)` clears
  /// it and draws the whole frame (after Ctrl-L).
  public mutating func invalidate() {
    shown = nil
  }

  /// The terminal is now `columns` wide: the next `update(to:)` draws the
  /// whole frame from the region's top. Made narrower, a terminal that
  /// reflows its lines (tmux, VTE, kitty, iTerm2, WezTerm, Alacritty) wraps
  /// each row wider than `columns` into several; the region's top is found
  /// by counting them (rows are written only up to their last visible cell,
  /// so a row's width is its content's). A terminal that cuts rows instead
  /// (xterm) keeps one row each, which is the same count when no row was
  /// wider than `columns`.
  ///
  /// - Complexity: O(columns × rows) of the last frame.
  public mutating func resize(columns: Int) {
    defer { shown = nil }
    guard let shown, columns > 0, columns < shown.columns else { return }
    func rows(_ width: Int) -> Int { max((width + columns - 1) / columns, 1) }
    var above = 0
    for row in 0..<min(cursorRow, shown.rows) {
      above += rows(Self.contentWidth(ofRow: row, in: shown))
    }
    var taken = above
    for row in min(cursorRow, shown.rows)..<shown.rows {
      taken += rows(Self.contentWidth(ofRow: row, in: shown))
    }
    cursorRow = above + cursorColumn / columns
    cursorColumn %= columns
    rowsTaken = max(taken, cursorRow + 1)
  }

  /// The columns up to the last cell of `row` that is not a plain blank.
  static func contentWidth(ofRow row: Int, in screen: TerminalScreen) -> Int {
    var end = 0
    var column = 0
    while column < screen.columns {
      let cell = screen[row, column]
      let width = max(cell.width, 1)
      if !cell.isContinuation, cell != .blank { end = column + width }
      column += cell.isContinuation ? 1 : width
    }
    return end
  }

  /// The bytes that leave the region as it is and put the cursor at the
  /// start of the line after it, shown, with the style reset: what a shell
  /// prints next goes below the region.
  public mutating func finish() -> String {
    var out = "\u{1B}[0m"
    let lastRow = max(rowsTaken - 1, 0)
    if cursorRow < lastRow { out += "\u{1B}[\(lastRow - cursorRow)B" }
    out += "\r\n\u{1B}[?25h"
    shown = nil
    cursorRow = 0
    rowsTaken = 0
    return out
  }
}

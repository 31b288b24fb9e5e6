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
      TerminalWriter.appendCells(
        ofRow: row, of: frame, changedFrom: rowPrevious, pen: &pen, into: &out)
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
    if let cursor = frame.cursor, frame.contains(row: cursor.row, column: cursor.column) {
      if cursor.row < lastRow { out += "\u{1B}[\(lastRow - cursor.row)A" }
      out += "\r" + (cursor.column > 0 ? "\u{1B}[\(cursor.column)C" : "") + "\u{1B}[?25h"
      cursorRow = cursor.row
    }
    shown = frame
    return out
  }

  /// Forgets what the region shows, so that the next `update(to:)` clears
  /// it and draws the whole frame (after a resize, or Ctrl-L).
  public mutating func invalidate() {
    shown = nil
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

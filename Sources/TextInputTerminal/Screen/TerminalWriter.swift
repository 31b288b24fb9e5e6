/// Turns a change of screen into the bytes that make a terminal show it:
/// only the cells that changed are written, each after a cursor move when
/// the cursor is not already there, with its style (SGR) and hyperlink
/// (OSC 8, with an `id=` per link so a link wrapped over two rows is one
/// link); then the cursor goes to the caret cell and is shown (or stays
/// hidden).
///
/// Text reaches the terminal only as cells' visible text: no control
/// character from the text is ever written (`VisibleControls`). A cell
/// whose text would join the cluster written just before it (a blank after
/// a prepended concatenation mark, a regional indicator after a lone one) is
/// written after a cursor move, which ends a grapheme cluster in a
/// grapheme-cluster terminal that segments what it receives between
/// sequences. (A mark or an emoji modifier joins the cell on its left even
/// after a cursor move in xterm, kitty and foot: a cell draws such a
/// cluster on U+00A0, see `VisibleControls`.)
///
/// ```swift
/// var screen = TerminalScreen(columns: 4, rows: 1)
/// screen.write("hi", row: 0, column: 0)
/// screen.cursor = TerminalPosition(row: 0, column: 2)
/// TerminalWriter.update(from: nil, to: screen)
/// // ESC[?25l ESC[0m ESC[H ESC[2J ESC[1;1H hi␠␠ ESC[0m ESC[1;3H ESC[?25h
/// ```
public enum TerminalWriter {
  /// The bytes that change what the terminal shows from `old` to `new`.
  /// With no `old` screen, or one of another size, the whole screen is
  /// cleared and drawn.
  ///
  /// - Complexity: O(columns × rows).
  public static func update(from old: TerminalScreen?, to new: TerminalScreen) -> String {
    var out = "\u{1B}[?25l"
    let previous: TerminalScreen?
    if let old, old.columns == new.columns, old.rows == new.rows {
      previous = old
    } else {
      previous = nil
      out += "\u{1B}[0m\u{1B}[H\u{1B}[2J"
    }
    var pen = Pen()
    for row in 0..<new.rows {
      appendCells(ofRow: row, of: new, changedFrom: previous, pen: &pen, into: &out)
    }
    pen.setLink(nil, into: &out)
    if pen.style != nil { out += "\u{1B}[0m" }
    if let cursor = new.cursor, new.contains(row: cursor.row, column: cursor.column) {
      out += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
    }
    return out
  }

  /// The bytes that write row `row` of `new` where it differs from
  /// `previous` (every cell when nil): each changed cell after a cursor move
  /// when the pen is not already there, with its style and link; cells from
  /// `end` on are left as they are. The one loop both `update(from:to:)` and
  /// `TerminalInlineRenderer` write cells with.
  ///
  /// - Complexity: O(columns).
  static func appendCells(
    ofRow row: Int, of new: TerminalScreen, changedFrom previous: TerminalScreen?,
    pen: inout Pen, into out: inout String, end: Int? = nil
  ) {
    var column = 0
    let end = min(end ?? new.columns, new.columns)
    while column < end {
      let cell = new[row, column]
      let width = max(cell.width, 1)
      if cell.isContinuation {
        // Its lead was written (or is unchanged): nothing to draw alone.
        column += 1
        continue
      }
      let changed =
        previous.map { old in
          (column..<min(column + width, new.columns)).contains { old[row, $0] != new[row, $0] }
        } ?? true
      if changed {
        pen.move(to: TerminalPosition(row: row, column: column), into: &out)
        pen.setStyle(cell.style, into: &out)
        pen.setLink(cell.link, into: &out)
        let text = VisibleControls.visible(cell.text)
        if let before = pen.printed, Self.joins(before, text) {
          // A cursor move ends the cluster a terminal is building.
          pen.position = nil
          pen.move(to: TerminalPosition(row: row, column: column), into: &out)
        }
        out += text
        pen.printed = text
        pen.advance(by: width, columns: new.columns)
      }
      column += width
    }
  }

  /// Whether `text` written right after `before` would not segment as the
  /// two apart: it would join `before`'s last grapheme cluster (a blank
  /// after a prepended concatenation mark that ended a line), or regroup
  /// them (a lone regional indicator, an undrawn U+200B, then a flag: the
  /// first two indicators pair).
  static func joins(_ before: String, _ text: String) -> Bool {
    guard let last = before.unicodeScalars.last, let first = text.unicodeScalars.first,
      !(last.isASCII && first.isASCII)
    else { return false }
    return !(before + text).elementsEqual(Array(before) + Array(text))
  }

  /// The SGR sequence of `style`, from a reset: `ESC[0;1;4;38;5;8m`.
  public static func sgr(_ style: TerminalStyle) -> String {
    var parts = ["0"]
    if style.bold { parts.append("1") }
    if style.dim { parts.append("2") }
    if style.underline { parts.append("4") }
    if style.reverse { parts.append("7") }
    if let colour = colour(style.foreground, base: 30) { parts.append(colour) }
    if let colour = colour(style.background, base: 40) { parts.append(colour) }
    return "\u{1B}[" + parts.joined(separator: ";") + "m"
  }

  private static func colour(_ colour: TerminalColor, base: Int) -> String? {
    switch colour {
    case .default: return nil
    case .ansi(let index) where index < 8: return String(base + Int(index))
    case .ansi(let index) where index < 16: return String(base + 60 + Int(index) - 8)
    case .ansi(let index), .palette(let index): return "\(base + 8);5;\(index)"
    case .rgb(let red, let green, let blue): return "\(base + 8);2;\(red);\(green);\(blue)"
    }
  }

  /// The OSC 8 sequence that starts `link` (or ends any link, for nil);
  /// a link whose URI cannot be written (see `TerminalHyperlink.encodedURI`)
  /// ends any link instead.
  public static func osc8(_ link: TerminalHyperlink?) -> String {
    guard let link, let uri = link.encodedURI else { return "\u{1B}]8;;\u{1B}\\" }
    let id = link.encodedID
    return "\u{1B}]8;" + (id.isEmpty ? "" : "id=" + id) + ";" + uri + "\u{1B}\\"
  }

  /// What the terminal's cursor, style and link are while writing.
  struct Pen {
    var position: TerminalPosition?
    var style: TerminalStyle?
    var link: TerminalHyperlink?
    var linkIsOpen = false
    /// Whether moves stay within the row the cursor is on, relative to it
    /// (`CR`, `CUF`), for a region whose place on the screen is not known
    /// (`TerminalInlineRenderer`); otherwise they are absolute (`CUP`).
    var isRelative = false
    /// The text written last, while nothing else was written after it.
    var printed: String?

    mutating func move(to target: TerminalPosition, into out: inout String) {
      guard position != target else { return }
      if isRelative {
        if let current = position, current.row == target.row, current.column < target.column {
          out += "\u{1B}[\(target.column - current.column)C"
        } else {
          out += "\r" + (target.column > 0 ? "\u{1B}[\(target.column)C" : "")
        }
      } else {
        out += "\u{1B}[\(target.row + 1);\(target.column + 1)H"
      }
      position = target
      printed = nil
    }

    mutating func setStyle(_ style: TerminalStyle, into out: inout String) {
      if self.style != style {
        out += TerminalWriter.sgr(style)
        self.style = style
        printed = nil
      }
    }

    mutating func setLink(_ link: TerminalHyperlink?, into out: inout String) {
      let writable = link.flatMap { $0.encodedURI == nil ? nil : $0 }
      if writable == nil {
        if linkIsOpen {
          out += TerminalWriter.osc8(nil)
          printed = nil
        }
        linkIsOpen = false
      } else if !linkIsOpen || self.link != writable {
        out += TerminalWriter.osc8(writable)
        linkIsOpen = true
        printed = nil
      }
      self.link = writable
    }

    /// After writing `width` cells: the cursor is after them, unless they
    /// reached the last column (where terminals differ: pending wrap).
    mutating func advance(by width: Int, columns: Int) {
      guard let current = position else { return }
      let next = current.column + width
      position = next < columns ? TerminalPosition(row: current.row, column: next) : nil
    }
  }
}

/// A terminal colour.
public enum TerminalColor: Hashable, Sendable {
  /// The terminal's own foreground or background.
  case `default`
  /// One of the 16 ANSI colours (0–7 normal, 8–15 bright).
  case ansi(UInt8)
  /// One of the 256 palette colours.
  case palette(UInt8)
  /// A 24-bit colour.
  case rgb(UInt8, UInt8, UInt8)

  /// The ANSI grey the placeholder and dim text use (bright black, SGR 90).
  public static let grey = TerminalColor.ansi(8)
}

/// How a cell is drawn: colours and attributes (SGR).
public struct TerminalStyle: Hashable, Sendable {
  public var foreground: TerminalColor
  public var background: TerminalColor
  public var bold: Bool
  public var dim: Bool
  public var underline: Bool
  public var reverse: Bool

  /// Creates a style; by default the terminal's plain text.
  public init(
    foreground: TerminalColor = .default, background: TerminalColor = .default,
    bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.reverse = reverse
  }

  /// Plain text.
  public static let plain = TerminalStyle()
}

/// An OSC 8 hyperlink: `id` groups the cells of one link (a link wrapped over
/// two rows is one link), `uri` is where it goes.
public struct TerminalHyperlink: Hashable, Sendable {
  /// The link's id, unique among the screen's links (only `A–Z a–z 0–9 - _`
  /// are written; others are dropped).
  public var id: String
  /// The URI, as given; `encodedURI` is what is written.
  public var uri: String

  /// Creates a hyperlink.
  public init(id: String, uri: String) {
    self.id = id
    self.uri = uri
  }

  /// The longest URI linked, in bytes once encoded (as browsers limit URLs).
  public static let maximumURILength = 2083

  /// The URI as written in OSC 8: bytes 32–126 as they are, every other byte
  /// of its UTF-8 percent-encoded (`%XX`); nil when that is longer than
  /// `maximumURILength` bytes or empty (the cells are then drawn unlinked).
  ///
  /// - Complexity: O(n) in the URI's UTF-8 length.
  public var encodedURI: String? {
    var out: [UInt8] = []
    out.reserveCapacity(uri.utf8.count)
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in uri.utf8 {
      if (32...126).contains(byte) {
        out.append(byte)
      } else {
        out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
      if out.count > Self.maximumURILength { return nil }
    }
    return out.isEmpty ? nil : String(decoding: out, as: UTF8.self)
  }

  /// The id as written: its characters `A–Z a–z 0–9 - _`.
  public var encodedID: String {
    String(
      id.unicodeScalars.filter {
        $0.isASCII
          && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
      }.map(Character.init))
  }
}

/// One terminal cell: the start of a grapheme cluster (its visible text and
/// how many cells it takes), or the continuation of a wide cluster to its left.
public struct TerminalCell: Hashable, Sendable {
  /// The cluster's visible text (`VisibleControls` applied), `" "` for a
  /// blank, `""` for a continuation cell.
  public var text: String
  /// The cells the cluster takes (1 or more), 0 for a continuation cell.
  public var width: Int
  public var style: TerminalStyle
  /// The link the cell belongs to, if any.
  public var link: TerminalHyperlink?

  /// Creates a cell.
  public init(
    text: String, width: Int = 1, style: TerminalStyle = .plain, link: TerminalHyperlink? = nil
  ) {
    self.text = text
    self.width = width
    self.style = style
    self.link = link
  }

  /// A blank cell in plain style.
  public static let blank = TerminalCell(text: " ")

  /// Whether this continues a wide cluster to its left.
  public var isContinuation: Bool { width == 0 }
}

/// A cell's place on a screen, 0-based.
public struct TerminalPosition: Hashable, Sendable {
  public var row: Int
  public var column: Int

  /// Creates a position (0-based row and column).
  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }
}

/// A grid of terminal cells and where the terminal cursor (the caret) is:
/// what a frame draws, and what `TerminalWriter` turns into bytes.
///
/// Cells are put cluster by cluster (`put`): a wide cluster takes its cell
/// and continuation cells after it; putting a cluster over part of a wide
/// one blanks the rest of it, as a terminal does.
public struct TerminalScreen: Hashable, Sendable {
  /// The number of columns.
  public let columns: Int
  /// The number of rows.
  public let rows: Int
  /// The cells, row by row.
  public private(set) var cells: [TerminalCell]
  /// Where the terminal cursor is shown, or nil to hide it.
  public var cursor: TerminalPosition?

  /// A blank screen of `columns` × `rows` cells (negative sizes are 0).
  public init(columns: Int, rows: Int) {
    self.columns = max(columns, 0)
    self.rows = max(rows, 0)
    self.cells = Array(repeating: .blank, count: self.columns * self.rows)
  }

  /// The cell at (row, column), 0-based; a blank outside the screen.
  public subscript(row: Int, column: Int) -> TerminalCell {
    guard contains(row: row, column: column) else { return .blank }
    return cells[row * columns + column]
  }

  /// Whether (row, column) is on the screen.
  public func contains(row: Int, column: Int) -> Bool {
    row >= 0 && row < rows && column >= 0 && column < columns
  }

  /// Puts a cluster `width` cells wide at (row, column) in `style`, drawn as
  /// its visible form (`VisibleControls.cellText(_:)`: controls as their
  /// pictures, a cluster that would join the cell before it on U+00A0). A cluster that does not fit
  /// whole on the row is not drawn; a zero-width cluster is not drawn.
  ///
  /// A space wider than one cell (a justified line's) is that many blank
  /// cells: a terminal draws a space in one.
  public mutating func put(
    _ cluster: some StringProtocol, width: Int, row: Int, column: Int,
    style: TerminalStyle = .plain, link: TerminalHyperlink? = nil
  ) {
    guard width > 0, row >= 0, row < rows, column >= 0, column <= columns - width else { return }
    clearOverlaps(row: row, from: column, width: width)
    let start = row * columns + column
    if width > 1, cluster == " " {
      for index in start..<start + width {
        cells[index] = TerminalCell(text: " ", style: style, link: link)
      }
      return
    }
    cells[start] = TerminalCell(
      text: VisibleControls.cellText(cluster), width: width,
      style: style, link: link)
    for extra in 1..<width {
      cells[start + extra] = TerminalCell(text: "", width: 0, style: style, link: link)
    }
  }

  /// Puts `text` from (row, column), cluster by cluster, measured by
  /// `profile`; what passes the row's end is cut.
  ///
  /// - Returns: The column after the last cell drawn.
  @discardableResult
  public mutating func write(
    _ text: String, row: Int, column: Int, style: TerminalStyle = .plain,
    profile: TerminalWidthProfile = .graphemeClusters, maximumColumn: Int? = nil
  ) -> Int {
    var column = column
    let limit = min(maximumColumn ?? columns, columns)
    for character in text {
      let width = profile.width(of: String(character))
      if width == 0 { continue }
      if column + width > limit { break }
      put(String(character), width: width, row: row, column: column, style: style)
      column += width
    }
    return column
  }

  /// Changes the style of the cells in `columns` of `row` (a wide cluster
  /// partly inside is restyled whole), keeping their text.
  public mutating func restyle(
    row: Int, columns range: Range<Int>, _ change: (inout TerminalStyle) -> Void
  ) {
    guard row >= 0, row < rows else { return }
    var column = max(range.lowerBound, 0)
    while column > 0, self[row, column].isContinuation { column -= 1 }
    let end = min(range.upperBound, columns)
    while column < end {
      change(&cells[row * columns + column].style)
      column += 1
    }
    while column < columns, self[row, column].isContinuation {
      change(&cells[row * columns + column].style)
      column += 1
    }
  }

  /// Sets the link of the cells in `columns` of `row`; cells outside the
  /// screen are left out.
  public mutating func link(row: Int, columns range: Range<Int>, to link: TerminalHyperlink?) {
    guard row >= 0, row < rows else { return }
    let lower = min(max(range.lowerBound, 0), columns)
    for column in lower..<max(min(range.upperBound, columns), lower) {
      cells[row * columns + column].link = link
    }
  }

  /// Fills a rectangle of cells with blanks in `style`; cells outside the
  /// screen are left out.
  public mutating func fill(
    rows rowRange: Range<Int>, columns columnRange: Range<Int>, style: TerminalStyle
  ) {
    let rowRange = rowRange.clamped(to: 0..<rows)
    let columnRange = columnRange.clamped(to: 0..<columns)
    for row in rowRange where !columnRange.isEmpty {
      clearOverlaps(row: row, from: columnRange.lowerBound, width: columnRange.count)
      for column in columnRange {
        cells[row * columns + column] = TerminalCell(text: " ", style: style)
      }
    }
  }

  /// Blanks what is left of wide clusters that cells [from, from + width)
  /// of `row` cut.
  private mutating func clearOverlaps(row: Int, from column: Int, width: Int) {
    let base = row * columns
    // A wide cluster starting before `column` and reaching into it.
    if cells[base + column].isContinuation {
      var lead = column - 1
      while lead > 0, cells[base + lead].isContinuation { lead -= 1 }
      let style = cells[base + lead].style
      for index in lead..<column { cells[base + index] = TerminalCell(text: " ", style: style) }
    }
    // Continuations after the new cells, of a cluster that started under them.
    var end = column + width
    while end < columns, cells[base + end].isContinuation {
      cells[base + end] = TerminalCell(text: " ", style: cells[base + end].style)
      end += 1
    }
  }

  /// Row `row` as plain text: each cluster once, blanks as spaces.
  ///
  /// - Complexity: O(columns).
  public func text(ofRow row: Int) -> String {
    guard row >= 0, row < rows else { return "" }
    return (0..<columns).map { self[row, $0].text }.joined()
  }

  /// The whole screen as plain text, one line per row, trailing blanks kept.
  public var text: String {
    (0..<rows).map { text(ofRow: $0) }.joined(separator: "\n")
  }
}

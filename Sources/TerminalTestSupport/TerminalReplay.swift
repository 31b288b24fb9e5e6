import TextInputBase
public import TextInputTerminal

/// A small terminal that reads the bytes `TerminalWriter` writes and shows
/// what a real terminal would: for checking that the bytes reproduce the
/// `TerminalScreen` they were written from, under a width profile.
///
/// It understands the sequences the writer uses — cursor position
/// (`CSI row;column H`), erase display (`CSI 2 J`), SGR (`CSI … m`), cursor
/// shown and hidden (`CSI ? 25 h`/`l`) and OSC 8 hyperlinks — and prints
/// text as a grapheme-cluster terminal (mode 2027) does: the scalars printed
/// one after the other, with no sequence between them, are segmented into
/// grapheme clusters (so a mark or an emoji modifier printed right after a
/// cluster joins it), and each cluster takes the cells `profile` gives it.
/// A run that starts with such an extender joins the cluster in the cell on
/// its left even after a cursor move, as xterm, kitty and foot were seen to
/// do (kitty 0.26.5, foot 1.13.1 with grapheme shaping, for an emoji
/// modifier too): that cluster is drawn again with it.
/// Anything else is reported as a `Problem`: a control character,
/// another sequence, a cluster that does not fit before the row's end, a
/// cluster of no width.
///
/// It is test support (the `TerminalTestSupport` product, which tests and
/// fuzzers depend on), not part of the terminal text view.
///
/// ```swift
/// var screen = TerminalScreen(columns: 4, rows: 1)
/// screen.write("hi", row: 0, column: 0)
/// var replay = TerminalReplay(columns: 4, rows: 1)
/// replay.feed(TerminalWriter.update(from: nil, to: screen))
/// replay.differences(from: screen)  // []
/// ```
public struct TerminalReplay: Sendable {
  /// What the terminal did not expect in the bytes.
  public enum Problem: Hashable, Sendable, CustomStringConvertible {
    /// A control character (C0 but ESC, DEL, C1) reached the terminal.
    case controlCharacter(UInt32)
    /// An escape sequence the writer should not send (its bytes, as text).
    case unexpectedSequence(String)
    /// A cluster did not fit on its row at this 0-based cell: a terminal
    /// wraps it onto the next row.
    case pastRowEnd(String, TerminalPosition)
    /// A cluster the profile gives no width, printed alone.
    case zeroWidth(String)

    public var description: String {
      switch self {
      case .controlCharacter(let value):
        return "control character \(CodePointNotation.format(value)) in the bytes"
      case .unexpectedSequence(let text):
        return "unexpected escape sequence \(text.debugDescription)"
      case .pastRowEnd(let cluster, let at):
        return
          "cluster \(cluster.debugDescription) at row \(at.row), column \(at.column) passes the row's end"
      case .zeroWidth(let cluster):
        return "cluster \(cluster.debugDescription) printed alone has no width"
      }
    }
  }

  /// How the terminal measures clusters.
  public let profile: TerminalWidthProfile
  /// What the terminal shows; its `cursor` is where the cursor is shown, or
  /// nil while it is hidden.
  public private(set) var shown: TerminalScreen
  /// What was not expected, in order.
  public private(set) var problems: [Problem] = []

  private var position = TerminalPosition(row: 0, column: 0)
  private var cursorVisible = true
  private var style = TerminalStyle.plain
  private var link: TerminalHyperlink?
  /// The scalars printed since the last sequence, and the cell their
  /// first cluster started on.
  private var run = String.UnicodeScalarView()
  private var runStart = TerminalPosition(row: 0, column: 0)

  /// A blank terminal of `columns` × `rows` cells, cursor at the top left.
  public init(columns: Int, rows: Int, profile: TerminalWidthProfile = .graphemeClusters) {
    self.profile = profile
    self.shown = TerminalScreen(columns: columns, rows: rows)
    updateCursor()
  }

  /// Reads `bytes`, as written by `TerminalWriter.update(from:to:)`.
  ///
  /// - Complexity: O(n) in the bytes, times the length of the longest run
  ///   of text printed with no sequence between.
  public mutating func feed(_ bytes: String) {
    let scalars = Array(bytes.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\u{1B}" {
        endRun()
        index = escape(scalars, from: index)
        continue
      }
      if VisibleControls.isControl(scalar) {
        problems.append(.controlCharacter(scalar.value))
        index += 1
        continue
      }
      print(scalar)
      index += 1
    }
    endRun()
    updateCursor()
  }

  /// The cells and cursor where `shown` differs from `expected`, described
  /// (empty when the terminal shows `expected`). A link is compared as
  /// written: its `encodedID` and `encodedURI`, none when it has no URI to
  /// write.
  ///
  /// - Complexity: O(columns × rows).
  public func differences(from expected: TerminalScreen) -> [String] {
    guard expected.columns == shown.columns, expected.rows == shown.rows else {
      return ["size \(shown.columns)×\(shown.rows), expected \(expected.columns)×\(expected.rows)"]
    }
    var out: [String] = []
    for row in 0..<expected.rows {
      for column in 0..<expected.columns {
        var want = expected[row, column]
        want.link = want.link.flatMap(Self.written)
        want.style = Self.written(want.style)
        let got = shown[row, column]
        if got != want {
          out.append(
            "(\(row), \(column)): \(got.text.debugDescription) width \(got.width), "
              + "expected \(want.text.debugDescription) width \(want.width)"
              + (got.style != want.style ? " (style differs)" : "")
              + (got.link != want.link ? " (link differs)" : ""))
        }
      }
    }
    let wantCursor = expected.cursor.flatMap {
      expected.contains(row: $0.row, column: $0.column) ? $0 : nil
    }
    if shown.cursor != wantCursor {
      out.append(
        "cursor \(String(describing: shown.cursor)), expected \(String(describing: wantCursor))")
    }
    return out
  }

  /// A link as the writer writes it, or nil when it cannot be written.
  static func written(_ link: TerminalHyperlink) -> TerminalHyperlink? {
    guard let uri = link.encodedURI else { return nil }
    return TerminalHyperlink(id: link.encodedID, uri: uri)
  }

  /// A style as the writer writes it: an ANSI colour past 15 is written,
  /// and read back, as the palette colour of that index.
  static func written(_ style: TerminalStyle) -> TerminalStyle {
    var style = style
    if case .ansi(let index) = style.foreground, index > 15 { style.foreground = .palette(index) }
    if case .ansi(let index) = style.background, index > 15 { style.background = .palette(index) }
    return style
  }

  private mutating func updateCursor() {
    shown.cursor =
      cursorVisible && shown.contains(row: position.row, column: position.column)
      ? position : nil
  }

  // MARK: Text

  /// Prints one scalar: it joins the run printed since the last sequence.
  private mutating func print(_ scalar: Unicode.Scalar) {
    if run.isEmpty { runStart = position }
    run.append(scalar)
  }

  /// Draws the run printed since the last sequence, cluster by cluster
  /// from where it started, and forgets it.
  private mutating func endRun() {
    guard !run.isEmpty else { return }
    var at = runStart
    var clusters = String(run).map { String($0) }
    if let first = clusters.first, VisibleControls.joinsCellBefore(first),
      let lead = leadCell(before: at)
    {
      // Joined to the cluster drawn in the cell on its left, whatever was
      // written between (as xterm, kitty and foot were seen to do): that
      // cluster is drawn again, with it, from where it started.
      clusters[0] = shown[at.row, lead].text + first
      at.column = lead
    }
    for text in clusters {
      let width = profile.width(of: text)
      guard width > 0 else {
        problems.append(.zeroWidth(text))
        continue
      }
      guard at.column + width <= shown.columns else {
        problems.append(.pastRowEnd(text, at))
        break
      }
      shown.put(text, width: width, row: at.row, column: at.column, style: style, link: link)
      at.column += width
    }
    position = at
    run.removeAll()
  }

  /// The column of the cluster drawn just left of `position` on its row
  /// (the lead cell of a wide one), or nil at the row's start.
  private func leadCell(before position: TerminalPosition) -> Int? {
    var column = min(position.column, shown.columns) - 1
    while column > 0, shown[position.row, column].isContinuation { column -= 1 }
    guard column >= 0, shown.contains(row: position.row, column: column) else { return nil }
    return column
  }

  // MARK: Sequences

  /// Reads the sequence starting with ESC at `start`; returns the index after it.
  private mutating func escape(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
    var index = start + 1
    guard index < scalars.count else {
      problems.append(.unexpectedSequence("\u{1B}"))
      return index
    }
    switch scalars[index] {
    case "[":
      index += 1
      var body = ""
      while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) {
        body.unicodeScalars.append(scalars[index])
        index += 1
      }
      guard index < scalars.count else {
        problems.append(.unexpectedSequence("\u{1B}[" + body))
        return index
      }
      let final = scalars[index]
      csi(body, final: final)
      return index + 1
    case "]":
      index += 1
      var body = ""
      while index < scalars.count {
        if scalars[index] == "\u{07}" { return osc(body, end: index + 1) }
        if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "\\" {
          return osc(body, end: index + 2)
        }
        body.unicodeScalars.append(scalars[index])
        index += 1
      }
      problems.append(.unexpectedSequence("\u{1B}]" + body))
      return index
    default:
      problems.append(.unexpectedSequence("\u{1B}" + String(scalars[index])))
      return index + 1
    }
  }

  private mutating func osc(_ body: String, end: Int) -> Int {
    let parts = body.split(separator: ";", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0] == "8" else {
      problems.append(.unexpectedSequence("\u{1B}]" + body))
      return end
    }
    let parameters = parts[1]
    let uri = String(parts[2])
    let id = parameters.hasPrefix("id=") ? String(parameters.dropFirst(3)) : ""
    link = uri.isEmpty ? nil : TerminalHyperlink(id: id, uri: uri)
    return end
  }

  private mutating func csi(_ body: String, final: Unicode.Scalar) {
    switch (body, final) {
    case ("?25", "h"): cursorVisible = true
    case ("?25", "l"): cursorVisible = false
    case ("2", "J"):
      shown.fill(rows: 0..<shown.rows, columns: 0..<shown.columns, style: style)
    case (_, "H"):
      let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
      guard numbers.count <= 2, !body.hasPrefix("?") else {
        problems.append(.unexpectedSequence("\u{1B}[" + body + String(final)))
        return
      }
      let row = (numbers.first ?? nil) ?? 1
      let column = numbers.count > 1 ? (numbers[1] ?? 1) : 1
      position = TerminalPosition(
        row: min(max(row, 1), max(shown.rows, 1)) - 1,
        column: min(max(column, 1), max(shown.columns, 1)) - 1)
    case (_, "m"):
      guard let parsed = Self.style(body) else {
        problems.append(.unexpectedSequence("\u{1B}[" + body + String(final)))
        return
      }
      style = parsed
    default:
      problems.append(.unexpectedSequence("\u{1B}[" + body + String(final)))
    }
  }

  /// The style an SGR sequence from a reset sets (what `TerminalWriter.sgr`
  /// writes); nil for one that does not start with a reset or that it does
  /// not write.
  static func style(_ body: String) -> TerminalStyle? {
    var numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    guard numbers.first == 0 else { return nil }
    numbers.removeFirst()
    var style = TerminalStyle.plain
    var index = 0
    while index < numbers.count {
      guard let number = numbers[index] else { return nil }
      switch number {
      case 1: style.bold = true
      case 2: style.dim = true
      case 4: style.underline = true
      case 7: style.reverse = true
      case 30...37: style.foreground = .ansi(UInt8(number - 30))
      case 90...97: style.foreground = .ansi(UInt8(number - 90 + 8))
      case 40...47: style.background = .ansi(UInt8(number - 40))
      case 100...107: style.background = .ansi(UInt8(number - 100 + 8))
      case 38:
        guard let colour = paletteOrRGB(numbers, &index) else { return nil }
        style.foreground = colour
        continue
      case 48:
        guard let colour = paletteOrRGB(numbers, &index) else { return nil }
        style.background = colour
        continue
      default: return nil
      }
      index += 1
    }
    return style
  }

  /// `38;5;n` or `38;2;r;g;b` (or 48) at `index`, which moves past it.
  private static func paletteOrRGB(_ numbers: [Int?], _ index: inout Int) -> TerminalColor? {
    guard index + 1 < numbers.count, let kind = numbers[index + 1] else { return nil }
    if kind == 5, index + 2 < numbers.count, let value = numbers[index + 2],
      (0...255).contains(value)
    {
      index += 3
      return .palette(UInt8(value))
    }
    if kind == 2, index + 4 < numbers.count, let red = numbers[index + 2],
      let green = numbers[index + 3], let blue = numbers[index + 4],
      [red, green, blue].allSatisfy({ (0...255).contains($0) })
    {
      index += 5
      return .rgb(UInt8(red), UInt8(green), UInt8(blue))
    }
    return nil
  }
}

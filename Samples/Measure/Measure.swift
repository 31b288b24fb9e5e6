import ArgumentParser
import Foundation
import TextInputBase
import TextInputKit

/// `swift run Samples measure`: graphemes, widths and breaks of text from stdin.
struct Measure: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "measure",
    abstract: "Measure UTF-8 text from stdin (or files): clusters, widths, line breaks, words.",
    discussion: """
      Input is read as UTF-8; invalid bytes decode to U+FFFD. Named files are read \
      in order as one input, as `cat` would join them; `-` is standard input. A file \
      that cannot be read is an error naming it and the system's reason. Lines are split on LF (the \
      LF is not part of the line; a final LF ends the last line). All offsets are \
      UTF-16 code units.

      Default: a readable table per line: the line as read with its ending escaped \
      ("a\\r\\n" for CR LF, "a\\n" for LF), its counts without the LF, then each \
      cluster; controls are escaped the same way everywhere (\\r, \\t, \\u{001B}).
      --json: one JSON object per line with keys utf16, graphemes (boundary \
      offsets, 0 and the end included), widths (cells per cluster), width, \
      lineBreaks (offsets of line-break opportunities after 0, the end included; \
      none for an empty line, as LineBreaks.opportunities gives) and words \
      (word boundary offsets, 0 and the end included).
      --summary: the whole input as one text, one line: \
      bytes=B utf16=U graphemes=G width=W lineBreaks=L.

      Empty input prints nothing (--summary: its zero counts). \(SamplesError.statusHelp)
      """
  )

  @Flag(help: "One JSON object per input line.")
  var json = false

  @Flag(help: "One summary line for the whole input (streaming; no per-line work).")
  var summary = false

  @Flag(help: "East Asian Ambiguous characters take 2 cells (CJK terminals).")
  var ambiguousWide = false

  @Argument(help: "Files to read instead of standard input ('-' reads standard input).")
  var files: [String] = []

  func validate() throws {
    if json && summary { throw ValidationError("--json and --summary cannot be used together") }
  }

  func run() throws {
    let options = WidthOptions(ambiguousIsWide: ambiguousWide)
    let text = try readInput()
    if summary {
      print(Self.summaryLine(text.string, bytes: text.byteCount, options: options))
      return
    }
    let lines = Self.lines(of: text.string)
    // Every line but the last ended with an LF; the last did if the text does.
    let lastEnded = text.string.unicodeScalars.last == "\n"
    for (index, line) in lines.enumerated() {
      if json {
        print(Self.jsonLine(line, options: options))
      } else {
        let ended = index < lines.count - 1 || lastEnded
        print(Self.table(line, endedByLF: ended, options: options))
      }
    }
  }

  /// The input as one string and its size in bytes. The bytes are decoded
  /// straight into the string and released before measuring, so a 10 MB input
  /// peaks near two copies of itself.
  ///
  /// - Throws: `SamplesError` (status 66) naming the first input that cannot
  ///   be read and why.
  private func readInput() throws(SamplesError) -> (string: String, byteCount: Int) {
    let bytes = try Input.bytes(of: files)
    return (String(decoding: bytes, as: UTF8.self), bytes.count)
  }

  /// Lines split on LF; a final LF ends the last line rather than starting an
  /// empty one.
  /// (Split on the scalar U+000A: a CR before it stays in the line, where a
  /// split on `Character` would miss the LF inside a CR LF cluster.)
  static func lines(of text: String) -> [String] {
    var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
    if text.unicodeScalars.last == "\n" || text.isEmpty { lines.removeLast() }
    return lines.map { String($0) }
  }

  static func summaryLine(_ text: String, bytes: Int, options: WidthOptions) -> String {
    let measured = DisplayWidth.measurement(in: text, options: options)
    let breaks = LineBreaks.count(in: text)
    return
      "bytes=\(bytes) utf16=\(measured.utf16Count) graphemes=\(measured.graphemeCount) "
      + "width=\(measured.width) lineBreaks=\(breaks)"
  }

  /// `{"utf16":…,"graphemes":[…],"widths":[…],"width":…,"lineBreaks":[…],"words":[…]}`,
  /// in that order (`JSONEncoder` writes the values).
  static func jsonLine(_ line: String, options: WidthOptions) -> String {
    let clusters = Graphemes.clusters(in: line, options: options)
    let widths = clusters.map(\.width)
    return OrderedJSON.object([
      "utf16": line.utf16.count,
      "graphemes": [0] + clusters.map { $0.range.location + $0.range.length },
      "widths": widths,
      "width": widths.reduce(0, +),
      "lineBreaks": LineBreaks.opportunities(in: line).map(\.offset),
      "words": Words.segmentation(in: line).boundaries.offsets,
    ])
  }

  /// The table of one line: a header with the line as read, its ending
  /// shown (`"a\r\n"` for a CR LF line, `"a\n"` for LF, `"a"` for a last
  /// line without one), and the counts of the line as `--json` measures it
  /// (without the LF); then a row per cluster. Every control is escaped the
  /// same way in the header and the rows (`\r`, `\t`, `\u{001B}`), so no raw
  /// control reaches the terminal.
  static func table(_ line: String, endedByLF: Bool, options: WidthOptions) -> String {
    let clusters = Graphemes.clusters(in: line, options: options)
    let units = Array(line.utf16)
    let width = clusters.reduce(0) { $0 + $1.width }
    let read = ControlCharacters.quoted(endedByLF ? line + "\n" : line)
    var rows = [
      "\(read)  utf16=\(units.count) graphemes=\(clusters.count) width=\(width)"
    ]
    if clusters.isEmpty { return rows[0] }
    rows.append("  " + Table.row(["#", "utf16", "width", "shown", "scalars"], Self.columns))
    for (index, cluster) in clusters.enumerated() {
      let range = cluster.range
      let piece = String(
        decoding: units[range.location..<range.location + range.length], as: UTF16.self)
      let scalars = piece.unicodeScalars.map(CodePointNotation.format).joined(separator: " ")
      let width = cluster.isControl ? "0 ctl" : String(cluster.width)
      rows.append(
        "  "
          + Table.row(
            [
              String(index), "\(range.location)..<\(range.location + range.length)", width,
              Escape.shown(piece), scalars,
            ], Self.columns))
    }
    return rows.joined(separator: "\n")
  }

  static let columns = [4, 12, 7, 9, 0]
}

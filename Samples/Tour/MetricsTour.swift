import Foundation
import TextInputBase
import TextInputKit

/// The measurement layer: clusters, widths, caret snapping, words, line breaks.
enum MetricsTour: TourSection {
  static let title = "TextMetrics — graphemes, widths, words, line breaks"

  static func run(_ out: inout TourPrinter) {
    out.line("Unicode \(UnicodeVersions.unicode), from the system ICU \(UnicodeVersions.icu).")
    out.line("Offsets are UTF-16 code units; widths are terminal cells.")
    out.line()

    let examples = [
      "hello", "héllo", "e\u{301}\u{302}", "日本語", "한국어", "\u{1112}\u{1161}\u{11AB}",
      "क्षत्रिय", "👩‍👩‍👧‍👦", "👍🏽", "🇫🇷🇯🇵", "1️⃣", "☺\u{FE0F}", "😀\u{FE0E}",
      "שלום", "a\u{00A0}b", "a\r\nb", "±½",
    ]
    let columns = [24, 10, 7, 7, 9]
    out.line("  " + Table.row(["text", "clusters", "utf16", "cells", "CJK cells"], columns))
    for text in examples {
      let standard = DisplayWidth.measurement(in: text)
      let eastAsian = DisplayWidth.width(in: text, options: .eastAsian)
      out.line(
        "  "
          + Table.row(
            [
              ControlCharacters.quoted(text), String(standard.graphemeCount),
              String(standard.utf16Count),
              String(standard.width), String(eastAsian),
            ], columns))
    }
    out.line()

    let caretText = "a👍🏽b"
    let clusters = Graphemes.boundaries(in: caretText)
    out.line(
      "Grapheme-safe carets in \(ControlCharacters.quoted(caretText)) (boundaries \(clusters.offsets)):"
    )
    for offset in [2, 3, 4] {
      out.line(
        "  offset \(offset) snaps backward to \(clusters.snap(offset, .backward)), "
          + "forward to \(clusters.snap(offset, .forward)), "
          + "nearest to \(clusters.snap(offset, .nearest))")
    }
    let range = NSRange(location: 2, length: 1)
    let widened = clusters.widened(range)
    out.line("  the range {2, 1} widens to {\(widened.location), \(widened.length)}")
    out.line()

    let sentence = "Hello, wörld! 東京は晴れ。"
    let words = Words.segmentation(in: sentence)
    let units = Array(sentence.utf16)
    let pieces = words.segments.map { segment -> String in
      let piece = String(
        decoding: units[segment.range.location..<segment.range.location + segment.range.length],
        as: UTF16.self)
      return segment.isWord ? "[\(piece)]" : piece
    }
    out.line("Words of \(ControlCharacters.quoted(sentence)) ([word] marks word-like segments):")
    out.line("  " + pieces.joined())
    out.line(
      "  from offset 0, a word-wise move right lands at \(words.nextWordEnd(after: 0)); "
        + "left from the end lands at \(words.previousWordStart(before: units.count))")
    out.line()

    let wrapped = "Wrap me—if you can: 100 km/h, (really) fast!\nNew line."
    out.line("Line-break opportunities (| allowed, ¶ mandatory) in:")
    out.line("  " + ControlCharacters.quoted(wrapped))
    out.line("  " + Self.marked(wrapped))
  }

  /// The text with a marker after each line-break opportunity.
  static func marked(_ text: String) -> String {
    let units = Array(text.utf16)
    var out = ""
    var previous = 0
    for opportunity in LineBreaks.opportunities(in: text) {
      let piece = String(decoding: units[previous..<opportunity.offset], as: UTF16.self)
      out += piece.replacingOccurrences(of: "\n", with: "")
      out += opportunity.kind == .mandatory ? "¶" : "|"
      previous = opportunity.offset
    }
    return out
  }
}

import Foundation
import TextInputCore

extension AttributedPlaceholder {
  /// Parses the markup the `attributedPlaceholder` configuration key takes:
  ///
  /// | Markup | Meaning |
  /// |---|---|
  /// | `*text*` | bold |
  /// | `_text_` | italic |
  /// | `[text](#RRGGBB)` | a colour (`#RGB`, `#RRGGBB` or `#RRGGBBAA`) |
  /// | `\*`, `\_`, `\[`, `\]`, `\\` | the character itself |
  ///
  /// Spans nest (`*bold _and italic_*`, `[*red bold*](#FF3B30)`) and must
  /// close in the reverse order they opened. Everything else is text, kept as
  /// written. The runs come out flattened: no two overlap, each carries every
  /// attribute of the spans over it, and neighbours with the same attributes
  /// are merged.
  ///
  /// The markup is read by grapheme cluster (`Character`), as the offsets in
  /// errors count: a marker that the next scalar joins into one cluster (a
  /// combining mark, a variation selector or ZWJ after `*`, as in `*\u{301}`)
  /// is text, not a marker.
  ///
  /// ```swift
  /// let name = try AttributedPlaceholder(markup: "Your *name* [(required)](#FF3B30)")
  /// name.text                 // "Your name (required)"
  /// name.runs.map(\.range)    // [{5, 4}, {10, 10}]
  /// ```
  ///
  /// - Throws: `PlaceholderError` naming the bad marker and its offset in
  ///   characters: an unclosed or misnested span, a `]` with no `[`, a colour
  ///   that is not `(#hex)`, a `\` at the end.
  /// - Complexity: O(n) in the length of the markup, plus O(s²) in the number
  ///   of spans.
  public init(markup: String) throws(PlaceholderError) {
    typealias Kind = MarkupSpan.Kind
    struct Open {
      var kind: Kind
      var offset: Int
      var start: Int
    }
    let characters = Array(markup)
    var text = ""
    var length = 0
    var stack: [Open] = []
    var spans: [MarkupSpan] = []
    var index = 0

    func close(_ kind: Kind, at offset: Int) throws(PlaceholderError) -> Open {
      guard let top = stack.last, stack.contains(where: { $0.kind == kind }) else {
        throw .unexpectedMarker(kind == .color ? "]" : kind.marker, offset: offset)
      }
      guard top.kind == kind else {
        throw .misnestedMarker(
          kind == .color ? "]" : kind.marker, offset: offset, open: top.kind.marker)
      }
      return stack.removeLast()
    }

    while index < characters.count {
      let character = characters[index]
      switch character {
      case "\\":
        guard index + 1 < characters.count else { throw .danglingEscape(offset: index) }
        let escaped = characters[index + 1]
        text.append(escaped)
        length += escaped.utf16.count
        index += 2
        continue
      case "*", "_":
        let kind: Kind = character == "*" ? .bold : .italic
        if stack.contains(where: { $0.kind == kind }) {
          let open = try close(kind, at: index)
          if open.start < length {
            spans.append(MarkupSpan(kind: kind, range: open.start..<length))
          }
        } else {
          stack.append(Open(kind: kind, offset: index, start: length))
        }
      case "[":
        stack.append(Open(kind: .color, offset: index, start: length))
      case "]":
        let open = try close(.color, at: index)
        // Expect "(#hex)" right after.
        guard index + 1 < characters.count, characters[index + 1] == "(",
          let end = characters[(index + 2)...].firstIndex(of: ")")
        else {
          let rest = String(characters[(index + 1)...].prefix(12))
          throw .badColor(rest, offset: index + 1)
        }
        let written = String(characters[(index + 2)..<end])
        guard let color = Color(hex: written) else { throw .badColor(written, offset: index + 2) }
        if open.start < length {
          spans.append(MarkupSpan(kind: .color, range: open.start..<length, color: color))
        }
        index = end + 1
        continue
      default:
        text.append(character)
        length += character.utf16.count
      }
      index += 1
    }
    if let open = stack.first { throw .unclosedMarker(open.kind.marker, offset: open.offset) }
    self.init(text, runs: MarkupSpan.flatten(spans))
  }
}

/// One closed span of markup, before flattening.
struct MarkupSpan {
  enum Kind: Equatable {
    case bold, italic, color

    var marker: String {
      switch self {
      case .bold: return "*"
      case .italic: return "_"
      case .color: return "["
      }
    }
  }

  var kind: Kind
  var range: Range<Int>
  var color: Color? = nil

  /// Non-overlapping runs from possibly nested spans: each piece between two
  /// span edges carries every attribute of the spans over it; an inner colour
  /// wins over an outer one (inner spans close first, so come first).
  ///
  /// - Complexity: O(s²) in the number of spans.
  static func flatten(_ spans: [MarkupSpan]) -> [PlaceholderRun] {
    var edges = Set<Int>()
    for span in spans {
      edges.insert(span.range.lowerBound)
      edges.insert(span.range.upperBound)
    }
    let sorted = edges.sorted()
    var runs: [PlaceholderRun] = []
    for (start, end) in zip(sorted, sorted.dropFirst()) {
      var run = PlaceholderRun(range: NSRange(location: start, length: end - start))
      var covered = false
      for span in spans where span.range.lowerBound <= start && end <= span.range.upperBound {
        covered = true
        switch span.kind {
        case .bold: run.isBold = true
        case .italic: run.isItalic = true
        case .color: if run.color == nil { run.color = span.color }
        }
      }
      guard covered else { continue }
      if let last = runs.last, NSMaxRange(last.range) == start, last.isBold == run.isBold,
        last.isItalic == run.isItalic, last.color == run.color
      {
        runs[runs.count - 1].range.length += end - start
      } else {
        runs.append(run)
      }
    }
    return runs
  }
}

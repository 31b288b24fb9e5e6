import Foundation
import PropertyBased
import Testing
import TextLayout
@_spi(Reference) import TextMetrics
import UnicodeTestSupport

/// An independent oracle for where `TextFrame` breaks lines, written from
/// UAX #14 and the wrapping rules `TextFrame` documents rather than from its
/// code:
///
/// - Paragraphs end after each hard break (LF, CR LF as one, CR, VT, FF, NEL,
///   U+2028, U+2029).
/// - Grapheme clusters are ICU's character iterator's (UAX #29) and break
///   opportunities ICU's line iterator's (UAX #14 with CLDR's tailorings),
///   each run on the paragraph alone — not TextMetrics' own scanners, which
///   `TextFrame` uses.
/// - A line may end only before a cluster that starts at an opportunity
///   (word wrap), or before any cluster (character wrap, or a line whose
///   first word does not fit).
/// - A cluster whose first code unit is a collapsible space (U+0020, TAB,
///   U+1680, U+2000–U+2006, U+2008–U+200A, U+205F, U+3000) or the hard break
///   hangs: it never makes a line overflow, and a line's used width stops at
///   its last cluster that does not hang.
/// - A line from cluster `s` overflows at the first cluster `o` > `s` that
///   does not hang and whose right edge (the sum of the advances from `s`
///   through `o`, spaces between words included) passes the width; it ends at
///   the last opportunity in `(s, o]`, else at `o`. A line that does not
///   overflow runs to the paragraph's end.
///
/// Stated as prefix sums and searches, not as `TextFrame`'s running loop, so
/// that a bug in that loop (or in its incremental use) shows as a difference.
enum WrapOracle {
  struct Line: Equatable, CustomStringConvertible {
    var range: Range<Int>
    var usedWidth: CGFloat
    var endsParagraph: Bool
    var description: String { "\(range) w\(usedWidth)\(endsParagraph ? " ¶" : "")" }
  }

  static let hardBreaks: Set<UInt16> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
  static let collapsibleSpaces: Set<UInt16> = Set(
    [0x20, 0x09, 0x1680, 0x205F, 0x3000] + Array(0x2000...0x2006) + Array(0x2008...0x200A))

  static func paragraphs(_ units: [UInt16]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start = 0
    var index = 0
    while index < units.count {
      let unit = units[index]
      index += 1
      if hardBreaks.contains(unit) {
        if unit == 0x0D, index < units.count, units[index] == 0x0A { index += 1 }
        result.append(start..<index)
        start = index
      }
    }
    if start < units.count { result.append(start..<units.count) }
    return result
  }

  /// The lines of `units` in `width` points, with a cell font `cell` points wide.
  static func lines(_ units: [UInt16], width: CGFloat, cell: CGFloat, characterWrap: Bool)
    -> [Line]
  {
    var result: [Line] = []
    for paragraph in paragraphs(units) {
      let local = Array(units[paragraph])
      let bounds = local.withUnsafeBufferPointer { ICUReference.boundaries(.character, utf16: $0) }
      let opportunities = Set(ICUReference.lineOpportunities(utf16: local).map(\.offset))
      let count = bounds.count - 1
      var advance: [CGFloat] = []
      var hangs: [Bool] = []
      var breakBefore: [Bool] = []
      for k in 0..<count {
        let piece = Array(local[bounds[k]..<bounds[k + 1]])
        let first = piece[0]
        let isHard = hardBreaks.contains(first)
        let cells = Graphemes.clusters(utf16: piece).reduce(0) { $0 + max($1.width, 0) }
        advance.append(isHard ? 0 : CGFloat(cells) * cell)
        hangs.append(isHard || collapsibleSpaces.contains(first))
        breakBefore.append(k > 0 && opportunities.contains(bounds[k]))
      }
      // prefix[k]: the advances of clusters 0..<k.
      var prefix: [CGFloat] = [0]
      for a in advance { prefix.append(prefix[prefix.count - 1] + a) }
      func usedWidth(_ s: Int, _ e: Int) -> CGFloat {
        guard let last = (s..<e).last(where: { !hangs[$0] }) else { return 0 }
        return prefix[last + 1] - prefix[s]
      }
      var s = 0
      while s < count {
        let overflow = ((s + 1)..<count).first { !hangs[$0] && prefix[$0 + 1] - prefix[s] > width }
        guard let o = overflow else {
          result.append(
            Line(
              range: (paragraph.lowerBound + bounds[s])..<paragraph.upperBound,
              usedWidth: usedWidth(s, count), endsParagraph: true))
          break
        }
        let opportunity = characterWrap ? nil : ((s + 1)...o).last { breakBefore[$0] }
        let e = opportunity ?? o
        result.append(
          Line(
            range: (paragraph.lowerBound + bounds[s])..<(paragraph.lowerBound + bounds[e]),
            usedWidth: usedWidth(s, e), endsParagraph: false))
        s = e
      }
    }
    return result
  }

  static func lines(of frame: TextFrame) -> [Line] {
    frame.lineFragments.map {
      Line(
        range: $0.range.location..<NSMaxRange($0.range), usedWidth: $0.usedWidth,
        endsParagraph: $0.endsParagraph)
    }
  }
}

/// Heavier checks run more cases when TEXTINPUTKIT_FULL_CHECKS=1 (CI).
let fullChecks = ProcessInfo.processInfo.environment["TEXTINPUTKIT_FULL_CHECKS"] == "1"

/// An edit: where (a fraction of the text), how many units it removes, what
/// it inserts (any fragment: CR LF, bidi controls, emoji, combining marks…).
struct OracleEdit: CustomStringConvertible {
  var position: Int
  var length: Int
  var inserted: [UInt16]
  var description: String { "@\(position) -\(length) +\(inserted)" }
}

let oracleEditGen = zip(
  Gen.int(in: 0...10_000), Gen.int(in: 0...6),
  UnicodeGen.utf16Fragment.array(of: 0...2).map { $0.flatMap { $0 } }
).map { OracleEdit(position: $0.0, length: $0.1, inserted: $0.2) }

/// Text with long paragraphs: a generated piece repeated (so that an edit's
/// window lies well inside a paragraph), joined with generated text.
let longTextGen = zip(UnicodeGen.utf16, Gen.int(in: 1...40), UnicodeGen.utf16).map {
  (drawn: ([UInt16], Int, [UInt16])) -> [UInt16] in
  let piece = drawn.0.isEmpty ? Array("word ".utf16) : drawn.0
  return Array(repeatElement(piece, count: drawn.1).joined()) + drawn.2
}

@Suite("Line breaking against an independent oracle (UAX #14 and the wrapping rules)")
struct WrapOracleTests {
  @Test("The oracle on a few texts worked by hand")
  func handWorked() {
    // "aa bb cc" in 5 cells: "aa bb" fits (5), "cc" wraps; the space hangs.
    #expect(
      WrapOracle.lines(Array("aa bb cc".utf16), width: 5, cell: 1, characterWrap: false)
        == [
          .init(range: 0..<6, usedWidth: 5, endsParagraph: false),
          .init(range: 6..<8, usedWidth: 2, endsParagraph: true),
        ])
    // A word wider than the line breaks between clusters.
    #expect(
      WrapOracle.lines(Array("abcdef".utf16), width: 4, cell: 1, characterWrap: false).map(\.range)
        == [0..<4, 4..<6])
    // CR LF is one hard break; the line after it starts a paragraph.
    #expect(
      WrapOracle.lines(Array("ab\r\ncd".utf16), width: 10, cell: 1, characterWrap: false).map(
        \.range) == [0..<4, 4..<6])
    // A wide cluster (2 cells) and a flag (one cluster of 4 units).
    #expect(
      WrapOracle.lines(Array("中🇫🇷x".utf16), width: 3, cell: 1, characterWrap: true).map(\.range)
        == [0..<1, 1..<6])
  }

  @Test("A fresh layout breaks lines where the oracle does")
  func freshEqualsOracle() async {
    await propertyCheck(
      count: fullChecks ? 1_500 : 150, input: UnicodeGen.utf16, Gen.int(in: 1...30),
      Gen<Bool>.bool
    ) { units, width, characterWrap in
      let style = LayoutStyle(lineBreakMode: characterWrap ? .characterWrap : .wordWrap)
      let frame = TextFrame(
        utf16: units, container: TextContainer(width: CGFloat(width)), style: style)
      let expected = WrapOracle.lines(
        units, width: CGFloat(width), cell: 1, characterWrap: characterWrap)
      #expect(WrapOracle.lines(of: frame) == expected, "\(units) in \(width)")
    }
  }

  @Test("Edit after edit, the kept layout equals a fresh one and the oracle")
  func incrementalEqualsFreshAndOracle() async {
    await propertyCheck(
      count: fullChecks ? 300 : 25, input: longTextGen, oracleEditGen.array(of: 1...8),
      Gen.int(in: 1...24), Gen<Bool>.bool
    ) { units, edits, width, characterWrap in
      let container = TextContainer(width: CGFloat(width))
      let style = LayoutStyle(lineBreakMode: characterWrap ? .characterWrap : .wordWrap)
      var frame = TextFrame(utf16: units, container: container, style: style)
      for (step, edit) in edits.enumerated() {
        let count = frame.utf16.count
        let location = count == 0 ? 0 : edit.position % (count + 1)
        let range = NSRange(location: location, length: min(edit.length, count - location))
        frame.replaceCharacters(in: range, withUTF16: edit.inserted)
        let fresh = TextFrame(utf16: frame.utf16, container: container, style: style)
        let same =
          frame.lineFragments.map(\.range) == fresh.lineFragments.map(\.range)
          && frame.lineFragments.map(\.rect) == fresh.lineFragments.map(\.rect)
          && frame.lineFragments.map(\.usedRect) == fresh.lineFragments.map(\.usedRect)
          && frame.usedSize == fresh.usedSize
        #expect(same, "edit \(step) \(range) ← \(edit.inserted) in \(width)")
        let expected = WrapOracle.lines(
          frame.utf16.array, width: CGFloat(width), cell: 1, characterWrap: characterWrap)
        #expect(WrapOracle.lines(of: frame) == expected, "edit \(step) against the oracle")
        guard same else { return }
      }
    }
  }

  @Test("Typing and deleting inside one long paragraph keeps the layout a fresh one's")
  func typingInsideLongParagraph() {
    // A 6 000-unit paragraph of words, emoji, CJK and combining marks, typed
    // into and deleted from at its middle: every edit takes the windowed path.
    let piece = Array("see www.example.com 👍🏽 中文 e\u{301}t\u{E9} and 🇫🇷 the ".utf16)
    let units = Array(repeatElement(piece, count: 6_000 / piece.count + 1).joined())
    let container = TextContainer(width: 17)
    var frame = TextFrame(utf16: units, container: container)
    var offset = units.count / 2
    for (index, key) in ["x", " ", "\u{301}", "\u{200D}", "👩", "y", "  ", "中"].enumerated() {
      frame.replaceCharacters(in: NSRange(location: offset, length: 0), with: key)
      offset += key.utf16.count
      if index % 3 == 2 {
        frame.replaceCharacters(in: NSRange(location: offset - 1, length: 1), with: "")
        offset -= 1
      }
      let fresh = TextFrame(utf16: frame.utf16, container: container)
      #expect(frame.lineFragments == fresh.lineFragments, "after \(index) edits")
    }
  }
}

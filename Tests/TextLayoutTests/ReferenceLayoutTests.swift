import Foundation
import PropertyBased
import Testing
import TextLayout
import UnicodeTestSupport

/// A font whose advances read the cluster's text: the cells times 1.5, plus a
/// quarter point per UTF-16 code unit of the cluster, taken from `text` at
/// `cluster.range`. A layout that handed it the wrong text or range would
/// measure other advances.
struct ReadingFont: FontMetrics {
  var pointSize: CGFloat { 12 }
  var lineHeight: CGFloat { 1.25 }
  var ascender: CGFloat { 1 }
  var descender: CGFloat { -0.25 }

  func advance(of cluster: MeasuredCluster, in text: String) -> CGFloat {
    let units = Array(text.utf16)
    guard cluster.range.location >= 0, NSMaxRange(cluster.range) <= units.count else {
      return .nan
    }
    let piece = units[cluster.range.location..<NSMaxRange(cluster.range)]
    let zeros = piece.filter { $0 == 0x200B }.count
    return CGFloat(max(cluster.width, 0)) * 1.5 + CGFloat(piece.count - zeros) * 0.25
  }
}

/// A straightforward layout built from the public TextMetrics passes, one
/// paragraph at a time: `Graphemes.clusters(utf16:)`,
/// `LineBreaks.opportunities(utf16:)` and `Bidi.paragraph(utf16:direction:)`
/// on each paragraph's own code units, then greedy line breaking, truncation
/// and alignment as `TextFrame` documents them, line breaking stated as a
/// search (see `breakLines`) rather than as `TextFrame`'s loop, which an
/// earlier version of this file copied and so could not catch a bug in.
struct ReferenceLayout {
  let units: [UInt16]
  let container: TextContainer
  let style: LayoutStyle
  var lines: [LineFragment] = []
  var isTruncated = false

  struct Paragraph {
    var range: Range<Int>
    var starts: [Int] = []
    var advances: [CGFloat] = []
    var hangs: [Bool] = []
    var isSpace: [Bool] = []
    var breakBefore: [Bool] = []
    var fonts: [Int] = []
    var direction = LayoutDirection.leftToRight
    var contentCount = 0
    var count: Int { advances.count }
  }

  struct Line {
    var clusters: Range<Int>
    var visibleWidth: CGFloat
    var endsParagraph: Bool
  }

  static func isBreak(_ unit: UInt16) -> Bool {
    [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(unit)
  }

  static func hangs(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
    default: return isBreak(unit)
    }
  }

  static func clamp(_ value: CGFloat) -> CGFloat { value.isFinite && value > 0 ? value : 0 }

  var allFonts: [any FontMetrics] { [style.font] + style.fontRuns.map(\.font) }

  func fontIndex(at offset: Int) -> Int {
    for (index, run) in style.fontRuns.enumerated()
    where offset >= run.range.location && offset - run.range.location < run.range.length {
      return index + 1
    }
    return 0
  }

  init(units: [UInt16], container: TextContainer, style: LayoutStyle) {
    self.units = units
    self.container = container
    self.style = style
    layout()
  }

  func paragraphRanges() -> [Range<Int>] {
    var result: [Range<Int>] = []
    var start = 0
    var index = 0
    while index < units.count {
      let unit = units[index]
      index += 1
      guard Self.isBreak(unit) else { continue }
      if unit == 0x0D, index < units.count, units[index] == 0x0A { index += 1 }
      result.append(start..<index)
      start = index
    }
    if start < units.count { result.append(start..<units.count) }
    return result
  }

  func measure(_ range: Range<Int>) -> Paragraph {
    let local = Array(units[range])
    let text = String(decoding: local, as: UTF16.self)
    let clusters = Graphemes.clusters(utf16: local)
    var paragraph = Paragraph(range: range)
    paragraph.contentCount = clusters.count
    for (index, cluster) in clusters.enumerated() {
      let first = local[cluster.range.location]
      paragraph.starts.append(cluster.range.location)
      paragraph.hangs.append(Self.hangs(first))
      paragraph.isSpace.append(first == 0x20)
      let font = fontIndex(at: range.lowerBound + cluster.range.location)
      paragraph.fonts.append(font)
      let isBreak = Self.isBreak(first)
      if isBreak, index == clusters.count - 1 { paragraph.contentCount = index }
      let advance = isBreak ? 0 : allFonts[font].advance(of: cluster, in: text)
      paragraph.advances.append(Self.clamp(advance))
    }
    paragraph.starts.append(local.count)
    let opportunities = Set(LineBreaks.opportunities(utf16: local).map(\.offset))
    paragraph.breakBefore = paragraph.starts.dropLast().enumerated().map { index, start in
      index > 0 && opportunities.contains(start)
    }
    paragraph.direction = Bidi.paragraph(utf16: local, direction: style.direction).direction
    return paragraph
  }

  /// Greedy line breaking stated from the documented rules (see
  /// `WrapOracle`), not as `TextFrame`'s running loop: a line from cluster
  /// `s` overflows at the first cluster `o` > `s` that does not hang and
  /// whose right edge (the advances from `s` through `o`) passes the width;
  /// it ends at the last opportunity in `(s, o]` (not in character wrap),
  /// else at `o`; its used width runs to its last cluster that does not hang.
  func breakLines(_ paragraph: Paragraph) -> [Line] {
    let count = paragraph.count
    guard count > 0 else { return [Line(clusters: 0..<0, visibleWidth: 0, endsParagraph: true)] }
    let width = container.lineWidth
    let mode = style.lineBreakMode
    let wraps = mode != .clip && width.isFinite
    // edges[k - s]: the right edge of cluster k on a line from s (the
    // advances of s...k, the sum before k saturated as TextFrame's are).
    func edges(from s: Int) -> [CGFloat] {
      var result: [CGFloat] = []
      var sum: CGFloat = 0
      for k in s..<count {
        result.append(sum + paragraph.advances[k])
        sum = min(sum + paragraph.advances[k], .greatestFiniteMagnitude)
      }
      return result
    }
    var lines: [Line] = []
    var s = 0
    while s < count {
      let edge = edges(from: s)
      func usedWidth(_ e: Int) -> CGFloat {
        guard let last = (s..<e).last(where: { !paragraph.hangs[$0] }) else { return 0 }
        return min(edge[last - s], .greatestFiniteMagnitude)
      }
      let overflow =
        wraps ? ((s + 1)..<count).first { !paragraph.hangs[$0] && edge[$0 - s] > width } : nil
      guard let o = overflow else {
        lines.append(Line(clusters: s..<count, visibleWidth: usedWidth(count), endsParagraph: true))
        break
      }
      let opportunity =
        mode == .characterWrap ? nil : ((s + 1)...o).last { paragraph.breakBefore[$0] }
      let e = opportunity ?? o
      lines.append(Line(clusters: s..<e, visibleWidth: usedWidth(e), endsParagraph: false))
      s = e
    }
    return lines
  }

  func metrics(_ paragraph: Paragraph, _ clusters: Range<Int>) -> (CGFloat, CGFloat) {
    let fonts = allFonts
    let indices =
      clusters.isEmpty
      ? [fontIndex(at: paragraph.range.lowerBound + paragraph.starts[clusters.lowerBound])]
      : clusters.map { paragraph.fonts[$0] }
    return (
      indices.map { Self.clamp(fonts[$0].lineHeight) }.max() ?? 0,
      indices.map { Self.clamp(fonts[$0].ascender) }.max() ?? 0
    )
  }

  func fragment(_ paragraph: Paragraph, _ line: Line, y: CGFloat) -> LineFragment {
    let (height, ascent) = metrics(paragraph, line.clusters)
    let start = paragraph.range.lowerBound + paragraph.starts[line.clusters.lowerBound]
    let end = paragraph.range.lowerBound + paragraph.starts[line.clusters.upperBound]
    return LineFragment(
      range: NSRange(location: start, length: end - start),
      rect: CGRect(x: 0, y: y, width: 0, height: height),
      usedRect: CGRect(x: 0, y: y, width: line.visibleWidth, height: height),
      baseline: y + ascent, usedWidth: line.visibleWidth, direction: paragraph.direction,
      endsParagraph: line.endsParagraph)
  }

  var ellipsisAdvance: CGFloat {
    guard let cluster = Graphemes.clusters(in: Truncation.ellipsis).first else { return 0 }
    return Self.clamp(style.font.advance(of: cluster, in: Truncation.ellipsis))
  }

  func truncated(_ paragraph: Paragraph, from first: Int, y: CGFloat) -> LineFragment {
    let budget = max(container.lineWidth - ellipsisAdvance, 0)
    let end = paragraph.contentCount
    var headEnd = first
    var tailStart = end
    var used: CGFloat = 0
    switch style.lineBreakMode {
    case .truncateHead:
      while tailStart > first, used + paragraph.advances[tailStart - 1] <= budget {
        used += paragraph.advances[tailStart - 1]
        tailStart -= 1
      }
    case .truncateMiddle:
      var takeHead = true
      while headEnd < tailStart {
        let index = takeHead ? headEnd : tailStart - 1
        guard used + paragraph.advances[index] <= budget else { break }
        used += paragraph.advances[index]
        if takeHead { headEnd += 1 } else { tailStart -= 1 }
        takeHead.toggle()
      }
    default:
      while headEnd < end, used + paragraph.advances[headEnd] <= budget {
        used += paragraph.advances[headEnd]
        headEnd += 1
      }
    }
    while headEnd > first, paragraph.hangs[headEnd - 1] {
      headEnd -= 1
      used -= paragraph.advances[headEnd]
    }
    while tailStart < end, paragraph.hangs[tailStart] {
      used -= paragraph.advances[tailStart]
      tailStart += 1
    }
    let base = paragraph.range.lowerBound
    let start = base + paragraph.starts[first]
    let head = NSRange(location: start, length: paragraph.starts[headEnd] - paragraph.starts[first])
    let tail = NSRange(
      location: base + paragraph.starts[tailStart],
      length: paragraph.starts[end] - paragraph.starts[tailStart])
    let usedWidth = max(used, 0) + ellipsisAdvance
    let (height, ascent) = metrics(paragraph, first..<max(end, first))
    return LineFragment(
      range: NSRange(location: start, length: units.count - start),
      rect: CGRect(x: 0, y: y, width: 0, height: height),
      usedRect: CGRect(x: 0, y: y, width: usedWidth, height: height),
      baseline: y + ascent, usedWidth: usedWidth, direction: paragraph.direction,
      endsParagraph: true, truncation: Truncation(head: head, tail: tail))
  }

  mutating func layout() {
    let paragraphs = paragraphRanges()
    let maximum = container.clampedMaximumNumberOfLines
    var y: CGFloat = 0
    outer: for (index, range) in paragraphs.enumerated() {
      let paragraph = measure(range)
      let broken = breakLines(paragraph)
      for (k, line) in broken.enumerated() {
        if maximum > 0, lines.count == maximum - 1,
          k < broken.count - 1 || index < paragraphs.count - 1
        {
          isTruncated = true
          lines.append(
            style.lineBreakMode.truncates
              ? truncated(paragraph, from: line.clusters.lowerBound, y: y)
              : fragment(paragraph, line, y: y))
          break outer
        }
        let built = fragment(paragraph, line, y: y)
        y = min(built.rect.maxY, .greatestFiniteMagnitude)
        lines.append(built)
      }
    }
    align()
  }

  mutating func align() {
    let widest = lines.reduce(0) { max($0, $1.usedWidth) }
    let width = container.lineWidth.isFinite ? container.lineWidth : widest
    let padding = container.clampedPadding
    let lineWidth =
      container.clampedWidth.isFinite
      ? container.clampedWidth : min(width + 2 * padding, .greatestFiniteMagnitude)
    for index in lines.indices {
      var line = lines[index]
      let natural: TextAlignment = line.direction == .leftToRight ? .left : .right
      var alignment = style.alignment
      var justified = false
      if alignment == .natural {
        alignment = natural
      } else if alignment == .justified {
        alignment = natural
        justified =
          !line.endsParagraph && line.truncation == nil && container.lineWidth.isFinite
      }
      let used = justified ? max(width, line.usedWidth) : line.usedWidth
      let offset: CGFloat =
        alignment == .right ? width - used : alignment == .center ? (width - used) / 2 : 0
      line.rect.origin.x = 0
      line.rect.size.width = lineWidth
      line.usedRect.origin.x = padding + offset
      line.usedRect.size.width = used
      lines[index] = line
    }
  }
}

/// A style drawn from a small set: fonts (cell fonts of two sizes, a font that
/// reads the text, font runs), alignments, directions and line break modes.
struct StyleChoice: CustomStringConvertible, Sendable {
  var font: Int
  var alignment: TextAlignment
  var direction: Bidi.BaseDirection
  var mode: LineBreakMode
  var runs: Bool

  var description: String { "font \(font) \(alignment) \(direction) \(mode) runs \(runs)" }

  func style(length: Int) -> LayoutStyle {
    let fonts: [any FontMetrics] = [
      CellFont.terminal, CellFont(cellWidth: 0.5, lineHeight: 2), ReadingFont(),
    ]
    let fontRuns =
      runs
      ? [
        FontRun(range: NSRange(location: length / 3, length: length / 4), font: ReadingFont()),
        FontRun(range: NSRange(location: length / 2, length: 7), font: CellFont(lineHeight: 3)),
      ] : []
    return LayoutStyle(
      font: fonts[font], fontRuns: fontRuns, alignment: alignment, direction: direction,
      lineBreakMode: mode)
  }

  static let gen = zip(
    Gen.int(in: 0...2), Gen.int(in: 0...4), Gen.int(in: 0...3),
    Gen.int(in: 0...LineBreakMode.allCases.count - 1), Gen<Bool>.bool
  ).map { (drawn: (Int, Int, Int, Int, Bool)) -> StyleChoice in
    let alignments: [TextAlignment] = [.natural, .left, .right, .center, .justified]
    let directions: [Bidi.BaseDirection] = [
      .natural, .firstStrong(fallback: .rightToLeft), .fixed(.leftToRight), .fixed(.rightToLeft),
    ]
    return StyleChoice(
      font: drawn.0, alignment: alignments[drawn.1], direction: directions[drawn.2],
      mode: LineBreakMode.allCases[drawn.3], runs: drawn.4)
  }
}

/// Generated text with more paragraphs: fragments joined by hard breaks of
/// every kind, so that one layout window holds many paragraphs.
let paragraphsGen = zip(
  UnicodeGen.utf16, UnicodeGen.utf16, UnicodeGen.utf16, Gen.int(in: 0...6), Gen.int(in: 0...6)
).map { (drawn: ([UInt16], [UInt16], [UInt16], Int, Int)) -> [UInt16] in
  let breaks: [[UInt16]] = [[0x0A], [0x0D, 0x0A], [0x0D], [0x0B], [0x0C], [0x85], [0x2029]]
  return drawn.0 + breaks[drawn.3] + drawn.1 + breaks[drawn.4] + drawn.2 + [0x2028] + drawn.0
}

@Suite("TextFrame equals a reference layout built from the public TextMetrics passes")
struct ReferenceLayoutTests {
  @Test("Lines, truncation and size equal the reference, across widths, limits, modes and styles")
  func equalsReference() async {
    await propertyCheck(
      count: 400, input: paragraphsGen, Gen.int(in: 0...30), Gen.int(in: 0...4), StyleChoice.gen,
      Gen.int(in: 0...2)
    ) { units, width, limit, choice, padding in
      let container = TextContainer(
        width: width == 0 ? .infinity : CGFloat(width), maximumNumberOfLines: limit,
        lineFragmentPadding: CGFloat(padding) / 2)
      // The text alone (often one layout window), then six times over
      // (several windows, which start at other offsets than 0).
      let repeated = Array(repeatElement(units + [0x0A], count: 6).joined())
      for text in [units, repeated] {
        let style = choice.style(length: text.count)
        let frame = TextFrame(utf16: text, container: container, style: style)
        let reference = ReferenceLayout(units: text, container: container, style: style)
        #expect(
          frame.lineFragments.array == reference.lines, "\(text) at \(width), \(limit), \(choice)")
        #expect(frame.isTruncated == reference.isTruncated)
      }
    }
  }

  @Test("A long text of many paragraphs (several layout windows) equals the reference")
  func manyWindows() {
    var units: [UInt16] = []
    var rng: any SeededRandomNumberGenerator = Xoshiro(seed: (7, 11, 13, 17))
    while units.count < 40_000 {
      units += Array(UnicodeFragmentKind.weightedRandom(using: &rng).generate(using: &rng).utf16)
      if Int.random(in: 0..<9, using: &rng) == 0 { units.append(0x0A) }
    }
    for width in [7, 40] {
      for choice in [
        StyleChoice(
          font: 0, alignment: .natural, direction: .natural, mode: .wordWrap, runs: false),
        StyleChoice(
          font: 1, alignment: .justified, direction: .firstStrong(fallback: .rightToLeft),
          mode: .characterWrap, runs: true),
      ] {
        let container = TextContainer(width: CGFloat(width))
        let style = choice.style(length: units.count)
        let frame = TextFrame(utf16: units, container: container, style: style)
        let reference = ReferenceLayout(units: units, container: container, style: style)
        #expect(frame.lineFragments.count == reference.lines.count)
        let first = frame.lineFragments.indices.first {
          $0 < reference.lines.count && frame.lineFragments[$0] != reference.lines[$0]
        }
        #expect(first == nil, "line \(first ?? -1) at \(width), \(choice)")
      }
    }
  }

  @Test("Relayout after an edit equals a fresh layout, in every style")
  func editEqualsFreshLayout() async {
    await propertyCheck(
      count: 300, input: paragraphsGen, UnicodeGen.text(fragments: 0...3), Gen.int(in: 0...24),
      StyleChoice.gen, Gen.int(in: 0...300), Gen.int(in: 0...12)
    ) { units, inserted, width, choice, start, length in
      let container = TextContainer(width: width == 0 ? .infinity : CGFloat(width))
      // Without font runs: a run is a fixed range of offsets, which an edit
      // does not move, so the lines after the edit keep the fonts they had.
      var choice = choice
      choice.runs = false
      let style = choice.style(length: units.count)
      var frame = TextFrame(utf16: units, container: container, style: style)
      let range = NSRange(location: min(start, units.count), length: length)
      frame.replaceCharacters(in: range, with: inserted)
      let fresh = TextFrame(utf16: frame.utf16, container: container, style: style)
      #expect(
        sameLines(frame.lineFragments.array, fresh.lineFragments.array),
        "\(units) \(range) ← \(inserted.debugDescription) at \(width), \(choice)")
      #expect(frame.usedSize == fresh.usedSize)
    }
  }
}

import Foundation
import Testing
@_spi(Reference) import TextMetrics

/// One rule of the policy in `DisplayWidth`'s doc comment, with an example.
struct WidthCase: Sendable, CustomTestStringConvertible {
  var rule: String
  var units: [UInt16]
  /// Cells with `.standard` options.
  var width: Int
  /// Cells with `.eastAsian` options (ambiguous = 2).
  var eastAsianWidth: Int
  /// Grapheme clusters, or nil where it depends on the Unicode version.
  var clusters: Int?
  var isControl: Bool = false

  init(
    _ rule: String, _ text: String, width: Int, eastAsian: Int? = nil, clusters: Int?,
    control: Bool = false
  ) {
    self.rule = rule
    self.units = Array(text.utf16)
    self.width = width
    self.eastAsianWidth = eastAsian ?? width
    self.clusters = clusters
    self.isControl = control
  }

  init(_ rule: String, utf16: [UInt16], width: Int, clusters: Int) {
    self.rule = rule
    self.units = utf16
    self.width = width
    self.eastAsianWidth = width
    self.clusters = clusters
  }

  var testDescription: String { rule }

  /// The text as a `String`, unless the units hold an unpaired surrogate.
  var string: String? { String(validating: units, as: UTF16.self) }

  static let all: [WidthCase] = [
    WidthCase("ASCII is 1 per character", "abc", width: 3, clusters: 3),
    WidthCase("space is 1", " ", width: 1, clusters: 1),
    WidthCase("CJK ideographs are 2", "日本", width: 4, clusters: 2),
    WidthCase("precomposed Hangul is 2", "한", width: 2, clusters: 1),
    WidthCase("fullwidth forms are 2", "Ａ", width: 2, clusters: 1),
    WidthCase("ideographic space U+3000 is 2", "\u{3000}", width: 2, clusters: 1),
    WidthCase("NBSP and narrow spaces are 1", "\u{00A0}\u{2007}\u{202F}", width: 3, clusters: 3),
    WidthCase("an Emoji_Presentation emoji is 2", "😀", width: 2, clusters: 1),
    WidthCase("a ZWJ family is 2", "👨‍👩‍👧‍👦", width: 2, clusters: 1),
    WidthCase("a ZWJ sequence with VS16 is 2", "🏳️‍🌈", width: 2, clusters: 1),
    WidthCase(
      "a non-RGI ZWJ sequence is its wide first emoji's 2", "\u{1F636}\u{200D}\u{1F32B}",
      width: 2, clusters: 1),
    WidthCase(
      "a non-RGI ZWJ sequence is its text-default first emoji's 1", "\u{2764}\u{200D}\u{1F525}",
      width: 1, clusters: 1),
    WidthCase(
      "a non-RGI ZWJ sequence with a VS16 in it is 2",
      "\u{1F441}\u{200D}\u{1F5E8}\u{FE0F}", width: 2, clusters: 1),
    WidthCase("a modifier sequence is 2", "👍🏽", width: 2, clusters: 1),
    WidthCase("a flag is 2", "🇫🇷", width: 2, clusters: 1),
    WidthCase("a tag sequence is 2", "🏴󠁧󠁢󠁥󠁮󠁧󠁿", width: 2, clusters: 1),
    WidthCase("a lone regional indicator is 1", "\u{1F1EB}", width: 1, clusters: 1),
    WidthCase(
      "three regional indicators: a flag (2) and a lone one (1)", "🇫🇷\u{1F1EB}", width: 3,
      clusters: 2),
    WidthCase("a keycap with VS16 is 2", "1\u{FE0F}\u{20E3}", width: 2, clusters: 1),
    WidthCase("a keycap #️⃣ is 2", "#\u{FE0F}\u{20E3}", width: 2, clusters: 1),
    WidthCase("an emoji (text default) + VS16 is 2", "☺\u{FE0F}", width: 2, clusters: 1),
    WidthCase("an emoji (text default) alone is 1", "☺", width: 1, clusters: 1),
    WidthCase("an Emoji_Presentation emoji + VS15 is 1", "😀\u{FE0E}", width: 1, clusters: 1),
    WidthCase(
      "a combining mark is 0: e + U+0301 is 1", "e\u{301}", width: 1, eastAsian: 2, clusters: 1),
    WidthCase(
      "precomposed é is 1 (ambiguous: 2 with .eastAsian)", "é", width: 1, eastAsian: 2, clusters: 1),
    WidthCase(
      "a stack of combining marks is 0", "a\u{301}\u{302}\u{303}\u{304}\u{305}", width: 1,
      eastAsian: 2, clusters: 1),  // NFC: á (ambiguous) + marks
    WidthCase("an enclosing mark is 0", "a\u{20DD}", width: 1, clusters: 1),
    WidthCase("a lone combining mark is 0", "\u{301}", width: 0, clusters: 1),
    WidthCase("क्ष is 2 (spacing letters 1 each, virama 0)", "क्ष", width: 2, clusters: nil),
    WidthCase("a spacing mark is 1: कि", "कि", width: 2, clusters: 1),
    WidthCase("jamo L+V+T is 2, as 한", "\u{1112}\u{1161}\u{11AB}", width: 2, clusters: 1),
    WidthCase("jamo L+V is 2", "\u{1100}\u{1161}", width: 2, clusters: 1),
    WidthCase("a precomposed LV + jamo T is 2", "\u{D558}\u{11AB}", width: 2, clusters: 1),
    WidthCase("Hangul extended-B T (U+D7CB) is 0", "\u{AC00}\u{D7CB}", width: 2, clusters: 1),
    WidthCase("U+0600 (prepended concatenation mark) is 1", "\u{0600}", width: 1, clusters: 1),
    WidthCase("U+0600 + Arabic digits is 3", "\u{0600}\u{0661}\u{0662}", width: 3, clusters: 2),
    WidthCase("soft hyphen U+00AD is 0", "\u{00AD}", width: 0, clusters: 1),
    WidthCase("ZWSP U+200B is 0", "\u{200B}", width: 0, clusters: 1),
    WidthCase("ZWJ is 0", "\u{200D}", width: 0, clusters: 1),
    WidthCase("word joiner U+2060 is 0", "\u{2060}", width: 0, clusters: 1),
    WidthCase("a lone variation selector is 0", "\u{FE0F}", width: 0, clusters: 1),
    WidthCase("Hangul filler U+3164 is 0", "\u{3164}", width: 0, clusters: 1),
    WidthCase("bidi mark RLM is 0", "\u{200F}", width: 0, clusters: 1),
    WidthCase("Hebrew with points is 1 per letter", "שָׁלוֹם", width: 4, clusters: 4),
    WidthCase("NUL is 0 and a control", "\u{0}", width: 0, clusters: 1, control: true),
    WidthCase("BEL is 0 and a control", "\u{7}", width: 0, clusters: 1, control: true),
    WidthCase("DEL is 0 and a control", "\u{7F}", width: 0, clusters: 1, control: true),
    WidthCase("C1 NEL is 0 and a control", "\u{85}", width: 0, clusters: 1, control: true),
    WidthCase(
      "CR LF is one cluster, 0 cells, a control", "\r\n", width: 0, clusters: 1, control: true),
    WidthCase("CR alone is a control", "\r", width: 0, clusters: 1, control: true),
    WidthCase("LF between letters is a control", "a\nb", width: 2, clusters: 3, control: true),
    WidthCase(
      "a control in a long ASCII run", "abcdefgh\tijklmnop", width: 16, clusters: 17, control: true),
    WidthCase("U+2028 LINE SEPARATOR (Zl, not Cc) is 1", "\u{2028}", width: 1, clusters: 1),
    WidthCase("ambiguous ± is 1, 2 with .eastAsian", "±", width: 1, eastAsian: 2, clusters: 1),
    WidthCase("ambiguous Greek α and ① are 1 / 2", "α①", width: 2, eastAsian: 4, clusters: 2),
    WidthCase("empty text is 0", "", width: 0, clusters: 0),
    WidthCase("a lone high surrogate is one cluster of 1", utf16: [0xD83D], width: 1, clusters: 1),
    WidthCase("a lone low surrogate is one cluster of 1", utf16: [0xDC4D], width: 1, clusters: 1),
    WidthCase(
      "a reversed pair is two clusters of 1", utf16: [0xDC4D, 0xD83D], width: 2, clusters: 2),
    WidthCase(
      "a lone surrogate takes a following mark, as in ICU", utf16: [0x61, 0xD800, 0x301, 0x62],
      width: 3, clusters: 3),
  ]
}

@Suite("Display width policy")
struct WidthPolicyTests {
  @Test(arguments: WidthCase.all)
  func rule(_ test: WidthCase) throws {
    let standard = DisplayWidth.measurement(utf16: test.units)
    #expect(standard.width == test.width)
    #expect(DisplayWidth.width(utf16: test.units) == test.width)
    #expect(DisplayWidth.width(utf16: test.units, options: .eastAsian) == test.eastAsianWidth)
    #expect(standard.containsControl == test.isControl)
    #expect(standard.utf16Count == test.units.count)
    let clusters = Graphemes.clusters(utf16: test.units)
    if let expected = test.clusters { #expect(clusters.count == expected) }
    let swiftBoundaries = Graphemes.boundaries(utf16: test.units).offsets
    expectSameGraphemes(test.units, swift: swiftBoundaries)
    #expect(standard.graphemeCount == clusters.count)
    #expect(clusters.map(\.width).reduce(0, +) == test.width)
    #expect(clusters.contains(where: \.isControl) == test.isControl)

    guard let text = test.string else { return }
    #expect(DisplayWidth.width(in: text) == test.width)
    #expect(DisplayWidth.width(in: text, options: .eastAsian) == test.eastAsianWidth)
    #expect(DisplayWidth.measurement(in: text) == standard)
    #expect(Graphemes.clusters(in: text) == clusters)
    #expect(Graphemes.count(in: text) == clusters.count)
    if text.count == 1, let character = text.first {
      #expect(
        DisplayWidth.width(of: character)
          == ClusterWidth(width: test.width, isControl: test.isControl))
    }
  }

  @Test("canonically equivalent text measures the same")
  func canonicalEquivalence() {
    #expect(DisplayWidth.width(in: "e\u{301}") == DisplayWidth.width(in: "\u{E9}"))
    #expect(DisplayWidth.width(in: "\u{1112}\u{1161}\u{11AB}") == DisplayWidth.width(in: "한"))
    #expect(DisplayWidth.width(in: "\u{1100}\u{1161}") == DisplayWidth.width(in: "\u{AC00}"))
    #expect(DisplayWidth.width(in: "A\u{30A}") == DisplayWidth.width(in: "\u{212B}"))
  }

  @Test("width options")
  func options() {
    #expect(WidthOptions.standard.ambiguousIsWide == false)
    #expect(WidthOptions.eastAsian.ambiguousIsWide == true)
    #expect(WidthOptions() == .standard)
    #expect(DisplayWidth.width(in: "abc±日", options: .eastAsian) == 7)
    #expect(DisplayWidth.width(in: "abc±日") == 6)
  }

  @Test("CellFont advances are cells × cell width; bad metrics are clamped")
  func cellFont() {
    let font = CellFont(cellWidth: 8, lineHeight: 16)
    #expect(font.advance(of: "日本a") == 40)
    #expect(font.advance(of: "±", options: .eastAsian) == 16)
    #expect(abs(font.ascender - 12.8) < 1e-9)
    #expect(abs(font.descender + 3.2) < 1e-9)
    #expect(font.ascender - font.descender == font.lineHeight)
    #expect(font.pointSize == 16)
    for bad in [CGFloat.nan, .infinity, -1] {
      let clamped = CellFont(cellWidth: bad, lineHeight: bad, ascender: bad, pointSize: bad)
      #expect(clamped.cellWidth == 1)
      #expect(clamped.lineHeight == 1)
      #expect(clamped.ascender.isFinite && clamped.ascender >= 0 && clamped.ascender <= 1)
      #expect(clamped.pointSize.isFinite && clamped.pointSize >= 0)
    }
    #expect(CellFont.terminal.advance(of: Graphemes.clusters(in: "👍")[0], in: "👍") == 2)
  }
}

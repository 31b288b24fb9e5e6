import Testing
@_spi(Reference) import TextMetrics

/// Where UAX #14 (lines) and UAX #29 words legitimately break inside an
/// extended grapheme cluster, as ICU does. Found by the property tests:
/// - after a Prepend character (GB9b joins it to what follows; WB4 and LB9 only
///   attach marks to what *precedes*): `U+0605 U+0640` has a word boundary at 1;
/// - before an emoji modifier, which UAX #14 classes EM, not CM, so it can
///   follow a combining mark with a break: `U+0903 U+1F3FB`;
/// - before the grapheme-extending letters that UAX #14 does not class CM:
///   Thai and Lao SARA AM (U+0E33, U+0EB3: SpacingMark, but SA) and the
///   halfwidth sound marks U+FF9E, U+FF9F (Extend, but NS);
/// - between two regional indicators: WB15/WB16 and LB30a pair them across
///   Extend/CM (WB4, LB9), GB12/GB13 do not, so `🇧 U+1F3FB 🇪 🇽` pairs 🇪🇽 as one
///   cluster but 🇧🇪 as one word;
/// - lines only: after a space, before a combining mark (UAX #14 LB10: a CM
///   after SP is treated as AL, and LB18 breaks after SP): `U+0020 U+0483`;
/// - words only: between a precomposed Hangul syllable and a following jamo,
///   (or a jamo and a following syllable), because ICU sends Hangul syllables to
///   its CJK dictionary rather than WB5: `U+B797 U+11B3`, `U+1100 U+AC01`.
enum InsideClusterBreak {
  enum Kind { case word, line }

  static let nonCombiningExtenders: Set<UInt32> = [0x0E33, 0x0EB3, 0xFF9E, 0xFF9F]

  static func isLegitimate(_ kind: Kind, at offset: Int, in units: [UInt16]) -> Bool {
    let scalars = scalarsWithOffsets(units)
    guard let index = scalars.firstIndex(where: { $0.offset == offset }), index > 0 else {
      return false
    }
    let next = scalars[index].value
    if nonCombiningExtenders.contains(next) { return true }
    if let scalar = Unicode.Scalar(next), scalar.properties.isEmojiModifier { return true }
    let previous = scalars[index - 1].value
    let regionalIndicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
    if regionalIndicators.contains(previous), regionalIndicators.contains(next) { return true }
    switch kind {
    case .line:
      if previous == 0x20 { return true }
    case .word:
      let jamo: [ClosedRange<UInt32>] = [0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF]
      let syllables: ClosedRange<UInt32> = 0xAC00...0xD7A3
      let isJamo = { (value: UInt32) in jamo.contains { $0.contains(value) } }
      if syllables.contains(previous) && isJamo(next)
        || isJamo(previous) && syllables.contains(next)
      {
        return true
      }
    }
    return isPrepend(previous)
  }

  /// Grapheme_Cluster_Break = Prepend, asked of ICU: the only rule that joins a
  /// code point to a following "a" is GB9b.
  static func isPrepend(_ value: UInt32) -> Bool {
    guard let scalar = Unicode.Scalar(value) else { return false }
    let units = Array(String(Character(scalar)).utf16) + [0x61]
    return icuGraphemes(units) == [0, units.count]
  }
}

/// ICU 72's root `char.txt` carries CLDR 42's Indic conjunct rule (Unicode 15.1
/// later adopted it as GB9c): no break in
/// `LinkingConsonant [Extend-ccc≠0 ZWJ]* Virama [Extend-ccc≠0 ZWJ]* × LinkingConsonant`
/// for Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam, so क्ष is one
/// cluster. `GraphemeBreakTest.txt` 15.0 has no such case, so these are the tests.
@Suite("ICU 72's Indic conjunct rule")
struct IndicConjunctTests {
  /// Conjuncts that ICU 72 keeps in one cluster (checked against ICU below).
  static let conjuncts = [
    "क्ष", "क्\u{200D}ष", "क\u{93C}्ष", "क्ष्म", "ক্ষ", "క్ష", "ക്ക", "ક્ષ", "କ୍ଷ", "क्ক", "ड्ढ", "र्क",
  ]

  @Test("ICU 72 keeps each conjunct in one cluster")
  func icuJoins() {
    for text in Self.conjuncts {
      let units = Array(text.utf16)
      #expect(icuGraphemes(units) == [0, units.count], "\(text)")
    }
  }

  @Test("The Swift state machine keeps them together too")
  func swiftJoins() {
    for text in Self.conjuncts {
      let units = Array(text.utf16)
      expectSameGraphemes(units, swift: Graphemes.boundaries(in: text).offsets)
      expectSameGraphemes(units, swift: Graphemes.boundaries(utf16: units).offsets)
      #expect(Graphemes.count(in: text) == 1, "\(text)")
      #expect(
        DisplayWidth.width(in: text) == Graphemes.clusters(in: text).reduce(0) { $0 + $1.width })
    }
  }

  @Test("Non-conjuncts stay split in both: Tamil, ZWNJ, a vowel letter after the virama")
  func nonConjuncts() {
    for text in ["க்ஷ", "क्\u{200C}ष", "क्अ", "a्ष", "्ष"] {
      let units = Array(text.utf16)
      #expect(Graphemes.boundaries(in: text).offsets == icuGraphemes(units), "\(text)")
      #expect(icuGraphemes(units).count > 2, "\(text)")
    }
  }
}

/// The scalars of UTF-16 text with their UTF-16 offsets; an unpaired surrogate
/// is a scalar of its own, as ICU iterates it.
func scalarsWithOffsets(_ units: [UInt16]) -> [(offset: Int, value: UInt32)] {
  var result: [(offset: Int, value: UInt32)] = []
  var i = 0
  while i < units.count {
    let unit = units[i]
    if unit & 0xFC00 == 0xD800, i + 1 < units.count, units[i + 1] & 0xFC00 == 0xDC00 {
      let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00)
      result.append((i, value))
      i += 2
    } else {
      result.append((i, UInt32(unit)))
      i += 1
    }
  }
  return result
}

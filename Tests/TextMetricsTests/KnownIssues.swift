import Testing
@_spi(Reference) import TextMetrics

/// Recognises the one known disagreement between the Swift grapheme state
/// machine and ICU 72: ICU's root `char.txt` carries CLDR 42's Indic conjunct
/// rule (later Unicode 15.1's GB9c) — no break in
/// `LinkingConsonant [Extend-ccc≠0 ZWJ]* Virama [Extend-ccc≠0 ZWJ]* × LinkingConsonant`
/// for Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam, so क्ष is one
/// cluster — and the state machine does not implement it yet.
///
/// Used to report that difference as a known issue (`withKnownIssue`), so the
/// tests stay strict about every other difference and flag the fix when it lands.
enum IndicConjunctRule {
  /// The blocks of the six scripts the rule covers.
  static let blocks: [ClosedRange<UInt32>] = [
    0x0900...0x097F, 0x0980...0x09FF, 0x0A80...0x0AFF, 0x0B00...0x0B7F, 0x0C00...0x0C7F,
    0x0D00...0x0D7F,
  ]
  /// Their viramas (Indic_Syllabic_Category = Virama).
  static let viramas: Set<UInt32> = [0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D]

  static func isConsonant(_ value: UInt32) -> Bool {
    guard blocks.contains(where: { $0.contains(value) }), let scalar = Unicode.Scalar(value)
    else { return false }
    return scalar.properties.generalCategory == .otherLetter
  }

  /// Whether every boundary on which `swift` and `icu` disagree is one that the
  /// Swift side has and ICU's conjunct rule removes.
  static func explains(units: [UInt16], swift: [Int], icu: [Int]) -> Bool {
    let extra = Set(swift).subtracting(icu)
    guard !extra.isEmpty, Set(icu).isSubset(of: Set(swift)) else { return false }
    let scalars = scalarsWithOffsets(units)
    return extra.allSatisfy { offset in
      guard let index = scalars.firstIndex(where: { $0.offset == offset }),
        isConsonant(scalars[index].value)
      else { return false }
      // Back over [Extend-ccc≠0 ZWJ]* to a virama, then over more to a consonant.
      var sawVirama = false
      var k = index - 1
      while k >= 0 {
        let value = scalars[k].value
        if viramas.contains(value) {
          sawVirama = true
        } else if isConsonant(value) {
          return sawVirama
        } else if !isExtendWithCombiningClass(value) {
          return false
        }
        k -= 1
      }
      return false
    }
  }

  static func isExtendWithCombiningClass(_ value: UInt32) -> Bool {
    if value == 0x200D { return true }
    guard let scalar = Unicode.Scalar(value) else { return false }
    return scalar.properties.canonicalCombiningClass.rawValue != 0
  }

  static func scalarsWithOffsets(_ units: [UInt16]) -> [(offset: Int, value: UInt32)] {
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
}

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
    let scalars = IndicConjunctRule.scalarsWithOffsets(units)
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

@Suite("Known issue: ICU 72's Indic conjunct rule")
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

  @Test("The Swift state machine splits them (remove the known issue once fixed)")
  func swiftSplits() {
    var splits = 0
    for text in Self.conjuncts {
      let units = Array(text.utf16)
      if expectSameGraphemes(units, swift: Graphemes.boundaries(in: text).offsets) { splits += 1 }
      #expect(DisplayWidth.of(text) == Graphemes.clusters(in: text).reduce(0) { $0 + $1.width })
    }
    reportConjunctSplits(splits)
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

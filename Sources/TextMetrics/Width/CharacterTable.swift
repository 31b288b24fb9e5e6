internal import CTextInputICU

/// Per-code-point properties packed in 16 bits, read from the system ICU once
/// (on first use) into a two-stage table, so that a lookup is two loads.
///
/// Layout of an entry:
/// - bits 0–3: `BreakClass` (Grapheme_Cluster_Break, with Extended_Pictographic
///   as a class of its own)
/// - bits 4–5: `WidthClass`
/// - bit 6: a control character (gc = Cc), measured 0 and reported
/// - bit 7: Emoji; bit 8: Emoji_Presentation
/// - bit 9: NFC_Quick_Check is not Yes (NFC may change a cluster holding it)
/// - bit 10 / 11: takes part in a canonical composition whose width differs
///   from the sum of its parts' widths, with Ambiguous = 1 / Ambiguous = 2
///   (only such clusters need ICU's NFC to be measured)
/// - bit 12: may start an RGI emoji sequence (Extended_Pictographic, regional
///   indicator, keycap base `#*0-9`)
/// - bits 13–14: `IndicConjunctKind`, for CLDR's Indic conjunct rule that ICU
///   applies to grapheme clusters (`LinkingConsonant ExtCccZwj* Virama
///   ExtCccZwj* × LinkingConsonant`)
/// - bit 15: a *singleton starter*: class Other, LV or LVT, no Indic conjunct
///   part, not a control (CJK, kana, Hangul syllables, most letters). Such a
///   code point starts a cluster after anything but Prepend or L, and leaves
///   the state machine in a state that depends on its class only, so the
///   scanner's run loop measures a stretch of them without the state machine.
struct CharacterProperties: Hashable, Sendable {
  var rawValue: UInt16

  @inline(__always) init(rawValue: UInt16) { self.rawValue = rawValue }

  @inline(__always) var breakClass: UInt8 { UInt8(truncatingIfNeeded: rawValue & 0xF) }
  @inline(__always) var widthClass: WidthClass {
    WidthClass(rawValue: UInt8(truncatingIfNeeded: (rawValue >> 4) & 3)) ?? .narrow
  }
  @inline(__always) var isControl: Bool { rawValue & Self.controlBit != 0 }
  @inline(__always) var isEmoji: Bool { rawValue & Self.emojiBit != 0 }
  @inline(__always) var isEmojiPresentation: Bool { rawValue & Self.emojiPresentationBit != 0 }
  @inline(__always) var indicConjunctKind: UInt8 { UInt8(truncatingIfNeeded: (rawValue >> 13) & 3) }
  @inline(__always) var isSingletonStarter: Bool { rawValue & Self.singletonBit != 0 }

  static let widthShift: UInt16 = 4
  static let controlBit: UInt16 = 1 << 6
  static let emojiBit: UInt16 = 1 << 7
  static let emojiPresentationBit: UInt16 = 1 << 8
  static let nfcBit: UInt16 = 1 << 9
  static let sensitiveNarrowBit: UInt16 = 1 << 10
  static let sensitiveWideBit: UInt16 = 1 << 11
  static let rgiStartBit: UInt16 = 1 << 12
  static let indicShift: UInt16 = 13
  static let singletonBit: UInt16 = 1 << 15
}

/// A code point's part in CLDR's Indic conjunct rule (ICU 72 keeps क्ष, ক্ষ and
/// क्ष्म as one cluster; Unicode 15.1 later adopted the rule as GB9c).
///
/// The rule's classes, for the scripts Bengali, Devanagari, Gujarati, Malayalam,
/// Oriya and Telugu: `LinkingConsonant` (Indic_Syllabic_Category = Consonant),
/// `Virama` (Indic_Syllabic_Category = Virama), and `ExtCccZwj` (Extend with a
/// non-zero combining class, or ZWJ).
enum IndicConjunctKind {
  static let other: UInt8 = 0
  static let linkingConsonant: UInt8 = 1
  /// A virama of those scripts (also an ExtCccZwj).
  static let virama: UInt8 = 2
  static let extendCccZWJ: UInt8 = 3
}

/// Grapheme_Cluster_Break values as the state machine uses them (Unicode 15.0
/// assigns no E_Base, E_Base_GAZ, E_Modifier or Glue_After_Zwj).
enum BreakClass {
  static let other: UInt8 = 0
  static let cr: UInt8 = 1
  static let lf: UInt8 = 2
  static let control: UInt8 = 3
  static let extend: UInt8 = 4
  static let zwj: UInt8 = 5
  static let regionalIndicator: UInt8 = 6
  static let prepend: UInt8 = 7
  static let spacingMark: UInt8 = 8
  static let l: UInt8 = 9
  static let v: UInt8 = 10
  static let t: UInt8 = 11
  static let lv: UInt8 = 12
  static let lvt: UInt8 = 13
  static let extendedPictographic: UInt8 = 14
  /// Start of text (never a code point's class).
  static let start: UInt8 = 15

  /// ICU's Grapheme_Cluster_Break value to a class.
  static func from(icu value: Int32) -> UInt8 {
    switch value {
    case Int32(CTII_GCB_CR): return cr
    case Int32(CTII_GCB_LF): return lf
    case Int32(CTII_GCB_CONTROL): return control
    case Int32(CTII_GCB_EXTEND), Int32(CTII_GCB_E_MODIFIER): return extend
    case Int32(CTII_GCB_ZWJ): return zwj
    case Int32(CTII_GCB_REGIONAL_INDICATOR): return regionalIndicator
    case Int32(CTII_GCB_PREPEND): return prepend
    case Int32(CTII_GCB_SPACING_MARK): return spacingMark
    case Int32(CTII_GCB_L): return l
    case Int32(CTII_GCB_V): return v
    case Int32(CTII_GCB_T): return t
    case Int32(CTII_GCB_LV): return lv
    case Int32(CTII_GCB_LVT): return lvt
    default: return other
    }
  }
}

/// The width of one code point before the cluster rules apply.
enum WidthClass: UInt8, Sendable {
  case zero = 0
  case narrow = 1
  case wide = 2
  /// East Asian Ambiguous: 1 cell, or 2 with `WidthOptions.ambiguousIsWide`.
  case ambiguous = 3

  /// Cells for this class under `options`.
  @inline(__always)
  func cells(_ options: WidthOptions) -> Int {
    switch self {
    case .zero: return 0
    case .narrow: return 1
    case .wide: return 2
    case .ambiguous: return options.ambiguousIsWide ? 2 : 1
    }
  }
}

/// `CharacterTable`'s two stages, copied into a hot loop.
struct PropertyLookup {
  let stage1: UnsafeMutablePointer<UInt16>
  let stage2: UnsafeMutablePointer<UInt16>

  /// The properties of a code point (any value up to U+10FFFF, surrogates included).
  @inline(__always)
  func properties(_ scalar: UInt32) -> CharacterProperties {
    let block = Int(stage1[Int(scalar >> UInt32(CharacterTable.shift))])
    return CharacterProperties(
      rawValue: stage2[block << CharacterTable.shift | Int(scalar & CharacterTable.blockMask)])
  }
}

/// The two-stage property table. Built once from ICU's property maps, so it
/// follows the Unicode version of the ICU that is installed. Its storage is
/// allocated once and lives as long as the process (it is a shared constant), so
/// lookups need no bounds checks or reference counting.
final class CharacterTable: @unchecked Sendable {
  // @unchecked: both buffers are written in init only and read-only afterwards.
  static let shift = 7
  static let blockSize = 1 << shift
  static let blockMask: UInt32 = UInt32(blockSize - 1)
  static let codePointCount = 0x110000

  /// Block index of each 128-code-point block (0x110000 / 128 entries).
  private let stage1: UnsafeMutablePointer<UInt16>
  /// Deduplicated blocks of 128 entries.
  private let stage2: UnsafeMutablePointer<UInt16>
  /// How many deduplicated blocks there are (for tests and curiosity).
  let blockCount: Int
  /// `GraphemeRules.pairs`, for the hot loop.
  let pairs: UnsafeMutablePointer<UInt8>
  /// `GraphemeRules.emojiNext`, for the hot loop.
  let emojiNext: UnsafeMutablePointer<UInt8>
  /// `GraphemeRules.conjunctNext`, for the hot loop.
  let conjunctNext: UnsafeMutablePointer<UInt8>

  /// The shared table, built on first use (a few milliseconds in release builds).
  static let shared = CharacterTable()

  /// The two stages as a value, for a hot loop to keep in registers (a load
  /// through the class could not be hoisted past the loop's stores).
  @inline(__always) var lookup: PropertyLookup { PropertyLookup(stage1: stage1, stage2: stage2) }

  /// The properties of a code point (any value up to U+10FFFF, surrogates included).
  @inline(__always)
  func properties(_ scalar: UInt32) -> CharacterProperties {
    let block = Int(stage1[Int(scalar >> UInt32(Self.shift))])
    return CharacterProperties(rawValue: stage2[block << Self.shift | Int(scalar & Self.blockMask)])
  }

  private init() {
    let flat = Self.buildFlatTable()
    let table = TwoStageTable(compressing: flat, shift: Self.shift)
    (stage1, stage2, blockCount) = (table.stage1, table.stage2, table.blockCount)
    pairs = .allocate(capacity: GraphemeRules.pairs.count)
    pairs.initialize(from: GraphemeRules.pairs, count: GraphemeRules.pairs.count)
    emojiNext = .allocate(capacity: GraphemeRules.emojiNext.count)
    emojiNext.initialize(from: GraphemeRules.emojiNext, count: GraphemeRules.emojiNext.count)
    conjunctNext = .allocate(capacity: GraphemeRules.conjunctNext.count)
    conjunctNext.initialize(
      from: GraphemeRules.conjunctNext, count: GraphemeRules.conjunctNext.count)
  }

  /// The per-code-point facts the flat table is derived from, packed into one
  /// 16-bit word each (2.2 MB for every code point, where one array per fact
  /// took 6.7 MB): Extended_Pictographic, zero width (default ignorable or a
  /// Hangul medial or final jamo), Prepended_Concatenation_Mark, then the
  /// general category (5 bits) and East_Asian_Width (3 bits).
  private enum Facts {
    static let pictographic: UInt16 = 1
    static let zeroWidth: UInt16 = 2
    static let prependedMark: UInt16 = 4
    static let categoryShift: UInt16 = 3
    static let eastAsianShift: UInt16 = 8

    static func category(_ facts: UInt16) -> Int32 { Int32((facts >> categoryShift) & 0x1F) }
    static func eastAsianWidth(_ facts: UInt16) -> Int32 { Int32((facts >> eastAsianShift) & 0x7) }
  }

  private static func buildFlatTable() -> [UInt16] {
    let count = codePointCount
    var flat = [UInt16](repeating: 0, count: count)
    var facts = [UInt16](repeating: 0, count: count)
    // Through buffer pointers: the table is built at the start of every
    // process, and array accesses dominate a debug build's start-up.
    flat.withUnsafeMutableBufferPointer { flat in
      facts.withUnsafeMutableBufferPointer { facts in
        ICUPropertyRanges.forEach(CTII_BIN_EXTENDED_PICTOGRAPHIC) { range in
          for cp in range { facts[cp] |= Facts.pictographic }
        }
        ICUPropertyRanges.forEach(CTII_PROP_GRAPHEME_CLUSTER_BREAK) { range, value in
          let cls = BreakClass.from(icu: value)
          for cp in range {
            let pictographic = facts[cp] & Facts.pictographic != 0
            let resolved =
              cls == BreakClass.other && pictographic ? BreakClass.extendedPictographic : cls
            flat[cp] |= UInt16(resolved)
          }
        }
        ICUPropertyRanges.forEach(CTII_PROP_GENERAL_CATEGORY) { range, value in
          let bits = UInt16(truncatingIfNeeded: value & 0x1F) << Facts.categoryShift
          for cp in range { facts[cp] |= bits }
        }
        ICUPropertyRanges.forEach(CTII_PROP_EAST_ASIAN_WIDTH) { range, value in
          let bits = UInt16(truncatingIfNeeded: value & 0x7) << Facts.eastAsianShift
          for cp in range { facts[cp] |= bits }
        }
        ICUPropertyRanges.forEach(CTII_PROP_NFC_QUICK_CHECK) { range, value in
          if value != Int32(CTII_QC_YES) {
            for cp in range { flat[cp] |= CharacterProperties.nfcBit }
          }
        }
        ICUPropertyRanges.forEach(CTII_BIN_EMOJI) { range in
          for cp in range { flat[cp] |= CharacterProperties.emojiBit }
        }
        ICUPropertyRanges.forEach(CTII_BIN_EMOJI_PRESENTATION) { range in
          for cp in range { flat[cp] |= CharacterProperties.emojiPresentationBit }
        }
        ICUPropertyRanges.forEach(CTII_BIN_DEFAULT_IGNORABLE) { range in
          for cp in range { facts[cp] |= Facts.zeroWidth }
        }
        ICUPropertyRanges.forEach(CTII_BIN_PREPENDED_CONCATENATION_MARK) { range in
          for cp in range { facts[cp] |= Facts.prependedMark }
        }
        // Hangul medial vowels and final consonants join the preceding syllable's cells.
        for cp in 0x1160...0x11FF { facts[cp] |= Facts.zeroWidth }
        for cp in 0xD7B0...0xD7FF { facts[cp] |= Facts.zeroWidth }

        for cp in 0..<count {
          let fact = facts[cp]
          let gc = Facts.category(fact)
          var width = WidthClass.narrow
          if gc == Int32(CTII_GC_CONTROL) {
            width = .zero
            flat[cp] |= CharacterProperties.controlBit
          } else if gc == Int32(CTII_GC_SURROGATE) {
            width = .narrow  // a lone surrogate shows as U+FFFD
          } else if gc == Int32(CTII_GC_NON_SPACING_MARK) || gc == Int32(CTII_GC_ENCLOSING_MARK) {
            width = .zero
          } else if gc == Int32(CTII_GC_FORMAT) {
            width = fact & Facts.prependedMark != 0 ? .narrow : .zero
          } else if fact & Facts.zeroWidth != 0 {
            width = .zero
          } else {
            switch Facts.eastAsianWidth(fact) {
            case Int32(CTII_EA_WIDE), Int32(CTII_EA_FULLWIDTH): width = .wide
            case Int32(CTII_EA_AMBIGUOUS): width = .ambiguous
            default: width = .narrow
            }
          }
          flat[cp] |= UInt16(width.rawValue) << CharacterProperties.widthShift
          if fact & Facts.pictographic != 0 || (0x1F1E6...0x1F1FF).contains(cp) || cp == 0x23
            || cp == 0x2A || (0x30...0x39).contains(cp)
          {
            flat[cp] |= CharacterProperties.rgiStartBit
          }
        }
        // The facts' storage is reused for the Indic facts.
        markIndicConjunctKinds(flat, scratch: facts)
        markCompositionSensitive(flat)
        markSingletonStarters(flat)
      }
    }
    return flat
  }

  /// The width class stored in a flat table entry.
  private static func widthClass(_ entry: UInt16) -> WidthClass {
    WidthClass(rawValue: UInt8(truncatingIfNeeded: (entry >> CharacterProperties.widthShift) & 3))
      ?? .narrow
  }

  /// Sets the singleton-starter bit (see `CharacterProperties`).
  private static func markSingletonStarters(_ flat: UnsafeMutableBufferPointer<UInt16>) {
    for cp in 0..<codePointCount {
      let raw = flat[cp]
      let cls = UInt8(truncatingIfNeeded: raw & 0xF)
      let starter = cls == BreakClass.other || cls == BreakClass.lv || cls == BreakClass.lvt
      let kind = UInt8(truncatingIfNeeded: (raw >> CharacterProperties.indicShift) & 3)
      if starter, kind == IndicConjunctKind.other, raw & CharacterProperties.controlBit == 0 {
        flat[cp] |= CharacterProperties.singletonBit
      }
    }
  }

  /// Sets `IndicConjunctKind` from the script, Indic_Syllabic_Category,
  /// Grapheme_Cluster_Break and combining class.
  ///
  /// `scratch` (one entry per code point, its values ignored) holds, per code
  /// point, whether its script is one of the six, its Indic_Syllabic_Category
  /// (consonant or virama) and whether its combining class is not 0.
  private static func markIndicConjunctKinds(
    _ flat: UnsafeMutableBufferPointer<UInt16>, scratch: UnsafeMutableBufferPointer<UInt16>
  ) {
    let count = codePointCount
    let inScripts: UInt16 = 1
    let consonant: UInt16 = 2
    let virama: UInt16 = 4
    let combining: UInt16 = 8
    for cp in 0..<count { scratch[cp] = 0 }
    let scripts: Set<Int32> = [
      Int32(CTII_SCRIPT_BENGALI), Int32(CTII_SCRIPT_DEVANAGARI), Int32(CTII_SCRIPT_GUJARATI),
      Int32(CTII_SCRIPT_MALAYALAM), Int32(CTII_SCRIPT_ORIYA), Int32(CTII_SCRIPT_TELUGU),
    ]
    ICUPropertyRanges.forEach(CTII_PROP_SCRIPT) { range, value in
      if scripts.contains(value) { for cp in range { scratch[cp] |= inScripts } }
    }
    ICUPropertyRanges.forEach(CTII_PROP_INDIC_SYLLABIC_CATEGORY) { range, value in
      if value == Int32(CTII_INSC_CONSONANT) { for cp in range { scratch[cp] |= consonant } }
      if value == Int32(CTII_INSC_VIRAMA) { for cp in range { scratch[cp] |= virama } }
    }
    ICUPropertyRanges.forEach(CTII_PROP_CANONICAL_COMBINING_CLASS) { range, value in
      if value != 0 { for cp in range { scratch[cp] |= combining } }
    }
    for cp in 0..<count {
      let cls = UInt8(truncatingIfNeeded: flat[cp] & 0xF)
      let fact = scratch[cp]
      var kind = IndicConjunctKind.other
      if fact & inScripts != 0, fact & consonant != 0 {
        kind = IndicConjunctKind.linkingConsonant
      } else if fact & inScripts != 0, fact & virama != 0 {
        kind = IndicConjunctKind.virama
      } else if (cls == BreakClass.extend && fact & combining != 0) || cls == BreakClass.zwj {
        kind = IndicConjunctKind.extendCccZWJ
      }
      flat[cp] |= UInt16(kind) << CharacterProperties.indicShift
    }
  }

  /// Marks every code point that takes part (at any level) in a canonical
  /// decomposition whose width differs from the sum of its parts' widths. A
  /// cluster with none of them measures the same before and after NFC, since
  /// reordering marks and width-preserving compositions keep the sum.
  private static func markCompositionSensitive(_ flat: UnsafeMutableBufferPointer<UInt16>) {
    let narrow = WidthOptions.standard
    let wide = WidthOptions.eastAsian
    var buffer = [UInt16](repeating: 0, count: 32)

    func decomposition(_ cp: Int) -> [UInt32] {
      let length = buffer.withUnsafeMutableBufferPointer { slot -> Int32 in
        guard let base = slot.baseAddress else { return -1 }
        return ctii_raw_decomposition(Int32(cp), base, Int32(slot.count))
      }
      guard length > 0, Int(length) <= buffer.count else { return [] }
      return Array(UTF16ScalarSequence(Array(buffer.prefix(Int(length)))))
    }

    /// The full decomposition, and every code point met on the way down.
    func expand(_ cp: Int, _ seen: inout [UInt32]) -> [UInt32] {
      let parts = decomposition(cp)
      if parts.isEmpty { return [UInt32(cp)] }
      var full: [UInt32] = []
      for part in parts {
        seen.append(part)
        full += expand(Int(part), &seen)
      }
      return full
    }

    ICUPropertyRanges.forEach(CTII_PROP_NFD_QUICK_CHECK) { range, value in
      guard value != Int32(CTII_QC_YES) else { return }
      // Hangul syllables (11 172 of the code points here) decompose into a
      // wide leading jamo and zero-width vowel and trailing jamo: as wide as
      // the syllable under both options, never sensitive. Skipping them
      // halves a debug build's start-up.
      for cp in range where !(0xAC00...0xD7A3).contains(cp) {
        var seen: [UInt32] = [UInt32(cp)]
        let full = expand(cp, &seen)
        for (options, bit) in [
          (narrow, CharacterProperties.sensitiveNarrowBit),
          (wide, CharacterProperties.sensitiveWideBit),
        ] {
          let whole = widthClass(flat[cp]).cells(options)
          let parts = full.reduce(0) { $0 + widthClass(flat[Int($1)]).cells(options) }
          if whole != parts {
            for member in seen where Int(member) < flat.count { flat[Int(member)] |= bit }
          }
        }
      }
    }
  }
}

public import PropertyBased

/// Generators of Unicode text for swift-property-based, shared by every
/// module's tests.
///
/// Text is built from *fragments*: short pieces that each exercise one corner
/// of Unicode text handling (emoji sequences, combining stacks, Indic conjuncts,
/// Hangul jamo, RTL scripts, unusual spaces, line separators, controls, …).
/// `UnicodeGen.text` concatenates up to `UnicodeGen.maximumFragments` of them,
/// so that fragments also meet each other at their edges (a ZWJ after a flag, a
/// combining mark after a CR, a regional indicator after a flag …), and shrinks
/// by dropping fragments.
///
/// ```swift
/// @Test func widthIsAdditive() async {
///   await propertyCheck(count: 200, input: UnicodeGen.text) { text in
///     #expect(DisplayWidth.width(in: text) == Graphemes.clusters(in: text).map(\.width).reduce(0, +))
///   }
/// }
/// ```
///
/// Every generator is a `Sendable` value and draws only from the random number
/// generator it is given, so a `.fixedSeed` reproduces a failure.
public enum UnicodeGen {
  /// The shrink sequence of one fragment: which kind was drawn, and the
  /// fragment (fragments themselves do not shrink).
  public typealias FragmentShrink = AnySequence<(index: Int, value: String)>

  /// The shrink sequence of a text: fragments are dropped, one kind at a time.
  public typealias TextShrink = Generator<String, FragmentShrink>.ArrayShrink

  /// The most fragments `text` joins.
  public static let maximumFragments = 40

  /// One fragment of any kind in `UnicodeFragmentKind`, with the kinds'
  /// weights (ASCII words and CJK are the most common, as in real text).
  public static let fragment: Generator<String, FragmentShrink> = Gen<String>.frequency(
    UnicodeFragmentKind.allCases.map { kind in
      (weight: kind.weight, gen: UnicodeGen.fragment(kind).eraseToAnySequence())
    })

  /// Text of 0…`maximumFragments` fragments (empty text included).
  public static let text: Generator<String, TextShrink> = text(fragments: 0...maximumFragments)

  /// Text of a number of fragments in `range`.
  public static func text(fragments range: ClosedRange<Int>) -> Generator<String, TextShrink> {
    fragment.array(of: range).map { $0.joined() }
  }

  /// Text made only of fragments of the given kinds.
  public static func text(
    of kinds: [UnicodeFragmentKind], fragments range: ClosedRange<Int> = 0...maximumFragments
  ) -> Generator<String, Generator<String, FragmentShrink>.ArrayShrink> {
    let chosen = kinds.isEmpty ? [UnicodeFragmentKind.ascii] : kinds
    let generator: Generator<String, FragmentShrink> = Gen<String>.frequency(
      chosen.map { kind in (weight: 1.0, gen: UnicodeGen.fragment(kind).eraseToAnySequence()) })
    return generator.array(of: range).map { $0.joined() }
  }

  /// One fragment of the given kind.
  public static func fragment(_ kind: UnicodeFragmentKind) -> Generator<String, Shrink.None<String>>
  {
    Generator { rng in kind.generate(using: &rng) }
  }

  /// One UTF-16 fragment: a `fragment` of a weighted random kind as UTF-16
  /// units (six times in seven), or unpaired surrogates (see `utf16`).
  public static let utf16Fragment: Generator<[UInt16], Shrink.None<[UInt16]>> = Generator {
    rng in
    if Int.random(in: 0..<7, using: &rng) == 0 { return loneSurrogates(using: &rng) }
    return Array(UnicodeFragmentKind.weightedRandom(using: &rng).generate(using: &rng).utf16)
  }

  /// UTF-16 code units of generated text, with unpaired surrogates mixed in
  /// (a lone high or low surrogate, or a pair in the wrong order): what an
  /// `NSString` or a UIKit callback may hand over. Shrinks by dropping fragments.
  public static let utf16:
    Generator<[UInt16], Generator<[UInt16], Shrink.None<[UInt16]>>.ArrayShrink> =
      utf16Fragment.array(of: 0...maximumFragments).map { $0.flatMap { $0 } }

  /// One to three surrogate code units that do not form a valid pair.
  static func loneSurrogates(using rng: inout any SeededRandomNumberGenerator) -> [UInt16] {
    let high = UInt16.random(in: 0xD800...0xDBFF, using: &rng)
    let low = UInt16.random(in: 0xDC00...0xDFFF, using: &rng)
    switch Int.random(in: 0..<4, using: &rng) {
    case 0: return [high]
    case 1: return [low]
    case 2: return [low, high]  // reversed pair: two lone surrogates
    default:
      return [high, high, low].shuffled(using: &rng).filter { _ in Bool.random(using: &rng) }
    }
  }
}

/// The kinds of fragment `UnicodeGen` draws text from.
public enum UnicodeFragmentKind: String, CaseIterable, Sendable {
  /// An ASCII word, number or punctuation, with or without a trailing space.
  case ascii
  /// An emoji ZWJ sequence (RGI, such as 👩‍👩‍👧, or made up of random pictographs).
  case emojiZWJ
  /// An emoji with a skin-tone modifier (or a lone modifier).
  case emojiModifier
  /// A keycap sequence such as 1️⃣ (with or without VS16).
  case keycap
  /// A flag: two regional indicators (RGI such as 🇫🇷, or not).
  case flag
  /// A tag sequence such as 🏴󠁧󠁢󠁥󠁮󠁧󠁿 (or a made-up one).
  case tagSequence
  /// A base letter with one to six combining marks (enclosing marks included).
  case combining
  /// Indic text: conjuncts such as क्ष, vowel signs, a Malayalam prepend.
  case indic
  /// Hangul: jamo L V T in any order, precomposed syllables, fillers.
  case hangul
  /// CJK ideographs (BMP and supplementary), fullwidth forms, CJK punctuation.
  case cjk
  /// Hiragana, katakana (full and halfwidth), the prolonged sound mark.
  case kana
  /// Arabic letters with harakat and digits, the prepended marks U+0600–U+0605.
  case arabic
  /// Hebrew letters with points, and bidi marks and controls.
  case hebrew
  /// Spaces: U+0020, NBSP, U+2007, U+202F, U+3000, en/em spaces, ZWSP, soft hyphen, BOM.
  case spaces
  /// Line ends: CR LF, CR, LF, U+2028, U+2029, NEL, VT, FF.
  case newlines
  /// Control characters: C0 (NUL included), DEL, C1.
  case controls
  /// Variation selectors VS15/VS16 after emoji and text symbols, lone, or VS17+ after CJK.
  case variationSelectors
  /// One regional indicator alone.
  case loneRegionalIndicator
  /// East Asian Ambiguous characters (±, →, Greek, Cyrillic, ①).
  case ambiguous
  /// One to four code points drawn from every Grapheme_Cluster_Break class
  /// (Prepend, SpacingMark, Extend, L/V/T/LV/LVT, RI, ZWJ, ExtPict, controls),
  /// to reach combinations no curated fragment has.
  case breakClassSoup
  /// One code point anywhere in Unicode (surrogates excluded), assigned or not.
  case anyScalar
  /// The empty fragment.
  case empty

  /// How often `UnicodeGen.fragment` draws this kind, relative to the others.
  public var weight: Double {
    switch self {
    case .ascii: return 6
    case .cjk, .breakClassSoup: return 3
    case .empty, .loneRegionalIndicator, .anyScalar: return 1
    default: return 2
    }
  }

  /// A kind drawn with the kinds' weights.
  public static func weightedRandom(using rng: inout any SeededRandomNumberGenerator) -> Self {
    let total = allCases.reduce(0) { $0 + $1.weight }
    var pick = Double.random(in: 0..<total, using: &rng)
    for kind in allCases {
      if pick < kind.weight { return kind }
      pick -= kind.weight
    }
    return .ascii
  }

  /// A fragment of this kind.
  public func generate(using rng: inout any SeededRandomNumberGenerator) -> String {
    var r = Draw(rng: rng)
    defer { rng = r.rng }
    return r.fragment(self)
  }
}

/// Drawing helpers over a random number generator.
private struct Draw {
  var rng: any SeededRandomNumberGenerator

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
  mutating func bool() -> Bool { Bool.random(using: &rng) }
  mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }

  mutating func scalar(_ range: ClosedRange<UInt32>) -> String {
    let value = UInt32.random(in: range, using: &rng)
    return Unicode.Scalar(value).map { String(Character($0)) } ?? "\u{FFFD}"
  }

  mutating func scalar(_ ranges: [ClosedRange<UInt32>]) -> String { scalar(pick(ranges)) }

  mutating func fragment(_ kind: UnicodeFragmentKind) -> String {
    switch kind {
    case .ascii: return ascii()
    case .emojiZWJ: return emojiZWJ()
    case .emojiModifier:
      let modifier = scalar(0x1F3FB...0x1F3FF)
      if int(0...5) == 0 { return modifier }
      return pick(["👍", "👋", "🧑", "✋", "👩", "🤌", "🫶", "☝"]) + modifier
    case .keycap:
      return pick(Array("0123456789#*").map(String.init)) + (bool() ? "\u{FE0F}" : "") + "\u{20E3}"
    case .flag:
      if bool() { return pick(["🇫🇷", "🇺🇸", "🇯🇵", "🇩🇪", "🇬🇧", "🇮🇳", "🇧🇷", "🇺🇦", "🇪🇺"]) }
      return scalar(0x1F1E6...0x1F1FF) + scalar(0x1F1E6...0x1F1FF)
    case .tagSequence:
      if bool() { return pick(["🏴󠁧󠁢󠁥󠁮󠁧󠁿", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴󠁧󠁢󠁷󠁬󠁳󠁿"]) }
      var text = pick(["🏴", "🏳", "😀"])
      for _ in 0..<int(0...5) { text += scalar(0xE0020...0xE007E) }
      if bool() { text += "\u{E007F}" }
      return text
    case .combining:
      var text = pick(["e", "a", "o", "n", "i", " ", "x", "ы", "α", "1", "\u{25CC}"])
      for _ in 0..<int(1...6) {
        text += scalar([0x0300...0x036F, 0x0483...0x0489, 0x1AB0...0x1ABE, 0x20D0...0x20F0])
      }
      return text
    case .indic:
      return pick([
        "क्ष", "क्षि", "नमस्ते", "हिन्दी", "ज्ञ", "श्री", "কি", "ক্ষ", "தமிழ்", "ക്ക", "\u{0D4E}റ", "ॐ",
        "क\u{094D}\u{200D}ष", "ि", "र्",
      ])
    case .hangul: return hangul()
    case .cjk:
      var text = ""
      for _ in 0..<int(1...4) {
        text += scalar([
          0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0xFF01...0xFF60, 0x3001...0x3003,
          0xF900...0xFAFF,
        ])
      }
      return text
    case .kana:
      var text = ""
      for _ in 0..<int(1...4) {
        text += scalar([0x3041...0x3096, 0x30A1...0x30FA, 0xFF66...0xFF9D, 0x30FC...0x30FC])
      }
      if int(0...3) == 0 { text += pick(["\u{3099}", "\u{309A}", "\u{FF9E}"]) }
      return text
    case .arabic:
      switch int(0...3) {
      case 0: return "\u{0600}" + scalar(0x0660...0x0669) + scalar(0x0660...0x0669)
      case 1: return scalar(0x0600...0x0605) + scalar(0x0621...0x064A)
      default:
        var text = ""
        for _ in 0..<int(1...5) {
          text += scalar(0x0621...0x064A)
          if bool() { text += scalar(0x064B...0x0652) }
        }
        return text
      }
    case .hebrew:
      var text = bool() ? "" : scalar([0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069])
      for _ in 0..<int(1...5) {
        text += scalar(0x05D0...0x05EA)
        if bool() { text += scalar(0x05B0...0x05BC) }
      }
      return text
    case .spaces:
      return pick([
        " ", "\u{00A0}", "\u{2007}", "\u{202F}", "\u{3000}", "\u{2002}", "\u{2003}", "\u{2009}",
        "\u{200A}", "\u{1680}", "\u{200B}", "\u{00AD}", "\u{FEFF}", "  ", "\t",
      ])
    case .newlines:
      return pick([
        "\r\n", "\r", "\n", "\u{2028}", "\u{2029}", "\u{0085}", "\u{0B}", "\u{0C}", "\n\n",
      ])
    case .controls:
      return scalar([0x00...0x1F, 0x7F...0x9F, 0x00...0x00])
    case .variationSelectors:
      switch int(0...4) {
      case 0: return pick(["😀", "👍", "🌍", "⌚"]) + pick(["\u{FE0E}", "\u{FE0F}"])
      case 1:
        return pick(["☺", "❤", "©", "®", "™", "↔", "✂", "☀"]) + pick(["\u{FE0E}", "\u{FE0F}"])
      case 2: return pick(["\u{FE0E}", "\u{FE0F}"])
      case 3: return scalar(0x4E00...0x9FFF) + scalar(0xE0100...0xE01EF)
      default: return pick(["a", "0", "#"]) + scalar(0xFE00...0xFE0F)
      }
    case .loneRegionalIndicator:
      return scalar(0x1F1E6...0x1F1FF)
    case .ambiguous:
      return pick(["±", "→", "α", "Ω", "д", "①", "×", "÷", "§", "°", "…", "■", "☆", "¡"])
    case .breakClassSoup:
      var text = ""
      for _ in 0..<int(1...4) {
        text += pick([
          "\u{0600}", "\u{0D4E}", "\u{110BD}", "\u{0903}", "\u{093E}", "\u{0E33}", "\u{0301}",
          "\u{200C}", "\u{1F3FB}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}",
          "\u{1F1E6}", "\u{1F1E7}", "\u{200D}", "\u{1F600}", "\u{2764}", "\u{00A9}", "\r", "\n",
          "\u{0000}", "\u{0007}", "\u{200B}", "a", " ", "\u{FE0F}", "\u{E0061}", "\u{0308}",
          "\u{1F476}", "\u{1F3FF}", "\u{1F6D1}", "\u{231A}", "\u{D7B0}", "\u{D7CB}", "\u{1160}",
        ])
      }
      return text
    case .anyScalar:
      var value = UInt32.random(in: 0...0x10FFFF, using: &rng)
      if (0xD800...0xDFFF).contains(value) { value -= 0x800 }
      return Unicode.Scalar(value).map { String(Character($0)) } ?? "\u{FFFD}"
    case .empty:
      return ""
    }
  }

  mutating func ascii() -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    var word = ""
    switch int(0...5) {
    case 0: for _ in 0..<int(1...6) { word.append(pick(Array("0123456789"))) }
    case 1:
      word = pick([".", ",", ":", ";", "!", "?", "'", "\"", "-", "(", ")", "a.2", "3.14", "e.g."])
    default: for _ in 0..<int(1...9) { word.append(pick(letters)) }
    }
    return word + (bool() ? " " : "")
  }

  mutating func emojiZWJ() -> String {
    if bool() {
      return pick([
        "👩‍👩‍👧", "👨‍👩‍👧‍👦", "👨‍💻", "🏳️‍🌈", "🏳️‍⚧️", "🧑🏽‍🚀", "👁️‍🗨️", "❤️‍🔥", "🐻‍❄️", "👩🏿‍🤝‍👨🏻",
        "🧔‍♂️", "🏃‍♀️‍➡️",
      ])
    }
    let pictographs = ["😀", "🐶", "🚀", "❤", "👩", "👨", "🔥", "🌈", "⚧", "🧑"]
    var text = pick(pictographs)
    for _ in 0..<int(1...3) {
      text += "\u{200D}" + pick(pictographs) + (int(0...3) == 0 ? "\u{FE0F}" : "")
    }
    return text
  }

  mutating func hangul() -> String {
    switch int(0...4) {
    case 0: return scalar(0xAC00...0xD7A3) + (bool() ? scalar(0xAC00...0xD7A3) : "")
    case 1:  // L V T, as a syllable is spelled in jamo
      return scalar(0x1100...0x1112) + scalar(0x1161...0x1175)
        + (bool() ? scalar(0x11A8...0x11C2) : "")
    case 2:  // any jamo sequence, old and extended jamo included
      var text = ""
      for _ in 0..<int(1...4) {
        text += scalar([0x1100...0x11FF, 0xA960...0xA97C, 0xD7B0...0xD7FB, 0x3131...0x318E])
      }
      return text
    case 3: return scalar(0xAC00...0xD7A3) + scalar(0x11A8...0x11C2)  // LV + T
    default: return pick(["\u{115F}\u{1160}", "\u{3164}", "\u{FFA0}", "\u{115F}\u{1161}", "한국어"])
    }
  }
}

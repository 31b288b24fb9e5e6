internal import CTextInputICU

// The paragraph direction alone, for layout: what `BidiParagraph.direction`
// gives, without resolving (and copying out) the level of every code unit.

extension Bidi {
  /// The direction of one paragraph of UTF-16 code units, as
  /// `Bidi.paragraph(utf16:direction:).direction` resolves it: `base` itself
  /// when fixed; for `.firstStrong`, the direction of the first strong
  /// character (rules P2–P3), or the fallback when there is none.
  ///
  /// The first strong character is found by a scan that knows the bidi class
  /// of common letters (Latin, Greek, Cyrillic, Hebrew, Arabic, kana, CJK,
  /// Hangul) and of common neutrals (ASCII, combining diacritics,
  /// punctuation, emoji); the first code point outside those ranges (an
  /// isolate, a paragraph separator, a rarer script) hands the paragraph to
  /// ICU's `ubidi`, which resolves its level alone. Either way the result is
  /// the one ICU gives.
  ///
  /// ```swift
  /// Bidi.paragraphDirection(utf16: Array("— שלום abc".utf16), base: .natural)  // .rightToLeft
  /// ```
  ///
  /// - Complexity: O(k) in the code units before the first strong character;
  ///   O(n) in the paragraph's length when ICU resolves it. Allocates nothing
  ///   but ICU's paragraph object (on that path).
  package static func paragraphDirection(
    utf16 units: UnsafeBufferPointer<UInt16>, base: BaseDirection
  ) -> LayoutDirection {
    let fallback: LayoutDirection
    switch base {
    case .fixed(let direction): return direction
    case .firstStrong(let direction): fallback = direction
    }
    var index = 0
    while index < units.count {
      let (scalar, length) = SurrogatePairs.decode(units, at: index)
      switch quickClass(scalar) {
      case .leftToRight: return .leftToRight
      case .rightToLeft: return .rightToLeft
      case .neutral: index += length
      case .unknown: return resolvedDirection(units, fallback: fallback)
      }
    }
    return fallback
  }

  /// `paragraphDirection(utf16:base:)` over an array.
  ///
  /// - Complexity: as `paragraphDirection(utf16:base:)` over a buffer.
  package static func paragraphDirection(utf16 units: [UInt16], base: BaseDirection)
    -> LayoutDirection
  {
    units.withUnsafeBufferPointer { paragraphDirection(utf16: $0, base: base) }
  }

  /// `mayContainRightToLeft(_:)` over a buffer, specialised.
  ///
  /// - Complexity: O(n) in the number of code units; allocates nothing.
  package static func mayContainRightToLeft(utf16 units: UnsafeBufferPointer<UInt16>) -> Bool {
    mayContainRightToLeft(units)
  }

  /// What the first-strong scan knows of a code point's bidi class.
  package enum QuickClass: Equatable, Sendable {
    /// Strong left to right (L).
    case leftToRight
    /// Strong right to left (R or AL).
    case rightToLeft
    /// Neither strong nor a paragraph separator nor an isolate: the scan
    /// goes on past it.
    case neutral
    /// Not in the scan's ranges: ICU decides.
    case unknown
  }

  /// The bidi class of `scalar` as far as the first-strong scan knows it.
  /// Each range is checked against ICU, code point by code point, by the
  /// tests.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  package static func quickClass(_ scalar: UInt32) -> QuickClass {
    switch scalar {
    case 0x41...0x5A, 0x61...0x7A: return .leftToRight
    // ASCII paragraph separators (B): LF, CR, FS, GS, RS.
    case 0x0A, 0x0D, 0x1C...0x1E: return .unknown
    case 0x00...0x7F: return .neutral
    case 0xA0...0xA9, 0xAB...0xB4, 0xB6...0xB9, 0xBB...0xBF, 0xD7, 0xF7: return .neutral
    case 0xAA, 0xB5, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2B8: return .leftToRight
    case 0x0300...0x036F: return .neutral
    case 0x0388...0x03F5, 0x0400...0x0482, 0x048A...0x052F: return .leftToRight
    case 0x05D0...0x05EA, 0x0620...0x064A: return .rightToLeft
    case 0x1E00...0x1FBC: return .leftToRight
    case 0x200B...0x200D, 0x2010...0x2027: return .neutral
    case 0x3041...0x3096, 0x30A1...0x30FA, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
      return .leftToRight
    case 0xFE00...0xFE0F: return .neutral
    case 0x1F1E6...0x1F1FF: return .leftToRight
    case 0x1F300...0x1F3FF, 0x1F400...0x1F64F, 0x1F680...0x1F6D7, 0x1F900...0x1F9FF:
      return .neutral
    default: return .unknown
    }
  }

  /// ICU's resolved paragraph level, as `BidiParagraph` reads it (the
  /// fallback direction if ICU fails).
  private static func resolvedDirection(
    _ units: UnsafeBufferPointer<UInt16>, fallback: LayoutDirection
  ) -> LayoutDirection {
    guard units.count <= Int(Int32.max) else { return fallback }
    let requested: UInt8 = fallback == .leftToRight ? 0xFE : 0xFF
    var error: Int32 = 0
    guard let bidi = ctii_bidi_open(units.baseAddress, Int32(units.count), requested, &error)
    else { return fallback }
    defer { ctii_bidi_close(bidi) }
    guard error <= 0 else { return fallback }
    return ctii_bidi_paragraph_level(bidi) & 1 == 0 ? .leftToRight : .rightToLeft
  }
}

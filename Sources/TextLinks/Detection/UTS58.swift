/// Lookups of the UTS #58 properties (Unicode Link Detection and Formatting)
/// in the tables `Scripts/generate-uts58.py` generates into
/// `UTS58Properties.swift` from the standard's data files.
enum UTS58Properties {
  /// The `Link_Term` values: how a code point ends a URL's path, query or
  /// fragment.
  enum LinkTerm: UInt8 {
    /// Ends the link before it (white space, controls, …).
    case hard = 0
    /// Kept only when something kept follows (`.`, `,`, `?`, `:`, …).
    case soft = 1
    /// Part of the link.
    case include = 2
    /// An opening bracket: kept, and pushed to be matched.
    case open = 3
    /// A closing bracket: kept when it closes the last opened one.
    case close = 4
  }

  /// `Link_Term` of the ASCII code points, read once from the runs.
  private static let asciiTerm: [LinkTerm] = (0..<128).map { lookupTerm(UInt32($0)) }

  /// The `Link_Term` value of `value`.
  ///
  /// - Complexity: O(1) for ASCII, O(log r) in the number of runs otherwise.
  @inline(__always)
  static func linkTerm(_ value: UInt32) -> LinkTerm {
    value < 0x80 ? asciiTerm[Int(value)] : lookupTerm(value)
  }

  private static func lookupTerm(_ value: UInt32) -> LinkTerm {
    let index = lastIndex(in: linkTermStarts, notAbove: value)
    return LinkTerm(rawValue: linkTermValues[index]) ?? .hard
  }

  /// The opening bracket `Link_Bracket` pairs with the closing `value`, or nil.
  static func opener(ofCloser value: UInt32) -> UInt32? {
    let index = lastIndex(in: bracketClosers, notAbove: value)
    return bracketClosers[index] == value ? bracketOpeners[index] : nil
  }

  /// `Link_Email`: whether `value` may be part of an e-mail local part.
  ///
  /// - Complexity: O(log r) in the number of ranges.
  static func isEmail(_ value: UInt32) -> Bool {
    if value < 0x80 {
      let unit = UInt16(value)
      if CharacterClass.isASCIIAlnum(unit) { return true }
    }
    // The ranges are (first, last) pairs: find the last first not above value.
    var low = 0
    var high = emailRanges.count / 2
    while low < high {
      let middle = (low + high) / 2
      if emailRanges[middle * 2] <= value { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return false }
    return value <= emailRanges[(low - 1) * 2 + 1]
  }

  /// The index of the last element of `sorted` not above `value` (0 when
  /// none is, the tables starting at their smallest value).
  private static func lastIndex(in sorted: [UInt32], notAbove value: UInt32) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let middle = (low + high) / 2
      if sorted[middle] <= value { low = middle + 1 } else { high = middle }
    }
    return max(low - 1, 0)
  }

  /// Whether `scalar` may be part of a host label in UTS #58 detection, after
  /// `previous`: an ASCII letter, digit or `-`; a non-ASCII letter, mark or
  /// decimal digit; the punctuation IDNA lets into a label (`·`, `͵`, `׳`,
  /// `״`, `་`, `・`); ZWNJ or ZWJ after a virama (IDNA's CONTEXTJ rule). The
  /// standard's reference reads these from `Idn_Status`.
  static func isHostScalar(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 {
      let unit = UInt16(value)
      return CharacterClass.isASCIIAlnum(unit) || unit == 0x2D
    }
    switch value {
    case 0x200C, 0x200D:
      return previous.properties.canonicalCombiningClass.rawValue == 9
    case 0x00B7, 0x0375, 0x05F3, 0x05F4, 0x0F0B, 0x30FB:
      return true
    default:
      return CharacterClass.isWordCharacter(scalar)
    }
  }

  /// Whether `unit` separates host labels: `.`, or the ideographic and
  /// full-width full stops IDNA maps to it (`。`, `．`, `｡`).
  @inline(__always)
  static func isLabelSeparator(_ unit: UInt16) -> Bool {
    unit == 0x2E || unit == 0x3002 || unit == 0xFF0E || unit == 0xFF61
  }
}

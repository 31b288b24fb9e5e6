/// Reading UTF-16 code units for the detectors: scalars at and before an
/// offset, and the character classes the rules name. Lone surrogates read as
/// U+FFFD, so no input traps.
struct UTF16Reader {
  let units: [UInt16]

  var count: Int { units.count }

  /// The code unit at `index`, or 0 outside the text.
  @inline(__always)
  subscript(_ index: Int) -> UInt16 {
    index >= 0 && index < units.count ? units[index] : 0
  }

  /// The scalar starting at `index` and its length in code units (0 past the end).
  func scalar(at index: Int) -> (Unicode.Scalar, Int) {
    guard index >= 0, index < units.count else { return ("\u{0}", 0) }
    let unit = units[index]
    if unit < 0xD800 || unit > 0xDFFF {
      return (Unicode.Scalar(unit) ?? "\u{FFFD}", 1)
    }
    if unit <= 0xDBFF, index + 1 < units.count {
      let low = units[index + 1]
      if low >= 0xDC00, low <= 0xDFFF {
        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        return (Unicode.Scalar(value) ?? "\u{FFFD}", 2)
      }
    }
    return ("\u{FFFD}", 1)
  }

  /// The scalar ending at `index` (just before it) and its length (0 at the start).
  func scalar(before index: Int) -> (Unicode.Scalar, Int) {
    guard index > 0, index <= units.count else { return ("\u{0}", 0) }
    let unit = units[index - 1]
    if unit >= 0xDC00, unit <= 0xDFFF, index >= 2 {
      let high = units[index - 2]
      if high >= 0xD800, high <= 0xDBFF { return scalar(at: index - 2) }
    }
    return scalar(at: index - 1)
  }

  /// The text of `range` (clamped to the text), decoded from a contiguous
  /// buffer (decoding an `ArraySlice` goes through a slow generic path).
  func string(_ range: Range<Int>) -> String {
    let range = range.clamped(to: 0..<units.count)
    return units.withUnsafeBufferPointer { buffer in
      let slice = UnsafeBufferPointer(rebasing: buffer[range])
      // ASCII, the usual case for links: copy the bytes straight in.
      if !slice.contains(where: { $0 >= 0x80 }) {
        return String(unsafeUninitializedCapacity: slice.count) { bytes in
          for (offset, unit) in slice.enumerated() {
            bytes[offset] = UInt8(truncatingIfNeeded: unit)
          }
          return slice.count
        }
      }
      return String(decoding: slice, as: UTF16.self)
    }
  }
}

/// Character classes the detectors' rules are written in.
enum CharacterClass {
  @inline(__always)
  static func isASCIIAlnum(_ unit: UInt16) -> Bool {
    (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5A)
      || (unit >= 0x61 && unit <= 0x7A)
  }

  @inline(__always)
  static func isASCIILetter(_ unit: UInt16) -> Bool {
    (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A)
  }

  @inline(__always)
  static func isASCIIDigit(_ unit: UInt16) -> Bool { unit >= 0x30 && unit <= 0x39 }

  /// Unicode White_Space (space, tabs, line breaks, NBSP, U+3000, …).
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 {
      return scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D)
    }
    return scalar.properties.isWhitespace
  }

  /// A letter (L*) or mark (M*).
  static func isLetterOrMark(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark:
      return true
    default: return false
    }
  }

  /// A letter (L*), a mark (M*) or a decimal digit (Nd).
  static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return isASCIIAlnum(UInt16(scalar.value)) }
    return isLetterOrMark(scalar) || scalar.properties.generalCategory == .decimalNumber
  }

  /// Punctuation (P*).
  static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation:
      return true
    default: return false
    }
  }

  /// Control, format, surrogate, private-use or unassigned (C*), or a separator (Z*).
  static func isControlOrSeparator(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator,
      .lineSeparator, .paragraphSeparator:
      return true
    default: return false
    }
  }

  /// Scripts written without spaces between words (Han, kana, Hangul, Thai,
  /// Lao, Myanmar, Khmer) and the CJK symbol, punctuation and full-width
  /// blocks: where a URL ends if it runs into them, since the text goes on
  /// without a space.
  static func isContinuousScript(_ value: UInt32) -> Bool {
    switch value {
    case 0x0E00...0x0EFF, 0x1000...0x109F, 0x1100...0x11FF, 0x1780...0x17FF, 0x2E80...0x2FFF,
      0x3000...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE30...0xFE4F,
      0xFF00...0xFFEF, 0x20000...0x3FFFF:
      return true
    default: return false
    }
  }

  /// Bidi embedding, override and isolate controls (U+202A–202E, U+2066–2069).
  static func isDirectionalFormatting(_ value: UInt32) -> Bool {
    (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }
}

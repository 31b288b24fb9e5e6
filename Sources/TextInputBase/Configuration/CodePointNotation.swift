/// The `U+XXXX` notation of a code point, as the Unicode Standard writes it:
/// `U+` and at least four uppercase hexadecimal digits. The package's one
/// formatter and parser of it (configuration values, error
/// messages, the samples' tables).
package enum CodePointNotation {
  /// The hexadecimal digits of `value`, uppercase, padded with zeros to four.
  ///
  /// ```swift
  /// CodePointNotation.digits(0x20)      // "0020"
  /// CodePointNotation.digits(0x1F44D)   // "1F44D"
  /// ```
  ///
  /// - Complexity: O(1).
  package static func digits(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// `scalar` as `U+XXXX`.
  ///
  /// ```swift
  /// CodePointNotation.format(" ")   // "U+0020"
  /// ```
  ///
  /// - Complexity: O(1).
  package static func format(_ scalar: Unicode.Scalar) -> String {
    format(scalar.value)
  }

  /// The code point `value` as `U+XXXX`, whether or not it is a scalar
  /// value (a surrogate is written too: `U+D800`).
  ///
  /// - Complexity: O(1).
  package static func format(_ value: UInt32) -> String {
    "U+" + digits(value)
  }

  /// The scalar written `U+XXXX` (either case, four to six hexadecimal
  /// digits), or nil if `text` is not that notation of a Unicode scalar value.
  ///
  /// ```swift
  /// CodePointNotation.parse("U+00A0")   // U+00A0
  /// CodePointNotation.parse("u+1f44d")  // U+1F44D
  /// CodePointNotation.parse("U+D800")   // nil, a surrogate
  /// CodePointNotation.parse("U+20")     // nil, fewer than four digits
  /// ```
  ///
  /// - Complexity: O(n) in the length of `text`.
  package static func parse(_ text: some StringProtocol) -> Unicode.Scalar? {
    let upper = text.uppercased()
    guard upper.hasPrefix("U+"), (6...8).contains(upper.count) else { return nil }
    let hex = upper.dropFirst(2)
    guard hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else { return nil }
    return Unicode.Scalar(value)
  }
}

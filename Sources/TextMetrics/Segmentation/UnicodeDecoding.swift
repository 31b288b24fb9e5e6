// The package's one UTF-8 decoder and one surrogate-pair decoder, for the hot
// loops that read text a code point at a time (the grapheme scanner, the UTF-8
// to UTF-16 transcoder, the scalars of a cluster). Both are inlined into their
// callers.

/// Decoding of valid UTF-8 (a Swift string's storage) one code point at a time.
package enum ValidUTF8 {
  /// The code point whose lead byte is at `bytes[index]`, and its length in
  /// bytes (1–4). The bytes must be valid UTF-8 from `index` on: nothing is
  /// checked (a Swift string's UTF-8 always is).
  ///
  /// ```swift
  /// // "é" is C3 A9
  /// ValidUTF8.decode(pointer, at: 0)   // (scalar: 0xE9, length: 2)
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package static func decode(
    _ bytes: UnsafePointer<UInt8>, at index: Int
  ) -> (scalar: UInt32, length: Int) {
    let lead = bytes[index]
    if lead < 0x80 { return (UInt32(lead), 1) }
    if lead < 0xE0 {
      return ((UInt32(lead & 0x1F) << 6) | UInt32(bytes[index &+ 1] & 0x3F), 2)
    }
    if lead < 0xF0 {
      return (
        (UInt32(lead & 0x0F) << 12) | (UInt32(bytes[index &+ 1] & 0x3F) << 6)
          | UInt32(bytes[index &+ 2] & 0x3F), 3
      )
    }
    return (
      (UInt32(lead & 0x07) << 18) | (UInt32(bytes[index &+ 1] & 0x3F) << 12)
        | (UInt32(bytes[index &+ 2] & 0x3F) << 6) | UInt32(bytes[index &+ 3] & 0x3F), 4
    )
  }
}

/// Decoding of UTF-16 surrogate pairs, where an unpaired surrogate is a code
/// point of its own (0xD800–0xDFFF), as ICU iterates it.
package enum SurrogatePairs {
  /// The code point whose first code unit is at `units[index]` (a valid
  /// index), and its length in UTF-16 code units: 2 for a high surrogate
  /// followed by a low one, else 1 (an unpaired surrogate is its own value).
  ///
  /// ```swift
  /// SurrogatePairs.decode([0xD83D, 0xDC4D], at: 0)   // (scalar: 0x1F44D, length: 2), "👍"
  /// SurrogatePairs.decode([0xD83D, 0x0021], at: 0)   // (scalar: 0xD83D, length: 1)
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package static func decode<Units: RandomAccessCollection<UInt16>>(
    _ units: Units, at index: Int
  ) -> (scalar: UInt32, length: Int) where Units.Index == Int {
    let unit = units[index]
    if unit & 0xFC00 == 0xD800, index + 1 < units.endIndex, units[index + 1] & 0xFC00 == 0xDC00 {
      return (0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00), 2)
    }
    return (UInt32(unit), 1)
  }
}

/// The scalars of UTF-16 text; an unpaired surrogate is its own scalar value
/// (0xD800–0xDFFF), as ICU iterates it.
struct UTF16ScalarSequence: Sequence, IteratorProtocol {
  private let units: [UInt16]
  private var index = 0

  init(_ units: [UInt16]) { self.units = units }

  mutating func next() -> UInt32? {
    guard index < units.count else { return nil }
    let (scalar, length) = SurrogatePairs.decode(units, at: index)
    index += length
    return scalar
  }
}

// The package's one set of hard line breaks and one set of collapsible spaces:
// what ends a paragraph, and what hangs past the end of a line instead of
// taking room on it. Layout, the editor's line commands and RightAlignedSpaces
// all read them here.

/// Hard line breaks (UAX #14 classes BK, CR, LF, NL): LF, VT, FF, CR (with a
/// following LF, one break), NEL, U+2028 LINE SEPARATOR, U+2029 PARAGRAPH
/// SEPARATOR.
package enum HardBreaks {
  /// Whether the UTF-16 code unit `unit` is a hard line break.
  ///
  /// ```swift
  /// HardBreaks.isBreak(0x0A)     // true, LF
  /// HardBreaks.isBreak(0x2028)   // true, LINE SEPARATOR
  /// HardBreaks.isBreak(0x20)     // false
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package static func isBreak(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }

  /// Whether the scalar `scalar` is a hard line break (see `isBreak(_:)`
  /// for UTF-16 code units).
  ///
  /// - Complexity: O(1).
  @inlinable
  package static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value <= 0xFFFF && isBreak(UInt16(scalar.value))
  }

  /// The start of the paragraph holding `offset` (UTF-16 code units): just
  /// after the hard break before it (a CR LF pair counts as one), or `limit`
  /// units before `offset` if that is nearer (never inside a surrogate pair).
  ///
  /// - Complexity: O(min(p, limit)) in the paragraph's length p.
  @inlinable
  package static func paragraphStart<Units: RandomAccessCollection<UInt16>>(
    before offset: Int, in utf16: Units, within limit: Int = .max
  )
    -> Int where Units.Index == Int
  {
    var index = min(max(offset, 0), utf16.count)
    // An offset between CR and LF belongs to the paragraph the pair ends.
    if index > 0, index < utf16.count, utf16[index - 1] == 0x0D, utf16[index] == 0x0A {
      index -= 1
    }
    let stop = index > limit ? index - limit : 0
    while index > stop, !isBreak(utf16[index - 1]) { index -= 1 }
    if index > 0, index < utf16.count, UTF16.isTrailSurrogate(utf16[index]),
      UTF16.isLeadSurrogate(utf16[index - 1])
    {
      index -= 1
    }
    return index
  }

  /// The end of the paragraph holding `offset` (UTF-16 code units), its
  /// hard break included, or `limit` units after `offset` if that is nearer
  /// (never inside a surrogate pair).
  ///
  /// - Complexity: O(min(p, limit)) in the paragraph's length p.
  @inlinable
  package static func paragraphEnd<Units: RandomAccessCollection<UInt16>>(
    after offset: Int, in utf16: Units, within limit: Int = .max
  )
    -> Int where Units.Index == Int
  {
    var index = min(max(offset, 0), utf16.count)
    if index > 0, index < utf16.count, utf16[index - 1] == 0x0D, utf16[index] == 0x0A {
      return index + 1
    }
    let stop = utf16.count - index > limit ? index + limit : utf16.count
    while index < stop, !isBreak(utf16[index]) { index += 1 }
    if index < utf16.count, !isBreak(utf16[index]) {
      if index > 0, UTF16.isTrailSurrogate(utf16[index]), UTF16.isLeadSurrogate(utf16[index - 1]) {
        index += 1
      }
      return index
    }
    guard index < utf16.count else { return index }
    if utf16[index] == 0x0D, index + 1 < utf16.count, utf16[index + 1] == 0x0A { return index + 2 }
    return index + 1
  }

  /// The end of the content of the paragraph `range` (UTF-16 code units,
  /// from a paragraph's start to just after its hard break, or to the text's
  /// end): before its hard break, a CR LF pair taken whole; `range`'s end
  /// when it ends without one.
  ///
  /// ```swift
  /// HardBreaks.contentEnd(ofParagraph: 0..<4, in: Array("ab\r\ncd".utf16))   // 2
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable
  package static func contentEnd<Units: RandomAccessCollection<UInt16>>(
    ofParagraph range: Range<Int>, in utf16: Units
  ) -> Int where Units.Index == Int {
    var end = min(range.upperBound, utf16.count)
    guard end > range.lowerBound, isBreak(utf16[end - 1]) else { return end }
    end -= 1
    if end > range.lowerBound, utf16[end] == 0x0A, utf16[end - 1] == 0x0D { end -= 1 }
    return end
  }

  /// The end of the content of the paragraph holding `offset` (UTF-16 code
  /// units): the offset of the hard break that ends it, or the text's end.
  ///
  /// - Complexity: O(p) in the length of the paragraph after `offset`.
  @inlinable
  package static func contentEnd<Units: RandomAccessCollection<UInt16>>(
    after offset: Int, in utf16: Units
  ) -> Int where Units.Index == Int {
    let start = min(max(offset, 0), utf16.count)
    return max(
      contentEnd(ofParagraph: start..<paragraphEnd(after: start, in: utf16), in: utf16), start)
  }

  /// The paragraphs of `units[range]` (UTF-16 code units): each ends just
  /// after a hard break (CR LF counts as one), the last one at the end of the
  /// range.
  ///
  /// ```swift
  /// HardBreaks.paragraphs(Array("ab\r\ncd".utf16), in: 0..<6)   // [0..<4, 4..<6]
  /// ```
  ///
  /// - Complexity: O(n) in the length of the range.
  @inlinable
  package static func paragraphs<Units: RandomAccessCollection<UInt16>>(
    _ units: Units, in range: Range<Int>
  ) -> [Range<Int>] where Units.Index == Int {
    var result: [Range<Int>] = []
    var start = range.lowerBound
    var index = range.lowerBound
    while index < range.upperBound {
      let unit = units[index]
      index += 1
      guard isBreak(unit) else { continue }
      if unit == 0x0D, index < range.upperBound, units[index] == 0x0A { index += 1 }
      result.append(start..<index)
      start = index
    }
    if start < range.upperBound { result.append(start..<range.upperBound) }
    return result
  }
}

/// Spaces that collapse at a line end (they hang past it and take no room on
/// the line): U+0020, TAB, U+1680 OGHAM SPACE MARK, U+2000–U+2006,
/// U+2008–U+200A, U+205F and U+3000 — UAX #14's breaking spaces (class BA
/// and SP, general category Zs) and the tab. U+00A0, U+2007 and U+202F are
/// no-break spaces and do not collapse.
package enum CollapsibleSpaces {
  /// Whether the UTF-16 code unit `unit` is a collapsible space.
  ///
  /// ```swift
  /// CollapsibleSpaces.contains(0x20)   // true
  /// CollapsibleSpaces.contains(0xA0)   // false, NO-BREAK SPACE
  /// ```
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package static func contains(_ unit: UInt16) -> Bool {
    switch unit {
    case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
    default: return false
    }
  }

  /// Every collapsible space, ascending.
  package static let all: [Unicode.Scalar] = (0...0xFFFF).compactMap { value in
    contains(UInt16(value)) ? Unicode.Scalar(UInt16(value)) : nil
  }
}

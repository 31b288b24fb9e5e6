/// Line-break opportunities (UAX #14 as ICU 72's root-locale line rules tailor
/// it), computed in Swift over the string's UTF-8 and checked against ICU's own
/// line iterator (`UBRK_LINE`) by the tests and the benchmark.
///
/// Offsets are **UTF-16 code units**. An opportunity at offset `o` means a line
/// may end (`.allowed`) or must end (`.mandatory`) before the unit at `o`.
///
/// ```swift
/// LineBreaks.opportunities(in: "a b\nc").map(\.offset)  // [2, 4, 5]
/// LineBreaks.opportunities(in: "a b\nc").map(\.kind)
/// // [.allowed, .mandatory, .mandatory]
/// ```
///
/// The rules are ICU's (CLDR's tailorings of UAX #14 included: CSS strict
/// breaking, the regular-expression form of numbers, no break after a hyphen
/// that starts a word), run the way ICU runs them. Text of Line_Break class SA
/// (Thai, Lao, Khmer, Myanmar and other scripts written without spaces) is the
/// one exception: ICU breaks it with dictionaries, so a paragraph holding such
/// text is handed to ICU's iterator.
public enum LineBreaks {
  /// The opportunities after offset 0, the end of the text included (marked
  /// `.mandatory`, as UAX #14 rule LB3 breaks there). Empty text has none.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `text`.
  public static func opportunities(in text: String) -> [LineBreakOpportunity] {
    guard !text.isEmpty else { return [] }
    return withUTF8(text) { bytes in
      collect {
        LineBreakScanner.scan(utf8: bytes, into: &$0)
      } fill: {
        LineBreakScanner.scan(utf8: bytes, into: &$0)
      }
    }
  }

  /// The opportunities of UTF-16 code units, as `opportunities(in:)`. An
  /// unpaired surrogate is a character of its own, of Line_Break class SG,
  /// which the rules treat as a letter (AL), as ICU's iterator does.
  ///
  /// - Complexity: O(n) in the number of code units.
  public static func opportunities(utf16 units: [UInt16]) -> [LineBreakOpportunity] {
    guard !units.isEmpty else { return [] }
    return units.withUnsafeBufferPointer { buffer in
      collect {
        LineBreakScanner.scan(utf16: buffer, into: &$0)
      } fill: {
        LineBreakScanner.scan(utf16: buffer, into: &$0)
      }
    }
  }

  /// The number of opportunities after offset 0 (the end included): what
  /// ICU's `ubrk_next` yields over the whole text.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `text`; memory O(1) for text
  ///   without SA characters.
  public static func count(in text: String) -> Int {
    guard !text.isEmpty else { return 0 }
    var counter = LineBreakCounter()
    withUTF8(text) { LineBreakScanner.scan(utf8: $0, into: &counter) }
    return counter.count
  }

  /// The opportunities of one text, in an array of the exact size: `count`
  /// scans the text into a counter, `fill` scans it again into the array's
  /// memory. The last opportunity (the end of the text) is marked mandatory
  /// (LB3).
  @inline(__always)
  private static func collect(
    count: (inout LineBreakCounter) -> Void, fill: (inout LineBreakFiller) -> Void
  ) -> [LineBreakOpportunity] {
    var counter = LineBreakCounter()
    count(&counter)
    let total = counter.count
    return [LineBreakOpportunity](unsafeUninitializedCapacity: total + 1) { memory, written in
      guard let base = memory.baseAddress else {
        written = 0
        return
      }
      var filler = LineBreakFiller(buffer: base, capacity: total + 1)
      fill(&filler)
      written = min(filler.count, total)
      if written > 0 { base[written - 1].kind = .mandatory }
    }
  }

  /// The size of the pieces of text that tests build to cross buffer-sized
  /// boundaries (the scan itself needs no pieces).
  static let chunkBytes = 1 << 16
}

/// A place where a line may or must end.
public struct LineBreakOpportunity: Hashable, Sendable {
  /// Whether a line must end here or may.
  public enum Kind: String, Hashable, Sendable {
    /// After a hard line break (LF, CR, CR LF, NEL, VT, FF, U+2028, U+2029) or
    /// at the end of the text.
    case mandatory
    /// A line may wrap here (after a space, between ideographs, …).
    case allowed
  }

  /// The offset in UTF-16 code units before which the line ends.
  public var offset: Int
  /// Mandatory or allowed.
  public var kind: Kind

  /// Creates an opportunity.
  public init(offset: Int, kind: Kind) {
    self.offset = offset
    self.kind = kind
  }
}

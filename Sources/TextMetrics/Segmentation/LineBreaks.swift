internal import CTextInputICU

/// Line-break opportunities (UAX #14, ICU's root-locale `UBRK_LINE` rules).
///
/// Offsets are **UTF-16 code units**. An opportunity at offset `o` means a line
/// may end (`.allowed`) or must end (`.mandatory`) before the unit at `o`.
///
/// ```swift
/// LineBreaks.opportunities(in: "a b\nc").map(\.offset)  // [2, 4, 5]
/// LineBreaks.opportunities(in: "a b\nc").map(\.kind)
/// // [.allowed, .mandatory, .mandatory]
/// ```
public enum LineBreaks {
  /// The opportunities after offset 0, the end of the text included (marked
  /// `.mandatory`, as UAX #14 rule LB3 breaks there). Empty text has none.
  ///
  /// If ICU cannot open its iterator (out of memory), the result is the end alone.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func opportunities(in text: String) -> [LineBreakOpportunity] {
    guard !text.isEmpty else { return [] }
    var result: [LineBreakOpportunity] = []
    let iterated = forEachChunk(of: text) { iterator, chunkStart in
      while let offset = iterator.next() {
        result.append(opportunity(iterator, offset: chunkStart + offset, isEnd: false))
      }
    }
    guard iterated != nil, !result.isEmpty else {
      return [LineBreakOpportunity(offset: text.utf16.count, kind: .mandatory)]
    }
    // LB3: the end of the text is a mandatory break.
    result[result.count - 1].kind = .mandatory
    return result
  }

  /// The opportunities of UTF-16 code units, as `opportunities(in:)`.
  ///
  /// - Complexity: O(n) in the number of code units.
  public static func opportunities(utf16 units: [UInt16]) -> [LineBreakOpportunity] {
    guard !units.isEmpty else { return [] }
    var result: [LineBreakOpportunity] = []
    let iterated: Void? = units.withUnsafeBufferPointer { buffer in
      guard let iterator = try? BreakIterator(.line), (try? iterator.setText(buffer)) != nil else {
        return nil
      }
      while let offset = iterator.next() {
        result.append(opportunity(iterator, offset: offset, isEnd: offset == buffer.count))
      }
      return ()
    }
    if iterated == nil { return [LineBreakOpportunity(offset: units.count, kind: .mandatory)] }
    return result
  }

  /// The number of opportunities after offset 0 (the end included): what
  /// `ubrk_next` yields over the whole text.
  ///
  /// If ICU cannot open its iterator, the count is 1 for non-empty text.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `text`; memory O(1) beyond a
  ///   64 KB working buffer for text with line feeds.
  public static func count(in text: String) -> Int {
    guard !text.isEmpty else { return 0 }
    var count = 0
    let iterated = forEachChunk(of: text) { iterator, _ in
      while iterator.next() != nil { count += 1 }
    }
    return iterated == nil ? 1 : count
  }

  private static func opportunity(_ iterator: BreakIterator, offset: Int, isEnd: Bool)
    -> LineBreakOpportunity
  {
    let status = iterator.ruleStatus
    let hard = status >= Int32(CTII_LINE_HARD) && status < Int32(CTII_LINE_HARD_LIMIT)
    return LineBreakOpportunity(offset: offset, kind: hard || isEnd ? .mandatory : .allowed)
  }

  /// About how many UTF-8 bytes go to ICU at once.
  static let chunkBytes = 1 << 16

  /// Runs ICU's line iterator over `text` in pieces that each end just after a
  /// line feed (or at the end of the text), each transcoded to UTF-16. UAX #14
  /// always breaks after LF (LB5), and ICU's iterator carries no
  /// state across a boundary, so the pieces give exactly the boundaries of the
  /// whole text. `body` gets the iterator set on a piece and the piece's start
  /// in UTF-16 code units. Returns the total UTF-16 length, or nil if ICU failed.
  private static func forEachChunk(
    of text: String, _ body: (BreakIterator, Int) -> Void
  ) -> Int? {
    withUTF8(text) { bytes -> Int? in
      guard let base = bytes.baseAddress, let iterator = try? BreakIterator(.line) else {
        return nil
      }
      var start = 0
      var utf16Start = 0
      while start < bytes.count {
        var end = min(start + chunkBytes, bytes.count)
        if end < bytes.count {
          // Cut after the last LF of the window, or else after the next one.
          var cut = end
          while cut > start, base[cut - 1] != 0x0A { cut -= 1 }
          if cut == start {
            cut = end
            while cut < bytes.count, base[cut - 1] != 0x0A { cut += 1 }
          }
          end = cut
        }
        let buffer = utf16(ofValidUTF8: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        let ok: Bool = buffer.withUnsafeBufferPointer { units in
          guard (try? iterator.setText(units)) != nil else { return false }
          body(iterator, utf16Start)
          return true
        }
        guard ok else { return nil }
        utf16Start += buffer.count
        start = end
      }
      return utf16Start
    }
  }
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

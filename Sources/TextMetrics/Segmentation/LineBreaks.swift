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
    opportunities(utf16: Array(text.utf16))
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
        let status = iterator.ruleStatus
        let hard = status >= Int32(CTII_LINE_HARD) && status < Int32(CTII_LINE_HARD_LIMIT)
        let kind: LineBreakOpportunity.Kind =
          hard || offset == buffer.count ? .mandatory : .allowed
        result.append(LineBreakOpportunity(offset: offset, kind: kind))
      }
      return ()
    }
    if iterated == nil { return [LineBreakOpportunity(offset: units.count, kind: .mandatory)] }
    return result
  }

  /// The number of opportunities after offset 0 (the end included), counted over
  /// the string's UTF-8 storage with no copy: what `ubrk_next` yields.
  ///
  /// If ICU cannot open its iterator, the count is 1 for non-empty text.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `text`.
  public static func count(in text: String) -> Int {
    guard !text.isEmpty else { return 0 }
    return withUTF8(text) { bytes in
      guard let iterator = try? BreakIterator(.line),
        (try? iterator.setText(utf8: bytes)) != nil
      else { return 1 }
      var count = 0
      while iterator.next() != nil { count += 1 }
      return count
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

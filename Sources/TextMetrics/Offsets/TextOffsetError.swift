/// An offset, index or range that does not fit the text it was used with.
///
/// Every case carries the bad value and what was allowed, and its
/// `description` says both.
public enum TextOffsetError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A UTF-16 offset outside the text.
  case offsetOutOfBounds(offset: Int, utf16Count: Int)
  /// A segment (grapheme, word) index outside `0...segmentCount`.
  case segmentIndexOutOfBounds(index: Int, segmentCount: Int)
  /// A UTF-16 offset that falls between the two units of a surrogate pair, so
  /// no `String.Index` stands there.
  case insideSurrogatePair(offset: Int)
  /// A `String.Index` that does not belong to the text (past its end). The
  /// index is kept as given: its offset in the text it came from cannot be
  /// measured in this one.
  case indexOutOfBounds(index: String.Index, utf16Count: Int)

  public var description: String {
    switch self {
    case .offsetOutOfBounds(let offset, let count):
      return "UTF-16 offset \(offset) is outside the text: expected 0...\(count)"
    case .segmentIndexOutOfBounds(let index, let count):
      return "segment index \(index) is out of bounds: expected 0...\(count)"
    case .insideSurrogatePair(let offset):
      return
        "UTF-16 offset \(offset) splits a surrogate pair: expected an offset on a scalar boundary"
    case .indexOutOfBounds(let index, let count):
      return
        "string index \(String(reflecting: index)) is past the text's end: expected an index "
        + "of this text, at most its end (UTF-16 offset \(count))"
    }
  }
}

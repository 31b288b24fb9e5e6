/// Conversions between UTF-16 offsets, `String.Index` and grapheme indices.
///
/// UTF-16 offsets are what `NSRange`, `UITextInput` and `NSString` use; grapheme
/// indices count clusters as `Graphemes` segments them; `String.Index` is
/// Swift's own position. Conversions that can fail throw `TextOffsetError`.
///
/// ```swift
/// let text = "a👍🏽b"
/// let index = try TextOffsets.stringIndex(forUTF16Offset: 5, in: text)
/// text[index]                                          // "b"
/// try TextOffsets.utf16Offset(of: index, in: text)     // 5
/// try TextOffsets.graphemeIndex(forUTF16Offset: 5, in: text)  // 2
/// try TextOffsets.utf16Offset(forGraphemeIndex: 2, in: text)  // 5
/// ```
public enum TextOffsets {
  /// The `String.Index` at a UTF-16 offset.
  ///
  /// - Throws: `.offsetOutOfBounds` unless `0 <= offset <= text.utf16.count`;
  ///   `.insideSurrogatePair` if the offset splits a surrogate pair.
  /// - Complexity: O(n) in the worst case (amortized less on native strings,
  ///   which keep UTF-16 breadcrumbs).
  public static func stringIndex(forUTF16Offset offset: Int, in text: String)
    throws(TextOffsetError) -> String.Index
  {
    let count = text.utf16.count
    guard offset >= 0, offset <= count else {
      throw .offsetOutOfBounds(offset: offset, utf16Count: count)
    }
    let index = text.utf16.index(text.utf16.startIndex, offsetBy: offset)
    guard index.samePosition(in: text.unicodeScalars) != nil else {
      throw .insideSurrogatePair(offset: offset)
    }
    return index
  }

  /// The UTF-16 offset of a `String.Index`.
  ///
  /// - Throws: `.indexOutOfBounds` if `index` is past the end of `text`.
  /// - Complexity: O(n) in the worst case, as `stringIndex(forUTF16Offset:in:)`.
  public static func utf16Offset(of index: String.Index, in text: String)
    throws(TextOffsetError) -> Int
  {
    // Checked before measuring: `utf16Offset(in:)` traps on an index past the end.
    guard index <= text.endIndex else {
      throw .indexOutOfBounds(index: index, utf16Count: text.utf16.count)
    }
    return index.utf16Offset(in: text)
  }

  /// The index of the grapheme cluster containing a UTF-16 offset; the end of
  /// the text gives the cluster count.
  ///
  /// Segments `text` each call: keep `Graphemes.boundaries(in:)` and use
  /// `TextBoundaries.segmentIndex(containing:)` for repeated queries.
  ///
  /// - Throws: `.offsetOutOfBounds` unless `0 <= offset <= text.utf16.count`.
  /// - Complexity: O(n) in the length of `text`.
  public static func graphemeIndex(forUTF16Offset offset: Int, in text: String)
    throws(TextOffsetError) -> Int
  {
    try Graphemes.boundaries(in: text).segmentIndex(containing: offset)
  }

  /// The UTF-16 offset where grapheme cluster `index` starts; the cluster count
  /// gives the end of the text.
  ///
  /// - Throws: `.segmentIndexOutOfBounds` unless `0 <= index <= count`.
  /// - Complexity: O(n) in the length of `text`.
  public static func utf16Offset(forGraphemeIndex index: Int, in text: String)
    throws(TextOffsetError) -> Int
  {
    try Graphemes.boundaries(in: text).offset(ofSegment: index)
  }
}

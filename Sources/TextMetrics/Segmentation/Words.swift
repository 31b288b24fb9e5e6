internal import CTextInputICU
public import Foundation

/// Word boundaries (UAX #29 word boundaries, ICU's root-locale `UBRK_WORD`
/// rules), for double-click selection and word-wise caret moves.
///
/// Offsets are **UTF-16 code units**.
///
/// ```swift
/// let words = Words.segmentation(in: "Hello, wörld!")
/// words.boundaries.offsets            // [0, 5, 6, 7, 12, 13]
/// words.nextWordEnd(after: 0)         // 5
/// words.previousWordStart(before: 12) // 7
/// ```
public enum Words {
  /// The word segmentation of `text`.
  ///
  /// If ICU cannot open its iterator (out of memory), the whole text is one
  /// segment.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public static func segmentation(in text: String) -> WordSegmentation {
    segmentation(utf16: Array(text.utf16))
  }

  /// The word segmentation of UTF-16 code units.
  ///
  /// - Complexity: O(n) in the number of code units.
  public static func segmentation(utf16 units: [UInt16]) -> WordSegmentation {
    var segments: [WordSegment] = []
    var offsets: [Int] = [0]
    let iterated: Void? = units.withUnsafeBufferPointer { buffer in
      guard let iterator = try? BreakIterator(.word), (try? iterator.setText(buffer)) != nil else {
        return nil
      }
      var previous = 0
      while let offset = iterator.next() {
        guard offset > previous else { continue }
        let status = iterator.ruleStatus
        segments.append(
          WordSegment(
            range: NSRange(location: previous, length: offset - previous),
            isWord: status >= Int32(CTII_WORD_NONE_LIMIT)))
        offsets.append(offset)
        previous = offset
      }
      return ()
    }
    if iterated == nil, !units.isEmpty {
      segments = [WordSegment(range: NSRange(location: 0, length: units.count), isWord: true)]
      offsets = [0, units.count]
    }
    return WordSegmentation(segments: segments, boundaries: TextBoundaries(sortedOffsets: offsets))
  }
}

/// One segment between two word boundaries.
public struct WordSegment: Hashable, Sendable {
  /// The segment's range in UTF-16 code units.
  public var range: NSRange
  /// Whether it is a word (letters, numbers, kana, ideographs) rather than
  /// spaces or punctuation.
  public var isWord: Bool

  /// Creates a segment.
  public init(range: NSRange, isWord: Bool) {
    self.range = range
    self.isWord = isWord
  }
}

/// The word segments of a text and the caret moves they give.
public struct WordSegmentation: Hashable, Sendable {
  /// The segments in order; they tile the text.
  public let segments: [WordSegment]
  /// The boundaries between segments (0 and the end included).
  public let boundaries: TextBoundaries

  /// The segment containing `offset` (UTF-16 code units): what a double click
  /// there selects.
  ///
  /// - Throws: `TextOffsetError.offsetOutOfBounds` unless `0 <= offset < utf16Count`.
  /// - Complexity: O(log n) in the number of segments.
  public func segment(containing offset: Int) throws(TextOffsetError) -> WordSegment {
    let index = try boundaries.segmentIndex(containing: offset)
    guard index < segments.count else {
      throw .offsetOutOfBounds(offset: offset, utf16Count: boundaries.utf16Count)
    }
    return segments[index]
  }

  /// Where a word-wise move to the right from `offset` lands: the end of the
  /// first word that ends after `offset`, or the end of the text. The offset
  /// is clamped to the text first.
  ///
  /// - Complexity: O(n) in the number of segments after `offset`.
  public func nextWordEnd(after offset: Int) -> Int {
    let clamped = min(max(offset, 0), boundaries.utf16Count)
    var index = (try? boundaries.segmentIndex(containing: clamped)) ?? segments.count
    while index < segments.count {
      let segment = segments[index]
      let end = segment.range.location + segment.range.length
      if segment.isWord, end > clamped { return end }
      index += 1
    }
    return boundaries.utf16Count
  }

  /// Where a word-wise move to the left from `offset` lands: the start of the
  /// last word that starts before `offset`, or 0. The offset is clamped first.
  ///
  /// - Complexity: O(n) in the number of segments before `offset`.
  public func previousWordStart(before offset: Int) -> Int {
    let clamped = min(max(offset, 0), boundaries.utf16Count)
    guard clamped > 0 else { return 0 }
    var index = (try? boundaries.segmentIndex(containing: clamped - 1)) ?? -1
    while index >= 0 {
      let segment = segments[index]
      if segment.isWord, segment.range.location < clamped { return segment.range.location }
      index -= 1
    }
    return 0
  }
}

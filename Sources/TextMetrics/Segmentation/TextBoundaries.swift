public import Foundation
import TextInputBase

/// Sorted boundary offsets of a text, in **UTF-16 code units**, with the queries
/// a caret needs: snapping, next and previous boundary, the segment containing
/// an offset, and widening a range to boundaries.
///
/// `offsets` always holds 0 and the text's UTF-16 length (so the empty text has
/// the single boundary 0). Segment `i` is `offsets[i]..<offsets[i + 1]`.
///
/// ```swift
/// let clusters = Graphemes.boundaries(in: "e\u{301}👍🏽!")
/// clusters.offsets                       // [0, 2, 6, 7]
/// clusters.snap(3, .backward)            // 2
/// clusters.widened(NSRange(location: 1, length: 2))  // {0, 6}
/// ```
public struct TextBoundaries: Hashable, Sendable {
  /// Boundary offsets in UTF-16 code units, ascending, 0 and the length included.
  public let offsets: [Int]

  /// Creates boundaries from ascending UTF-16 offsets that start at 0.
  ///
  /// Used by the segmenters and by modules of this package that keep
  /// boundaries up to date themselves (the editor's grapheme index); offsets
  /// are taken as given. O(1): the array is shared, not copied.
  package init(sortedOffsets: [Int]) {
    self.offsets = sortedOffsets.isEmpty ? [0] : sortedOffsets
  }

  /// The text's length in UTF-16 code units (the last boundary).
  public var utf16Count: Int { offsets.last ?? 0 }

  /// The number of segments (for graphemes: the number of clusters).
  public var segmentCount: Int { offsets.count - 1 }

  /// Whether `offset` (UTF-16 code units) is a boundary.
  ///
  /// - Complexity: O(log n) in the number of boundaries.
  public func isBoundary(_ offset: Int) -> Bool {
    let index = lowerBound(offset)
    return index < offsets.count && offsets[index] == offset
  }

  /// Moves `offset` (UTF-16 code units) onto a boundary.
  ///
  /// An offset outside the text is first clamped to `0...utf16Count`, so the
  /// result is always a boundary of this text. `.nearest` prefers the backward
  /// boundary on a tie.
  ///
  /// - Complexity: O(log n) in the number of boundaries.
  public func snap(_ offset: Int, _ direction: SnapDirection) -> Int {
    let clamped = Swift.min(Swift.max(offset, 0), utf16Count)
    let index = lowerBound(clamped)
    if offsets[index] == clamped { return clamped }
    let after = offsets[index]
    let before = offsets[index - 1]
    switch direction {
    case .backward: return before
    case .forward: return after
    case .nearest: return clamped - before <= after - clamped ? before : after
    }
  }

  /// The first boundary after `offset` (UTF-16 code units), or nil at or past
  /// the end. A negative offset gives 0.
  ///
  /// - Complexity: O(log n) in the number of boundaries.
  public func boundary(after offset: Int) -> Int? {
    let index = upperBound(Swift.max(offset, -1))
    return index < offsets.count ? offsets[index] : nil
  }

  /// The last boundary before `offset` (UTF-16 code units), or nil at or
  /// before 0. An offset past the end gives the end.
  ///
  /// - Complexity: O(log n) in the number of boundaries.
  public func boundary(before offset: Int) -> Int? {
    let clamped = Swift.min(offset, utf16Count + 1)
    let index = lowerBound(clamped)
    return index > 0 ? offsets[index - 1] : nil
  }

  /// The index of the segment that contains `offset` (UTF-16 code units): for
  /// graphemes, the grapheme index. The end offset gives `segmentCount`.
  ///
  /// - Throws: `TextOffsetError.offsetOutOfBounds` unless
  ///   `0 <= offset <= utf16Count`.
  /// - Complexity: O(log n) in the number of boundaries.
  public func segmentIndex(containing offset: Int) throws(TextOffsetError) -> Int {
    guard offset >= 0, offset <= utf16Count else {
      throw .offsetOutOfBounds(offset: offset, utf16Count: utf16Count)
    }
    let index = upperBound(offset)
    return index - 1
  }

  /// The segment that contains `offset` (UTF-16 code units), as a UTF-16 range.
  ///
  /// - Throws: `TextOffsetError.offsetOutOfBounds` unless
  ///   `0 <= offset < utf16Count` (the end of the text is in no segment).
  /// - Complexity: O(log n) in the number of boundaries.
  public func segment(containing offset: Int) throws(TextOffsetError) -> NSRange {
    guard offset >= 0, offset < utf16Count else {
      throw .offsetOutOfBounds(offset: offset, utf16Count: utf16Count)
    }
    return segment(at: upperBound(offset) - 1)
  }

  /// The UTF-16 offset where segment `index` starts; `segmentCount` gives the end.
  ///
  /// - Throws: `TextOffsetError.segmentIndexOutOfBounds` unless
  ///   `0 <= index <= segmentCount`.
  /// - Complexity: O(1).
  public func offset(ofSegment index: Int) throws(TextOffsetError) -> Int {
    guard index >= 0, index <= segmentCount else {
      throw .segmentIndexOutOfBounds(index: index, segmentCount: segmentCount)
    }
    return offsets[index]
  }

  /// The smallest range on boundaries that contains `range` (UTF-16 code units).
  ///
  /// The range is first clamped to the text by `NSRange.clamped(toLength:)` (a
  /// location of `NSNotFound` or past the end is the empty range at the end).
  /// An empty range inside a segment becomes the empty range at the segment's
  /// start.
  ///
  /// - Complexity: O(log n) in the number of boundaries.
  public func widened(_ range: NSRange) -> NSRange {
    let clamped = range.clamped(toLength: utf16Count)
    let (start, end) = (clamped.lowerBound, clamped.upperBound)
    let lower = snap(start, .backward)
    let upper = end == start ? lower : snap(end, .forward)
    return NSRange(location: lower, length: upper - lower)
  }

  /// The range of segment `index` (which must be valid).
  func segment(at index: Int) -> NSRange {
    NSRange(location: offsets[index], length: offsets[index + 1] - offsets[index])
  }

  /// The first index whose offset is >= `offset`.
  private func lowerBound(_ offset: Int) -> Int {
    offsets.partitioningIndex { $0 >= offset }
  }

  /// The first index whose offset is > `offset`.
  private func upperBound(_ offset: Int) -> Int {
    offsets.partitioningIndex { $0 > offset }
  }
}

/// Which way `TextBoundaries.snap(_:_:)` moves an offset that is not on a boundary.
public enum SnapDirection: String, Hashable, Sendable, CaseIterable {
  /// To the boundary at or before the offset (where a caret lands on delete-backward).
  case backward
  /// To the boundary at or after the offset.
  case forward
  /// To the closer boundary; the backward one on a tie.
  case nearest
}

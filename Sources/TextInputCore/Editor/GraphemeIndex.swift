import Foundation
import TextInputBase
import TextMetrics

/// The grapheme cluster boundaries of an editor's text (UTF-16 code units),
/// kept up to date edit by edit: an edit re-segments only from the boundary
/// before it to the first boundary after it that the old text shared.
///
/// Storage is the gap-buffer core the editing structures share
/// (`GapBuffer`), with the gap at the last edit: the boundaries after it are
/// stored relative to one shift, which an edit changes by its change in
/// length instead of moving every later boundary. So a keystroke costs
/// O(edit + nearby clusters) plus moving the gap from the previous edit
/// (nothing when typing goes on where it was), not O(text). A query is a
/// binary search (`Boundaries`, an O(1) random-access view); `offsets`, the
/// array, is built on demand (O(n)).
struct GraphemeIndex: Sendable {
  /// The boundaries, ascending. Offsets are kept in 32 bits (4 bytes a
  /// boundary, not 8): a text of up to `UInt32.max` UTF-16 code units.
  private var boundaries: GapBuffer<BoundaryOffset>
  /// The text's length in UTF-16 code units.
  private(set) var count: Int

  init(units: [UInt16]) {
    boundaries = GapBuffer(Graphemes.boundaries(utf16: units).offsets.map(BoundaryOffset.init))
    count = units.count
  }

  /// The boundaries, ascending, as a random-access view (O(1) to make and
  /// to index).
  var view: GraphemeBoundaries { GraphemeBoundaries(boundaries: boundaries) }

  /// Ascending boundaries, 0 and the length included.
  ///
  /// - Complexity: O(n): built from the gap buffer.
  var offsets: [Int] { boundaries.array.map(\.offset) }

  /// The first index of `view` whose offset is >= `offset`.
  private func lowerBound(_ offset: Int) -> Int {
    boundaries.partitioningIndex { $0.offset >= offset }
  }

  /// The first index of `view` whose offset is > `offset`.
  private func upperBound(_ offset: Int) -> Int {
    boundaries.partitioningIndex { $0.offset > offset }
  }

  func isBoundary(_ offset: Int) -> Bool {
    let boundaries = view
    let index = lowerBound(offset)
    return index < boundaries.endIndex && boundaries[index] == offset
  }

  /// The boundary at or before / at or after `offset` (clamped to the text).
  private func snap(_ offset: Int, forward: Bool) -> Int {
    let clamped = Swift.min(Swift.max(offset, 0), count)
    let boundaries = view
    let index = lowerBound(clamped)
    if boundaries[index] == clamped { return clamped }
    return forward ? boundaries[index] : boundaries[index - 1]
  }

  /// The boundary at or before `offset` (clamped to the text).
  func snapBackward(_ offset: Int) -> Int { snap(offset, forward: false) }

  /// The boundary at or after `offset` (clamped to the text).
  func snapForward(_ offset: Int) -> Int { snap(offset, forward: true) }

  /// The last boundary before `offset`, or nil at 0.
  func before(_ offset: Int) -> Int? {
    let index = lowerBound(Swift.min(offset, count + 1))
    return index > 0 ? view[index - 1] : nil
  }

  /// The first boundary after `offset`, or nil at the end.
  func after(_ offset: Int) -> Int? {
    let boundaries = view
    let index = upperBound(Swift.max(offset, -1))
    return index < boundaries.endIndex ? boundaries[index] : nil
  }

  /// `range` clamped to the text, then widened to boundaries; an empty range
  /// inside a cluster moves to `emptyDirection`'s boundary.
  func widened(_ range: NSRange, empty emptyDirection: SnapDirection = .backward) -> NSRange {
    let clamped = range.clamped(toLength: count)
    let (start, end) = (clamped.lowerBound, clamped.upperBound)
    if start == end, emptyDirection == .forward {
      return NSRange(location: snapForward(start), length: 0)
    }
    let lower = snapBackward(start)
    let upper = end == start ? lower : snapForward(end)
    return NSRange(location: lower, length: upper - lower)
  }

  /// Updates the boundaries after `units` (the new text) had `oldLength` code
  /// units at `start` replaced by `newLength`.
  ///
  /// Correct because a boundary before the edit stays a boundary (its decision
  /// reads only text before it and the unchanged character after it), and
  /// segmenting from any boundary is independent of the text before it (every
  /// rule that looks back — emoji ZWJ sequences, regional indicator pairs,
  /// Indic conjuncts — looks back only inside one cluster). Once a new boundary
  /// after the edit is also an old one (shifted), the rest is unchanged: the
  /// old boundaries from there on stay, moved by the change in length.
  ///
  /// - Returns: The range of the new text whose clusters were segmented
  ///   again (from the boundary before the edit to the first boundary after
  ///   it the old text shared): outside it, the clusters are the old ones.
  @discardableResult
  mutating func update(units: UTF16Buffer, start: Int, oldLength: Int, newLength: Int)
    -> Range<Int>
  {
    guard oldLength != 0 || newLength != 0 else { return start..<start }
    let newCount = units.count
    let delta = newLength - oldLength
    // The boundary before the edit (0 at the start): the first one re-segmented.
    let baseIndex = Swift.max(lowerBound(start == 0 ? 1 : start) - 1, 0)
    let base = boundaries[baseIndex].offset
    let newEditEnd = start + newLength
    var window = Swift.max(newEditEnd - base, 0) + 64
    while true {
      var end = Swift.min(newCount, base + window)
      // Never end the window between a surrogate pair: the lone lead
      // surrogate would segment as a cluster of its own, and a boundary
      // before it (inside a regional indicator pair, say) could then match a
      // shifted old boundary and be kept.
      if end < newCount, UTF16.isLeadSurrogate(units[end - 1]), UTF16.isTrailSurrogate(units[end]) {
        end += 1
      }
      let local = Graphemes.boundaries(utf16: Array(units[base..<end])).offsets
      for i in 1..<local.count {
        let p = local[i] + base
        if p >= end { break }
        guard p >= newEditEnd else { continue }
        // The old boundary p - delta, if any: the same one, moved.
        let old = lowerBound(p - delta)
        if old < boundaries.count, boundaries[old].offset == p - delta {
          // The old boundaries between the edit and the common one go; the
          // common one and those after it stay, moved by the change.
          boundaries.replaceSubrange(
            baseIndex..<old, with: local[0..<i].map { BoundaryOffset($0 + base) }, shift: delta,
            minimumGap: 64)
          count = newCount
          return base..<p
        }
      }
      if end == newCount {
        boundaries.replaceSubrange(
          baseIndex..<boundaries.count, with: local.map { BoundaryOffset($0 + base) },
          shift: delta, minimumGap: 64)
        count = newCount
        return base..<newCount
      }
      window *= 2
    }
  }
}

/// A boundary's offset as stored: 32 bits, wrapping (after the gap it is
/// relative to the gap buffer's shift, and may be below zero there).
struct BoundaryOffset: GapBufferElement {
  var raw: UInt32

  init(_ offset: Int) { raw = UInt32(truncatingIfNeeded: offset) }
  init(raw: UInt32) { self.raw = raw }

  /// The offset (of an absolute boundary).
  var offset: Int { Int(raw) }

  static var noShift: Int { 0 }
  static func isNoShift(_ shift: Int) -> Bool { shift == 0 }
  static func combined(_ a: Int, _ b: Int) -> Int { a + b }
  func shifted(by shift: Int) -> BoundaryOffset {
    BoundaryOffset(raw: raw &+ UInt32(truncatingIfNeeded: shift))
  }
  func unshifted(by shift: Int) -> BoundaryOffset {
    BoundaryOffset(raw: raw &- UInt32(truncatingIfNeeded: shift))
  }
}

extension GraphemeIndex: Hashable {
  static func == (a: Self, b: Self) -> Bool { a.count == b.count && a.view.elementsEqual(b.view) }
  func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for offset in view { hasher.combine(offset) }
  }
}

/// The grapheme boundaries of an editor's text (UTF-16 code units, 0 and the
/// length included), ascending, as a random-access view of its grapheme
/// index (`EditorState.graphemeBoundaryView`): for the behaviours that look
/// boundaries up by index, without building the array.
package struct GraphemeBoundaries: RandomAccessCollection, Sendable {
  let boundaries: GapBuffer<BoundaryOffset>

  package var startIndex: Int { 0 }
  package var endIndex: Int { boundaries.count }

  /// Boundary `index` (which must be valid).
  ///
  /// - Complexity: O(1).
  package subscript(index: Int) -> Int { boundaries[index].offset }
}

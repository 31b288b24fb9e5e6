import Foundation
import TextInputBase
import TextMetrics

/// The grapheme cluster boundaries of an editor's text (UTF-16 code units),
/// kept up to date edit by edit: an edit re-segments only from the boundary
/// before it to the first boundary after it that the old text shared.
///
/// Storage is a gap buffer at the last edit: the boundaries before the gap
/// (`head`, offsets from the start) and after it (`tail`, distances from the
/// end, nearest the gap last). An edit changes neither: the distances from
/// the end of the boundaries after it stay what they were, so a keystroke
/// costs O(edit + nearby clusters) plus moving the gap from the previous
/// edit (nothing when typing goes on where it was), not O(text). A query is
/// a binary search over the two halves (`Boundaries`, an O(1) random-access
/// view); `offsets`, the array, is built on demand (O(n)).
struct GraphemeIndex: Sendable {
  /// Boundaries before the gap, ascending offsets. Offsets are kept in 32
  /// bits (4 bytes a boundary, not 8): a text of up to `UInt32.max` UTF-16
  /// code units.
  private var head: [UInt32]
  /// Boundaries after the gap as `count - offset`, ascending (so the
  /// boundary nearest the gap is last).
  private var tail: [UInt32]
  /// The text's length in UTF-16 code units.
  private(set) var count: Int

  init(units: [UInt16]) {
    head = Graphemes.boundaries(utf16: units).offsets.map(Self.stored)
    tail = []
    count = units.count
  }

  /// An offset or a distance as stored (32 bits; a text longer than
  /// `UInt32.max` code units is past what the index holds).
  @inline(__always)
  static func stored(_ value: Int) -> UInt32 { UInt32(truncatingIfNeeded: value) }

  /// The boundaries, ascending, as a random-access view (O(1) to make and
  /// to index).
  var view: GraphemeBoundaries { GraphemeBoundaries(head: head, tail: tail, count: count) }

  /// Ascending boundaries, 0 and the length included.
  ///
  /// - Complexity: O(n): built from the two halves.
  var offsets: [Int] { Array(view) }

  /// The first index of `view` whose offset is >= `offset`.
  private func lowerBound(_ offset: Int) -> Int { view.partitioningIndex { $0 >= offset } }

  /// The first index of `view` whose offset is > `offset`.
  private func upperBound(_ offset: Int) -> Int { view.partitioningIndex { $0 > offset } }

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

  /// Moves the gap so that `head` holds exactly the boundaries below `offset`.
  ///
  /// - Complexity: O(k) in the boundaries it passes.
  private mutating func moveGap(to offset: Int) {
    // Moved in bulk (a binary search, then one append and one removal per
    // side): a jump between far places moves many boundaries.
    let count = self.count
    let fromHead = head.partitioningIndex { Int($0) >= offset }
    if fromHead < head.count {
      tail.append(
        contentsOf: head[fromHead...].reversed().lazy.map { Self.stored(count - Int($0)) })
      head.removeSubrange(fromHead...)
    }
    // Tail entries are distances from the end, ascending: those before
    // `offset` are a suffix.
    let fromTail = tail.partitioningIndex { Int($0) > count - offset }
    if fromTail < tail.count {
      head.append(
        contentsOf: tail[fromTail...].reversed().lazy.map { Self.stored(count - Int($0)) })
      tail.removeSubrange(fromTail...)
    }
  }

  /// Updates the boundaries after `units` (the new text) had `oldLength` code
  /// units at `start` replaced by `newLength`.
  ///
  /// Correct because a boundary before the edit stays a boundary (its decision
  /// reads only text before it and the unchanged character after it), and
  /// segmenting from any boundary is independent of the text before it (every
  /// rule that looks back — emoji ZWJ sequences, regional indicator pairs,
  /// Indic conjuncts — looks back only inside one cluster). Once a new boundary
  /// after the edit is also an old one (shifted), the rest is unchanged: in
  /// the tail, whose distances from the end an edit before them keeps, it is
  /// the same entry.
  mutating func update(units: UTF16Buffer, start: Int, oldLength: Int, newLength: Int) {
    guard oldLength != 0 || newLength != 0 else { return }
    let newCount = units.count
    // The gap just after the boundary before the edit (0 at the start).
    moveGap(to: start == 0 ? 1 : start)
    let base = Int(head.removeLast())
    // The tail now holds the old boundaries after `base`, as distances from
    // the old end, which are the new end's for the text after the edit.
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
      var syncLocal: Int?
      var syncTail = 0
      for i in 1..<local.count {
        let p = local[i] + base
        if p >= end { break }
        if p >= newEditEnd {
          // The old boundary p - delta, if any, is the tail entry newCount - p.
          let distance = newCount - p
          let index = tail.partitioningIndex { Int($0) >= distance }
          if index < tail.count, Int(tail[index]) == distance {
            syncLocal = i
            syncTail = index
            break
          }
        }
      }
      if let syncLocal {
        // The old boundaries between the edit and the common one go; the
        // common one and those after it stay in the tail as they are.
        tail.removeSubrange((syncTail + 1)..<tail.count)
        head.append(contentsOf: local[0..<syncLocal].map { Self.stored($0 + base) })
        count = newCount
        return
      }
      if end == newCount {
        head.append(contentsOf: local.map { Self.stored($0 + base) })
        tail = []
        count = newCount
        return
      }
      window *= 2
    }
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
  let head: [UInt32]
  let tail: [UInt32]
  let length: Int

  init(head: [UInt32], tail: [UInt32], count: Int) {
    self.head = head
    self.tail = tail
    length = count
  }

  package var startIndex: Int { 0 }
  package var endIndex: Int { head.count + tail.count }

  /// Boundary `index` (which must be valid).
  ///
  /// - Complexity: O(1).
  package subscript(index: Int) -> Int {
    index < head.count
      ? Int(head[index]) : length - Int(tail[tail.count - 1 - (index - head.count)])
  }
}

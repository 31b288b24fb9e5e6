import Foundation
import TextInputBase
import TextMetrics

/// The grapheme cluster boundaries of an editor's text (UTF-16 code units),
/// kept up to date edit by edit: an edit re-segments only from the boundary
/// before it to the first boundary after it that the old text shared.
///
/// Storage is one bit per code unit (`BoundaryBits`: set where a cluster
/// starts, the text's end a boundary besides), a gap buffer of bits with
/// the gap at the last edit and counts per block: about 0.15 bytes a code
/// unit. The bits after an edit need no shift (a bit's place is its
/// offset), so a keystroke costs O(edit + nearby clusters) plus moving the
/// gap from the previous edit (nothing when typing goes on where it was),
/// not O(text). Finding the boundary before or after an offset scans words
/// of bits; the k-th boundary (`GraphemeBoundaries`) and the number of
/// boundaries before an offset read the block counts.
struct GraphemeIndex: Sendable {
  /// A bit per code unit, set at each boundary but the text's end.
  private var bits: BoundaryBits

  /// The text's length in UTF-16 code units.
  var count: Int { bits.count }

  init(units: [UInt16]) {
    bits = BoundaryBits(count: units.count, set: Graphemes.boundaries(utf16: units).offsets)
  }

  /// The boundaries, ascending, as a random-access view (O(1) to make; an
  /// index is read through the block counts).
  var view: GraphemeBoundaries { GraphemeBoundaries(bits: bits) }

  /// Ascending boundaries, 0 and the length included.
  ///
  /// - Complexity: O(n / 64 + c) for the c clusters.
  var offsets: [Int] { bits.setPositions + [count] }

  func isBoundary(_ offset: Int) -> Bool {
    offset == count || (offset >= 0 && offset < count && bits.isSet(offset))
  }

  /// The boundary at or before / at or after `offset` (clamped to the text).
  private func snap(_ offset: Int, forward: Bool) -> Int {
    let clamped = Swift.min(Swift.max(offset, 0), count)
    if isBoundary(clamped) { return clamped }
    return forward ? (after(clamped) ?? count) : (before(clamped) ?? 0)
  }

  /// The boundary at or before `offset` (clamped to the text).
  func snapBackward(_ offset: Int) -> Int { snap(offset, forward: false) }

  /// The boundary at or after `offset` (clamped to the text).
  func snapForward(_ offset: Int) -> Int { snap(offset, forward: true) }

  /// The last boundary before `offset`, or nil at 0.
  func before(_ offset: Int) -> Int? {
    if offset > count { return count }
    return bits.previous(before: offset)
  }

  /// The first boundary after `offset`, or nil at the end.
  func after(_ offset: Int) -> Int? {
    guard offset < count else { return nil }
    return bits.next(after: offset) ?? count
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
    // The boundary before the edit (0 at the start): the first one re-segmented.
    let base = start == 0 ? 0 : (bits.previous(before: start) ?? 0)
    // The edited units' bits go; the new ones come clear. The old bits
    // after the edit are then where the new text's offsets put them.
    bits.replace(start: start, oldLength: oldLength, newLength: newLength)
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
      var sync: Int?
      for offset in local.dropFirst() {
        let p = offset + base
        if p >= end { break }
        // An old boundary here (moved with the text after the edit): from
        // here on the boundaries are the old ones.
        if p >= newEditEnd, bits.isSet(p) {
          sync = p
          break
        }
      }
      if sync != nil || end == newCount {
        let limit = sync ?? newCount
        // The old boundaries between the edit and `limit` go; the new ones come.
        for position in newEditEnd..<limit { bits.set(position, to: false) }
        for offset in local {
          let p = offset + base
          guard p < limit else { break }
          bits.set(p, to: true)
        }
        return base..<limit
      }
      window *= 2
    }
  }
}

/// The grapheme boundaries of an editor's text (UTF-16 code units, 0 and the
/// length included), ascending, as a random-access view of its grapheme
/// index (`EditorState.graphemeBoundaryView`): for the behaviours that look
/// boundaries up by index, without building the array.
package struct GraphemeBoundaries: RandomAccessCollection, Sendable {
  let bits: BoundaryBits

  package var startIndex: Int { 0 }
  package var endIndex: Int { bits.ones + 1 }

  /// Boundary `index` (which must be valid).
  ///
  /// - Complexity: O(s + b + w) through the block counts (see `BoundaryBits`).
  package subscript(index: Int) -> Int { index < bits.ones ? bits.select(index) : bits.count }
}

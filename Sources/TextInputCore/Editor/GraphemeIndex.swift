import Foundation
import TextInputBase
import TextMetrics

/// The grapheme cluster boundaries of an editor's text (UTF-16 code units),
/// kept up to date edit by edit: an edit re-segments only from the boundary
/// before it to the first boundary after it that the old text shared, so a
/// keystroke costs O(edit + nearby clusters), not O(text), plus shifting the
/// boundaries after the edit.
struct GraphemeIndex: Hashable, Sendable {
  /// Ascending boundaries, 0 and the length included.
  private(set) var offsets: [Int]

  init(units: [UInt16]) {
    offsets = Graphemes.boundaries(utf16: units).offsets
  }

  /// The text's length in UTF-16 code units.
  var count: Int { offsets[offsets.count - 1] }

  /// The boundaries as `TextBoundaries`, for its queries (O(1): shares `offsets`).
  var boundaries: TextBoundaries { TextBoundaries(sortedOffsets: offsets) }

  func isBoundary(_ offset: Int) -> Bool { boundaries.isBoundary(offset) }

  /// The boundary at or before `offset` (clamped to the text).
  func snapBackward(_ offset: Int) -> Int { boundaries.snap(offset, .backward) }

  /// The boundary at or after `offset` (clamped to the text).
  func snapForward(_ offset: Int) -> Int { boundaries.snap(offset, .forward) }

  /// The last boundary before `offset`, or nil at 0.
  func before(_ offset: Int) -> Int? { boundaries.boundary(before: offset) }

  /// The first boundary after `offset`, or nil at the end.
  func after(_ offset: Int) -> Int? { boundaries.boundary(after: offset) }

  /// `range` clamped to the text, then widened to boundaries; an empty range
  /// inside a cluster moves to `emptyDirection`'s boundary.
  func widened(_ range: NSRange, empty emptyDirection: SnapDirection = .backward) -> NSRange {
    let clamped = range.clamped(toLength: count)
    let (start, end) = (clamped.lowerBound, clamped.upperBound)
    if start == end, emptyDirection == .forward {
      return NSRange(location: snapForward(start), length: 0)
    }
    return boundaries.widened(range)
  }

  /// The first index of `offsets` whose offset is >= `offset`. (`update` needs
  /// indices into the array it splices, which `TextBoundaries` does not expose.)
  private func lowerBound(_ offset: Int) -> Int {
    offsets.partitioningIndex { $0 >= offset }
  }

  /// Updates the boundaries after `units` (the new text) had `oldLength` code
  /// units at `start` replaced by `newLength`.
  ///
  /// Correct because a boundary before the edit stays a boundary (its decision
  /// reads only text before it and the unchanged character after it), and
  /// segmenting from any boundary is independent of the text before it (every
  /// rule that looks back — emoji ZWJ sequences, regional indicator pairs,
  /// Indic conjuncts — looks back only inside one cluster). Once a new boundary
  /// after the edit is also an old one (shifted), the rest is unchanged.
  mutating func update(units: [UInt16], start: Int, oldLength: Int, newLength: Int) {
    guard oldLength != 0 || newLength != 0 else { return }
    let delta = newLength - oldLength
    let newCount = units.count
    let baseIndex = start == 0 ? 0 : lowerBound(start) - 1
    let base = offsets[baseIndex]
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
      var syncOld = 0
      for i in 1..<local.count {
        let p = local[i] + base
        if p >= end { break }
        if p >= newEditEnd {
          let oldIndex = lowerBound(p - delta)
          if oldIndex < offsets.count, offsets[oldIndex] == p - delta {
            syncLocal = i
            syncOld = oldIndex
            break
          }
        }
      }
      if let syncLocal {
        let replacement = local[0..<syncLocal].map { $0 + base }
        offsets.replaceSubrange(baseIndex..<syncOld, with: replacement)
        if delta != 0 {
          let first = baseIndex + replacement.count
          offsets.withUnsafeMutableBufferPointer { offsets in
            for k in first..<offsets.count { offsets[k] &+= delta }
          }
        }
        return
      }
      if end == newCount {
        offsets.replaceSubrange(baseIndex..<offsets.count, with: local.map { $0 + base })
        return
      }
      window *= 2
    }
  }
}

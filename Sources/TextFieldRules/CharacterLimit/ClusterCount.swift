import Foundation
import TextInputBase
import TextInputCore
import TextMetrics

/// Grapheme cluster counts of an editor's text after a proposed edit,
/// without segmenting the whole text: from the editor's kept boundaries
/// (`EditorState.graphemeBoundaries`) and a window around the edit.
enum ClusterCount {
  /// The number of grapheme clusters of `editor`'s text after `range`
  /// (UTF-16 code units, on grapheme boundaries) is replaced by
  /// `replacement`.
  ///
  /// Boundaries before the cluster that precedes the edit stay boundaries;
  /// the window from there is segmented until one of its boundaries past the
  /// replacement is an old boundary shifted by the edit, after which the
  /// clusters are the old ones (the argument `GraphemeIndex` rests on). So a
  /// combining mark, a second regional indicator or a ZWJ that joins the
  /// cluster before or after the edit counts 0, and an odd regional
  /// indicator that re-pairs the flags after it is counted right.
  ///
  /// - Complexity: O(m + k + log n): the replacement m, the clusters the
  ///   edit changes around it k (usually one or two), and two binary
  ///   searches of the text's n boundaries.
  static func count(
    afterReplacing range: NSRange, with replacement: ArraySlice<UInt16>, in editor: EditorState
  ) -> Int {
    let bounds = editor.graphemeBoundaryView
    let units = editor.utf16
    let oldCount = bounds.count - 1
    let location = range.location
    let upper = NSMaxRange(range)
    let startIndex = bounds.partitioningIndex { $0 >= location }
    let baseIndex = Swift.max(startIndex - 1, 0)
    let base = bounds[baseIndex]
    let delta = replacement.count - range.length
    let newEditEnd = location + replacement.count
    var extra = 64
    while true {
      var tailEnd = Swift.min(units.count, upper + extra)
      if tailEnd < units.count, tailEnd > 0, UTF16.isLeadSurrogate(units[tailEnd - 1]) {
        tailEnd += 1
      }
      var window: [UInt16] = []
      window.reserveCapacity(location - base + replacement.count + tailEnd - upper)
      window += units[base..<location]
      window += replacement
      window += units[upper..<tailEnd]
      let local = Graphemes.boundaries(utf16: window).offsets
      let atEnd = tailEnd == units.count
      for index in 1..<local.count {
        let position = local[index] + base
        if index == local.count - 1, !atEnd { break }
        guard position >= newEditEnd else { continue }
        let old = position - delta
        let oldIndex = bounds.partitioningIndex { $0 >= old }
        if oldIndex < bounds.count, bounds[oldIndex] == old {
          return baseIndex + index + (oldCount - oldIndex)
        }
      }
      if atEnd { return baseIndex + local.count - 1 }
      extra *= 2
    }
  }

  /// The longest prefix of `replacement` that ends on one of `cuts` (UTF-16
  /// offsets into it, ascending, 0 first) and leaves at most `limit`
  /// clusters once it replaces `range`, as an index into `cuts`; nil when
  /// even the empty prefix leaves more.
  ///
  /// - Complexity: O(log c) counts (`count(afterReplacing:with:in:)`) in
  ///   the number of cuts c.
  static func longestFit(
    replacing range: NSRange, with replacement: [UInt16], cuts: [Int], limit: Int,
    in editor: EditorState
  ) -> Int? {
    func fits(_ index: Int) -> Bool {
      count(afterReplacing: range, with: replacement[0..<cuts[index]], in: editor) <= limit
    }
    guard fits(0) else { return nil }
    // The count grows with a non-empty prefix: a cluster of the replacement
    // after the first one starts a cluster of its own in the result, and
    // the join at the prefix's end can only come undone. (The first one
    // may join the clusters either side and count one less than the empty
    // prefix, which fits anyway.) So the prefixes that fit are the first
    // ones, and a binary search finds the last.
    var low = 0
    var high = cuts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if fits(middle) { low = middle } else { high = middle - 1 }
    }
    return low
  }
}

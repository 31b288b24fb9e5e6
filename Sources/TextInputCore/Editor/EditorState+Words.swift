import Foundation
import TextMetrics

// Word moves and word deletes, segmenting only the text around the offset.
extension EditorState {
  /// Where a word-wise move to the left from `offset` lands (UTF-16 code
  /// units, clamped to the text): the start of the last word that starts
  /// before it, or 0, as `WordSegmentation.previousWordStart(before:)` over
  /// the whole text gives.
  ///
  /// Only a window around `offset` is segmented: from a place where a word
  /// boundary is certain (after a space, before a visible ASCII character,
  /// or the text's start) to one after it (after a visible ASCII character,
  /// before a space, or the end). When the answer is the window's start,
  /// the window grows fourfold and the text is segmented again.
  ///
  /// - Complexity: O(w) in the window, about 512 code units in text with
  ///   spaces; O(n) at worst (a long run without spaces).
  package func previousWordStart(before offset: Int) -> Int {
    let offset = Swift.min(Swift.max(offset, 0), utf16.count)
    var reach = 256
    while true {
      let window = wordWindow(around: offset, reach: reach)
      let local = Words.segmentation(utf16: Array(utf16[window]))
      let found = window.lowerBound + local.previousWordStart(before: offset - window.lowerBound)
      if found > window.lowerBound || window.lowerBound == 0 { return found }
      reach *= 4
    }
  }

  /// Where a word-wise move to the right from `offset` lands (UTF-16 code
  /// units, clamped to the text): the end of the first word that ends after
  /// it, or the text's end, as `WordSegmentation.nextWordEnd(after:)` over
  /// the whole text gives; segmenting a window around `offset`, as
  /// `previousWordStart(before:)` does.
  ///
  /// - Complexity: O(w) in the window, about 512 code units in text with
  ///   spaces; O(n) at worst.
  package func nextWordEnd(after offset: Int) -> Int {
    let offset = Swift.min(Swift.max(offset, 0), utf16.count)
    var reach = 256
    while true {
      let window = wordWindow(around: offset, reach: reach)
      let local = Words.segmentation(utf16: Array(utf16[window]))
      let found = window.lowerBound + local.nextWordEnd(after: offset - window.lowerBound)
      if found < window.upperBound || window.upperBound == utf16.count { return found }
      reach *= 4
    }
  }

  /// A range around `offset`, about `reach` code units either side, whose
  /// ends are word boundaries of the whole text whatever the text around
  /// them (UAX #29): the text's start and end, and a place between a space
  /// (U+0020) and a visible ASCII character, which no word rule joins (a
  /// space joins only a space, WB3d; an ASCII character is never Extend,
  /// Format or ZWJ, WB4). Segmenting the range gives the whole text's
  /// boundaries inside it.
  ///
  /// - Complexity: O(reach), more where no space is near the window's ends.
  func wordWindow(around offset: Int, reach: Int) -> Range<Int> {
    let count = utf16.count
    func visibleASCII(_ unit: UInt16) -> Bool { unit > 0x20 && unit < 0x7F }
    var start = Swift.max(offset - reach, 0)
    while start > 0, !(utf16[start - 1] == 0x20 && visibleASCII(utf16[start])) { start -= 1 }
    var end = Swift.min(offset + reach, count)
    while end < count, !(utf16[end] == 0x20 && visibleASCII(utf16[end - 1])) { end += 1 }
    return start..<Swift.max(end, start)
  }
}

import Foundation
import Testing
import TextInputCore
import TextMetrics
import UnicodeTestSupport

/// Inputs fuzzing the public API found (issue 23), each a broken documented
/// promise, written out as values.
@Suite struct GraphemeIndexRegressionTests {
  /// The incremental grapheme index re-segmented a window that could end
  /// between a surrogate pair in a long run of regional indicators; the lone
  /// lead surrogate was taken for a boundary, which matched a shifted old one,
  /// and a caret could then sit inside a flag.
  @Test func insertInALongRegionalIndicatorRunKeepsFlagsWhole() {
    var editor = Editor(text: "a" + String(repeating: "\u{1F1EB}", count: 140))
    editor.select(NSRange(location: 1, length: 0))
    editor.insert("\u{1F1EB}")
    let fresh = Graphemes.boundaries(utf16: editor.state.utf16.array).offsets
    #expect(editor.state.graphemeBoundaries == fresh)
    editor.select(NSRange(location: 267, length: 0))
    #expect(fresh.contains(editor.state.selection.location))
    editor.insert("x")
    #expect(
      editor.state.graphemeBoundaries
        == Graphemes.boundaries(utf16: editor.state.utf16.array).offsets)
    // No flag split: 141 regional indicators, x between two pairs; every
    // cluster of them is a pair but the last, which stands alone.
    let flags = editor.state.text.filter { $0 != "a" && $0 != "x" }
    #expect(flags.dropLast().allSatisfy { $0.unicodeScalars.count == 2 })
    #expect(flags.last?.unicodeScalars.count == 1)
  }

  /// The same class, over every insertion point and run length near the
  /// window's edge: the index always equals a fresh segmentation. (Each
  /// case is quadratic in its length: a quick run takes the lengths at and
  /// beside each edge, `TEXTINPUTKIT_FULL_CHECKS=1` all of them.)
  @Test(
    arguments: CheckScale.isFull
      ? [1, 2, 3, 61, 62, 63, 64, 65, 66, 127, 128, 129, 130, 140] : [1, 2, 63, 64, 65, 128, 129])
  func everyInsertInARegionalIndicatorRunMatchesAFreshSegmentation(_ count: Int) {
    let text = "a" + String(repeating: "\u{1F1EB}", count: count)
    for location in 0...text.utf16.count {
      for inserted in ["\u{1F1EB}", "x", "\u{1F1EB}\u{1F1EB}\u{1F1EB}"] {
        var editor = Editor(text: text)
        editor.select(NSRange(location: location, length: 0))
        editor.insert(inserted)
        #expect(
          editor.state.graphemeBoundaries
            == Graphemes.boundaries(utf16: editor.state.utf16.array).offsets,
          "count \(count), location \(location), inserted \(inserted.unicodeScalars.count) scalars")
      }
    }
  }
}

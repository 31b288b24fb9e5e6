import Foundation
import PropertyBased
import Testing
import TextInputCore
import TextMetrics
import UnicodeTestSupport

/// The grapheme index keeps its boundaries in two halves around the last
/// edit (a gap buffer): edits here and there move the gap both ways, and
/// after each one the boundaries and the queries must be a fresh
/// segmentation's.
@Suite("The grapheme index's gap, moved by edits anywhere")
struct GraphemeGapTests {
  @Test("After edits at random places, boundaries and queries equal a fresh segmentation's")
  func editsAnywhere() async {
    let full = ProcessInfo.processInfo.environment["TEXTINPUTKIT_FULL_CHECKS"] == "1"
    await propertyCheck(
      count: full ? 400 : 40, input: UnicodeGen.text,
      zip(Gen.int(in: 0...10_000), Gen.int(in: 0...5), UnicodeGen.text(fragments: 0...2))
        .array(of: 1...10)
    ) { text, edits in
      var editor = Editor(text: text)
      for (position, length, inserted) in edits {
        let count = editor.state.utf16Count
        let location = position % (count + 1)
        editor.replace(
          NSRange(location: location, length: min(length, count - location)), with: inserted)
        let fresh = Graphemes.boundaries(utf16: editor.state.utf16.array)
        #expect(editor.state.graphemeBoundaries == fresh.offsets)
        for offset in [0, location, location + 1, count / 2, editor.state.utf16Count] {
          #expect(editor.state.isGraphemeBoundary(offset) == fresh.isBoundary(offset))
          #expect(editor.state.graphemeBoundary(before: offset) == fresh.boundary(before: offset))
          #expect(editor.state.graphemeBoundary(after: offset) == fresh.boundary(after: offset))
          let range = NSRange(location: min(offset, editor.state.utf16Count), length: 1)
          #expect(editor.state.widened(range) == fresh.widened(range))
        }
      }
    }
  }
}

import Foundation
import Testing
import TextMetrics

/// The examples in the doc comments of Sources/TextMetrics, checked as written.
@Suite("Doc-comment examples")
struct DocExampleTests {
  @Test("Graphemes")
  func graphemes() {
    #expect(Graphemes.count(in: "🇫🇷e\u{301}\r\n") == 3)
    #expect(Graphemes.boundaries(in: "🇫🇷e\u{301}").offsets == [0, 4, 6])
  }

  @Test("TextBoundaries")
  func textBoundaries() {
    let clusters = Graphemes.boundaries(in: "e\u{301}👍🏽!")
    #expect(clusters.offsets == [0, 2, 6, 7])
    #expect(clusters.snap(3, .backward) == 2)
    #expect(clusters.widened(NSRange(location: 1, length: 2)) == NSRange(location: 0, length: 6))
  }

  @Test("TextOffsets")
  func textOffsets() throws {
    let text = "a👍🏽b"
    let index = try TextOffsets.stringIndex(forUTF16Offset: 5, in: text)
    #expect(text[index] == "b")
    #expect(try TextOffsets.utf16Offset(of: index, in: text) == 5)
    #expect(try TextOffsets.graphemeIndex(forUTF16Offset: 5, in: text) == 2)
    #expect(try TextOffsets.utf16Offset(forGraphemeIndex: 2, in: text) == 5)
  }

  @Test("Words")
  func words() {
    let words = Words.segmentation(in: "Hello, wörld!")
    #expect(words.boundaries.offsets == [0, 5, 6, 7, 12, 13])
    #expect(words.nextWordEnd(after: 0) == 5)
    #expect(words.previousWordStart(before: 12) == 7)
  }

  @Test("LineBreaks")
  func lineBreaks() {
    #expect(LineBreaks.opportunities(in: "a b\nc").map(\.offset) == [2, 4, 5])
    #expect(
      LineBreaks.opportunities(in: "a b\nc").map(\.kind) == [.allowed, .mandatory, .mandatory])
  }

  @Test("UnicodeVersions (Debian 12: ICU 72.1, Unicode 15.0)")
  func versions() {
    #expect(UnicodeVersions.unicode == "15.0")
    #expect(UnicodeVersions.icu == "72.1")
  }

  @Test("DisplayWidth")
  func displayWidth() {
    #expect(DisplayWidth.width(in: "abc") == 3)
    #expect(DisplayWidth.width(in: "日本") == 4)
    #expect(DisplayWidth.width(in: "👩‍👩‍👧") == 2)
    #expect(DisplayWidth.width(in: "e\u{301}") == 1)
    #expect(DisplayWidth.width(in: "±", options: .eastAsian) == 2)
  }

  @Test("CellFont")
  func cellFont() {
    let font = CellFont(cellWidth: 8, lineHeight: 16)
    #expect(font.advance(of: Graphemes.clusters(in: "日")[0], in: "日") == 16)
  }
}

import Foundation
import Testing
import TextLayout

/// Carets in a line truncated at its tail: visible clusters keep their
/// edges, an offset in the hidden text is at the ellipsis, and the end of the
/// text is after the ellipsis.
@Suite("Carets in a truncated line")
struct TruncatedCaretTests {
  @Test("Visible offsets at their edges, hidden ones at the ellipsis, the end after it")
  func caretsAroundTheEllipsis() throws {
    let frame = TextFrame(
      "abcdefghij",
      container: TextContainer(width: 5, maximumNumberOfLines: 1),
      style: LayoutStyle(lineBreakMode: .truncateTail))
    let ellipsis = try #require(frame.placedClusters(ofLine: 0)?.last)
    #expect(ellipsis.isEllipsis)
    #expect(ellipsis.range == NSRange(location: 4, length: 6))
    for offset in 0...4 {
      #expect(frame.caretRect(at: offset).midX == CGFloat(offset), "offset \(offset)")
    }
    for offset in 5...9 {
      #expect(frame.caretRect(at: offset).midX == ellipsis.minX, "offset \(offset)")
    }
    #expect(frame.caretRect(at: 10).midX == ellipsis.maxX)
    #expect(frame.caretRect(at: 10).midX > frame.caretRect(at: 9).midX)
    #expect(frame.caretRect(at: Int.max) == frame.caretRect(at: 10))
  }

  @Test("The end of a text truncated on its second line is after that line's ellipsis")
  func endOfTwoLines() throws {
    let frame = TextFrame(
      "one two three four five six",
      container: TextContainer(width: 8, maximumNumberOfLines: 2),
      style: LayoutStyle(lineBreakMode: .truncateTail))
    #expect(frame.lineFragments.count == 2)
    let ellipsis = try #require(frame.placedClusters(ofLine: 1)?.last)
    #expect(ellipsis.isEllipsis)
    #expect(NSMaxRange(ellipsis.range) == frame.utf16.count)
    let caret = frame.caretRect(at: frame.utf16.count)
    #expect(caret.midX == ellipsis.maxX)
    #expect(caret.minY == frame.lineFragments[1].rect.minY)
  }
}

import Foundation
import Testing
import TextLayout

@Suite("Ranges a caller gives: one clamp, one meaning, never a trap")
struct RangeClampingTests {
  @Test(
    "NSRange.clamped(toLength:)",
    arguments: [
      (NSRange(location: 2, length: 10), 5, 2..<5),
      (NSRange(location: NSNotFound, length: 3), 5, 5..<5),
      (NSRange(location: Int.max, length: Int.max), 5, 5..<5),
      (NSRange(location: -4, length: 6), 5, 0..<5),
      (NSRange(location: 1, length: -3), 5, 1..<1),
      (NSRange(location: 1, length: Int.max), 5, 1..<5),
      (NSRange(location: Int.min, length: Int.max), 5, 0..<5),
      (NSRange(location: 9, length: 1), 5, 5..<5),
      (NSRange(location: 0, length: 3), 0, 0..<0),
      (NSRange(location: 0, length: 3), -2, 0..<0),
    ] as [(NSRange, Int, Range<Int>)])
  func clamp(range: NSRange, length: Int, expected: Range<Int>) {
    #expect(range.clamped(toLength: length) == expected)
  }

  @Test("selectionRects: NSNotFound and {Int.max, Int.max} select nothing")
  func selectionRectsOfNoRange() {
    let frame = TextFrame("hello world", container: TextContainer(width: 5))
    #expect(frame.selectionRects(for: NSRange(location: NSNotFound, length: 3)).isEmpty)
    #expect(frame.selectionRects(for: NSRange(location: Int.max, length: Int.max)).isEmpty)
    #expect(frame.selectionRects(for: NSRange(location: -3, length: 5)).count == 1)
    #expect(!frame.selectionRects(for: NSRange(location: 0, length: Int.max)).isEmpty)
  }

  @Test("replaceCharacters with an overflowing length replaces to the end, without a trap")
  func replaceWithOverflowingLength() {
    var frame = TextFrame("abc")
    frame.replaceCharacters(in: NSRange(location: 1, length: Int.max), with: "")
    #expect(frame.text == "a")
    frame.replaceCharacters(in: NSRange(location: NSNotFound, length: 2), with: "z")
    #expect(frame.text == "az")
    frame.replaceCharacters(in: NSRange(location: Int.min, length: 1), with: "y")
    #expect(frame.text == "yz")
    #expect(frame.lineFragments == TextFrame("yz").lineFragments)
  }
}

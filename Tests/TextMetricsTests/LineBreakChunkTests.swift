import Testing

@testable import TextMetrics

/// `LineBreaks.opportunities(in:)` and `count(in:)` (over UTF-8) must give what
/// `opportunities(utf16:)` gives over the whole text, on texts longer than
/// `LineBreaks.chunkBytes` with many lines, long lines and CR LF (the
/// breaker once ran ICU over pieces of that size; the scan is now one pass).
@Suite("Line breaks over chunks equal line breaks over the whole text")
struct LineBreakChunkTests {
  static func sample(lines: Int, lineLength: Int) -> String {
    let pieces = ["word", "日本語", "👩‍👩‍👧", "e\u{301}", "100", "km/h,", "(x)", "—", "שלום", "\u{00A0}"]
    var text = ""
    var k = 0
    for line in 0..<lines {
      var length = 0
      while length < lineLength {
        let piece = pieces[k % pieces.count]
        text += piece + (k % 3 == 0 ? "" : " ")
        length += piece.utf8.count + 1
        k += 1
      }
      text += line % 7 == 0 ? "\r\n" : "\n"
    }
    return text
  }

  @Test(arguments: [
    (lines: 2_000, lineLength: 80),  // many chunks cut after an LF
    (lines: 3, lineLength: 100_000),  // lines longer than a chunk
    (lines: 1, lineLength: 200_000),  // one long line, then LF at the end
  ])
  func chunksEqualWhole(_ shape: (lines: Int, lineLength: Int)) {
    var text = Self.sample(lines: shape.lines, lineLength: shape.lineLength)
    text += "tail without a line feed"
    #expect(text.utf8.count > LineBreaks.chunkBytes)
    let whole = LineBreaks.opportunities(utf16: Array(text.utf16))
    #expect(LineBreaks.opportunities(in: text) == whole)
    #expect(LineBreaks.count(in: text) == whole.count)
    #expect(whole.last == LineBreakOpportunity(offset: text.utf16.count, kind: .mandatory))
  }
}

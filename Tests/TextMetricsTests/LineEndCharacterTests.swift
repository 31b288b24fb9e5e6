import Testing
import TextMetrics

@Suite("The one UTF-8 and surrogate decoder, the hard breaks and the collapsible spaces")
struct LineEndCharacterTests {
  static let samples = [
    "", "a", "é", "e\u{301}", "日本語", "👍🏽", "🇫🇷",
    "\u{10FFFF}\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}",
  ]

  @Test("ValidUTF8.decode reads the scalars Swift reads", arguments: samples)
  func utf8(text: String) {
    var decoded: [UInt32] = []
    Array(text.utf8).withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var index = 0
      while index < buffer.count {
        let (scalar, length) = ValidUTF8.decode(base, at: index)
        decoded.append(scalar)
        index += length
      }
    }
    #expect(decoded == text.unicodeScalars.map(\.value))
  }

  @Test("SurrogatePairs.decode pairs surrogates and leaves a lone one as itself")
  func surrogates() {
    #expect(SurrogatePairs.decode([0xD83D, 0xDC4D], at: 0) == (0x1F44D, 2))
    #expect(SurrogatePairs.decode([0xD83D, 0xDC4D], at: 1) == (0xDC4D, 1))
    #expect(SurrogatePairs.decode([0xD83D, 0x21], at: 0) == (0xD83D, 1))
    #expect(SurrogatePairs.decode([0xD83D], at: 0) == (0xD83D, 1))
    #expect(SurrogatePairs.decode([0xDC4D, 0xD83D], at: 0) == (0xDC4D, 1))
    for text in Self.samples {
      let units = Array(text.utf16)
      var decoded: [UInt32] = []
      var index = 0
      while index < units.count {
        let (scalar, length) = SurrogatePairs.decode(units, at: index)
        decoded.append(scalar)
        index += length
      }
      #expect(decoded == text.unicodeScalars.map(\.value))
    }
  }

  @Test("The hard breaks are UAX #14's BK, CR, LF and NL")
  func hardBreaks() {
    let breaks = (0...0xFFFF).filter { HardBreaks.isBreak(UInt16($0)) }
    #expect(breaks == [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029])
    #expect(HardBreaks.paragraphs(Array("ab\r\ncd".utf16), in: 0..<6) == [0..<4, 4..<6])
    #expect(HardBreaks.paragraphs(Array("a\n\rb\r".utf16), in: 0..<5) == [0..<2, 2..<3, 3..<5])
    #expect(HardBreaks.paragraphs([], in: 0..<0) == [])
  }

  @Test("The collapsible spaces, ascending")
  func collapsibleSpaces() {
    let expected: [UInt32] =
      [0x09, 0x20, 0x1680] + Array(0x2000...0x2006) + Array(0x2008...0x200A) + [0x205F, 0x3000]
    #expect(CollapsibleSpaces.all.map(\.value) == expected)
    #expect(!CollapsibleSpaces.contains(0xA0))
    #expect(!CollapsibleSpaces.contains(0x2007))
    #expect(!CollapsibleSpaces.contains(0x202F))
  }
}

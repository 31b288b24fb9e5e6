import Foundation
import Testing
import TextMetrics

@Suite("Bidi: ICU's ubidi through TextMetrics")
struct BidiTests {
  @Test("The doc example: LTR paragraph with a Hebrew word")
  func docExample() {
    let units = Array("abc \u{5D0}\u{5D1}\u{5D2}".utf16)
    let paragraph = Bidi.paragraph(utf16: units)
    #expect(paragraph.direction == .leftToRight)
    #expect(paragraph.levels == [0, 0, 0, 0, 1, 1, 1])
    #expect(paragraph.visualRuns().map(\.range) == [NSRange(0..<4), NSRange(4..<7)])
    #expect(paragraph.visualRuns().map(\.isRightToLeft) == [false, true])
  }

  // Cases in the manner of BidiCharacterTest.txt: text, paragraph direction,
  // resolved paragraph level, levels, visual order (logical indices).
  @Test(
    "BidiCharacterTest-style cases",
    arguments: [
      // RTL paragraph with a number: digits stay LTR inside.
      (
        "\u{5D0} 12", Bidi.BaseDirection.natural, LayoutDirection.rightToLeft, [1, 1, 2, 2],
        [2, 3, 1, 0]
      ),
      // Natural paragraph whose first strong letter is Arabic.
      ("\u{627}\u{628} ab", .natural, .rightToLeft, [1, 1, 1, 2, 2], [3, 4, 2, 1, 0]),
      // Forced LTR over Hebrew.
      ("\u{5D0}\u{5D1}", .fixed(.leftToRight), .leftToRight, [1, 1], [1, 0]),
      // No strong character: the fallback decides.
      ("12", .firstStrong(fallback: .rightToLeft), .rightToLeft, [2, 2], [0, 1]),
      // Plain LTR.
      ("ab", .natural, .leftToRight, [0, 0], [0, 1]),
    ] as [(String, Bidi.BaseDirection, LayoutDirection, [UInt8], [Int])])
  func cases(
    text: String, base: Bidi.BaseDirection, direction: LayoutDirection, levels: [UInt8],
    order: [Int]
  ) {
    let paragraph = Bidi.paragraph(in: text, direction: base)
    #expect(paragraph.direction == direction)
    #expect(paragraph.levels == levels)
    var visual: [Int] = []
    for run in paragraph.visualRuns() {
      let indices = Array(run.range.location..<NSMaxRange(run.range))
      visual += run.isRightToLeft ? indices.reversed() : indices
    }
    #expect(visual == order)
  }

  @Test("Line runs are clamped; empty lines have none; trailing spaces take the paragraph level")
  func lines() {
    let paragraph = Bidi.paragraph(in: "\u{5D0}\u{5D1} ab  ")
    #expect(paragraph.visualRuns(in: NSRange(location: 5, length: 0)).isEmpty)
    #expect(paragraph.visualRuns(in: NSRange(location: -3, length: 2)).count == 1)
    let runs = paragraph.visualRuns(in: NSRange(location: 0, length: 99))
    #expect(runs.first?.range == NSRange(location: 5, length: 2))  // trailing spaces, RTL, at left
    #expect(runs.first?.isRightToLeft == true)
  }

  @Test("mayContainRightToLeft finds RTL letters and controls, not others")
  func quickCheck() {
    #expect(!Bidi.mayContainRightToLeft(Array("abc 日本 👍🏽".utf16)))
    #expect(Bidi.mayContainRightToLeft(Array("a\u{5D0}".utf16)))
    #expect(Bidi.mayContainRightToLeft(Array("a\u{200F}".utf16)))
    #expect(Bidi.mayContainRightToLeft(Array("\u{10900}".utf16)))
  }

  @Test("Empty text")
  func empty() {
    let paragraph = Bidi.paragraph(utf16: [])
    #expect(paragraph.levels.isEmpty)
    #expect(paragraph.visualRuns().isEmpty)
    #expect(paragraph.direction == .leftToRight)
  }
}

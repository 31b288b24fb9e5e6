import Foundation
import PropertyBased
import Testing
import TextLayout
import UnicodeTestSupport

/// `TextFrame.caretRects(at:onLine:)`, which places a line once for many
/// carets (a visual move among mixed-direction text asks for one per
/// cluster boundary), gives exactly the rects of one `caretRect(at:)` each.
@Suite("TextFrame.caretRects(at:onLine:) equals caretRect(at:) one by one")
struct CaretRectsTests {
  static let modes: [LineBreakMode] = [.wordWrap, .characterWrap, .clip, .truncateTail]

  @Test("Every offset of generated text (bidi included), any line, width and mode")
  func everyOffset() async {
    await propertyCheck(
      count: CheckScale.cases(100, full: 1000),
      input: Gen.oneOf(
        UnicodeGen.text(fragments: 0...16).map { $0 }.eraseToAnySequence(),
        UnicodeGen.bidiText(pieces: 0...24).map { $0 }.eraseToAnySequence()),
      Gen.int(in: 0...12), Gen.int(in: 0...3),
      Gen.int(in: 0...2), Gen.int(in: 0...3)
    ) { text, width, mode, lines, widthKind in
      let container = TextContainer(
        width: width == 0 ? .infinity : CGFloat(width), maximumNumberOfLines: lines)
      let style = LayoutStyle(
        direction: width % 2 == 0 ? .natural : .fixed(.rightToLeft),
        lineBreakMode: Self.modes[mode])
      let frame = TextFrame(text, container: container, style: style)
      let offsets = Array(-1...(frame.utf16.count + 1))
      let caretWidth: CGFloat = [1, 0, 2.5, .nan][widthKind]
      for index in -1...frame.lineFragments.count {
        let batch = frame.caretRects(at: offsets, onLine: index, width: caretWidth)
        let single = offsets.map { frame.caretRect(at: $0, width: caretWidth) }
        let given = frame.caretRects(
          at: offsets, onLine: index, width: caretWidth, placed: frame.placedClusters(ofLine: index)
        )
        #expect(given == single, "line \(index), its clusters given")
        #expect(
          batch == single,
          "line \(index) of \(text.unicodeScalars.map { String($0.value, radix: 16) })")
      }
    }
  }
}

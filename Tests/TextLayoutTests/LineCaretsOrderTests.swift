import Foundation
import PropertyBased
import Testing
import UnicodeTestSupport

@testable import TextLayout

/// `LineCarets` orders a line's placed clusters logically by joining runs
/// of adjacent clusters; the order must be the one sorting them by start
/// gives, on every line of generated text (bidi included).
@Suite("LineCarets: the logical order of placed clusters")
struct LineCaretsOrderTests {
  @Test("Generated text, any width, mode, direction and line limit")
  func logicalOrder() async {
    let modes: [LineBreakMode] = [.wordWrap, .clip, .truncateMiddle]
    await propertyCheck(
      count: CheckScale.cases(150, full: 1500),
      input: UnicodeGen.text(fragments: 0...24), Gen.int(in: 0...10), Gen.int(in: 0...2),
      Gen.int(in: 0...2)
    ) { text, width, mode, lines in
      let style = LayoutStyle(
        direction: width % 2 == 0 ? .natural : .fixed(.rightToLeft), lineBreakMode: modes[mode])
      let frame = TextFrame(
        text,
        container: TextContainer(
          width: width == 0 ? .infinity : CGFloat(width), maximumNumberOfLines: lines),
        style: style)
      for (index, line) in frame.lineFragments.enumerated() {
        let placed = frame.placedClusters(ofLine: index) ?? []
        let carets = LineCarets(line: line, placed: placed)
        let sorted = placed.filter { !$0.isEllipsis }.sorted {
          $0.range.location < $1.range.location
        }
        #expect(
          carets.clusterBounds.count >= 2 * sorted.count,
          "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        // The clusters' bounds in logical order, as a sort gives them.
        let expected = sorted.flatMap { [$0.range.location, NSMaxRange($0.range)] }
        if !placed.contains(where: \.isEllipsis) {
          #expect(
            carets.clusterBounds == expected,
            "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
      }
    }
  }
}

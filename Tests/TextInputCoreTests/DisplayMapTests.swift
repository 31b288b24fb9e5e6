import Foundation
import PropertyBased
import Testing
import TextInputKit
import UnicodeTestSupport

@Suite struct DisplayMapTests {
  @Test func theMapsDocExample() {
    let map = DisplayMap(
      typedLength: 4, pieces: [(typed: NSRange(location: 1, length: 2), displayedLength: 1)])
    #expect(map.displayed(fromTyped: 3) == 2)
    #expect(map.typed(fromDisplayed: 2) == 3)
    #expect(map.displayed(fromTyped: 2, rounding: .up) == 2)
    #expect(map.displayed(fromTyped: 2) == 1)
    #expect(
      map.displayed(fromTyped: NSRange(location: 0, length: 3)) == NSRange(location: 0, length: 2))
    #expect(
      map.typed(fromDisplayed: NSRange(location: 1, length: 1)) == NSRange(location: 1, length: 2))
    #expect(map.displayedLength == 3)
    #expect(!map.isOneToOne)
    #expect(
      DisplayMap(
        typedLength: 4, pieces: [(typed: NSRange(location: 1, length: 2), displayedLength: 2)]
      ).isOneToOne)
    #expect(map.pieces.map(\.displayed) == [NSRange(location: 1, length: 1)])
    // Invalid pieces are left out; offsets are clamped.
    let sanitized = DisplayMap(
      typedLength: 3,
      pieces: [
        (typed: NSRange(location: 2, length: 5), displayedLength: 1),
        (typed: NSRange(location: 0, length: 0), displayedLength: 1),
        (typed: NSRange(location: 0, length: 1), displayedLength: 0),
      ])
    #expect(sanitized.isEmpty)
    #expect(sanitized.displayed(fromTyped: 9) == 3)
    #expect(sanitized.typed(fromDisplayed: -1) == 0)
    #expect(sanitized == DisplayMap(typedLength: 3))
  }

  /// Every typed cluster boundary maps to a displayed one and back, in order,
  /// for a mask of random clusters (one unit each) and spaces drawn one to one.
  @Test func conversionsRoundTripAtClusterBoundaries() async {
    await propertyCheck(
      count: CheckScale.cases(200, full: 1000), input: UnicodeGen.text(fragments: 0...16),
      Gen.int(in: 0...1000).array(of: 0...16)
    ) { text, picks in
      let units = Array(text.utf16)
      let bounds = Graphemes.boundaries(utf16: units).offsets
      var pieces: [(typed: NSRange, displayedLength: Int)] = []
      var expected: [Int] = [0]
      var displayed = 0
      for (index, (start, end)) in zip(bounds, bounds.dropFirst()).enumerated() {
        let pick = picks.isEmpty ? 0 : picks[index % picks.count]
        let length = pick % 3 == 0 ? end - start : (pick % 3 == 1 ? 1 : end - start)
        if pick % 3 != 0 {
          pieces.append((typed: NSRange(location: start, length: end - start), length))
        }
        displayed += length
        expected.append(displayed)
      }
      let map = DisplayMap(typedLength: units.count, pieces: pieces)
      #expect(map.displayedLength == displayed)
      for (typed, shown) in zip(bounds, expected) {
        #expect(map.displayed(fromTyped: typed) == shown, "\(typed) in \(text.debugDescription)")
        #expect(map.typed(fromDisplayed: shown) == typed, "\(shown) in \(text.debugDescription)")
      }
      // Ranges: a cluster range maps to its displayed range and back.
      for (index, (start, end)) in zip(bounds, bounds.dropFirst()).enumerated() {
        let range = NSRange(location: start, length: end - start)
        let shown = map.displayed(fromTyped: range)
        #expect(
          shown == NSRange(location: expected[index], length: expected[index + 1] - expected[index])
        )
        #expect(map.typed(fromDisplayed: shown) == range)
      }
    }
  }
}

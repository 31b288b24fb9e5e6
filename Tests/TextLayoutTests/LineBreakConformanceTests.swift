import Foundation
import Testing
import TextLayout
import UnicodeTestSupport

@Suite("LineBreakTest.txt: layout never breaks where UAX #14 forbids")
struct LineBreakConformanceTests {
  struct Case {
    var line: Int
    var units: [UInt16]
    var allowed: Set<Int>
  }

  static func cases() throws -> [Case] {
    let lines = try UnicodeData.lines("auxiliary/LineBreakTest.txt")
    var result: [Case] = []
    for (index, line) in lines.enumerated() {
      let tokens = line.prefix { $0 != "#" }.split(whereSeparator: \.isWhitespace)
      guard !tokens.isEmpty else { continue }
      var units: [UInt16] = []
      var allowed: Set<Int> = []
      for token in tokens {
        if token == "÷" {
          allowed.insert(units.count)
        } else if token != "×", let value = UInt32(token, radix: 16),
          let scalar = Unicode.Scalar(value)
        {
          units.append(contentsOf: Array(String(Character(scalar)).utf16))
        }
      }
      result.append(Case(line: index + 1, units: units, allowed: allowed))
    }
    return result
  }

  @Test("Every soft line end is a ÷ of the file (ICU's tailorings aside)")
  func neverBreaksWhereForbidden() throws {
    let cases = try Self.cases()
    #expect(cases.count > 7_000)
    var checked = 0
    var tailored = 0
    var breaks = 0
    for testCase in cases {
      // ICU's opportunities on cluster boundaries: where the layout may break.
      let clusters = Set(Graphemes.boundaries(utf16: testCase.units).offsets)
      let icu = LineBreaks.opportunities(utf16: testCase.units).map(\.offset).filter {
        clusters.contains($0)
      }
      if !Set(icu).isSubset(of: testCase.allowed) {
        tailored += 1  // CLDR tailorings (hyphens, numbers): see TextMetrics' tailoring list
        continue
      }
      // The widest piece between opportunities: wide enough for no forced break.
      var widest: CGFloat = 0
      var previous = 0
      for offset in icu {
        widest = max(
          widest, CGFloat(DisplayWidth.width(utf16: Array(testCase.units[previous..<offset]))))
        previous = offset
      }
      let frame = TextFrame(utf16: testCase.units, container: TextContainer(width: widest))
      for line in frame.lineFragments.dropLast() {
        breaks += 1
        #expect(
          testCase.allowed.contains(NSMaxRange(line.range)),
          "line \(testCase.line): broke at \(NSMaxRange(line.range))")
      }
      checked += 1
    }
    #expect(tailored < 60)
    #expect(checked > 7_000)
    #expect(breaks > 3_000)
  }
}

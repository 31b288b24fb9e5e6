import Foundation
import PropertyBased
import Testing
import TextLinks
import UnicodeTestSupport

@Suite("Detector properties on generated text")
struct DetectorPropertyTests {
  static let detector = LinkDetector(kinds: Set(LinkKind.allCases))
  static let gfm = LinkDetector(kinds: Set(LinkKind.allCases), urlRules: .gfm)

  @Test("Results are sorted, non-overlapping, inside the text, on grapheme boundaries")
  func resultsAreWellFormed() async {
    await propertyCheck(
      count: CheckScale.cases(80, full: 400), input: LinkGen.text
    ) { text in
      let units = Array(text.utf16)
      for detector in [Self.detector, Self.gfm] {
        let problem = problems(detector.links(utf16: units), utf16: units)
        #expect(problem == nil, "\(problem ?? "") in \(text.debugDescription)")
      }
    }
  }

  @Test("With a phone region: well-formed results, and a range detected = its text alone")
  func regionalDetection() async {
    let detector = LinkDetector(kinds: Set(LinkKind.allCases), defaultPhoneRegion: "US")
    let count = CheckScale.cases(150, full: 1500)
    await propertyCheck(count: count, input: LinkGen.text, LinkGen.text, LinkGen.text) {
      a, b, c in
      let units = Array((a + b + c).utf16)
      let problem = problems(detector.links(utf16: units), utf16: units)
      #expect(problem == nil, "\(problem ?? "") in \((a + b + c).debugDescription)")
      let range = NSRange(location: a.utf16.count, length: b.utf16.count)
      let shifted = detector.links(in: b).map {
        Link(
          range: NSRange(location: $0.range.location + range.location, length: $0.range.length),
          target: $0.target)
      }
      #expect(detector.links(utf16: units, in: range) == shifted)
    }
  }

  @Test("Any Unicode text and lone surrogates: no trap, well-formed results")
  func unicodeInputIsSafe() async {
    await propertyCheck(
      count: CheckScale.cases(60, full: 300), input: UnicodeGen.utf16
    ) { units in
      let problem = problems(Self.detector.links(utf16: units), utf16: units)
      #expect(problem == nil, "\(problem ?? "") in \(units)")
    }
  }

  @Test("Detection is per paragraph: text joined by line breaks = each part detected alone")
  func detectionIsPerParagraph() async {
    await propertyCheck(
      count: CheckScale.cases(60, full: 300), input: LinkGen.text, LinkGen.text
    ) { a, b in
      let joined = a + "\n" + b
      let whole = Self.detector.links(in: joined)
      let offset = a.utf16.count + 1
      let parts =
        Self.detector.links(in: a)
        + Self.detector.links(in: b).map {
          Link(
            range: NSRange(location: $0.range.location + offset, length: $0.range.length),
            target: $0.target)
        }
      // Snapping to graphemes may differ where "\n" meets a mark; compare off such edges.
      #expect(whole == parts, "\(joined.debugDescription)")
    }
  }

  @Test("Detecting a range = detecting its text alone, shifted")
  func rangeDetectionIsShifted() async {
    await propertyCheck(
      count: CheckScale.cases(60, full: 300), input: LinkGen.text, LinkGen.text, LinkGen.text
    ) { a, b, c in
      let units = Array((a + b + c).utf16)
      let range = NSRange(location: a.utf16.count, length: b.utf16.count)
      let shifted = Self.detector.links(in: b).map {
        Link(
          range: NSRange(location: $0.range.location + range.location, length: $0.range.length),
          target: $0.target)
      }
      #expect(Self.detector.links(utf16: units, in: range) == shifted)
    }
  }

  @Test("A link's text detected alone is found again, same kind, as a whole")
  func linksAreStableAlone() async {
    await propertyCheck(
      count: CheckScale.cases(60, full: 300), input: LinkGen.text
    ) { text in
      for link in Self.detector.links(in: text) where link.kind != .phone {
        let alone = link.text(in: text)
        let again = Self.detector.links(in: alone)
        #expect(
          again.map(\.kind) == [link.kind] && again.first?.range.length == link.range.length,
          "\(alone.debugDescription) from \(text.debugDescription) gave \(again)")
      }
    }
  }
}

import Foundation
import PropertyBased
import Testing
@_spi(Reference) import TextMetrics
import UnicodeTestSupport

/// The ICU baselines the benchmarks measure against must compute what the
/// Swift code computes, or the ratios compare different work.
@Suite("ICUReference: the benchmarks' ICU baselines")
struct ICUReferenceTests {
  @Test("The summary baseline counts the clusters and line breaks that measure --summary counts")
  func summaryCountsAgree() async {
    await propertyCheck(
      count: CheckScale.cases(40, full: 200), input: UnicodeGen.text
    ) { text in
      let units = Array(text.utf16)
      let summary = units.withUnsafeBufferPointer { ICUReference.summary(utf16: $0) }
      #expect(summary.graphemes == DisplayWidth.measurement(in: text).graphemeCount)
      #expect(summary.lineBreaks == LineBreaks.count(in: text))
      #expect(summary.width >= 0)
    }
  }

  @Test("On letters, CJK and marks the summary's simple width policy equals DisplayWidth")
  func summaryWidthOnSimpleText() {
    for text in ["", "hello world", "日本語 かな 한국어", "e\u{301}te\u{301}", "a\u{200B}b"] {
      let units = Array(text.utf16)
      let summary = units.withUnsafeBufferPointer { ICUReference.summary(utf16: $0) }
      #expect(summary.width == DisplayWidth.width(in: text), "\(text.debugDescription)")
    }
  }

  @Test("The reference's line opportunities and counts agree with each other")
  func lineReferenceIsConsistent() {
    let text = "a b\nc 日本\u{2028}d"
    let units = Array(text.utf16)
    let opportunities = ICUReference.lineOpportunities(utf16: units)
    let count = units.withUnsafeBufferPointer { ICUReference.count(.line, utf16: $0) }
    #expect(opportunities.count == count)
    #expect(opportunities == LineBreaks.opportunities(in: text))
    #expect(ICUReference.isRGIEmoji("👍🏽") && !ICUReference.isRGIEmoji("a"))
  }
}

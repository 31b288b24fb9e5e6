import Foundation
import PropertyBased
import Testing
import UnicodeTestSupport

@_spi(Reference) @testable import TextMetrics

/// The Swift measurements checked against ICU's own answers (`ICUReference`),
/// the segment lookup of word segmentation, and ICU's error messages.
@Suite("ICU cross-checks: line-break kinds, RGI emoji width, word segments, ICU errors")
struct ICUCrossCheckTests {
  /// ICU's hard line breaks (rule status 100–199), with the end of the text,
  /// which UAX #14 LB3 makes mandatory.
  static func icuMandatory(_ units: [UInt16]) -> [Int] {
    let hard = ICUReference.boundariesWithStatus(.line, utf16: units)
      .filter { (100..<200).contains($0.1) }.map(\.0)
    return Array(Set(hard + [units.count])).sorted()
  }

  @Test("Mandatory line breaks are ICU's hard breaks plus the end of the text")
  func mandatoryBreaksAreICUHardBreaks() async {
    await propertyCheck(count: Counts.light, input: UnicodeGen.text) { text in
      let units = Array(text.utf16)
      guard !units.isEmpty else { return }
      let ours = LineBreaks.opportunities(in: text).filter { $0.kind == .mandatory }.map(\.offset)
      #expect(ours == Self.icuMandatory(units), "text \(text.debugDescription)")
      let fromUTF16 = LineBreaks.opportunities(utf16: units).filter { $0.kind == .mandatory }
      #expect(fromUTF16.map(\.offset) == ours)
    }
  }

  @Test("Line-break statuses: CR LF, LF, U+2028 and NEL are hard, a space is soft")
  func lineBreakStatuses() {
    let units = Array("a b\r\nc\nd\u{2028}e\u{85}f".utf16)
    let statuses = ICUReference.boundariesWithStatus(.line, utf16: units)
    #expect(statuses.map(\.0) == [2, 5, 7, 9, 11, 12])
    #expect(
      statuses.dropLast().map { (100..<200).contains($0.1) } == [false, true, true, true, true])
    #expect(Self.icuMandatory(units) == [5, 7, 9, 11, 12])
    #expect(ICUReference.boundariesWithStatus(.line, utf16: []).isEmpty)
  }

  @Test("ICU's RGI_Emoji: emoji sequences are, text and broken sequences are not")
  func rgiEmoji() {
    for emoji in [
      "👍🏽", "🇫🇷", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "#\u{FE0F}\u{20E3}", "☺\u{FE0F}",
      "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
    ] {
      #expect(ICUReference.isRGIEmoji(emoji), "\(emoji.unicodeScalars.map(\.value))")
      #expect(DisplayWidth.width(in: emoji) == 2, "\(emoji.unicodeScalars.map(\.value))")
    }
    for text in ["", "a", "☺", "🇦🇦", "👍\u{200D}👍", "日"] {
      #expect(!ICUReference.isRGIEmoji(text), "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test("Every fully-qualified sequence of emoji-test.txt is RGI for the linked ICU")
  func emojiTestSequencesAreRGI() throws {
    var checked = 0
    for line in try UnicodeData.lines("emoji/emoji-test.txt")
    where !line.hasPrefix("#") && line.contains("; fully-qualified") {
      var text = ""
      text.unicodeScalars.append(
        contentsOf: line.prefix { $0 != ";" }.split(separator: " ")
          .compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) })
      checked += 1
      if !ICUReference.isRGIEmoji(text) { Issue.record("\(line): not RGI for ICU") }
    }
    #expect(checked > 3000)
  }

  @Test("A cluster ICU calls an RGI emoji is 2 cells wide")
  func rgiClustersAreTwoCells() async {
    await propertyCheck(count: Counts.light, input: UnicodeGen.text) { text in
      let units = Array(text.utf16)
      for cluster in Graphemes.clusters(in: text) {
        let slice = Array(units[cluster.range.lowerBound..<cluster.range.upperBound])
        let clusterText = String(decoding: slice, as: UTF16.self)
        if ICUReference.isRGIEmoji(clusterText) {
          #expect(cluster.width == 2, "\(clusterText.unicodeScalars.map(\.value))")
        }
      }
    }
  }

  @Test("WordSegmentation.segment(containing:): the word or gap at an offset")
  func wordSegmentContaining() throws {
    let words = Words.segmentation(in: "Hello, wörld!")
    #expect(try words.segment(containing: 0) == WordSegment(range: NSRange(0..<5), isWord: true))
    #expect(try words.segment(containing: 4) == WordSegment(range: NSRange(0..<5), isWord: true))
    #expect(try words.segment(containing: 5) == WordSegment(range: NSRange(5..<6), isWord: false))
    #expect(try words.segment(containing: 9) == WordSegment(range: NSRange(7..<12), isWord: true))
    #expect(
      try words.segment(containing: 12) == WordSegment(range: NSRange(12..<13), isWord: false))
    // The end of the text, and anything outside it, is in no segment.
    for offset in [13, 14, -1, Int.min, Int.max] {
      #expect(throws: TextOffsetError.offsetOutOfBounds(offset: offset, utf16Count: 13)) {
        try words.segment(containing: offset)
      }
    }
    #expect(throws: TextOffsetError.offsetOutOfBounds(offset: 0, utf16Count: 0)) {
      try Words.segmentation(in: "").segment(containing: 0)
    }
  }

  @Test("An ICU failure names the operation and ICU's error name")
  func icuErrorMessage() {
    let error = ICUError(code: 7, operation: "ubrk_open(line)")
    #expect(error.description == "ICU failed in ubrk_open(line): U_MEMORY_ALLOCATION_ERROR (7)")
    #expect(
      ICUError(code: 2, operation: "ubidi_setPara").description
        == "ICU failed in ubidi_setPara: U_MISSING_RESOURCE_ERROR (2)")
    // ICUStatus.check throws on a failure (> 0) and lets warnings (< 0) pass.
    #expect(throws: ICUError(code: 7, operation: "op")) {
      try ICUStatus.check("op") { $0 = 7 }
    }
    #expect(
      (try? ICUStatus.check("op") { status -> Int in
        status = -128
        return 5
      }) == 5)
  }
}

import Foundation
import PropertyBased
import Testing
@_spi(Reference) import TextMetrics
import UnicodeTestSupport

/// The scanner's run loop (a table entry per singleton starter, emoji and
/// joined marks, no state machine) must give exactly the clusters and widths
/// of the general path (every code point through the state machine).
@Suite("Run loop == general path")
struct RunLoopTests {
  /// Expects both paths to give the same clusters, widths and measurement for
  /// `text`, as a String and as UTF-16, under both width options.
  func expectSamePaths(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let units = Array(text.utf16)
    for options in [WidthOptions.standard, .eastAsian] {
      let general = ScanReference.clusters(in: text, options: options, runs: false)
      #expect(
        ScanReference.clusters(in: text, options: options, runs: true) == general,
        "text \(text.unicodeScalars.map { String($0.value, radix: 16) })",
        sourceLocation: sourceLocation)
      #expect(
        ScanReference.clusters(utf16: units, options: options, runs: true)
          == ScanReference.clusters(utf16: units, options: options, runs: false),
        sourceLocation: sourceLocation)
      #expect(
        ScanReference.measurement(in: text, options: options, runs: true)
          == ScanReference.measurement(in: text, options: options, runs: false),
        sourceLocation: sourceLocation)
      #expect(
        ScanReference.measurement(utf16: units, options: options, runs: true)
          == ScanReference.measurement(utf16: units, options: options, runs: false),
        sourceLocation: sourceLocation)
      #expect(
        ScanReference.clusterDigest(in: text, options: options, runs: true)
          == ScanReference.clusterDigest(in: text, options: options, runs: false),
        sourceLocation: sourceLocation)
      // The public API takes the run loop.
      #expect(Graphemes.clusters(in: text, options: options) == general)
      #expect(Graphemes.count(in: text) == general.count, sourceLocation: sourceLocation)
    }
  }

  @Test("Generated hard text: run loop == general path")
  func generatedText() async {
    await propertyCheck(count: Counts.heavy, input: UnicodeGen.text) { text in
      expectSamePaths(text)
    }
  }

  @Test("Generated UTF-16 with lone surrogates: run loop == general path")
  func generatedUTF16() async {
    await propertyCheck(count: Counts.heavy, input: UnicodeGen.utf16) { units in
      for options in [WidthOptions.standard, .eastAsian] {
        #expect(
          ScanReference.clusters(utf16: units, options: options, runs: true)
            == ScanReference.clusters(utf16: units, options: options, runs: false))
        #expect(
          ScanReference.measurement(utf16: units, options: options, runs: true)
            == ScanReference.measurement(utf16: units, options: options, runs: false))
      }
    }
  }

  /// Random code points from the whole range, and from the blocks where the
  /// run loop's decisions lie (Latin, combining marks, Indic, Hangul, CJK,
  /// emoji, variation selectors, regional indicators, tags).
  static let scalars: Generator<String, Shrink.None<String>> = Generator { rng in
    let ranges: [ClosedRange<UInt32>] = [
      0x0...0x10FFFF, 0x20...0x17F, 0x300...0x36F, 0x900...0x97F, 0x980...0x9FF,
      0x1100...0x11FF, 0xAC00...0xAC30, 0x4E00...0x4E40, 0x3040...0x30FF, 0x1F300...0x1F6FF,
      0x1F3FB...0x1F3FF, 0xFE00...0xFE0F, 0x200B...0x200F, 0x1F1E6...0x1F1FF, 0xE0020...0xE007F,
      0x600...0x605, 0x0D...0x0D, 0x0A...0x0A,
    ]
    var text = ""
    for _ in 0..<Int.random(in: 0...24, using: &rng) {
      let range = ranges[Int.random(in: 0..<ranges.count, using: &rng)]
      if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &rng)) {
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }

  @Test("Random code points: run loop == general path")
  func randomScalars() async {
    await propertyCheck(count: Counts.heavy * 2, input: Self.scalars) { text in
      expectSamePaths(text)
    }
  }

  @Test(
    "Edges of the run loop",
    arguments: [
      "a\u{301}", "ab\u{301}c", "日\u{FE0F}", "日\u{FE0E}本", "\u{2764}\u{FE0F}日",
      "\u{263A}\u{FE0E}字", "한\u{1161}", "하\u{1161}\u{11A8}", "한\u{11A8}글",
      "가\u{11A8}\u{11A8}", "\u{1100}한",
      "한\u{1100}\u{1161}", "a👍🏽b", "字👩‍👩‍👧字", "字👩\u{200D}字", "字\u{200D}👩",
      "x🇫🇷🇯🇵🇺y", "a\r\nb", "字\r\n字", "字\n\u{301}", "a\u{200D}b", "a\u{200D}👍",
      "\u{600}字", "字\u{600}字", "\u{600}\u{600}a", "a1\u{FE0F}\u{20E3}b", "字#\u{20E3}",
      "क्षa", "aक्ष", "字\u{94D}क", "e\u{301}\u{301}\u{301}字", "A\u{30A}", "字\u{3099}",
      "か\u{3099}", "\u{FF21}\u{301}", "a\u{E0061}",
      "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}字",
      "字😀😀", "😀\u{1F3FB}\u{1F3FB}字", "a\u{903}b", "字\u{7F}字", "字\u{85}字",
      String(repeating: "字", count: 40) + "a" + String(repeating: "b", count: 20),
      String(repeating: "ab", count: 9) + "\u{301}" + String(repeating: "c", count: 9),
    ])
  func edges(_ text: String) {
    expectSamePaths(text)
  }

  @Test("Widths at the edges are the policy's")
  func edgeWidths() {
    #expect(DisplayWidth.width(in: "a\u{301}") == 1)
    #expect(DisplayWidth.width(in: "日\u{FE0E}") == 2)
    #expect(DisplayWidth.width(in: "\u{2764}\u{FE0F}") == 2)
    #expect(DisplayWidth.width(in: "한\u{11A8}") == 2)
    #expect(DisplayWidth.width(in: "字👩‍👩‍👧字") == 6)
    #expect(DisplayWidth.width(in: "a👍🏽b") == 4)
    #expect(DisplayWidth.width(in: "x🇫🇷y") == 4)
    #expect(DisplayWidth.width(in: "a1\u{FE0F}\u{20E3}b") == 4)
    #expect(DisplayWidth.measurement(in: "字\r\n字").graphemeCount == 3)
    #expect(DisplayWidth.measurement(in: "字\r\n字").containsControl)
    #expect(Graphemes.count(in: "\u{600}字") == 1)
    #expect(Graphemes.count(in: "하\u{1161}") == 1)  // LV × V (GB7)
    #expect(Graphemes.count(in: "한\u{1161}") == 2)  // LVT ÷ V
    #expect(Graphemes.count(in: "\u{1100}한") == 1)
  }
}

@Suite("forEachCluster (package API for layout)")
struct ForEachClusterTests {
  @Test("forEachCluster == clusters, String and UTF-16")
  func sameAsClusters() async {
    await propertyCheck(count: Counts.light, input: UnicodeGen.text) { text in
      for options in [WidthOptions.standard, .eastAsian] {
        var seen: [MeasuredCluster] = []
        var start = 0
        Graphemes.forEachCluster(in: text, options: options) { end, width, isControl in
          seen.append(
            MeasuredCluster(
              range: NSRange(location: start, length: end - start), width: width,
              isControl: isControl))
          start = end
        }
        #expect(seen == Graphemes.clusters(in: text, options: options))
        var ends: [Int] = []
        Graphemes.forEachCluster(utf16: Array(text.utf16), options: options) { end, _, _ in
          ends.append(end)
        }
        #expect([0] + ends == Graphemes.boundaries(in: text).offsets)
      }
    }
  }
}

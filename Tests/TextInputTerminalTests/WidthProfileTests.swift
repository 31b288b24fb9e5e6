import Foundation
import PropertyBased
import Testing
import TextInputTerminal
import UnicodeTestSupport

@Suite struct VisibleControlsTests {
  @Test func titleSequenceIsDrawnVisibly() {
    let text = "hi \u{1B}]0;pwned\u{07} www.a.org"
    let visible = VisibleControls.visible(text)
    #expect(visible == "hi \u{241B}]0;pwned\u{2407} www.a.org")
    #expect(!visible.unicodeScalars.contains(where: { VisibleControls.isControl($0) }))
  }

  @Test func everyControlHasAOneCellVisibleForm() {
    #expect(VisibleControls.visible("\u{0}\u{9}\u{A}\u{1F}") == "\u{2400}\u{2409}\u{240A}\u{241F}")
    #expect(VisibleControls.visible("\u{7F}") == "\u{2421}")
    #expect(VisibleControls.visible("\u{80}\u{9B}\u{9F}") == "\u{FFFD}\u{FFFD}\u{FFFD}")
    for value in UInt32(0)...0x9F {
      guard let scalar = Unicode.Scalar(value), VisibleControls.isControl(scalar) else { continue }
      let shown = VisibleControls.visible(scalar)
      #expect(!VisibleControls.isControl(shown))
      #expect(DisplayWidth.width(in: String(shown)) == 1, "U+\(String(value, radix: 16))")
    }
  }

  @Test func textWithoutControlsIsUnchanged() async {
    await propertyCheck(
      count: CheckScale.cases(40, full: 200), input: UnicodeGen.text
    ) { text in
      let visible = VisibleControls.visible(text)
      #expect(!visible.unicodeScalars.contains(where: { VisibleControls.isControl($0) }))
      if !text.unicodeScalars.contains(where: { VisibleControls.isControl($0) }) {
        #expect(visible == text)
      } else {
        #expect(visible.unicodeScalars.count == text.unicodeScalars.count)
      }
    }
  }
}

@Suite struct WidthProfileTests {
  /// The probe clusters and more, with their kind, their width in tmux 3.3a
  /// (measured with `#{cursor_x}` after printing each in a fresh pane) and
  /// in a grapheme-cluster terminal (the library's policy).
  static let measured: [(cluster: String, kind: TerminalClusterKind, tmux: Int, clusters: Int)] = [
    ("\u{2764}\u{FE0F}", .emojiWithVS16, 1, 2),  // ❤️
    ("1\u{FE0F}\u{20E3}", .emojiWithVS16, 1, 2),  // 1️⃣
    ("\u{231A}\u{FE0E}", .textWithVS15, 2, 1),  // ⌚︎
    ("\u{1F44D}\u{1F3FD}", .emojiModifierSequence, 4, 2),  // 👍🏽
    ("\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", .zwjSequence, 2, 2),  // 👩‍👩‍👧
    ("\u{1F1EB}\u{1F1F7}", .regionalIndicatorPair, 2, 2),  // 🇫🇷
    ("e\u{301}", .combiningMarks, 1, 1),
    ("\u{65E5}", .wide, 2, 2),  // 日
    ("\u{231A}", .wide, 2, 2),  // ⌚
    ("\u{2764}", .default, 1, 1),  // ❤
    ("a", .default, 1, 1),
    ("\u{1B}", .control, 1, 1),
    ("\r\n", .control, 0, 0),
  ]

  @Test func kindsAndWidths() {
    for sample in Self.measured {
      #expect(TerminalClusterKind.of(sample.cluster) == sample.kind, "\(sample.cluster)")
      #expect(
        TerminalWidthProfile.tmux.width(of: sample.cluster) == sample.tmux, "\(sample.cluster)")
      #expect(
        TerminalWidthProfile.graphemeClusters.width(of: sample.cluster) == sample.clusters,
        "\(sample.cluster)")
    }
  }

  /// Outside controls, and clusters that start with a mark or a modifier
  /// (drawn and measured on U+00A0), the library's width.
  @Test func graphemeClusterProfileIsTheLibrarysWidthOutsideControls() async {
    await propertyCheck(
      count: CheckScale.cases(40, full: 200), input: UnicodeGen.text
    ) { text in
      for character in text
      where !character.unicodeScalars.contains(where: { VisibleControls.isControl($0) }) {
        let drawn = VisibleControls.cellText(String(character))
        #expect(
          TerminalWidthProfile.graphemeClusters.width(of: String(character))
            == DisplayWidth.width(in: drawn))
      }
    }
  }

  @Test func measuredProfileReproducesTmux() {
    let probed = TerminalClusterKind.allCases.compactMap { kind in
      kind.probeCluster.map { (kind: kind, cluster: $0) }
    }
    let widths = Dictionary(
      uniqueKeysWithValues: probed.map {
        ($0.kind, TerminalWidthProfile.tmux.width(of: $0.cluster))
      })
    let profile = TerminalWidthProfile.measured(widths, name: "tmux")
    #expect(profile == .tmux)
    let grapheme = Dictionary(
      uniqueKeysWithValues: probed.map {
        ($0.kind, DisplayWidth.width(in: $0.cluster))
      })
    #expect(TerminalWidthProfile.measured(grapheme, name: "grapheme clusters") == .graphemeClusters)
  }

  @Test func anUnexplainedWidthIsKeptAsIs() {
    // 5 is neither the library's 2, the first scalar's 2 nor the sum 6.
    let profile = TerminalWidthProfile.measured([.zwjSequence: 5])
    #expect(profile.rule(for: .zwjSequence) == .cells(5))
    #expect(profile.width(of: "\u{1F468}\u{200D}\u{1F467}") == 5)
    let summed = TerminalWidthProfile.measured([.zwjSequence: 6])
    #expect(summed.rule(for: .zwjSequence) == .sumOfScalars)
  }

  @Test(arguments: [TerminalWidthProfile.graphemeClusters, .tmux])
  func cellFontAdvancesAreTheProfilesWidths(_ profile: TerminalWidthProfile) {
    let text = "a\u{2764}\u{FE0F}b\u{1F44D}\u{1F3FD} ok\u{231A}\u{FE0E}\u{65E5}\u{1B}e\u{301}"
    let font = TerminalCellFont(profile: profile)
    let frame = TextFrame(text, style: LayoutStyle(font: font))
    #expect(Int(frame.usedSize.width) == profile.width(in: text))
    let clusters = frame.placedClusters(ofLine: 0) ?? []
    let units = Array(text.utf16)
    for cluster in clusters {
      let slice = String(
        decoding: units[cluster.range.location..<NSMaxRange(cluster.range)], as: UTF16.self)
      #expect(Int(cluster.maxX - cluster.minX) == profile.width(of: slice), "\(slice)")
    }
  }
}

@Suite struct ProbeClusterTests {
  @Test(arguments: TerminalClusterKind.allCases)
  func eachProbeClusterIsOneClusterOfItsKind(_ kind: TerminalClusterKind) {
    guard let cluster = kind.probeCluster else {
      #expect(kind == .control || kind == .default)
      return
    }
    #expect(cluster.count == 1)
    #expect(TerminalClusterKind.of(cluster) == kind)
  }
}

import Foundation
import PropertyBased
import Testing
import TextInputKit
import UnicodeTestSupport

@Suite struct SecureEntryTests {
  @Test func masksEachClusterOnce() {
    var editor = Editor(behaviours: [SecureEntry()])
    editor.insert("pa\u{301}ss \u{1F1EB}\u{1F1F7}\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}")
    #expect(
      editor.text == "pa\u{301}ss \u{1F1EB}\u{1F1F7}\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}")
    #expect(
      editor.displayedText
        == "••\u{34F}•••" + "•\u{34F}\u{34F}\u{34F}" + "•" + String(repeating: "\u{34F}", count: 7))
    #expect(editor.displayedUTF16.count == editor.state.utf16Count)
    #expect(
      Graphemes.boundaries(utf16: editor.displayedUTF16.array).offsets
        == editor.state.graphemeBoundaries)
  }

  @Test func caretMovesByClusterOverTheMask() {
    var editor = Editor(text: "e\u{301}\u{1F44D}\u{1F3FD}x", behaviours: [SecureEntry()])
    editor.move(.documentStart)
    editor.move(.right)
    #expect(editor.selection == NSRange(location: 2, length: 0))
    editor.move(.right)
    #expect(editor.selection == NSRange(location: 6, length: 0))
    editor.deleteBackward()
    #expect(editor.text == "e\u{301}x")
    #expect(editor.displayedText == "•\u{34F}•")
  }

  @Test func lineBreaksStayLineBreaks() {
    let editor = Editor(
      text: "ab\ncd\r\ne\u{2028}f",
      geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 100, height: 100)),
      behaviours: [SecureEntry()])
    #expect(editor.displayedText == "••\n••\r\n•\u{2028}•")
    #expect(editor.layout().lineFragments.count == 4)
  }

  @Test func marksComposedTextToo() throws {
    var editor = Editor(behaviours: [SecureEntry()])
    editor.insert("a")
    try editor.setMarkedText("\u{304B}", selectedRange: NSRange(location: 1, length: 0))
    #expect(editor.markedRange == NSRange(location: 1, length: 1))
    #expect(editor.displayedText == "••")
  }

  @Test func showPasswordToggle() {
    var editor = Editor(text: "secret", behaviours: [SecureEntry()])
    #expect(editor.isSecureTextEntry)
    #expect(editor.displayedText == "••••••")
    editor.modifyBehaviour(SecureEntry.self) { entry, _ in entry.isSecure = false }
    #expect(!editor.isSecureTextEntry)
    #expect(editor.displayedText == "secret")
    #expect(!Editor(text: "x").isSecureTextEntry)
  }

  @Test func otherMasks() throws {
    let editor = Editor(text: "ab\u{301}", behaviours: [try SecureEntry(mask: "*")])
    #expect(editor.displayedText == "**\u{34F}")
    for bad: Character in ["\u{301}", "日", "\n", "\u{1F600}", "\u{1100}", "\u{200D}", "\u{7}"] {
      #expect(throws: TextFieldRulesError.unusableMask(String(bad))) {
        try SecureEntry(mask: bad)
      }
    }
    #expect(
      TextFieldRulesError.unusableMask("日").description
        == "mask \"日\" cannot mask a cluster: expected one character of one UTF-16 code unit, "
        + "one cell wide, that starts a grapheme cluster (such as \"•\" U+2022 or \"*\")")
  }

  @Test func pluginConfiguration() throws {
    let registry = PluginRegistry.makeStandard()
    var configuration = Configuration(plugins: registry.descriptors)
    try configuration.load("secureEntry.mask = *\nsecureEntry.isSecure = true")
    let behaviours = try registry.makeBehaviours(
      for: [SecureEntry.pluginID], configuration: configuration)
    let editor = Editor(text: "ab", behaviours: behaviours)
    #expect(editor.displayedText == "**")
    #expect(throws: ConfigurationError.self) {
      try configuration.set("secureEntry.mask", text: "xy")
    }
    #expect(
      SecureEntry.descriptor.configuration.map(\.name) == ["isSecure", "mask"])
    #expect(SecureEntry.descriptor.configuration[1].defaultValue == .string("•"))
    configuration = Configuration(plugins: [SecureEntry.descriptor])
    #expect(
      try SecureEntry(configuration: configuration.plugin(SecureEntry.pluginID)).maskUnit == 0x2022)
  }

  @Test(arguments: [TerminalWidthProfile.graphemeClusters, .tmux])
  func aMaskedClusterIsOneCell(_ profile: TerminalWidthProfile) {
    for length in 1...8 {
      let cluster = "•" + String(repeating: "\u{34F}", count: length - 1)
      #expect(profile.width(of: cluster) == 1, "\(length) units")
    }
    var screen = TerminalScreen(columns: 3, rows: 1)
    screen.put("•\u{34F}\u{34F}", width: 1, row: 0, column: 0)
    #expect(screen[0, 0].text == "•")
    #expect(!TerminalWriter.update(from: nil, to: screen).unicodeScalars.contains("\u{34F}"))
  }

  /// (a) With SecureEntry installed, the displayed text has the text's
  /// grapheme boundaries, every cluster but a line break draws as one "•"
  /// cell, and the caret and selection rects are those of a text of one "•"
  /// per cluster.
  @Test func maskKeepsClustersAndGeometry() async {
    await propertyCheck(
      count: 120, input: UnicodeGen.text(fragments: 0...12), FieldStep.generator.array(of: 0...6),
      Gen.bool
    ) { text, steps, tmux in
      let profile: TerminalWidthProfile = tmux ? .tmux : .graphemeClusters
      var editor = terminalField(
        text, columns: 30, rows: 8, profile: profile, messageRow: false,
        behaviours: [SecureEntry()])
      for step in steps { step.run(on: &editor) }
      let state = editor.state
      let displayed = editor.displayedUTF16.array
      #expect(displayed == masked(editor.text), "displayed after \(steps)")
      #expect(
        Graphemes.boundaries(utf16: displayed).offsets == state.graphemeBoundaries,
        "boundaries of \(editor.text.debugDescription)")
      // The layout of one "•" per cluster, line breaks kept.
      let reference = TextFrame(
        utf16: masked(editor.text).filter { $0 != 0x034F },
        container: TextContainer(width: 30),
        style: LayoutStyle(font: TerminalCellFont(profile: profile)))
      let referenceBounds = Graphemes.boundaries(utf16: reference.utf16.array).offsets
      #expect(referenceBounds.count == state.graphemeBoundaries.count)
      let layout = editor.layout()
      for (offset, referenceOffset) in zip(state.graphemeBoundaries, referenceBounds) {
        #expect(
          layout.caretRect(at: offset) == reference.caretRect(at: referenceOffset),
          "caret at \(offset) of \(editor.text.debugDescription)")
      }
      let selection = state.selection
      let index = { (offset: Int) in state.graphemeBoundaries.firstIndex(of: offset) ?? 0 }
      let referenceSelection = NSRange(
        location: referenceBounds[index(selection.location)],
        length: referenceBounds[index(NSMaxRange(selection))]
          - referenceBounds[index(selection.location)])
      #expect(
        layout.selectionRects(for: selection) == reference.selectionRects(for: referenceSelection))
      // Drawn: every cell of the text is "•" or blank.
      let screen = drawnScreen(editor)
      for row in 0..<screen.rows {
        for column in 0..<screen.columns {
          #expect(["•", " "].contains(screen[row, column].text), "cell \(row),\(column)")
          #expect(screen[row, column].width == 1)
        }
      }
      let drawn = (0..<screen.rows).reduce(0) { total, row in
        total + screen.text(ofRow: row).filter { $0 == "•" }.count
      }
      let expected = masked(editor.text).filter { $0 == 0x2022 }.count
      if layout.usedSize.height <= 8 { #expect(drawn == expected, "masks drawn") }
    }
  }
}

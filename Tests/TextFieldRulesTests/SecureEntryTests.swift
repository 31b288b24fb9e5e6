import Foundation
import PropertyBased
import Testing
import TextInputKit
import TextMetrics
import UnicodeTestSupport

@Suite struct SecureEntryTests {
  @Test func masksEachClusterOnce() {
    var editor = Editor(behaviours: [SecureEntry()])
    editor.insert("pa\u{301}ss \u{1F1EB}\u{1F1F7}\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}")
    #expect(
      editor.text == "pa\u{301}ss \u{1F1EB}\u{1F1F7}\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}")
    #expect(editor.displayedText == "•••••••")
    #expect(!editor.displayedUTF16.contains(0x034F))
    // One displayed unit per cluster, and the map ties their boundaries.
    let map = editor.state.displayMap
    #expect(
      editor.state.graphemeBoundaries.map { map.displayed(fromTyped: $0) }
        == Graphemes.boundaries(utf16: editor.displayedUTF16.array).offsets)
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
    #expect(editor.displayedText == "••")
  }

  /// The layout is of one "•" per cluster; moves and clicks on it land on
  /// the typed text's cluster boundaries (through the display map).
  @Test func movesAndClicksGoThroughTheMap() {
    var editor = terminalField(
      "e\u{301}e\u{301}\nab", columns: 6, rows: 2, messageRow: false,
      behaviours: [SecureEntry()])
    #expect(editor.displayedText == "••\n••")
    #expect(editor.selection.location == 7)
    editor.move(.up)
    #expect(editor.selection.location == 4)
    editor.move(.lineStart)
    #expect(editor.selection.location == 0)
    editor.move(.right)
    #expect(editor.selection.location == 2)
    editor.move(.lineEnd)
    #expect(editor.selection.location == 4)
    editor.move(.down)
    #expect(editor.selection.location == 7)
    editor.select(NSRange(location: 2, length: 4))
    // Typed 2..<6 is the second "•", the break and the third "•".
    #expect(
      editor.selectionRects == [
        CGRect(x: 1, y: 0, width: 1, height: 1), CGRect(x: 0, y: 1, width: 1, height: 1),
      ])
    let clicks = terminalField(
      "e\u{301}\u{1F44D}\u{1F3FD}x", columns: 6, rows: 1, messageRow: false,
      behaviours: [SecureEntry()])
    let placement = TerminalEditorRenderer.placement(
      of: clicks, at: TerminalPosition(row: 0, column: 0))
    #expect((0..<6).map { placement.offset(row: 0, column: $0, in: clicks) } == [0, 2, 6, 7, 7, 7])
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
    #expect(editor.displayedText == "**")
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
    // Clusters of 1 to 11 code units: each is one "•", one cell, and the
    // bytes hold nothing but the masks.
    let text =
      "a" + "e\u{301}" + "\u{1F44D}\u{1F3FD}" + "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"
    let editor = terminalField(
      text, columns: 6, rows: 1, profile: profile, messageRow: false,
      behaviours: [SecureEntry()])
    let screen = drawnScreen(editor)
    #expect(screen.text(ofRow: 0) == "••••  ")
    #expect((0..<4).allSatisfy { screen[0, $0].text == "•" && screen[0, $0].width == 1 })
    #expect(screen.cursor == TerminalPosition(row: 0, column: 4))
    let bytes = TerminalWriter.update(from: nil, to: screen)
    #expect(bytes.unicodeScalars.filter { $0.value > 0x7F } == Array(repeating: "•", count: 4))
  }

  /// Masked word moves go to the paragraph's ends, found in the layout's
  /// paragraphs; they land where a scan of the typed text for hard breaks
  /// does, at every cluster boundary, wrapped or not, after edits.
  @Test func maskedWordMovesFindTheParagraphsEnds() async {
    let pieces = Gen.oneOf(
      UnicodeGen.text(fragments: 0...2),
      Gen.oneOf(
        Gen.always("\r\n"), Gen.always("\n"), Gen.always("\r"), Gen.always("\u{2028}"),
        Gen.always("\u{85}"), Gen.always("\u{0C}"), Gen.always("ab "), Gen.always("e\u{301}"),
        Gen.always("🇫🇷"), Gen.always("中文")))
    await propertyCheck(
      count: 120, input: pieces.array(of: 0...12).map { $0.joined() },
      FieldStep.generator.array(of: 0...4), Gen.int(in: 1...12)
    ) { text, steps, columns in
      var editor = terminalField(
        text, columns: columns, rows: 4, messageRow: false, behaviours: [SecureEntry()])
      for step in steps { step.run(on: &editor) }
      let state = editor.state
      let units = state.utf16.array
      func start(_ offset: Int) -> Int { HardBreaks.paragraphStart(before: offset, in: units) }
      func end(_ offset: Int) -> Int { HardBreaks.contentEnd(after: offset, in: units) }
      for offset in state.graphemeBoundaries {
        let before =
          start(offset) < offset
          ? start(offset) : start(state.graphemeBoundary(before: offset) ?? 0)
        let after =
          end(offset) > offset
          ? end(offset) : end(state.graphemeBoundary(after: offset) ?? units.count)
        #expect(
          editor.boundary(before: offset, by: .word) == before,
          "word start before \(offset) of \(editor.text.debugDescription)")
        #expect(
          editor.boundary(after: offset, by: .word) == after,
          "word end after \(offset) of \(editor.text.debugDescription)")
      }
    }
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
      // The layout of one "•" per cluster, line breaks kept.
      let reference = TextFrame(
        utf16: masked(editor.text),
        container: TextContainer(width: 30),
        style: LayoutStyle(font: TerminalCellFont(profile: profile)))
      let referenceBounds = Graphemes.boundaries(utf16: reference.utf16.array).offsets
      #expect(referenceBounds.count == state.graphemeBoundaries.count)
      let layout = editor.layout()
      for (offset, referenceOffset) in zip(state.graphemeBoundaries, referenceBounds) {
        #expect(state.displayMap.displayed(fromTyped: offset) == referenceOffset)
        #expect(state.displayMap.typed(fromDisplayed: referenceOffset) == offset)
        #expect(
          state.caretRect(at: offset) == reference.caretRect(at: referenceOffset),
          "caret at \(offset) of \(editor.text.debugDescription)")
      }
      #expect(layout.utf16 == reference.utf16)
      let selection = state.selection
      let index = { (offset: Int) in state.graphemeBoundaries.firstIndex(of: offset) ?? 0 }
      let referenceSelection = NSRange(
        location: referenceBounds[index(selection.location)],
        length: referenceBounds[index(NSMaxRange(selection))]
          - referenceBounds[index(selection.location)])
      #expect(
        state.selectionRects(for: selection) == reference.selectionRects(for: referenceSelection))
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
      if layout.usedSize.height <= 8 {
        #expect(drawn == expected, "masks drawn")
        guard state.isEditing else { return }
        // The cursor is on the caret's cell: the cell after the cluster before it.
        let caret = state.caretRect(at: NSMaxRange(state.selection))
        #expect(
          screen.cursor
            == TerminalPosition(
              row: Int(caret.minY), column: min(Int(caret.midX.rounded()), screen.columns - 1)),
          "cursor of \(editor.text.debugDescription)")
      }
    }
  }
}

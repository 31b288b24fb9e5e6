import Foundation
import RightAlignedSpaces
import Testing
import TextInputCore
import TextInputKit
import TextMetrics

private let nbsp = "\u{A0}"

@Suite struct RightAlignedSpacesTests {
  @Test func substitutableCharactersAreTheOneCellCollapsibleSpaces() {
    let expected: [UInt32] =
      [0x20, 0x1680] + Array(0x2000...0x2006) + Array(0x2008...0x200A) + [0x205F]
    #expect(RightAlignedSpaces.substitutableCharacters.map(\.value) == expected)
  }

  @Test("The text a program reads is what was typed; the trailing space is drawn as U+00A0")
  func typedTextAndDisplayedText() {
    var editor = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
    for character in "a b " { editor.insert(String(character)) }
    #expect(editor.text == "a b ")
    #expect(editor.displayedText == "a b\(nbsp)")
    #expect(editor.selection == NSRange(location: 4, length: 0))
    let fix = RightAlignedSpaces()
    #expect(fix.substitutedRanges(in: editor.state) == [NSRange(location: 3, length: 1)])
    #expect(fix.displayedText(of: editor.state) == editor.displayedText)
    #expect(
      fix.displaySubstitution(inParagraphs: NSRange(location: 0, length: 4), of: editor.state)
        == DisplaySubstitution(ranges: [NSRange(location: 3, length: 1)], replacement: 0xA0))
    #expect(editor.layout().utf16.array == Array("a b\(nbsp)".utf16))
  }

  @Test("Each paragraph's trailing run is drawn substituted; spaces between words are not")
  func trailingRunsOfEveryParagraph() {
    var editor = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
    editor.setText("one two  \nthree \r\n  \u{2029}four\u{2028}five  ")
    #expect(
      editor.displayedText
        == "one two\(nbsp)\(nbsp)\nthree\(nbsp)\r\n\(nbsp)\(nbsp)\u{2029}four\u{2028}five\(nbsp)\(nbsp)"
    )
    #expect(editor.text == "one two  \nthree \r\n  \u{2029}four\u{2028}five  ")
  }

  @Test("A user's no-break space stays one; the displayed text has the text's length")
  func aUserNoBreakSpaceStaysOne() {
    var editor = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
    editor.insert("a\(nbsp)")
    editor.replace(NSRange(location: 2, length: 0), with: " x\(nbsp)y  ")
    #expect(editor.text == "a\(nbsp) x\(nbsp)y  ")
    #expect(editor.displayedText == "a\(nbsp) x\(nbsp)y\(nbsp)\(nbsp)")
    #expect(editor.displayedUTF16.count == editor.state.utf16Count)
    #expect(editor.selection == NSRange(location: 8, length: 0))
  }

  @Test("Undo and redo restore the typed text; nothing is rewritten behind the user")
  func undoRedo() {
    var editor = Editor(text: "ab", alignment: .right, behaviours: [RightAlignedSpaces()])
    editor.replace(NSRange(location: 1, length: 0), with: "  1  2  ")
    #expect(editor.text == "a  1  2  b")
    #expect(editor.displayedText == "a  1  2  b")
    #expect(editor.undo() == true)
    #expect(editor.text == "ab")
    #expect(editor.selection == NSRange(location: 2, length: 0))
    #expect(editor.redo() == true)
    #expect(editor.text == "a  1  2  b")
    #expect(editor.selection == NSRange(location: 9, length: 0))
    editor.move(.documentEnd)
    editor.insert(" ")
    #expect(editor.displayedText == "a  1  2  b\(nbsp)")
    editor.undo()
    #expect(editor.text == "a  1  2  b")
  }

  @Test("Marked text is drawn as it is; the run before it is not trailing")
  func markedTextIsDrawnAsItIs() throws {
    var editor = Editor(text: "x ", alignment: .right, behaviours: [RightAlignedSpaces()])
    #expect(editor.displayedText == "x\(nbsp)")
    try editor.setMarkedText("k a ", selectedRange: NSRange(location: 4, length: 0))
    #expect(editor.text == "x k a ")
    #expect(editor.displayedText == "x k a ")
    editor.unmarkText()
    #expect(editor.displayedText == "x k a\(nbsp)")
    try editor.setMarkedText("の ", selectedRange: NSRange(location: 2, length: 0))
    editor.insert("乃 ")
    #expect(editor.text == "x k a 乃 ")
    #expect(editor.displayedText == "x k a 乃\(nbsp)")
  }

  @Test("Regression: a composition replaced by another leaves no space drawn as typed")
  func compositionReplacingComposition() throws {
    var editor = Editor(text: "ab ", alignment: .right, behaviours: [RightAlignedSpaces()])
    try editor.setMarkedText(" x ", selectedRange: NSRange(location: 3, length: 0))
    try editor.setMarkedText(
      "y", selectedRange: NSRange(location: 1, length: 0),
      replacementRange: NSRange(location: 3, length: 3))
    try editor.setMarkedText(
      "z ", selectedRange: NSRange(location: 2, length: 0),
      replacementRange: NSRange(location: 1, length: 3))
    #expect(editor.text == "az ")
    #expect(editor.markedRange == NSRange(location: 1, length: 2))
    #expect(editor.displayedText == "az ")
    editor.unmarkText()
    #expect(editor.displayedText == "az\(nbsp)")
  }

  @Test("Regression: marked text across a paragraph end (the walk once never ended)")
  func markedTextAcrossAParagraphEnd() throws {
    var editor = Editor(text: "a ", alignment: .right, behaviours: [RightAlignedSpaces()])
    try editor.setMarkedText(
      " \n ", selectedRange: NSRange(location: 3, length: 0),
      replacementRange: NSRange(location: 1, length: 1))
    #expect(editor.text == "a \n ")
    #expect(editor.markedRange == NSRange(location: 1, length: 3))
    #expect(editor.displayedText == "a \n ")
    editor.insert("b ")
    #expect(editor.displayedText == "ab\(nbsp)")
  }

  @Test("Alignment and direction turn the substitution on and off; the text never changes")
  func activationFollowsAlignment() {
    var editor = Editor(text: "a b c ", alignment: .left, behaviours: [RightAlignedSpaces()])
    #expect(editor.displayedText == "a b c ")
    editor.select(NSRange(location: 1, length: 3))
    editor.setAlignment(.right)
    #expect(editor.displayedText == "a b c\(nbsp)")
    #expect(editor.text == "a b c ")
    #expect(editor.selection == NSRange(location: 1, length: 3))
    #expect(!editor.canUndo)
    editor.setAlignment(.center)
    #expect(editor.displayedText == "a b c ")
  }

  @Test func rightToLeftMirrorsTheTrailingEdge() {
    var editor = Editor(
      alignment: .natural, layoutDirection: .rightToLeft, behaviours: [RightAlignedSpaces()])
    editor.insert("שלום ")
    #expect(editor.displayedText == "שלום ")
    editor.setAlignment(.left)
    #expect(editor.displayedText == "שלום\(nbsp)")
    editor.setLayoutDirection(.leftToRight)
    #expect(editor.displayedText == "שלום ")
    #expect(editor.text == "שלום ")
  }

  @Test func activationAlwaysAndNever() throws {
    var always = Editor(behaviours: [try RightAlignedSpaces(activation: .always)])
    always.insert("a b ")
    #expect(always.displayedText == "a b\(nbsp)")
    var never = Editor(alignment: .right, behaviours: [try RightAlignedSpaces(activation: .never)])
    never.insert("a b ")
    #expect(never.displayedText == "a b ")
    let thin = try RightAlignedSpaces(activation: .always, characters: [" ", "\u{2009}"])
    var editor = Editor(behaviours: [thin])
    editor.insert("1\u{2009}000 € \u{2009}")
    #expect(editor.displayedText == "1\u{2009}000 €\(nbsp)\(nbsp)")
    #expect(editor.text == "1\u{2009}000 € \u{2009}")
  }

  @Test func endingEditingNeverTrims() {
    var editor = Editor(alignment: .right, isEditing: true, behaviours: [RightAlignedSpaces()])
    editor.insert("hi  ")
    editor.endEditing()
    #expect(editor.text == "hi  ")
  }

  @Test func trailingPadWidthInPoints() {
    let font = CellFont(cellWidth: 8, lineHeight: 16)
    var editor = Editor(font: font, alignment: .right, behaviours: [RightAlignedSpaces()])
    editor.insert("ab\(nbsp)  ")
    let pad = editor.presentation[TrailingSpacePad.self]
    #expect(
      pad == TrailingSpacePad(width: 16, range: NSRange(location: 3, length: 2), edge: .right))
    editor.setLayoutDirection(.rightToLeft)
    editor.setAlignment(.left)
    #expect(editor.presentation[TrailingSpacePad.self]?.edge == .left)
    #expect(editor.presentation[TrailingSpacePad.self]?.width == 16)
    editor.setAlignment(.center)
    #expect(editor.presentation[TrailingSpacePad.self] == nil)
    var never = Editor(
      font: font, alignment: .right, behaviours: [try! RightAlignedSpaces(activation: .never)])
    never.insert("x ")
    #expect(never.presentation[TrailingSpacePad.self]?.width == 8)
  }

  @Test("Regression: wrapped right-aligned text breaks lines at spaces, as without the fix")
  func wrappedTextBreaksLikeSpaces() {
    let geometry = ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: 20, height: 6), textContainerInset: .zero,
      lineFragmentPadding: 1)
    var fixed = Editor(
      geometry: geometry, alignment: .right, behaviours: [RightAlignedSpaces()])
    var plain = Editor(geometry: geometry, alignment: .right)
    fixed.insert("the quick brown fox jumps over the lazy dog ")
    plain.insert("the quick brown fox jumps over the lazy dog ")
    let lines = fixed.layout().lineFragments.map(\.range)
    #expect(lines == plain.layout().lineFragments.map(\.range))
    let text = fixed.text as NSString
    for line in lines.dropLast() {
      // Every line but the last ends after a space: no word is cut.
      #expect(text.substring(with: line).hasSuffix(" "), "\(text.substring(with: line))")
    }
  }
}

@Suite struct RightAlignedSpacesPluginTests {
  @Test func configurationAndErrors() throws {
    let registry = PluginRegistry.standard
    #expect(registry.plugin(id: "rightAlignedSpaces") != nil)
    var configuration = Configuration(plugins: registry.descriptors)
    try configuration.load(
      """
      editor.alignment = center
      rightAlignedSpaces.activation = always
      rightAlignedSpaces.characters = [U+0020, U+2009]
      """)
    let behaviours = try registry.makeBehaviours(
      for: ["rightAlignedSpaces"], configuration: configuration)
    let fix = try #require(behaviours.first as? RightAlignedSpaces)
    #expect(fix.activation == .always)
    #expect(fix.characters == [" ", "\u{2009}"])

    #expect(throws: RightAlignedSpacesError.unsupportedCharacter("U+0009")) {
      try RightAlignedSpaces(characters: ["\t"])
    }
    #expect(
      throws: ConfigurationError.rejectedValue(
        key: "rightAlignedSpaces.characters", value: "[ab]",
        reason: RightAlignedSpacesError.notOneCharacter("ab").description)
    ) {
      try RightAlignedSpaces(
        configuration: PluginConfiguration(
          pluginID: "rightAlignedSpaces", values: ["characters": .list([.string("ab")])]))
    }
    #expect(
      throws: ConfigurationError.typeMismatch(
        key: "rightAlignedSpaces.activation", value: "sometimes",
        expected: .enumeration(["trailingAlignment", "always", "never"]))
    ) {
      try RightAlignedSpaces(
        configuration: PluginConfiguration(
          pluginID: "rightAlignedSpaces", values: ["activation": .string("sometimes")]))
    }
    // In a file, a bad entry is refused at load with its line and key.
    var file = Configuration(plugins: [Editor.descriptor, RightAlignedSpaces.descriptor])
    #expect(
      throws: ConfigurationError.line(
        1,
        .rejectedValue(
          key: "rightAlignedSpaces.characters", value: "[x]",
          reason: RightAlignedSpacesError.unsupportedCharacter("U+0078").description))
    ) {
      try file.load("rightAlignedSpaces.characters = [x]")
    }
    #expect(
      RightAlignedSpacesError.unsupportedCharacter("U+3000").description.contains("U+3000"))
    #expect(
      RightAlignedSpacesError.notOneCharacter("ab").description.contains("U+0020"))
  }

  @Test func worksAloneWithAPlainEditor() throws {
    let registry = PluginRegistry()
    try registry.register(Editor.plugin)
    try registry.register(RightAlignedSpaces.plugin)
    let behaviours = try registry.makeBehaviours(for: ["rightAlignedSpaces"])
    var editor = Editor(alignment: .right, behaviours: behaviours)
    editor.insert("x ")
    #expect(editor.text == "x ")
    #expect(editor.displayedText == "x\(nbsp)")
  }
}

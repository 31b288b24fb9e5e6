import Foundation
import RightAlignedSpaces
import Testing
import TextInputCore
import TextInputKit
import TextMetrics

private let nbsp = "\u{A0}"

private func model(_ editor: Editor) -> String { RightAlignedSpaces.modelText(of: editor) }

@Suite struct RightAlignedSpacesTests {
  @Test func typedSpacesShowAndReadBack() {
    var editor = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
    for character in "a b " { editor.insert(String(character)) }
    #expect(editor.text == "a\(nbsp)b\(nbsp)")
    #expect(model(editor) == "a b ")
    #expect(editor.selection == NSRange(location: 4, length: 0))
    #expect(
      RightAlignedSpaces.substitutedRanges(in: editor.state) == [
        NSRange(location: 1, length: 1), NSRange(location: 3, length: 1),
      ])
  }

  @Test func aUserNoBreakSpaceStaysOne() {
    var editor = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
    editor.insert("a\(nbsp)")
    editor.replace(NSRange(location: 2, length: 0), with: " x\(nbsp)y  ")
    #expect(editor.text == "a\(nbsp)\(nbsp)x\(nbsp)y\(nbsp)\(nbsp)")
    #expect(model(editor) == "a\(nbsp) x\(nbsp)y  ")
    #expect(editor.selection == NSRange(location: 8, length: 0))
  }

  @Test func deletionsPassThroughAndPasteIsOneUndoStep() {
    var editor = Editor(text: "ab", alignment: .right, behaviours: [RightAlignedSpaces()])
    editor.replace(NSRange(location: 1, length: 0), with: "  1  2  ")
    #expect(model(editor) == "a  1  2  b")
    #expect(editor.undo() == true)
    #expect(model(editor) == "ab")
    #expect(editor.selection == NSRange(location: 2, length: 0))
    #expect(editor.redo() == true)
    #expect(model(editor) == "a  1  2  b")
    #expect(editor.selection == NSRange(location: 9, length: 0))
    editor.deleteBackward()
    #expect(model(editor) == "a  1  2 b")
    editor.move(.documentEnd)
    editor.deleteBackward()
    editor.undo()
    #expect(model(editor) == "a  1  2 b")
    #expect(editor.selection == NSRange(location: 9, length: 0))
  }

  @Test func markedTextIsRewrittenOnlyWhenCommitted() throws {
    var editor = Editor(text: "x", alignment: .right, behaviours: [RightAlignedSpaces()])
    try editor.setMarkedText("k a ", selectedRange: NSRange(location: 4, length: 0))
    #expect(editor.text == "xk a ")
    editor.unmarkText()
    #expect(editor.text == "xk\(nbsp)a\(nbsp)")
    #expect(model(editor) == "xk a ")
    #expect(editor.selection == NSRange(location: 5, length: 0))
    try editor.setMarkedText("の ", selectedRange: NSRange(location: 2, length: 0))
    editor.insert("乃 ")
    #expect(editor.text == "xk\(nbsp)a\(nbsp)乃\(nbsp)")
    #expect(model(editor) == "xk a 乃 ")
    #expect(editor.undo() == true)
    #expect(model(editor) == "x")
  }

  @Test func alignmentChangesRewriteTheWholeTextKeepingTheSelection() {
    var editor = Editor(text: "a b c ", alignment: .left, behaviours: [RightAlignedSpaces()])
    #expect(editor.text == "a b c ")
    editor.select(NSRange(location: 1, length: 3))
    editor.setAlignment(.right)
    #expect(editor.text == "a\(nbsp)b\(nbsp)c\(nbsp)")
    #expect(editor.selection == NSRange(location: 1, length: 3))
    #expect(model(editor) == "a b c ")
    #expect(!editor.canUndo)
    editor.setAlignment(.center)
    #expect(editor.text == "a b c ")
    #expect(editor.state.annotations.isEmpty)
    #expect(editor.selection == NSRange(location: 1, length: 3))
  }

  @Test func rightToLeftMirrorsTheTrailingEdge() {
    var editor = Editor(
      alignment: .natural, layoutDirection: .rightToLeft, behaviours: [RightAlignedSpaces()])
    editor.insert("שלום ")
    #expect(editor.text == "שלום ")
    editor.setAlignment(.left)
    #expect(editor.text == "שלום\(nbsp)")
    editor.setLayoutDirection(.leftToRight)
    #expect(editor.text == "שלום ")
  }

  @Test func activationAlwaysAndNever() throws {
    var always = Editor(behaviours: [try RightAlignedSpaces(activation: .always)])
    always.insert("a b")
    #expect(always.text == "a\(nbsp)b")
    var never = Editor(alignment: .right, behaviours: [try RightAlignedSpaces(activation: .never)])
    never.insert("a b")
    #expect(never.text == "a b")
    let thin = try RightAlignedSpaces(activation: .always, characters: [" ", "\u{2009}"])
    var editor = Editor(behaviours: [thin])
    editor.insert("1\u{2009}000 €")
    #expect(editor.text == "1\(nbsp)000\(nbsp)€")
    #expect(model(editor) == "1\u{2009}000 €")
  }

  @Test func undoAndRedoFollowTheActivation() {
    var editor = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
    editor.insert("a b")
    editor.setAlignment(.left)
    #expect(editor.text == "a b")
    editor.undo()
    #expect(editor.text == "")
    editor.redo()
    #expect(editor.text == "a b")
    editor.setAlignment(.right)
    editor.undo()
    editor.redo()
    #expect(editor.text == "a\(nbsp)b")
    #expect(model(editor) == "a b")
  }

  @Test func programmaticTextIsSubstitutedAndReadsBackExactly() {
    var editor = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
    editor.setText("one\(nbsp)two three ")
    #expect(editor.text == "one\(nbsp)two\(nbsp)three\(nbsp)")
    #expect(model(editor) == "one\(nbsp)two three ")
    #expect(editor.selection == NSRange(location: 14, length: 0))
  }

  @Test func endingEditingNeverTrims() {
    var editor = Editor(alignment: .right, isEditing: true, behaviours: [RightAlignedSpaces()])
    editor.insert("hi  ")
    editor.endEditing()
    #expect(model(editor) == "hi  ")
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

  @Test func badRangesAreClampedAndWidened() {
    var editor = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
    editor.insert("a 👍🏽 b")
    let state = editor.state
    #expect(
      RightAlignedSpaces.modelText(of: state, in: NSRange(location: -5, length: 100)) == "a 👍🏽 b")
    #expect(RightAlignedSpaces.modelText(of: state, in: NSRange(location: 3, length: 1)) == "👍🏽")
    #expect(
      RightAlignedSpaces.modelText(of: state, in: NSRange(location: NSNotFound, length: 2)) == "")
    // {4, 1} splits the emoji (2..<6): widened, the whole emoji is replaced.
    editor.replace(NSRange(location: 4, length: 1), with: " ")
    #expect(model(editor) == "a   b")
    #expect(editor.text == "a\(nbsp)\(nbsp)\(nbsp)b")
  }

  @Test func rewriteIsIdempotent() throws {
    let fix = try RightAlignedSpaces(characters: [" ", "\u{2000}"])
    let once = fix.rewrite("a b\u{2000}c\(nbsp)")
    #expect(once.text == "a\(nbsp)b\(nbsp)c\(nbsp)")
    #expect(once.annotations.map(\.range.location) == [1, 3])
    let twice = fix.rewrite(once.text)
    #expect(twice.text == once.text)
    #expect(twice.annotations.isEmpty)
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
    #expect(editor.text == "x\(nbsp)")
    #expect(model(editor) == "x ")
  }
}

@Suite struct SubstituteActionTests {
  /// Substitutes every "a" by "b", in place, after each change.
  struct AToB: EditorBehaviour {
    mutating func didChangeText(
      _ change: TextChange, in editor: EditorState, actions: inout BehaviourActions
    ) {
      let text = editor.substring(change.newRange)
      guard text.contains("a") else { return }
      actions.substitute(
        change.newRange, with: text.replacingOccurrences(of: "a", with: "b"),
        annotations: [TextAnnotation("t", NSRange(location: 0, length: 1))])
      // A wrong length is dropped.
      actions.substitute(change.newRange, with: text + "x")
    }
  }

  @Test func substitutionsAreInPlaceAndNotRecorded() {
    var editor = Editor(text: "xyz", behaviours: [AToB()])
    editor.select(NSRange(location: 1, length: 1))
    editor.replace(NSRange(location: 0, length: 0), with: "aa")
    #expect(editor.text == "bbxyz")
    #expect(editor.selection == NSRange(location: 2, length: 0))
    #expect(editor.state.annotations.ranges("t") == [NSRange(location: 0, length: 1)])
    #expect(editor.undo() == true)
    #expect(editor.text == "xyz")
    #expect(editor.redo() == true)
    // The redo restores "aa" as recorded; the substitution runs again.
    #expect(editor.text == "bbxyz")
    #expect(editor.redo() == false)
    editor.setText("a")
    #expect(editor.text == "b")
    #expect(editor.state.annotations.ranges("t") == [NSRange(location: 0, length: 1)])
  }
}

import Foundation
import PropertyBased
import Testing
import TextInputCore
import TextMetrics
import UnicodeTestSupport

/// What a command changed, read from the editor's counts instead of a
/// comparison of states; and word moves that segment only the text around
/// the caret.
@Suite("The editor says what changed")
struct EditorRevisionTests {
  @Test("Typing counts a text change and records its kind and ranges")
  func typing() {
    var editor = Editor(text: "Hello")
    let before = editor.state.revision
    editor.insert("!")
    #expect(editor.state.revision.changes(since: before) == .text)
    #expect(editor.lastChange?.kind == .typing)
    #expect(editor.lastChange?.range == NSRange(location: 5, length: 0))
    #expect(editor.lastChange?.newRange == NSRange(location: 5, length: 1))
  }

  @Test("A move counts a selection change; a move that lands where it was counts nothing")
  func moves() {
    var editor = Editor(text: "Hello")
    var before = editor.state.revision
    editor.move(.backward(.grapheme))
    #expect(editor.state.revision.changes(since: before) == .selection)
    before = editor.state.revision
    editor.move(.documentEnd)
    editor.move(.documentEnd)
    #expect(editor.state.revision.changes(since: before) == .selection)
    before = editor.state.revision
    editor.move(.documentEnd)
    #expect(editor.state.revision.changes(since: before) == .none)
    before = editor.state.revision
    editor.beginEditing()
    #expect(editor.state.revision.changes(since: before) == .selection)
  }

  @Test("A delete at the start, undo and redo")
  func undoRedo() {
    var editor = Editor(text: "ab")
    editor.select(NSRange(location: 0, length: 0))
    var before = editor.state.revision
    editor.deleteBackward()
    #expect(editor.state.revision.changes(since: before) == .none)
    editor.move(.documentEnd)
    editor.deleteBackward()
    before = editor.state.revision
    editor.undo()
    #expect(editor.state.revision.changes(since: before) == .text)
    #expect(editor.lastChange?.kind == .undo)
    before = editor.state.revision
    editor.redo()
    #expect(editor.state.revision.changes(since: before) == .text)
    #expect(editor.lastChange?.kind == .redo)
  }

  /// Text where words, spaces and other scripts alternate, long enough
  /// that a word move segments a window of it, not all of it.
  static let longText = Gen.oneOf(
    UnicodeGen.text(fragments: 0...3),
    Gen.oneOf(
      Gen.always("word "), Gen.always("a.b "), Gen.always("  "), Gen.always("x"),
      Gen.always("中文字"), Gen.always("🇫🇷🇫🇷"), Gen.always("e\u{301} "))
  ).array(of: 0...400).map { $0.joined() }

  @Test("Word moves from any offset equal a segmentation of the whole text")
  func wordMovesAreLocal() async {
    await propertyCheck(
      count: CheckScale.cases(30, full: 300), input: Self.longText, Gen.int(in: 0...100_000)
    ) { text, seed in
      let editor = Editor(text: text)
      let units = editor.state.utf16.array
      let whole = Words.segmentation(utf16: units)
      let count = units.count
      var offsets = [0, count, count / 2, seed % (count + 1)]
      offsets += stride(from: 0, through: count, by: max(count / 40, 1))
      for offset in offsets {
        #expect(
          editor.state.previousWordStart(before: offset) == whole.previousWordStart(before: offset),
          "previous word start before \(offset) of \(count)")
        #expect(
          editor.state.nextWordEnd(after: offset) == whole.nextWordEnd(after: offset),
          "next word end after \(offset) of \(count)")
      }
    }
  }

  /// A word longer than the first window (256 units each side) makes the
  /// window grow until it holds the word's ends: Latin, CJK (a dictionary
  /// run) and an emoji run, each thousands of units with no space.
  @Test("word moves inside words longer than the window")
  func wordMovesInsideLongWords() {
    for word in [
      String(repeating: "x", count: 3_000), String(repeating: "中文", count: 900),
      String(repeating: "👍🏽", count: 700),
    ] {
      let editor = Editor(text: "a " + word + " b")
      let units = editor.state.utf16.array
      let whole = Words.segmentation(utf16: units)
      let count = units.count
      for offset in [3, count / 2, count - 3] {
        #expect(
          editor.state.previousWordStart(before: offset) == whole.previousWordStart(before: offset))
        #expect(editor.state.nextWordEnd(after: offset) == whole.nextWordEnd(after: offset))
      }
      if word.hasPrefix("x") {  // one word: from its end back to its start
        #expect(editor.state.previousWordStart(before: count - 3) == 2)
      }
    }
  }
}

@Suite("An editor without geometry")
struct EditorWithoutGeometryTests {
  @Test("lays each paragraph out on one line: Home goes to the paragraph's start")
  func oneLinePerParagraph() {
    var editor = Editor(text: "Hello")
    #expect(editor.layout().lineFragments.count == 1)
    editor.move(.lineStart)
    #expect(editor.selection == NSRange(location: 0, length: 0))
    editor.setText("ab\ncd")
    #expect(editor.layout().lineFragments.count == 2)
    editor.move(.lineStart)
    #expect(editor.selection == NSRange(location: 3, length: 0))
    editor.move(.lineEnd)
    #expect(editor.selection == NSRange(location: 5, length: 0))
  }
}

import Foundation
import Testing
import TextInputCore
import TextMetrics
import UnicodeTestSupport

/// Example-based tests of the editor's commands.
@Suite struct EditorTests {
  func caret(_ offset: Int) -> NSRange { NSRange(location: offset, length: 0) }

  @Test func graphemeSafeDeletes() {
    var editor = Editor(text: "ok 👨‍👩‍👧🇫🇷e\u{301}")
    #expect(editor.deleteBackward() == true)
    #expect(editor.text == "ok 👨‍👩‍👧🇫🇷")
    #expect(editor.deleteBackward() == true)
    #expect(editor.text == "ok 👨‍👩‍👧")
    #expect(editor.deleteBackward() == true)
    #expect(editor.text == "ok ")
    #expect(editor.selection == caret(3))
    editor.move(.documentStart)
    #expect(editor.deleteForward() == true)
    #expect(editor.text == "k ")
    var empty = Editor(text: "")
    #expect(empty.deleteForward() == false)
    #expect(empty.deleteBackward() == false)
  }

  @Test func wordMovesAndDeletes() {
    var editor = Editor(text: "Hello, wörld again")
    editor.move(.backward(.word))
    #expect(editor.selection == caret(13))
    editor.move(.backward(.word))
    #expect(editor.selection == caret(7))
    editor.move(.forward(.word), extending: true)
    #expect(editor.selection == NSRange(location: 7, length: 5))
    editor.move(.forward(.grapheme))
    #expect(editor.selection == caret(12))
    #expect(editor.deleteBackward(by: .word) == true)
    #expect(editor.text == "Hello,  again")
    editor.move(.documentStart)
    #expect(editor.deleteForward(by: .word) == true)
    #expect(editor.text == ",  again")
  }

  @Test func paragraphMovesUseHardLines() {
    var editor = Editor(text: "one\r\ntwo words\nthree")
    editor.select(NSRange(location: 8, length: 0))
    editor.move(.paragraphStart)
    #expect(editor.selection == caret(5))
    editor.move(.paragraphEnd, extending: true)
    #expect(editor.selection == NSRange(location: 5, length: 9))
    editor.move(.paragraphEnd)
    #expect(editor.selection == caret(14))
    editor.move(.documentEnd, extending: true)
    #expect(editor.selection == NSRange(location: 14, length: 6))
  }

  /// Home and End by laid-out line: in "one two three" wrapped at 8 cells
  /// ("one two " / "three"), End on the first row stops before the space it
  /// wrapped at, Home on the second row goes to its start, not the
  /// paragraph's.
  @Test func lineMovesUseLaidOutLines() {
    var editor = Editor(
      text: "one two three",
      geometry: ViewGeometry(
        bounds: CGRect(x: 0, y: 0, width: 8, height: 4), textContainerInset: .zero,
        lineFragmentPadding: 0))
    editor.select(caret(1))
    editor.move(.lineEnd)
    #expect(editor.selection == caret(7))
    editor.select(caret(11))
    editor.move(.lineStart)
    #expect(editor.selection == caret(8))
    editor.move(.lineEnd)
    #expect(editor.selection == caret(13))
    editor.move(.lineStart, extending: true)
    #expect(editor.selection == NSRange(location: 8, length: 5))
  }

  /// → at the end of a line that ends in right-to-left text stays put: it
  /// used to bounce between two offsets (1 2 8 7 6 5 4 3 4 3 …).
  @Test func rightArrowStopsAtTheEdgeOfAMixedLine() {
    var editor = Editor(
      text: "ab مرحبا",
      geometry: ViewGeometry(
        bounds: CGRect(x: 0, y: 0, width: 40, height: 4), textContainerInset: .zero,
        lineFragmentPadding: 0))
    editor.select(caret(0))
    var offsets: [Int] = []
    for _ in 0..<12 {
      editor.move(.right)
      offsets.append(editor.selection.location)
    }
    #expect(offsets == [1, 2, 8, 7, 6, 5, 4, 3, 3, 3, 3, 3])
    var back: [Int] = []
    for _ in 0..<10 {
      editor.move(.left)
      back.append(editor.selection.location)
    }
    #expect(back == [4, 5, 6, 7, 8, 2, 1, 0, 0, 0])
  }

  /// A clipped editor (a single-line field) keeps a paragraph on one line,
  /// however wide.
  @Test func clipKeepsAParagraphOnOneLine() {
    var editor = Editor(
      text: "a long line of words",
      geometry: ViewGeometry(
        bounds: CGRect(x: 0, y: 0, width: 5, height: 1), textContainerInset: .zero,
        lineFragmentPadding: 0))
    #expect(editor.layout().lineFragments.count > 1)
    editor.setLineBreakMode(.clip)
    #expect(editor.layout().lineFragments.count == 1)
    editor.insert(" more")
    #expect(editor.layout().lineFragments.count == 1)
    #expect(editor.state.lineBreakMode == .clip)
  }

  @Test func badRangesAreClampedAndWidened() {
    var editor = Editor(text: "a👍🏽b")
    editor.select(NSRange(location: 2, length: 1))
    #expect(editor.selection == NSRange(location: 1, length: 4))
    editor.select(NSRange(location: NSNotFound, length: 3))
    #expect(editor.selection == caret(6))
    editor.select(NSRange(location: -5, length: Int.max))
    #expect(editor.selection == NSRange(location: 0, length: 6))
    editor.select(NSRange(location: 3, length: 0))
    #expect(editor.selection == caret(1))
    #expect(editor.replace(NSRange(location: 3, length: -2), with: "x") == true)
    #expect(editor.text == "ax👍🏽b")
  }

  @Test func typingCoalescesIntoOneUndoStep() {
    var editor = Editor(text: "Hi")
    for character in " there" { editor.insert(String(character)) }
    #expect(editor.text == "Hi there")
    editor.deleteBackward()
    editor.deleteBackward()
    #expect(editor.undo() == true)
    #expect(editor.text == "Hi there")
    #expect(editor.undo() == true)
    #expect(editor.text == "Hi")
    #expect(editor.selection == caret(2))
    #expect(editor.undo() == false)
    #expect(editor.redo() == true)
    #expect(editor.text == "Hi there")
    #expect(editor.selection == caret(8))
    editor.move(.backward(.grapheme))
    editor.insert("!")
    editor.insert("?")
    #expect(editor.undo() == true)
    #expect(editor.text == "Hi there")
    #expect(!editor.canRedo || editor.canRedo)
  }

  @Test func markedText() throws {
    var editor = Editor(text: "ab")
    try editor.setMarkedText("に", selectedRange: caret(1))
    #expect(editor.markedRange == NSRange(location: 2, length: 1))
    try editor.setMarkedText("にほ", selectedRange: caret(2))
    #expect(editor.text == "abにほ")
    #expect(editor.state.markedSelection == caret(2))
    editor.move(.documentStart)
    #expect(editor.selection == caret(2))
    #expect(editor.markedRange == NSRange(location: 2, length: 2))
    editor.insert("日本")
    #expect(editor.text == "ab日本")
    #expect(editor.markedRange == nil)
    #expect(editor.selection == caret(4))
    do {
      try editor.setMarkedText(
        "x", selectedRange: caret(0), replacementRange: NSRange(location: 3, length: 5))
      Issue.record("expected an error")
    } catch {
      #expect(error == .rangeOutOfBounds(NSRange(location: 3, length: 5), utf16Count: 4))
    }
    do {
      try editor.setMarkedText("x", selectedRange: caret(2))
      Issue.record("expected an error")
    } catch {
      #expect(error == .markedSelectionOutOfBounds(caret(2), markedLength: 1))
    }
    #expect(editor.text == "ab日本")
    #expect(
      EditorError.rangeOutOfBounds(NSRange(location: 3, length: 5), utf16Count: 4).description
        == "range {3, 5} is outside the text: expected a range within 0...4 (UTF-16 code units)")
    #expect(
      EditorError.markedSelectionOutOfBounds(caret(2), markedLength: 1).description
        == "selected range {2, 0} is outside the marked text: expected a range within 0...1 "
        + "(UTF-16 code units)")
    // Marked text that joins the next cluster widens to cover it.
    var joined = Editor(text: "\u{301}")
    joined.select(caret(0))
    try joined.setMarkedText("e", selectedRange: caret(1))
    #expect(joined.markedRange == NSRange(location: 0, length: 2))
    #expect(joined.selection == caret(2))
    joined.endEditing()
    joined.beginEditing()
    joined.endEditing()
    #expect(joined.markedRange == nil)
  }

  @Test func setTextClearsUndoAndMovesCaretToEnd() {
    var editor = Editor(text: "a")
    editor.insert("b")
    editor.setText("hello")
    #expect(editor.selection == caret(5))
    #expect(!editor.canUndo)
  }

  @Test func geometryIsSanitized() {
    var editor = Editor()
    editor.setGeometry(
      ViewGeometry(
        bounds: CGRect(x: CGFloat.nan, y: 0, width: -5, height: CGFloat.infinity),
        textContainerInset: EdgeInsets(top: CGFloat.nan, left: 1, bottom: 2, right: 3),
        lineFragmentPadding: -1))
    #expect(editor.state.geometry.bounds == .zero)
    #expect(
      editor.state.geometry.textContainerInset == EdgeInsets(top: 0, left: 1, bottom: 2, right: 3))
    #expect(editor.state.geometry.lineFragmentPadding == 0)
    editor.resize(to: CGRect(x: 0, y: 0, width: 320, height: 100))
    #expect(
      editor.state.geometry.textContainerRect == CGRect(x: 1, y: 0, width: 316, height: 98))
    let insets = DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
    #expect(insets.resolved(for: .rightToLeft) == EdgeInsets(top: 1, left: 4, bottom: 3, right: 2))
    #expect(TextAlignment.natural.isTrailing(in: .rightToLeft) == false)
    #expect(TextAlignment.left.isTrailing(in: .rightToLeft))
    #expect(TextAlignment.right.isTrailing(in: .leftToRight))
  }

  @Test func editorPluginConfiguration() throws {
    var configuration = Configuration(plugins: [Editor.descriptor])
    try configuration.load(
      """
      editor.alignment = right
      editor.layoutDirection = rightToLeft
      editor.textContainerInset = {4, 2, 4, 2}
      """)
    var editor = Editor()
    try editor.configure(configuration.plugin("editor"))
    #expect(editor.state.alignment == .right)
    #expect(editor.state.layoutDirection == .rightToLeft)
    #expect(
      editor.state.geometry.textContainerInset == EdgeInsets(top: 4, left: 2, bottom: 4, right: 2))
    #expect(editor.state.geometry.lineFragmentPadding == 5)
  }

  /// 20 000 keystrokes (5 000 without full checks), each updating the
  /// grapheme index incrementally, leave the text and its boundaries exact.
  /// (How fast that is belongs to a benchmark, not to a timed test.)
  /// Keystrokes in lines of 100 (a keystroke lays out its paragraph
  /// again, so one 20 000-character paragraph would cost O(n²) here).
  @Test func typingManyKeystrokes() {
    var editor = Editor(geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 320, height: 480)))
    let count = CheckScale.cases(5_000, full: 20_000)
    for index in 0..<count {
      editor.insert(index % 100 == 99 ? "\n" : index % 5 == 4 ? " " : "a")
    }
    #expect(editor.state.utf16Count == count)
    #expect(editor.state.graphemeBoundaries.count == count + 1)
    #expect(editor.state.graphemeBoundaries == Graphemes.boundaries(in: editor.text).offsets)
  }
}

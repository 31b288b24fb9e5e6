import Foundation
import PropertyBased
import Testing
import TextInputKit
import TextMetrics
import UnicodeTestSupport

/// The editor's text and its layout's displayed text are one storage while
/// nothing is drawn substituted: an edit is made once, by the layout, and
/// the text is the layout's again. These tests hold the sharing to what a
/// fresh editor of the same text shows, masked and not, through undo and
/// redo and a snapshot kept across an edit.
@Suite("The text and its layout share one storage")
struct SharedTextStorageTests {
  static let geometry = ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 12, height: 6))

  /// Whether the layout's code units are the text's storage.
  static func shares(_ editor: Editor) -> Bool {
    editor.state.layout.utf16.sharesStorage(with: editor.state.utf16)
  }

  /// The layout shares the text's storage and equals a fresh layout.
  static func expectSharedAndFresh(
    _ editor: Editor, _ step: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(shares(editor), "one storage after \(step)", sourceLocation: sourceLocation)
    expectFresh(editor, step, sourceLocation: sourceLocation)
  }

  /// The layout equals a fresh layout of `displayed` (the typed text by
  /// default), line by line.
  static func expectFresh(
    _ editor: Editor, displayed: String? = nil, _ step: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let layout = editor.layout()
    let text = displayed ?? editor.text
    #expect(
      String(decoding: layout.utf16, as: UTF16.self) == text, "displayed text after \(step)",
      sourceLocation: sourceLocation)
    let fresh = TextFrame(editor: editor.state, displayed: UTF16Buffer(Array(text.utf16)))
    #expect(
      layout.lineFragments.map(\.range) == fresh.lineFragments.map(\.range),
      "line ranges after \(step)", sourceLocation: sourceLocation)
    #expect(
      layout.lineFragments.map(\.rect) == fresh.lineFragments.map(\.rect),
      "line rects after \(step)", sourceLocation: sourceLocation)
    #expect(layout.usedSize == fresh.usedSize, sourceLocation: sourceLocation)
  }

  @Test("Typing, deleting, composing, undo and redo keep one storage and a fresh layout")
  func editsKeepOneStorage() throws {
    var editor = Editor(text: "Hello wide world\nsecond line", geometry: Self.geometry)
    #expect(Self.shares(editor))
    editor.select(NSRange(location: 5, length: 0))
    editor.insert(", 👋🏽 there")
    Self.expectSharedAndFresh(editor, "insert")
    editor.deleteBackward()
    editor.deleteBackward()
    Self.expectSharedAndFresh(editor, "deleteBackward")
    editor.insert("\n")
    Self.expectSharedAndFresh(editor, "a hard break")
    try editor.setMarkedText("にほ", selectedRange: NSRange(location: 2, length: 0))
    Self.expectSharedAndFresh(editor, "marked text")
    editor.unmarkText()
    editor.undo()
    Self.expectSharedAndFresh(editor, "undo")
    editor.undo()
    editor.undo()
    #expect(editor.text == "Hello wide world\nsecond line")
    Self.expectSharedAndFresh(editor, "undo to the start")
    editor.redo()
    editor.redo()
    Self.expectSharedAndFresh(editor, "redo")
  }

  @Test("A snapshot of the state taken before an edit keeps the old text and layout")
  func snapshotKeepsTheOldText() {
    var editor = Editor(text: "one two three four", geometry: Self.geometry)
    editor.select(NSRange(location: 3, length: 0))
    editor.insert("x")  // the storage is shared from here on
    let before = editor.state
    let lines = before.layout.lineFragments.map(\.range)
    editor.insert(" and a longer insertion that wraps")
    #expect(before.text == "onex two three four")
    #expect(String(decoding: before.layout.utf16, as: UTF16.self) == "onex two three four")
    #expect(before.layout.lineFragments.map(\.range) == lines)
    #expect(editor.text == "onex and a longer insertion that wraps two three four")
    Self.expectFresh(editor, "an edit after a snapshot")
    // The snapshot's copy made the edit copy the text once; it shares again.
    #expect(Self.shares(editor))
  }

  @Test("Masked text lays out the mask, and sharing comes back when masking stops")
  func maskedLaysOutTheMask() throws {
    var editor = Editor(
      text: "pässwörd 🇫🇷", geometry: Self.geometry, behaviours: [SecureEntry()])
    #expect(!Self.shares(editor))
    editor.insert("x")
    editor.deleteBackward()
    editor.deleteBackward()
    #expect(!Self.shares(editor))
    Self.expectFresh(editor, displayed: "•••••••••", "masked edits")
    editor.undo()
    Self.expectFresh(editor, displayed: "•••••••••••", "masked undo")
    editor.modifyBehaviour(SecureEntry.self) { entry, _ in entry.isSecure = false }
    Self.expectSharedAndFresh(editor, "unmasked")
    editor.insert("y")
    editor.undo()
    editor.redo()
    Self.expectSharedAndFresh(editor, "unmasked edits")
    editor.modifyBehaviour(SecureEntry.self) { entry, _ in entry.isSecure = true }
    #expect(!Self.shares(editor))
    editor.insert("z")
    Self.expectFresh(
      editor, displayed: String(repeating: "•", count: editor.text.count), "masked again")
  }

  @Test("Random edits with links: one storage, and a layout equal to a fresh one")
  func randomEditsKeepOneStorage() async {
    await propertyCheck(
      count: CheckScale.cases(40, full: 200), input: UnicodeGen.text(fragments: 0...4),
      LayoutStep.generator.array(of: 1...16)
    ) { text, steps in
      var editor = Editor(text: text, geometry: Self.geometry, behaviours: [EditorLinks()])
      for step in steps {
        step.run(on: &editor)
        #expect(Self.shares(editor), "after \(step)")
        checkOneLayout(editor, after: step.description)
      }
    }
  }
}

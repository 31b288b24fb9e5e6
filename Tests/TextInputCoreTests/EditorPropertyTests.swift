import Foundation
import PropertyBased
import Testing
import TextInputCore
import TextMetrics
import UnicodeTestSupport

/// One editor command, drawn at random.
enum Command: Sendable, CustomStringConvertible {
  case insert(String)
  case deleteBackward(TextUnit)
  case deleteForward(TextUnit)
  case replace(Int, Int, String)
  case setMarked(String, Int)
  case unmark
  case select(Int, Int)
  case move(CaretMovement, Bool)
  case undo
  case redo
  case beginEditing
  case endEditing

  static let movements: [CaretMovement] = [
    .backward(.grapheme), .forward(.grapheme), .backward(.word), .forward(.word), .lineStart,
    .lineEnd, .paragraphStart, .paragraphEnd, .documentStart, .documentEnd,
  ]

  static func make(_ kind: Int, _ a: Int, _ b: Int, _ text: String) -> Command {
    switch kind {
    case 0, 1, 2: return .insert(text)
    case 3: return .deleteBackward(a % 3 == 0 ? .word : .grapheme)
    case 4: return .deleteForward(a % 3 == 0 ? .word : .grapheme)
    case 5: return .replace(a, b, text)
    case 6: return .setMarked(text, a)
    case 7: return .unmark
    case 8: return .select(a, b)
    case 9, 10, 11: return .move(movements[Swift.abs(a) % movements.count], b % 2 == 0)
    case 12: return .undo
    case 13: return .redo
    case 14: return .beginEditing
    default: return .endEditing
    }
  }

  static let generator = zip(
    Gen.int(in: 0...15), Gen.int(in: -2...60), Gen.int(in: -2...12),
    UnicodeGen.text(fragments: 0...3)
  ).map { kind, a, b, text in Command.make(kind, a, b, text) }

  static let sequence = generator.array(of: 0...24)

  var isMove: Bool {
    if case .move = self { return true }
    return false
  }

  var description: String {
    switch self {
    case .insert(let text): return "insert(\(text.debugDescription))"
    case .deleteBackward(let unit): return "deleteBackward(\(unit))"
    case .deleteForward(let unit): return "deleteForward(\(unit))"
    case .replace(let a, let b, let text): return "replace(\(a), \(b), \(text.debugDescription))"
    case .setMarked(let text, let a): return "setMarked(\(text.debugDescription), \(a))"
    case .unmark: return "unmark"
    case .select(let a, let b): return "select(\(a), \(b))"
    case .move(let movement, let extending): return "move(\(movement), \(extending))"
    case .undo: return "undo"
    case .redo: return "redo"
    case .beginEditing: return "beginEditing"
    case .endEditing: return "endEditing"
    }
  }

  func run(on editor: inout Editor) {
    switch self {
    case .insert(let text): editor.insert(text)
    case .deleteBackward(let unit): editor.deleteBackward(by: unit)
    case .deleteForward(let unit): editor.deleteForward(by: unit)
    case .replace(let a, let b, let text):
      editor.replace(NSRange(location: a, length: b), with: text)
    case .setMarked(let text, let a):
      let length = text.utf16.count
      let location = Swift.min(Swift.max(a, 0), length)
      _ = try? editor.setMarkedText(text, selectedRange: NSRange(location: location, length: 0))
    case .unmark: editor.unmarkText()
    case .select(let a, let b): editor.select(NSRange(location: a, length: b))
    case .move(let movement, let extending): editor.move(movement, extending: extending)
    case .undo: editor.undo()
    case .redo: editor.redo()
    case .beginEditing: editor.beginEditing()
    case .endEditing: editor.endEditing()
    }
  }
}

/// The invariants every editor state keeps.
func checkInvariants(
  _ editor: Editor, after command: Command, sourceLocation: SourceLocation = #_sourceLocation
) {
  let state = editor.state
  let boundaries = Graphemes.boundaries(utf16: state.utf16.array)
  #expect(
    state.graphemeBoundaries == boundaries.offsets, "grapheme index after \(command)",
    sourceLocation: sourceLocation)
  #expect(
    state.graphemeCount == boundaries.offsets.count - 1, "grapheme count after \(command)",
    sourceLocation: sourceLocation)
  let selection = state.selection
  #expect(
    selection.location >= 0 && selection.upperBound <= state.utf16Count,
    sourceLocation: sourceLocation)
  #expect(
    boundaries.isBoundary(selection.location) && boundaries.isBoundary(selection.upperBound),
    "selection \(selection) after \(command)", sourceLocation: sourceLocation)
  if let marked = state.markedRange {
    #expect(marked.length > 0, sourceLocation: sourceLocation)
    #expect(
      boundaries.isBoundary(marked.location) && boundaries.isBoundary(marked.upperBound),
      sourceLocation: sourceLocation)
    #expect(
      selection.location >= marked.location && selection.upperBound <= marked.upperBound,
      "selection \(selection) outside marked \(marked) after \(command)",
      sourceLocation: sourceLocation)
  }
}

@Suite struct EditorPropertyTests {
  static let initialText = UnicodeGen.text(fragments: 0...6)

  @Test func selectionStaysInTextAndOnGraphemeBoundaries() async {
    await propertyCheck(
      count: CheckScale.cases(30, full: 150), input: Self.initialText, Command.sequence
    ) { text, commands in
      var editor = Editor(text: text, behaviours: [NoBreakSpaces()])
      checkInvariants(editor, after: .unmark)
      for command in commands {
        command.run(on: &editor)
        checkInvariants(editor, after: command)
      }
    }
  }

  @Test func undoRestoresTheStateBeforeEachCommand() async {
    await propertyCheck(
      count: CheckScale.cases(30, full: 150), input: Self.initialText, Command.sequence
    ) { text, commands in
      var editor = Editor(text: text, behaviours: [NoBreakSpaces()])
      for command in commands {
        let before = editor.state
        editor.breakUndoCoalescing()
        command.run(on: &editor)
        let after = editor.state
        switch command {
        case .undo, .redo: continue
        default: break
        }
        guard after.utf16 != before.utf16 else { continue }
        var undone = editor
        #expect(undone.undo() == true, "\(command)")
        #expect(undone.state.utf16 == before.utf16, "undo of \(command)")
        #expect(undone.state.selection == before.selection, "undo of \(command)")
        #expect(undone.redo() == true)
        #expect(undone.state.utf16 == after.utf16, "redo of \(command)")
        #expect(undone.state.selection == after.selection, "redo of \(command)")
      }
    }
  }

  @Test func undoingEverythingRestoresTheStart() async {
    await propertyCheck(
      count: CheckScale.cases(30, full: 150), input: Self.initialText, Command.sequence
    ) { text, commands in
      var editor = Editor(text: text, behaviours: [Uppercase(), NoBreakSpaces()])
      let start = editor.state
      for command in commands { command.run(on: &editor) }
      let end = editor.state
      let redoAllReachesEnd = !editor.canRedo
      var steps = 0
      while editor.undo() { steps += 1 }
      #expect(editor.text == text)
      if steps > 0 { #expect(editor.selection.location <= start.utf16Count) }
      while editor.redo() {}
      if redoAllReachesEnd {
        #expect(editor.state.utf16 == end.utf16)
      }
    }
  }

  @Test func aRejectingBehaviourLeavesTheTextUntouched() async {
    await propertyCheck(
      count: CheckScale.cases(30, full: 150), input: Self.initialText, Command.sequence
    ) { text, commands in
      var editor = Editor(text: text, behaviours: [RejectAll()])
      for command in commands {
        command.run(on: &editor)
        #expect(editor.text == text, "\(command)")
        #expect(editor.markedRange == nil)
        #expect(!editor.canUndo)
      }
    }
  }

  @Test func caretMovesNeverSplitMarkedText() async {
    await propertyCheck(
      count: CheckScale.cases(30, full: 150), input: Self.initialText, Command.sequence
    ) { text, commands in
      var editor = Editor(text: text)
      for command in commands {
        let before = editor.state
        command.run(on: &editor)
        guard command.isMove, let marked = before.markedRange else { continue }
        #expect(editor.markedRange == marked, "\(command)")
        #expect(editor.state.utf16 == before.utf16)
        let selection = editor.selection
        #expect(selection.location >= marked.location && selection.upperBound <= marked.upperBound)
      }
    }
  }
}

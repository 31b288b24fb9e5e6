import Foundation
import PropertyBased
import RightAlignedSpaces
import Testing
import TextInputCore
import TextMetrics
import UnicodeTestSupport

/// One command, run on an editor with the fix and on one without.
enum Step: Sendable, CustomStringConvertible {
  case type(String)
  case typeSpaces(Int)
  case deleteBackward(TextUnit)
  case deleteForward(TextUnit)
  case paste(Int, Int, String)
  case setMarked(String, Int)
  case unmark
  case select(Int, Int)
  case move(CaretMovement, Bool)
  case align(TextAlignment)
  case direction(LayoutDirection)
  case undo
  case redo
  case setText(String)
  case endEditing

  static let movements: [CaretMovement] = [
    .backward(.grapheme), .forward(.grapheme), .backward(.word), .forward(.word), .lineStart,
    .lineEnd, .documentStart, .documentEnd,
  ]

  static func make(_ kind: Int, _ a: Int, _ b: Int, _ text: String) -> Step {
    switch kind {
    case 0, 1, 2: return .type(text)
    case 3, 4: return .typeSpaces(1 + Swift.abs(b) % 3)
    case 5: return .type("\u{A0}")
    case 6: return .deleteBackward(a % 3 == 0 ? .word : .grapheme)
    case 7: return .deleteForward(a % 3 == 0 ? .word : .grapheme)
    case 8: return .paste(a, b, text + "  " + text)
    case 9: return .setMarked(text + " ", a)
    case 10: return .unmark
    case 11: return .select(a, b)
    case 12, 13: return .move(movements[Swift.abs(a) % movements.count], b % 2 == 0)
    case 14: return .align(TextAlignment.allCases[Swift.abs(a) % TextAlignment.allCases.count])
    case 15: return .direction(b % 2 == 0 ? .leftToRight : .rightToLeft)
    case 16, 17: return .undo
    case 18: return .redo
    case 19: return .setText(text + " ")
    default: return .endEditing
    }
  }

  static let generator = zip(
    Gen.int(in: 0...20), Gen.int(in: -2...40), Gen.int(in: -2...12),
    UnicodeGen.text(fragments: 0...3)
  ).map { kind, a, b, text in Step.make(kind, a, b, text) }

  static let sequence = generator.array(of: 0...30)

  var description: String {
    switch self {
    case .type(let text): return "type(\(text.debugDescription))"
    case .typeSpaces(let count): return "typeSpaces(\(count))"
    case .deleteBackward(let unit): return "deleteBackward(\(unit))"
    case .deleteForward(let unit): return "deleteForward(\(unit))"
    case .paste(let a, let b, let text): return "paste(\(a), \(b), \(text.debugDescription))"
    case .setMarked(let text, let a): return "setMarked(\(text.debugDescription), \(a))"
    case .unmark: return "unmark"
    case .select(let a, let b): return "select(\(a), \(b))"
    case .move(let movement, let extending): return "move(\(movement), \(extending))"
    case .align(let alignment): return "align(\(alignment))"
    case .direction(let direction): return "direction(\(direction))"
    case .undo: return "undo"
    case .redo: return "redo"
    case .setText(let text): return "setText(\(text.debugDescription))"
    case .endEditing: return "endEditing"
    }
  }

  func run(on editor: inout Editor) {
    switch self {
    case .type(let text): editor.insert(text)
    case .typeSpaces(let count): for _ in 0..<count { editor.insert(" ") }
    case .deleteBackward(let unit): editor.deleteBackward(by: unit)
    case .deleteForward(let unit): editor.deleteForward(by: unit)
    case .paste(let a, let b, let text): editor.replace(NSRange(location: a, length: b), with: text)
    case .setMarked(let text, let a):
      let location = Swift.min(Swift.max(a, 0), text.utf16.count)
      _ = try? editor.setMarkedText(text, selectedRange: NSRange(location: location, length: 0))
    case .unmark: editor.unmarkText()
    case .select(let a, let b): editor.select(NSRange(location: a, length: b))
    case .move(let movement, let extending): editor.move(movement, extending: extending)
    case .align(let alignment): editor.setAlignment(alignment)
    case .direction(let direction): editor.setLayoutDirection(direction)
    case .undo: editor.undo()
    case .redo: editor.redo()
    case .setText(let text): editor.setText(text)
    case .endEditing:
      editor.endEditing()
      editor.beginEditing()
    }
  }
}

/// Checks every round-trip invariant of `fixed` against `plain`, the editor
/// that ran the same steps without the fix.
func checkRoundTrip(
  _ fixed: Editor, _ plain: Editor, fix: RightAlignedSpaces, after step: Step,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let state = fixed.state
  let model = RightAlignedSpaces.modelText(of: state)
  // The model text is the text without the fix; lengths and offsets agree.
  #expect(model == plain.text, "model text after \(step)", sourceLocation: sourceLocation)
  #expect(state.utf16Count == plain.state.utf16Count, sourceLocation: sourceLocation)
  #expect(fixed.selection == plain.selection, "caret after \(step)", sourceLocation: sourceLocation)
  #expect(
    fixed.markedRange == plain.markedRange, "marked after \(step)", sourceLocation: sourceLocation)
  let boundaries = Graphemes.boundaries(utf16: state.utf16)
  #expect(
    boundaries.isBoundary(fixed.selection.location)
      && boundaries.isBoundary(fixed.selection.upperBound),
    sourceLocation: sourceLocation)
  #expect(state.graphemeBoundaries == boundaries.offsets, sourceLocation: sourceLocation)
  // The displayed text differs from the model exactly at the substituted spaces.
  var substituted = Set<Int>()
  for range in RightAlignedSpaces.substitutedRanges(in: state) {
    for offset in range.location..<range.upperBound { substituted.insert(offset) }
  }
  let modelUnits = Array(model.utf16)
  for offset in 0..<state.utf16Count {
    if substituted.contains(offset) {
      #expect(state.utf16[offset] == 0xA0, sourceLocation: sourceLocation)
      #expect(modelUnits[offset] == 0x20, sourceLocation: sourceLocation)
    } else {
      #expect(state.utf16[offset] == modelUnits[offset], sourceLocation: sourceLocation)
    }
  }
  let marked = state.markedRange
  func outsideMarked(_ offset: Int) -> Bool {
    guard let marked else { return true }
    return offset < marked.location || offset >= marked.upperBound
  }
  if fix.isActive(in: state) {
    // No U+0020 outside the marked text (so none trailing), and rewriting the
    // displayed text again changes nothing (idempotent).
    let spaces = (0..<state.utf16Count).filter { state.utf16[$0] == 0x20 && outsideMarked($0) }
    #expect(spaces.isEmpty, "U+0020 at \(spaces) after \(step)", sourceLocation: sourceLocation)
    if marked == nil {
      #expect(fix.rewrite(state.text).text == state.text, sourceLocation: sourceLocation)
    }
  } else {
    #expect(
      substituted.isEmpty, "marks while inactive after \(step)", sourceLocation: sourceLocation)
  }
}

@Suite struct RoundTripPropertyTests {
  static let initialText = UnicodeGen.text(fragments: 0...6)
  static let alignment = Gen.int(in: 0...4).map { TextAlignment.allCases[$0] }

  @Test func theFixIsInvisibleToTheModel() async {
    await propertyCheck(count: 250, input: Self.initialText, Self.alignment, Step.sequence) {
      text, alignment, steps in
      let fix = RightAlignedSpaces()
      var fixed = Editor(text: text, alignment: alignment, isEditing: true, behaviours: [fix])
      var plain = Editor(text: text, alignment: alignment, isEditing: true)
      checkRoundTrip(fixed, plain, fix: fix, after: .unmark)
      for step in steps {
        step.run(on: &fixed)
        step.run(on: &plain)
        checkRoundTrip(fixed, plain, fix: fix, after: step)
      }
      // Undoing everything gives back the start, in both.
      while plain.undo() { #expect(fixed.undo() == true) }
      #expect(!fixed.canUndo)
      #expect(RightAlignedSpaces.modelText(of: fixed) == plain.text)
      #expect(fixed.selection == plain.selection)
    }
  }

  @Test func alwaysActiveOverRightToLeftAndMarkedText() async {
    await propertyCheck(count: 150, input: Self.initialText, Step.sequence) { text, steps in
      let fix = try! RightAlignedSpaces(activation: .always)
      var fixed = Editor(text: text, layoutDirection: .rightToLeft, behaviours: [fix])
      var plain = Editor(text: text, layoutDirection: .rightToLeft)
      for step in steps {
        step.run(on: &fixed)
        step.run(on: &plain)
        checkRoundTrip(fixed, plain, fix: fix, after: step)
      }
    }
  }

  @Test func rewriteIsIdempotentAndKeepsLengthAndBoundaries() async {
    let fix = RightAlignedSpaces()
    await propertyCheck(count: 300, input: UnicodeGen.text) { text in
      let once = fix.rewrite(text)
      #expect(once.text.utf16.count == text.utf16.count)
      #expect(
        Graphemes.boundaries(in: once.text).offsets == Graphemes.boundaries(in: text).offsets)
      #expect(!once.text.utf16.contains(0x20))
      let twice = fix.rewrite(once.text)
      #expect(twice.text == once.text)
      #expect(twice.annotations.isEmpty)
      #expect(once.annotations.count == text.utf16.filter { $0 == 0x20 }.count)
    }
  }
}

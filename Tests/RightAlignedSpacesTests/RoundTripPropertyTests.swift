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
  /// Marked text replacing `{a, b}` (clamped to the text) with `text`.
  case replaceMarked(String, Int, Int)
  case unmark
  case select(Int, Int)
  case move(CaretMovement, Bool)
  case align(TextAlignment)
  case direction(LayoutDirection)
  case undo
  case redo
  case setText(String)
  case endEditing

  /// Moves that do not depend on the layout (the fix changes where lines
  /// wrap, so laid-out line moves and visual moves may differ).
  static let movements: [CaretMovement] = [
    .backward(.grapheme), .forward(.grapheme), .backward(.word), .forward(.word),
    .paragraphStart, .paragraphEnd, .documentStart, .documentEnd,
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
    case .replaceMarked(let text, let a, let b):
      return "replaceMarked(\(text.debugDescription), \(a), \(b))"
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
    case .replaceMarked(let text, let a, let b):
      let count = editor.state.utf16Count
      let location = Swift.min(Swift.max(a, 0), count)
      let replacement = NSRange(location: location, length: Swift.min(b, count - location))
      _ = try? editor.setMarkedText(
        text, selectedRange: NSRange(location: text.utf16.count, length: 0),
        replacementRange: replacement)
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

/// What the displayed text must be, computed offset by offset from the plain
/// editor's state: a substitutable unit outside the marked text is drawn as
/// U+00A0 when the fix is active and everything from it to its paragraph's end
/// (the next hard break, or the end of the text) is substitutable and unmarked
/// — the hard break itself unmarked too.
func referenceDisplay(of state: EditorState, active: Bool, characters: Set<UInt16>) -> [UInt16] {
  var units = state.utf16.array
  guard active else { return units }
  let marked = state.markedRange.map { $0.location..<($0.location + $0.length) } ?? 0..<0
  let breaks: Set<UInt16> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
  for offset in units.indices where characters.contains(units[offset]) {
    var end = offset
    while end < units.count, !breaks.contains(units[end]) { end += 1 }
    let run = offset..<end
    let trailing = run.allSatisfy { characters.contains(state.utf16[$0]) }
    let unmarked = !marked.overlaps(run) && !(end < units.count && marked.contains(end))
    if trailing && unmarked { units[offset] = 0xA0 }
  }
  return units
}

/// Checks every invariant of `fixed` against `plain`, the editor that ran the
/// same steps without the fix.
func checkRoundTrip(
  _ fixed: Editor, _ plain: Editor, fix: RightAlignedSpaces, after step: Step,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let state = fixed.state
  // The text a program reads is exactly the text without the fix.
  #expect(fixed.text == plain.text, "text after \(step)", sourceLocation: sourceLocation)
  #expect(fixed.selection == plain.selection, "caret after \(step)", sourceLocation: sourceLocation)
  #expect(
    fixed.markedRange == plain.markedRange, "marked after \(step)", sourceLocation: sourceLocation)
  #expect(
    state.graphemeBoundaries == plain.state.graphemeBoundaries, sourceLocation: sourceLocation)
  // The displayed text: the reference, same length, same grapheme boundaries.
  let displayed = fixed.displayedUTF16.array
  let characters = Set(fix.characters.map { UInt16($0.value) })
  let expected = referenceDisplay(
    of: plain.state, active: fix.isActive(in: state), characters: characters)
  #expect(
    displayed == expected,
    "displayed \(String(decoding: displayed, as: UTF16.self).debugDescription) after \(step)",
    sourceLocation: sourceLocation)
  #expect(
    Graphemes.boundaries(utf16: displayed).offsets == state.graphemeBoundaries,
    sourceLocation: sourceLocation)
  // No U+0020 of a paragraph's trailing run is left drawn as typed.
  if fix.isActive(in: state) {
    for range in fix.substitutedRanges(in: state) {
      #expect(
        displayed[range.location..<range.upperBound].allSatisfy { $0 == 0xA0 },
        sourceLocation: sourceLocation)
    }
  } else {
    #expect(displayed == state.utf16.array, sourceLocation: sourceLocation)
  }
  // The editor's one layout is of the displayed text, and equals a fresh one.
  #expect(fixed.layout().utf16.array == displayed, sourceLocation: sourceLocation)
}

/// Steps that replace compositions by compositions, with spaces inside and
/// around them: the shape that once left a U+0020 drawn outside the new
/// marked range.
enum IMEStep {
  static let generator = zip(
    Gen.int(in: 0...5), Gen.int(in: -1...8), Gen.int(in: 0...6),
    Gen.oneOf(
      Gen.always(" "), Gen.always("a "), Gen.always(" の "), Gen.always("x"),
      Gen.always("  "), Gen.always("乃 "))
  ).map { kind, a, b, text -> Step in
    switch kind {
    case 0, 1: return .replaceMarked(text, a, b)
    case 2: return .setMarked(text, a)
    case 3: return .typeSpaces(1 + b % 2)
    case 4: return .unmark
    default: return .type(text)
    }
  }
  static let sequence = generator.array(of: 1...20)
}

@Suite struct RoundTripPropertyTests {
  static let initialText = UnicodeGen.text(fragments: 0...6)
  static let alignment = Gen.int(in: 0...4).map { TextAlignment.allCases[$0] }

  @Test func theFixNeverChangesTheText() async {
    await propertyCheck(
      count: CheckScale.cases(50, full: 250), input: Self.initialText, Self.alignment, Step.sequence
    ) {
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
      #expect(fixed.text == plain.text)
      #expect(fixed.selection == plain.selection)
    }
  }

  @Test func alwaysActiveOverRightToLeftAndMarkedText() async {
    await propertyCheck(
      count: CheckScale.cases(30, full: 150), input: Self.initialText, Step.sequence
    ) { text, steps in
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

  @Test("Compositions replacing compositions, with spaces inside and around them")
  func compositionsReplacingCompositions() async {
    await propertyCheck(
      count: CheckScale.cases(60, full: 300), input: Self.initialText, IMEStep.sequence
    ) { text, steps in
      let fix = RightAlignedSpaces()
      var fixed = Editor(text: text + " ", alignment: .right, isEditing: true, behaviours: [fix])
      var plain = Editor(text: text + " ", alignment: .right, isEditing: true)
      for step in steps {
        step.run(on: &fixed)
        step.run(on: &plain)
        checkRoundTrip(fixed, plain, fix: fix, after: step)
      }
    }
  }

  /// The visible trailing spaces take room (that is the fix), so the last
  /// word of a full line may move down with them, or they may take a line of
  /// their own; every other line ends exactly where it does without the fix,
  /// and every line end is a line-break opportunity of the typed text (or in
  /// the visible run, when it is wider than the line): no word is cut, no
  /// break is lost.
  @Test("The displayed text breaks lines where the typed text does, but for the visible run")
  func displayedTextBreaksLikeTheText() async {
    let fix = try! RightAlignedSpaces(activation: .always)
    await propertyCheck(
      count: CheckScale.cases(40, full: 200), input: UnicodeGen.text, Gen.int(in: 1...12)
    ) { text, width in
      let geometry = ViewGeometry(
        bounds: CGRect(x: 0, y: 0, width: CGFloat(width), height: 10), textContainerInset: .zero,
        lineFragmentPadding: 0)
      let fixed = Editor(text: text, geometry: geometry, behaviours: [fix])
      let plain = Editor(text: text, geometry: geometry)
      let runs = fix.substitutedRanges(in: fixed.state)
      let plainLines = plain.layout().lineFragments.map(\.range)
      let fixedLines = fixed.layout().lineFragments.map(\.range)
      // Where each run's line starts without the fix: the lines may differ
      // only from there to the run's end.
      let zones = runs.map { run in
        let line = plainLines.last { $0.location <= run.location } ?? run
        return line.location...NSMaxRange(run)
      }
      func outside(_ end: Int) -> Bool { !zones.contains { $0.contains(end) } }
      let plainEnds = plainLines.map(NSMaxRange).filter(outside)
      let fixedEnds = fixedLines.map(NSMaxRange).filter(outside)
      #expect(fixedEnds == plainEnds, "width \(width)")
      let opportunities = Set(
        LineBreaks.opportunities(utf16: plain.state.utf16.array).map(\.offset))
      for end in fixedLines.map(NSMaxRange) where !outside(end) {
        // A visible run wider than the line wraps between its spaces.
        let isInRun = runs.contains { $0.location <= end && end < NSMaxRange($0) }
        #expect(
          opportunities.contains(end) || isInRun || plainLines.map(NSMaxRange).contains(end),
          "line end \(end) at width \(width): plain \(plainLines), fixed \(fixedLines), runs \(runs)"
        )
      }
      if runs.isEmpty { #expect(fixedLines == plainLines) }
      #expect(fixed.displayedUTF16.count == plain.state.utf16Count)
    }
  }
}

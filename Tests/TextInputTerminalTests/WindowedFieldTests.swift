import Foundation
import PropertyBased
import Testing
import TextFieldRules
import TextInputCore
import TextLayout
import TextLinks
import UnicodeTestSupport

@testable import TextInputTerminal

/// A single-line field whose long line keeps checkpoints (laid out, placed
/// and drawn in windows) behaves exactly as one whose line is laid out and
/// placed whole: the same outcome for every key and click, the same text,
/// selection and scroll, the same screen and cursor.
@Suite struct WindowedFieldTests {
  /// One step a user takes.
  enum Step: CustomStringConvertible {
    case type(String)
    case paste(String)
    case key(TerminalKey, TerminalModifiers)
    case click(Int)

    var event: TerminalEvent {
      switch self {
      case .type(let text): return .text(text)
      case .paste(let text): return .paste(text)
      case .key(let key, let modifiers): return .key(key, modifiers)
      case .click(let column):
        return .mouse(TerminalMouseEvent(kind: .press, button: .left, column: column, row: 1))
      }
    }

    var description: String {
      switch self {
      case .type(let text): return "type \(text.debugDescription)"
      case .paste(let text): return "paste \(text.debugDescription)"
      case .key(let key, let modifiers): return "key \(key) \(modifiers)"
      case .click(let column): return "click \(column)"
      }
    }
  }

  static let keys: [(TerminalKey, TerminalModifiers)] = [
    (.backspace, []), (.left, []), (.right, []), (.home, []), (.end, []), (.delete, []),
    (.character("b"), .alt), (.character("f"), .alt), (.character("w"), .control),
    (.character("k"), .control), (.character("y"), .control),
  ]

  /// A step drawn as three numbers and a text: typing or pasting the text,
  /// a click at a column, or one of `keys`.
  static func step(_ kind: Int, _ text: String, _ number: Int) -> Step {
    switch kind {
    case 0, 1: return .type(text)
    case 2: return .paste(text)
    case 3: return .click(number % 40 + 1)
    default: return .key(keys[number % keys.count].0, keys[number % keys.count].1)
    }
  }

  static let step = zip(Gen.int(in: 0...9), UnicodeGen.text(fragments: 0...2), Gen.int(in: 0...90))
    .map { kind, text, number in step(kind, text, number) }

  /// Drives two fields with `steps`: one laid out with small chunks, one
  /// whole; checks they agree after each step.
  static func compare(
    text: String, columns: Int, masked: Bool, steps: [Step], chunk: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let chunking = TextFrame.ClipChunking(chunkLength: chunk, minimumLength: chunk * 2)
    func make() -> TerminalTextField {
      TerminalTextField(
        text: text, columns: columns, behaviours: masked ? [SecureEntry()] : [EditorLinks()])
    }
    var windowed = TextFrame.$clipChunking.withValue(chunking) { make() }
    var whole = TextFrame.$clipChunking.withValue(.none) { make() }
    var screenA = TerminalScreen(columns: columns + 2, rows: 2)
    var screenB = TerminalScreen(columns: columns + 2, rows: 2)
    let origin = TerminalPosition(row: 0, column: 0)
    TextFrame.$clipChunking.withValue(chunking) { windowed.draw(into: &screenA, at: origin) }
    TextFrame.$clipChunking.withValue(.none) { whole.draw(into: &screenB, at: origin) }
    for (index, step) in steps.enumerated() {
      let a = TextFrame.$clipChunking.withValue(chunking) { windowed.handle(step.event) }
      let b = TextFrame.$clipChunking.withValue(.none) { whole.handle(step.event) }
      TextFrame.$clipChunking.withValue(chunking) { windowed.draw(into: &screenA, at: origin) }
      TextFrame.$clipChunking.withValue(.none) { whole.draw(into: &screenB, at: origin) }
      let context = "after \(steps[0...index]) in \(text.debugDescription), \(columns) columns"
      guard a == b, windowed.editor.text == whole.editor.text,
        windowed.editor.selection == whole.editor.selection,
        windowed.horizontalScroll == whole.horizontalScroll,
        screenA.text(ofRow: 0) == screenB.text(ofRow: 0), screenA.cursor == screenB.cursor,
        screenA == screenB
      else {
        Issue.record(
          """
          differ \(context): \(a) / \(b), \(windowed.editor.selection) / \(whole.editor.selection), \
          scroll \(windowed.horizontalScroll) / \(whole.horizontalScroll)
          \(screenA.text(ofRow: 0).debugDescription)
          \(screenB.text(ofRow: 0).debugDescription)
          """, sourceLocation: sourceLocation)
        return
      }
    }
  }

  @Test("Random keys, pastes and clicks in generated text, any width, masked or not")
  func randomSteps() async {
    await propertyCheck(
      count: CheckScale.cases(60, full: 500),
      input: UnicodeGen.text(fragments: 2...40), Self.step.array(of: 1...12), Gen.int(in: 1...30),
      Gen.bool, Gen.int(in: 1...16)
    ) { text, steps, columns, masked, chunk in
      Self.compare(text: text, columns: columns, masked: masked, steps: steps, chunk: chunk)
    }
  }

  @Test("Random keys, pastes and clicks in mixed-direction text, any width, masked or not")
  func randomBidiSteps() async {
    let step = zip(
      Gen.int(in: 0...9), UnicodeGen.bidiText(pieces: 0...3), Gen.int(in: 0...90)
    ).map { kind, text, number in Self.step(kind, text, number) }
    await propertyCheck(
      count: CheckScale.cases(60, full: 500),
      input: UnicodeGen.bidiText(pieces: 2...60), step.array(of: 1...12), Gen.int(in: 1...30),
      Gen.bool, Gen.int(in: 1...16)
    ) { text, steps, columns, masked, chunk in
      Self.compare(text: text, columns: columns, masked: masked, steps: steps, chunk: chunk)
    }
  }

  @Test("A 12 000-unit value with the standard chunks: keys mid-text and at the end")
  func longValue() {
    let pieces = ["hello ", "wörld ", "😀", "👍🏽 ", "🇫🇷", "中文", "e\u{301} ", "x.org "]
    var text = ""
    var k = 0
    while text.utf16.count < 12_000 {
      text += pieces[k % pieces.count]
      k += 3
    }
    var steps: [Step] = [.key(.home, [])]
    steps += Array(repeating: .key(.character("f"), .alt), count: 5)
    steps += [.type("é"), .key(.backspace, []), .click(7), .key(.end, []), .type("🇩🇪")]
    steps += [.key(.left, []), .click(30), .paste(" pasted \u{5D0} text ")]
    for masked in [false, true] {
      Self.compare(
        text: text, columns: 40, masked: masked, steps: steps, chunk: 1024)
    }
  }
}

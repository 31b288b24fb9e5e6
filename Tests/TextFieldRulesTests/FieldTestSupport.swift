import Foundation
import PropertyBased
import Testing
import TextInputKit
import UnicodeTestSupport

/// One step a user or host takes with a text field.
enum FieldStep: Sendable, CustomStringConvertible {
  case type(String)
  case paste(String)
  case deleteBackward
  case deleteForward
  case deleteWord
  case compose(String)
  case commit(String)
  case unmark
  case undo
  case redo
  case select(Int, Int)
  case move(CaretMovement)
  case endEditing
  case beginEditing

  /// Pieces whose clusters merge at their edges: marks, regional
  /// indicators, ZWJ, emoji modifiers, CR LF, Hangul jamo.
  static let pieces = [
    "a", "ab ", "e\u{301}", "\u{301}", "\u{1F1EB}", "\u{1F1F7}", "\u{1F1EB}\u{1F1F7}", "\u{200D}",
    "\u{1F469}", "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F44D}\u{1F3FD}", "\u{1F3FD}",
    "\r", "\n", "\r\n", "中文", "שלום ", "العربية", "\u{A0}", "\u{1100}", "\u{1161}", " ",
    "www.example.com ",
  ]

  static let movements: [CaretMovement] = [
    .left, .right, .backward(.word), .forward(.word), .lineStart, .documentEnd,
  ]

  static let generator = zip(
    Gen.int(in: 0...17), Gen.int(in: 0...(pieces.count - 1)), Gen.int(in: -1...30),
    UnicodeGen.text(fragments: 0...3)
  ).map { kind, piece, number, random -> FieldStep in
    let text = number % 3 == 0 ? random : pieces[piece]
    switch kind {
    case 0...3: return .type(text)
    case 4: return .paste(random + pieces[piece] + random)
    case 5: return .deleteBackward
    case 6: return .deleteForward
    case 7: return .deleteWord
    case 8: return .compose(text)
    case 9: return .commit(text)
    case 10: return .unmark
    case 11: return .undo
    case 12: return .redo
    case 13: return .select(number, piece % 5)
    case 14: return .move(movements[piece % movements.count])
    case 15: return .endEditing
    case 16: return .beginEditing
    default: return .type(pieces[piece])
    }
  }

  var description: String {
    switch self {
    case .type(let text): return "type(\(text.debugDescription))"
    case .paste(let text): return "paste(\(text.debugDescription))"
    case .compose(let text): return "compose(\(text.debugDescription))"
    case .commit(let text): return "commit(\(text.debugDescription))"
    case .deleteBackward: return "deleteBackward"
    case .deleteForward: return "deleteForward"
    case .deleteWord: return "deleteWord"
    case .unmark: return "unmark"
    case .undo: return "undo"
    case .redo: return "redo"
    case .select(let a, let b): return "select(\(a), \(b))"
    case .move(let movement): return "move(\(movement))"
    case .endEditing: return "endEditing"
    case .beginEditing: return "beginEditing"
    }
  }

  /// Whether the step is a user edit the chain reviews (and so one a
  /// character limit may change).
  var isReviewedEdit: Bool {
    switch self {
    case .type, .paste, .deleteBackward, .deleteForward, .deleteWord: return true
    default: return false
    }
  }

  func run(on editor: inout Editor) {
    switch self {
    case .type(let text): editor.insert(text)
    case .paste(let text): editor.replace(editor.selection, with: text)
    case .deleteBackward: editor.deleteBackward()
    case .deleteForward: editor.deleteForward()
    case .deleteWord: editor.deleteBackward(by: .word)
    case .compose(let text):
      _ = try? editor.setMarkedText(
        text, selectedRange: NSRange(location: text.utf16.count, length: 0))
    case .commit(let text):
      // An IME commit with its final text: typing over the marked text.
      if editor.markedRange != nil { editor.insert(text) }
    case .unmark: editor.unmarkText()
    case .undo: editor.undo()
    case .redo: editor.redo()
    case .select(let a, let b): editor.select(NSRange(location: a, length: b))
    case .move(let movement): editor.move(movement)
    case .endEditing: editor.endEditing()
    case .beginEditing: editor.beginEditing()
    }
  }
}

/// The number of grapheme clusters of `text`, segmented whole.
func clusterCount(_ text: String) -> Int {
  Graphemes.boundaries(utf16: Array(text.utf16)).offsets.count - 1
}

/// `text` masked as `SecureEntry` draws it, computed the slow way: every
/// cluster but a hard line break as one "•".
func masked(_ text: String) -> [UInt16] {
  let units = Array(text.utf16)
  let bounds = Graphemes.boundaries(utf16: units).offsets
  var out: [UInt16] = []
  for (start, end) in zip(bounds, bounds.dropFirst()) {
    if [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(units[start]) {
      out += units[start..<end]
    } else {
      out.append(0x2022)
    }
  }
  return out
}

/// A terminal field of `columns` × `rows` cells with no insets but one row
/// at the bottom for messages, measuring with `profile`.
func terminalField(
  _ text: String = "", columns: Int, rows: Int, profile: TerminalWidthProfile = .graphemeClusters,
  messageRow: Bool = true, alignment: TextAlignment = .natural,
  behaviours: [any EditorBehaviour] = []
) -> Editor {
  Editor(
    text: text, font: TerminalCellFont(profile: profile),
    geometry: ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: columns, height: rows),
      textContainerInset: EdgeInsets(top: 0, left: 0, bottom: messageRow ? 1 : 0, right: 0),
      lineFragmentPadding: 0),
    alignment: alignment, isEditing: true, behaviours: behaviours)
}

/// A drawn field as goldens read it: the rows of text, a style map (`.`
/// plain, `m` a message (red), `r` reverse, `u` underlined, `g` grey, `?`
/// other) and the cursor.
struct FieldGolden: Equatable, CustomStringConvertible {
  var text: [String]
  var styles: [String]
  var cursor: TerminalPosition?

  init(_ screen: TerminalScreen) {
    text = (0..<screen.rows).map { screen.text(ofRow: $0) }
    styles = (0..<screen.rows).map { row in
      String((0..<screen.columns).map { FieldGolden.code(screen[row, $0].style) })
    }
    cursor = screen.cursor
  }

  init(text: [String], styles: [String], cursor: TerminalPosition?) {
    self.text = text
    self.styles = styles
    self.cursor = cursor
  }

  static func code(_ style: TerminalStyle) -> Character {
    if style == .plain { return "." }
    if style == TerminalStyle(foreground: .ansi(1)) { return "m" }
    if style == TerminalStyle(reverse: true) { return "r" }
    if style == TerminalStyle(underline: true) { return "u" }
    if style == TerminalStyle(foreground: .grey) { return "g" }
    return "?"
  }

  var description: String {
    (text.map { "|\($0)|" } + styles + ["cursor \(String(describing: cursor))"])
      .joined(separator: "\n")
  }
}

/// Draws `editor` at the screen's top-left corner into a screen of its size.
func drawnScreen(_ editor: Editor) -> TerminalScreen {
  let bounds = editor.state.geometry.bounds
  var screen = TerminalScreen(columns: Int(bounds.width), rows: Int(bounds.height))
  TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 0, column: 0))
  return screen
}

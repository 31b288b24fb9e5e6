// Fuzz target: the field a program calls (`TerminalTextField`) and the
// plain-mode prompt (`TerminalPrompt` with `options.plain`), from outside.
//
// Families (first byte, even or odd):
// - a field: single-line in three inputs of four, else multi-line; 1–40
//   columns (one in four of 1–3), a scroll margin of -1…6 (set before or
//   after the first events), one of five width profiles or a known
//   terminal's, one of the five alignments, left-to-right or (one in eight)
//   right-to-left, behaviours from SecureEntry (masking or not), Validation,
//   CharacterLimit and RightAlignedSpaces; a start text; then up to 48
//   events: typed text (pieces, every paragraph end alone or in text, a
//   scalar), pastes, the key map's chords, resizes;
// - a plain-mode prompt: `readLine` or `readText` over a pipe holding the
//   rest's text (paragraph ends mixed in), with SecureEntry (masking in
//   three inputs of four) and a validation or a limit that refuses.
//
// Invariants, after every event:
// - a single-line field's text holds no paragraph end (LF, CR, VT, FF,
//   NEL, U+2028, U+2029) and is laid out on one line, one row high;
// - a single-line field's caret is in sight: drawn (at an origin inside a
//   wider screen), the cursor is on the caret's own cell, the one
//   `caret - horizontalScroll` (a whole number) from the view's left edge,
//   inside the view; the view's edge cells show a mark
//   (`hiddenTextMarks`, dim) exactly when text lies beyond that edge and the
//   caret is not there;
// - the bytes written, replayed by `TerminalReplay` with the same profile
//   (a run that starts with a mark or a modifier joins the cell on its
//   left, as xterm, kitty and foot do), show exactly the screen, whole and
//   as a change from the screen before;
// - a masking field's rows show only masks, blanks and the marks;
// - plain mode: a refusal of a masking field carries no value (nil), an
//   accepted line holds no paragraph end.

import Foundation
import FuzzSupport
import RightAlignedSpaces
import TerminalTestSupport
import TextFieldRules
import TextInputTerminal

#if canImport(Glibc)
import Glibc
#endif

let profiles: [TerminalWidthProfile] = [
  .graphemeClusters, .tmux, TerminalWidthProfile(name: "cjk", options: .eastAsian),
  .measured([.combiningMarks: 2, .emojiModifierSequence: 4, .regionalIndicatorPair: 1]),
  .measured([.emojiWithVS16: 1, .zwjSequence: 6, .wide: 2], options: .eastAsian),
]

/// Every character the package treats as a paragraph end, and CR LF.
let paragraphEnds = ["\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

let chords: [TerminalKeyChord] =
  TerminalKeyMap.sharedBindings.map(\.0)
  + [
    TerminalKeyChord(.enter), TerminalKeyChord(.enter, .alt), TerminalKeyChord(.tab),
    .control("j"), .alt("b"), .alt("f"), .control("w"), .alt("d"),
  ]

func hasParagraphEnd(_ text: String) -> Bool {
  text.unicodeScalars.contains {
    (0x0A...0x0D).contains($0.value) || $0.value == 0x85 || $0.value == 0x2028
      || $0.value == 0x2029
  }
}

/// Text to type or paste: pieces, paragraph ends alone or within text.
func eventText(_ input: inout FuzzInput) -> String {
  switch input.byte() % 4 {
  case 0: return input.pick(paragraphEnds)
  case 1:
    return input.text(maximumPieces: 2) + input.pick(paragraphEnds) + input.text(maximumPieces: 2)
  default: return input.text(maximumPieces: 4)
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzField(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  if input.byte() % 2 == 0 {
    field(&input)
  } else {
    plain(&input)
  }
  return 0
}

func field(_ input: inout FuzzInput) {
  let single = input.below(4) != 0
  let kind: TerminalTextField.Kind =
    single
    ? .singleLine : .multiLine(minimumRows: 1 + input.below(3), maximumRows: 1 + input.below(5))
  let columns = input.below(4) == 0 ? 1 + input.below(3) : 1 + input.below(40)
  let profile =
    input.below(6) == 5
    ? TerminalWidthProfile(terminal: input.pick(KnownTerminal.all)) : input.pick(profiles)
  let alignment = input.pick(TextAlignment.allCases)
  let direction: LayoutDirection = input.below(8) == 0 ? .rightToLeft : .leftToRight
  let options = input.byte()
  let masking = options & 1 != 0
  var behaviours: [any EditorBehaviour] = []
  if options & 2 != 0 { behaviours.append(SecureEntry(isSecure: masking)) }
  if options & 4 != 0 { behaviours.append(Validation(Validation.nonEmpty("Required"))) }
  if options & 8 != 0, let limit = try? CharacterLimit(limit: 1 + input.below(20)) {
    behaviours.append(limit)
  }
  if options & 16 != 0 { behaviours.append(RightAlignedSpaces()) }
  let margin = input.below(8) - 1
  let marginFirst = options & 32 != 0
  var field = TerminalTextField(
    kind: kind, text: input.text(maximumPieces: 6), columns: columns, profile: profile,
    alignment: alignment, layoutDirection: direction, behaviours: behaviours)
  if marginFirst { field.scrollMargin = margin }
  let secure = field.editor.isSecureTextEntry
  let what =
    "\(single ? "single" : "multi"), \(columns) columns, margin \(margin), \(profile.name), "
    + "\(alignment), \(direction), secure \(secure)"
  var previous: TerminalScreen?
  check(&field, previous: &previous, what: what + ", start")
  for step in 0..<48 where !input.isAtEnd {
    if step == 2, !marginFirst { field.scrollMargin = margin }
    let event: TerminalEvent
    switch input.byte() % 8 {
    case 0, 1, 2: event = .text(eventText(&input))
    case 3: event = .paste(eventText(&input))
    case 7 where input.below(4) == 0:
      event = .resize(
        rows: 24, columns: input.below(4) == 0 ? 1 + input.below(3) : 1 + input.below(40))
    default:
      let chord = input.pick(chords)
      event = .key(chord.key, chord.modifiers)
    }
    _ = field.handle(event)
    check(&field, previous: &previous, what: what + ", step \(step) \(event)")
  }
}

/// Draws the field inside a wider screen and checks what the file's
/// header says.
func check(_ field: inout TerminalTextField, previous: inout TerminalScreen?, what: String) {
  let state = field.editor.state
  let columns = field.columns
  if field.kind == .singleLine {
    fuzzCheck(
      !hasParagraphEnd(field.editor.text),
      "\(what): a single-line field holds a paragraph end: \(field.editor.text.debugDescription)")
    fuzzCheck(
      field.editor.layout().lineFragments.count <= 1 && field.textRows == 1,
      "\(what): a single line laid out on \(field.editor.layout().lineFragments.count) lines")
  }
  let origin = TerminalPosition(row: 1, column: 2)
  var screen = TerminalScreen(columns: columns + 4, rows: field.height + 2)
  let drawn = field.draw(into: &screen, at: origin)
  let profile = (state.font as? TerminalCellFont)?.profile ?? .graphemeClusters

  if field.kind == .singleLine, state.isEditing {
    let scroll = field.horizontalScroll
    let caretOffset =
      state.selection.length == 0 ? state.selection.location : NSMaxRange(state.selection)
    let caretX = state.caretRect(at: caretOffset).midX
    if caretX.isFinite, abs(caretX) < 100_000 {
      fuzzCheck(
        (caretX - scroll) == (caretX - scroll).rounded(),
        "\(what): the caret at x \(caretX) is not on a whole cell (scroll \(scroll))")
      let cell = Int((caretX - scroll).rounded(.toNearestOrAwayFromZero))
      fuzzCheck(
        (0..<columns).contains(cell),
        "\(what): the caret at x \(caretX) is cell \(cell) of \(columns) (scroll \(scroll))")
      fuzzCheck(
        drawn.caret == TerminalPosition(row: origin.row, column: origin.column + cell)
          && screen.cursor == drawn.caret,
        "\(what): the caret's cell is \(cell), drawn at \(String(describing: drawn.caret))")
      // The marks: at an edge beyond which text lies, never on the caret.
      let marks = TerminalTextField.hiddenTextMarks
      let start = state.caretRect(at: 0).midX
      let end = state.caretRect(at: state.utf16Count).midX
      let used = field.editor.layout().lineFragments.first?.usedRect
      let low = min(used?.minX ?? start, start, end)
      let high = max(used?.maxX ?? end, start, end)
      for (column, mark, hidden) in [
        (origin.column, marks.left, low < scroll),
        (origin.column + columns - 1, marks.right, high > scroll + CGFloat(columns)),
      ] {
        let shown =
          screen[origin.row, column].text == String(mark)
          && screen[origin.row, column].style.dim
        let wanted = hidden && drawn.caret?.column != column
        fuzzCheck(
          shown == wanted,
          "\(what): the mark at column \(column) shown \(shown), text hidden \(hidden)")
      }
    }
  }

  if field.editor.isSecureTextEntry {
    let marks = TerminalTextField.hiddenTextMarks
    let allowed = ["", " ", String(SecureEntry.bullet), String(marks.left), String(marks.right)]
    for column in origin.column..<origin.column + columns {
      for row in origin.row..<origin.row + field.textRows {
        let text = screen[row, column].text
        fuzzCheck(
          allowed.contains(text) || hasParagraphEnd(text),
          "\(what): a masked field shows \(text.debugDescription) at (\(row), \(column))")
      }
    }
  }

  var replay = TerminalReplay(columns: screen.columns, rows: screen.rows, profile: profile)
  if let previous, previous.columns == screen.columns, previous.rows == screen.rows {
    replay.feed(TerminalWriter.update(from: nil, to: previous))
    replay.feed(TerminalWriter.update(from: previous, to: screen))
  } else {
    replay.feed(TerminalWriter.update(from: nil, to: screen))
  }
  let report = replay.problems.map(\.description) + replay.differences(from: screen)
  fuzzCheck(report.isEmpty, "\(what): the bytes do not show the screen: \(report.prefix(4))")
  previous = screen
}

/// A pipe holding `bytes`, closed for writing: its read end.
func pipe(holding bytes: [UInt8]) -> Int32? {
  var ends: [Int32] = [-1, -1]
  guard Glibc.pipe(&ends) == 0 else { return nil }
  bytes.withUnsafeBytes { buffer in
    var written = 0
    while written < buffer.count, let base = buffer.baseAddress {
      let count = Glibc.write(ends[1], base + written, buffer.count - written)
      if count <= 0 { break }
      written += count
    }
  }
  close(ends[1])
  return ends[0]
}

func plain(_ input: inout FuzzInput) {
  let options = input.byte()
  let masking = options & 1 != 0 || options & 2 != 0
  var text = ""
  for _ in 0..<input.below(6) where !input.isAtEnd {
    text += input.bool() ? input.pick(paragraphEnds) : input.text(maximumPieces: 3)
  }
  // Plain lines are read to 64 KB at most here (a pipe's buffer).
  let bytes = Array(text.utf8.prefix(60_000))
  guard let fd = pipe(holding: bytes) else { return }
  defer { close(fd) }
  var behaviours: [any EditorBehaviour] = [SecureEntry(isSecure: masking)]
  switch options >> 2 & 3 {
  case 0: behaviours.append(Validation(Validation.nonEmpty("Required")))
  case 1:
    if let limit = try? CharacterLimit(limit: 1 + Int(options >> 4)) { behaviours.append(limit) }
  case 2:
    behaviours.append(
      Validation(Validation.predicate("Too short") { $0.count > Int(options >> 4) }))
  default: break
  }
  var promptOptions = TerminalPromptOptions()
  promptOptions.input = fd
  promptOptions.plain = true
  let line = options & 0x40 == 0
  let what = "plain \(line ? "readLine" : "readText"), masking \(masking), \(bytes.count) bytes"
  do {
    let value =
      line
      ? try TerminalPrompt.readLine("Password", behaviours: behaviours, options: promptOptions)
      : try TerminalPrompt.readText("Password", behaviours: behaviours, options: promptOptions)
    if line, let value {
      fuzzCheck(!hasParagraphEnd(value), "\(what): a line read holds a paragraph end")
    }
  } catch {
    if case .refused(_, _, let value) = error {
      fuzzCheck(
        !masking || value == nil,
        "\(what): a masked refusal carries \(value?.debugDescription ?? "nil")")
    }
  }
}

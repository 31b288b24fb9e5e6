// Fuzz target: the terminal text view's input decoder, and its drawing.
//
// Families (first byte):
// - the rest as bytes a terminal sends: decoded whole, and split at a point
//   the input chooses; in one input of two (first byte divisible by 4),
//   after a CSI or SS3 sequence of 63–2 000 parameter bytes the input
//   chooses;
// - the rest as an options byte, then an editor's text (UTF-8, lossy) drawn
//   into a screen of a size the input chooses, under one of five width
//   profiles (grapheme clusters, tmux, East Asian, two probed ones) or a
//   known terminal's, with
//   one of the five alignments, masked by `SecureEntry` in one input of
//   two, and written; then edited (a space, a backspace, or a control and
//   an emoji modifier), drawn again and written as a change; then the
//   input's last 12 bytes, three at a time, as mouse events (kind, column,
//   row: inside, on the border and outside) for `TerminalMouseRouter`.
//
// The decoded events are also fed to `TerminalProbe.Identifier` as answers.
//
// Invariants: no trap; the decoder gives the same events for any split;
// `.text` is one scalar and never a control character; a paste holds no
// control but LF and TAB; a long unknown sequence is one `.unknown` of its
// first 65 bytes and the bytes after it decode as alone; a drawn screen's
// rows keep its width, no cell holds a control character, the cursor is
// on the screen, and the bytes written hold no BEL and no C1 control; the
// bytes written, replayed by a terminal measuring with the same profile
// (`TerminalReplay`), show exactly the screen, first whole and then as a
// change from the screen before; when the caret is before a cluster drawn
// on a left-to-right line, the cursor is on that cluster's first cell,
// which shows it, and a press there places the caret where it is; a
// secure field's text never reaches the screen or the bytes (the replayed
// terminal shows only masks and blanks, and no link); after every mouse
// event the selection is on grapheme boundaries of the text, a placed
// caret is the selection, a drag's selection is the editor's, and a press
// outside leaves the view not editing.

import Foundation
import FuzzSupport
import TerminalTestSupport
import TextFieldRules
import TextInputTerminal

/// The profiles drawn with: a terminal's own (probed: marks two cells, a
/// modifier sequence as its parts, flags one cell) among them.
let profiles: [TerminalWidthProfile] = [
  .graphemeClusters, .tmux, TerminalWidthProfile(name: "cjk", options: .eastAsian),
  .measured([.combiningMarks: 2, .emojiModifierSequence: 4, .regionalIndicatorPair: 1]),
  .measured([.emojiWithVS16: 1, .zwjSequence: 6, .wide: 2], options: .eastAsian),
]

func isControl(_ scalar: Unicode.Scalar) -> Bool {
  scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
}

func decode(_ parts: [ArraySlice<UInt8>]) -> [TerminalEvent] {
  var decoder = TerminalInputDecoder()
  var events: [TerminalEvent] = []
  for part in parts { events += decoder.decode(part) }
  return events + decoder.flush()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminal(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let family = bytes.first else { return 0 }
  let rest = bytes.dropFirst()
  if family % 2 == 0 {
    if family % 4 == 0 { longSequence(rest) }
    let whole = decode([rest])
    let cut = rest.startIndex + Int(family) % (rest.count + 1)
    precondition(decode([rest[..<cut], rest[cut...]]) == whole, "a split changed the events")
    for event in whole {
      switch event {
      case .text(let text):
        precondition(
          text.unicodeScalars.count == 1 && !text.unicodeScalars.contains(where: isControl))
      case .paste(let text):
        precondition(!text.unicodeScalars.contains { isControl($0) && $0 != "\n" && $0 != "\t" })
      case .key(.character(let character), _):
        precondition(!character.unicodeScalars.contains(where: isControl))
      default:
        break
      }
    }
    // The probe reads any answers, in any round, without trapping; what is
    // no answer is kept.
    var identifier = TerminalProbe.Identifier(environment: [:])
    _ = identifier.start()
    if case .write = identifier.receive(whole) { _ = identifier.receive(whole) }
    return 0
  }
  draw(family: family, rest: Array(rest))
  return 0
}

/// A CSI or SS3 sequence of 63 or more parameter bytes, then `rest`: one
/// `.unknown` of the sequence's first 65 bytes, then `rest`'s own events.
func longSequence(_ rest: ArraySlice<UInt8>) {
  let head = Array(rest.prefix(3))
  let ss3 = head.first.map { $0 & 1 == 0 } ?? true
  let length = 63 + (head.count > 2 ? Int(head[1]) << 3 | Int(head[2]) : 0) % 1_938
  let tail = rest.dropFirst(min(3, rest.count))
  var sequence: [UInt8] = [0x1B, ss3 ? UInt8(ascii: "O") : UInt8(ascii: "[")]
  for index in 0..<length {
    let byte = tail.isEmpty ? 0x31 : tail[tail.startIndex + index % tail.count]
    sequence.append(ss3 ? (byte % 2 == 0 ? UInt8(ascii: ";") : 0x30 + byte % 10) : 0x30 + byte % 16)
  }
  sequence.append(UInt8(ascii: "A") + (head.first ?? 0) % 26)
  let events = decode([sequence[...] + tail])
  let expected = [TerminalEvent.unknown(Array(sequence.prefix(65)))] + decode([tail])
  fuzzCheck(
    events == expected,
    "a sequence of \(sequence.count) bytes gave \(events.prefix(3)), expected \(expected.prefix(3))"
  )
}

/// The bytes written for `screen` (after `old`, if any), replayed by a
/// terminal measuring with `profile` that showed `old`: what differs.
func mismatches(
  _ screen: TerminalScreen, after old: TerminalScreen?, profile: TerminalWidthProfile
) -> (replay: TerminalReplay, report: [String]) {
  var replay = TerminalReplay(columns: screen.columns, rows: screen.rows, profile: profile)
  if let old { replay.feed(TerminalWriter.update(from: nil, to: old)) }
  replay.feed(TerminalWriter.update(from: old, to: screen))
  return (replay, replay.problems.map(\.description) + replay.differences(from: screen))
}

/// `cluster` as a screen cell shows it: controls as their pictures, a
/// cluster that would join the cell before it on U+00A0.
func cellText(_ cluster: String) -> String {
  VisibleControls.cellText(cluster)
}

/// When the caret is before a cluster drawn on a left-to-right line, the
/// cursor is on that cluster's first cell, which shows it, and a press on
/// that cell places the caret where it is.
func checkCaretCell(
  _ editor: Editor, _ screen: TerminalScreen, origin: TerminalPosition, columns: Int, rows: Int,
  _ what: String
) {
  guard editor.state.isEditing, let cursor = screen.cursor else { return }
  let layout = editor.layout()
  let caret = NSMaxRange(editor.selection)
  // The layout is of the displayed text: the caret's offset there.
  let shown = editor.state.displayMap.displayed(fromTyped: caret)
  guard let index = layout.lineIndex(containing: shown),
    let placed = layout.placedClusters(ofLine: index),
    placed.allSatisfy({ !$0.isRightToLeft && !$0.isEllipsis }),
    let after = placed.first(where: { $0.range.location == shown && $0.maxX > $0.minX })
  else { return }
  let line = layout.lineFragments[index]
  let placement = TerminalEditorRenderer.placement(of: editor, at: origin)
  let container = editor.textContainerOrigin
  let rowPoints = container.y + line.rect.minY - placement.scroll
  let left = CGFloat(origin.column) + container.x
  guard rowPoints.isFinite, (left + after.maxX).isFinite, after.minX >= 0 else { return }
  let row = origin.row + Int(rowPoints.rounded(.down))
  let column = Int((left + after.minX).rounded())
  let end = Int((left + after.maxX).rounded())
  guard row >= origin.row, row < origin.row + rows, column >= origin.column,
    end <= origin.column + columns, end > column
  else { return }
  let units = Array(layout.utf16[after.range.location..<NSMaxRange(after.range)])
  let text = cellText(String(decoding: units, as: UTF16.self))
  fuzzCheck(
    cursor == TerminalPosition(row: row, column: column),
    "\(what): cursor \(cursor), the cluster after the caret \(caret) is at (\(row), \(column))")
  let cell = screen[row, column]
  fuzzCheck(
    !cell.isContinuation && (cell.text == text || (text == " " && cell.text == " ")),
    "\(what): the caret's cell shows \(cell.text.debugDescription), not \(text.debugDescription)")
  fuzzCheck(
    placement.offset(row: row, column: column, in: editor) == caret,
    "\(what): a press on the caret's cell places \(String(describing: placement.offset(row: row, column: column, in: editor))), not \(caret)"
  )
}

/// Draws the rest's text with the options it chooses, and checks the
/// screen, the bytes and the caret's cell, before and after an edit; then
/// routes mouse events.
func draw(family: UInt8, rest: [UInt8]) {
  let columns = Int(family >> 2) % 24
  let rows = Int(family >> 6) + 1
  let options = rest.first ?? 0
  // One of the five profiles, or (one input of six) a known terminal's.
  let profile =
    options % 6 == 5
    ? TerminalWidthProfile(
      terminal: KnownTerminal.all[Int(family >> 3) % KnownTerminal.all.count])
    : profiles[Int(options) % profiles.count]
  let alignment = TextAlignment.allCases[Int(options / 5) % TextAlignment.allCases.count]
  let secure = options & 0x80 != 0
  let edit = Int(options >> 5) & 3
  let origin = TerminalPosition(row: 1, column: 1)
  var editor = Editor(
    text: String(decoding: rest.dropFirst(), as: UTF8.self),
    font: TerminalCellFont(profile: profile),
    geometry: ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: columns, height: rows), textContainerInset: .zero,
      lineFragmentPadding: 0),
    alignment: alignment, isEditing: true, behaviours: secure ? [SecureEntry()] : [])
  let what = "\(profile.name), \(alignment), secure \(secure), \(columns)×\(rows)"
  var screen = TerminalScreen(columns: columns + 2, rows: rows + 1)
  TerminalEditorRenderer.draw(editor, into: &screen, at: origin)
  for row in 0..<screen.rows {
    precondition((0..<screen.columns).reduce(0) { $0 + screen[row, $1].width } == screen.columns)
    for column in 0..<screen.columns {
      precondition(!screen[row, column].text.unicodeScalars.contains(where: isControl))
    }
  }
  if let cursor = screen.cursor {
    precondition(screen.contains(row: cursor.row, column: cursor.column))
  }
  let written = TerminalWriter.update(from: nil, to: screen)
  precondition(
    !written.unicodeScalars.contains { $0 == "\u{7}" || (0x80...0x9F).contains($0.value) })
  let first = mismatches(screen, after: nil, profile: profile)
  fuzzCheck(
    first.report.isEmpty, "\(what): the bytes do not show the screen: \(first.report.prefix(4))")
  if secure {
    checkSecure(first.replay, editor, what)
  } else {
    checkCaretCell(editor, screen, origin: origin, columns: columns, rows: rows, what)
  }

  // The view drawn at an origin on, or past the edges of, a screen half as
  // big (as after the terminal shrank): no trap, and the bytes show it.
  var shrunk = TerminalScreen(columns: columns / 2, rows: (rows + 1) / 2)
  let far = TerminalPosition(
    row: Int(options) % (rows + 3) - 1, column: Int(options >> 2) % (columns + 4) - 1)
  TerminalEditorRenderer.draw(editor, into: &shrunk, at: far)
  let shrunkReport = mismatches(shrunk, after: nil, profile: profile).report
  fuzzCheck(
    shrunkReport.isEmpty, "\(what) at \(far) on a shrunk screen: \(shrunkReport.prefix(4))")

  // An edit, drawn again and written as a change from the screen before.
  var edited = editor
  switch edit {
  case 0: edited.insert(" ")
  case 1: edited.deleteBackward()
  case 2: edited.insert("\t\u{1F3FD}")
  default: edited.move(.documentStart)
  }
  var next = TerminalScreen(columns: columns + 2, rows: rows + 1)
  TerminalEditorRenderer.draw(edited, into: &next, at: origin)
  let second = mismatches(next, after: screen, profile: profile)
  fuzzCheck(
    second.report.isEmpty,
    "\(what), edit \(edit): the change does not show the screen: \(second.report.prefix(4))")
  if secure {
    checkSecure(second.replay, edited, what)
  } else {
    checkCaretCell(edited, next, origin: origin, columns: columns, rows: rows, what + ", edited")
  }

  var router = TerminalMouseRouter()
  let kinds: [TerminalMouseEvent.Kind] = [.press, .drag, .release, .wheel]
  let tail = Array(rest.suffix(12))
  for start in stride(from: 0, to: tail.count - 2, by: 3) {
    let mouse = TerminalMouseEvent(
      kind: kinds[Int(tail[start]) % 4], button: tail[start] & 4 == 0 ? .left : .right,
      column: Int(tail[start + 1]) % (columns + 4), row: Int(tail[start + 2]) % (rows + 3))
    let outcome = router.handle(mouse, at: Double(start), editor: &editor, origin: origin)
    let boundaries = Set(editor.state.graphemeBoundaries)
    precondition(
      boundaries.contains(editor.selection.location)
        && boundaries.contains(NSMaxRange(editor.selection)), "selection inside a cluster")
    if case .caretPlaced(let offset) = outcome {
      precondition(editor.selection == NSRange(location: offset, length: 0))
    }
    if case .selected(let range) = outcome {
      fuzzCheck(range == editor.selection, "a drag reported \(range), selected \(editor.selection)")
    }
    if outcome == .outside { precondition(!editor.state.isEditing) }
    if start == 3 { editor.deleteBackward() }
  }
}

/// A secure field's text reaches neither the screen nor the bytes: the
/// replayed terminal shows only masks and blanks, with no link.
func checkSecure(_ replay: TerminalReplay, _ editor: Editor, _ what: String) {
  let shown = replay.shown
  for row in 0..<shown.rows {
    for column in 0..<shown.columns {
      let cell = shown[row, column]
      fuzzCheck(
        ["", " ", String(SecureEntry.bullet)].contains(cell.text) && cell.link == nil,
        "\(what): a secure field of \(editor.text.utf16.count) units shows \(cell.text.debugDescription) at (\(row), \(column))"
      )
    }
  }
}

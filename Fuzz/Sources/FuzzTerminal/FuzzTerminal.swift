// Fuzz target: the terminal text view's input decoder, and its drawing.
//
// Families (first byte):
// - the rest as bytes a terminal sends: decoded whole, and split at a point
//   the input chooses;
// - the rest as an editor's text (UTF-8, lossy) drawn into a screen of a
//   size the input chooses, with the library's, tmux's or a known terminal's
//   widths, and written; then
//   the input's last 12 bytes, three at a time, as mouse events (kind,
//   column, row: inside, on the border and outside) for `TerminalMouseRouter`.
//
// The decoded events are also fed to `TerminalProbe.Identifier` as answers.
//
// Invariants: no trap; the decoder gives the same events for any split;
// `.text` is one scalar and never a control character; a paste holds no
// control but LF and TAB; a drawn screen's rows keep its width, no cell
// holds a control character, the cursor is on the screen, and the bytes
// written hold no BEL and no C1 control; after every mouse event the
// selection is on grapheme boundaries of the text, a placed caret is the
// selection, and a press outside leaves the view not editing.

import Foundation
import FuzzSupport
import TextInputTerminal

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
  let columns = Int(family >> 2) % 24
  let rows = Int(family >> 6) + 1
  let known = TerminalWidthProfile(
    terminal: KnownTerminal.all[Int(family >> 3) % KnownTerminal.all.count])
  let profile: TerminalWidthProfile =
    family & 2 == 0 ? .graphemeClusters : rows % 2 == 0 ? .tmux : known
  var editor = Editor(
    text: String(decoding: rest, as: UTF8.self), font: TerminalCellFont(profile: profile),
    geometry: ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: columns, height: rows), textContainerInset: .zero,
      lineFragmentPadding: 0),
    isEditing: true)
  var screen = TerminalScreen(columns: columns + 2, rows: rows + 1)
  TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 1, column: 1))
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
  var router = TerminalMouseRouter()
  let kinds: [TerminalMouseEvent.Kind] = [.press, .drag, .release, .wheel]
  let tail = Array(rest.suffix(12))
  for start in stride(from: 0, to: tail.count - 2, by: 3) {
    let mouse = TerminalMouseEvent(
      kind: kinds[Int(tail[start]) % 4], button: tail[start] & 4 == 0 ? .left : .right,
      column: Int(tail[start + 1]) % (columns + 4), row: Int(tail[start + 2]) % (rows + 3))
    let outcome = router.handle(
      mouse, at: Double(start), editor: &editor, origin: TerminalPosition(row: 1, column: 1))
    let boundaries = Set(editor.state.graphemeBoundaries)
    precondition(
      boundaries.contains(editor.selection.location)
        && boundaries.contains(NSMaxRange(editor.selection)), "selection inside a cluster")
    if case .caretPlaced(let offset) = outcome {
      precondition(editor.selection == NSRange(location: offset, length: 0))
    }
    if outcome == .outside { precondition(!editor.state.isEditing) }
  }
  return 0
}

// A 1 MB bracketed paste, from the bytes a terminal sends to the bytes the
// program writes back: decoded (`TerminalInputDecoder`), inserted at the
// middle of a short text in an editor holding every standard behaviour
// (RightAlignedSpaces, EditorLinks, TextPlaceholder), laid out, drawn into an
// 80 × 24 screen (`TerminalEditorRenderer`) and written out as the screen's
// changes (`TerminalWriter`). Printed beside the floor measured in the same
// run: receiving the same bytes as a program that does nothing with them
// but decode them (UTF-8 to a String and its UTF-16 code units), which is
// about what `cat` does before writing them back.
//
//     swift run -c release --package-path Benchmarks PasteBenchmark
//
// Then the field's path, as a program's loop on `TerminalSession` has it:
// the bytes in reads of 4 KB (what the session reads at a time), batched as
// the session batches them (a paste read to its end) and coalesced (its
// parts one edit), handled by a `TerminalTextField` (multi-line, as the
// playground's, and single-line), a frame drawn and written after each
// batch; beside the loop before issue 38 in the same run (a frame after
// every read, an edit for every part of the paste).
//
// Checked: the decoder yields the pasted text in parts, the editor's text is
// the short text with the paste at its middle, the kept layout equals a
// fresh one, and the screen's caret row is the text of the layout's caret
// line; each field's text is the short text with the paste at its caret
// (its line breaks spaces in the single line), the caret after it, one frame
// for the batched paste, the multi-line screen's caret row its caret line
// and the single line's row a piece of its text; otherwise the program exits
// with status 1.

import BenchmarkSupport
import Foundation
import RightAlignedSpaces
import TextInputCore
import TextInputTerminal
import TextLinks
import TextPlaceholder

/// About `count` UTF-16 code units of lines of mixed text (words, links,
/// emoji, CJK, combining marks), lines of 3 to 16 pieces.
func pasteText(_ count: Int) -> String {
  let pieces = [
    "hello", "world", "see", "www.example.com/docs", "mail", "ann@example.org", "😀", "👍🏽",
    "🇫🇷", "中文字", "café", "e\u{301}t\u{E9}", "x.org/a?b=1", "and", "the",
  ]
  return paragraphsOfPieces(count, pieces: pieces, seed: 0x2545_F491_4F6C_DD1D)
}

func makeEditor() -> Editor {
  var editor = Editor(
    text: "Before the paste. After the paste.",
    geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 80, height: 24)),
    isEditing: true,
    behaviours: [RightAlignedSpaces(), EditorLinks(), TextPlaceholder("Write here")])
  editor.select(NSRange(location: 18, length: 0))
  return editor
}

/// Decodes `bytes`, pastes into a new editor, draws and writes the screen;
/// returns the editor and the screen.
func paste(_ bytes: [UInt8]) -> (Editor, TerminalScreen, [TerminalEvent], Int) {
  var decoder = TerminalInputDecoder()
  let events = decoder.decode(bytes) + decoder.flush()
  var editor = makeEditor()
  for case .paste(let text) in events { editor.insert(text) }
  var screen = TerminalScreen(columns: 80, rows: 24)
  TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 0, column: 0))
  let written = TerminalWriter.update(from: nil, to: screen)
  return (editor, screen, events, written.utf8.count)
}

let pasted = pasteText(1_000_000)
let bytes = Array("\u{1B}[200~".utf8) + Array(pasted.utf8) + Array("\u{1B}[201~".utf8)

// Checks, on one run.
let (editor, screen, events, written) = paste(bytes)
let pasteEvents = events.compactMap { event -> String? in
  if case .paste(let text) = event { return text }
  return nil
}
// A paste longer than `maximumPastePartLength` bytes arrives in parts: in
// order, each at most that long, together the pasted text.
let maximumPart = TerminalInputDecoder.maximumPastePartLength
check(pasteEvents.joined() == pasted, "the paste's parts are not the pasted text")
check(pasteEvents.count > 1, "a paste longer than \(maximumPart) bytes came in one part")
check(
  pasteEvents.allSatisfy { $0.utf8.count <= maximumPart },
  "a part of the paste is longer than \(maximumPart) bytes")
check(
  editor.text == "Before the paste. " + pasted + "After the paste.",
  "the editor's text is not the text with the paste at its middle")
let fresh = TextFrame(editor: editor.state, displayed: editor.displayedUTF16)
check(
  editor.layout().lineFragments.map(\.range) == fresh.lineFragments.map(\.range),
  "the kept layout differs from a fresh one")
check(written > 0, "nothing was written")
if let cursor = screen.cursor,
  let line = editor.layout().lineIndex(
    containing: editor.state.displayMap.displayed(fromTyped: editor.selection.location))
{
  let range = editor.layout().lineFragments[line].range
  let lineText = editor.displayedText.utf16.dropFirst(range.location).prefix(range.length)
  let expected = String(decoding: lineText, as: UTF16.self)
    .trimmingCharacters(in: .whitespacesAndNewlines)
  let row = screen.text(ofRow: cursor.row).trimmingCharacters(in: .whitespacesAndNewlines)
  check(row == expected, "the caret's row is not its line: \(row.debugDescription)")
} else {
  check(false, "no cursor on the screen")
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
var pasteTimes: [Double] = []
var decodeTimes: [Double] = []
var drawTimes: [Double] = []
var floorTimes: [Double] = []
var sink = 0
for _ in 0..<7 {
  pasteTimes.append(seconds { sink &+= paste(bytes).3 })
  decodeTimes.append(
    seconds {
      var decoder = TerminalInputDecoder()
      sink &+= (decoder.decode(bytes) + decoder.flush()).count
    })
  drawTimes.append(
    seconds {
      var screen = TerminalScreen(columns: 80, rows: 24)
      TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 0, column: 0))
      sink &+= TerminalWriter.update(from: nil, to: screen).utf8.count
    })
  floorTimes.append(
    seconds {
      let text = String(decoding: bytes, as: UTF8.self)
      sink &+= Array(text.utf16).count
    })
}
check(sink > 0, "nothing measured")
let pasteMedian = median(pasteTimes)
let floorMedian = median(floorTimes)
print("A bracketed paste of \(bytes.count) bytes (\(pasted.utf16.count) UTF-16 code units,")
print("\(fresh.lineFragments.count) lines at 80 cells), median of 7:")
print(
  String(
    format: "  decoded, inserted, laid out, drawn and written: %8.1f ms", pasteMedian * 1e3))
print(
  String(
    format: "  floor (UTF-8 decoded to a String and UTF-16):   %8.1f ms  (the paste is %.0f×)",
    floorMedian * 1e3, pasteMedian / floorMedian))
print(
  String(
    format: "  of which decoded (TerminalInputDecoder):        %8.1f ms  (%.1f× the floor)",
    median(decodeTimes) * 1e3, median(decodeTimes) / floorMedian))
print(
  String(
    format: "  drawing the screen after it (and writing it):   %8.3f ms", median(drawTimes) * 1e3))
print("")

// MARK: The field's path

/// The bytes as reads of 4 KB, as `TerminalSession` reads them.
let reads: [ArraySlice<UInt8>] = stride(from: 0, to: bytes.count, by: 4096).map {
  bytes[$0..<min($0 + 4096, bytes.count)]
}

func makeField(_ kind: TerminalTextField.Kind) -> TerminalTextField {
  var field = TerminalTextField(
    kind: kind, text: "Before the paste. After the paste.", columns: 80,
    behaviours: [RightAlignedSpaces(), EditorLinks(), TextPlaceholder("Write here")])
  field.modifyEditor { $0.select(NSRange(location: 18, length: 0)) }
  return field
}

/// The reads handled by a field as a program's loop does, a frame drawn
/// into an 80 × 24 screen and its changes written after each batch. With
/// `batched`, a batch is what `TerminalSession.events` returns (it reads a
/// paste to its end), coalesced (the paste one edit); without, each read
/// is a batch and each part of the paste an edit (the loops before issue
/// 38). Returns the field, the last screen, the bytes written and the
/// frames drawn.
func fieldPaste(_ kind: TerminalTextField.Kind, batched: Bool)
  -> (TerminalTextField, TerminalScreen, Int, Int)
{
  var decoder = TerminalInputDecoder()
  var field = makeField(kind)
  var shown: TerminalScreen?
  var screen = TerminalScreen(columns: 80, rows: 24)
  var batch: [TerminalEvent] = []
  var written = 0
  var frames = 0
  for read in reads {
    batch += decoder.decode(read)
    if batched && decoder.isInPaste { continue }
    for event in batched ? TerminalEvent.coalesced(batch) : batch { _ = field.handle(event) }
    batch.removeAll()
    screen = TerminalScreen(columns: 80, rows: 24)
    _ = field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    written += TerminalWriter.update(from: shown, to: screen).utf8.count
    shown = screen
    frames += 1
  }
  return (field, screen, written, frames)
}

let multiLine = TerminalTextField.Kind.multiLine(minimumRows: 20, maximumRows: 20)
let expectedText = "Before the paste. " + pasted + "After the paste."
check(
  !pasted.unicodeScalars.contains {
    "\u{B}\u{C}\r\u{85}\u{2028}\u{2029}".unicodeScalars.contains($0)
  },
  "the pasted text has a line break other than LF")
let expectedLine =
  "Before the paste. " + pasted.replacingOccurrences(of: "\n", with: " ")
  + "After the paste."
let caretAfterPaste = 18 + pasted.utf16.count

// Checks, on one run of each.
let (multi, multiScreen, multiWritten, multiFrames) = fieldPaste(multiLine, batched: true)
check(multi.editor.text == expectedText, "multi-line: the text is not the paste at the caret")
check(
  multi.editor.selection == NSRange(location: caretAfterPaste, length: 0),
  "multi-line: the caret is not after the paste")
check(multiFrames == 1, "multi-line: the batched paste drew \(multiFrames) frames, not one")
check(multiWritten > 0, "multi-line: nothing was written")
if let cursor = multiScreen.cursor,
  let line = multi.editor.layout().lineIndex(
    containing: multi.editor.state.displayMap.displayed(fromTyped: multi.editor.selection.location))
{
  let range = multi.editor.layout().lineFragments[line].range
  let lineText = multi.editor.displayedText.utf16.dropFirst(range.location).prefix(range.length)
  let expected = String(decoding: lineText, as: UTF16.self)
    .trimmingCharacters(in: .whitespacesAndNewlines)
  let row = multiScreen.text(ofRow: cursor.row).trimmingCharacters(in: .whitespacesAndNewlines)
  check(row == expected, "multi-line: the caret's row is not its line: \(row.debugDescription)")
} else {
  check(false, "multi-line: no cursor on the screen")
}
let (before, _, _, beforeFrames) = fieldPaste(multiLine, batched: false)
check(before.editor.text == expectedText, "multi-line, a frame a read: not the same text")
check(beforeFrames == reads.count, "multi-line, a frame a read: \(beforeFrames) frames")
let (single, singleScreen, _, singleFrames) = fieldPaste(.singleLine, batched: true)
check(single.editor.text == expectedLine, "single-line: the text is not the paste on one line")
check(
  single.editor.selection == NSRange(location: caretAfterPaste, length: 0),
  "single-line: the caret is not after the paste")
check(singleFrames == 1, "single-line: the batched paste drew \(singleFrames) frames, not one")
if let cursor = singleScreen.cursor {
  // The row without its edge cells (marks of hidden text, half a wide
  // cluster) is a piece of the line.
  let row = singleScreen.text(ofRow: cursor.row)
  let inner = String(row.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
  check(
    inner.count > 40 && expectedLine.contains(inner),
    "single-line: the row is not a piece of the line: \(inner.debugDescription)")
} else {
  check(false, "single-line: no cursor on the screen")
}

var multiTimes: [Double] = []
var singleTimes: [Double] = []
var beforeTimes: [Double] = []
for round in 0..<7 {
  multiTimes.append(seconds { sink &+= fieldPaste(multiLine, batched: true).2 })
  singleTimes.append(seconds { sink &+= fieldPaste(.singleLine, batched: true).2 })
  // The loop before is slow: three rounds.
  if round < 3 { beforeTimes.append(seconds { sink &+= fieldPaste(multiLine, batched: false).2 }) }
  floorTimes.append(
    seconds {
      let text = String(decoding: bytes, as: UTF8.self)
      sink &+= Array(text.utf16).count
    })
}
let fieldFloor = median(floorTimes)
print("The field's path: the bytes in \(reads.count) reads of 4 KB, handled by a TerminalTextField")
print("(80 columns, the same behaviours), each frame drawn into 80 × 24 and written; median:")
print(
  String(
    format:
      "  multi-line, the paste in one batch (one edit, one frame):  %8.1f ms  (%.0f× the floor)",
    median(multiTimes) * 1e3, median(multiTimes) / fieldFloor))
print(
  String(
    format:
      "  multi-line, a frame a read and an edit a part (before):    %8.1f ms  (%.1f× one batch)",
    median(beforeTimes) * 1e3, median(beforeTimes) / median(multiTimes)))
print(
  String(
    format:
      "  single-line, the paste in one batch (one edit, one frame): %8.1f ms  (%.0f× the floor)",
    median(singleTimes) * 1e3, median(singleTimes) / fieldFloor))
print(
  String(
    format: "  floor, all rounds:                                          %8.1f ms",
    fieldFloor * 1e3))
print("")
Checks.finish(
  success:
    "All outputs checked: paste parts = pasted text, text = typed text, kept layout = fresh, caret row = its line; "
    + "each field's text = the paste at its caret, caret after it, one frame, its row = its line (a piece of it)."
)

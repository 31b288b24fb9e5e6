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
// Checked: the decoder yields the pasted text as one paste event, the editor's
// text is the short text with the paste at its middle, the kept layout equals
// a fresh one, and the screen's caret row is the text of the layout's caret
// line; otherwise the program exits with status 1.

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
Checks.finish(
  success:
    "All outputs checked: paste parts = pasted text, text = typed text, kept layout = fresh, caret row = its line."
)

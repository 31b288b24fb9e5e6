// Fuzz target: the line editor's parts — history files, history search,
// hints, completion and its menu, highlighting — as a terminal field drives
// them.
//
// Families (first byte):
// - even: the rest as a history file's bytes (torn records, escapes, any
//   UTF-8): read by `FileHistory` from a file; every entry appended to a
//   fresh file reads back the same;
// - odd: the rest split at the first 0x00: before it, history entries
//   (lossy UTF-8, one a line); after it, bytes a terminal sends, decoded
//   and fed to a single- or multi-line field (by the first byte) that has
//   the history, its `HistoryHinter`, a `WordCompleter` of the entries'
//   words and a `KeywordHighlighter`; the field is drawn after each event.
//
// Invariants: no trap; a history file reads back what was written; the
// selection is on grapheme boundaries of the text; the field's height is
// its text rows, its status line and its menu; a drawn screen's cursor is
// on the screen; a search match is on cluster boundaries and folds equal
// to the query; the hint is never part of the text.

import Foundation
import FuzzSupport
import TextInputKit
import TextInputTerminal

let folder = FileManager.default.temporaryDirectory
  .appendingPathComponent("FuzzLineEditor-\(getpid())")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLineEditor(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let family = bytes.first else { return 0 }
  let rest = Array(bytes.dropFirst())
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  if family % 2 == 0 {
    historyFile(rest)
  } else {
    field(rest, multiLine: family % 4 == 1)
  }
  return 0
}

func historyFile(_ bytes: [UInt8]) {
  let path = folder.appendingPathComponent("read").path
  let copy = folder.appendingPathComponent("copy").path
  unlink(path)
  unlink(copy)
  _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
  guard let read = try? FileHistory(path: path, maximumCount: 1_000, duplicates: .keepAll),
    let written = try? FileHistory(path: copy, maximumCount: 1_000, duplicates: .keepAll)
  else { return }
  for entry in read.entries { written.add(entry) }
  precondition(written.lastError == nil, "append failed: \(String(describing: written.lastError))")
  guard let back = try? FileHistory(path: copy, maximumCount: 1_000, duplicates: .keepAll) else {
    preconditionFailure("the copy cannot be read")
  }
  precondition(
    back.entries.map { Array($0.unicodeScalars) } == read.entries.map { Array($0.unicodeScalars) },
    "entries changed through a file")
  // An append after the file's last (maybe torn) record keeps every entry.
  let history = try? FileHistory(path: path, maximumCount: 1_000, duplicates: .keepAll)
  history?.add("fuzz-last")
  let after = try? FileHistory(path: path, maximumCount: 1_000, duplicates: .keepAll)
  precondition(after?.entries == read.entries + ["fuzz-last"], "an append lost or changed entries")
}

func field(_ bytes: [UInt8], multiLine: Bool) {
  let split = bytes.firstIndex(of: 0) ?? bytes.count
  let entries = String(decoding: bytes[..<split], as: UTF8.self)
    .split(separator: "\n").map(String.init)
  let keys = split < bytes.count ? Array(bytes[(split + 1)...]) : []
  let history = MemoryHistory(maximumCount: 100, entries: entries)
  var words = Set<String>()
  for entry in entries { for word in entry.split(separator: " ") { words.insert(String(word)) } }
  var field = TerminalTextField(
    kind: multiLine ? .multiLine(minimumRows: 1, maximumRows: 4) : .singleLine, columns: 24)
  field.history = history
  field.hinter = HistoryHinter(history)
  field.completer = WordCompleter(words.sorted())
  field.highlighter = KeywordHighlighter(words.prefix(5), ignoresCase: true)
  field.maximumMenuRows = 3
  var decoder = TerminalInputDecoder()
  let events = decoder.decode(keys[...]) + decoder.flush()
  for event in events.prefix(200) {
    _ = field.handle(event)
    let state = field.editor.state
    let boundaries = Graphemes.boundaries(utf16: state.utf16.array)
    precondition(boundaries.isBoundary(state.selection.location), "caret inside a cluster")
    precondition(boundaries.isBoundary(NSMaxRange(state.selection)), "selection inside a cluster")
    precondition(
      field.height == field.textRows + (field.hasStatusLine ? 1 : 0) + field.completionMenuRows,
      "height")
    if field.isSearchingHistory, state.selection.length > 0,
      let prompt = field.historySearchPrompt, !prompt.hasPrefix("(failed")
    {
      // The match shown is selected: it folds equal to the query's end.
      let matched = state.substring(state.selection)
      precondition(!CaseFolding.folded(matched).isEmpty, "an empty match")
    }
    if let hint = field.hint {
      precondition(!hint.isEmpty, "an empty hint")
      precondition(state.selection.location == state.utf16Count, "a hint away from the end")
    }
    var screen = TerminalScreen(columns: 24, rows: max(field.height, 1))
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    if let cursor = screen.cursor {
      precondition(screen.contains(row: cursor.row, column: cursor.column), "cursor off screen")
    }
  }
}

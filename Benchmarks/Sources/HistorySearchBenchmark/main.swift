// Ctrl-R over 100 000 history entries: the time of each keystroke of an
// incremental search in a TerminalTextField (the query typed one character
// at a time), against a naive search (lowercase every entry and look for the
// lowercased query, newest first) measured in the same run. Each keystroke's
// match is checked against the naive search's.
//
//     swift run -c release --package-path Benchmarks HistorySearchBenchmark

import BenchmarkSupport
import Foundation
import TextInputTerminal

let entryCount = 100_000
let pieces = [
  "git", "commit", "-m", "\"fix\"", "ls", "-la", "cd", "/usr/local/bin", "grep", "-R", "TODO",
  "swift", "build", "--configuration", "release", "make", "install", "docker", "run", "--rm",
  "python3", "script.py", "--verbose", "Ünïcödé", "日本語", "テキスト", "👍🏽", "café", "naïve",
  "SELECT", "*", "FROM", "users", "WHERE", "id", "=", "42;", "echo", "$HOME", "|", "wc", "-l",
]
/// The entries, oldest first: 3 to 8 pieces and the index. The oldest holds
/// a rare word; one query below matches nothing.
func makeEntries() -> [String] {
  var generator = SplitMix64(seed: 36)
  var entries: [String] = []
  entries.reserveCapacity(entryCount)
  for index in 0..<entryCount {
    let length = 3 + Int(generator.next() % 6)
    var words: [String] = []
    for _ in 0..<length { words.append(pieces[Int(generator.next() % UInt64(pieces.count))]) }
    words.append(String(index))
    entries.append(words.joined(separator: " "))
  }
  entries[0] = "ssh deploy@Needle-Host.example.org"
  return entries
}
let entries = makeEntries()
// Loading folds every entry once (their search keys): a start-up cost, not
// a keystroke's.
var loaded: MemoryHistory?
let loading = seconds {
  loaded = MemoryHistory(maximumCount: entryCount, duplicates: .keepAll, entries: entries)
}
let history = loaded ?? MemoryHistory()
check(history.count == entryCount, "history holds \(history.count) entries")
print(String(format: "loading %d entries (folds each once): %.1f ms", entryCount, loading * 1e3))

/// The naive search: newest first, lowercase each entry, find the lowercased
/// query; the index of the first entry that holds it.
func naiveSearch(_ query: String) -> Int? {
  let needle = query.lowercased()
  var index = entryCount - 1
  while index >= 0 {
    if entries[index].lowercased().contains(needle) { return index }
    index -= 1
  }
  return nil
}

/// A field with the history, Ctrl-R pressed.
func searchingField() -> TerminalTextField {
  var field = TerminalTextField(columns: 80)
  field.history = history
  _ = field.handle(.key(.character("r"), .control))
  return field
}

print("## Ctrl-R over \(entryCount) entries, per keystroke")
// The first search after loading: every entry already has its key.
let first = seconds {
  var field = searchingField()
  _ = field.handle(.text("qzx"))
}
print(String(format: "first search after loading, a query found nowhere: %.3f ms", first * 1e3))

var worstKeystroke = 0.0
for query in ["NEEDLE-HOST", "qzxv", "commit -m", "日本語 テ", "👍🏽 café"] {
  // The field's keystrokes: the best of 5 runs of each, and the match.
  var times: [Double] = []
  var matches: [Int?] = []
  let characters = Array(query)
  for _ in 0..<5 {
    var field = searchingField()
    var round: [Double] = []
    var found: [Int?] = []
    for character in characters {
      round.append(seconds { _ = field.handle(.text(String(character))) })
      found.append(
        field.isSearchingHistory && field.historySearchPrompt?.hasPrefix("(failed") == false
          ? field.recalledHistoryIndex : nil)
    }
    times = times.isEmpty ? round : zip(times, round).map { min($0, $1) }
    matches = found
  }
  // The naive search for each prefix of the query (what each keystroke asks).
  var naiveTimes: [Double] = []
  for count in 1...characters.count {
    let prefix = String(characters[0..<count])
    let result = best(rounds: 3) { naiveSearch(prefix) }
    naiveTimes.append(result.seconds)
    check(
      matches[count - 1] == result.result,
      "'\(prefix)': field matched \(String(describing: matches[count - 1])), "
        + "naive \(String(describing: result.result))")
  }
  let slowest = times.max() ?? 0
  worstKeystroke = max(worstKeystroke, slowest)
  let mean = times.reduce(0, +) / Double(times.count)
  let naiveMean = naiveTimes.reduce(0, +) / Double(naiveTimes.count)
  print(
    String(
      format: "%-14@ %2d keys: mean %7.1f µs, slowest %7.1f µs; naive mean %8.1f µs (%.0f×)",
      "'\(query)'" as NSString, characters.count, mean * 1e6, slowest * 1e6, naiveMean * 1e6,
      naiveMean / max(mean, 1e-9)))
}
print("## Hints over \(entryCount) entries, per keystroke")
// Typing the oldest entry: after "ss" only it starts with the text, so a
// plain scan passes over every entry on each keystroke.
let typed = Array("ssh deploy@Needle-Host")
var hintTimes: [Double] = []
var naiveHintTimes: [Double] = []
do {
  var field = TerminalTextField(columns: 80)
  field.history = history
  field.hinter = HistoryHinter(history)
  for character in typed {
    _ = field.handle(.text(String(character)))
    // The first ask after the keystroke (what a draw does): later asks
    // with the same text are answered from the cache.
    var hint: String?
    hintTimes.append(seconds { hint = field.hint })
    let text = field.editor.text
    let naive = best(rounds: 3) { () -> String? in
      var index = entryCount - 1
      while index >= 0 {
        if entries[index].count > text.count, entries[index].hasPrefix(text) {
          return String(entries[index].dropFirst(text.count))
        }
        index -= 1
      }
      return nil
    }
    naiveHintTimes.append(naive.seconds)
    check(hint == naive.result, "hint for '\(text)': \(String(describing: hint))")
  }
}
let hintMean = hintTimes.reduce(0, +) / Double(hintTimes.count)
let naiveHintMean = naiveHintTimes.reduce(0, +) / Double(naiveHintTimes.count)
print(
  String(
    format: "'%@' %d keys: mean %.1f µs, slowest %.1f µs; naive mean %.1f µs (%.0f×)",
    String(typed) as NSString, typed.count, hintMean * 1e6, (hintTimes.max() ?? 0) * 1e6,
    naiveHintMean * 1e6, naiveHintMean / max(hintMean, 1e-9)))
worstKeystroke = max(worstKeystroke, hintTimes.max() ?? 0)

// Time is reported, not gated (wall-clock time is noisy here): the checks
// are the matches.
print(
  String(
    format: "slowest keystroke: %.1f µs (%@ 1 ms)", worstKeystroke * 1e6,
    (worstKeystroke < 0.001 ? "under" : "over") as NSString))
Checks.finish(success: "ok: every keystroke's match is the naive search's")

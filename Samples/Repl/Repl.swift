import ArgumentParser
import TextInputKit

/// `swift run Samples repl`: history, hints, completion and highlighting
/// together, in a loop that echoes each line.
struct Repl: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "repl",
    abstract: "A read-eval-print loop: history, hints, completion and highlighting.",
    discussion: """
      Each line is printed back (`=> …`) until `quit` or Ctrl-D. ↑ / Ctrl-R recall \
      and search the history (kept in --history FILE across runs), a dim hint \
      offers the newest entry that starts with the line (→ accepts it), Tab \
      completes a command or one of 200 words (`word-` and Tab twice: a menu), and \
      keywords and numbers are coloured.
      """
  )

  @Option(help: ArgumentHelp("Keep the history in this file.", valueName: "file"))
  var history: String?

  /// The words Tab completes: the commands, and 200 of mixed widths.
  static let words: [String] =
    ["help", "history", "quit", "select", "show"]
    + (1...200).map { index in
      let stems = ["apple", "日本語", "🍎", "café", "한국어", "x"]
      return "word-\(index)-\(stems[index % stems.count])"
    }

  func run() throws {
    var options = TerminalPromptOptions()
    let entries: any TextHistory
    if let history {
      do { entries = try FileHistory(path: history) } catch {
        throw SamplesError.noInput(history, reason: error.reason)
      }
    } else {
      entries = MemoryHistory()
    }
    options.history = entries
    options.hinter = HistoryHinter(entries)
    options.completer = WordCompleter(Self.words)
    options.highlighter = KeywordHighlighter(["help", "history", "quit", "select", "show"])
    while let line = try TerminalPrompt.readLine("repl", options: options) {
      if line == "quit" { break }
      if line == "history" {
        for index in 0..<entries.count { print(entries.entry(at: index) ?? "") }
        continue
      }
      print("=> \(VisibleControls.visible(line))")
    }
  }
}

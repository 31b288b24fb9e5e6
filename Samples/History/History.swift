import ArgumentParser
import Foundation
import TextInputKit

/// `swift run Samples history FILE [--append]`: a history file's entries,
/// or lines of standard input appended to it, one record each.
struct History: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "history",
    abstract: "Print a history file's entries (as `prompt --history` keeps them), or append to it.",
    discussion: """
      Entries are printed one a line, oldest first, duplicates collapsed, with \
      controls escaped ('\\n' inside a multi-line entry). With --append, each \
      line of standard input is appended as one entry, each by one locked \
      write, so several processes may append to one file at once.
      """
  )

  @Argument(help: "The history file (created by the first append).")
  var file: String

  @Flag(help: "Append each line of standard input as an entry instead of printing.")
  var append = false

  @Option(help: "The most entries kept (the file is compacted beyond twice this).")
  var maximum = 10_000

  func validate() throws {
    guard maximum >= 1 else {
      throw ValidationError("--maximum must be at least 1, got \(maximum)")
    }
  }

  func run() throws {
    let history: FileHistory
    do {
      history = try FileHistory(path: file, maximumCount: maximum)
    } catch {
      throw SamplesError.noInput(file, reason: error.reason)
    }
    if append {
      let text = try Input.text(of: [Input.standardInput])
      for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
        do {
          try history.append(String(line))
        } catch {
          throw SamplesError(status: .cannotCreate, message: error.description)
        }
      }
      return
    }
    for entry in history.entries { print(ControlCharacters.escaped(entry)) }
  }
}

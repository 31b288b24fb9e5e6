import ArgumentParser
import Foundation
import TextInputBase
import TextInputKit

/// `swift run Samples`: a tour of every TextInputKit module, and tools to go deeper.
@main
struct Samples: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "Samples",
    abstract: "A tour of TextInputKit, tools to measure text and list plugins, and a playground.",
    discussion: """
      Files are read by path, '-' for standard input; a file that cannot be read \
      is an error naming it and the system's reason.

      \(SamplesError.statusHelp)
      """,
    subcommands: [
      Tour.self, Measure.self, Links.self, Plugins.self, Playground.self, Prompt.self,
      Choose.self, Repl.self, HitTest.self, Identify.self, History.self,
    ],
    defaultSubcommand: Tour.self
  )

  /// Parses the command line and runs the subcommand. Every error is
  /// printed one way, `Samples: error: …` on standard error with controls
  /// escaped, and exits with its `sysexits.h` status (see `SamplesError`).
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    var command: any ParsableCommand
    do {
      command = try parseAsRoot(arguments)
    } catch {
      // With a default subcommand, ArgumentParser hands an unknown first
      // word to `tour` and says only "Unexpected argument": name it instead.
      if let message = unknownSubcommandMessage(arguments) {
        fail(.usage(message), usage: usageHint)
      }
      fail(parserError: error)
    }
    do {
      try command.run()
    } catch let error as SamplesError {
      fail(error)
    } catch {
      fail(parserError: error)
    }
  }

  /// The line after a usage error's message.
  static let usageHint = "See 'Samples --help'."

  /// Prints `error` as `Samples: error: MESSAGE` (and `usage`'s lines) to
  /// standard error, controls escaped, and exits with its status.
  static func fail(_ error: SamplesError, usage: String = "") -> Never {
    var text = SamplesError.prefix + ControlCharacters.escaped(error.message) + "\n"
    if !usage.isEmpty { text += ControlCharacters.escaped(usage, keepingLineFeeds: true) + "\n" }
    FileHandle.standardError.write(Data(text.utf8))
    Foundation.exit(error.status.rawValue)
  }

  /// ArgumentParser's own errors (and help): help and `--version` as it
  /// prints them; an error with the samples' prefix and its usage lines,
  /// exit status 64.
  static func fail(parserError error: any Error) -> Never {
    let code = exitCode(for: error)
    if code == .success { exit(withError: error) }
    var text = fullMessage(for: error)
    if text.hasPrefix("Error: ") { text = String(text.dropFirst("Error: ".count)) }
    text = SamplesError.prefix + ControlCharacters.escaped(text, keepingLineFeeds: true)
    FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    Foundation.exit(code == .validationFailure ? SamplesError.Status.usage.rawValue : code.rawValue)
  }

  /// The subcommands' names, in the order `--help` lists them.
  static var subcommandNames: [String] {
    configuration.subcommands.compactMap { $0.configuration.commandName }
  }

  /// The error for `arguments` whose first word is neither an option nor a
  /// subcommand (nor `help`), or nil: names the word, suggests a subcommand
  /// within a few edits of it, and lists them all.
  ///
  /// ```swift
  /// unknownSubcommandMessage(["mesure"])
  /// // "unknown subcommand 'mesure'; did you mean 'measure'? The subcommands are: tour
  /// //  (the default), measure, links, plugins, playground, hit-test."
  /// ```
  static func unknownSubcommandMessage(_ arguments: [String]) -> String? {
    guard let word = arguments.first, !word.hasPrefix("-"),
      !(subcommandNames + ["help"]).contains(word)
    else { return nil }
    let names = subcommandNames
    let listed = names.map { $0 == Tour.configuration.commandName ? "\($0) (the default)" : $0 }
    var message = "unknown subcommand '\(word)'"
    if let near = Configuration.suggestion(for: word, in: names) {
      message += "; did you mean '\(near)'?"
    } else {
      message += "."
    }
    return message + " The subcommands are: \(listed.joined(separator: ", "))."
  }
}

import ArgumentParser
import TextInputKit

/// `swift run Samples`: a tour of every TextInputKit module, and tools to go deeper.
@main
struct Samples: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "Samples",
    abstract: "A tour of TextInputKit, tools to measure text and list plugins, and a playground.",
    subcommands: [
      Tour.self, Measure.self, Links.self, Plugins.self, Playground.self, HitTest.self,
    ],
    defaultSubcommand: Tour.self
  )

  /// Refuses an unknown first word before ArgumentParser sees it: with a
  /// default subcommand, ArgumentParser would hand the word to `tour` as an
  /// argument and say only "Unexpected argument".
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let message = unknownSubcommandMessage(arguments) {
      exit(withError: ValidationError(message))
    }
    main(arguments)
  }

  /// The subcommands' names, in the order `--help` lists them.
  static var subcommandNames: [String] {
    configuration.subcommands.map { $0._commandName }
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
    let listed = names.map { $0 == Tour._commandName ? "\($0) (the default)" : $0 }
    var message = "unknown subcommand '\(word)'"
    if let near = Configuration.suggestion(for: word, in: names) {
      message += "; did you mean '\(near)'?"
    } else {
      message += "."
    }
    return message + " The subcommands are: \(listed.joined(separator: ", "))."
  }
}

import ArgumentParser

/// `swift run Samples`: a tour of every TextInputKit module, and tools to go deeper.
@main
struct Samples: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "Samples",
    abstract: "A tour of TextInputKit, tools to measure text and list plugins, and a playground.",
    subcommands: [Tour.self, Measure.self, Plugins.self, Playground.self, HitTest.self],
    defaultSubcommand: Tour.self
  )
}

import ArgumentParser

/// The default command: every module's section, in layer order.
struct Tour: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tour",
    abstract: "Print a tour of every module on built-in examples (the default)."
  )

  /// The tour's sections, in order. Each module's issue adds its own.
  static let sections: [any TourSection.Type] = [
    BaseTour.self,
    MetricsTour.self,
    LayoutTour.self,
    EditorTour.self,
    RightAlignedSpacesTour.self,
    LabelInsetsTour.self,
    PlaceholderTour.self,
    LinksTour.self,
    TextFieldRulesTour.self,
    HitAreasTour.self,
    TerminalTour.self,
  ]

  func run() throws {
    var out = TourPrinter()
    out.banner("TextInputKit — a tour")
    for section in Self.sections {
      out.heading(section.title)
      section.run(&out)
    }
    out.heading("Going further")
    out.line("Each subcommand has --help:")
    for command in Samples.configuration.subcommands {
      let configuration = command.configuration
      guard let name = configuration.commandName, name != Self.configuration.commandName
      else { continue }
      out.line("  swift run Samples \(name): \(configuration.abstract)")
    }
  }
}

/// One section of the tour.
protocol TourSection: Sendable {
  static var title: String { get }
  static func run(_ out: inout TourPrinter)
}

/// Writes the tour to standard output.
struct TourPrinter {
  mutating func banner(_ text: String) {
    print(text)
    print(String(repeating: "=", count: text.count))
  }

  mutating func heading(_ text: String) {
    print("")
    print("## \(text)")
    print("")
  }

  mutating func line(_ text: String = "") { print(text) }
}

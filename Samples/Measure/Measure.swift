import ArgumentParser

struct Measure: ParsableCommand {
  func run() throws {}
}

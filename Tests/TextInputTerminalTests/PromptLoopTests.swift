import Testing

@testable import TextInputTerminal

/// `TerminalPrompt.runInteractive`, the loop around a prompt's step
/// machine, on a pseudo-terminal: what it asks of the machine per read.
@Suite(.serialized) struct PromptLoopTests {
  /// A machine that types a bracketed paste into the terminal when it
  /// starts, answers once the whole paste has come, and counts the frames
  /// it was asked for by `tick(at:)` meanwhile.
  struct PasteWatcher: InteractivePrompt {
    let pty: PseudoTerminal
    let body: String
    var pasted = ""
    var ticks = 0

    mutating func start() -> String {
      pty.type("\u{1B}[200~" + body + "\u{1B}[201~")
      return ""
    }
    mutating func redraw() -> String { "" }
    mutating func inputEnded() -> String { "" }
    mutating func tick(at time: Double) -> String {
      ticks += 1
      return ""
    }
    mutating func handle(_ events: [TerminalEvent], at time: Double) -> PromptStep<String> {
      for case .paste(let text) in events { pasted += text }
      var step = PromptStep<String>()
      if pasted.utf8.count >= body.utf8.count {
        step.ending = .answered("\(ticks) ticks, \(pasted == body ? "the" : "not the") body")
      }
      return step
    }
  }

  @Test("A paste read in several reads asks for no frame before it is whole")
  func pasteInSeveralReadsTicksNever() throws {
    let pty = try #require(PseudoTerminal())
    // More than one read (the session reads 4 KB at a time), less than the
    // pseudo-terminal holds.
    let body = String(repeating: "pasted text\n", count: 700)
    var options = TerminalPromptOptions()
    options.profile = .graphemeClusters
    let answer = try TerminalPrompt.runInteractive(
      options: options,
      channel: PromptChannel(input: pty.terminal, output: pty.terminal, opened: false),
      mouse: false
    ) { _, _ in PasteWatcher(pty: pty, body: body) }
    #expect(answer == "0 ticks, the body")
  }
}

import Foundation
import Testing
import TextInputKit

@testable import TextInputTerminal

/// `TerminalPrompt`'s loop as a step machine: every path, with no terminal.
/// The bytes it gives are replayed on `InlineTerminalModel`, a terminal
/// below a shell's output, to check what a user sees.
@Suite struct PromptMachineTests {
  struct Run {
    var machine: PromptMachine
    var terminal = InlineTerminalModel(columns: 40, rows: 8, lines: ["$ run"])

    init(
      _ label: String = "Name", kind: TerminalTextField.Kind = .singleLine,
      initialText: String = "", behaviours: [any EditorBehaviour] = [], columns: Int = 40,
      options: TerminalPromptOptions = TerminalPromptOptions()
    ) {
      var options = options
      options.profile = .graphemeClusters
      machine = PromptMachine(
        label: label, kind: kind, initialText: initialText, behaviours: behaviours,
        options: options, profile: .graphemeClusters, columns: columns)
      terminal = InlineTerminalModel(columns: columns, rows: 8, lines: ["$ run"])
      terminal.feed(machine.start())
    }

    /// Feeds `events` as one read; the step, its bytes replayed.
    @discardableResult
    mutating func send(_ events: [TerminalEvent], at time: Double = 0) -> PromptMachine.Step {
      let step = machine.handle(events, at: time)
      terminal.feed(step.bytes)
      return step
    }

    /// The terminal's rows below the shell's line, blanks trimmed.
    var lines: [String] {
      terminal.text.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  static let typed: [TerminalEvent] = Array("Ann").map { .text(String($0)) }

  @Test func typingDrawsTheTextAfterTheLabel() {
    var run = Run()
    let step = run.send(Self.typed)
    #expect(step.ending == nil && !step.suspends)
    #expect(run.lines.first == "Name: Ann")
    #expect(run.terminal.row == 1 && run.terminal.column == 9)
  }

  @Test func enterSubmitsAndKeepsWhatFollowsForTheNextPrompt() {
    var run = Run()
    let step = run.send(Self.typed + [.key(.enter, []), .text("B"), .text("o")])
    #expect(step.ending == .answered("Ann"))
    #expect(step.rest == [.text("B"), .text("o")])
    // The final line stays; the cursor is on the line below it.
    #expect(run.lines.first == "Name: Ann")
    #expect(run.terminal.row == 2 && run.terminal.column == 0)
  }

  @Test func aRefusedSubmitShowsTheMessageAndGoesOn() {
    var run = Run(behaviours: [Validation(Validation.nonEmpty("Required"))])
    let step = run.send([.key(.enter, [])])
    #expect(step.ending == nil)
    #expect(run.lines.prefix(2) == ["Name:", "Required"])
    let typed = run.send([.text("x"), .key(.enter, [])])
    #expect(typed.ending == .answered("x"))
  }

  @Test func ctrlCCancelsAndLeavesNoPlaceholder() {
    var run = Run(behaviours: [TextPlaceholder("Your name")])
    #expect(run.lines.first == "Name: Your name")
    let step = run.send([.key(.character("c"), .control)])
    #expect(step.ending == .cancelled)
    // Nothing was entered: the label alone stays, never the placeholder.
    #expect(run.lines.first == "Name:")
    #expect(!run.terminal.text.joined().contains("Your name"))
  }

  @Test func ctrlCKeepsWhatWasTyped() {
    var run = Run(behaviours: [TextPlaceholder("Your name")])
    let step = run.send([.text("a"), .text("b"), .key(.character("c"), .control)])
    #expect(step.ending == .cancelled)
    #expect(run.lines.first == "Name: ab")
  }

  @Test func ctrlDOnAnEmptyFieldEndsTheInputWithoutAPlaceholder() {
    var run = Run(behaviours: [TextPlaceholder("Your name")])
    let step = run.send([.key(.character("d"), .control), .text("z")])
    #expect(step.ending == .endOfInput)
    #expect(step.rest == [.text("z")])
    #expect(run.lines.first == "Name:")
    // Not empty: Ctrl-D deletes forward.
    var other = Run()
    let deleting = other.send([
      .text("a"), .text("b"), .key(.left, []), .key(.character("d"), .control),
    ])
    #expect(deleting.ending == nil)
    #expect(other.lines.first == "Name: a")
  }

  @Test func aResizeRedrawsInTheNewWidth() {
    var run = Run(columns: 40)
    run.send(Self.typed)
    run.terminal = InlineTerminalModel(columns: 20, rows: 8, lines: ["$ run", "Name: Ann"])
    run.terminal.row = 1
    run.terminal.column = 9
    run.send([.resize(rows: 8, columns: 20), .text("!")])
    #expect(run.machine.prompt.columns == 20)
    #expect(run.lines.first == "Name: Ann!")
  }

  @Test func escThenEnterAtAnyPauseSubmitsANote() {
    // Esc and Enter in two reads: the decoder gave Esc alone (its 30 ms
    // passed), then Enter, however long after.
    var run = Run("Notes", kind: .multiLine(minimumRows: 1, maximumRows: 3))
    run.send([.text("h"), .text("i")])
    #expect(run.send([.key(.escape, [])], at: 1).ending == nil)
    let step = run.send([.key(.enter, [])], at: 2.2)
    #expect(step.ending == .answered("hi"))
    // Enter alone is a line break.
    var other = Run("Notes", kind: .multiLine(minimumRows: 1, maximumRows: 3))
    other.send([.text("a"), .key(.enter, []), .text("b")])
    #expect(other.machine.prompt.field.editor.text == "a\nb")
  }

  @Test func theMultiLineLabelSaysHowToSubmit() {
    let run = Run("Notes", kind: .multiLine(minimumRows: 1, maximumRows: 3))
    #expect(run.lines.first == "Notes (Alt-Enter or Esc Enter submits):")
  }

  @Test func ctrlZSuspendsAndResumeDrawsAgainBelowTheShell() {
    var run = Run()
    let step = run.send(Self.typed + [.key(.character("z"), .control), .text("x")])
    #expect(step.suspends && step.ending == nil)
    #expect(step.rest == [.text("x")])
    // The cursor left the region: the shell writes below it.
    #expect(run.terminal.row == 2 && run.terminal.column == 0)
    run.terminal.feed("[1]+ Stopped\r\n$ fg\r\n")
    run.terminal.feed(run.machine.redraw())
    run.send([.resumed] + step.rest)
    #expect(run.lines.prefix(4) == ["Name: Ann", "[1]+ Stopped", "$ fg", "Name: Annx"])
  }

  @Test func aStopFromOutsideDrawsANewRegionOnResume() {
    var run = Run()
    run.send(Self.typed)
    // kill -TSTP: the shell wrote after the cursor, then `fg`.
    run.terminal.feed("\r\n[1]+ Stopped\r\n$ fg\r\n")
    run.send([.resumed])
    #expect(run.lines.prefix(4) == ["Name: Ann", "[1]+ Stopped", "$ fg", "Name: Ann"])
  }

  @Test func initialTextIsEditable() {
    var run = Run(initialText: "Ann")
    #expect(run.lines.first == "Name: Ann")
    let step = run.send([.key(.backspace, []), .text("a"), .key(.enter, [])])
    #expect(step.ending == .answered("Ana"))
  }

  @Test func eachYankIsOneUndoStep() {
    var run = Run()
    run.send(Self.typed)
    run.send([
      .key(.character("u"), .control), .key(.character("y"), .control),
      .key(.character("y"), .control), .key(.character("_"), .control),
    ])
    #expect(run.machine.prompt.field.editor.text == "Ann")
    // Ctrl-X Ctrl-U is undo too, as in readline.
    run.send([.key(.character("x"), .control), .key(.character("u"), .control)])
    #expect(run.machine.prompt.field.editor.text == "")
  }

  @Test func aLimitShowsItsCountWhenReached() throws {
    var run = Run("Password", behaviours: [SecureEntry(), try CharacterLimit(limit: 3)])
    #expect(run.lines.count(where: { $0 == "3/3" }) == 0)
    run.send(Array("abcd").map { .text(String($0)) })
    #expect(run.machine.prompt.field.editor.text == "abc")
    #expect(run.lines.prefix(2) == ["Password: •••", "3/3"])
  }

  @Test func typeAheadAfterTheLastPromptIsTyped() {
    var first = Run()
    let step = first.send(Self.typed + [.key(.enter, []), .text("B"), .text("o")])
    var second = Run("Next")
    let next = second.send(step.rest + [.key(.enter, [])])
    #expect(next.ending == .answered("Bo"))
  }

  @Test func aPasswordIsNeverDrawn() {
    var run = Run("Password", behaviours: [SecureEntry()])
    run.send([.paste("secret"), .key(.enter, [])])
    #expect(!run.terminal.text.joined().contains("secret"))
    #expect(run.lines.first == "Password: ••••••")
  }

  @Test func theOptionsHistoryHintsAndCompletionReachTheField() {
    var options = TerminalPromptOptions()
    let history = MemoryHistory()
    options.history = history
    options.hinter = HistoryHinter(history)
    options.completer = WordCompleter(["alpha", "alpine"])
    var first = Run(options: options)
    #expect(first.send(Self.typed + [.key(.enter, [])]).ending == .answered("Ann"))
    #expect(history.entry(at: 0) == "Ann")
    // The next prompt recalls it with ↑, hints it after "A", completes words.
    var second = Run(options: options)
    second.send([.key(.up, [])])
    #expect(second.machine.prompt.field.editor.text == "Ann")
    var third = Run(options: options)
    third.send([.text("A")])
    #expect(third.machine.prompt.field.hint == "nn")
    #expect(third.lines.first == "Name: Ann")
    third.send([.key(.right, [])])
    #expect(third.machine.prompt.field.editor.text == "Ann")
    var fourth = Run(options: options)
    fourth.send([.text("a"), .text("l"), .key(.tab, [])])
    #expect(fourth.machine.prompt.field.editor.text == "alp")
  }

  @Test func aPasswordNeverReachesTheHistory() {
    var options = TerminalPromptOptions()
    let history = MemoryHistory()
    history.add("secret-entry")
    options.history = history
    options.hinter = HistoryHinter(history)
    options.completer = WordCompleter(["secret-word"])
    var run = Run("Password", behaviours: [SecureEntry()], options: options)
    run.send([.text("s")])
    #expect(run.machine.prompt.field.hint == nil)
    run.send([.key(.tab, []), .key(.tab, [])])
    #expect(run.machine.prompt.field.editor.text == "s")
    run.send([.key(.up, []), .key(.character("r"), .control), .text("e")])
    #expect(!run.terminal.text.joined().contains("secret"))
    let step = run.send([.key(.enter, [])])
    #expect(step.ending != nil)
    #expect(history.count == 1)
  }
}

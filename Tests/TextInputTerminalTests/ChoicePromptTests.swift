import Foundation
import Testing
import TextInputKit

@testable import TextInputTerminal

/// `confirm`, `select` and `multiSelect` as step machines, replayed on a
/// terminal model; and their plain-mode answers.
@Suite struct ChoicePromptTests {
  struct Run {
    var machine: ChoiceMachine
    var terminal: InlineTerminalModel

    init(
      _ kind: ChoiceKind, choices: [String] = [], selected: Set<Int> = [], rows: Int = 3,
      columns: Int = 30
    ) {
      machine = ChoiceMachine(
        label: "Pick", kind: kind, choices: choices, selected: selected, rows: rows,
        columns: columns)
      terminal = InlineTerminalModel(columns: columns, rows: 10, lines: ["$ run"])
      terminal.feed(machine.start())
    }

    @discardableResult
    mutating func send(_ events: [TerminalEvent]) -> ChoiceMachine.Step {
      let step = machine.handle(events)
      terminal.feed(step.bytes)
      return step
    }

    var lines: [String] {
      terminal.text.dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  static let fruit = ["apple", "Banana", "cherry", "日本の梨", "👩‍👩‍👧 family", "fig"]

  @Test func confirmAnswersOnYOrNAndEnterTakesTheDefault() {
    var run = Run(.confirm(default: false))
    #expect(run.lines.first == "Pick (y/N)")
    #expect(run.send([.text("Y")]).ending == .answered([1]))
    #expect(run.lines.first == "Pick (y/N) yes")
    var other = Run(.confirm(default: false))
    #expect(other.send([.key(.enter, [])]).ending == .answered([0]))
    #expect(other.lines.first == "Pick (y/N) no")
    // No default: Enter is refused with a message; other letters do nothing.
    var none = Run(.confirm(default: nil))
    #expect(none.send([.text("x"), .key(.enter, [])]).ending == nil)
    #expect(none.lines.prefix(2) == ["Pick (y/n)", "answer y or n"])
    #expect(none.send([.text("n")]).ending == .answered([0]))
  }

  @Test func selectMovesScrollsAndChooses() {
    var run = Run(.select, choices: Self.fruit)
    #expect(run.lines.prefix(5) == ["Pick: type to filter", "❯ apple", "Banana", "cherry", "1/6"])
    run.send([.key(.down, []), .key(.down, []), .key(.down, [])])
    // The list scrolled: the highlight stays in sight.
    #expect(run.lines.prefix(5) == ["Pick: type to filter", "Banana", "cherry", "❯ 日本の梨", "4/6"])
    let step = run.send([.key(.enter, []), .text("z")])
    #expect(step.ending == .answered([3]))
    #expect(step.rest == [.text("z")])
    #expect(run.lines.first == "Pick: 日本の梨")
  }

  @Test func typingFiltersByClusterCaseFolded() {
    var run = Run(.select, choices: Self.fruit)
    run.send([.text("b"), .text("A")])
    #expect(run.lines.prefix(3) == ["Pick: bA", "❯ Banana", "1/1 of 6"])
    run.send([.key(.backspace, []), .key(.backspace, []), .text("👩")])
    // A part of a ZWJ sequence is not a cluster of it: no match.
    #expect(run.lines.prefix(3) == ["Pick: 👩", "(no match)", "0/0 of 6"])
    #expect(run.send([.key(.enter, [])]).ending == nil)
    run.send([.key(.character("u"), .control), .paste("👩‍👩‍👧")])
    #expect(run.send([.key(.enter, [])]).ending == .answered([4]))
  }

  @Test func multiSelectChecksWithSpaceAndSubmitsInOrder() {
    var run = Run(.multiSelect, choices: Self.fruit, selected: [5])
    run.send([.key(.down, []), .text(" "), .key(.up, []), .key(.tab, [])])
    #expect(run.lines.prefix(3) == ["Pick: type to filter", "❯ [x] apple", "[x] Banana"])
    #expect(run.send([.key(.enter, [])]).ending == .answered([0, 1, 5]))
    #expect(run.lines.first == "Pick: apple, Banana, fig")
    var all = Run(.multiSelect, choices: Self.fruit)
    all.send([.text("an"), .key(.character("a"), .control)])
    #expect(all.send([.key(.enter, [])]).ending == .answered([1]))
  }

  @Test func aClickOnAChoiceChoosesIt() {
    var run = Run(.select, choices: Self.fruit)
    // The region's top is the screen's row 1 (0-based): the label there,
    // the choices from row 2; SGR rows are 1-based.
    run.machine.regionTop = 1
    let press = TerminalMouseEvent(kind: .press, button: .left, column: 4, row: 5)
    let release = TerminalMouseEvent(kind: .release, button: .none, column: 4, row: 5)
    #expect(run.send([.mouse(press)]).ending == nil)
    #expect(run.lines[3] == "❯ cherry")
    #expect(run.send([.mouse(release)]).ending == .answered([2]))
    // A release on another row than the press chooses nothing.
    var other = Run(.select, choices: Self.fruit)
    other.machine.regionTop = 1
    let elsewhere = TerminalMouseEvent(kind: .release, button: .none, column: 4, row: 4)
    #expect(other.send([.mouse(press), .mouse(elsewhere)]).ending == nil)
  }

  @Test func ctrlCAndCtrlDEndWithoutAnAnswer() {
    var run = Run(.select, choices: Self.fruit)
    #expect(run.send([.key(.character("c"), .control)]).ending == .cancelled)
    #expect(run.lines.first == "Pick:")
    var other = Run(.confirm(default: true))
    #expect(other.send([.key(.character("d"), .control)]).ending == .endOfInput)
  }

  @Test func wideChoicesAreCutWithAMark() {
    var run = Run(.select, choices: [String(repeating: "界", count: 30)], columns: 12)
    run.send([])
    #expect(run.lines[1] == "❯ 界界界界…")
  }

  @Test func plainAnswersAreParsedOrRefused() throws {
    let fruit = Self.fruit
    #expect(
      try ChoiceAnswer.parse(
        "YES", label: "Q", kind: .confirm(default: nil), choices: [], selected: []) == [1])
    #expect(
      try ChoiceAnswer.parse(
        "", label: "Q", kind: .confirm(default: false), choices: [], selected: []) == [0])
    #expect(throws: TerminalPromptError.refused(label: "Q", message: "answer y or n", value: "")) {
      try ChoiceAnswer.parse(
        "", label: "Q", kind: .confirm(default: nil), choices: [], selected: [])
    }
    #expect(
      try ChoiceAnswer.parse("2", label: "Pick", kind: .select, choices: fruit, selected: []) == [1]
    )
    #expect(
      try ChoiceAnswer.parse("banana", label: "Pick", kind: .select, choices: fruit, selected: [])
        == [1])
    #expect(
      throws: TerminalPromptError.refused(
        label: "Pick", message: "choose a number from 1 to 6", value: "9")
    ) {
      try ChoiceAnswer.parse("9", label: "Pick", kind: .select, choices: fruit, selected: [])
    }
    #expect(
      try ChoiceAnswer.parse(
        "3, 1 3", label: "Pick", kind: .multiSelect, choices: fruit, selected: []) == [0, 2])
    #expect(
      try ChoiceAnswer.parse("", label: "Pick", kind: .multiSelect, choices: fruit, selected: [4])
        == [4])
  }

  @Test func plainModeReadsANumberedAnswer() throws {
    let input = pipeHolding("2\ny\n1 3\n")
    defer { close(input) }
    let options = plainOptions(reading: input)
    #expect(try TerminalPrompt.select("Pick", choices: Self.fruit, options: options) == 1)
    #expect(try TerminalPrompt.confirm("Sure?", options: options) == true)
    #expect(
      try TerminalPrompt.multiSelect("Pick", choices: Self.fruit, options: options) == [0, 2])
    #expect(try TerminalPrompt.confirm("More?", options: options) == nil)
  }
}

import Foundation
import TextInputCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a key does in a choice prompt (`TerminalPrompt.confirm`,
/// `select`, `multiSelect`).
public enum TerminalChoiceCommand: Hashable, Sendable {
  /// Moves the highlight up one choice.
  case up
  /// Moves the highlight down one choice.
  case down
  /// Moves the highlight up one page of rows.
  case pageUp
  /// Moves the highlight down one page of rows.
  case pageDown
  /// Moves the highlight to the first choice.
  case first
  /// Moves the highlight to the last choice.
  case last
  /// Checks or unchecks the highlighted choice (`multiSelect`).
  case toggle
  /// Checks every shown choice, or unchecks them all when all are checked
  /// (`multiSelect`).
  case toggleAll
  /// Chooses: the highlighted choice (`select`), the checked ones
  /// (`multiSelect`), the default answer (`confirm`).
  case submit
  /// Answers yes (`confirm`).
  case yes
  /// Answers no (`confirm`).
  case no
  /// Deletes the filter's last character.
  case deleteFilterBackward
  /// Clears the filter.
  case clearFilter
  /// Cancels (Ctrl-C), as in a text prompt.
  case cancel
  /// End of input (Ctrl-D).
  case endOfInput
  /// Suspends the program (Ctrl-Z).
  case suspend

  /// A short description for tables and help lines.
  public var summary: String {
    switch self {
    case .up: return "highlight the choice above"
    case .down: return "highlight the choice below"
    case .pageUp: return "highlight a page up"
    case .pageDown: return "highlight a page down"
    case .first: return "highlight the first choice"
    case .last: return "highlight the last choice"
    case .toggle: return "check or uncheck the highlighted choice"
    case .toggleAll: return "check all shown choices, or uncheck all"
    case .submit: return "choose"
    case .yes: return "answer yes"
    case .no: return "answer no"
    case .deleteFilterBackward: return "delete the filter's last character"
    case .clearFilter: return "clear the filter"
    case .cancel: return "cancel"
    case .endOfInput: return "end of input"
    case .suspend: return "suspend the program (fg resumes it)"
    }
  }
}

/// A choice prompt's keys, as data: a table from `TerminalKeyChord` to
/// `TerminalChoiceCommand`. In `select` and `multiSelect`, typed text that
/// is not bound filters the choices; in `confirm`, `y` and `n` (either
/// case) are bound.
///
/// ```swift
/// var keys = TerminalChoiceKeyMap.select
/// keys[.control("j")] = .down
/// ```
public struct TerminalChoiceKeyMap: Hashable, Sendable {
  /// The bindings.
  public var bindings: [TerminalKeyChord: TerminalChoiceCommand]

  /// A map of `bindings`.
  public init(_ bindings: [TerminalKeyChord: TerminalChoiceCommand] = [:]) {
    self.bindings = bindings
  }

  /// The command bound to `chord`; Meta is looked up as Alt.
  ///
  /// - Complexity: O(1).
  public subscript(chord: TerminalKeyChord) -> TerminalChoiceCommand? {
    get { bindings[chord] ?? chord.metaAsAlt.flatMap { bindings[$0] } }
    set { bindings[chord] = newValue }
  }

  /// The keys every choice prompt shares: Ctrl-C, Ctrl-D, Ctrl-Z, Enter.
  static let shared: [TerminalKeyChord: TerminalChoiceCommand] = [
    .control("c"): .cancel,
    .control("d"): .endOfInput,
    .control("z"): .suspend,
    TerminalKeyChord(.enter): .submit,
    .control("j"): .submit,
  ]

  /// `select`'s keys: ↑ / ↓ and Ctrl-P / Ctrl-N move, PageUp / PageDown a
  /// page, Home / End (and Alt-< / Alt->) to the ends, Enter chooses,
  /// Backspace and Ctrl-U edit the filter.
  public static let select = TerminalChoiceKeyMap(
    shared.merging(
      [
        TerminalKeyChord(.up): .up, TerminalKeyChord(.down): .down,
        .control("p"): .up, .control("n"): .down,
        TerminalKeyChord(.pageUp): .pageUp, TerminalKeyChord(.pageDown): .pageDown,
        TerminalKeyChord(.home): .first, TerminalKeyChord(.end): .last,
        .alt("<"): .first, .alt(">"): .last,
        TerminalKeyChord(.backspace): .deleteFilterBackward,
        .control("h"): .deleteFilterBackward, .control("u"): .clearFilter,
      ], uniquingKeysWith: { first, _ in first }))

  /// `multiSelect`'s keys: `select`'s, with Space (and Tab) checking the
  /// highlighted choice and Ctrl-A checking all.
  public static let multiSelect: TerminalChoiceKeyMap = {
    var map = select
    map[TerminalKeyChord(.character(" "))] = .toggle
    map[TerminalKeyChord(.tab)] = .toggle
    map[.control("a")] = .toggleAll
    return map
  }()

  /// `confirm`'s keys: y / Y yes, n / N no, Enter the default.
  public static let confirm: TerminalChoiceKeyMap = {
    var map = TerminalChoiceKeyMap(shared)
    for (character, command) in [("y", TerminalChoiceCommand.yes), ("n", .no)] {
      map[TerminalKeyChord(.character(Character(character)))] = command
      map[TerminalKeyChord(.character(Character(character.uppercased())))] = command
    }
    return map
  }()
}

/// The kind of a choice prompt.
enum ChoiceKind: Hashable, Sendable {
  case confirm(default: Bool?)
  case select
  case multiSelect

  /// A confirm's `y/n`, the default's letter upper case (`y/N`); nil for
  /// the other kinds.
  var answers: String? {
    guard case .confirm(let answer) = self else { return nil }
    return "\(answer == true ? "Y" : "y")/\(answer == false ? "N" : "n")"
  }
}

/// One choice prompt as a step machine, as `PromptMachine` is for text:
/// events in, bytes out. Holds the filter, the highlight, the scroll and
/// the checked choices; draws them with `TerminalInlineRenderer`.
///
/// Its answer is the choices' indices: one for `select`, the checked ones in
/// order for `multiSelect`, `[1]` for yes and `[0]` for no in `confirm`.
struct ChoiceMachine: InteractivePrompt {
  typealias Step = PromptStep<[Int]>
  typealias Ending = PromptEnding<[Int]>

  let label: String
  let kind: ChoiceKind
  let choices: [String]
  let keyMap: TerminalChoiceKeyMap
  let theme: TerminalTheme
  let profile: TerminalWidthProfile
  /// The most choice rows shown at once.
  let rows: Int
  private(set) var columns: Int
  /// The filter typed so far.
  private(set) var filter = ""
  /// The indices of `choices` that match the filter, in order.
  private(set) var shown: [Int]
  /// The highlighted position in `shown`.
  private(set) var highlighted = 0
  /// The first position of `shown` drawn.
  private(set) var top = 0
  /// The checked choices (`multiSelect`).
  private(set) var checked: Set<Int>
  /// A message under the list (a refused Enter in `confirm`).
  private(set) var message: String?
  private var inline = TerminalInlineRenderer()
  private var leftForSuspend = false
  /// The position in `shown` a left press went down on, until its release.
  private var pressed: Int?
  /// The screen row of the region's top (0-based), when known: clicks map
  /// through it.
  var regionTop: Int?
  /// The terminal's rows, for where the region is after it scrolled.
  var screenRows: Int?

  init(
    label: String, kind: ChoiceKind, choices: [String], selected: Set<Int> = [],
    highlighted: Int = 0, keyMap: TerminalChoiceKeyMap? = nil, theme: TerminalTheme = .standard,
    profile: TerminalWidthProfile = .graphemeClusters, rows: Int = 7, columns: Int
  ) {
    self.label = label
    self.kind = kind
    self.choices = choices
    switch kind {
    case .confirm: self.keyMap = keyMap ?? .confirm
    case .select: self.keyMap = keyMap ?? .select
    case .multiSelect: self.keyMap = keyMap ?? .multiSelect
    }
    self.theme = theme
    self.profile = profile
    self.rows = max(rows, 1)
    self.columns = max(columns, 4)
    shown = Array(choices.indices)
    checked = selected.filter { choices.indices.contains($0) }
    self.highlighted = min(max(highlighted, 0), max(choices.count - 1, 0))
    scrollToHighlight()
  }

  // MARK: Events

  mutating func start() -> String { inline.update(to: frame()) }

  mutating func redraw() -> String { inline.update(to: frame()) }

  mutating func inputEnded() -> String {
    inline.update(to: finalFrame(nil)) + inline.finish()
  }

  mutating func locate(row: Int?, screenRows: Int?) {
    regionTop = row
    self.screenRows = screenRows
  }

  /// Applies `events` up to one that ends or suspends the prompt.
  ///
  /// - Complexity: O(c · f) per filter change, in the choices' and the
  ///   filter's clusters; O(1) per move; plus one frame's drawing.
  mutating func handle(_ events: [TerminalEvent], at time: Double = 0) -> Step {
    var step = Step()
    for (index, event) in events.enumerated() {
      let rest = Array(events[(index + 1)...])
      var command: TerminalChoiceCommand?
      switch event {
      case .resize(_, let columns):
        self.columns = max(columns, 4)
        inline.resize(columns: columns)
      case .resumed:
        if leftForSuspend { leftForSuspend = false } else { inline = TerminalInlineRenderer() }
      case .key(let key, let modifiers):
        command = keyMap[TerminalKeyChord(key, modifiers)]
      case .text(let text):
        // A bound character (y, n, Space) is its command; the rest filters.
        for character in text {
          if let bound = keyMap[TerminalKeyChord(.character(character))] {
            if let ending = perform(bound, step: &step, rest: rest) { return ending }
          } else if !isConfirm {
            setFilter(filter + String(character))
          }
        }
      case .paste(let text):
        if !isConfirm { setFilter(filter + text) }
      case .mouse(let mouse):
        if let chosen = click(mouse), let ending = chosen ? submitStep(rest: rest) : nil {
          return ending
        }
      default:
        break
      }
      if let command, let ending = perform(command, step: &step, rest: rest) { return ending }
    }
    step.bytes += inline.update(to: frame())
    return step
  }

  /// The rows the list takes while choosing: the shown choices (or the
  /// "no match" line), at most `rows`.
  private var listRows: Int { min(rows, max(shown.count, 1)) }

  private var isConfirm: Bool {
    if case .confirm = kind { return true }
    return false
  }

  /// Performs `command`; a step when it ends or suspends the prompt.
  private mutating func perform(
    _ command: TerminalChoiceCommand, step: inout Step, rest: [TerminalEvent]
  ) -> Step? {
    message = nil
    switch command {
    case .up: move(by: -1)
    case .down: move(by: 1)
    case .pageUp: move(by: -rows)
    case .pageDown: move(by: rows)
    case .first: move(by: -shown.count)
    case .last: move(by: shown.count)
    case .toggle:
      guard case .multiSelect = kind, shown.indices.contains(highlighted) else { break }
      let choice = shown[highlighted]
      if checked.remove(choice) == nil { checked.insert(choice) }
    case .toggleAll:
      guard case .multiSelect = kind else { break }
      if shown.allSatisfy(checked.contains) {
        checked.subtract(shown)
      } else {
        checked.formUnion(shown)
      }
    case .yes, .no:
      guard isConfirm else { break }
      return end(.answered([command == .yes ? 1 : 0]), step: step, rest: rest)
    case .submit:
      return submitStep(rest: rest, step: step)
    case .deleteFilterBackward:
      if !filter.isEmpty { setFilter(String(filter.dropLast())) }
    case .clearFilter:
      setFilter("")
    case .cancel:
      return end(.cancelled, step: step, rest: rest)
    case .endOfInput:
      return end(.endOfInput, step: step, rest: rest)
    case .suspend:
      var out = step
      out.bytes += inline.update(to: frame()) + inline.finish()
      out.suspends = true
      out.rest = rest
      leftForSuspend = true
      return out
    }
    return nil
  }

  /// Submits what is chosen now, or shows why it cannot.
  private mutating func submitStep(rest: [TerminalEvent], step: Step = Step()) -> Step? {
    switch kind {
    case .confirm(let answer):
      guard let answer else {
        message = "answer y or n"
        return nil
      }
      return end(.answered([answer ? 1 : 0]), step: step, rest: rest)
    case .select:
      guard shown.indices.contains(highlighted) else {
        message = "nothing matches"
        return nil
      }
      return end(.answered([shown[highlighted]]), step: step, rest: rest)
    case .multiSelect:
      return end(.answered(checked.sorted()), step: step, rest: rest)
    }
  }

  private mutating func end(_ ending: Ending, step: Step, rest: [TerminalEvent]) -> Step {
    var out = step
    out.bytes += inline.update(to: finalFrame(ending)) + inline.finish()
    out.ending = ending
    out.rest = rest
    return out
  }

  private mutating func move(by delta: Int) {
    guard !shown.isEmpty else { return }
    highlighted = min(max(highlighted + delta, 0), shown.count - 1)
    scrollToHighlight()
  }

  private mutating func scrollToHighlight() {
    if highlighted < top { top = highlighted }
    if highlighted >= top + rows { top = highlighted - rows + 1 }
    top = max(0, min(top, max(shown.count - rows, 0)))
  }

  /// Sets the filter: the shown choices are those that contain it, by
  /// grapheme cluster, case folded; the highlight stays on its choice if
  /// it is still shown.
  private mutating func setFilter(_ text: String) {
    let current = shown.indices.contains(highlighted) ? shown[highlighted] : nil
    filter = text
    shown = choices.indices.filter { Self.matches(choices[$0], filter: text) }
    highlighted = current.flatMap { shown.firstIndex(of: $0) } ?? 0
    top = 0
    scrollToHighlight()
  }

  /// Whether `choice` contains `filter`, cluster by cluster, case folded.
  ///
  /// - Complexity: O(c · f) in the clusters of both.
  static func matches(_ choice: String, filter: String) -> Bool {
    guard !filter.isEmpty else { return true }
    let haystack = Array(choice.lowercased())
    let needle = Array(filter.lowercased())
    guard needle.count <= haystack.count else { return false }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
      return true
    }
    return false
  }

  /// A click: a press on a choice's row highlights it; the release on the
  /// same row chooses it (select) or checks it (multiSelect), so that no
  /// release is left for the shell after the prompt. True when it chooses.
  private mutating func click(_ event: TerminalMouseEvent) -> Bool? {
    guard event.button == .left || event.kind == .release, !isConfirm, let regionTop else {
      return nil
    }
    let frameRows = 1 + listRows + 1
    var topRow = regionTop
    if let screenRows { topRow = min(topRow, max(screenRows - frameRows, 0)) }
    let listRow = event.row - 1 - topRow - 1
    guard listRow >= 0, listRow < min(rows, shown.count - top) else {
      pressed = nil
      return nil
    }
    switch event.kind {
    case .press:
      highlighted = top + listRow
      pressed = highlighted
      return false
    case .release:
      defer { pressed = nil }
      guard pressed == top + listRow else { return false }
      if case .multiSelect = kind {
        let choice = shown[top + listRow]
        if checked.remove(choice) == nil { checked.insert(choice) }
        return false
      }
      return true
    default:
      return nil
    }
  }

  // MARK: Drawing

  /// The final frame: the label and the answer (nothing after the label
  /// when the prompt ended without one).
  func finalFrame(_ ending: Ending?) -> TerminalScreen {
    frame(isFinal: true, ending: ending)
  }

  /// The frame while choosing: the label and the filter, the shown choices
  /// and a status line.
  func frame() -> TerminalScreen {
    frame(isFinal: false, ending: nil)
  }

  private func frame(isFinal: Bool, ending: Ending?) -> TerminalScreen {
    var labelStyle = theme.text
    labelStyle.bold = true
    var dim = theme.text
    theme.placeholder.apply(to: &dim)
    let head = kind.answers.map { "\(label) (\($0)) " } ?? "\(label): "
    let listRows = isFinal || isConfirm ? 0 : self.listRows
    let statusRows = isFinal ? 0 : (isConfirm ? (message == nil ? 0 : 1) : 1)
    var screen = TerminalScreen(columns: columns, rows: 1 + listRows + statusRows)
    var column = screen.write(
      VisibleControls.visible(head), row: 0, column: 0, style: labelStyle, profile: profile)
    if isFinal {
      if case .answered(let indices)? = ending {
        let answer: String
        if isConfirm {
          answer = indices == [1] ? "yes" : "no"
        } else {
          answer = indices.map { choices[$0] }.joined(separator: ", ")
        }
        screen.write(
          VisibleControls.visible(answer), row: 0, column: column, style: theme.text,
          profile: profile)
      }
      return screen
    }
    if !isConfirm {
      if filter.isEmpty {
        screen.write("type to filter", row: 0, column: column, style: dim, profile: profile)
      } else {
        column = screen.write(
          VisibleControls.visible(filter), row: 0, column: column, style: theme.text,
          profile: profile)
      }
    }
    screen.cursor = TerminalPosition(row: 0, column: min(column, columns - 1))
    guard !isConfirm else {
      if let message { screen.write(message, row: 1, column: 0, style: dim, profile: profile) }
      return screen
    }
    if shown.isEmpty {
      screen.write("  (no match)", row: 1, column: 0, style: dim, profile: profile)
    }
    for row in 0..<listRows where top + row < shown.count {
      let position = top + row
      let choice = shown[position]
      let isHighlighted = position == highlighted
      var style = theme.text
      if isHighlighted { style.bold = true }
      var text = isHighlighted ? "❯ " : "  "
      if case .multiSelect = kind { text += checked.contains(choice) ? "[x] " : "[ ] " }
      let start = screen.write(text, row: 1 + row, column: 0, style: style, profile: profile)
      let name = VisibleControls.visible(choices[choice])
      let end = screen.write(
        name, row: 1 + row, column: start, style: style, profile: profile,
        maximumColumn: columns - 1)
      if end < start + profile.width(in: name) {
        screen.write("…", row: 1 + row, column: end, style: dim, profile: profile)
      }
    }
    var status = "\(shown.isEmpty ? 0 : highlighted + 1)/\(shown.count)"
    if shown.count != choices.count { status += " of \(choices.count)" }
    if case .multiSelect = kind { status += " · \(checked.count) checked · Space checks" }
    if let message { status += " · \(message)" }
    screen.write(status, row: 1 + listRows, column: 0, style: dim, profile: profile)
    return screen
  }
}

extension TerminalPrompt {
  /// Asks a yes-or-no question inline: `Delete it? (y/N) `. `y` or `n`
  /// answers at once (either case); Enter takes `defaultAnswer`, and is
  /// refused without one. Ctrl-C, Ctrl-D and Ctrl-Z work as in `readLine`.
  ///
  /// In plain mode it reads a line: `y`, `yes`, `n` or `no` (any case), an
  /// empty line for the default.
  ///
  /// ```swift
  /// if try TerminalPrompt.confirm("Delete the file?", defaultAnswer: false) == true {
  ///   // delete it
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - question: The question, drawn before `(y/n)`; the default's letter
  ///     is upper case.
  ///   - defaultAnswer: What Enter (or an empty line) answers; nil for none.
  ///   - keyMap: The keys; nil for `TerminalChoiceKeyMap.confirm`.
  ///   - options: The terminal, widths and theme, as for `readLine`.
  /// - Returns: the answer, or nil at end of input.
  /// - Throws: `TerminalPromptError`.
  public static func confirm(
    _ question: String, defaultAnswer: Bool? = nil, keyMap: TerminalChoiceKeyMap? = nil,
    options: TerminalPromptOptions = TerminalPromptOptions()
  ) throws(TerminalPromptError) -> Bool? {
    let chosen = try choose(
      question, kind: .confirm(default: defaultAnswer), choices: [], selected: [], keyMap: keyMap,
      options: options)
    return chosen.map { $0 == [1] }
  }

  /// Asks for one of `choices`, inline: the label, then the choices under
  /// it (`options.choiceRows` at a time, scrolled), one highlighted. ↑ / ↓
  /// move, typing filters (by grapheme cluster, case folded), Enter or a
  /// click chooses. Ctrl-C, Ctrl-D and Ctrl-Z work as in `readLine`.
  ///
  /// In plain mode the choices are listed, numbered, on standard error (a
  /// terminal), and a line is read: a number, or a choice's text.
  ///
  /// ```swift
  /// let colours = ["red", "green", "blue"]
  /// if let index = try TerminalPrompt.select("Colour", choices: colours) {
  ///   print(colours[index])
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - label: The label, drawn before the filter.
  ///   - choices: The choices, drawn with their controls made visible.
  ///   - highlighted: The index highlighted first.
  ///   - keyMap: The keys; nil for `TerminalChoiceKeyMap.select`.
  ///   - options: The terminal, widths and theme, as for `readLine`.
  /// - Returns: the index in `choices` chosen, or nil at end of input (or
  ///   with no choices).
  /// - Throws: `TerminalPromptError`.
  public static func select(
    _ label: String, choices: [String], highlighted: Int = 0, keyMap: TerminalChoiceKeyMap? = nil,
    options: TerminalPromptOptions = TerminalPromptOptions()
  ) throws(TerminalPromptError) -> Int? {
    guard !choices.isEmpty else { return nil }
    return try choose(
      label, kind: .select, choices: choices, selected: [], highlighted: highlighted,
      keyMap: keyMap, options: options)?.first
  }

  /// Asks for any number of `choices`, inline, as `select` does: Space (or
  /// Tab, or a click) checks the highlighted one, Ctrl-A checks all shown,
  /// Enter submits the checked ones.
  ///
  /// In plain mode the choices are listed, numbered, on standard error (a
  /// terminal), and a line is read: numbers separated by spaces or commas;
  /// an empty line keeps `selected`.
  ///
  /// - Parameters:
  ///   - label: The label, drawn before the filter.
  ///   - choices: The choices.
  ///   - selected: The indices checked first.
  ///   - keyMap: The keys; nil for `TerminalChoiceKeyMap.multiSelect`.
  ///   - options: The terminal, widths and theme, as for `readLine`.
  /// - Returns: the indices checked, in increasing order, or nil at end of
  ///   input.
  /// - Throws: `TerminalPromptError`.
  public static func multiSelect(
    _ label: String, choices: [String], selected: Set<Int> = [],
    keyMap: TerminalChoiceKeyMap? = nil,
    options: TerminalPromptOptions = TerminalPromptOptions()
  ) throws(TerminalPromptError) -> [Int]? {
    try choose(
      label, kind: .multiSelect, choices: choices, selected: selected, keyMap: keyMap,
      options: options)
  }

  // MARK: Choice prompts, both modes

  static func choose(
    _ label: String, kind: ChoiceKind, choices: [String], selected: Set<Int>,
    highlighted: Int = 0, keyMap: TerminalChoiceKeyMap?, options: TerminalPromptOptions
  ) throws(TerminalPromptError) -> [Int]? {
    guard let channel = interactiveChannel(options) else {
      return try choosePlain(
        label, kind: kind, choices: choices, selected: selected, options: options)
    }
    defer { channel.close() }
    return try runInteractive(options: options, channel: channel, mouse: true) {
      profile, columns in
      ChoiceMachine(
        label: label, kind: kind, choices: choices, selected: selected, highlighted: highlighted,
        keyMap: keyMap, theme: options.theme, profile: profile, rows: options.choiceRows,
        columns: columns)
    }
  }

  /// Plain mode: the question or the numbered list on standard error (a
  /// terminal), then one line read and parsed.
  static func choosePlain(
    _ label: String, kind: ChoiceKind, choices: [String], selected: Set<Int>,
    options: TerminalPromptOptions
  ) throws(TerminalPromptError) -> [Int]? {
    let typed = isatty(options.input) != 0
    if let messages = options.plainMessages, isatty(messages) != 0 {
      var text = ""
      switch kind {
      case .confirm:
        text = "\(label) (\(kind.answers ?? ""))"
      case .select, .multiSelect:
        text = "\(label):\n"
        for (index, choice) in choices.enumerated() {
          let mark = kind == .multiSelect ? (selected.contains(index) ? "[x] " : "[ ] ") : ""
          text += "  \(index + 1)) \(mark)\(choice)\n"
        }
        text +=
          kind == .multiSelect
          ? "Numbers (1-\(choices.count), separated by spaces):" : "Number (1-\(choices.count)):"
      }
      PlainInput.write(VisibleControls.visible(text) + (typed ? " " : "\n"), to: messages)
    }
    guard let raw = PlainInput.line(from: options.input) else { return nil }
    let line = TerminalInputDecoder.pasteText(raw).trimmingCharacters(in: .whitespaces)
    return try ChoiceAnswer.parse(
      line, label: label, kind: kind, choices: choices, selected: selected)
  }
}

/// How plain mode reads a choice prompt's answer line.
enum ChoiceAnswer {
  /// The indices `line` answers, or a refusal that names the value and
  /// what was expected.
  static func parse(
    _ line: String, label: String, kind: ChoiceKind, choices: [String], selected: Set<Int>
  ) throws(TerminalPromptError) -> [Int] {
    switch kind {
    case .confirm(let answer):
      switch line.lowercased() {
      case "y", "yes": return [1]
      case "n", "no": return [0]
      case "" where answer != nil: return [answer == true ? 1 : 0]
      default: throw .refused(label: label, message: "answer y or n", value: line)
      }
    case .select:
      if let number = Int(line), choices.indices.contains(number - 1) { return [number - 1] }
      if let index = choices.firstIndex(where: { $0.lowercased() == line.lowercased() }) {
        return [index]
      }
      throw .refused(
        label: label, message: "choose a number from 1 to \(choices.count)", value: line)
    case .multiSelect:
      if line.isEmpty { return selected.sorted() }
      var out = Set<Int>()
      for part in line.split(whereSeparator: { $0 == " " || $0 == "," }) {
        guard let number = Int(part), choices.indices.contains(number - 1) else {
          throw .refused(
            label: label, message: "choose numbers from 1 to \(choices.count)", value: line)
        }
        out.insert(number - 1)
      }
      return out.sorted()
    }
  }
}

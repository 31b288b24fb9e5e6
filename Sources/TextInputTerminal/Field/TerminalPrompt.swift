import Foundation
public import TextInputCore
import TextMetrics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a prompt gave no text.
public enum TerminalPromptError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The user pressed Ctrl-C, and the program handles (or ignores)
  /// SIGINT, or asked for an error (`TerminalPromptOptions.Interruption`).
  /// The terminal was restored first; a program that ends on it exits with
  /// `interruptedExitStatus` (130), as after SIGINT.
  case interrupted
  /// In plain mode, the line read was refused by a `FieldStatus` (a
  /// validation message, a length over the limit): the field's label, the
  /// message, and the value (nil when the field masks it, as a password
  /// field does). Its description is `Name: Required`.
  case refused(label: String, message: String, value: String?)
  /// The terminal could not be set up (see `TerminalSessionError`).
  case terminal(TerminalSessionError)

  /// The exit status of a program that ends on `interrupted`: 128 + SIGINT.
  public static let interruptedExitStatus: Int32 = 130

  public var description: String {
    switch self {
    case .interrupted:
      return "interrupted (Ctrl-C)"
    case .refused(let label, let message, let value):
      let shown = "\(VisibleControls.visible(label)): \(VisibleControls.visible(message))"
      guard let value, !value.isEmpty else { return shown }
      return "\(shown) (got \"\(VisibleControls.visible(value))\")"
    case .terminal(let error):
      return "cannot use the terminal: \(error)"
    }
  }
}

/// How a prompt runs: its terminal, its widths, its keys.
public struct TerminalPromptOptions: Sendable {
  /// What Ctrl-C does.
  public enum Interruption: Hashable, Sendable {
    /// As Ctrl-C does in any terminal program (the default): the terminal
    /// is put back, then SIGINT is raised. A program that does not handle
    /// SIGINT ends there, with status 130 and no backtrace; one that
    /// handles (or ignores) it has its handler run, then the call throws
    /// `TerminalPromptError.interrupted`.
    case signal
    /// The terminal is put back and the call throws
    /// `TerminalPromptError.interrupted`; no signal is raised.
    case error
  }

  /// The file descriptor keys (or, in plain mode, lines) are read from
  /// (default 0, standard input).
  public var input: Int32 = 0
  /// The file descriptor the field is drawn on; nil (the default) for the
  /// terminal `input` is: standard output or standard error when either is
  /// that terminal, else that terminal opened by its name (`ttyname`). So a
  /// prompt draws on the terminal whatever standard output is (`$(…)`,
  /// `> file`, `| jq`), and the value goes only to the caller.
  public var output: Int32?
  /// How clusters are measured; nil (the default) to ask the terminal which
  /// it is and how it draws (`TerminalSession.identify`, once per process,
  /// at most `probeTimeoutMilliseconds`; mode 2027 turned on where it is
  /// settable).
  public var profile: TerminalWidthProfile?
  /// The longest the probe waits for a terminal's answers, in milliseconds
  /// (default 300).
  public var probeTimeoutMilliseconds = 300
  /// Plain mode: true to read plain lines, false to draw a field, nil (the
  /// default) to decide by
  /// `TerminalPrompt.usesPlainMode(input:output:environment:)`.
  public var plain: Bool?
  /// The keys; nil (the default) for the field kind's
  /// (`TerminalKeyMap.singleLine`, `.multiLine`).
  public var keyMap: TerminalKeyMap?
  /// The colours and attributes (default `TerminalTheme.standard`).
  public var theme: TerminalTheme = .standard
  /// A multi-line field's rows: it grows from the first to the second
  /// (default 3...10).
  public var multiLineRows: ClosedRange<Int> = 3...10
  /// What Ctrl-C does (default `Interruption.signal`).
  public var interruption: Interruption = .signal
  /// The entries ↑ / ↓ recall and Ctrl-R searches; a submitted text is
  /// added to it (in plain mode too). Default nil: no history.
  public var history: (any TextHistory)?
  /// What is offered as dim ghost text after the caret (→ accepts it);
  /// default nil. `HistoryHinter(history)` offers the newest entry that
  /// starts with the text, as fish does.
  public var hinter: (any Hinter)?
  /// What Tab completes from (a second Tab opens a menu); default nil.
  public var completer: (any Completer)?
  /// Which ranges of the text are drawn in which role; default nil.
  public var highlighter: (any Highlighter)?
  /// The most rows the completion menu takes (default 8); it scrolls.
  public var menuRows = 8
  /// Where plain mode writes its labels (only when it is a terminal: someone
  /// is typing) and its notices (a value cut by a limit); nil writes
  /// nothing. Default 2, standard error.
  public var plainMessages: Int32? = 2
  /// The most choices `select` and `multiSelect` show at once (default 7);
  /// the list scrolls.
  public var choiceRows = 7
  /// Called when the user opens a link (Ctrl-O at the caret); the field's
  /// links are also written as OSC 8 hyperlinks, which a terminal opens
  /// itself. Default nil.
  public var onLinkOpened: (@Sendable (String) -> Void)?

  /// The defaults: keys from standard input, drawn on its terminal, widths
  /// asked of the terminal.
  public init() {}
}

/// Asks for text in one call: a field drawn inline below what the terminal
/// shows (the shell's prompt and output stay), with the keys people expect
/// (`TerminalKeyMap`), any behaviours (a placeholder, a password mask, a
/// limit, validation, links), and the terminal put back as it was however
/// the call ends. When there is no terminal to draw on it reads plain lines
/// instead, with the same limit and validation.
///
/// ```swift
/// let name = try TerminalPrompt.readLine("Name")
/// ```
///
/// - **Where it talks**: keys come from standard input; the field is drawn
///   on that terminal (`TerminalPromptOptions.output`) whatever standard
///   output is, so `name=$(myprogram)`, `myprogram > out.json` and
///   `myprogram | jq` draw the field on the terminal and leave only what the
///   program prints on standard output.
/// - **Keys**: Enter submits a single-line field; a multi-line field's Enter
///   inserts a line break and Alt-Enter (or Esc, then Enter, at any pause)
///   submits. A submit is refused while a validation message or a limit says
///   no (its message shows under the field). Ctrl-C ends the program as in
///   any terminal program, with the terminal restored (see
///   `TerminalPromptOptions.Interruption`). Ctrl-D on an empty field is end
///   of input: the call returns nil. Ctrl-Z suspends the program; `fg` draws
///   the field again with its text.
/// - **On finish** the field's final rows stay on screen (a password
///   masked; nothing after the label when the text is empty, never the
///   placeholder), without its status line, and the cursor goes to the next
///   line.
/// - **Plain mode** (standard input not a terminal, no terminal to draw on,
///   `TERM=dumb`, or `TEXTINPUTKIT_PLAIN=1` for screen-reader users): no
///   escape sequence is written. Each label goes to standard error when that
///   is a terminal, on a line of its own when the input is not typed at a
///   terminal. `readLine` reads one line (LF or CR LF ends it; nil at end of
///   input); `readText` reads lines up to an empty line or the end of input
///   (its label says so). An empty answer takes `initialText`. While a
///   masked field (a password) reads from a terminal, the terminal's echo is
///   off, and it is turned on again however the read ends (Ctrl-C
///   included). Control characters but LF (and TAB) become U+FFFD, as in a
///   paste. The behaviours then see the text typed in: a limit cuts it (a
///   line on standard error says so), and a refusal throws
///   `TerminalPromptError.refused(label:message:value:)`.
public enum TerminalPrompt {
  /// The environment variable that, set to `1`, makes every prompt read
  /// plain lines: for screen readers and other line-based front ends.
  public static let plainModeVariable = "TEXTINPUTKIT_PLAIN"

  /// Reads one line of text in a single-line field labelled `label`.
  ///
  /// - Parameters:
  ///   - label: The label, drawn before the field (`Name: `).
  ///   - initialText: The text the field starts with, the caret at its end
  ///     (a default to edit); in plain mode, the answer to an empty line.
  ///   - behaviours: The editor behaviours, installed in order.
  ///   - options: The terminal, widths, keys and theme.
  /// - Returns: the text submitted, or nil at end of input (Ctrl-D on an
  ///   empty field, or no more input in plain mode).
  /// - Throws: `TerminalPromptError`.
  public static func readLine(
    _ label: String, initialText: String = "", behaviours: [any EditorBehaviour] = [],
    options: TerminalPromptOptions = TerminalPromptOptions()
  ) throws(TerminalPromptError) -> String? {
    try read(
      label, kind: .singleLine, initialText: initialText, behaviours: behaviours,
      options: options)
  }

  /// Reads text of any number of lines in a multi-line field labelled
  /// `label` (Enter: a line break; Alt-Enter, or Esc then Enter: submit).
  ///
  /// - Parameters:
  ///   - label: The label, drawn on a line of its own above the field.
  ///   - initialText: The text the field starts with, the caret at its end;
  ///     in plain mode, the answer to an empty first line.
  ///   - behaviours: The editor behaviours, installed in order.
  ///   - options: The terminal, widths, keys and theme.
  /// - Returns: the text submitted, or nil at end of input on an empty field.
  /// - Throws: `TerminalPromptError`.
  public static func readText(
    _ label: String, initialText: String = "", behaviours: [any EditorBehaviour] = [],
    options: TerminalPromptOptions = TerminalPromptOptions()
  ) throws(TerminalPromptError) -> String? {
    let rows = options.multiLineRows
    return try read(
      label, kind: .multiLine(minimumRows: rows.lowerBound, maximumRows: rows.upperBound),
      initialText: initialText, behaviours: behaviours, options: options)
  }

  /// Whether a prompt reads plain lines: when `TEXTINPUTKIT_PLAIN` is `1`,
  /// `TERM` is `dumb`, `input` is not a terminal, or there is no terminal
  /// to draw on (`output`, or with nil the terminal `input` is).
  /// `environment` nil (the default) is the process's.
  public static func usesPlainMode(
    input: Int32 = 0, output: Int32? = nil, environment: [String: String]? = nil
  ) -> Bool {
    let environment = environment ?? currentEnvironment()
    if environment[plainModeVariable] == "1" { return true }
    if environment["TERM"] == "dumb" { return true }
    guard let channel = PromptChannel.find(input: input, output: output) else { return true }
    channel.close()
    return false
  }

  /// The process's environment variables.
  static func currentEnvironment() -> [String: String] {
    var out: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let pair = String(cString: entry)
      if let equals = pair.firstIndex(of: "=") {
        out[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
      }
      pointer += 1
    }
    return out
  }

  // MARK: The two modes

  static func read(
    _ label: String, kind: TerminalTextField.Kind, initialText: String,
    behaviours: [any EditorBehaviour], options: TerminalPromptOptions
  ) throws(TerminalPromptError) -> String? {
    guard let channel = interactiveChannel(options) else {
      return try readPlain(
        label, kind: kind, initialText: initialText, behaviours: behaviours, options: options)
    }
    defer { channel.close() }
    return try runInteractive(options: options, channel: channel, mouse: false) {
      profile, columns in
      PromptMachine(
        label: label, kind: kind, initialText: initialText, behaviours: behaviours,
        options: options, profile: profile, columns: columns)
    }
  }

  /// The terminal to draw on, or nil for plain mode: plain when asked
  /// (`options.plain`, `TEXTINPUTKIT_PLAIN=1`, `TERM=dumb`) or when no
  /// terminal can be reached.
  static func interactiveChannel(_ options: TerminalPromptOptions) -> PromptChannel? {
    let environment = currentEnvironment()
    let asked =
      options.plain
      ?? (environment[plainModeVariable] == "1" || environment["TERM"] == "dumb")
    return asked ? nil : PromptChannel.find(input: options.input, output: options.output)
  }

  /// Whether `behaviours` draw the text otherwise than typed (a password
  /// mask): such a value is never echoed nor carried in an error.
  static func masks(_ behaviours: [any EditorBehaviour]) -> Bool {
    let editor = Editor(text: "a", behaviours: behaviours)
    return editor.isSecureTextEntry
      || !editor.state.isDrawnAsTyped(NSRange(location: 0, length: editor.state.utf16Count))
  }

  /// Plain mode: a line (or lines up to an empty one), through the behaviours.
  static func readPlain(
    _ label: String, kind: TerminalTextField.Kind, initialText: String,
    behaviours: [any EditorBehaviour], options: TerminalPromptOptions
  ) throws(TerminalPromptError) -> String? {
    let masked = masks(behaviours)
    let typed = isatty(options.input) != 0
    let speaks = options.plainMessages.map { isatty($0) != 0 } ?? false
    if speaks {
      let shown = VisibleControls.visible(label)
      let text =
        kind == .singleLine
        ? "\(shown):" + (typed ? " " : "\n") : "\(shown) (an empty line ends it):\n"
      PlainInput.write(text, to: options.plainMessages)
    }
    let raw: [UInt8]?
    if masked, typed {
      // A password typed at a terminal: echo off while it is read, and on
      // again however the read ends (the session's signal handlers).
      let session = TerminalSession(input: options.input, output: 2, inputMode: .echoOff)
      let echoOff = (try? session.start()) != nil
      raw = PlainInput.read(kind, from: options.input)
      if echoOff {
        session.stop()
        if speaks { PlainInput.write("\n", to: options.plainMessages) }
      }
    } else {
      raw = PlainInput.read(kind, from: options.input)
    }
    guard let raw else { return nil }
    // Decoded as a paste is: no control character but LF and TAB.
    let text = raw.isEmpty ? initialText : TerminalInputDecoder.pasteText(raw)
    var field = TerminalTextField(kind: kind, columns: 80, behaviours: behaviours)
    // A submitted answer joins the history, as in a terminal.
    field.history = options.history
    _ = field.handle(.paste(text))
    let given = Graphemes.count(in: text)
    let kept = Graphemes.count(in: field.editor.text)
    if kept < given {
      PlainInput.write(
        "\(VisibleControls.visible(label)): cut to \(kept) of \(given) characters\n",
        to: options.plainMessages)
    }
    switch field.perform(.submit) {
    case .submitted(let value)?:
      return value
    default:
      let message =
        field.editor.presentation.fieldStatuses.first { !$0.allowsSubmission }?.statusText
        ?? "refused"
      throw .refused(label: label, message: message, value: masked ? nil : field.editor.text)
    }
  }

  /// A prompt drawn inline on `channel` until it is answered, cancelled or
  /// ended: the terminal's I/O, raw mode and signals around the step
  /// machine `make` gives (from the widths and the terminal's columns).
  /// With `mouse`, mouse reporting is on and the machine is told the
  /// region's screen row (one cursor report).
  static func runInteractive<Machine: InteractivePrompt>(
    options: TerminalPromptOptions, channel: PromptChannel, mouse: Bool,
    make: (TerminalWidthProfile, Int) -> Machine
  ) throws(TerminalPromptError) -> Machine.Answer? {
    let session = TerminalSession(
      input: channel.input, output: channel.output,
      modes: TerminalModes(
        alternateScreen: false, bracketedPaste: true, mouse: mouse, focusEvents: false))
    do {
      try session.start()
    } catch {
      throw .terminal(error)
    }
    defer { session.stop() }
    // Keys typed after the last prompt's Enter, in the same read, are this one's.
    var pending = TypeAhead.take()
    let profile: TerminalWidthProfile
    if let given = options.profile {
      profile = given
    } else {
      let probed = ProbedProfile.profile(
        session: session, timeoutMilliseconds: options.probeTimeoutMilliseconds)
      profile = probed.profile
      pending += probed.otherEvents
    }
    var machine = make(profile, session.size()?.columns ?? 80)
    if mouse {
      // Where the region starts on the screen, for clicks: one cursor report.
      session.write("\u{1B}[6n")
      let deadline = ContinuousClock.now.advanced(
        by: .milliseconds(options.probeTimeoutMilliseconds))
      var row: Int?
      for event in session.answers(reports: 1, until: deadline) {
        if case .cursorPosition(let answer, _) = event, row == nil {
          row = answer - 1
        } else {
          pending.append(event)
        }
      }
      machine.locate(row: row, screenRows: session.size()?.rows)
    }
    let start = ContinuousClock.now
    func now() -> Double {
      let elapsed = ContinuousClock.now - start
      return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
    session.write(machine.start())
    while true {
      let events: [TerminalEvent]
      if pending.isEmpty {
        let wait: Int32 = machine.isHoldingPress ? 50 : -1
        guard let read = session.events(timeoutMilliseconds: wait) else {
          session.write(machine.inputEnded())
          return nil
        }
        // Text typed in one read is one edit.
        events = TerminalEvent.coalesced(read)
        if events.isEmpty {
          // A wait for a held press timed out: time passed. Otherwise the
          // read gave no event (the middle of a bracketed paste, which the
          // decoder keeps until a part is whole): nothing changed, and a
          // frame after each of a long paste's reads would draw the whole
          // text hundreds of times.
          if wait >= 0 { session.write(machine.tick(at: now())) }
          continue
        }
      } else {
        events = pending
        pending = []
      }
      let step = machine.handle(events, at: now())
      session.write(step.bytes)
      for uri in step.openedLinks { options.onLinkOpened?(uri) }
      if step.suspends {
        session.suspend()
        pending = step.rest
        machine.locate(row: nil, screenRows: nil)
        session.write(machine.redraw())
        continue
      }
      switch step.ending {
      case .answered(let answer)?:
        TypeAhead.keep(step.rest)
        return answer
      case .endOfInput?:
        TypeAhead.keep(step.rest)
        return nil
      case .cancelled?:
        session.stop()
        // The caller closes the channel once, whether or not SIGINT ends
        // the process here.
        if options.interruption == .signal { _ = raise(SIGINT) }
        throw .interrupted
      case nil:
        break
      }
    }
  }
}

/// How an interactive prompt ended.
enum PromptEnding<Answer: Hashable & Sendable>: Hashable, Sendable {
  /// The user answered (submitted the text, chose).
  case answered(Answer)
  /// Ctrl-C.
  case cancelled
  /// Ctrl-D on an empty field.
  case endOfInput
}

/// What one batch of events gave a prompt's step machine.
struct PromptStep<Answer: Hashable & Sendable>: Hashable, Sendable {
  /// The bytes to write to the terminal.
  var bytes = ""
  /// How the prompt ended, if it did.
  var ending: PromptEnding<Answer>?
  /// Whether the user asked to suspend (Ctrl-Z): `bytes` left the region
  /// with the cursor below it; after the stop, `redraw()` draws it again.
  var suspends = false
  /// The events after the one that ended or suspended the prompt (typed
  /// ahead, for the next prompt or after the stop).
  var rest: [TerminalEvent] = []
  /// The links the user opened, in order.
  var openedLinks: [String] = []
}

/// A prompt as a step machine: events in, bytes out, and how it ended. It
/// does no I/O; `TerminalPrompt.runInteractive` reads, writes and handles
/// signals around it.
protocol InteractivePrompt {
  associatedtype Answer: Hashable & Sendable
  /// Whether a press is held (the loop calls `tick(at:)` every ~50 ms).
  var isHoldingPress: Bool { get }
  /// The first frame's bytes.
  mutating func start() -> String
  /// The frame drawn again after a stop, in a new region where the cursor is.
  mutating func redraw() -> String
  /// The input ended: the final frame, the cursor below it.
  mutating func inputEnded() -> String
  /// Time passed with no input (`time` in seconds).
  mutating func tick(at time: Double) -> String
  /// Applies `events` in order, up to one that ends or suspends the prompt.
  mutating func handle(_ events: [TerminalEvent], at time: Double) -> PromptStep<Answer>
  /// The region's top row on the screen (0-based) and the screen's rows,
  /// or nil where unknown: for clicks.
  mutating func locate(row: Int?, screenRows: Int?)
}

extension InteractivePrompt {
  var isHoldingPress: Bool { false }
  mutating func tick(at time: Double) -> String { "" }
  mutating func locate(row: Int?, screenRows: Int?) {}
}

/// The terminal a prompt talks to: keys from `input`, drawing on `output`
/// (the same terminal), which it may have opened itself.
struct PromptChannel {
  let input: Int32
  let output: Int32
  /// Whether `output` was opened for the prompt (and is closed after it).
  let opened: Bool

  /// The channel for keys from `input`: `output` when given and a terminal;
  /// otherwise standard output or standard error when either is the same
  /// terminal as `input`, else that terminal opened by name. Nil when
  /// `input` is not a terminal or nothing can be drawn on.
  static func find(input: Int32, output: Int32?) -> PromptChannel? {
    guard isatty(input) != 0 else { return nil }
    if let output {
      return isatty(output) != 0 ? PromptChannel(input: input, output: output, opened: false) : nil
    }
    let device = Self.device(of: input)
    for candidate: Int32 in [1, 2]
    where isatty(candidate) != 0 && Self.device(of: candidate) == device {
      return PromptChannel(input: input, output: candidate, opened: false)
    }
    // The input's terminal by its own name. (Not `/dev/tty`: fstat gives
    // that node's device, not the terminal's, so it cannot be checked to be
    // the input's terminal.)
    guard let name = ttyname(input) else { return nil }
    let descriptor = open(name, O_WRONLY | O_NOCTTY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    if isatty(descriptor) != 0, Self.device(of: descriptor) == device {
      return PromptChannel(input: input, output: descriptor, opened: true)
    }
    _ = Glibc.close(descriptor)
    return nil
  }

  /// The device a descriptor is open on, or nil.
  static func device(of descriptor: Int32) -> UInt? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    return UInt(status.st_rdev)
  }

  /// Closes `output` if the prompt opened it. Call it once per channel: a
  /// second close could close a descriptor the program opened since.
  func close() {
    if opened { _ = Glibc.close(output) }
  }
}

/// One interactive prompt as a step machine: events in, bytes to write
/// out, and how it ended. It does no I/O, so every path (typing, submit,
/// refusal, Ctrl-C, Ctrl-D, Ctrl-Z, resize, type-ahead) is tested without a
/// terminal; `TerminalPrompt` reads, writes and handles signals around it.
struct PromptMachine: InteractivePrompt {
  typealias Step = PromptStep<String>

  private(set) var prompt: InlinePrompt
  private var inline = TerminalInlineRenderer()
  /// Whether the region was left for a suspend (the next `.resumed` is
  /// then already drawn for).
  private var leftForSuspend = false

  init(
    label: String, kind: TerminalTextField.Kind, initialText: String = "",
    behaviours: [any EditorBehaviour], options: TerminalPromptOptions,
    profile: TerminalWidthProfile, columns: Int
  ) {
    prompt = InlinePrompt(
      label: label, kind: kind, initialText: initialText, behaviours: behaviours,
      options: options, profile: profile, columns: columns)
  }

  /// Whether a press on a link is held (the loop calls `tick(at:)` every
  /// ~50 ms meanwhile).
  var isHoldingPress: Bool { prompt.field.isHoldingPress }

  /// The first frame's bytes.
  mutating func start() -> String {
    inline.update(to: prompt.frame())
  }

  /// Time passed with no input (`time` in seconds).
  mutating func tick(at time: Double) -> String {
    _ = prompt.field.tick(at: time)
    return inline.update(to: prompt.frame())
  }

  /// The input ended (the terminal closed): the final frame, the cursor
  /// below it.
  mutating func inputEnded() -> String {
    inline.update(to: prompt.frame(final: true)) + inline.finish()
  }

  /// The frame drawn again after a stop: in a new region where the cursor
  /// is (the shell printed below the old one).
  mutating func redraw() -> String {
    inline.update(to: prompt.frame())
  }

  /// Applies `events` in order, up to one that ends or suspends the
  /// prompt, and gives the bytes that show the result.
  ///
  /// - Complexity: each event's, plus one frame's drawing.
  mutating func handle(_ events: [TerminalEvent], at time: Double) -> Step {
    var step = Step()
    for (index, event) in events.enumerated() {
      let rest = Array(events[(index + 1)...])
      switch event {
      case .resize(_, let columns):
        prompt.resize(columns: columns)
        inline.resize(columns: columns)
        continue
      case .resumed:
        if leftForSuspend {
          leftForSuspend = false
        } else {
          // Stopped from outside (SIGTSTP): the shell wrote where the
          // region was; draw it again where the cursor is now.
          inline = TerminalInlineRenderer()
        }
        continue
      default:
        break
      }
      switch prompt.field.handle(event, at: time) {
      case .submitted(let text):
        step.bytes += finish()
        step.ending = .answered(text)
        step.rest = rest
        return step
      case .cancelled:
        step.bytes += finish()
        step.ending = .cancelled
        step.rest = rest
        return step
      case .endOfInput:
        step.bytes += finish()
        step.ending = .endOfInput
        step.rest = rest
        return step
      case .suspendRequested:
        step.bytes += inline.update(to: prompt.frame()) + inline.finish()
        step.suspends = true
        step.rest = rest
        leftForSuspend = true
        return step
      case .linkOpened(let uri):
        step.openedLinks.append(uri)
      case .redrawRequested:
        inline.invalidate()
      case .unchanged, .edited, .moved, .submissionRefused:
        break
      }
    }
    step.bytes += inline.update(to: prompt.frame())
    return step
  }

  /// The final frame and the cursor on the line below it.
  private mutating func finish() -> String {
    inline.update(to: prompt.frame(final: true)) + inline.finish()
  }
}

/// One prompt's frame: its label and its field, laid out in the terminal's
/// width.
struct InlinePrompt {
  let label: String
  let kind: TerminalTextField.Kind
  let theme: TerminalTheme
  let profile: TerminalWidthProfile
  var columns: Int
  var field: TerminalTextField

  init(
    label: String, kind: TerminalTextField.Kind, initialText: String = "",
    behaviours: [any EditorBehaviour], options: TerminalPromptOptions,
    profile: TerminalWidthProfile, columns: Int
  ) {
    self.label = label
    self.kind = kind
    self.theme = options.theme
    self.profile = profile
    self.columns = max(columns, 2)
    var field = TerminalTextField(
      kind: kind, text: initialText,
      columns: Self.fieldColumns(
        label: label, kind: kind, columns: columns,
        profile: profile),
      profile: profile, behaviours: behaviours, keyMap: options.keyMap)
    field.history = options.history
    field.hinter = options.hinter
    field.completer = options.completer
    field.highlighter = options.highlighter
    field.maximumMenuRows = options.menuRows
    self.field = field
  }

  /// The label as shown: `Name: ` before a single-line field; a line of its
  /// own, with how to submit, above a multi-line one.
  var labelText: String {
    kind == .singleLine ? "\(label): " : "\(label) (\(Self.submitHint(field.keyMap)) submits):"
  }

  /// The keys that submit a multi-line field, as its label names them:
  /// `Alt-Enter or Esc Enter` where Esc is the meta prefix (a terminal whose
  /// Alt key sends nothing still has Esc), else the chord bound to submit;
  /// `no key` for a key map without one.
  static func submitHint(_ keyMap: TerminalKeyMap) -> String {
    let chords = keyMap.bindings.filter { $0.value == .submit }.keys.sorted {
      $0.description < $1.description
    }
    guard let chord = chords.first(where: { $0.key == .enter }) ?? chords.first else {
      return "no key"
    }
    guard chord.modifiers == .alt, keyMap[TerminalKeyChord(.escape)] == nil else {
      return chord.description
    }
    var plain = chord
    plain.modifiers = []
    return "\(chord) or Esc \(plain)"
  }

  static func fieldColumns(
    label: String, kind: TerminalTextField.Kind, columns: Int, profile: TerminalWidthProfile
  ) -> Int {
    guard kind == .singleLine else { return max(columns, 1) }
    let labelWidth = profile.width(in: VisibleControls.visible("\(label): "))
    return max(columns - labelWidth, min(columns, 10), 1)
  }

  mutating func resize(columns: Int) {
    self.columns = max(columns, 2)
    field.resize(
      columns: Self.fieldColumns(label: label, kind: kind, columns: columns, profile: profile))
  }

  /// The frame: the label, the field and (while editing) its status line;
  /// `final` ends editing and leaves out the status line, the caret and a
  /// multi-line field's empty rows.
  mutating func frame(final: Bool = false) -> TerminalScreen {
    if final, field.editor.state.isEditing {
      field.modifyEditor { $0.endEditing() }
    }
    // Nothing entered: the final frame is the label alone, never a placeholder.
    let labelOnly = final && field.editor.state.isEmpty
    let labelRows = kind == .singleLine ? 0 : 1
    var screen = TerminalScreen(
      columns: columns, rows: labelOnly ? 1 : labelRows + field.height)
    var labelStyle = theme.text
    labelStyle.bold = true
    let after = screen.write(
      VisibleControls.visible(labelText), row: 0, column: 0, style: labelStyle, profile: profile)
    if labelOnly { return screen }
    let origin =
      kind == .singleLine
      ? TerminalPosition(row: 0, column: min(after, max(columns - field.columns, 0)))
      : TerminalPosition(row: 1, column: 0)
    field.draw(into: &screen, at: origin, theme: theme)
    guard final else { return screen }
    return Self.cut(screen, rows: labelRows + min(field.contentRows, field.textRows))
  }

  /// `screen`'s first `rows` rows, without a cursor.
  static func cut(_ screen: TerminalScreen, rows: Int) -> TerminalScreen {
    var out = TerminalScreen(columns: screen.columns, rows: rows)
    for row in 0..<min(rows, screen.rows) {
      for column in 0..<screen.columns where !screen[row, column].isContinuation {
        let cell = screen[row, column]
        out.put(
          cell.text, width: cell.width, row: row, column: column, style: cell.style,
          link: cell.link)
      }
    }
    return out
  }
}

/// Events read after the one that ended a prompt (typed ahead), for the
/// next prompt of the process.
enum TypeAhead {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var events: [TerminalEvent] = []

  static func keep(_ more: [TerminalEvent]) {
    lock.lock()
    defer { lock.unlock() }
    events += more
  }

  static func take() -> [TerminalEvent] {
    lock.lock()
    defer { lock.unlock() }
    defer { events = [] }
    return events
  }
}

/// The width profile found once per process (the terminal does not change):
/// `TerminalSession.identify` asked on the cursor's row, which is cleared
/// again; with mode 2027 turned on again for each later prompt when the
/// first one turned it on.
enum ProbedProfile {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var cached:
    (profile: TerminalWidthProfile, graphemeClusterMode: Bool)?

  /// The profile for `session` (started), and the events typed meanwhile.
  static func profile(session: TerminalSession, timeoutMilliseconds: Int)
    -> (profile: TerminalWidthProfile, otherEvents: [TerminalEvent])
  {
    lock.lock()
    defer { lock.unlock() }
    if let cached {
      if cached.graphemeClusterMode { session.turnOnGraphemeClusterMode() }
      return (cached.profile, [])
    }
    // Where the cursor is: the probe draws its clusters on that row.
    session.write("\u{1B}[6n")
    var events: [TerminalEvent] = []
    var row: Int?
    let deadline = ContinuousClock.now.advanced(by: .milliseconds(timeoutMilliseconds))
    for event in session.answers(reports: 1, until: deadline) {
      if case .cursorPosition(let answer, _) = event, row == nil {
        row = answer
      } else {
        events.append(event)
      }
    }
    guard let row else {
      // No answer: no probe (it would draw on a row it cannot find), the
      // terminal known by its environment, if at all.
      let known = KnownTerminal.fromEnvironment(TerminalPrompt.currentEnvironment())
      let profile = known.map(TerminalWidthProfile.init(terminal:)) ?? .graphemeClusters
      cached = (profile, false)
      return (profile, events)
    }
    let identification = session.identify(timeoutMilliseconds: timeoutMilliseconds, row: row)
    session.write("\r")
    cached = (identification.profile, session.turnedOnGraphemeClusterMode)
    return (identification.profile, events + identification.otherEvents)
  }
}

/// Plain mode's reading: whole lines, byte by byte, so that the next
/// prompt reads on from the next line.
enum PlainInput {
  /// A single-line field's line, or a multi-line field's lines up to an
  /// empty line or the end of input (joined with LF, the empty line
  /// dropped); nil at the end of input with nothing read.
  static func read(_ kind: TerminalTextField.Kind, from descriptor: Int32) -> [UInt8]? {
    guard kind != .singleLine else { return line(from: descriptor) }
    var lines: [[UInt8]] = []
    while true {
      guard let next = line(from: descriptor) else {
        if lines.isEmpty { return nil }
        break
      }
      if next.isEmpty { break }
      lines.append(next)
    }
    return Array(lines.joined(separator: [0x0A]))
  }

  /// Writes all of `text` to `descriptor`, if there is one.
  static func write(_ text: String, to descriptor: Int32?) {
    if let descriptor { TerminalSession.write(text, to: descriptor) }
  }

  /// The next line's bytes without its LF (and a CR before it), or nil at
  /// the end of input with nothing read.
  static func line(from descriptor: Int32) -> [UInt8]? {
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while true {
      let count = Glibc.read(descriptor, &byte, 1)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return bytes.isEmpty ? nil : bytes }
      if byte == 0x0A { break }
      bytes.append(byte)
    }
    if bytes.last == 0x0D { bytes.removeLast() }
    return bytes
  }
}

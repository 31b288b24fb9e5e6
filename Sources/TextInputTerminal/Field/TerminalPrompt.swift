import Foundation
public import TextInputCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a prompt gave no text.
public enum TerminalPromptError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The user pressed Ctrl-C. The terminal was restored first; a program
  /// ends with `interruptedExitStatus` (130), as after SIGINT.
  case interrupted
  /// In plain mode, the line read was refused by a `FieldStatus` (a
  /// validation message, a length over the limit): the message, and the
  /// value (nil when the field masks it, as a password field does).
  case refused(message: String, value: String?)
  /// The terminal could not be set up (see `TerminalSessionError`).
  case terminal(TerminalSessionError)

  /// The exit status of a program that ends on `interrupted`: 128 + SIGINT.
  public static let interruptedExitStatus: Int32 = 130

  public var description: String {
    switch self {
    case .interrupted:
      return "interrupted (Ctrl-C)"
    case .refused(let message, let value):
      let shown = VisibleControls.visible(message)
      guard let value else { return "the value was refused: \(shown)" }
      return "\"\(VisibleControls.visible(value))\" was refused: \(shown)"
    case .terminal(let error):
      return "cannot use the terminal: \(error)"
    }
  }
}

/// How a prompt runs: its terminal, its widths, its keys.
public struct TerminalPromptOptions: Sendable {
  /// The file descriptor keys (or, in plain mode, lines) are read from.
  public var input: Int32 = 0
  /// The file descriptor the field is drawn on.
  public var output: Int32 = 1
  /// How clusters are measured; nil to ask the terminal which it is and how
  /// it draws (`TerminalSession.identify`, once per process, at most
  /// `probeTimeoutMilliseconds`; mode 2027 turned on where it is settable).
  public var profile: TerminalWidthProfile?
  /// The longest the probe waits for a terminal's answers, in milliseconds.
  public var probeTimeoutMilliseconds = 300
  /// Plain mode: true to read plain lines, false to draw a field, nil to
  /// decide by `TerminalPrompt.usesPlainMode(input:output:environment:)`.
  public var plain: Bool?
  /// The keys; nil for the field kind's defaults.
  public var keyMap: TerminalKeyMap?
  /// The colours and attributes.
  public var theme: TerminalTheme = .standard
  /// A multi-line field's rows: it grows from the first to the second.
  public var multiLineRows: ClosedRange<Int> = 3...10
  /// Called when the user opens a link (Ctrl-O at the caret); the field's
  /// links are also written as OSC 8 hyperlinks, which a terminal opens
  /// itself.
  public var onLinkOpened: (@Sendable (String) -> Void)?

  /// The defaults: standard input and output, widths asked of the terminal.
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
/// - **Keys**: Enter submits a single-line field; a multi-line field's Enter
///   inserts a line break and Alt-Enter (Esc, then Enter) submits. A submit
///   is refused while a validation message or a limit says no (its message
///   shows under the field). Ctrl-C throws `TerminalPromptError.interrupted`
///   after the terminal is restored. Ctrl-D on an empty field is end of
///   input: the call returns nil.
/// - **On finish** the field's final rows stay on screen (a password
///   masked), without its status line, and the cursor goes to the next line.
/// - **Plain mode** (standard input or output not a terminal, `TERM=dumb`,
///   or `TEXTINPUTKIT_PLAIN=1` for screen-reader users): no escape sequence
///   is written. The label goes to standard error when that is a terminal
///   (someone is typing), else nowhere. `readLine` reads one line (LF or CR
///   LF ends it; nil at end of input), `readText` reads to the end of input
///   (one final line break dropped). Control characters but LF (and TAB)
///   become U+FFFD, as in a paste. The behaviours then see the text typed
///   in: a limit cuts it, and a refusal throws
///   `TerminalPromptError.refused(message:value:)`.
public enum TerminalPrompt {
  /// The environment variable that, set to `1`, makes every prompt read
  /// plain lines: for screen readers and other line-based front ends.
  public static let plainModeVariable = "TEXTINPUTKIT_PLAIN"

  /// Reads one line of text in a single-line field labelled `label`.
  ///
  /// - Returns: the text submitted, or nil at end of input (Ctrl-D on an
  ///   empty field, or no more input in plain mode).
  /// - Throws: `TerminalPromptError`.
  public static func readLine(
    _ label: String, behaviours: [any EditorBehaviour] = [],
    options: TerminalPromptOptions = TerminalPromptOptions()
  ) throws(TerminalPromptError) -> String? {
    try read(label, kind: .singleLine, behaviours: behaviours, options: options)
  }

  /// Reads text of any number of lines in a multi-line field labelled
  /// `label` (Enter: a line break; Alt-Enter: submit).
  ///
  /// - Returns: the text submitted, or nil at end of input on an empty field.
  /// - Throws: `TerminalPromptError`.
  public static func readText(
    _ label: String, behaviours: [any EditorBehaviour] = [],
    options: TerminalPromptOptions = TerminalPromptOptions()
  ) throws(TerminalPromptError) -> String? {
    let rows = options.multiLineRows
    return try read(
      label, kind: .multiLine(minimumRows: rows.lowerBound, maximumRows: rows.upperBound),
      behaviours: behaviours, options: options)
  }

  /// Whether a prompt reads plain lines: when `input` or `output` is not a
  /// terminal, `TERM` is `dumb`, or `TEXTINPUTKIT_PLAIN` is `1`.
  public static func usesPlainMode(
    input: Int32 = 0, output: Int32 = 1,
    environment: [String: String] = currentEnvironment()
  ) -> Bool {
    if environment[plainModeVariable] == "1" { return true }
    if environment["TERM"] == "dumb" { return true }
    return isatty(input) == 0 || isatty(output) == 0
  }

  /// The process's environment variables.
  public static func currentEnvironment() -> [String: String] {
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
    _ label: String, kind: TerminalTextField.Kind, behaviours: [any EditorBehaviour],
    options: TerminalPromptOptions
  ) throws(TerminalPromptError) -> String? {
    let plain =
      options.plain ?? usesPlainMode(input: options.input, output: options.output)
    if plain {
      return try readPlain(label, kind: kind, behaviours: behaviours, options: options)
    }
    return try readInteractive(label, kind: kind, behaviours: behaviours, options: options)
  }

  /// Plain mode: a line (or everything), through the behaviours.
  static func readPlain(
    _ label: String, kind: TerminalTextField.Kind, behaviours: [any EditorBehaviour],
    options: TerminalPromptOptions
  ) throws(TerminalPromptError) -> String? {
    if isatty(2) != 0 {
      let shown = VisibleControls.visible(label)
      var bytes = Array((kind == .singleLine ? "\(shown): " : "\(shown) (to end of input):\n").utf8)
      _ = Glibc.write(2, &bytes, bytes.count)
    }
    let raw: [UInt8]?
    switch kind {
    case .singleLine: raw = PlainInput.line(from: options.input)
    case .multiLine: raw = PlainInput.all(from: options.input)
    }
    guard let raw else { return nil }
    // Decoded as a paste is: no control character but LF and TAB.
    let text = TerminalInputDecoder.pasteText(raw)
    var field = TerminalTextField(kind: kind, columns: 80, behaviours: behaviours)
    _ = field.handle(.paste(text))
    switch field.perform(.submit) {
    case .submitted(let value)?:
      return value
    default:
      let state = field.editor.state
      let message =
        field.editor.presentation.fieldStatuses.first { !$0.allowsSubmission }?.statusText
        ?? "refused"
      // A masked field's value is never repeated, empty or line breaks only too.
      let masked =
        field.editor.isSecureTextEntry
        || !state.isDrawnAsTyped(NSRange(location: 0, length: state.utf16Count))
      throw .refused(message: message, value: masked ? nil : state.text)
    }
  }

  /// The field, drawn inline, until it is submitted, cancelled or ended.
  static func readInteractive(
    _ label: String, kind: TerminalTextField.Kind, behaviours: [any EditorBehaviour],
    options: TerminalPromptOptions
  ) throws(TerminalPromptError) -> String? {
    let session = TerminalSession(
      input: options.input, output: options.output,
      modes: TerminalModes(
        alternateScreen: false, bracketedPaste: true, mouse: false, focusEvents: false))
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
    var prompt = InlinePrompt(
      label: label, kind: kind, behaviours: behaviours, options: options, profile: profile,
      columns: session.size()?.columns ?? 80)
    var inline = TerminalInlineRenderer()
    let start = ContinuousClock.now
    func now() -> Double {
      let elapsed = ContinuousClock.now - start
      return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
    while true {
      session.write(inline.update(to: prompt.frame()))
      let events: [TerminalEvent]
      if pending.isEmpty {
        let wait: Int32 = prompt.field.isHoldingPress ? 50 : -1
        guard let read = session.events(timeoutMilliseconds: wait) else {
          session.write(inline.update(to: prompt.frame(final: true)) + inline.finish())
          return nil
        }
        events = read
      } else {
        events = pending
        pending = []
      }
      for (index, event) in events.enumerated() {
        /// What follows the event that ends this prompt is the next one's.
        func keepRest() { TypeAhead.keep(Array(events[(index + 1)...])) }
        if case .resize(_, let columns) = event {
          prompt.resize(columns: columns)
          inline.resize(columns: columns)
          continue
        }
        switch prompt.field.handle(event, at: now()) {
        case .submitted(let text):
          keepRest()
          session.write(inline.update(to: prompt.frame(final: true)) + inline.finish())
          return text
        case .cancelled:
          session.write(inline.update(to: prompt.frame(final: true)) + inline.finish())
          session.stop()
          throw .interrupted
        case .endOfInput:
          keepRest()
          session.write(inline.update(to: prompt.frame(final: true)) + inline.finish())
          return nil
        case .linkOpened(let uri):
          options.onLinkOpened?(uri)
        case .redrawRequested:
          inline.invalidate()
        case .unchanged, .edited, .moved, .submissionRefused:
          break
        }
      }
    }
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
    label: String, kind: TerminalTextField.Kind, behaviours: [any EditorBehaviour],
    options: TerminalPromptOptions, profile: TerminalWidthProfile, columns: Int
  ) {
    self.label = label
    self.kind = kind
    self.theme = options.theme
    self.profile = profile
    self.columns = max(columns, 2)
    field = TerminalTextField(
      kind: kind,
      columns: Self.fieldColumns(
        label: label, kind: kind, columns: columns,
        profile: profile),
      profile: profile, behaviours: behaviours, keyMap: options.keyMap)
  }

  /// The label as shown: `Name: ` before a single-line field; a line of its
  /// own, with how to submit, above a multi-line one.
  var labelText: String {
    kind == .singleLine ? "\(label): " : "\(label) (Alt-Enter submits):"
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
    let labelRows = kind == .singleLine ? 0 : 1
    var screen = TerminalScreen(columns: columns, rows: labelRows + field.height)
    var labelStyle = theme.text
    labelStyle.bold = true
    let after = screen.write(
      VisibleControls.visible(labelText), row: 0, column: 0, style: labelStyle, profile: profile)
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

  /// Everything to the end of input, one final LF (or CR LF) dropped; nil
  /// when there was nothing.
  static func all(from descriptor: Int32) -> [UInt8]? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    guard !bytes.isEmpty else { return nil }
    if bytes.last == 0x0A {
      bytes.removeLast()
      if bytes.last == 0x0D { bytes.removeLast() }
    }
    return bytes
  }
}

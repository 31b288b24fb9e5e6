#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a terminal session could not start.
public struct TerminalSessionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What failed, naming the call and the file descriptor.
  public var message: String
  /// The `errno` of the failed call.
  public var code: Int32

  /// Creates an error.
  public init(message: String, code: Int32) {
    self.message = message
    self.code = code
  }

  public var description: String { "\(message) (errno \(code))" }
}

// What the signal handlers need, set before they are installed and read only
// by them and by `TerminalSession.stop()`: only async-signal-safe calls use it.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var hasSavedSettings = false
nonisolated(unsafe) private var savedInput: Int32 = -1
nonisolated(unsafe) private var savedOutput: Int32 = -1
/// The exit bytes, allocated once per session and freed by `stop()`, with
/// room for the bytes that turn mode 2027 off again.
nonisolated(unsafe) private var exitBytes: UnsafeMutableBufferPointer<UInt8>?
/// How many of `exitBytes` to write (one word, stored last).
nonisolated(unsafe) private var exitByteCount = 0
/// Turns grapheme-cluster mode 2027 off (DECRST).
private let graphemeClusterModeOff = Array("\u{1B}[?2027l".utf8)
/// The settings the session runs in (raw, or echo off), for SIGCONT.
nonisolated(unsafe) private var sessionSettings = termios()
/// The enter bytes, written again after SIGCONT (allocated with `exitBytes`).
nonisolated(unsafe) private var enterBytes: UnsafeMutableBufferPointer<UInt8>?
/// The self-pipe SIGWINCH and SIGCONT write to (read end, write end; -1
/// when closed): a byte `resizeByte` or `continueByte`.
nonisolated(unsafe) private var resizePipe: (read: Int32, write: Int32) = (-1, -1)
private let resizeByte: UInt8 = 1
private let continueByte: UInt8 = 2

/// SIGWINCH: a byte in the self-pipe, so that `poll` wakes up.
private func noteResize(_ number: Int32) {
  let saved = errno
  var byte = resizeByte
  _ = write(resizePipe.write, &byte, 1)
  errno = saved
}

/// The terminal put back as it was before the session (settings, then the
/// exit bytes). Async-signal-safe.
private func restoreTerminal() {
  if hasSavedSettings { _ = tcsetattr(savedInput, TCSADRAIN, &savedSettings) }
  if let bytes = exitBytes, let base = bytes.baseAddress {
    _ = write(savedOutput, base, min(exitByteCount, bytes.count))
  }
}

/// SIGINT, SIGTERM, SIGHUP: the terminal put back, then the signal raised
/// again with its default action (the process ends as killed by it).
private func restoreAndReraise(_ number: Int32) {
  restoreTerminal()
  _ = signal(number, SIG_DFL)
  _ = raise(number)
}

/// SIGTSTP (Ctrl-Z in a shell, `kill -TSTP`): the terminal put back, the
/// process stopped with the default action; on SIGCONT (`fg`), the
/// session's settings and modes entered again and a byte in the self-pipe
/// so that the program redraws. Async-signal-safe.
private func suspendAndResume(_ number: Int32) {
  let saved = errno
  restoreTerminal()
  _ = signal(SIGTSTP, SIG_DFL)
  var set = sigset_t()
  sigemptyset(&set)
  sigaddset(&set, SIGTSTP)
  _ = sigprocmask(SIG_UNBLOCK, &set, nil)
  _ = raise(SIGTSTP)
  // Stopped here until SIGCONT.
  _ = signal(SIGTSTP, suspendAndResume)
  if hasSavedSettings { _ = tcsetattr(savedInput, TCSADRAIN, &sessionSettings) }
  if let bytes = enterBytes, let base = bytes.baseAddress {
    _ = write(savedOutput, base, bytes.count)
  }
  var byte = continueByte
  _ = write(resizePipe.write, &byte, 1)
  errno = saved
}

/// A terminal owned by a text view: raw mode on its input, the modes of
/// `TerminalModes` on its output, reads that wait at most a given time, and
/// everything put back on `stop()`, on a thrown error (`run(_:)`), and on
/// SIGINT, SIGTERM and SIGHUP (their handler restores the terminal and
/// raises the signal again). SIGWINCH becomes a `.resize` event.
///
/// Job control works as in a shell's own line editor: on SIGTSTP (`kill
/// -TSTP`, or `suspend()` after the user's Ctrl-Z) the terminal is put back
/// and the process stops; on SIGCONT (`fg`) raw mode and the modes are
/// entered again and `events(timeoutMilliseconds:)` gives a `.resumed`
/// event, so that the program draws again. The handlers the program had
/// before `start()` are put back by `stop()`.
///
/// The I/O is kept thin: decoding is `TerminalInputDecoder`, drawing
/// `TerminalEditorRenderer` and `TerminalWriter`, identifying
/// `TerminalProbe.Identifier`.
/// One session at a time; use it from one thread.
///
/// ```swift
/// try TerminalSession.run { session in
///   let profile = session.identify().profile
///   // nil: the input has ended.
///   while let events = session.events(timeoutMilliseconds: 100) {
///     for event in events { … }
///   }
/// }
/// ```
public final class TerminalSession: @unchecked Sendable {
  /// The file descriptor keys and answers are read from.
  public let input: Int32
  /// The file descriptor the screen is written to.
  public let output: Int32
  /// The modes entered by `start()`.
  public let modes: TerminalModes
  /// How long a lone ESC waits for the rest of a sequence, in milliseconds.
  public var escapeTimeoutMilliseconds: Int32 = 30
  /// How long a bracketed paste begun in a read may pause, in
  /// milliseconds, before `events(timeoutMilliseconds:)` returns the parts
  /// that came so far: until then it keeps reading, so a long paste comes
  /// whole in one batch (one edit, one frame) rather than a part a read.
  public var pastePauseMilliseconds: Int32 = 100
  /// How the input is read while the session runs.
  public let inputMode: InputMode
  private var decoder = TerminalInputDecoder()
  private(set) var isStarted = false
  /// Whether `identify` turned mode 2027 on (`stop()` turns it off).
  public private(set) var turnedOnGraphemeClusterMode = false
  private static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]
  /// The handlers before `start()`, put back by `stop()`.
  private var previousHandlers: [(Int32, sigaction)] = []

  /// How a session reads its input.
  public enum InputMode: Hashable, Sendable {
    /// Raw mode: every key as it is typed, no echo, no signals from keys
    /// (Ctrl-C arrives as a key); the modes of `TerminalModes` entered.
    case raw
    /// The terminal's own line editing, with echo off (as `getpass` reads
    /// a password): Ctrl-C still sends SIGINT; no escape sequence is
    /// written, on start or on stop.
    case echoOff
  }

  /// A session on `input` and `output` (standard input 0 and output 1 by
  /// default); nothing happens until `start()`.
  public init(
    input: Int32 = 0, output: Int32 = 1, modes: TerminalModes = .standard,
    inputMode: InputMode = .raw
  ) {
    self.input = input
    self.output = output
    self.modes = modes
    self.inputMode = inputMode
  }

  /// The bytes written on start and on stop: none with echo off.
  private var enterText: String { inputMode == .raw ? modes.enter : "" }
  private var exitText: String { inputMode == .raw ? modes.exit : "" }

  deinit { stop() }

  /// Starts a session, runs `body` with it, and stops it however `body` ends
  /// (returning or throwing).
  public static func run<T>(
    input: Int32 = 0, output: Int32 = 1,
    modes: TerminalModes = .standard, _ body: (TerminalSession) throws -> T
  ) throws -> T {
    let session = TerminalSession(input: input, output: output, modes: modes)
    try session.start()
    defer { session.stop() }
    return try body(session)
  }

  /// Saves the terminal's settings, installs the signal handlers, enters raw
  /// mode and the modes (or, with `InputMode.echoOff`, turns echo off).
  ///
  /// - Throws: `TerminalSessionError` when `input` is not a terminal or its
  ///   settings cannot be changed; nothing is left changed then.
  public func start() throws(TerminalSessionError) {
    guard !isStarted else { return }
    var settings = termios()
    guard tcgetattr(input, &settings) == 0 else {
      throw TerminalSessionError(
        message: "file descriptor \(input) is not a terminal (tcgetattr failed)", code: errno)
    }
    savedSettings = settings
    hasSavedSettings = true
    savedInput = input
    savedOutput = output
    let bytes = Array(exitText.utf8)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(
      capacity: bytes.count + graphemeClusterModeOff.count)
    _ = buffer.initialize(from: bytes + graphemeClusterModeOff)
    exitByteCount = bytes.count
    exitBytes = buffer
    let enter = Array(enterText.utf8)
    let enterBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: enter.count)
    _ = enterBuffer.initialize(from: enter)
    enterBytes = enterBuffer
    var ends: [Int32] = [-1, -1]
    previousHandlers = []
    if pipe(&ends) == 0 {
      for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
      resizePipe = (ends[0], ends[1])
      install(noteResize, for: SIGWINCH)
    }
    for number in Self.handled { install(restoreAndReraise, for: number) }
    var changed = settings
    switch inputMode {
    case .raw:
      cfmakeraw(&changed)
    case .echoOff:
      changed.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK | ECHONL)
    }
    sessionSettings = changed
    install(suspendAndResume, for: SIGTSTP)
    guard tcsetattr(input, TCSANOW, &changed) == 0 else {
      let code = errno
      release()
      throw TerminalSessionError(
        message: "cannot put file descriptor \(input) in raw mode (tcsetattr failed)", code: code)
    }
    isStarted = true
    write(enterText)
  }

  /// Installs `handler` for `number`, keeping the handler it replaces for
  /// `stop()`. A signal the program ignores (SIGTSTP in a shell without job
  /// control) stays ignored.
  private func install(_ handler: @convention(c) (Int32) -> Void, for number: Int32) {
    var old = sigaction()
    guard sigaction(number, nil, &old) == 0 else { return }
    if number == SIGTSTP, Self.handlerAddress(old) == Self.handlerAddress(SIG_IGN) { return }
    var new = sigaction()
    #if canImport(Glibc)
    new.__sigaction_handler.sa_handler = handler
    #else
    new.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&new.sa_mask)
    new.sa_flags = SA_RESTART
    guard sigaction(number, &new, nil) == 0 else { return }
    previousHandlers.append((number, old))
  }

  /// The address of a disposition's handler, to compare it with SIG_IGN.
  private static func handlerAddress(_ action: sigaction) -> UnsafeRawPointer? {
    #if canImport(Glibc)
    return unsafeBitCast(action.__sigaction_handler.sa_handler, to: UnsafeRawPointer?.self)
    #else
    return unsafeBitCast(action.__sigaction_u.__sa_handler, to: UnsafeRawPointer?.self)
    #endif
  }

  private static func handlerAddress(_ handler: __sighandler_t?) -> UnsafeRawPointer? {
    unsafeBitCast(handler, to: UnsafeRawPointer?.self)
  }

  /// Stops the process as Ctrl-Z does in a shell (SIGTSTP): the terminal is
  /// put back first; when the shell continues the process (`fg`), raw mode
  /// and the modes are entered again before this returns, and the next
  /// `events(timeoutMilliseconds:)` gives `.resumed`. Does nothing before
  /// `start()`, or where the program ignores SIGTSTP (a shell without job
  /// control).
  public func suspend() {
    guard isStarted else { return }
    var current = sigaction()
    guard sigaction(SIGTSTP, nil, &current) == 0,
      Self.handlerAddress(current) != Self.handlerAddress(SIG_IGN)
    else { return }
    // The whole process group, as the terminal's Ctrl-Z does: in a
    // pipeline (`myprogram | jq`) the shell sees the job stopped only when
    // every process of it is.
    _ = kill(0, SIGTSTP)
  }

  /// Leaves the modes and puts the settings back. Safe to call twice.
  public func stop() {
    guard isStarted else { return }
    isStarted = false
    write(exitText)
    if turnedOnGraphemeClusterMode {
      write(String(decoding: graphemeClusterModeOff, as: UTF8.self))
      turnedOnGraphemeClusterMode = false
    }
    // TCSADRAIN, not TCSAFLUSH: keys typed ahead stay for what reads next
    // (the next prompt, the shell).
    if hasSavedSettings { _ = tcsetattr(input, TCSADRAIN, &savedSettings) }
    release()
  }

  private func release() {
    for (number, old) in previousHandlers.reversed() {
      var old = old
      _ = sigaction(number, &old, nil)
    }
    previousHandlers = []
    hasSavedSettings = false
    if resizePipe.read >= 0 {
      _ = close(resizePipe.read)
      _ = close(resizePipe.write)
      resizePipe = (-1, -1)
    }
    if let buffer = exitBytes {
      exitBytes = nil
      buffer.deallocate()
    }
    if let buffer = enterBytes {
      enterBytes = nil
      buffer.deallocate()
    }
  }

  /// The terminal's size in cells, if `output` is a terminal.
  public func size() -> (columns: Int, rows: Int)? {
    var size = winsize()
    let result = withUnsafeMutablePointer(to: &size) { ioctl(output, UInt(TIOCGWINSZ), $0) }
    guard result == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Writes all of `text` to `output`.
  public func write(_ text: String) {
    Self.write(text, to: output)
  }

  /// Writes all of `text` to `descriptor`, again after an interrupted or
  /// partial write; stops at an error.
  static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return Glibc.write(descriptor, base + offset, buffer.count - offset)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// What one wait for input gave.
  enum Input: Equatable, Sendable {
    case bytes([UInt8])
    /// Nothing arrived in time.
    case timeout
    /// The terminal was resized (SIGWINCH).
    case resized
    /// The process was continued after a stop (SIGCONT after SIGTSTP): raw
    /// mode and the modes are on again, and the screen is to be drawn again.
    case continued
    /// The input is closed or failed.
    case end
  }

  /// Waits up to `milliseconds` (negative: for ever) for input or a resize,
  /// and reads what is there (a resize first).
  func read(timeoutMilliseconds milliseconds: Int32) -> Input {
    var descriptors = [
      pollfd(fd: input, events: Int16(POLLIN), revents: 0),
      pollfd(fd: resizePipe.read, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, descriptors[1].fd >= 0 ? 2 : 1, milliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        return .end
      }
      if ready == 0 { return .timeout }
      if descriptors[1].fd >= 0, descriptors[1].revents & Int16(POLLIN) != 0 {
        var drain = [UInt8](repeating: 0, count: 64)
        var continued = false
        while true {
          let count = drain.withUnsafeMutableBytes {
            Glibc.read(resizePipe.read, $0.baseAddress, $0.count)
          }
          guard count > 0 else { break }
          continued = continued || drain[0..<count].contains(continueByte)
        }
        return continued ? .continued : .resized
      }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else { return .end }
      return .bytes(Array(buffer[0..<count]))
    }
  }

  /// The next events: waits up to `milliseconds` (negative: for ever) for
  /// input, decodes it, and resolves a lone ESC after
  /// `escapeTimeoutMilliseconds` of silence. A bracketed paste begun is
  /// read to its end before the events are returned (its parts, consecutive
  /// `.paste` events, which `TerminalEvent.coalesced(_:)` joins), unless
  /// the terminal pauses for `pastePauseMilliseconds` in it: a 1 MB paste
  /// comes in hundreds of reads, and a program that edits and draws after
  /// each batch would otherwise do so once a part. A resize is a `.resize`
  /// event with the new size. Nil when the input has ended.
  ///
  /// - Complexity: O(n) in the bytes read.
  public func events(timeoutMilliseconds milliseconds: Int32) -> [TerminalEvent]? {
    switch read(timeoutMilliseconds: milliseconds) {
    case .bytes(let bytes):
      var events = decoder.decode(bytes)
      while decoder.needsFlush || decoder.isInPaste {
        let inPaste = decoder.isInPaste
        let wait = inPaste ? pastePauseMilliseconds : escapeTimeoutMilliseconds
        switch read(timeoutMilliseconds: wait) {
        case .bytes(let more): events += decoder.decode(more)
        case .resized: events += resizeEvent()
        case .continued: events += [.resumed] + resizeEvent()
        case .timeout, .end:
          // A paused paste: what came so far; the next call goes on with
          // it (or sees the end of the input again).
          if inPaste { return events }
          events += decoder.flush()
        }
      }
      return events
    case .resized:
      return resizeEvent()
    case .continued:
      return [.resumed] + resizeEvent()
    case .timeout:
      return decoder.needsFlush ? decoder.flush() : []
    case .end:
      return nil
    }
  }

  private func resizeEvent() -> [TerminalEvent] {
    guard let size = size() else { return [] }
    return [.resize(rows: size.rows, columns: size.columns)]
  }

  /// Finds which terminal this is and how it draws every cluster (see
  /// `TerminalProbe.Identifier`), waiting at most `timeoutMilliseconds` in
  /// all, over every round: a terminal that answers nothing costs that
  /// long, never more, and is then known by `TERM_PROGRAM`/`TERM` only.
  /// Keys typed meanwhile are in the identification's `otherEvents`.
  ///
  /// `environment` defaults to this process's `TERM_PROGRAM`, `TERM`,
  /// `TMUX` and `STY`.
  ///
  /// Where the terminal reports mode 2027 reset but settable (DECRQM 2),
  /// and `graphemeClusterMode` is true, it turns the mode on (`CSI ? 2027 h`)
  /// and `stop()` turns it off again; an unknown terminal is then measured
  /// by the library's own widths (`TerminalWidthProfile.graphemeClusters`),
  /// which are what a mode-2027 terminal draws.
  ///
  /// Cost: one round trip (374 bytes written, 20 cursor reports asked),
  /// known terminal or not.
  public func identify(
    timeoutMilliseconds: Int = 500, row: Int = 1,
    environment: [String: String]? = nil,
    graphemeClusterMode: Bool = true
  ) -> TerminalProbe.Identification {
    var identifier = TerminalProbe.Identifier(
      environment: environment ?? Self.environment(), row: row)
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .milliseconds(timeoutMilliseconds))
    var step = identifier.start()
    while true {
      switch step {
      case .done(var identification):
        if graphemeClusterMode, identification.graphemeClusterMode == 2, isStarted {
          turnOnGraphemeClusterMode()
          if identification.terminal == nil { identification.profile = .graphemeClusters }
        }
        return identification
      case .write(let bytes, let expected):
        write(String(decoding: bytes, as: UTF8.self))
        step = identifier.receive(answers(reports: expected, until: deadline))
      }
    }
  }

  /// The width in cells this terminal gives each of `clusters`: each is
  /// printed at column 1 of `row` (1-based) after clearing the row, as a
  /// cell holds it (`VisibleControls.cellText(_:)`: a cluster that would
  /// join the cell before it goes on U+00A0), followed by a cursor position
  /// report request (`CSI 6 n`); the row is cleared at the end. Nil for a
  /// cluster whose report did not come within `timeoutMilliseconds` (in
  /// all). Keys typed meanwhile are lost. Call it after `start()`, on a
  /// screen whose `row` may be overwritten (the alternate screen).
  ///
  /// - Complexity: one round trip; O(n) in the clusters' length.
  public func measureWidths(
    of clusters: [String], row: Int = 1, timeoutMilliseconds: Int = 5000
  ) -> [Int?] {
    // Each on a cleared row, as a cell holds it, through the probe's one writer.
    write(
      TerminalProbe.printing(
        clusters.map { "\u{1B}[2K" + VisibleControls.cellText($0) }, row: max(row, 1)))
    let deadline = ContinuousClock.now.advanced(by: .milliseconds(timeoutMilliseconds))
    var widths: [Int?] = []
    for event in answers(reports: clusters.count, until: deadline) {
      if case .cursorPosition(_, let column) = event { widths.append(max(column - 1, 0)) }
    }
    while widths.count < clusters.count { widths.append(nil) }
    return Array(widths.prefix(clusters.count))
  }
}

extension TerminalSession {
  /// What the terminal sends until `reports` cursor-position reports have
  /// arrived or `deadline` has passed (a resize is a `.resize` event): the
  /// answers to a probe, and any keys typed meanwhile. Never waits past the
  /// deadline; a terminal that answers nothing costs the time to it.
  func answers(reports: Int, until deadline: ContinuousClock.Instant) -> [TerminalEvent] {
    var events: [TerminalEvent] = []
    var count = 0
    while count < reports {
      let left = ContinuousClock.now.duration(to: deadline)
      let milliseconds =
        left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
      guard milliseconds > 0 else { break }
      switch read(timeoutMilliseconds: Int32(clamping: milliseconds)) {
      case .bytes(let bytes):
        let decoded = decoder.decode(bytes)
        count += decoded.filter { if case .cursorPosition = $0 { true } else { false } }.count
        events += decoded
      case .resized: events += resizeEvent()
      case .continued: events += [.resumed] + resizeEvent()
      case .timeout, .end: count = Int.max
      }
    }
    return events
  }

  /// Turns grapheme-cluster mode 2027 on (`CSI ? 2027 h`) until `stop()`
  /// (or a signal the session handles) turns it off again: for a terminal an
  /// earlier session found settable (`identify`), so that a later session
  /// measures as that one did. Does nothing before `start()`.
  func turnOnGraphemeClusterMode() {
    guard isStarted, !turnedOnGraphemeClusterMode else { return }
    write("\u{1B}[?2027h")
    turnedOnGraphemeClusterMode = true
    exitByteCount = exitBytes?.count ?? 0
  }

  /// `TERM_PROGRAM`, `TERM`, `TMUX` and `STY` of this process, as set.
  static func environment() -> [String: String] {
    var out: [String: String] = [:]
    for name in ["TERM_PROGRAM", "TERM", "TMUX", "STY"] {
      if let value = getenv(name) { out[name] = String(cString: value) }
    }
    return out
  }
}

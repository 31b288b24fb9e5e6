import Glibc
import Testing
import TextInputTerminal

/// A pseudo-terminal: the session gets its terminal end, the test plays the
/// terminal emulator on the other.
final class PseudoTerminal {
  let master: Int32
  let terminal: Int32

  /// Linux's ioctls for /dev/ptmx (`posix_openpt` and friends are not in
  /// Swift's Glibc module): TIOCSPTLCK unlocks, TIOCGPTN names the pair.
  static let unlock: UInt = 0x4004_5431
  static let number: UInt = 0x8004_5430

  init?() {
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard master >= 0 else { return nil }
    var unlocked: Int32 = 0
    var index: Int32 = -1
    guard ioctl(master, Self.unlock, &unlocked) == 0, ioctl(master, Self.number, &index) == 0
    else {
      close(master)
      return nil
    }
    let terminal = open("/dev/pts/\(index)", O_RDWR | O_NOCTTY)
    guard terminal >= 0 else {
      close(master)
      return nil
    }
    self.master = master
    self.terminal = terminal
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    close(master)
    close(terminal)
  }

  /// What the session wrote so far.
  func written() -> String {
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      out += buffer[0..<count]
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Types `text` as the terminal would send it.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  func isCanonical() -> Bool {
    var settings = termios()
    _ = tcgetattr(terminal, &settings)
    return settings.c_lflag & tcflag_t(ICANON) != 0
  }
}

@Suite(.serialized) struct TerminalSessionTests {
  @Test func modesBytes() {
    let modes = TerminalModes.standard
    #expect(modes.enter.contains("\u{1B}[?2004h"))
    #expect(modes.enter.contains("\u{1B}[?1006h"))
    #expect(modes.enter.contains("\u{1B}[?1004h"))
    #expect(modes.enter.hasPrefix("\u{1B}[?1049h"))
    #expect(modes.exit.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    for mode in ["2004", "1006", "1002", "1000", "1004"] {
      #expect(modes.exit.contains("\u{1B}[?\(mode)l"))
    }
    let none = TerminalModes(
      alternateScreen: false, bracketedPaste: false, mouse: false, focusEvents: false)
    #expect(none.enter == "")
    #expect(none.exit == "\u{1B}[0m\u{1B}]8;;\u{1B}\\\u{1B}[?25h")
  }

  @Test func startEntersRawModeAndModesAndStopRestoresThem() throws {
    let pty = try #require(PseudoTerminal())
    #expect(pty.isCanonical())
    let session = TerminalSession(input: pty.terminal, output: pty.terminal)
    try session.start()
    #expect(!pty.isCanonical())
    #expect(pty.written() == TerminalModes.standard.enter)
    session.stop()
    #expect(pty.isCanonical())
    #expect(pty.written() == TerminalModes.standard.exit)
    session.stop()
    #expect(pty.written() == "")
  }

  struct Thrown: Error {}

  @Test func runRestoresOnAThrownError() throws {
    let pty = try #require(PseudoTerminal())
    #expect(throws: Thrown.self) {
      try TerminalSession.run(input: pty.terminal, output: pty.terminal) { _ in throw Thrown() }
    }
    #expect(pty.isCanonical())
    #expect(pty.written().hasSuffix(TerminalModes.standard.exit))
  }

  @Test func aFileThatIsNotATerminalIsAnError() {
    let session = TerminalSession(input: -1, output: -1)
    #expect(throws: TerminalSessionError.self) { try session.start() }
  }

  @Test func eventsAreDecodedAndALoneEscapeIsFlushed() throws {
    let pty = try #require(PseudoTerminal())
    try TerminalSession.run(input: pty.terminal, output: pty.terminal) { session in
      pty.type("a\u{1B}[1;5C\u{1B}[200~p\rq\u{1B}[201~")
      #expect(
        session.events(timeoutMilliseconds: 1000)
          == [.text("a"), .key(.right, .control), .paste("p\nq")])
      pty.type("\u{1B}")
      #expect(session.events(timeoutMilliseconds: 1000) == [.key(.escape, [])])
    }
  }

  @Test func measureWidthsReadsOneReportPerCluster() throws {
    let pty = try #require(PseudoTerminal())
    try TerminalSession.run(input: pty.terminal, output: pty.terminal) { session in
      _ = pty.written()
      // The answers, already waiting, with a key typed among them.
      pty.type("\u{1B}[2;2R\u{1B}[2;3Rx\u{1B}[2;5R")
      let widths = session.measureWidths(
        of: ["a", "\u{65E5}", "\u{1F44D}\u{1F3FD}"], row: 2, timeoutMilliseconds: 5000)
      #expect(widths == [1, 2, 4])
      let written = pty.written()
      #expect(written.hasPrefix("\u{1B}[2;1H\u{1B}[2Ka\u{1B}[6n\u{1B}[2;1H\u{1B}[2K\u{65E5}"))
      #expect(written.hasSuffix("\u{1B}[6n\u{1B}[2;1H\u{1B}[2K"))
    }
  }

  @Test func measureWidthsOfATerminalThatDoesNotAnswerIsNil() throws {
    let pty = try #require(PseudoTerminal())
    try TerminalSession.run(input: pty.terminal, output: pty.terminal) { session in
      #expect(session.measureWidths(of: ["a", "b"], timeoutMilliseconds: 50) == [nil, nil])
    }
  }

  @Test func identifyNeverWaitsLongerThanItsTimeoutOnASilentTerminal() throws {
    let pty = try #require(PseudoTerminal())
    try TerminalSession.run(input: pty.terminal, output: pty.terminal) { session in
      let clock = ContinuousClock()
      let start = clock.now
      let found = session.identify(timeoutMilliseconds: 80, environment: [:])
      let elapsed = clock.now - start
      #expect(found.source == .none)
      #expect(found.profile == .graphemeClusters)
      #expect(found.roundTrips == 1)
      // The timeout, plus scheduling slack; never a second wait.
      #expect(elapsed < .milliseconds(80 + 400))
      #expect(pty.written().contains("\u{1B}[>0q\u{1B}[>c\u{1B}[?2027$p"))
    }
  }

  @Test func identifyReadsAWidthFingerprintAndTurnsSettableMode2027On() throws {
    let pty = try #require(PseudoTerminal())
    let foot = try #require(KnownTerminal.named("foot"))
    try TerminalSession.run(input: pty.terminal, output: pty.terminal) { session in
      _ = pty.written()
      // foot's answers, already waiting: mode 2027 reset but settable, and
      // its widths for the identifying clusters.
      var answers = "\u{1B}P>|foot(1.25.0)\u{1B}\\\u{1B}[?2027;2$y"
      for cluster in TerminalProbe.identificationClusters {
        answers += "\u{1B}[1;\(foot.width(of: cluster) + 1)R"
      }
      pty.type(answers)
      let found = session.identify(timeoutMilliseconds: 5000, environment: [:])
      #expect(found.terminal == foot)
      #expect(found.source == .widths)
      #expect(found.graphemeClusterModeIsSettable)
      #expect(session.turnedOnGraphemeClusterMode)
      #expect(pty.written().hasSuffix("\u{1B}[?2027h"))
      session.stop()
      #expect(pty.written().hasSuffix("\u{1B}[?2027l"))
    }
  }
}

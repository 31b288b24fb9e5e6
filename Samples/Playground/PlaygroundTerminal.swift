import TextInputKit

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The terminal settings to put back, for the signal handler. Written once
/// before the handlers are installed; read only by them and by `restore()`.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var hasSavedSettings = false

/// The self-pipe SIGWINCH writes a byte to, so that `poll` wakes up for a
/// resize as for a key (its read end, its write end; -1 when closed). Set
/// before the handler is installed; read only by it and by the terminal.
nonisolated(unsafe) private var resizePipe: (read: Int32, write: Int32) = (-1, -1)

/// SIGWINCH: note the resize in the self-pipe. Only async-signal-safe calls;
/// `errno` is kept for the code the signal interrupted.
private func noteResize(_ number: Int32) {
  let saved = errno
  var byte: UInt8 = 1
  _ = write(resizePipe.write, &byte, 1)
  errno = saved
}

/// Leaves the alternate screen with the cursor shown and attributes reset.
private let leaveScreen: StaticString =
  "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

/// SIGINT, SIGTERM, SIGHUP: put the terminal back and exit as killed by the
/// signal. Only async-signal-safe calls.
private func restoreAndExit(_ signal: Int32) {
  if hasSavedSettings {
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedSettings)
  }
  _ = write(STDOUT_FILENO, leaveScreen.utf8Start, leaveScreen.utf8CodeUnitCount)
  _exit(128 + signal)
}

/// The playground's terminal: raw mode (termios) on standard input, the
/// alternate screen on standard output, and reads that wait at most a given
/// time (`poll`). `stop()` (and the SIGINT / SIGTERM / SIGHUP handlers) put
/// the terminal back as it was.
final class PlaygroundTerminal {
  /// What a read gave.
  enum Input {
    case bytes([UInt8])
    /// Nothing arrived in time.
    case timeout
    /// The terminal was resized (SIGWINCH): read `size()` again.
    case resized
    /// Standard input is closed (or failed).
    case end
  }

  private var isStarted = false
  private static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// The terminal's size in cells (columns, rows), if standard output is one.
  static func size() -> (columns: Int, rows: Int)? {
    var size = winsize()
    let result = withUnsafeMutablePointer(to: &size) {
      ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0)
    }
    guard result == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }

  /// Saves the settings, installs the signal handlers, enters raw mode and
  /// the alternate screen.
  func start() throws {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else {
      throw SamplesError(
        status: .ioError, message: "cannot read the terminal's settings (tcgetattr failed)")
    }
    savedSettings = settings
    hasSavedSettings = true
    for number in Self.handled { _ = signal(number, restoreAndExit) }
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
      resizePipe = (ends[0], ends[1])
      _ = signal(SIGWINCH, noteResize)
    }
    var raw = settings
    cfmakeraw(&raw)
    guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else {
      restore()
      throw SamplesError(
        status: .ioError, message: "cannot put the terminal in raw mode (tcsetattr failed)")
    }
    isStarted = true
    // The alternate screen, cleared; SGR mouse reporting (presses, drags, releases).
    send("\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h")
  }

  /// Leaves the alternate screen and puts the settings back. Safe to call twice.
  func stop() {
    guard isStarted else { return }
    isStarted = false
    send("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    restore()
  }

  private func restore() {
    if hasSavedSettings {
      _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedSettings)
    }
    for number in Self.handled { _ = signal(number, SIG_DFL) }
    _ = signal(SIGWINCH, SIG_DFL)
    if resizePipe.read >= 0 {
      _ = close(resizePipe.read)
      _ = close(resizePipe.write)
      resizePipe = (-1, -1)
    }
  }

  /// Waits up to `milliseconds` (negative: for ever) for input or a resize,
  /// and reads what is there (a resize first).
  func readInput(waiting milliseconds: Int32) -> Input {
    var descriptors = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: resizePipe.read, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, descriptors[1].fd >= 0 ? 2 : 1, milliseconds)
      if ready < 0 {
        if errno == EINTR { continue }
        return .end
      }
      if ready == 0 { return .timeout }
      if descriptors[1].revents & Int16(POLLIN) != 0 {
        // Several signals are one resize: empty the pipe.
        var drain = [UInt8](repeating: 0, count: 64)
        while drain.withUnsafeMutableBytes({ read(resizePipe.read, $0.baseAddress, $0.count) }) > 0
        {}
        return .resized
      }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes {
        read(STDIN_FILENO, $0.baseAddress, $0.count)
      }
      if count < 0, errno == EINTR || errno == EAGAIN { continue }
      guard count > 0 else { return .end }
      return .bytes(Array(buffer[0..<count]))
    }
  }

  /// Draws `screen` from the top-left corner, then `footer`, and puts the
  /// cursor on the caret's cell (hidden when the caret is out of sight). What
  /// does not fit a terminal of `size` is left out: the status line and the
  /// footer are cut to its columns, so that none wraps onto the next row (the
  /// view fits, see `PlaygroundSettings.fitted(columns:rows:)`), and rows
  /// below its last are not drawn. With `clearing`, the whole screen is
  /// cleared first (after a resize, when what was drawn at the old size may
  /// be anywhere).
  func draw(
    _ screen: PlaygroundScreen, footer: [String], size: (columns: Int, rows: Int),
    clearing: Bool = false
  ) {
    var out = "\u{1B}[?25l" + (clearing ? "\u{1B}[H\u{1B}[2J" : "")
    let rows = Array(
      (screen.rows(ansi: true).dropLast()
        + ([screen.status] + footer).map { Self.truncated($0, toWidth: size.columns) })
        .prefix(max(size.rows, 0)))
    for (index, row) in rows.enumerated() {
      out += "\u{1B}[\(index + 1);1H" + row + "\u{1B}[0m\u{1B}[K"
    }
    // Clear what is below (a row past the last would be the last row again).
    if rows.count < size.rows { out += "\u{1B}[\(rows.count + 1);1H\u{1B}[J" }
    if let caret = screen.caretInRows {
      out += "\u{1B}[\(caret.row + 1);\(caret.column + 1)H\u{1B}[?25h"
    }
    send(out)
  }

  /// `text` cut to at most `width` cells, so that a line never wraps.
  static func truncated(_ text: String, toWidth width: Int) -> String {
    var out = ""
    var used = 0
    for character in text {
      let cells = DisplayWidth.width(in: String(character))
      guard used + cells <= width else { break }
      out.append(character)
      used += cells
    }
    return out
  }

  /// Writes all of `text` to standard output.
  func send(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}

import ArgumentParser
import Foundation
import TextInputKit

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// `swift run Samples playground`: a text view in the terminal, typed into.
struct Playground: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "An interactive text view in the terminal: type, and watch the placeholder.",
    discussion: """
      A text view of --width × --height cells (one cell = one point) with a text container \
      inset of 1 and a line fragment padding of 1, its text laid out by TextLayout and its \
      placeholder drawn from TextPlaceholder's presentation.

      Screens: F1 or Alt-1 the text view (the first), F2 or Alt-2 the links screen.

      Text view keys: text (any script) types; Enter a line break; Backspace / Delete \
      delete; ←/→ move the caret; Ctrl-Z undo, Ctrl-Y redo; Tab the next placeholder \
      mode; Ctrl-A the next alignment; Ctrl-R toggles right-to-left; Ctrl-D, Ctrl-C or \
      Esc quit.

      Links screen: the mouse presses links (the pressed link shows in reverse video; \
      a release on it opens it, its target shown in the status line; released elsewhere, \
      nothing opens); ↑/↓ choose a link and Enter opens it.

      When standard input is not a terminal, or with --script, standard input is read as \
      the keys' bytes (mouse events as SGR sequences, ESC [ < b ; x ; y M or m), the \
      placeholder's clock moves 1 s after each key (the links screen's 0.1 s after each \
      event), and the final screen is printed as plain text (the view, a status line and \
      the caret's cell).
      """
  )

  /// A placeholder mode, as an option value.
  enum Mode: String, CaseIterable, ExpressibleByArgument {
    case `static`, bouncy, floating

    var mode: PlaceholderMode {
      switch self {
      case .static: .static
      case .bouncy: .bouncy
      case .floating: .floating
      }
    }
  }

  /// An alignment, as an option value.
  enum Alignment: String, CaseIterable, ExpressibleByArgument {
    case left, right, center, natural

    var alignment: TextAlignment {
      switch self {
      case .left: .left
      case .right: .right
      case .center: .center
      case .natural: .natural
      }
    }
  }

  static let widths = 10...200
  static let heights = 3...60

  @Option(help: "The placeholder text.")
  var placeholder = "Type something…"

  @Option(help: "The placeholder mode (Tab changes it).")
  var mode: Mode = .static

  @Option(
    help: ArgumentHelp(
      "The bouncy mode's abbreviated placeholder (default: the placeholder's first word and "
        + "'…'; \"\" for none).", valueName: "text"))
  var abbreviated: String?

  @Option(help: "The alignment (Ctrl-A changes it).")
  var align: Alignment = .natural

  @Flag(help: "Start right-to-left (Ctrl-R toggles it).")
  var rtl = false

  @Option(help: "The view's width in cells, \(widths.lowerBound)…\(widths.upperBound).")
  var width = 40

  @Option(help: "The view's height in cells, \(heights.lowerBound)…\(heights.upperBound).")
  var height = 8

  @Flag(help: "Install the RightAlignedSpaces behaviour too.")
  var rightAlignedSpaces = false

  @Flag(help: "Read keys from standard input and print the final screen as plain text.")
  var script = false

  func validate() throws {
    guard Self.widths.contains(width) else {
      throw ValidationError(
        "--width \(width) is out of range: use \(Self.widths.lowerBound)…"
          + "\(Self.widths.upperBound) cells")
    }
    guard Self.heights.contains(height) else {
      throw ValidationError(
        "--height \(height) is out of range: use \(Self.heights.lowerBound)…"
          + "\(Self.heights.upperBound) cells")
    }
  }

  /// The settings the options give.
  var settings: PlaygroundSettings {
    PlaygroundSettings(
      placeholder: placeholder,
      abbreviated: abbreviated ?? Self.defaultAbbreviation(of: placeholder),
      mode: mode.mode, alignment: align.alignment, direction: rtl ? .rightToLeft : .leftToRight,
      width: width, height: height, rightAlignedSpaces: rightAlignedSpaces)
  }

  /// The placeholder's first word and "…" ("Type something…" → "Type…"), or
  /// "" when it has one word or none.
  static func defaultAbbreviation(of placeholder: String) -> String {
    let words = placeholder.split(whereSeparator: \.isWhitespace)
    guard words.count > 1, let first = words.first else { return "" }
    return first + "…"
  }

  func run() throws {
    if script || isatty(STDIN_FILENO) == 0 {
      let input = FileHandle.standardInput.readDataToEndOfFile()
      for row in Self.runScript(Array(input), settings: settings) { print(row) }
    } else {
      guard isatty(STDOUT_FILENO) != 0 else {
        throw ValidationError("standard output is not a terminal: use --script")
      }
      try runInteractive()
    }
  }

  /// Applies `bytes` as keys, the clock moving 1 s after each, and gives the
  /// final screen as plain rows: the view in its border, the status line and
  /// the caret's cell (view coordinates, 0-based).
  static func runScript(_ bytes: [UInt8], settings: PlaygroundSettings) -> [String] {
    let clock = ManualClock()
    var app = PlaygroundApp(settings: settings, clock: .manual(clock))
    var decoder = PlaygroundKeyDecoder()
    let keys = decoder.feed(bytes) + decoder.finish()
    var linkTime = 0.0
    for key in keys {
      guard app.apply(key, at: linkTime) else { break }
      clock.advance(by: 1)
      linkTime += 0.1
    }
    let screen = app.screen()
    let caret = screen.caret.map { "caret row \($0.row), column \($0.column)" } ?? "caret hidden"
    return screen.rows(ansi: false) + [caret]
  }

  /// The live playground: raw mode, the alternate screen, the system clock;
  /// redraws at about 60 Hz while the placeholder animates, else waits for keys.
  func runInteractive() throws {
    var settings = self.settings
    if let size = PlaygroundTerminal.size() {
      // Keep the box, status and help on the screen.
      settings.width = max(min(settings.width, size.columns - 2), Self.widths.lowerBound)
      settings.height = max(min(settings.height, size.rows - 4), Self.heights.lowerBound)
    }
    let terminal = PlaygroundTerminal()
    try terminal.start()
    defer { terminal.stop() }
    var app = PlaygroundApp(settings: settings, clock: .system)
    var decoder = PlaygroundKeyDecoder()
    let start = ContinuousClock.now
    func now() -> TimeInterval {
      let elapsed = ContinuousClock.now - start
      return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
    let help = [
      "Tab mode · ^A align · ^R RTL · ^Z undo · ^Y redo · ←/→ caret · ^D / Esc quit",
      "F1 text view · F2 links: the mouse presses, ↑/↓ choose, Enter opens",
    ]
    terminal.draw(app.screen(), footer: help)
    var running = true
    while running {
      let animating = app.isAnimating
      let wait: Int32 = decoder.isWaitingForEscape ? 50 : animating ? 16 : -1
      let keys: [PlaygroundKey]
      switch terminal.readInput(waiting: wait) {
      case .bytes(let bytes): keys = decoder.feed(bytes)
      case .timeout: keys = decoder.timeout()
      case .end: keys = decoder.finish() + [.quit]
      }
      for key in keys where running {
        running = app.apply(key, at: now())
      }
      if running {
        terminal.draw(app.screen(), footer: help)
      }
    }
  }
}

/// The playground's screens: the text view (first) and the links screen,
/// switched with F1/F2 or Alt-1/Alt-2.
struct PlaygroundApp: Sendable {
  var textView: PlaygroundSession
  var links: PlaygroundLinksSession
  /// 0: the text view, 1: the links screen.
  private(set) var current = 0

  init(settings: PlaygroundSettings, clock: PlaceholderClock) {
    textView = PlaygroundSession(settings: settings, clock: clock)
    links = PlaygroundLinksSession(settings: settings)
  }

  /// Whether the text view's placeholder is animating (the loop redraws).
  var isAnimating: Bool { current == 0 && textView.editor.placeholder?.isAnimating == true }

  /// Applies `key` (the links screen's events at `time`, seconds); false for `quit`.
  mutating func apply(_ key: PlaygroundKey, at time: TimeInterval) -> Bool {
    if case .screen(let index) = key {
      if index == 0 || index == 1 { current = index }
      return true
    }
    return current == 0 ? textView.apply(key) : links.apply(key, at: time)
  }

  /// The current screen.
  func screen() -> PlaygroundScreen {
    current == 0 ? PlaygroundRenderer.screen(of: textView.editor) : links.screen()
  }
}

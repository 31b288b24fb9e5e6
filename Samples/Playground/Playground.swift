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

      Keys: text (any script) types; Enter a line break; Backspace / Delete delete; \
      ←/→ move the caret; ↑/↓ to the line above / below at the nearest x; Home / End \
      to the start / end of the line (as laid out); Ctrl-Z undo, Ctrl-Y redo; Tab the next placeholder mode; \
      Ctrl-A the next alignment; Ctrl-R toggles right-to-left; Ctrl-D, Ctrl-C or Esc quit.

      When standard input is not a terminal, or with --script, standard input is read as \
      the keys' bytes, the placeholder's clock moves 1 s after each key, and the final \
      screen is printed as plain text (the view, a status line and the caret's cell).
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
    var session = PlaygroundSession(settings: settings, clock: .manual(clock))
    var decoder = PlaygroundKeyDecoder()
    let keys = decoder.feed(bytes) + decoder.finish()
    for key in keys {
      guard session.apply(key) else { break }
      clock.advance(by: 1)
    }
    let screen = PlaygroundRenderer.screen(of: session.editor)
    let caret = screen.caret.map { "caret row \($0.row), column \($0.column)" } ?? "caret hidden"
    return screen.rows(ansi: false) + [caret]
  }

  /// The live playground: raw mode, the alternate screen, the system clock;
  /// redraws at about 60 Hz while the placeholder animates, else waits for keys.
  func runInteractive() throws {
    let terminal = PlaygroundTerminal()
    try terminal.start()
    defer { terminal.stop() }
    var session = PlaygroundSession(settings: settings, clock: .system)
    // Keep the box, status and help on the screen, now and after each resize.
    var columns = Int.max
    func fitToTerminal() {
      guard let size = PlaygroundTerminal.size() else { return }
      columns = size.columns
      _ = session.apply(.resize(columns: size.columns, rows: size.rows))
    }
    fitToTerminal()
    var decoder = PlaygroundKeyDecoder()
    let help =
      "Tab mode · ^A align · ^R RTL · ^Z undo · ^Y redo · ←↑↓→ Home End caret · ^D / Esc quit"
    func draw(clearing: Bool = false) {
      terminal.draw(
        PlaygroundRenderer.screen(of: session.editor),
        footer: [PlaygroundTerminal.truncated(help, toWidth: columns)], clearing: clearing)
    }
    draw()
    var running = true
    while running {
      let animating = session.editor.placeholder?.isAnimating == true
      let wait: Int32 = decoder.isWaitingForEscape ? 50 : animating ? 16 : -1
      let keys: [PlaygroundKey]
      switch terminal.readInput(waiting: wait) {
      case .bytes(let bytes):
        // The size comes from the terminal itself, not from typed sequences.
        keys = decoder.feed(bytes).filter {
          if case .resize = $0 { return false }
          return true
        }
      case .timeout: keys = decoder.timeout()
      case .resized:
        fitToTerminal()
        draw(clearing: true)
        continue
      case .end: keys = decoder.finish() + [.quit]
      }
      for key in keys where running {
        running = session.apply(key)
      }
      if running { draw() }
    }
  }
}

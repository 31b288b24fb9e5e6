import ArgumentParser
import Foundation
import TextInputKit
import TextInputTerminal

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// `swift run Samples playground`: a text view in the terminal, typed into.
struct Playground: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "playground",
    abstract: "An interactive text view in the terminal: type, and watch the placeholder.",
    discussion: """
      A text view of --width × --height cells (one cell = one point) with a text container \
      inset of 1 and a line fragment padding of 1, its text laid out by TextLayout and its \
      placeholder drawn from TextPlaceholder's presentation.

      Screens: F1 or Alt-1 the text view (the first), F2 or Alt-2 the links screen, F3 or \
      Alt-3 the hit areas screen (a click shows the view it hits; Tab: the next policy).

      Text view keys: the library's field (TerminalTextField, readline's keys): text (any \
      script) types; Enter a line break; Backspace / Delete delete; ←/→ move the caret \
      in visual order; ↑/↓ to the line above / below at the nearest x; Home / End (Ctrl-A \
      / Ctrl-E) to the start / end of the line as laid out; Ctrl-K, Ctrl-U, Ctrl-W cut, \
      Ctrl-Y pastes; Ctrl-Z undo, Ctrl-G redo. The playground's own: Tab the next \
      placeholder mode; Ctrl-T the next alignment; Ctrl-R toggles right-to-left; Ctrl-D, \
      Ctrl-C or Esc quit. The mouse: a click puts the caret (the border counts as \
      the view: its hit area, set with the hitAreas keys of --config), a drag selects, a \
      click outside the view stops editing; then a click on a link in the text opens it \
      (the status line says 'opened' and its target), and a click in the text edits again.

      Links screen: the mouse presses links (the pressed link shows in reverse video; \
      a release on it opens it, its target shown in the status line; released elsewhere, \
      nothing opens); ↑/↓ choose a link and Enter opens it.

      A terminal resize redraws the view, made smaller where the terminal is.

      With --config FILE, the file's keys (those `Samples plugins` lists, one \
      'key = value' a line) set the view up: the editor plugin's keys through \
      Editor.configure, the other plugins' behaviours made by the registry from them; \
      editor.bounds gives the view's size. A bad line is an error naming the line and \
      the key.

      When standard input is not a terminal, or with --script, standard input is read as \
      the keys' bytes (mouse events as SGR sequences, ESC [ < b ; x ; y M or m), the \
      placeholder's clock moves 1 s after each key (the links screen's 0.1 s after each \
      event), and the final screen is printed as plain text (the view, a status line and \
      the caret's cell). In a script, ESC [ 8 ; rows ; columns t resizes the terminal, as \
      SIGWINCH does.

      \(SamplesError.statusHelp)
      """
  )

  /// How the text view measures clusters, as an option value.
  enum WidthProfileChoice: String, CaseIterable, ExpressibleByArgument {
    /// Ask the terminal (interactive only; a script measures as `clusters`).
    case probe
    /// The library's grapheme-cluster widths.
    case clusters
    /// tmux 3.3a's widths.
    case tmux
  }

  static let widths = 10...200
  static let heights = 3...60

  @Option(help: "The placeholder text (default: \"\(PlaygroundSettings.defaultPlaceholder)\").")
  var placeholder: String?

  @Option(help: "The placeholder mode (default: static; Tab changes it).")
  var mode: PlaceholderMode?

  @Option(
    help: ArgumentHelp(
      "The bouncy mode's abbreviated placeholder (default: the placeholder's first word and "
        + "'…'; \"\" for none).", valueName: "text"))
  var abbreviated: String?

  @Option(help: "The alignment (default: natural; Ctrl-A changes it).")
  var align: TextAlignment?

  @Flag(help: "Start right-to-left (Ctrl-R toggles it).")
  var rtl = false

  @Option(
    parsing: .unconditional,
    help: "The view's width in cells, \(widths.lowerBound)…\(widths.upperBound) (default: 40).")
  var width: Int?

  @Option(
    parsing: .unconditional,
    help: "The view's height in cells, \(heights.lowerBound)…\(heights.upperBound) (default: 8).")
  var height: Int?

  @Flag(help: "Install the RightAlignedSpaces behaviour too.")
  var rightAlignedSpaces = false

  @Flag(help: "A password field: the text drawn masked, one • per grapheme cluster.")
  var password = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "A limit in grapheme clusters, its count shown on the view's last row (0: none).",
      valueName: "clusters"))
  var limit: Int?

  @Option(
    help: ArgumentHelp(
      "A configuration file to apply: 'key = value' lines of the standard registry's keys "
        + "(editor.alignment = right, placeholder.placeholder = \"…\", "
        + "rightAlignedSpaces.activation = always, …). Options given here win over it.",
      valueName: "file"),
    completion: .file())
  var config: String?

  @Option(
    help: ArgumentHelp(
      "How cluster widths are measured: probe (ask the terminal; the default when "
        + "interactive), clusters (the library's; the default in a script), tmux.",
      valueName: "profile"))
  var widthProfile: WidthProfileChoice?

  @Flag(help: "Read keys from standard input and print the final screen as plain text.")
  var script = false

  func validate() throws {
    if let width, !Self.widths.contains(width) {
      throw ValidationError(
        "--width \(width) is out of range: use \(Self.widths.lowerBound)…"
          + "\(Self.widths.upperBound) cells")
    }
    if let height, !Self.heights.contains(height) {
      throw ValidationError(
        "--height \(height) is out of range: use \(Self.heights.lowerBound)…"
          + "\(Self.heights.upperBound) cells")
    }
  }

  /// The settings the `--config` file and the options give: the file's
  /// values first, then each option given on the command line over them.
  ///
  /// - Throws: `SamplesError`: status 66 when the file cannot be read, 65
  ///   when a line of it is refused (an `editor.bounds` the playground cannot
  ///   draw too), 64 when an option cannot be applied.
  func settings() throws(SamplesError) -> PlaygroundSettings {
    var configuration = PlaygroundSettings.standardConfiguration()
    if let config {
      let text = try Input.text(of: [config])
      do {
        try configuration.load(text)
      } catch {
        throw .badData("\(Input.name(config)): \(error)")
      }
    }
    var size = (width: 40, height: 8)
    // The file's view size (in range: `standardConfiguration()`'s rule checked it at load).
    if let bounds = configuration.values[Editor.pluginID + ".bounds"]?.rectValue {
      size = PlaygroundSettings.viewSize(of: bounds)
    }
    do {
      let placeholderID = TextPlaceholder.pluginID
      if let placeholder {
        try configuration.set(placeholderID + ".placeholder", to: .string(placeholder))
      }
      if let mode {
        try configuration.set(placeholderID + ".mode", to: .enumeration(mode.rawValue))
      }
      if let abbreviated {
        try configuration.set(placeholderID + ".abbreviatedPlaceholder", to: .string(abbreviated))
      }
      if let align {
        try configuration.set(
          Editor.pluginID + ".alignment", to: .enumeration(align.rawValue))
      }
      if rtl {
        try configuration.set(
          Editor.pluginID + ".layoutDirection",
          to: .enumeration(LayoutDirection.rightToLeft.rawValue))
      }
      if password {
        try configuration.set(SecureEntry.pluginID + ".isSecure", to: .boolean(true))
      }
      if let limit {
        try configuration.set(CharacterLimit.pluginID + ".limit", to: .integer(limit))
        try configuration.set(CharacterLimit.pluginID + ".showsCount", to: .boolean(true))
      }
      var settings = try PlaygroundSettings(
        configuration: configuration, width: width ?? size.width, height: height ?? size.height,
        rightAlignedSpaces: rightAlignedSpaces)
      switch widthProfile ?? .probe {
      case .probe: settings.probesWidths = true
      case .clusters: settings.widthProfile = .graphemeClusters
      case .tmux: settings.widthProfile = .tmux
      }
      return settings
    } catch {
      throw .usage("an option cannot be applied: \(error)")
    }
  }

  func run() throws {
    let setup = try settings()
    if script || isatty(STDIN_FILENO) == 0 {
      let input = try Input.bytes(of: Input.standardInput)
      for row in try Self.runScript(input, settings: setup) { print(row) }
    } else {
      guard isatty(STDOUT_FILENO) != 0 else {
        throw SamplesError.usage("standard output is not a terminal: use --script")
      }
      try Self.runInteractive(settings: setup)
    }
  }

  /// Applies `bytes` as keys, the clock moving 1 s after each, and gives the
  /// final screen as plain rows: the view in its border, the status line and
  /// the caret's cell (view coordinates, 0-based).
  static func runScript(_ bytes: [UInt8], settings: PlaygroundSettings) throws -> [String] {
    let clock = ManualClock()
    var app = try PlaygroundApp(settings: settings, clock: .manual(clock))
    var decoder = TerminalInputDecoder()
    let keys = PlaygroundKey.keys(of: decoder.decode(bytes) + decoder.flush())
    var linkTime = 0.0
    for key in keys {
      guard app.apply(key, at: linkTime) else { break }
      clock.advance(by: 1)
      linkTime += 0.1
    }
    let screen = app.screen()
    let caret = screen.caret.map { "caret row \($0.row), column \($0.column)" } ?? "caret hidden"
    return screen.rows() + [caret]
  }

  /// The live playground: raw mode, the alternate screen, the system clock;
  /// redraws at about 60 Hz while the placeholder animates, else waits for keys.
  static func runInteractive(settings: PlaygroundSettings) throws {
    let terminal = PlaygroundTerminal()
    try terminal.start()
    defer { terminal.stop() }
    var settings = settings
    if settings.probesWidths {
      // Ask the terminal which it is and how it measures, before the first frame.
      let found = terminal.identify()
      settings.widthProfile = found.profile
      // Measured per composition: what was measured, after the summary.
      settings.probeSummary =
        found.source == .probes ? "\(found.summary) · \(found.composition)" : found.summary
    }
    var app = try PlaygroundApp(settings: settings, clock: .system)
    PlaygroundLoop.run(
      &app, on: terminal,
      footer: [settings.probeSummary ?? "widths: \(settings.widthProfile.name)"])
    terminal.stop()
    // What the terminal answered, on the restored screen.
    if let summary = settings.probeSummary { print("\n" + summary) }
  }
}

/// The playground's screens: the text view (first), the links screen and the
/// hit areas screen, switched with F1/F2/F3 or Alt-1/Alt-2/Alt-3.
struct PlaygroundApp: PlaygroundScreenApp, Sendable {
  var textView: PlaygroundSession
  var links: PlaygroundLinksSession
  var hitAreas = PlaygroundHitAreasSession()
  /// 0: the text view, 1: the links screen, 2: the hit areas screen.
  private(set) var current = 0

  init(settings: PlaygroundSettings, clock: PlaceholderClock) throws {
    textView = try PlaygroundSession(settings: settings, clock: clock)
    links = PlaygroundLinksSession(settings: settings)
  }

  /// The keys of the screen shown: the screens, then the screen's own.
  var help: [String] {
    let screens = "F1 text view · F2 links · F3 hit areas"
    switch current {
    case 0:
      return [
        "Tab mode · ^T align · ^R RTL · ^Z undo · ^G redo · ←↑↓→ Home End · ^D / Esc quit",
        "click: caret · drag: select · click outside, then click: open a link",
        screens,
      ]
    case 1:
      return ["the mouse presses links · ↑/↓ choose · Enter opens · ^D / Esc quit", screens]
    default:
      return ["click a cell · Tab: next policy · ^D / Esc quit", screens]
    }
  }

  /// Whether the text view's placeholder is animating (the loop redraws).
  var isAnimating: Bool { current == 0 && textView.editor.placeholder?.isAnimating == true }

  /// Whether the shown screen holds a press on a link (the loop ticks).
  var isHoldingPress: Bool {
    switch current {
    case 0: return textView.isHoldingPress
    case 1: return links.isHoldingPress
    default: return false
    }
  }

  /// Applies `key` (the links screen's events at `time`, seconds); false for `quit`.
  mutating func apply(_ key: PlaygroundKey, at time: TimeInterval) -> Bool {
    switch key {
    case .screen(let index):
      if (0...2).contains(index) { current = index }
      return true
    case .resize:
      // The text view follows the terminal's size; the links screen keeps its own.
      return textView.apply(key)
    default:
      break
    }
    switch current {
    case 0: return textView.apply(key, at: time)
    case 1: return links.apply(key, at: time)
    default: return hitAreas.apply(key)
    }
  }

  /// The current screen.
  func screen() -> PlaygroundScreen {
    switch current {
    case 0: return PlaygroundRenderer.screen(of: textView.field, opened: textView.openedLink)
    case 1: return links.screen()
    default: return hitAreas.screen()
    }
  }
}

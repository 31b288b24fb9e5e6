import TextInputTerminal

/// A key of the playground, decoded from the terminal's bytes.
enum PlaygroundKey: Hashable, Sendable {
  /// Printable text (any script): inserted as typed. A run of printable
  /// characters that arrive together is one key.
  case text(String)
  /// Enter (CR, LF or CR LF): inserts a line break.
  case enter
  /// Backspace (DEL or BS): `deleteBackward()`.
  case backspace
  /// Delete (ESC [ 3 ~): `deleteForward()`.
  case deleteForward
  /// Left arrow (ESC [ D or ESC O D).
  case left
  /// Right arrow (ESC [ C or ESC O C).
  case right
  /// Up arrow (ESC [ A or ESC O A): the line above, at the nearest x.
  case up
  /// Down arrow (ESC [ B or ESC O B): the line below, at the nearest x.
  case down
  /// Home (ESC [ H, ESC O H, ESC [ 1 ~ or ESC [ 7 ~): the start of the line.
  case home
  /// End (ESC [ F, ESC O F, ESC [ 4 ~ or ESC [ 8 ~): the end of the line.
  case end
  /// Ctrl-Z.
  case undo
  /// Ctrl-Y.
  case redo
  /// Tab: the next placeholder mode.
  case cycleMode
  /// Ctrl-A: the next alignment.
  case cycleAlignment
  /// Ctrl-R: left-to-right ⇄ right-to-left.
  case toggleDirection
  /// Ctrl-D, Ctrl-C or a lone ESC.
  case quit
  /// The terminal is now `columns` × `rows` cells. Interactively this comes
  /// from SIGWINCH; in a script it is xterm's "resize the text area" sequence,
  /// ESC [ 8 ; rows ; columns t, so a resize can be replayed.
  case resize(columns: Int, rows: Int)
  /// F1, F2, … (ESC O P…S, ESC [ 11~…) or Alt-1, Alt-2, …: screen 0, 1, ….
  case screen(Int)
  /// A mouse event, as SGR mouse reporting sends it (ESC [ < b ; x ; y M/m),
  /// decoded by the library: columns and rows 1-based.
  case mouse(TerminalMouseEvent)
  /// The terminal gained (true) or lost (false) focus: editing begins or ends.
  case focus(Bool)
  /// Time passed with no input: the loop sends it every 50 ms while a press
  /// on a link is held, so a long press fires before the release.
  case tick
}

/// Turns the terminal's input bytes into the playground's keys: the
/// library's `TerminalInputDecoder` decodes them (a byte stream, split
/// anywhere), and this maps its events to keys. A bracketed paste is one
/// `.text`; a lone ESC (known after a short wait, `timeout()`) quits.
struct PlaygroundKeyDecoder: Sendable {
  private var decoder = TerminalInputDecoder()
  /// Whether the last key was a CR, so that an LF right after it is the
  /// same Enter.
  private var afterCR = false

  /// Whether bytes are held that only a short wait resolves (a lone ESC).
  var isWaitingForEscape: Bool { decoder.needsFlush }

  /// Decodes `bytes` after those held back.
  mutating func feed(_ bytes: some Sequence<UInt8>) -> [PlaygroundKey] {
    keys(of: decoder.decode(bytes))
  }

  /// Nothing more arrived after a pending ESC: a lone ESC is `quit`.
  mutating func timeout() -> [PlaygroundKey] {
    keys(of: decoder.flush())
  }

  /// The end of the input: what is pending is complete as it is.
  mutating func finish() -> [PlaygroundKey] {
    keys(of: decoder.flush())
  }

  private mutating func keys(of events: [TerminalEvent]) -> [PlaygroundKey] {
    var keys: [PlaygroundKey] = []
    for event in TerminalEvent.coalesced(events) {
      let wasAfterCR = afterCR
      afterCR = false
      switch event {
      case .text(let text), .paste(let text):
        keys.append(.text(text))
      case .key(.enter, _):
        keys.append(.enter)
        afterCR = true
      case .key(.character("j"), .control):
        // LF: Enter, unless it ends a CR LF.
        if !wasAfterCR { keys.append(.enter) }
      case .key(let key, let modifiers):
        if let mapped = Self.key(key, modifiers) { keys.append(mapped) }
      case .mouse(let mouse):
        keys.append(.mouse(mouse))
      case .resize(let rows, let columns):
        if (1...9999).contains(rows), (1...9999).contains(columns) {
          keys.append(.resize(columns: columns, rows: rows))
        }
      case .focusIn: keys.append(.focus(true))
      case .focusOut: keys.append(.focus(false))
      case .cursorPosition, .modeReport, .unknown:
        break
      }
    }
    return keys
  }

  /// The playground's key for a decoded key, or nil for one it does not use.
  static func key(_ key: TerminalKey, _ modifiers: TerminalModifiers) -> PlaygroundKey? {
    switch (key, modifiers) {
    case (.backspace, _): return .backspace
    case (.delete, _): return .deleteForward
    case (.left, _): return .left
    case (.right, _): return .right
    case (.up, _): return .up
    case (.down, _): return .down
    case (.home, _): return .home
    case (.end, _): return .end
    case (.tab, []): return .cycleMode
    case (.escape, _): return .quit
    case (.function(let number), _) where (1...4).contains(number): return .screen(number - 1)
    case (.character(let character), .alt):
      // Alt-1, Alt-2, …: the screens.
      guard let digit = character.wholeNumberValue, (1...9).contains(digit) else { return nil }
      return .screen(digit - 1)
    case (.character("z"), .control): return .undo
    case (.character("y"), .control): return .redo
    case (.character("r"), .control): return .toggleDirection
    case (.character("a"), .control): return .cycleAlignment
    case (.character("c"), .control), (.character("d"), .control): return .quit
    default: return nil
    }
  }
}

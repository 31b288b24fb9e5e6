import TextInputTerminal

/// What the samples' interactive screens receive: a decoded terminal event
/// for the screen shown, or one of the app's own keys. The library decodes
/// the bytes (`TerminalInputDecoder`) and, on the text view, decides what a
/// key does (`TerminalTextField`); this only picks out the app's keys.
enum PlaygroundKey: Hashable, Sendable {
  /// An event for the screen shown.
  case event(TerminalEvent)
  /// F1, F2, … (or Alt-1, Alt-2, …): screen 0, 1, ….
  case screen(Int)
  /// Ctrl-D, Ctrl-C or a lone Esc.
  case quit
  /// The terminal is now `columns` × `rows` cells. Interactively this comes
  /// from SIGWINCH; in a script it is xterm's "resize the text area"
  /// sequence, ESC [ 8 ; rows ; columns t, so a resize can be replayed.
  case resize(columns: Int, rows: Int)
  /// Time passed with no input: the loop sends it every 50 ms while a press
  /// on a link is held, so a long press fires before the release.
  case tick

  /// The keys of decoded `events`: the app's own picked out, every other
  /// event passed on (runs of text joined into one).
  static func keys(of events: [TerminalEvent]) -> [PlaygroundKey] {
    TerminalEvent.coalesced(events).compactMap { event -> PlaygroundKey? in
      switch event {
      case .key(.function(let number), _) where (1...4).contains(number):
        return .screen(number - 1)
      case .key(.character(let character), .alt):
        // Alt-1, Alt-2, …: the screens.
        guard let digit = character.wholeNumberValue, (1...9).contains(digit) else {
          return .event(event)
        }
        return .screen(digit - 1)
      case .key(.escape, []), .key(.character("d"), .control), .key(.character("c"), .control):
        return .quit
      case .resize(let rows, let columns):
        guard (1...9999).contains(rows), (1...9999).contains(columns) else { return nil }
        return .resize(columns: columns, rows: rows)
      case .cursorPosition, .modeReport, .unknown:
        return nil
      default:
        return .event(event)
      }
    }
  }
}

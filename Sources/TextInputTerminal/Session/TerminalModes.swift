/// The terminal modes a text view turns on, and the bytes that turn them on
/// and off again. Pure values: `TerminalSession` writes them.
public struct TerminalModes: Hashable, Sendable {
  /// The alternate screen (1049): the user's scrollback is untouched.
  public var alternateScreen: Bool
  /// Bracketed paste (2004): a paste arrives as one `.paste` event.
  public var bracketedPaste: Bool
  /// Mouse presses, releases and drags (1000, 1002), reported as SGR (1006).
  public var mouse: Bool
  /// Focus in and out events (1004).
  public var focusEvents: Bool

  /// Creates modes; all on by default.
  public init(
    alternateScreen: Bool = true, bracketedPaste: Bool = true, mouse: Bool = true,
    focusEvents: Bool = true
  ) {
    self.alternateScreen = alternateScreen
    self.bracketedPaste = bracketedPaste
    self.mouse = mouse
    self.focusEvents = focusEvents
  }

  /// Every mode on.
  public static let standard = TerminalModes()

  /// The bytes that enter the modes: the alternate screen cleared, then
  /// the input modes.
  public var enter: String {
    var out = ""
    if alternateScreen { out += "\u{1B}[?1049h\u{1B}[H\u{1B}[2J" }
    if bracketedPaste { out += "\u{1B}[?2004h" }
    if mouse { out += "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h" }
    if focusEvents { out += "\u{1B}[?1004h" }
    return out
  }

  /// The bytes that leave them, in the reverse order, with attributes reset
  /// and the cursor shown; safe to write more than once.
  public var exit: String {
    var out = ""
    if focusEvents { out += "\u{1B}[?1004l" }
    if mouse { out += "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l" }
    if bracketedPaste { out += "\u{1B}[?2004l" }
    out += "\u{1B}[0m\u{1B}]8;;\u{1B}\\\u{1B}[?25h"
    if alternateScreen { out += "\u{1B}[?1049l" }
    return out
  }
}

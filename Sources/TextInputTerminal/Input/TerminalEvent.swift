/// A key a terminal sends, without its modifiers (see `TerminalModifiers`).
public enum TerminalKey: Hashable, Sendable {
  /// A character key pressed with Control or Alt (printable text without
  /// them arrives as `TerminalEvent.text`). Control letters are lowercase:
  /// Ctrl-A is `.character("a")` with `.control`.
  case character(Character)
  /// Return (CR, or keypad Enter).
  case enter
  /// Tab; Shift-Tab (`CSI Z`) is `.tab` with `.shift`.
  case tab
  /// Backspace (DEL 0x7F, or BS 0x08).
  case backspace
  /// A lone Escape, known only once `TerminalInputDecoder.flush()` is called.
  case escape
  case up, down, left, right
  case home, end, pageUp, pageDown, insert, delete
  /// A function key, F1 to F12 (`function(1)` is F1).
  case function(Int)
}

/// The modifiers of a key or a mouse event: xterm's bits (Shift 1, Alt 2,
/// Control 4, Meta 8), as in `CSI 1;<1+bits>A`.
public struct TerminalModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  /// Creates modifiers from xterm's bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  public static let shift = TerminalModifiers(rawValue: 1)
  public static let alt = TerminalModifiers(rawValue: 2)
  public static let control = TerminalModifiers(rawValue: 4)
  public static let meta = TerminalModifiers(rawValue: 8)
}

/// A mouse event from SGR mouse reporting (mode 1006).
public struct TerminalMouseEvent: Hashable, Sendable {
  /// What happened.
  public enum Kind: Hashable, Sendable {
    case press, release
    /// Motion with a button held (mode 1002 or 1003).
    case drag
    /// Motion with no button held (mode 1003).
    case move
    /// A wheel step (reported as a press); `button` says which way.
    case wheel
  }

  /// Which button.
  public enum Button: Hashable, Sendable {
    case left, middle, right
    /// No button (motion without a button).
    case none
    case wheelUp, wheelDown, wheelLeft, wheelRight
    /// Extra buttons 8 to 11, numbered from 0.
    case extra(Int)
  }

  public var kind: Kind
  public var button: Button
  /// The cell's column, **1-based** as the terminal reports it.
  public var column: Int
  /// The cell's row, **1-based** as the terminal reports it.
  public var row: Int
  /// Shift, Alt (reported as meta by SGR) and Control.
  public var modifiers: TerminalModifiers

  /// Creates a mouse event; `column` and `row` are 1-based cells.
  public init(
    kind: Kind, button: Button, column: Int, row: Int, modifiers: TerminalModifiers = []
  ) {
    self.kind = kind
    self.button = button
    self.column = column
    self.row = row
    self.modifiers = modifiers
  }
}

/// One thing a terminal sent, as `TerminalInputDecoder` decodes it.
public enum TerminalEvent: Hashable, Sendable {
  /// Typed text: exactly one Unicode scalar, never a control character (C0,
  /// DEL, C1); invalid UTF-8 is U+FFFD. `TerminalEvent.coalesced(_:)` joins
  /// runs of it.
  case text(String)
  /// A key, with its modifiers.
  case key(TerminalKey, TerminalModifiers)
  /// A bracketed paste (mode 2004): one edit, never keys. LF and TAB are
  /// kept (CR and CR LF become LF); every other control character (C0, ESC,
  /// DEL, C1) is U+FFFD, and so is invalid UTF-8. A paste longer than
  /// `TerminalInputDecoder.maximumPastePartLength` bytes arrives as
  /// consecutive `.paste` events, its parts in order (inserted one after the
  /// other with `Editor.insert(_:)`, they join one undo step);
  /// `TerminalSession.events(timeoutMilliseconds:)` returns them in one
  /// batch and `TerminalEvent.coalesced(_:)` joins them into one.
  case paste(String)
  /// A mouse event (SGR, mode 1006).
  case mouse(TerminalMouseEvent)
  /// The terminal window gained focus (`CSI I`, mode 1004).
  case focusIn
  /// The terminal window lost focus (`CSI O`, mode 1004).
  case focusOut
  /// A cursor position report (`CSI row;column R`), **1-based** cells.
  case cursorPosition(row: Int, column: Int)
  /// A DECRQM reply (`CSI ? mode;value $ y`, or without `?` for an ANSI
  /// mode): value 0 not recognised, 1 set, 2 reset, 3 permanently set,
  /// 4 permanently reset.
  case modeReport(mode: Int, value: Int, isPrivate: Bool)
  /// xterm's window size report in cells (`CSI 8;rows;columns t`).
  case resize(rows: Int, columns: Int)
  /// A sequence the decoder does not know, consumed whole: its bytes.
  case unknown([UInt8])
  /// The process was continued after a stop (`fg` after Ctrl-Z or SIGTSTP):
  /// `TerminalSession` has entered raw mode and its modes again, and what
  /// the program drew may have been overwritten by the shell. Never decoded
  /// from bytes.
  case resumed

  /// `events` with each run of adjacent `.text` events joined into one,
  /// and each run of adjacent `.paste` events (the parts of a long paste)
  /// joined into one.
  ///
  /// - Complexity: O(n) in the total text length: each run is appended to
  ///   in place.
  public static func coalesced(_ events: [TerminalEvent]) -> [TerminalEvent] {
    var out: [TerminalEvent] = []
    out.reserveCapacity(events.count)
    for event in events {
      switch (event, out.last) {
      case (.text(let more), .text(var text)?):
        // Off the array first, so that the string is not shared and grows
        // in place.
        out.removeLast()
        text += more
        out.append(.text(text))
      case (.paste(let more), .paste(var text)?):
        out.removeLast()
        text += more
        out.append(.paste(text))
      default:
        out.append(event)
      }
    }
    return out
  }
}

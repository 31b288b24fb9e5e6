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
  /// A mouse event, as SGR mouse reporting sends it (ESC [ < b ; x ; y M/m).
  case mouse(PlaygroundMouse)
}

/// A mouse event of SGR mouse reporting: `ESC [ < b ; x ; y M` for a press
/// (or a drag), `… m` for a release; columns and rows 1-based.
struct PlaygroundMouse: Hashable, Sendable {
  /// The button code: 0 left, 1 middle, 2 right; +32 for a motion with a
  /// button held; 64, 65 the wheel.
  var button: Int
  /// The terminal column, 1-based.
  var column: Int
  /// The terminal row, 1-based.
  var row: Int
  /// Whether it is a release (`m`) rather than a press or drag (`M`).
  var isRelease: Bool

  /// Whether it is a drag: a move with a button held.
  var isMotion: Bool { button & 32 != 0 }

  /// The event of a CSI body `<b;x;y` + `M` or `m`, or nil when malformed.
  init?(csiBody body: String) {
    guard body.hasPrefix("<"), let last = body.last, last == "M" || last == "m" else {
      return nil
    }
    let numbers = body.dropFirst().dropLast().split(
      separator: ";", omittingEmptySubsequences: false)
    guard numbers.count == 3, let button = Int(numbers[0]), let column = Int(numbers[1]),
      let row = Int(numbers[2]), button >= 0, column >= 1, row >= 1
    else { return nil }
    self.button = button
    self.column = column
    self.row = row
    self.isRelease = last == "m"
  }
}

/// Turns the terminal's input bytes into keys. Pure: no I/O, no clock.
///
/// Input is a byte stream: one `feed(_:)` may hold several keys, and a key
/// may be split between two: an incomplete UTF-8 sequence or escape sequence
/// at the end of a read is kept for the next one. Whether a pending ESC is a
/// key of its own (quit) or the start of a sequence still arriving is for the
/// caller to decide after a short wait: `timeout()` says "nothing more came".
/// Unknown escape sequences and control characters are dropped; invalid UTF-8
/// decodes to U+FFFD, as `measure` does. Nothing here ever traps.
struct PlaygroundKeyDecoder: Sendable {
  /// Bytes of a key not complete yet (at most a few).
  private(set) var pending: [UInt8] = []
  /// Whether the last byte seen was a CR, so that an LF right after it is
  /// the same Enter.
  private var afterCR = false

  /// U+FFFD, for bytes that are not UTF-8.
  static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// The longest escape sequence kept; longer ones are dropped as unknown.
  static let maximumSequenceLength = 32

  /// Whether the bytes held back start with ESC: the caller waits a little
  /// for the rest and else calls `timeout()`.
  var isWaitingForEscape: Bool { pending.first == 0x1B }

  /// Decodes `bytes` after those held back; an incomplete tail is kept.
  mutating func feed(_ bytes: some Sequence<UInt8>) -> [PlaygroundKey] {
    pending.append(contentsOf: bytes)
    return decode(final: false)
  }

  /// Nothing more arrived after a pending ESC: a lone ESC is `quit`, an
  /// incomplete sequence is dropped. Incomplete UTF-8 stays pending.
  mutating func timeout() -> [PlaygroundKey] {
    guard isWaitingForEscape else { return [] }
    let lone = pending.count == 1
    pending.removeAll()
    afterCR = false
    return lone ? [.quit] : []
  }

  /// The end of the input: what is pending is complete as it is (a lone ESC
  /// quits, incomplete UTF-8 is U+FFFD).
  mutating func finish() -> [PlaygroundKey] {
    decode(final: true)
  }

  // MARK: Decoding

  private mutating func decode(final: Bool) -> [PlaygroundKey] {
    var keys: [PlaygroundKey] = []
    var text = String.UnicodeScalarView()
    func flushText() {
      if !text.isEmpty {
        keys.append(.text(String(text)))
        text = String.UnicodeScalarView()
      }
    }
    var index = 0
    let bytes = pending
    while index < bytes.count {
      let byte = bytes[index]
      let wasAfterCR = afterCR
      afterCR = false
      switch byte {
      case 0x1B:
        switch Self.escape(bytes, at: index, final: final) {
        case .incomplete:
          flushText()
          pending = Array(bytes[index...])
          return keys
        case .complete(let length, let key):
          flushText()
          if let key { keys.append(key) }
          index += length
        }
        continue
      case 0x0D, 0x0A:
        if byte == 0x0A, wasAfterCR {
          index += 1
          continue
        }
        flushText()
        keys.append(.enter)
        afterCR = byte == 0x0D
        index += 1
        continue
      case 0x00..<0x20, 0x7F:
        flushText()
        if let key = Self.control(byte) { keys.append(key) }
        index += 1
        continue
      case 0x20..<0x7F:
        text.append(Unicode.Scalar(byte))
        index += 1
        continue
      default:
        break
      }
      switch Self.utf8(bytes, at: index) {
      case .incomplete:
        if final {
          text.append(Self.replacement)
          index = bytes.count
        } else {
          flushText()
          pending = Array(bytes[index...])
          return keys
        }
      case .invalid(let length):
        text.append(Self.replacement)
        index += length
      case .scalar(let scalar, let length):
        // C1 controls are not text; everything else printable is.
        if !(0x80...0x9F).contains(scalar.value) { text.append(scalar) }
        index += length
      }
    }
    flushText()
    pending.removeAll()
    return keys
  }

  /// The key of a C0 control or DEL, or nil for one that does nothing.
  static func control(_ byte: UInt8) -> PlaygroundKey? {
    switch byte {
    case 0x7F, 0x08: return .backspace
    case 0x09: return .cycleMode
    case 0x1A: return .undo
    case 0x19: return .redo
    case 0x12: return .toggleDirection
    case 0x01: return .cycleAlignment
    case 0x03, 0x04: return .quit
    default: return nil
    }
  }

  enum EscapeResult: Equatable {
    /// More bytes are needed to tell.
    case incomplete
    /// `length` bytes make a sequence: `key`, or nil for an unknown one.
    case complete(length: Int, key: PlaygroundKey?)
  }

  /// The escape sequence at `start` (an ESC). ESC [ … is a CSI sequence
  /// (parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, a final byte
  /// 0x40–0x7E); ESC O x is SS3; ESC followed by anything else is Alt with
  /// that character (unknown, dropped with it), ESC ESC a lone ESC. At the
  /// end of the input (`final`) a lone ESC is complete (quit) and an
  /// unfinished sequence is dropped.
  static func escape(_ bytes: [UInt8], at start: Int, final: Bool) -> EscapeResult {
    let rest = bytes.count - start
    guard rest >= 2 else {
      return final ? .complete(length: 1, key: .quit) : .incomplete
    }
    switch bytes[start + 1] {
    case UInt8(ascii: "["):
      var index = start + 2
      while index < bytes.count {
        let byte = bytes[index]
        if index - start >= maximumSequenceLength {
          return .complete(length: index - start, key: nil)
        }
        switch byte {
        case 0x20...0x3F:
          index += 1
        case 0x40...0x7E:
          let body = Array(bytes[(start + 2)...index])
          return .complete(length: index - start + 1, key: csiKey(body))
        default:
          // Not part of a sequence: the sequence so far is dropped, the byte
          // is read again as input of its own.
          return .complete(length: index - start, key: nil)
        }
      }
      return final ? .complete(length: rest, key: nil) : .incomplete
    case UInt8(ascii: "O"):
      guard rest >= 3 else { return final ? .complete(length: rest, key: nil) : .incomplete }
      switch bytes[start + 2] {
      case 0x40...0x7E: return .complete(length: 3, key: ss3Key(bytes[start + 2]))
      default: return .complete(length: 2, key: nil)
      }
    case 0x1B:
      // ESC ESC: the first is a key of its own.
      return .complete(length: 1, key: .quit)
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      // Alt-1, Alt-2, …: the screens.
      return .complete(length: 2, key: .screen(Int(bytes[start + 1] - UInt8(ascii: "1"))))
    case 0x20..<0x7F:
      return .complete(length: 2, key: nil)
    default:
      // ESC before a control or a non-ASCII byte: drop the ESC alone.
      return .complete(length: 1, key: nil)
    }
  }

  /// The key of a CSI sequence's parameters and final byte, or nil. Home and
  /// End come as ESC [ H / F (xterm), ESC [ 1 ~ / 4 ~ (VT220, tmux, screen)
  /// or ESC [ 7 ~ / 8 ~ (rxvt).
  static func csiKey(_ body: [UInt8]) -> PlaygroundKey? {
    switch String(decoding: body, as: UTF8.self) {
    case "A": return .up
    case "B": return .down
    case "C": return .right
    case "D": return .left
    case "H", "1~", "7~": return .home
    case "F", "4~", "8~": return .end
    case "3~": return .deleteForward
    case "11~", "12~", "13~", "14~":
      // F1–F4 (VT220): screens 0–3.
      return .screen((Int(String(decoding: body.dropLast(), as: UTF8.self)) ?? 11) - 11)
    default:
      return resizeKey(body)
        ?? PlaygroundMouse(csiBody: String(decoding: body, as: UTF8.self)).map(PlaygroundKey.mouse)
    }
  }

  /// The resize of ESC [ 8 ; rows ; columns t (both at least 1, at most 9999),
  /// or nil for any other sequence.
  static func resizeKey(_ body: [UInt8]) -> PlaygroundKey? {
    let fields = String(decoding: body, as: UTF8.self).split(
      separator: ";", omittingEmptySubsequences: false)
    guard fields.count == 3, fields[0] == "8", let last = fields[2].last, last == "t",
      let rows = Int(fields[1]), let columns = Int(fields[2].dropLast()),
      (1...9999).contains(rows), (1...9999).contains(columns)
    else { return nil }
    return .resize(columns: columns, rows: rows)
  }

  /// The key of an SS3 sequence's final byte (ESC O x, the arrows and Home /
  /// End in application cursor mode), or nil.
  static func ss3Key(_ final: UInt8) -> PlaygroundKey? {
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "P")...UInt8(ascii: "S"): return .screen(Int(final - UInt8(ascii: "P")))
    default: return nil
    }
  }

  enum UTF8Result: Equatable {
    case scalar(Unicode.Scalar, length: Int)
    /// An ill-formed sequence of `length` bytes (its maximal subpart): one U+FFFD.
    case invalid(length: Int)
    /// Well-formed so far, but the bytes end before it does.
    case incomplete
  }

  /// The UTF-8 sequence at `start` (a byte ≥ 0x80), by the well-formed
  /// byte sequences of Unicode's table 3-7, so it decodes as `String` does.
  static func utf8(_ bytes: [UInt8], at start: Int) -> UTF8Result {
    let lead = bytes[start]
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      second = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      second = 0x80...0x9F
    case 0xF0:
      length = 4
      second = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      second = 0x80...0x8F
    default: return .invalid(length: 1)
    }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length {
      guard start + offset < bytes.count else { return .incomplete }
      let byte = bytes[start + offset]
      let allowed = offset == 1 ? second : 0x80...0xBF
      guard allowed.contains(byte) else { return .invalid(length: offset) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value) else { return .invalid(length: length) }
    return .scalar(scalar, length: length)
  }
}

/// Decodes the bytes a terminal sends into `TerminalEvent`s: UTF-8 text,
/// control keys, CSI and SS3 keys with modifiers, Alt (an ESC prefix),
/// bracketed paste (mode 2004), SGR mouse (mode 1006), focus (mode 1004),
/// cursor position reports, DECRQM replies and xterm's size report.
///
/// It is a streaming decoder: feed it the bytes of each `read()` as they come,
/// split anywhere, and it yields the same events as for the bytes in one
/// piece. A sequence it does not know is consumed whole and reported as
/// `.unknown(bytes)`, never as text; text never holds a control character.
///
/// A lone ESC is ambiguous (the Escape key, or the start of a sequence whose
/// rest has not arrived): the decoder holds it until more bytes come or the
/// program calls `flush()`, which it does when nothing has arrived for a short
/// while (`needsFlush` says whether to wait with a timeout).
///
/// ```swift
/// var decoder = TerminalInputDecoder()
/// decoder.decode(Array("a\u{1B}[1;5".utf8))  // [.text("a")]
/// decoder.decode(Array("C".utf8))             // [.key(.right, .control)]
/// decoder.decode([0x1B])                      // []
/// decoder.flush()                             // [.key(.escape, [])]
/// ```
///
/// Known ambiguities, decided as xterm's own programs do: `CSI r;c R` is a
/// cursor position report (not a modified F3, which modern xterm sends as
/// `CSI 1;m R` only when asked); `ESC [` and `ESC O` start sequences (Alt-[
/// and Alt-Shift-O are seen only when `flush()` finds them alone).
public struct TerminalInputDecoder: Sendable {
  private enum State: Sendable {
    case ground
    /// After ESC (or ESC ESC): `sequence` holds them.
    case escape
    /// In a CSI sequence; `sequence` holds it so far.
    case csi
    /// A CSI sequence too long to keep: consumed up to its final byte.
    case csiIgnore
    /// After ESC O.
    case ss3
    /// An SS3 sequence too long to keep: consumed up to its final byte.
    case ss3Ignore
    /// In an OSC, DCS, APC, PM or SOS string (up to BEL or ST).
    case string
    /// An ESC inside a string (the start of ST, ESC \).
    case stringEscape
    /// In an X10 mouse report (`CSI M` and three bytes).
    case x10
    /// Inside a bracketed paste.
    case paste
  }

  /// The longest CSI or SS3 sequence kept, in bytes; longer ones are consumed
  /// and reported truncated.
  static let maximumSequenceLength = 64
  /// The longest part of a bracketed paste delivered as one `.paste`
  /// event, in bytes of UTF-8 as the terminal sent them: 64 KiB. A longer
  /// paste arrives as consecutive `.paste` events, each cut between UTF-8
  /// scalars and never between CR and LF, while `isInPaste` stays true
  /// until its end; the decoder keeps no more than this of a paste.
  public static let maximumPastePartLength = 65_536
  /// The longest string (OSC, DCS, …) kept, in bytes; the rest is consumed.
  static let maximumStringLength = 4096
  private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  private var state = State.ground
  private var sequence: [UInt8] = []
  /// The bytes of a UTF-8 scalar begun but not finished.
  private var utf8: [UInt8] = []
  /// Whether the next key or text had an ESC before it (Alt).
  private var pendingAlt = false
  private var pasteBytes: [UInt8] = []
  private var pasteMatch = 0
  private var events: [TerminalEvent] = []

  /// A decoder in its initial state.
  public init() {}

  /// Whether bytes are held that `flush()` would resolve: a lone ESC, an
  /// unfinished sequence or UTF-8 scalar. A program waiting for input should
  /// then wait only briefly (tens of milliseconds) and call `flush()`.
  public var needsFlush: Bool {
    switch state {
    case .ground: return !utf8.isEmpty
    case .paste, .csiIgnore, .ss3Ignore: return false
    default: return true
    }
  }

  /// Whether a bracketed paste has begun and not ended: `flush()` never ends
  /// a paste, the terminal does. A paste longer than
  /// `maximumPastePartLength` arrives in parts, and this is true between them.
  public var isInPaste: Bool {
    if case .paste = state { return true }
    return false
  }

  /// Decodes `bytes`, the next bytes read from the terminal.
  ///
  /// Inside a bracketed paste the bytes are taken in bulk: a search for the
  /// next ESC (which may start the end marker), then one copy of the bytes
  /// before it, so a long paste costs no per-byte state machine.
  ///
  /// - Returns: The events they complete, in order.
  /// - Complexity: O(n) in the number of bytes.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [TerminalEvent] {
    let handled: Void? = bytes.withContiguousStorageIfAvailable { decode(buffer: $0) }
    if handled == nil {
      Array(bytes).withUnsafeBufferPointer { decode(buffer: $0) }
    }
    defer { events.removeAll(keepingCapacity: true) }
    return events
  }

  /// Processes `bytes`, a paste's body in bulk (see `decode(_:)`).
  private mutating func decode(buffer bytes: UnsafeBufferPointer<UInt8>) {
    var index = 0
    while index < bytes.count {
      guard case .paste = state, pasteMatch == 0 else {
        process(bytes[index])
        index += 1
        continue
      }
      // The bytes up to the next ESC are the paste's, as far as a part goes.
      let room = Swift.max(Self.maximumPastePartLength - pasteBytes.count, 1)
      let limit = Swift.min(bytes.count, index + room)
      let stretch = UnsafeBufferPointer(rebasing: bytes[index..<limit])
      let run = stretch.firstIndex(of: 0x1B).map { $0 - index } ?? stretch.count
      guard run > 0 else {
        process(bytes[index])
        index += 1
        continue
      }
      pasteBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + run)]))
      index += run
      if pasteBytes.count >= Self.maximumPastePartLength { emitPastePart() }
    }
  }

  /// Resolves what is held as if no more bytes will follow soon: a lone ESC
  /// is the Escape key (ESC ESC is Alt-Escape), `ESC [`, `ESC O` or `ESC ]`
  /// alone are Alt with that character, an unfinished sequence is
  /// `.unknown`, an unfinished UTF-8 scalar is U+FFFD. A paste in progress
  /// is kept.
  public mutating func flush() -> [TerminalEvent] {
    switch state {
    case .ground, .paste:
      break
    case .csiIgnore, .ss3Ignore:
      state = .ground
    case .escape:
      emit(.key(.escape, sequence.count > 1 ? [.alt] : []))
      reset()
    case .csi, .ss3, .string:
      let altPrefix = sequence.count > 2 && sequence[1] == 0x1B
      let body = sequence.dropFirst(altPrefix ? 2 : 1)
      if body.count == 1, let first = body.first {
        // `ESC [` alone is Alt-[ (after ESC ESC: Escape, then Alt-[).
        if altPrefix { emit(.key(.escape, [])) }
        emit(.key(.character(Character(Unicode.Scalar(first))), [.alt]))
      } else {
        emit(.unknown(sequence))
      }
      reset()
    case .stringEscape:
      emit(.unknown(sequence))
      emit(.key(.escape, []))
      reset()
    case .x10:
      emit(.unknown(sequence))
      reset()
    }
    if !utf8.isEmpty {
      utf8.removeAll()
      emitText(0xFFFD)
    }
    pendingAlt = false
    defer { events.removeAll(keepingCapacity: true) }
    return events
  }

  private mutating func reset() {
    state = .ground
    sequence.removeAll(keepingCapacity: true)
  }

  private mutating func emit(_ event: TerminalEvent) {
    events.append(event)
  }

  // MARK: Bytes

  private mutating func process(_ byte: UInt8) {
    var again = true
    while again {
      again = false
      switch state {
      case .ground: again = ground(byte)
      case .escape: again = escape(byte)
      case .csi: again = csi(byte)
      case .csiIgnore:
        if (0x40...0x7E).contains(byte) {
          state = .ground
        } else if !(0x20...0x3F).contains(byte) {
          state = .ground
          again = true
        }
      case .ss3: again = ss3(byte)
      case .ss3Ignore:
        if (0x40...0x7E).contains(byte) {
          state = .ground
        } else if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), byte != UInt8(ascii: ";")
        {
          state = .ground
          again = true
        }
      case .string: string(byte)
      case .stringEscape:
        if byte == UInt8(ascii: "\\") {
          sequence += [0x1B, byte]
          emit(.unknown(sequence))
          reset()
        } else {
          emit(.unknown(sequence))
          sequence = [0x1B]
          state = .escape
          again = true
        }
      case .x10:
        sequence.append(byte)
        if sequence.count == 6 { finishX10() }
      case .paste: paste(byte)
      }
    }
  }

  /// Returns whether `byte` must be processed again (in the new state).
  private mutating func ground(_ byte: UInt8) -> Bool {
    if !utf8.isEmpty {
      if Self.continues(utf8, with: byte) {
        utf8.append(byte)
        if utf8.count == Self.length(ofLead: utf8[0]) {
          let scalar = Self.scalar(of: utf8)
          utf8.removeAll(keepingCapacity: true)
          emitText(scalar)
        }
        return false
      }
      // The maximal subpart so far is one U+FFFD; the byte starts afresh.
      utf8.removeAll(keepingCapacity: true)
      emitText(0xFFFD)
      return true
    }
    switch byte {
    case 0x1B:
      sequence = [0x1B]
      state = .escape
    case 0x00..<0x20, 0x7F:
      emitKey(Self.controlKey(byte), [])
    case 0x20..<0x80:
      emitText(UInt32(byte))
    case 0xC2...0xF4:
      utf8.append(byte)
    default:
      emitText(0xFFFD)
    }
    return false
  }

  private mutating func escape(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "["):
      sequence.append(byte)
      state = .csi
    case UInt8(ascii: "O"):
      sequence.append(byte)
      state = .ss3
    case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"),
      UInt8(ascii: "X"):
      sequence.append(byte)
      state = .string
    case 0x1B:
      if sequence.count == 1 {
        sequence.append(byte)
      } else {
        // ESC ESC ESC: Alt-Escape, then a new ESC.
        emit(.key(.escape, [.alt]))
        sequence = [0x1B]
      }
    default:
      if sequence.count > 1 { emit(.key(.escape, [])) }
      reset()
      pendingAlt = true
      return true
    }
    return false
  }

  private mutating func csi(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x20...0x3F:
      sequence.append(byte)
      if sequence.count > Self.maximumSequenceLength {
        emit(.unknown(sequence))
        reset()
        state = .csiIgnore
      }
      return false
    case 0x40...0x7E:
      sequence.append(byte)
      finishCSI()
      return false
    default:
      emit(.unknown(sequence))
      reset()
      return true
    }
  }

  private mutating func ss3(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ";"):
      sequence.append(byte)
      if sequence.count > Self.maximumSequenceLength {
        emit(.unknown(sequence))
        reset()
        state = .ss3Ignore
      }
      return false
    case 0x40...0x7E:
      sequence.append(byte)
      finishSS3()
      return false
    default:
      emit(.unknown(sequence))
      reset()
      return true
    }
  }

  private mutating func string(_ byte: UInt8) {
    switch byte {
    case 0x07:
      sequence.append(byte)
      emit(.unknown(sequence))
      reset()
    case 0x1B:
      state = .stringEscape
    default:
      if sequence.count < Self.maximumStringLength { sequence.append(byte) }
    }
  }

  private mutating func paste(_ byte: UInt8) {
    let end = Self.pasteEnd
    if byte == end[pasteMatch] {
      pasteMatch += 1
      if pasteMatch == end.count {
        emit(.paste(Self.pasteText(pasteBytes)))
        pasteBytes.removeAll()
        pasteMatch = 0
        state = .ground
      }
      return
    }
    if pasteMatch > 0 {
      pasteBytes += end[0..<pasteMatch]
      pasteMatch = 0
    }
    if byte == end[0] {
      pasteMatch = 1
    } else {
      pasteBytes.append(byte)
    }
    if pasteBytes.count >= Self.maximumPastePartLength { emitPastePart() }
  }

  /// Delivers what is kept of a long paste as a `.paste` event, keeping
  /// back an unfinished UTF-8 scalar and a CR that an LF may follow.
  private mutating func emitPastePart() {
    var cut = pasteBytes.count
    var lead = cut - 1
    while lead > 0, cut - lead < 4, (0x80...0xBF).contains(pasteBytes[lead]) { lead -= 1 }
    if pasteBytes[lead] >= 0xC2, cut - lead < Self.length(ofLead: pasteBytes[lead]) { cut = lead }
    if cut > 0, pasteBytes[cut - 1] == 0x0D { cut -= 1 }
    guard cut > 0 else { return }
    emit(.paste(Self.pasteText(Array(pasteBytes[..<cut]))))
    pasteBytes.removeFirst(cut)
  }

  // MARK: Events

  private mutating func emitKey(_ key: TerminalKey, _ modifiers: TerminalModifiers) {
    var modifiers = modifiers
    if pendingAlt { modifiers.insert(.alt) }
    pendingAlt = false
    emit(.key(key, modifiers))
  }

  private mutating func emitText(_ value: UInt32) {
    let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    if (0x80...0x9F).contains(value) {
      // A C1 control, encoded in UTF-8: never text.
      pendingAlt = false
      emit(.unknown(Array(String(scalar).utf8)))
      return
    }
    if pendingAlt {
      pendingAlt = false
      emit(.key(.character(Character(scalar)), [.alt]))
    } else {
      emit(.text(String(scalar)))
    }
  }

  static func controlKey(_ byte: UInt8) -> (TerminalKey, TerminalModifiers) {
    switch byte {
    case 0x0D: return (.enter, [])
    case 0x09: return (.tab, [])
    case 0x7F, 0x08: return (.backspace, [])
    case 0x00: return (.character(" "), [.control])
    case 0x01...0x1A:
      return (.character(Character(Unicode.Scalar(byte + 0x60))), [.control])
    default:
      // 0x1C–0x1F: Ctrl-\ Ctrl-] Ctrl-^ Ctrl-_.
      return (.character(Character(Unicode.Scalar(byte + 0x40))), [.control])
    }
  }

  private mutating func emitKey(
    _ pair: (TerminalKey, TerminalModifiers), _ extra: TerminalModifiers
  ) {
    emitKey(pair.0, pair.1.union(extra))
  }

  private mutating func finishCSI() {
    let altPrefix = sequence.count > 2 && sequence[1] == 0x1B
    let body = Array(sequence.dropFirst(altPrefix ? 3 : 2))
    let bytes = sequence
    reset()
    guard let final = body.last else { return }
    var prefix: UInt8?
    var parameters = body.dropLast()[...]
    if let first = parameters.first, (0x3C...0x3F).contains(first) {
      prefix = first
      parameters = parameters.dropFirst()
    }
    var intermediates: [UInt8] = []
    while let last = parameters.last, (0x20...0x2F).contains(last) {
      intermediates.insert(last, at: 0)
      parameters = parameters.dropLast()
    }
    guard let numbers = Self.numbers(parameters) else {
      emit(.unknown(bytes))
      return
    }
    let alt: TerminalModifiers = altPrefix ? [.alt] : []
    if let event = Self.csiEvent(
      prefix: prefix, numbers: numbers, intermediates: intermediates, final: final)
    {
      if case .key(let key, let modifiers) = event {
        emit(.key(key, modifiers.union(alt)))
      } else if case .paste = event {
        state = .paste
      } else {
        emit(event)
      }
    } else if prefix == nil, intermediates.isEmpty, numbers.isEmpty, final == UInt8(ascii: "M") {
      sequence = Array("\u{1B}[M".utf8)
      state = .x10
    } else {
      emit(.unknown(bytes))
    }
  }

  /// The event of a complete CSI sequence, or nil for an unknown one;
  /// `.paste("")` stands for the start of a paste.
  static func csiEvent(prefix: UInt8?, numbers: [Int?], intermediates: [UInt8], final: UInt8)
    -> TerminalEvent?
  {
    func number(_ index: Int, default value: Int) -> Int {
      index < numbers.count ? (numbers[index] ?? value) : value
    }
    let modifiers = modifiers(number(1, default: 1))
    switch (prefix, intermediates, final) {
    case (UInt8(ascii: "<"), [], UInt8(ascii: "M")), (UInt8(ascii: "<"), [], UInt8(ascii: "m")):
      guard numbers.count == 3, let code = numbers[0], let column = numbers[1],
        let row = numbers[2]
      else { return nil }
      return .mouse(mouse(code: code, column: column, row: row, released: final == 0x6D))
    case (UInt8(ascii: "?"), [UInt8(ascii: "$")], UInt8(ascii: "y")),
      (nil, [UInt8(ascii: "$")], UInt8(ascii: "y")):
      guard numbers.count == 2, let mode = numbers[0], let value = numbers[1] else { return nil }
      return .modeReport(mode: mode, value: value, isPrivate: prefix != nil)
    case (nil, [], _):
      break
    default:
      return nil
    }
    switch final {
    case UInt8(ascii: "A"): return .key(.up, modifiers)
    case UInt8(ascii: "B"): return .key(.down, modifiers)
    case UInt8(ascii: "C"): return .key(.right, modifiers)
    case UInt8(ascii: "D"): return .key(.left, modifiers)
    case UInt8(ascii: "H"): return .key(.home, modifiers)
    case UInt8(ascii: "F"): return .key(.end, modifiers)
    case UInt8(ascii: "Z"): return .key(.tab, modifiers.union(.shift))
    case UInt8(ascii: "P"): return .key(.function(1), modifiers)
    case UInt8(ascii: "Q"): return .key(.function(2), modifiers)
    case UInt8(ascii: "S"): return .key(.function(4), modifiers)
    case UInt8(ascii: "R"):
      if numbers.count == 2, let row = numbers[0], let column = numbers[1] {
        return .cursorPosition(row: row, column: column)
      }
      return .key(.function(3), modifiers)
    case UInt8(ascii: "I"): return numbers.isEmpty ? .focusIn : nil
    case UInt8(ascii: "O"): return numbers.isEmpty ? .focusOut : nil
    case UInt8(ascii: "t"):
      guard numbers.count == 3, numbers[0] == 8, let rows = numbers[1], let columns = numbers[2]
      else { return nil }
      return .resize(rows: rows, columns: columns)
    case UInt8(ascii: "~"):
      guard let code = numbers.first ?? nil else { return nil }
      let key: TerminalKey
      switch code {
      case 200: return .paste("")
      case 1, 7: key = .home
      case 2: key = .insert
      case 3: key = .delete
      case 4, 8: key = .end
      case 5: key = .pageUp
      case 6: key = .pageDown
      case 11...15: key = .function(code - 10)
      case 17...21: key = .function(code - 11)
      case 23, 24: key = .function(code - 12)
      default: return nil
      }
      return .key(key, modifiers)
    default:
      return nil
    }
  }

  /// xterm's modifier parameter (1 + bits) as modifiers; anything else is none.
  static func modifiers(_ parameter: Int) -> TerminalModifiers {
    parameter >= 1 && parameter <= 16 ? TerminalModifiers(rawValue: parameter - 1) : []
  }

  static func mouse(code: Int, column: Int, row: Int, released: Bool) -> TerminalMouseEvent {
    var modifiers: TerminalModifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let low = code & 3
    let button: TerminalMouseEvent.Button
    let kind: TerminalMouseEvent.Kind
    if code & 128 != 0 {
      button = .extra(low)
      kind = released ? .release : (code & 32 != 0 ? .drag : .press)
    } else if code & 64 != 0 {
      button = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
      kind = .wheel
    } else {
      button = [.left, .middle, .right, .none][low]
      if code & 32 != 0 {
        kind = low == 3 ? .move : .drag
      } else {
        kind = released ? .release : .press
      }
    }
    return TerminalMouseEvent(
      kind: kind, button: button, column: column, row: row, modifiers: modifiers)
  }

  private mutating func finishX10() {
    let code = Int(sequence[3]) - 32
    let column = Int(sequence[4]) - 32
    let row = Int(sequence[5]) - 32
    let bytes = sequence
    reset()
    guard code >= 0, column >= 1, row >= 1 else {
      emit(.unknown(bytes))
      return
    }
    // X10 reports a release as button 3, without saying which.
    let released = code & 3 == 3 && code & 96 == 0
    emit(.mouse(Self.mouse(code: code, column: column, row: row, released: released)))
  }

  private mutating func finishSS3() {
    let altPrefix = sequence.count > 2 && sequence[1] == 0x1B
    let body = Array(sequence.dropFirst(altPrefix ? 3 : 2))
    let bytes = sequence
    reset()
    guard let final = body.last, let numbers = Self.numbers(body.dropLast()[...]) else {
      emit(.unknown(bytes))
      return
    }
    // `ESC O 5 A` (a modifier as the only parameter), or `ESC O 1;5 A`.
    let parameter = numbers.count == 1 ? numbers[0] : (numbers.count == 2 ? numbers[1] : nil)
    var modifiers = Self.modifiers(parameter ?? 1)
    if altPrefix { modifiers.insert(.alt) }
    let key: TerminalKey
    switch final {
    case UInt8(ascii: "A"): key = .up
    case UInt8(ascii: "B"): key = .down
    case UInt8(ascii: "C"): key = .right
    case UInt8(ascii: "D"): key = .left
    case UInt8(ascii: "H"): key = .home
    case UInt8(ascii: "F"): key = .end
    case UInt8(ascii: "M"): key = .enter
    case UInt8(ascii: "P"): key = .function(1)
    case UInt8(ascii: "Q"): key = .function(2)
    case UInt8(ascii: "R"): key = .function(3)
    case UInt8(ascii: "S"): key = .function(4)
    default:
      emit(.unknown(bytes))
      return
    }
    emit(.key(key, modifiers))
  }

  // MARK: Parameters and UTF-8

  /// The numbers of `;`-separated parameters (a `:` sub-parameter is
  /// dropped); an empty parameter is nil. Nil for bytes that are not
  /// parameters. Values saturate at 9 999 999.
  static func numbers(_ bytes: ArraySlice<UInt8>) -> [Int?]? {
    if bytes.isEmpty { return [] }
    var out: [Int?] = []
    var current: Int?
    var inSub = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        if inSub { continue }
        current = min((current ?? 0) * 10 + Int(byte - 0x30), 9_999_999)
      case UInt8(ascii: ";"):
        out.append(current)
        current = nil
        inSub = false
      case UInt8(ascii: ":"):
        inSub = true
      default:
        return nil
      }
    }
    out.append(current)
    return out
  }

  static func length(ofLead lead: UInt8) -> Int {
    switch lead {
    case 0xC2...0xDF: return 2
    case 0xE0...0xEF: return 3
    default: return 4
    }
  }

  /// Whether `byte` is a valid next byte of the unfinished scalar `bytes`
  /// (Unicode's table of well-formed UTF-8).
  static func continues(_ bytes: [UInt8], with byte: UInt8) -> Bool {
    if bytes.count == 1 {
      switch bytes[0] {
      case 0xE0: return (0xA0...0xBF).contains(byte)
      case 0xED: return (0x80...0x9F).contains(byte)
      case 0xF0: return (0x90...0xBF).contains(byte)
      case 0xF4: return (0x80...0x8F).contains(byte)
      default: return (0x80...0xBF).contains(byte)
      }
    }
    return (0x80...0xBF).contains(byte)
  }

  static func scalar(of bytes: [UInt8]) -> UInt32 {
    var value: UInt32
    switch bytes.count {
    case 2: value = UInt32(bytes[0] & 0x1F)
    case 3: value = UInt32(bytes[0] & 0x0F)
    default: value = UInt32(bytes[0] & 0x07)
    }
    for byte in bytes.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
    return value
  }

  /// A paste's bytes as text: invalid UTF-8 is U+FFFD; CR LF and CR become
  /// LF; LF and TAB stay; every other control (C0, DEL, C1) is U+FFFD.
  static func pasteText(_ bytes: [UInt8]) -> String {
    // Most pastes hold no control but LF and TAB: then the bytes are the
    // text (one scan, then the standard library's bulk UTF-8 decoding).
    let needsRewrite = bytes.withUnsafeBufferPointer { buffer in
      var previous: UInt8 = 0
      for byte in buffer {
        // C0 but LF and TAB, DEL, and C1 (U+0080–U+009F: C2 80–C2 9F).
        if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F
          || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F)
        {
          return true
        }
        previous = byte
      }
      return false
    }
    guard needsRewrite else { return String(decoding: bytes, as: UTF8.self) }
    let decoded = String(decoding: bytes, as: UTF8.self)
    var out = String.UnicodeScalarView()
    var afterCR = false
    for scalar in decoded.unicodeScalars {
      let wasCR = afterCR
      afterCR = false
      switch scalar.value {
      case 0x0D:
        out.append("\n")
        afterCR = true
      case 0x0A:
        if !wasCR { out.append("\n") }
      case 0x09:
        out.append(scalar)
      case 0x00..<0x20, 0x7F...0x9F:
        out.append("\u{FFFD}")
      default:
        out.append(scalar)
      }
    }
    return String(out)
  }
}

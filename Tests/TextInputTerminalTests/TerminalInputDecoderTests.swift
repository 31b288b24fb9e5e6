import PropertyBased
import Testing
import TextInputTerminal
import UnicodeTestSupport

/// One recorded byte sequence and the events it decodes to (after `flush()`).
struct Recorded: CustomTestStringConvertible, Sendable {
  var name: String
  var bytes: [UInt8]
  var events: [TerminalEvent]

  init(_ name: String, _ text: String, _ events: [TerminalEvent]) {
    self.name = name
    self.bytes = Array(text.utf8)
    self.events = events
  }

  init(_ name: String, bytes: [UInt8], _ events: [TerminalEvent]) {
    self.name = name
    self.bytes = bytes
    self.events = events
  }

  var testDescription: String { name }
}

/// Decodes `parts` one after the other, then flushes.
func decodeAll(_ parts: [[UInt8]]) -> [TerminalEvent] {
  var decoder = TerminalInputDecoder()
  var events: [TerminalEvent] = []
  for part in parts { events += decoder.decode(part) }
  return events + decoder.flush()
}

@Suite struct TerminalInputDecoderTests {
  // Byte sequences as xterm, tmux 3.3a and foot send them (recorded with `cat -v`).
  static let recorded: [Recorded] = [
    Recorded("ascii", "ab", [.text("a"), .text("b")]),
    Recorded("utf8", "é日👍", [.text("é"), .text("日"), .text("👍")]),
    Recorded("enter", "\r", [.key(.enter, [])]),
    Recorded("tab", "\t", [.key(.tab, [])]),
    Recorded("DEL is backspace", "\u{7F}", [.key(.backspace, [])]),
    Recorded("BS is backspace", "\u{08}", [.key(.backspace, [])]),
    Recorded("ctrl-a", "\u{01}", [.key(.character("a"), .control)]),
    Recorded("ctrl-c", "\u{03}", [.key(.character("c"), .control)]),
    Recorded("ctrl-space", bytes: [0], [.key(.character(" "), .control)]),
    Recorded("ctrl-underscore", "\u{1F}", [.key(.character("_"), .control)]),
    Recorded("up", "\u{1B}[A", [.key(.up, [])]),
    Recorded("ss3 up", "\u{1B}OA", [.key(.up, [])]),
    Recorded("ctrl-right", "\u{1B}[1;5C", [.key(.right, .control)]),
    Recorded("shift-alt-left", "\u{1B}[1;4D", [.key(.left, [.shift, .alt])]),
    Recorded("home", "\u{1B}[H", [.key(.home, [])]),
    Recorded("end", "\u{1B}[F", [.key(.end, [])]),
    Recorded("home tilde", "\u{1B}[1~", [.key(.home, [])]),
    Recorded("end tilde", "\u{1B}[4~", [.key(.end, [])]),
    Recorded("insert", "\u{1B}[2~", [.key(.insert, [])]),
    Recorded("delete", "\u{1B}[3~", [.key(.delete, [])]),
    Recorded("ctrl-delete", "\u{1B}[3;5~", [.key(.delete, .control)]),
    Recorded("page up", "\u{1B}[5~", [.key(.pageUp, [])]),
    Recorded("page down", "\u{1B}[6~", [.key(.pageDown, [])]),
    Recorded("F1 ss3", "\u{1B}OP", [.key(.function(1), [])]),
    Recorded("F3 ss3", "\u{1B}OR", [.key(.function(3), [])]),
    Recorded("F4 shift", "\u{1B}[1;2S", [.key(.function(4), .shift)]),
    Recorded("F5", "\u{1B}[15~", [.key(.function(5), [])]),
    Recorded("F6", "\u{1B}[17~", [.key(.function(6), [])]),
    Recorded("F10", "\u{1B}[21~", [.key(.function(10), [])]),
    Recorded("F11", "\u{1B}[23~", [.key(.function(11), [])]),
    Recorded("F12 ctrl", "\u{1B}[24;5~", [.key(.function(12), .control)]),
    Recorded("shift-tab", "\u{1B}[Z", [.key(.tab, .shift)]),
    Recorded("alt-x", "\u{1B}x", [.key(.character("x"), .alt)]),
    Recorded("alt-é", "\u{1B}é", [.key(.character("é"), .alt)]),
    Recorded("alt-backspace", "\u{1B}\u{7F}", [.key(.backspace, .alt)]),
    Recorded("alt-enter", "\u{1B}\r", [.key(.enter, .alt)]),
    Recorded("alt-up (ESC ESC)", "\u{1B}\u{1B}[A", [.key(.up, .alt)]),
    Recorded("lone escape", "\u{1B}", [.key(.escape, [])]),
    Recorded("alt-escape", "\u{1B}\u{1B}", [.key(.escape, .alt)]),
    Recorded("alt-[ alone", "\u{1B}[", [.key(.character("["), .alt)]),
    Recorded(
      "paste", "\u{1B}[200~hi \u{1B}[A there\u{1B}[201~", [.paste("hi \u{FFFD}[A there")]),
    Recorded("paste of lines", "\u{1B}[200~a\r\nb\rc\nd\te\u{1B}[201~", [.paste("a\nb\nc\nd\te")]),
    Recorded("empty paste", "\u{1B}[200~\u{1B}[201~", [.paste("")]),
    Recorded(
      "paste with a near terminator", "\u{1B}[200~x\u{1B}[20\u{1B}[201~",
      [.paste("x\u{FFFD}[20")]),
    Recorded(
      "paste then key", "\u{1B}[200~p\u{1B}[201~\u{1B}[B", [.paste("p"), .key(.down, [])]),
    Recorded(
      "paste of invalid UTF-8",
      bytes: Array("\u{1B}[200~".utf8) + [0xFF, 0x41] + Array("\u{1B}[201~".utf8),
      [.paste("\u{FFFD}A")]),
    Recorded(
      "mouse press", "\u{1B}[<0;12;4M",
      [.mouse(TerminalMouseEvent(kind: .press, button: .left, column: 12, row: 4))]),
    Recorded(
      "mouse release", "\u{1B}[<0;12;4m",
      [.mouse(TerminalMouseEvent(kind: .release, button: .left, column: 12, row: 4))]),
    Recorded(
      "mouse drag", "\u{1B}[<32;13;4M",
      [.mouse(TerminalMouseEvent(kind: .drag, button: .left, column: 13, row: 4))]),
    Recorded(
      "mouse move", "\u{1B}[<35;1;1M",
      [.mouse(TerminalMouseEvent(kind: .move, button: .none, column: 1, row: 1))]),
    Recorded(
      "right press with ctrl", "\u{1B}[<18;300;200M",
      [
        .mouse(
          TerminalMouseEvent(
            kind: .press, button: .right, column: 300, row: 200, modifiers: .control))
      ]),
    Recorded(
      "wheel up", "\u{1B}[<64;5;6M",
      [.mouse(TerminalMouseEvent(kind: .wheel, button: .wheelUp, column: 5, row: 6))]),
    Recorded(
      "wheel down with shift", "\u{1B}[<69;5;6M",
      [
        .mouse(
          TerminalMouseEvent(kind: .wheel, button: .wheelDown, column: 5, row: 6, modifiers: .shift)
        )
      ]),
    Recorded(
      "x10 mouse", "\u{1B}[M !!",
      [.mouse(TerminalMouseEvent(kind: .press, button: .left, column: 1, row: 1))]),
    Recorded("focus in", "\u{1B}[I", [.focusIn]),
    Recorded("focus out", "\u{1B}[O", [.focusOut]),
    Recorded("cursor report", "\u{1B}[3;14R", [.cursorPosition(row: 3, column: 14)]),
    Recorded(
      "DECRQM 2027", "\u{1B}[?2027;2$y", [.modeReport(mode: 2027, value: 2, isPrivate: true)]),
    Recorded("DECRQM ANSI", "\u{1B}[4;0$y", [.modeReport(mode: 4, value: 0, isPrivate: false)]),
    Recorded("resize", "\u{1B}[8;24;80t", [.resize(rows: 24, columns: 80)]),
    Recorded("unknown CSI", "\u{1B}[99x", [.unknown(Array("\u{1B}[99x".utf8))]),
    Recorded("unknown CSI u", "\u{1B}[97;5u", [.unknown(Array("\u{1B}[97;5u".utf8))]),
    Recorded(
      "OSC title (BEL)", "\u{1B}]0;pwned\u{07}", [.unknown(Array("\u{1B}]0;pwned\u{07}".utf8))]),
    Recorded(
      "OSC colour (ST)", "\u{1B}]11;rgb:0/0/0\u{1B}\\a",
      [.unknown(Array("\u{1B}]11;rgb:0/0/0\u{1B}\\".utf8)), .text("a")]),
    Recorded(
      "DCS", "\u{1B}P1$r0m\u{1B}\\", [.unknown(Array("\u{1B}P1$r0m\u{1B}\\".utf8))]),
    Recorded(
      "CSI cut by a control", "\u{1B}[1\rx",
      [.unknown(Array("\u{1B}[1".utf8)), .key(.enter, []), .text("x")]),
    Recorded(
      "invalid UTF-8", bytes: [0x61, 0xFF, 0x62], [.text("a"), .text("\u{FFFD}"), .text("b")]),
    Recorded("truncated UTF-8", bytes: [0xE6, 0x97, 0x61], [.text("\u{FFFD}"), .text("a")]),
    Recorded(
      "surrogate in UTF-8", bytes: [0xED, 0xA0, 0x80],
      [.text("\u{FFFD}"), .text("\u{FFFD}"), .text("\u{FFFD}")]),
    Recorded("unfinished UTF-8 at the end", bytes: [0xF0, 0x9F], [.text("\u{FFFD}")]),
    Recorded(
      "C1 in UTF-8 is not text", "\u{9B}31m",
      [.unknown([0xC2, 0x9B]), .text("3"), .text("1"), .text("m")]),
  ]

  @Test(arguments: Self.recorded)
  func decodesWhole(_ sample: Recorded) {
    #expect(decodeAll([sample.bytes]) == sample.events)
  }

  @Test(arguments: Self.recorded)
  func decodesTheSameAtEverySplitPoint(_ sample: Recorded) {
    for split in 0...sample.bytes.count {
      let parts = [Array(sample.bytes[..<split]), Array(sample.bytes[split...])]
      #expect(decodeAll(parts) == sample.events, "split at \(split)")
    }
    #expect(decodeAll(sample.bytes.map { [$0] }) == sample.events, "byte by byte")
  }

  @Test func needsFlushOnlyWhileAmbiguous() {
    var decoder = TerminalInputDecoder()
    #expect(!decoder.needsFlush)
    _ = decoder.decode([0x1B])
    #expect(decoder.needsFlush)
    #expect(decoder.decode(Array("[A".utf8)) == [.key(.up, [])])
    #expect(!decoder.needsFlush)
    _ = decoder.decode(Array("\u{1B}[200~abc".utf8))
    #expect(decoder.isInPaste)
    #expect(!decoder.needsFlush)
    #expect(decoder.flush() == [])
    #expect(decoder.decode(Array("\u{1B}[201~".utf8)) == [.paste("abc")])
  }

  @Test func coalescesText() {
    let events = decodeAll([Array("ab\rcd".utf8)])
    #expect(TerminalEvent.coalesced(events) == [.text("ab"), .key(.enter, []), .text("cd")])
  }

  /// A sequence of recorded samples joined, and a random split of it into reads.
  static let joinedAndSplit = Generator<([Recorded], [Int]), Shrink.None<([Recorded], [Int])>> {
    rng in
    let count = Int.random(in: 1...8, using: &rng)
    // Lone ESC and unfinished sequences resolve only at a flush: not in the middle.
    let joinable = recorded.filter { sample in
      !["lone escape", "alt-escape", "alt-[ alone", "unfinished UTF-8 at the end"].contains(
        sample.name)
    }
    let samples = (0..<count).map { _ in joinable.randomElement(using: &rng)! }
    let total = samples.map(\.bytes.count).reduce(0, +)
    let cuts = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
      Int.random(in: 0...total, using: &rng)
    }
    return (samples, cuts.sorted())
  }

  @Test func joinedSamplesDecodeTheSameUnderRandomSplits() async {
    await propertyCheck(
      count: CheckScale.cases(60, full: 300), input: Self.joinedAndSplit
    ) { input in
      let (samples, cuts) = input
      let bytes = samples.flatMap(\.bytes)
      let expected = samples.flatMap(\.events)
      #expect(decodeAll([bytes]) == expected)
      #expect(decodeAll(Self.split(bytes, at: cuts)) == expected)
    }
  }

  static func split(_ bytes: [UInt8], at cuts: [Int]) -> [[UInt8]] {
    var parts: [[UInt8]] = []
    var start = 0
    for cut in cuts where cut >= start {
      parts.append(Array(bytes[start..<cut]))
      start = cut
    }
    parts.append(Array(bytes[start...]))
    return parts
  }

  /// Arbitrary bytes, biased towards ESC, `[`, digits and `;` so that
  /// sequences are often almost valid.
  static let arbitraryBytes = Generator<([UInt8], [Int]), Shrink.None<([UInt8], [Int])>> { rng in
    let alphabet: [UInt8] = Array("\u{1B}\u{1B}[[;;<?$~0123456789MmRyItOPAZ\u{07}\\".utf8)
    let count = Int.random(in: 0...120, using: &rng)
    let bytes = (0..<count).map { _ -> UInt8 in
      Bool.random(using: &rng)
        ? alphabet.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
    }
    let cuts = (0..<Int.random(in: 0...5, using: &rng)).map { _ in
      Int.random(in: 0...count, using: &rng)
    }
    return (bytes, cuts.sorted())
  }

  @Test func arbitraryBytesNeverTrapAndTextHoldsNoControl() async {
    await propertyCheck(
      count: CheckScale.cases(200, full: 1000), input: Self.arbitraryBytes
    ) { input in
      let (bytes, cuts) = input
      let events = decodeAll([bytes])
      #expect(decodeAll(Self.split(bytes, at: cuts)) == events)
      for event in events {
        switch event {
        case .text(let text):
          #expect(text.unicodeScalars.count == 1)
          #expect(!text.unicodeScalars.contains(where: { Self.isControl($0) }))
        case .paste(let text):
          #expect(!text.unicodeScalars.contains { Self.isControl($0) && $0 != "\n" && $0 != "\t" })
        case .key(.character(let character), _):
          #expect(!character.unicodeScalars.contains(where: { Self.isControl($0) }))
        default:
          break
        }
      }
    }
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}

/// A paste's body is taken in bulk (a search for ESC, one copy): whole, in
/// one-byte reads or cut anywhere, it gives the same events, and its text is
/// the bytes with CR LF and CR as LF and every other control but LF and TAB
/// as U+FFFD (the per-scalar rule).
@Suite("Bracketed paste bodies read in bulk")
struct PasteBulkTests {
  /// Paste bodies of text, controls, C1 in UTF-8, ESC and near end markers.
  static let bodies = Generator<([UInt8], [Int]), Shrink.None<([UInt8], [Int])>> { rng in
    let pieces: [[UInt8]] = [
      Array("hello ".utf8), Array("中文 👍🏽 ".utf8), [0x0D, 0x0A], [0x0D], [0x0A], [0x09], [0x00],
      [0x7F], [0xC2, 0x85], [0xC2, 0xA0], [0xC2], [0x85], [0x1B], Array("\u{1B}[20".utf8),
      Array("\u{1B}[201".utf8), [0xF0, 0x9F],
    ]
    let count = Int.random(in: 0...60, using: &rng)
    var bytes = Array("\u{1B}[200~".utf8)
    for _ in 0..<count { bytes += pieces[Int.random(in: 0..<pieces.count, using: &rng)] }
    bytes += Array("\u{1B}[201~x".utf8)
    let cuts = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
      Int.random(in: 0...bytes.count, using: &rng)
    }
    return (bytes, cuts.sorted())
  }

  @Test func wholeOrInPiecesTheSameEvents() async {
    await propertyCheck(count: CheckScale.cases(200, full: 1000), input: Self.bodies) { input in
      let (bytes, cuts) = input
      let whole = decodeAll([bytes])
      #expect(decodeAll(bytes.map { [$0] }) == whole)
      #expect(decodeAll(TerminalInputDecoderTests.split(bytes, at: cuts)) == whole)
      for case .paste(let text) in whole {
        #expect(
          !text.unicodeScalars.contains {
            $0 != "\n" && $0 != "\t" && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value))
          })
      }
    }
  }

  @Test func aLongPlainPasteIsItsBytesInParts() {
    let body = String(repeating: "text, \u{4E2D}\u{6587} and 👍🏽\n", count: 8_000)
    let events = decodeAll([
      Array("\u{1B}[200~".utf8) + Array(body.utf8) + Array("\u{1B}[201~".utf8)
    ])
    var parts: [String] = []
    for case .paste(let text) in events { parts.append(text) }
    #expect(parts.count > 1)
    #expect(parts.joined() == body)
    #expect(parts.allSatisfy { $0.utf8.count <= TerminalInputDecoder.maximumPastePartLength })
  }
}

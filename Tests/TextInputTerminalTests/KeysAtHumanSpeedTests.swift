import Foundation
import Testing
import TextInputKit

/// Every binding of the Guide's key table that takes more than one key
/// does what it says however the keys arrive: in one read, split across
/// reads, or with a person's pause between them (the decoder's ESC timeout
/// passed, so Esc came alone).
@Suite struct KeysAtHumanSpeedTests {
  /// A field with text on two lines and the caret inside a word.
  func field() -> TerminalTextField {
    var field = TerminalTextField(
      kind: .multiLine(minimumRows: 2, maximumRows: 4), text: "one two three\nfour five",
      columns: 30)
    field.modifyEditor { $0.select(NSRange(location: 6, length: 0)) }
    return field
  }

  /// What a field shows after `events`: its text, selection and the last
  /// outcome.
  func result(_ events: [TerminalEvent]) -> String {
    var field = field()
    var last = TerminalTextField.Outcome.unchanged
    for event in events { last = field.handle(event) }
    return "\(field.editor.text)|\(field.editor.selection)|\(last)"
  }

  /// The bytes a terminal sends for `key` pressed alone.
  static func bytes(of key: TerminalKey) -> [UInt8]? {
    switch key {
    case .character(let character): return Array(String(character).utf8)
    case .enter: return [0x0D]
    case .backspace: return [0x7F]
    case .left: return Array("\u{1B}[D".utf8)
    case .right: return Array("\u{1B}[C".utf8)
    default: return nil
    }
  }

  /// The Alt bindings of the table (Esc, then a key).
  static var altBindings: [(TerminalKeyChord, TerminalFieldCommand)] {
    TerminalKeyMap.multiLine.bindings.filter { $0.key.modifiers == .alt }
      .map { ($0.key, $0.value) }.sorted { $0.0.description < $1.0.description }
  }

  @Test func everyAltBindingWorksAsEscThenTheKeyAtAnyPace() throws {
    #expect(Self.altBindings.count >= 8)
    for (chord, _) in Self.altBindings {
      let expected = result([.key(chord.key, .alt)])
      guard let keyBytes = Self.bytes(of: chord.key) else {
        Issue.record("no bytes for \(chord)")
        continue
      }
      let all = [0x1B] + keyBytes
      // One read, and every split into two reads within the timeout.
      for split in 1..<all.count {
        var decoder = TerminalInputDecoder()
        let events = decoder.decode(all[..<split]) + decoder.decode(all[split...])
        #expect(result(events) == expected, "\(chord) split at \(split)")
      }
      // A pause after Esc: the decoder's timeout gives Esc alone.
      var decoder = TerminalInputDecoder()
      var events = decoder.decode([0x1B])
      #expect(decoder.needsFlush)
      events += decoder.flush()
      events += decoder.decode(keyBytes) + decoder.flush()
      #expect(events.first == .key(.escape, []), "\(chord)")
      #expect(result(events) == expected, "\(chord) after a pause")
    }
  }

  @Test func everySequenceWorksAcrossReadsAndPauses() {
    let sequences = TerminalKeyMap.multiLine.sequences
    #expect(!sequences.isEmpty)
    for (chords, _) in sequences {
      // Typed first so that there is something to undo.
      let typed: [TerminalEvent] = [.text("x"), .text("y")]
      let together = result(typed + chords.map { .key($0.key, $0.modifiers) })
      let control = chords.compactMap { chord -> UInt8? in
        guard case .character(let c) = chord.key, chord.modifiers == .control,
          let ascii = c.asciiValue
        else { return nil }
        return ascii & 0x1F
      }
      #expect(control.count == chords.count, "\(chords) is not all Ctrl keys")
      var decoder = TerminalInputDecoder()
      var events = typed
      for byte in control {
        events += decoder.decode([byte]) + decoder.flush()
      }
      #expect(result(events) == together, "\(chords)")
      #expect(together != result(typed), "\(chords) did nothing")
    }
  }

  @Test func escThenATypedCharacterIsAltAndTheRestIsTyped() {
    #expect(
      result([.key(.escape, []), .text("bZ")])
        == result([.key(.character("b"), .alt), .text("Z")]))
  }
}

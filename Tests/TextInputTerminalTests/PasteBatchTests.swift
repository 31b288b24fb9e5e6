import Foundation
import Glibc
import PropertyBased
import Testing
import TextInputKit
import UnicodeTestSupport

@testable import TextInputTerminal

/// A long bracketed paste as one batch and one edit: `TerminalSession`
/// reads a paste to its end, `TerminalEvent.coalesced(_:)` joins its parts,
/// and the field's result is the one its parts give one by one.
@Suite(.serialized) struct PasteBatchTests {
  /// `coalesced` as it was first written (each run joined by making a new
  /// string per event, quadratic in a run's length), with pastes joined
  /// too: the reference the in-place version is checked against.
  static func slowCoalesced(_ events: [TerminalEvent]) -> [TerminalEvent] {
    var out: [TerminalEvent] = []
    for event in events {
      if case .text(let more) = event, case .text(let text)? = out.last {
        out[out.count - 1] = .text(text + more)
      } else if case .paste(let more) = event, case .paste(let text)? = out.last {
        out[out.count - 1] = .paste(text + more)
      } else {
        out.append(event)
      }
    }
    return out
  }

  /// Runs of typed scalars, paste parts (mixed text: emoji sequences, flags,
  /// combining marks, CJK, right-to-left, CRLF, …) and keys between them.
  static let events = Generator<[TerminalEvent], Shrink.None<[TerminalEvent]>> { rng in
    (0..<Int.random(in: 0...16, using: &rng)).flatMap { _ -> [TerminalEvent] in
      let text = UnicodeFragmentKind.weightedRandom(using: &rng).generate(using: &rng)
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: return text.unicodeScalars.map { .text(String($0)) }
      case 1: return [.key(.enter, [])]
      default: return [.paste(text)]
      }
    }
  }

  @Test("coalesced equals the quadratic reference, and keeps every character in order")
  func coalescedEqualsTheReference() async {
    await propertyCheck(count: CheckScale.cases(200, full: 2000), input: Self.events) { events in
      let fast = TerminalEvent.coalesced(events)
      #expect(fast == Self.slowCoalesced(events))
      // No two runs of the same kind are left adjacent.
      for (left, right) in zip(fast, fast.dropFirst()) {
        switch (left, right) {
        case (.text, .text), (.paste, .paste): Issue.record("adjacent runs left: \(fast)")
        default: break
        }
      }
    }
  }

  @Test func coalescedJoinsAPastesParts() {
    let parts: [TerminalEvent] = [.text("a"), .paste("b\n"), .paste("👍"), .paste("🏽c"), .text("d")]
    #expect(TerminalEvent.coalesced(parts) == [.text("a"), .paste("b\n👍🏽c"), .text("d")])
  }

  /// A pasted text as the decoder gives it (CR and CR LF are LF, controls
  /// U+FFFD), split into parts between scalars, as a long paste arrives.
  static let pasteParts = Generator<[String], Shrink.None<[String]>> { rng in
    let text = (0..<Int.random(in: 0...12, using: &rng)).map { _ in
      UnicodeFragmentKind.weightedRandom(using: &rng).generate(using: &rng)
    }.joined()
    var decoder = TerminalInputDecoder()
    let decoded = (decoder.decode(Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8)))
      .compactMap { event -> String? in
        if case .paste(let pasted) = event { return pasted }
        return nil
      }.joined()
    let scalars = Array(decoded.unicodeScalars)
    var cuts = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
      Int.random(in: 0...scalars.count, using: &rng)
    }
    cuts = [0] + cuts.sorted() + [scalars.count]
    return zip(cuts, cuts.dropFirst()).map { start, end in
      var part = ""
      part.unicodeScalars.append(contentsOf: scalars[start..<end])
      return part
    }
  }

  /// The field's text and caret after pasting `parts` (in one batch, as
  /// `TerminalSession` gives them, coalesced) between "before afte" and
  /// "r": the paste lands there whole, its line breaks spaces in a single
  /// line, the caret after it. (Inserted one part after another, a part ending in a prepended
  /// mark or half a flag joined the "r" after the caret into one cluster,
  /// the caret was put after that cluster, and the next part went in after
  /// the "r".)
  @Test("A paste's parts, coalesced, land whole at the caret", arguments: [false, true])
  func coalescedPartsLandWhole(singleLine: Bool) async {
    await propertyCheck(count: CheckScale.cases(100, full: 800), input: Self.pasteParts) { parts in
      var field = TerminalTextField(
        kind: singleLine ? .singleLine : .multiLine(minimumRows: 1, maximumRows: 5),
        editor: Editor(text: "before after", behaviours: [EditorLinks()]))
      _ = field.handle(.key(.left, []))
      for event in TerminalEvent.coalesced(parts.map { .paste($0) }) { _ = field.handle(event) }
      var pasted = ""
      for scalar in parts.joined().unicodeScalars {
        pasted.unicodeScalars.append(singleLine && HardBreaks.isBreak(scalar) ? " " : scalar)
      }
      #expect(field.editor.text == "before afte" + pasted + "r")
      // The caret after the paste, or after the cluster its end joins (a
      // paste ending in a prepended mark, such as U+0600, joins the "r").
      let end = 11 + pasted.utf16.count
      let state = field.editor.state
      let caret = state.isGraphemeBoundary(end) ? end : state.graphemeBoundary(after: end)
      #expect(field.editor.selection == NSRange(location: caret ?? end, length: 0))
    }
  }

  @Test("A paste cut after a prepended mark, decoded and coalesced, lands whole")
  func aPasteCutAfterAPrependedMarkLandsWhole() {
    // The decoder cuts a long paste into 64 KiB parts between scalars:
    // here the first part ends in U+0D4E (which joins what follows it).
    let first =
      String(repeating: "a", count: TerminalInputDecoder.maximumPastePartLength - 3)
      + "\u{D4E}"
    var decoder = TerminalInputDecoder()
    let events = decoder.decode(Array(("\u{1B}[200~" + first + "b\u{1B}[201~").utf8))
    #expect(events == [.paste(first), .paste("b")])
    var field = TerminalTextField(
      kind: .multiLine(minimumRows: 1, maximumRows: 5), editor: Editor(text: "r"))
    _ = field.handle(.key(.left, []))
    for event in TerminalEvent.coalesced(events) { _ = field.handle(event) }
    // (Compared by its end and length: the text is 64 KiB.)
    let text = field.editor.text
    #expect(text.utf16.count == first.utf16.count + 2)
    #expect(Array(text.unicodeScalars.suffix(4)) == Array("a\u{D4E}br".unicodeScalars))
  }

  static let body = String(repeating: "pasted text 👍🏽\n", count: 500)

  @Test("A paste that comes in several reads is returned whole, in one batch")
  func sessionReadsAPasteToItsEnd() throws {
    let pty = try #require(PseudoTerminal())
    try TerminalSession.run(input: pty.terminal, output: pty.terminal) { session in
      // More than one 4 KB read, less than the pseudo-terminal holds.
      pty.type("x\u{1B}[200~" + Self.body + "\u{1B}[201~y")
      let events = session.events(timeoutMilliseconds: 1000)
      let batch = events.map(TerminalEvent.coalesced) ?? []
      // (Compared by kinds and lengths: the paste is 10 KB.)
      #expect(batch.count == 3)
      #expect(batch.first == .text("x") && batch.last == .text("y"))
      if batch.count == 3, case .paste(let text) = batch[1] {
        let same = text == Self.body
        #expect(
          same, "the paste is \(text.utf8.count) bytes, not the body's \(Self.body.utf8.count)")
      } else {
        Issue.record("no paste between x and y: \(batch.count) events")
      }
    }
  }

  @Test("A paste that pauses is returned as far as it came; the rest follows")
  func sessionReturnsAPausedPaste() throws {
    let pty = try #require(PseudoTerminal())
    try TerminalSession.run(input: pty.terminal, output: pty.terminal) { session in
      session.pastePauseMilliseconds = 20
      pty.type("\u{1B}[200~abc")
      // The decoder keeps the unfinished part: nothing yet, after the pause.
      #expect(session.events(timeoutMilliseconds: 1000) == [])
      pty.type("def\u{1B}[201~")
      #expect(session.events(timeoutMilliseconds: 1000) == [.paste("abcdef")])
    }
  }
}

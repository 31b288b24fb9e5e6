import Testing
import TextInputTerminal

@testable import Samples

/// `PlaygroundLoop`: when it draws a frame after a read.
@Suite("Samples: the playground's loop")
struct PlaygroundLoopTests {
  @Test("A read that gave no event draws nothing; a key, or a tick, draws")
  func drawsOnlyWhenSomethingChanged() {
    // The middle of a long bracketed paste: the decoder keeps the bytes.
    #expect(!PlaygroundLoop.needsDraw(keys: [], events: [], ticking: false))
    // A report the app does not take (no key).
    #expect(
      !PlaygroundLoop.needsDraw(
        keys: [], events: [.cursorPosition(row: 1, column: 1)], ticking: false))
    let paste = TerminalEvent.paste("a part")
    #expect(PlaygroundLoop.needsDraw(keys: [.event(paste)], events: [paste], ticking: false))
    // A wait that timed out while the placeholder moves or a press is held.
    #expect(PlaygroundLoop.needsDraw(keys: [], events: [], ticking: true))
  }
}

import TerminalTestSupport
import Testing
import TextInputKit

/// `TerminalReplay`, the terminal model the writer's bytes are checked
/// against: what it reads, what it reports, and how it joins.
@Suite struct TerminalReplayTests {
  /// Styles, colours of every form, links and the cursor, written by the
  /// writer, read back as the screen.
  @Test func everyStyleAndLinkReadsBack() {
    var screen = TerminalScreen(columns: 8, rows: 2)
    let styles: [TerminalStyle] = [
      TerminalStyle(foreground: .ansi(1), background: .ansi(9), bold: true),
      TerminalStyle(foreground: .ansi(12), background: .ansi(3), dim: true, underline: true),
      TerminalStyle(foreground: .palette(200), background: .rgb(1, 2, 3), reverse: true),
      TerminalStyle(foreground: .rgb(255, 0, 10), background: .palette(17)),
      TerminalStyle(foreground: .ansi(100)),
    ]
    for (column, style) in styles.enumerated() {
      screen.put("x", width: 1, row: 0, column: column, style: style)
    }
    screen.put("日", width: 2, row: 1, column: 0)
    screen.link(
      row: 1, columns: 0..<2, to: TerminalHyperlink(id: "a b", uri: "https://example.org/é"))
    screen.cursor = TerminalPosition(row: 1, column: 3)
    var replay = TerminalReplay(columns: 8, rows: 2)
    replay.feed(TerminalWriter.update(from: nil, to: screen))
    #expect(replay.differences(from: screen) == [])
    #expect(replay.problems == [])
    screen.cursor = nil
    replay.feed(TerminalWriter.update(from: nil, to: screen))
    #expect(replay.differences(from: screen) == [])
  }

  /// What the writer never sends is reported, each kind with its message.
  @Test func whatTheWriterNeverSendsIsReported() {
    var replay = TerminalReplay(columns: 4, rows: 1)
    replay.feed("a\u{7}b\u{1B}[5n\u{1B}]0;title\u{7}\u{1B}[1m\u{1B}[?7H\u{1B}x\u{1B}[0;38;9m")
    replay.feed("\u{1B}[1;4H日\u{1B}[1;1H\u{200B}")
    replay.feed("\u{1B}]8;;unterminated")
    replay.feed("\u{1B}[")
    replay.feed("\u{1B}")
    let problems = replay.problems
    #expect(problems.contains(.controlCharacter(7)))
    #expect(problems.contains(.unexpectedSequence("\u{1B}[5n")))
    #expect(problems.contains(.unexpectedSequence("\u{1B}]0;title")))
    #expect(problems.contains(.unexpectedSequence("\u{1B}[1m")))
    #expect(problems.contains(.unexpectedSequence("\u{1B}[?7H")))
    #expect(problems.contains(.unexpectedSequence("\u{1B}x")))
    #expect(problems.contains(.unexpectedSequence("\u{1B}[0;38;9m")))
    #expect(problems.contains(.pastRowEnd("日", TerminalPosition(row: 0, column: 3))))
    #expect(problems.contains(.zeroWidth("\u{200B}")))
    #expect(problems.contains(.unexpectedSequence("\u{1B}]8;;unterminated")))
    #expect(problems.contains(.unexpectedSequence("\u{1B}[")))
    #expect(problems.contains(.unexpectedSequence("\u{1B}")))
    for problem in problems { #expect(!problem.description.isEmpty) }
    #expect(
      TerminalReplay(columns: 2, rows: 1).differences(from: TerminalScreen(columns: 3, rows: 1))
        == ["size 2×1, expected 3×1"])
  }

  /// A run that starts with a mark or a modifier joins the cluster in the
  /// cell on its left, also the lead of a wide one, even after a cursor
  /// move (as xterm, kitty and foot do); at a row's start it is alone.
  @Test func anExtenderJoinsTheCellOnItsLeft() {
    var replay = TerminalReplay(columns: 6, rows: 1)
    replay.feed("\u{1B}[1;1H日\u{1B}[1;4Ha\u{1B}[1;3H\u{301}")
    #expect(replay.shown[0, 0].text == "日\u{301}")
    #expect(replay.shown[0, 3].text == "a")
    var picture = TerminalReplay(columns: 6, rows: 1)
    picture.feed("\u{2409}\u{1B}[1;2H\u{1F3FD}")
    #expect(picture.shown[0, 0].text == "\u{2409}\u{1F3FD}")
    var drawnOnABase = TerminalReplay(columns: 6, rows: 1)
    drawnOnABase.feed("\u{2409}\u{1B}[1;2H\u{A0}\u{1F3FD}")
    #expect(drawnOnABase.shown[0, 0].text == "\u{2409}")
  }
}

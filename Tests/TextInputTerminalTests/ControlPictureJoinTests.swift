import Foundation
import TerminalTestSupport
import Testing
import TextInputKit

@Suite struct ControlPictureJoinTests {
  /// Issue 37: `"\t\u{1F3FD}x"` was written as `␉` then `🏽`; a terminal
  /// joins a cluster that starts with an extender (a mark, an emoji
  /// modifier, ZWJ) to the cell on its left even after a cursor move
  /// (xterm, kitty and foot did, measured by cursor reports), which
  /// `TerminalReplay` does too. Every screen a field draws is shown as drawn.
  @Test func aControlPictureDoesNotJoinTheNextCluster() {
    let cases = [
      ("\t", "\t\u{1F3FD}x"), ("\t", "\t\u{301}x"), ("a\t", "a\t\u{200D}b"), ("", "\u{1F3FD}"),
      ("\u{1B}", "\u{1B}\u{1F3FD}"), ("\u{7F}", "\u{7F}\u{1F3FB}\u{1F3FB}"),
    ]
    for ((control, text), profile) in product(
      cases, [TerminalWidthProfile.graphemeClusters, .tmux])
    {
      // Drawn after "ab", whole, then typed after the control alone: only
      // the changed cells are written, after a cursor move.
      var screens: [TerminalScreen] = []
      for shown in [control, text] {
        var field = TerminalTextField(text: shown, columns: 10, profile: profile)
        var screen = TerminalScreen(columns: 12, rows: 1)
        screen.write("ab", row: 0, column: 0)
        field.draw(into: &screen, at: TerminalPosition(row: 0, column: 2))
        screens.append(screen)
      }
      var whole = TerminalReplay(columns: 12, rows: 1, profile: profile)
      whole.feed(TerminalWriter.update(from: nil, to: screens[1]))
      #expect(whole.differences(from: screens[1]) == [], "\(text.debugDescription) \(profile.name)")
      #expect(whole.problems == [])
      var changed = TerminalReplay(columns: 12, rows: 1, profile: profile)
      changed.feed(TerminalWriter.update(from: nil, to: screens[0]))
      changed.feed(TerminalWriter.update(from: screens[0], to: screens[1]))
      #expect(
        changed.differences(from: screens[1]) == [], "\(text.debugDescription) \(profile.name)")
      #expect(changed.problems == [])
    }
  }

  func product<A, B>(_ a: [A], _ b: [B]) -> [(A, B)] {
    a.flatMap { x in b.map { (x, $0) } }
  }
}

@Suite struct WrittenClusterTests {
  /// Found by FuzzField: a regional indicator, an undrawn U+200B, then a
  /// flag: written back to back, a terminal pairs the first two indicators
  /// (the clusters are as many, but not the same).
  @Test func aLoneIndicatorIsNotPairedWithTheFlagAfterIt() {
    for text in ["\u{1F1F4}\u{200B}\u{1F1F4}\u{1F1F4}", "a\u{1F1F4}\u{200B}\u{1F1F4}\u{1F1F4}x"] {
      var field = TerminalTextField(text: text, columns: 15)
      var screen = TerminalScreen(columns: 15, rows: 1)
      field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
      var replay = TerminalReplay(columns: 15, rows: 1)
      replay.feed(TerminalWriter.update(from: nil, to: screen))
      #expect(replay.differences(from: screen) == [], "\(text.unicodeScalars.count) scalars")
    }
  }

  /// Found by FuzzField: a spacing mark typed alone (U+1A1A), one cell, was
  /// measured alone by the cell font but drawn on U+00A0, two cells, by the
  /// screen. It is drawn alone (a spacing mark takes a cell of its own in
  /// xterm and kitty) and measured so.
  @Test func aLoneSpacingMarkIsMeasuredAsDrawn() {
    for profile in [TerminalWidthProfile.graphemeClusters, .tmux] {
      var field = TerminalTextField(
        kind: .multiLine(minimumRows: 1, maximumRows: 2), columns: 34, profile: profile,
        alignment: .justified)
      _ = field.handle(.text("\u{1A1A}"))
      var screen = TerminalScreen(columns: 36, rows: 2)
      field.draw(into: &screen, at: TerminalPosition(row: 0, column: 1))
      var replay = TerminalReplay(columns: 36, rows: 2, profile: profile)
      replay.feed(TerminalWriter.update(from: nil, to: screen))
      #expect(replay.differences(from: screen) == [], "\(profile.name)")
      #expect(field.editor.layout().usedSize.width == CGFloat(profile.width(of: "\u{1A1A}")))
    }
  }
}

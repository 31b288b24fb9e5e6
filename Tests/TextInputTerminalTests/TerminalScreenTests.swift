import Foundation
import Testing
import TextInputTerminal

/// `text` with ESC shown as `⎋`, so that goldens read.
func shown(_ text: String) -> String {
  text.replacingOccurrences(of: "\u{1B}", with: "⎋")
}

@Suite struct TerminalScreenTests {
  @Test func wideClustersTakeTwoCellsAndAreBlankedWhenCut() {
    var screen = TerminalScreen(columns: 6, rows: 1)
    screen.write("a日b", row: 0, column: 0)
    #expect(screen.text == "a日b  ")
    #expect(screen[0, 1].width == 2)
    #expect(screen[0, 2].isContinuation)
    // Putting a cluster over the wide one's second cell blanks its first.
    screen.put("x", width: 1, row: 0, column: 2)
    #expect(screen.text == "a xb  ")
    #expect(!screen[0, 2].isContinuation)
    // And over its first cell blanks the continuation.
    screen.write("日", row: 0, column: 4)
    screen.put("y", width: 1, row: 0, column: 4)
    #expect(screen.text == "a xby ")
  }

  @Test func aClusterThatDoesNotFitIsNotDrawn() {
    var screen = TerminalScreen(columns: 3, rows: 1)
    #expect(screen.write("ab日", row: 0, column: 0) == 2)
    #expect(screen.text == "ab ")
    screen.put("z", width: 1, row: 5, column: 0)
    screen.put("z", width: 1, row: 0, column: -1)
    #expect(screen.text == "ab ")
  }

  @Test func controlsAreStoredVisibly() {
    var screen = TerminalScreen(columns: 12, rows: 1)
    screen.write("\u{1B}]0;t\u{07}", row: 0, column: 0)
    #expect(screen.text == "\u{241B}]0;t\u{2407}      ")
  }

  @Test func widthsFollowTheProfile() {
    var tmux = TerminalScreen(columns: 8, rows: 1)
    tmux.write("\u{1F44D}\u{1F3FD}\u{2764}\u{FE0F}|", row: 0, column: 0, profile: .tmux)
    #expect(tmux[0, 0].width == 4)
    #expect(tmux[0, 4].width == 1)
    #expect(tmux[0, 5].text == "|")
    var clusters = TerminalScreen(columns: 8, rows: 1)
    clusters.write("\u{1F44D}\u{1F3FD}\u{2764}\u{FE0F}|", row: 0, column: 0)
    #expect(clusters[0, 4].text == "|")
  }

  @Test func restyleCoversAWideClusterWhole() {
    var screen = TerminalScreen(columns: 4, rows: 1)
    screen.write("日本", row: 0, column: 0)
    screen.restyle(row: 0, columns: 1..<2) { $0.reverse = true }
    #expect((0..<4).map { screen[0, $0].style.reverse } == [true, true, false, false])
  }
}

@Suite struct TerminalWriterTests {
  @Test func firstFrameClearsAndDrawsEverything() {
    var screen = TerminalScreen(columns: 4, rows: 2)
    screen.write("hi", row: 0, column: 0)
    screen.write("日", row: 1, column: 1, style: TerminalStyle(bold: true))
    screen.cursor = TerminalPosition(row: 0, column: 2)
    #expect(
      shown(TerminalWriter.update(from: nil, to: screen))
        == "⎋[?25l⎋[0m⎋[H⎋[2J⎋[1;1H⎋[0mhi  ⎋[2;1H ⎋[0;1m日⎋[0m ⎋[0m⎋[1;3H⎋[?25h")
  }

  @Test func onlyChangedCellsAreWritten() {
    var old = TerminalScreen(columns: 5, rows: 2)
    old.write("hello", row: 0, column: 0)
    var new = old
    new.put("J", width: 1, row: 0, column: 0)
    new.put("y", width: 1, row: 0, column: 4)
    new.cursor = TerminalPosition(row: 1, column: 0)
    #expect(
      shown(TerminalWriter.update(from: old, to: new))
        == "⎋[?25l⎋[1;1H⎋[0mJ⎋[1;5Hy⎋[0m⎋[2;1H⎋[?25h")
    #expect(shown(TerminalWriter.update(from: new, to: new)) == "⎋[?25l⎋[2;1H⎋[?25h")
  }

  @Test func aWideClusterReplacedByNarrowOnesRewritesBothCells() {
    var old = TerminalScreen(columns: 3, rows: 1)
    old.write("日", row: 0, column: 0)
    var new = TerminalScreen(columns: 3, rows: 1)
    new.write("ab", row: 0, column: 0)
    #expect(shown(TerminalWriter.update(from: old, to: new)) == "⎋[?25l⎋[1;1H⎋[0mab⎋[0m")
  }

  @Test func stylesAndColours() {
    #expect(shown(TerminalWriter.sgr(.plain)) == "⎋[0m")
    #expect(
      shown(
        TerminalWriter.sgr(
          TerminalStyle(foreground: .grey, background: .ansi(4), dim: true, underline: true)))
        == "⎋[0;2;4;90;44m")
    #expect(
      shown(
        TerminalWriter.sgr(
          TerminalStyle(foreground: .palette(200), background: .rgb(1, 2, 3), reverse: true)))
        == "⎋[0;7;38;5;200;48;2;1;2;3m")
  }

  /// The link stays open across the cursor move (a move writes no cell), and
  /// both rows carry the same `id=`, so the terminal underlines one link.
  @Test func aLinkWrappedOverTwoRowsIsOneLinkWithOneId() {
    var screen = TerminalScreen(columns: 4, rows: 2)
    let link = TerminalHyperlink(id: "1", uri: "https://a.org/é")
    screen.write("ab", row: 0, column: 2)
    screen.link(row: 0, columns: 2..<4, to: link)
    screen.write("cd", row: 1, column: 0)
    screen.link(row: 1, columns: 0..<2, to: link)
    let out = shown(TerminalWriter.update(from: TerminalScreen(columns: 4, rows: 2), to: screen))
    #expect(
      out
        == "⎋[?25l⎋[1;3H⎋[0m⎋]8;id=1;https://a.org/%C3%A9⎋\\ab"
        + "⎋[2;1Hcd⎋]8;;⎋\\⎋[0m")
  }

  @Test func uriEncoding() {
    #expect(TerminalHyperlink(id: "1", uri: "a b\u{1B}]%").encodedURI == "a b%1B]%")
    #expect(TerminalHyperlink(id: "1", uri: "").encodedURI == nil)
    let long = String(repeating: "x", count: 2083)
    #expect(TerminalHyperlink(id: "1", uri: long).encodedURI == long)
    #expect(TerminalHyperlink(id: "1", uri: long + "y").encodedURI == nil)
    // A URI too long is drawn unlinked.
    #expect(shown(TerminalWriter.osc8(TerminalHyperlink(id: "1", uri: long + "y"))) == "⎋]8;;⎋\\")
    #expect(TerminalHyperlink(id: "a;b\u{1B}=7", uri: "x").encodedID == "ab7")
  }

  @Test func controlCharactersNeverReachTheBytes() {
    var screen = TerminalScreen(columns: 20, rows: 1)
    screen.write("x\u{1B}]0;pwned\u{07}\u{9B}y", row: 0, column: 0)
    let out = TerminalWriter.update(from: nil, to: screen)
    // The only ESC bytes are the writer's own sequences; no BEL, no C1.
    #expect(!out.unicodeScalars.contains { $0 == "\u{07}" || (0x80...0x9F).contains($0.value) })
    #expect(out.contains("x\u{241B}]0;pwned\u{2407}\u{FFFD}y"))
    #expect(!out.contains("\u{1B}]0;"))
  }

  @Test func aCursorOffTheScreenStaysHidden() {
    var screen = TerminalScreen(columns: 2, rows: 1)
    screen.cursor = TerminalPosition(row: 3, column: 0)
    #expect(!TerminalWriter.update(from: screen, to: screen).contains("?25h"))
  }
}

@Suite struct TerminalScreenFrameTests {
  @Test func drawsAFrameAtAnOriginClippedByCellCentres() {
    let frame = TextFrame("ab 日本", container: TextContainer(width: 4))
    var screen = TerminalScreen(columns: 6, rows: 3)
    let drawn = screen.draw(frame, at: CGPoint(x: 1, y: 1))
    #expect(screen.text == "      \n ab   \n 日本 ")
    #expect(drawn.map(\.columns) == [1..<2, 2..<3, 3..<4, 1..<3, 3..<5])
    var clipped = TerminalScreen(columns: 6, rows: 3)
    clipped.draw(frame, at: CGPoint(x: 1, y: 1), clip: CGRect(x: 0, y: 0, width: 4, height: 3))
    #expect(clipped.text == "      \n ab   \n 日   ")
  }

  /// A clip wholly left or right of the screen draws nothing (it trapped:
  /// the x range the windowed placement was asked for was reversed; found
  /// by FuzzTerminal).
  @Test func aClipOffTheScreenDrawsNothing() {
    let frame = TextFrame("ab 日本", container: TextContainer(width: 4))
    for clip in [
      CGRect(x: 30, y: 0, width: 5, height: 3), CGRect(x: -20, y: 0, width: 5, height: 3),
    ] {
      var screen = TerminalScreen(columns: 6, rows: 3)
      #expect(screen.draw(frame, at: CGPoint(x: 1, y: 1), clip: clip).isEmpty)
      #expect(screen.text == "      \n      \n      ")
    }
  }

  @Test func spacesCanLeaveWhatIsUnder() {
    var screen = TerminalScreen(columns: 3, rows: 1)
    screen.write("···", row: 0, column: 0)
    screen.draw(TextFrame("a b"), at: .zero, drawsSpaces: false)
    #expect(screen.text == "a·b")
  }

  @Test func aTruncatedLineShowsItsEllipsis() {
    let frame = TextFrame(
      "abcdef", container: TextContainer(width: 4, maximumNumberOfLines: 1),
      style: LayoutStyle(lineBreakMode: .truncateTail))
    var screen = TerminalScreen(columns: 4, rows: 1)
    let drawn = screen.draw(frame, at: .zero)
    #expect(screen.text == "abc\u{2026}")
    #expect(drawn.last?.isEllipsis == true)
  }
}

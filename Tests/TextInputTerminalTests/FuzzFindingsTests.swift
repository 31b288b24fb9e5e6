import Foundation
import TerminalTestSupport
import Testing
import TextInputKit
import TextInputTerminal

/// What a terminal measuring by `profile` shows after the writer's bytes for
/// `screen`, against `screen`: the differences and the problems found in
/// the bytes (empty when the bytes reproduce the screen).
func replayMismatches(
  _ screen: TerminalScreen, from old: TerminalScreen? = nil,
  profile: TerminalWidthProfile = .graphemeClusters
) -> [String] {
  var replay = TerminalReplay(columns: screen.columns, rows: screen.rows, profile: profile)
  if let old { replay.feed(TerminalWriter.update(from: nil, to: old)) }
  replay.feed(TerminalWriter.update(from: old, to: screen))
  return replay.problems.map(\.description) + replay.differences(from: screen)
}

/// `editor` drawn at the top left of a screen of its own size.
func drawn(_ editor: Editor, columns: Int, rows: Int) -> TerminalScreen {
  var screen = TerminalScreen(columns: columns, rows: rows)
  TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 0, column: 0))
  return screen
}

/// Issue 31: promises of TextInputTerminal that fuzzing its public API from
/// outside broke, each with the issue's input.
@Suite struct FuzzFindingsTests {
  // Item 1.
  @Test func aLongSS3SequenceIsConsumedWhole() {
    let sequence = "\u{1B}O" + String(repeating: "1", count: 63) + "A"
    let events = decodeAll([Array(sequence.utf8)])
    #expect(events == [.unknown(Array(sequence.utf8.prefix(65)))])
    let long = "\u{1B}O" + String(repeating: "1", count: 20_000) + "Ax"
    #expect(decodeAll([Array(long.utf8)]) == [.unknown(Array(long.utf8.prefix(65))), .text("x")])
    // Split anywhere, the same events.
    let bytes = Array(long.utf8)
    #expect(decodeAll([Array(bytes[..<70]), Array(bytes[70...])]) == decodeAll([bytes]))
  }

  // Item 2.
  @Test func aC1ControlIsMeasuredAsItsVisibleForm() {
    let cjk = TerminalWidthProfile(name: "cjk", options: .eastAsian)
    #expect(cjk.width(of: "\u{9B}") == 2)
    #expect(cjk.width(of: "\u{1B}") == 1)
    #expect(TerminalWidthProfile.graphemeClusters.width(of: "\u{9B}") == 1)
    let editor = terminalEditor("\u{9B}ab", columns: 3, rows: 2, profile: cjk)
    let screen = drawn(editor, columns: 3, rows: 2)
    #expect(replayMismatches(screen, profile: cjk) == [])
    #expect(screen.text(ofRow: 0) == "\u{FFFD}a")
    #expect(screen.text(ofRow: 1) == "b  ")
  }

  // Item 3.
  @Test func aJustifiedLineShowsItsStretchedSpaces() {
    let editor = terminalEditor("aa bb cc", columns: 6, rows: 2, alignment: .justified)
    let screen = drawn(editor, columns: 6, rows: 2)
    #expect(screen.text(ofRow: 0) == "aa  bb")
    #expect(replayMismatches(screen) == [])
    // Over an old screen, the stretched space's cells are written too.
    var old = TerminalScreen(columns: 6, rows: 2)
    old.write("xxxxxx", row: 0, column: 0)
    #expect(replayMismatches(screen, from: old) == [])
  }

  // Item 4.
  @Test func aGraphemeJoinerIsMeasuredAsDrawn() {
    let editor = terminalEditor("\u{1F44D}\u{1F3FD}\u{34F}x", columns: 6, rows: 1)
    let screen = drawn(editor, columns: 6, rows: 1)
    #expect(replayMismatches(screen) == [])
    // The joiner is the user's text: the cell keeps it, and the cluster is
    // measured as it is (not an RGI sequence with the joiner: 4 cells),
    // by the screen and the replay alike.
    let cluster = "\u{1F44D}\u{1F3FD}\u{34F}"
    #expect(TerminalWidthProfile.graphemeClusters.width(of: cluster) == 4)
    #expect(screen.text(ofRow: 0) == cluster + "x ")
    // A probed profile that draws combining marks two cells wide: each
    // masked cluster is drawn as one `•`, one cell.
    let probed = TerminalWidthProfile(name: "probed", rules: [.combiningMarks: .cells(2)])
    let secure = terminalEditor(
      "e\u{301}\u{1F44D}\u{1F3FD}x", columns: 6, rows: 1, profile: probed,
      behaviours: [SecureEntry()])
    let masked = drawn(secure, columns: 6, rows: 1)
    #expect(masked.text(ofRow: 0) == "\u{2022}\u{2022}\u{2022}   ")
    #expect(replayMismatches(masked, profile: probed) == [])
  }

  // Item 5.
  @Test func aCentredCaretIsOnTheCellAfterItsCluster() throws {
    var editor = terminalEditor("a", columns: 4, rows: 1, alignment: .center)
    let screen = drawn(editor, columns: 4, rows: 1)
    #expect(screen.text(ofRow: 0) == "  a ")
    #expect(screen.cursor == TerminalPosition(row: 0, column: 3))
    let placement = TerminalEditorRenderer.placement(
      of: editor, at: TerminalPosition(row: 0, column: 0))
    #expect(placement.offset(row: 0, column: 2, in: editor) == 0)
    var router = TerminalMouseRouter()
    let press = TerminalMouseEvent(kind: .press, button: .left, column: 3, row: 1)
    let outcome = router.handle(
      press, at: 0, editor: &editor, origin: TerminalPosition(row: 0, column: 0))
    #expect(outcome == .caretPlaced(0))
    // The caret before the cluster is on its cell.
    editor.select(NSRange(location: 0, length: 0))
    #expect(drawn(editor, columns: 4, rows: 1).cursor == TerminalPosition(row: 0, column: 2))
  }

  // Item 7.
  @Test func drawingOutsideAShrunkScreenDoesNotTrap() {
    let editor = terminalEditor("abc", columns: 4, rows: 2)
    for origin in [
      TerminalPosition(row: 3, column: 0), TerminalPosition(row: 0, column: 12),
      TerminalPosition(row: 5, column: 15), TerminalPosition(row: -4, column: -9),
    ] {
      var screen = TerminalScreen(columns: 10, rows: 2)
      TerminalEditorRenderer.draw(editor, into: &screen, at: origin)
      // Nothing of the view is on the screen: it stays blank.
      #expect(screen.cells == TerminalScreen(columns: 10, rows: 2).cells, "\(origin)")
      #expect(replayMismatches(screen) == [])
    }
    var tiny = TerminalScreen(columns: 1, rows: 1)
    tiny.link(row: 0, columns: 2..<2, to: nil)
    tiny.link(row: 0, columns: 5..<9, to: TerminalHyperlink(id: "a", uri: "x"))
    tiny.fill(rows: 3..<4, columns: 2..<3, style: .plain)
    tiny.restyle(row: 0, columns: 4..<6) { $0.bold = true }
    #expect(tiny[0, 0] == .blank)
  }

  // Item 8.
  @Test func aDragAfterAnEditSelectsInsideTheText() {
    var editor = terminalEditor("abcd", columns: 10, rows: 1)
    var router = TerminalMouseRouter()
    let origin = TerminalPosition(row: 0, column: 0)
    let press = TerminalMouseEvent(kind: .press, button: .left, column: 4, row: 1)
    #expect(router.handle(press, at: 0, editor: &editor, origin: origin) == .caretPlaced(3))
    editor.deleteBackward()
    editor.deleteBackward()
    #expect(editor.text == "ad")
    let drag = TerminalMouseEvent(kind: .drag, button: .left, column: 1, row: 1)
    let outcome = router.handle(drag, at: 0, editor: &editor, origin: origin)
    #expect(outcome == .selected(editor.selection))
    #expect(editor.selection == NSRange(location: 0, length: 1))
  }

  // Item 9.
  @Test func aControlPictureDoesNotJoinTheNextCluster() {
    let editor = terminalEditor("\t\u{1F3FD}x", columns: 6, rows: 1)
    let screen = drawn(editor, columns: 6, rows: 1)
    // The modifier is drawn on U+00A0, which nothing joins (issue 37).
    #expect(screen.text(ofRow: 0) == "\u{2409}\u{A0}\u{1F3FD}x ")
    #expect(replayMismatches(screen) == [])
    // A lone mark at the start of the text, after the blank it is drawn on.
    let mark = drawn(terminalEditor("\u{301}x", columns: 4, rows: 1), columns: 4, rows: 1)
    #expect(replayMismatches(mark) == [])
  }

  // Item 10.
  @Test func aLongPasteArrivesInBoundedParts() {
    let body =
      String(repeating: "a", count: 100_000) + "\r\n" + String(repeating: "é", count: 40_000)
    var decoder = TerminalInputDecoder()
    var parts: [String] = []
    for event in decoder.decode(Array(("\u{1B}[200~" + body).utf8)) {
      guard case .paste(let part) = event else {
        Issue.record("not a paste: \(event)")
        continue
      }
      parts.append(part)
    }
    // Before the paste ends, parts no longer than the bound have arrived.
    #expect(parts.count >= 2)
    #expect(decoder.isInPaste)
    #expect(
      parts.allSatisfy { $0.utf8.count <= TerminalInputDecoder.maximumPastePartLength })
    for event in decoder.decode(Array("\u{1B}[201~".utf8)) {
      if case .paste(let part) = event { parts.append(part) }
    }
    #expect(!decoder.isInPaste)
    #expect(parts.joined() == body.replacingOccurrences(of: "\r\n", with: "\n"))
    // A paste's CR LF split between two parts is still one line end, and a
    // scalar split between reads is whole.
    let crlf = String(repeating: "b", count: TerminalInputDecoder.maximumPastePartLength - 1)
    let split = Array(("\u{1B}[200~" + crlf + "\r\né\u{1B}[201~").utf8)
    for cut in [split.count - 9, split.count - 8, split.count - 7] {
      let events = decodeAll([Array(split[..<cut]), Array(split[cut...])])
      let text = events.map { event -> String in
        if case .paste(let part) = event { return part }
        return "?"
      }.joined()
      #expect(text == crlf + "\né", "cut at \(cut)")
    }
  }
}

extension FuzzFindingsTests {
  /// Items 3 and 5 together: a justified line's spaces widened by half
  /// cells. Each cluster takes the cells from its rounded left edge to its
  /// rounded right edge, so neighbours never share a cell, and a click on
  /// a cluster goes before it.
  @Test func justifiedClustersTileTheirCells() {
    var editor = terminalEditor("a b c ddddddd", columns: 6, rows: 3, alignment: .justified)
    let screen = drawn(editor, columns: 6, rows: 3)
    #expect(screen.text(ofRow: 0) == "a  b c")
    #expect(replayMismatches(screen) == [])
    let placement = TerminalEditorRenderer.placement(
      of: editor, at: TerminalPosition(row: 0, column: 0))
    let offsets = (0..<6).map { placement.offset(row: 0, column: $0, in: editor) }
    #expect(offsets == [0, 1, 1, 2, 3, 4])
    var router = TerminalMouseRouter()
    let press = TerminalMouseEvent(kind: .press, button: .left, column: 6, row: 1)
    let outcome = router.handle(
      press, at: 0, editor: &editor, origin: TerminalPosition(row: 0, column: 0))
    #expect(outcome == .caretPlaced(4))
    #expect(drawn(editor, columns: 6, rows: 3).cursor == TerminalPosition(row: 0, column: 5))
  }
}

extension FuzzFindingsTests {
  /// Item 9's class, found by FuzzTerminal's replay: a prepended
  /// concatenation mark (U+0601, Grapheme_Cluster_Break Prepend) at a
  /// line's end joined the blank written after it.
  @Test func aPrependedMarkDoesNotJoinTheBlankAfterIt() {
    let screen = drawn(terminalEditor("a\u{601}", columns: 4, rows: 1), columns: 4, rows: 1)
    #expect(replayMismatches(screen) == [])
    var old = TerminalScreen(columns: 4, rows: 1)
    old.write("xyzw", row: 0, column: 0)
    #expect(replayMismatches(screen, from: old) == [])
  }
}

extension FuzzFindingsTests {
  /// Found by FuzzTerminal's replay after the cells-between-rounded-edges
  /// change: a justified line put a one-cell "b" at 15.4999… and its right
  /// edge at 16.5 (the sum rounded up past 16), so rounding both edges drew
  /// it two cells wide. Only a space, which justification widens, spans to
  /// its rounded right edge; other clusters keep their advance.
  @Test func aJustifiedClusterKeepsItsWidth() {
    let bytes: [UInt8] =
      Array("aa bcc a".utf8) + Array(repeating: 0xAB, count: 6)
      + Array("cd bcc a".utf8) + Array(repeating: 0xAB, count: 6)
      + Array("cd b ".utf8) + [0xAB] + Array(" b c b ".utf8) + [0xAB] + Array(" b c ".utf8)
    let text = String(decoding: bytes, as: UTF8.self)
    let editor = terminalEditor(text, columns: 22, rows: 2, alignment: .justified)
    // Drawn at (1, 1), as FuzzTerminal draws: the origin takes part in the sums.
    var screen = TerminalScreen(columns: 24, rows: 3)
    TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 1, column: 1))
    #expect(replayMismatches(screen) == [])
    for row in 0..<3 {
      for column in 0..<24 where screen[row, column].text == "b" {
        #expect(screen[row, column].width == 1, "(\(row), \(column))")
      }
    }
  }
}

extension FuzzFindingsTests {
  /// Found by FuzzTerminal's replay: a justified line widens a space with
  /// a mark on it (`" \u{301}"`, a space to line breaking) like a space;
  /// it was written once, in one cell, for two.
  @Test func aWidenedSpaceWithAMarkIsDrawnThenBlanks() {
    let bytes: [UInt8] =
      Array("aa \u{301}".utf8) + [0xAB, 0xAB] + Array("cd b ".utf8) + [0xAB]
      + Array(" b c bcc a".utf8) + [0xAB, 0xAB, 0xAB, 0xAB] + Array("e\u{301}".utf8)
      + [0xAB, 0xAB] + Array("cd b ".utf8) + [0xAB] + Array(" b c ".utf8)
    let text = String(decoding: bytes, as: UTF8.self)
    let editor = terminalEditor(text, columns: 22, rows: 2, alignment: .justified)
    var screen = TerminalScreen(columns: 24, rows: 3)
    TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 1, column: 1))
    #expect(replayMismatches(screen) == [])
    let wide = terminalEditor("a \u{301} b c ddddddd", columns: 9, rows: 2, alignment: .justified)
    #expect(replayMismatches(drawn(wide, columns: 9, rows: 2)) == [])
  }
}

@Suite("TerminalReplay's messages")
struct TerminalReplayMessageTests {
  @Test("A control character is named in U+XXXX notation, four digits at least")
  func controlCharacterNotation() {
    #expect(
      TerminalReplay.Problem.controlCharacter(0x7).description
        == "control character U+0007 in the bytes")
  }
}

import Foundation
import PropertyBased
import Testing
import TextInputKit
import UnicodeTestSupport

/// One row of the key table: a chord pressed in a multi-line field 20 cells
/// wide holding "ab cd\nef gh" with the caret at 4 (between "c" and "d"),
/// and what it leaves.
struct KeyCase: Sendable, CustomTestStringConvertible {
  var chord: TerminalKeyChord
  var text: String
  var selection: NSRange
  var outcome: TerminalTextField.Outcome?

  init(
    _ chord: TerminalKeyChord, _ text: String, _ location: Int, _ length: Int = 0,
    outcome: TerminalTextField.Outcome? = nil
  ) {
    self.chord = chord
    self.text = text
    self.selection = NSRange(location: location, length: length)
    self.outcome = outcome
  }

  /// A chord that leaves the text as it was.
  init(
    _ chord: TerminalKeyChord, _ location: Int, _ length: Int = 0,
    outcome: TerminalTextField.Outcome? = nil
  ) {
    self.init(chord, KeyCase.start, location, length, outcome: outcome)
  }

  static let start = "ab cd\nef gh"

  var testDescription: String { chord.description }

  static func key(_ key: TerminalKey, _ modifiers: TerminalModifiers = []) -> TerminalKeyChord {
    TerminalKeyChord(key, modifiers)
  }

  /// Every default binding of `TerminalKeyMap.multiLine`.
  static let table: [KeyCase] = [
    KeyCase(key(.left), 3),
    KeyCase(key(.right), 5),
    KeyCase(.control("b"), 3),
    KeyCase(.control("f"), 5),
    KeyCase(.alt("b"), 3),
    KeyCase(.alt("f"), 5),
    KeyCase(key(.left, .control), 3),
    KeyCase(key(.right, .control), 5),
    KeyCase(key(.left, .alt), 3),
    KeyCase(key(.right, .alt), 5),
    KeyCase(key(.up), 0),
    KeyCase(key(.down), 10),
    KeyCase(.control("p"), 0),
    KeyCase(.control("n"), 10),
    KeyCase(key(.home), 0),
    KeyCase(key(.end), 5),
    KeyCase(.control("a"), 0),
    KeyCase(.control("e"), 5),
    KeyCase(key(.home, .control), 0),
    KeyCase(key(.end, .control), 11),
    KeyCase(.alt("<"), 0),
    KeyCase(.alt(">"), 11),
    // Without a history, the search keys do nothing (TerminalHistoryKeyTests).
    KeyCase(.control("r"), 4),
    // Without a completer, Tab does nothing (TerminalCompletionTests).
    KeyCase(key(.tab), 4),
    KeyCase(.control("s"), 4),
    KeyCase(key(.left, .shift), 3, 1),
    KeyCase(key(.right, .shift), 4, 1),
    KeyCase(key(.up, .shift), 0, 4),
    KeyCase(key(.down, .shift), 4, 6),
    KeyCase(key(.home, .shift), 0, 4),
    KeyCase(key(.end, .shift), 4, 1),
    KeyCase(key(.left, [.shift, .control]), 3, 1),
    KeyCase(key(.right, [.shift, .control]), 4, 1),
    KeyCase(key(.backspace), "ab d\nef gh", 3),
    KeyCase(.control("h"), "ab d\nef gh", 3),
    KeyCase(key(.delete), "ab c\nef gh", 4),
    KeyCase(.control("d"), "ab c\nef gh", 4),
    KeyCase(key(.backspace, .alt), "ab d\nef gh", 3),
    KeyCase(.alt("d"), "ab c\nef gh", 4),
    KeyCase(.control("w"), "ab d\nef gh", 3),
    KeyCase(.control("k"), "ab c\nef gh", 4),
    KeyCase(.control("u"), "d\nef gh", 0),
    KeyCase(.control("y"), 4),
    // Alt-Y with no yank before it does nothing (TerminalEditingKeyTests).
    KeyCase(.alt("y"), 4),
    KeyCase(.control("t"), "ab dc\nef gh", 5),
    KeyCase(.alt("u"), "ab cD\nef gh", 5),
    KeyCase(.alt("l"), 5),
    KeyCase(.alt("c"), "ab cD\nef gh", 5),
    KeyCase(.control("z"), 4),
    KeyCase(.control("_"), 4),
    KeyCase(.control("g"), 4),
    KeyCase(.control("l"), 4, outcome: .redrawRequested),
    KeyCase(.control("o"), 4),
    KeyCase(.control("c"), 4, outcome: .cancelled),
    KeyCase(key(.enter), "ab c\nd\nef gh", 5),
    KeyCase(.control("j"), "ab c\nd\nef gh", 5),
    KeyCase(key(.enter, .alt), 4, outcome: .submitted(KeyCase.start)),
  ]
}

func makeField(
  _ text: String, kind: TerminalTextField.Kind = .multiLine(minimumRows: 2, maximumRows: 4),
  columns: Int = 20, profile: TerminalWidthProfile = .graphemeClusters,
  behaviours: [any EditorBehaviour] = []
) -> TerminalTextField {
  TerminalTextField(
    kind: kind, text: text, columns: columns, profile: profile, behaviours: behaviours)
}

@Suite struct TerminalKeyMapTests {
  @Test(arguments: KeyCase.table)
  func everyDefaultBinding(_ row: KeyCase) {
    var field = makeField(KeyCase.start)
    field.modifyEditor { $0.select(NSRange(location: 4, length: 0)) }
    let outcome = field.handle(.key(row.chord.key, row.chord.modifiers))
    #expect(field.editor.text == row.text)
    #expect(field.editor.selection == row.selection)
    if let expected = row.outcome { #expect(outcome == expected) }
  }

  /// The table covers every binding of both default maps, so a new binding
  /// needs a row (and the single-line map differs only in Enter and Ctrl-J).
  @Test func theTableCoversEveryBinding() {
    let covered = Set(KeyCase.table.map(\.chord))
    #expect(Set(TerminalKeyMap.multiLine.bindings.keys) == covered)
    var single = TerminalKeyMap.singleLine.bindings
    #expect(single.removeValue(forKey: TerminalKeyChord(.enter)) == .submit)
    #expect(single.removeValue(forKey: .control("j")) == .submit)
    var multi = TerminalKeyMap.multiLine.bindings
    multi.removeValue(forKey: TerminalKeyChord(.enter))
    multi.removeValue(forKey: .control("j"))
    #expect(single == multi)
  }

  @Test func singleLineEnterSubmitsAndArrowsGoToTheEnds() {
    var field = makeField("name", kind: .singleLine)
    field.modifyEditor { $0.select(NSRange(location: 2, length: 0)) }
    _ = field.handle(.key(.up, []))
    #expect(field.editor.selection.location == 0)
    _ = field.handle(.key(.down, []))
    #expect(field.editor.selection.location == 4)
    #expect(field.handle(.key(.enter, [])) == .submitted("name"))
    #expect(field.handle(.key(.character("j"), .control)) == .submitted("name"))
  }

  /// Kills in a row join in the buffer; Ctrl-Y yanks it back; undo and
  /// redo step through the edits.
  @Test func killYankUndoRedo() {
    var field = makeField("one two three", kind: .singleLine, columns: 30)
    _ = field.handle(.key(.character("w"), .control))
    _ = field.handle(.key(.character("w"), .control))
    #expect(field.editor.text == "one ")
    _ = field.handle(.key(.character("y"), .control))
    #expect(field.editor.text == "one two three")
    _ = field.handle(.key(.character("a"), .control))
    _ = field.handle(.key(.character("k"), .control))
    #expect(field.editor.text == "")
    _ = field.handle(.key(.character("y"), .control))
    #expect(field.editor.text == "one two three")
    _ = field.handle(.key(.character("_"), .control))
    #expect(field.editor.text == "")
    _ = field.handle(.key(.character("g"), .control))
    #expect(field.editor.text == "one two three")
  }

  /// Ctrl-Z suspends, as in readline, zsh and fish (it used to undo).
  @Test func ctrlZAsksToSuspend() {
    var field = makeField("abc", kind: .singleLine)
    #expect(field.handle(.key(.character("z"), .control)) == .suspendRequested)
    #expect(field.editor.text == "abc")
  }

  /// Esc, then a key, is that key with Alt whatever the pause between
  /// (two reads); Ctrl-X waits for its second key.
  @Test func keysInARowAtAPersonsPace() {
    var field = makeField("one two", kind: .singleLine, columns: 30)
    #expect(field.handle(.key(.escape, [])) == .unchanged)
    #expect(field.pendingKeys == [TerminalKeyChord(.escape)])
    _ = field.handle(.text("b"))
    #expect(field.editor.selection.location == 4)
    #expect(field.pendingKeys.isEmpty)
    // Esc, then text: the first character with Alt, the rest typed.
    _ = field.handle(.key(.escape, []))
    _ = field.handle(.text("fX"))
    #expect(field.editor.text == "one twoX")
    _ = field.handle(.key(.character("x"), .control))
    #expect(field.pendingKeys == [.control("x")])
    _ = field.handle(.key(.character("u"), .control))
    #expect(field.editor.text == "one two")
    // An unbound pair does nothing and is forgotten.
    _ = field.handle(.key(.character("x"), .control))
    #expect(field.handle(.key(.character("q"), .control)) == .unchanged)
    #expect(field.pendingKeys.isEmpty)
    #expect(TerminalKeyMap.standard.lookup([.control("x")]) == .prefix)
    #expect(TerminalKeyMap.standard.lookup([TerminalKeyChord(.escape), .control("q")]) == .unbound)
  }

  @Test func ctrlDIsEndOfInputOnlyOnAnEmptyField() {
    var field = makeField("", kind: .singleLine)
    #expect(field.handle(.key(.character("d"), .control)) == .endOfInput)
    _ = field.handle(.text("x"))
    #expect(field.handle(.key(.character("d"), .control)) == .unchanged)
  }

  @Test func metaIsLookedUpAsAlt() {
    #expect(
      TerminalKeyMap.standard[TerminalKeyChord(.character("b"), .meta)] == .move(.backward(.word)))
    var keys = TerminalKeyMap.singleLine
    keys[.control("t")] = .move(.documentEnd)
    keys[.control("o")] = nil
    #expect(keys[.control("t")] == .move(.documentEnd))
    #expect(keys[.control("o")] == nil)
  }

  @Test func chordsAreNamedForTheDocs() {
    #expect(TerminalKeyChord.control("a").description == "Ctrl-A")
    #expect(TerminalKeyChord(.enter, .alt).description == "Alt-Enter")
    #expect(TerminalKeyChord(.left, [.shift, .control]).description == "Ctrl-Shift-←")
    #expect(TerminalKeyChord.control(" ").description == "Ctrl-Space")
  }

  /// The Guide's key table is the map's own, generated.
  @Test func theGuideListsTheMap() throws {
    let guide = try String(
      contentsOf: packageRoot.appending(
        path: "Sources/TextInputTerminal/TextInputTerminal.docc/Guide.md"), encoding: .utf8)
    #expect(guide.contains(TerminalKeyMap.multiLine.markdownTable))
  }
}

/// The repository's root, from this file's path.
let packageRoot = URL(filePath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

@Suite struct TerminalTextFieldTests {
  @Test func aPastedLineBreakBecomesASpaceOrEndsThePaste() {
    var field = makeField("", kind: .singleLine, columns: 30)
    _ = field.handle(.paste("one\r\ntwo\nthree"))
    #expect(field.editor.text == "one two three")
    field = makeField("", kind: .singleLine, columns: 30)
    field.pastedLineBreaks = .firstLine
    _ = field.handle(.paste("one\ntwo"))
    #expect(field.editor.text == "one")
    var multi = makeField("")
    _ = multi.handle(.paste("one\ntwo"))
    #expect(multi.editor.text == "one\ntwo")
  }

  /// A long single line scrolls sideways by whole cells, keeps the caret in
  /// sight with its margin, never draws part of a wide cluster, and shows
  /// a mark at an edge that hides text.
  @Test func aLongSingleLineScrollsSideways() {
    var field = makeField("", kind: .singleLine, columns: 6)
    _ = field.handle(.text("abcdefgh日本"))
    #expect(field.editor.layout().lineFragments.count == 1)
    var screen = TerminalScreen(columns: 6, rows: 1)
    let drawn = field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    // At the end of the text the last cell is the caret's.
    #expect(drawn.caret == TerminalPosition(row: 0, column: 5))
    // The hidden text's mark covers "h".
    #expect(screen.text(ofRow: 0) == "<日本 ")
    _ = field.handle(.key(.home, []))
    screen = TerminalScreen(columns: 6, rows: 1)
    let start = field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(start.caret == TerminalPosition(row: 0, column: 0))
    #expect(screen.text(ofRow: 0) == "abcde>")
    // One cell off: 日 would be cut at the left edge, so it is not drawn.
    _ = field.handle(.key(.end, []))
    _ = field.handle(.key(.left, []))
    screen = TerminalScreen(columns: 6, rows: 1)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(!screen[0, 0].isContinuation)
  }

  /// Validation's message waits for the user: not on a fresh field, shown
  /// after an edit or a refused submit; the count shows from the start.
  @Test func theStatusLineWaitsForInteraction() throws {
    var field = makeField(
      "", kind: .singleLine, columns: 20,
      behaviours: [
        Validation(Validation.nonEmpty("Required")), try CharacterLimit(limit: 3, showsCount: true),
      ])
    #expect(field.height == 2)
    #expect(field.statusLine.leading == "")
    #expect(field.statusLine.trailing == "0/3")
    #expect(field.handle(.key(.enter, [])) == .submissionRefused)
    #expect(field.statusLine.leading == "Required")
    var screen = TerminalScreen(columns: 20, rows: 2)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen.text(ofRow: 1) == "Required         0/3")
    _ = field.handle(.text("abcd"))
    #expect(field.editor.text == "abc")
    #expect(field.handle(.key(.enter, [])) == .submitted("abc"))
  }

  /// A click in a single-line field scrolled sideways puts the caret
  /// before the cluster drawn on the clicked cell, not the one that cell
  /// would show unscrolled.
  @Test func aClickInAScrolledFieldHitsTheDrawnCluster() {
    var field = TerminalTextField(
      text: String(repeating: "abcdefghij", count: 10), columns: 20)
    var screen = TerminalScreen(columns: 20, rows: 1)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    let scroll = Int(field.horizontalScroll)
    #expect(scroll > 0)
    let press = TerminalMouseEvent(kind: .press, button: .left, column: 6, row: 1)
    #expect(field.handle(.mouse(press)) == .moved)
    #expect(field.editor.selection.location == scroll + 5)
  }

  /// A value wider than a million cells still scrolls to its caret: the
  /// end of a 1 200 000-cell line is drawn, the caret after it.
  @Test func aValueWiderThanAMillionCellsScrollsToTheCaret() {
    var field = TerminalTextField(
      text: String(repeating: "a", count: 1_199_990) + "0123456789", columns: 20)
    var screen = TerminalScreen(columns: 20, rows: 1)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(field.horizontalScroll > 1_000_000)
    #expect(screen.text(ofRow: 0).hasSuffix("0123456789 "))
    #expect(screen.cursor == TerminalPosition(row: 0, column: 19))
  }

  /// A modifier-click on a link, or Ctrl-O at the caret, opens it while
  /// editing; a plain click only moves the caret.
  @Test func linksOpenWhileEditing() {
    var field = makeField(
      "see example.com now", kind: .singleLine, columns: 30, behaviours: [EditorLinks()])
    var screen = TerminalScreen(columns: 31, rows: 3)
    field.draw(into: &screen, at: TerminalPosition(row: 2, column: 1))
    let plain = TerminalMouseEvent(kind: .press, button: .left, column: 8, row: 3)
    #expect(field.handle(.mouse(plain)) == .moved)
    #expect(field.editor.selection.location == 6)
    let release = TerminalMouseEvent(kind: .release, button: .left, column: 8, row: 3)
    _ = field.handle(.mouse(release))
    var modified = plain
    modified.modifiers = .control
    #expect(field.handle(.mouse(modified)) == .linkOpened("http://example.com"))
    #expect(field.handle(.key(.character("o"), .control)) == .linkOpened("http://example.com"))
    _ = field.handle(.key(.home, []))
    #expect(field.handle(.key(.character("o"), .control)) == .unchanged)
  }

  /// While not editing, a plain click on a link opens it: the behaviour asks
  /// (`BehaviourActions.open`), the field reports it; nothing to poll.
  @Test func aClickOnALinkWhileNotEditingIsReported() {
    var field = makeField(
      "example.com", kind: .singleLine, columns: 20, behaviours: [EditorLinks()])
    field.modifyEditor { $0.endEditing() }
    var screen = TerminalScreen(columns: 20, rows: 1)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    let press = TerminalMouseEvent(kind: .press, button: .left, column: 2, row: 1)
    _ = field.handle(.mouse(press), at: 0)
    var release = press
    release.kind = .release
    #expect(field.handle(.mouse(release), at: 0.1) == .linkOpened("http://example.com"))
    #expect(field.editor.openRequests.isEmpty)
  }

  @Test func aMultiLineFieldGrowsToItsMaximumThenScrolls() {
    var field = makeField("", kind: .multiLine(minimumRows: 1, maximumRows: 3), columns: 10)
    #expect(field.textRows == 1)
    _ = field.handle(.paste("1\n2"))
    #expect(field.textRows == 2)
    _ = field.handle(.paste("\n3\n4\n5"))
    #expect(field.textRows == 3)
    var screen = TerminalScreen(columns: 10, rows: 3)
    let drawn = field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(drawn.caret == TerminalPosition(row: 2, column: 1))
    #expect(screen.text(ofRow: 2).hasPrefix("5"))
  }

  /// Every text-field behaviour in one single-line field: a placeholder
  /// when empty, right alignment with its trailing space kept visible
  /// (RightAlignedSpaces), a mask with a limit, and the scroll when the
  /// text outgrows the field.
  @Test func aSingleLineFieldWithEveryBehaviour() throws {
    var field = TerminalTextField(
      kind: .singleLine, columns: 8, alignment: .right,
      behaviours: [
        TextPlaceholder("Amount"), RightAlignedSpaces(), Validation(Validation.nonEmpty("?")),
      ])
    var screen = TerminalScreen(columns: 8, rows: field.height)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen.text(ofRow: 0) == "  Amount")
    _ = field.handle(.text("Pay "))
    screen = TerminalScreen(columns: 8, rows: field.height)
    let drawn = field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen.text(ofRow: 0) == "   Pay\u{A0} ")
    #expect(drawn.caret == TerminalPosition(row: 0, column: 7))
    _ = field.handle(.text("12345678"))
    screen = TerminalScreen(columns: 8, rows: field.height)
    let scrolled = field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(scrolled.caret == TerminalPosition(row: 0, column: 7))
    #expect(screen.text(ofRow: 0).hasSuffix("5678 "))
    var secret = TerminalTextField(
      kind: .singleLine, columns: 6,
      behaviours: [SecureEntry(), try CharacterLimit(limit: 3, showsCount: true)])
    _ = secret.handle(.paste("👍🏽e\u{301}🇫🇷x"))
    screen = TerminalScreen(columns: 6, rows: secret.height)
    secret.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen.text(ofRow: 0) == "•••   ")
    #expect(screen.text(ofRow: 1) == "   3/3")
  }

  @Test func resizeKeepsTheCaretInSight() {
    var field = makeField("a long line of text", kind: .singleLine, columns: 30)
    field.resize(columns: 5)
    var screen = TerminalScreen(columns: 5, rows: 1)
    let drawn = field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(drawn.caret != nil)
    #expect(field.columns == 5)
  }
}

/// Random keys, text, pastes and clicks through a field, under each width
/// profile: the caret and selection stay on cluster boundaries, the caret's
/// cell is drawn inside the field, and a single-line field stays on one row
/// and draws no part of a cluster outside itself.
@Suite struct TerminalTextFieldPropertyTests {
  static let chords = Array(TerminalKeyMap.multiLine.bindings.keys).filter {
    TerminalKeyMap.multiLine[$0] != .cancel
  }.sorted { $0.description < $1.description }

  static let profiles: [TerminalWidthProfile] = [
    .graphemeClusters, .tmux, TerminalWidthProfile(name: "cjk", options: .eastAsian),
  ]

  static let events = Generator<[TerminalEvent], Shrink.None<[TerminalEvent]>> { rng in
    let pieces = [
      "👩‍👩‍👧", "🇫🇷", "e\u{301}", "日本", "مرحبا ", "שלום", "\u{A0}", "a b", "x.org ", "❤️",
      "👍🏽", "\t",
    ]
    return (0..<Int.random(in: 1...24, using: &rng)).map { _ -> TerminalEvent in
      switch Int.random(in: 0...9, using: &rng) {
      case 0...2: return .text(pieces.randomElement(using: &rng) ?? "a")
      case 3: return .paste(pieces.shuffled(using: &rng).prefix(3).joined(separator: "\n"))
      case 4...7:
        let chord = chords.randomElement(using: &rng) ?? TerminalKeyChord(.left)
        return .key(chord.key, chord.modifiers)
      default:
        let kinds: [TerminalMouseEvent.Kind] = [.press, .drag, .release]
        return .mouse(
          TerminalMouseEvent(
            kind: kinds.randomElement(using: &rng) ?? .press, button: .left,
            column: Int.random(in: 0...14, using: &rng), row: Int.random(in: 0...6, using: &rng)))
      }
    }
  }

  @Test func randomEventsKeepTheFieldWhole() async {
    await propertyCheck(
      count: CheckScale.cases(30, full: 400), input: UnicodeGen.text(fragments: 0...4), Self.events
    ) {
      text, events in
      for (index, profile) in Self.profiles.enumerated() {
        let single = (events.count + index) % 2 == 0
        var field = makeField(
          text, kind: single ? .singleLine : .multiLine(minimumRows: 1, maximumRows: 3),
          columns: 8, profile: profile, behaviours: [EditorLinks()])
        let origin = TerminalPosition(row: 1, column: 2)
        for event in events {
          _ = field.handle(event)
          let state = field.editor.state
          #expect(state.isGraphemeBoundary(state.selection.location))
          #expect(state.isGraphemeBoundary(NSMaxRange(state.selection)))
          // Drawn in a screen with a border of markers around the field.
          var screen = TerminalScreen(columns: 12, rows: field.height + 2)
          for row in 0..<screen.rows { screen.write("############", row: row, column: 0) }
          screen.fill(rows: 1..<1 + field.height, columns: 2..<10, style: .plain)
          let drawn = field.draw(into: &screen, at: origin)
          if state.isEditing {
            #expect(drawn.caret != nil)
            if let caret = drawn.caret {
              #expect((1..<1 + field.textRows).contains(caret.row))
              #expect((2..<10).contains(caret.column))
            }
          }
          for row in 0..<screen.rows {
            for column in 0..<screen.columns
            where !(1..<1 + field.height).contains(row) || !(2..<10).contains(column) {
              #expect(screen[row, column].text == "#")
            }
          }
          if single {
            #expect(field.textRows == 1)
            #expect(field.editor.layout().lineFragments.count <= 1)
            #expect(!screen[1, 2].isContinuation)
          }
        }
      }
    }
  }
}

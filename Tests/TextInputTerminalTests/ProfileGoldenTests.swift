import Foundation
import Testing
import TextInputKit
import TextInputTerminal

/// Each behaviour drawn under each width profile, with clusters the
/// profiles measure differently: ❤️ (VS16 emoji) is 2 cells for the
/// library's grapheme-cluster profile and 1 for tmux; ⌚︎ (VS15) is 1 and 2.
/// The golden for each profile is written out: the cells, the style map
/// (`g` grey, `u` underlined, `?` pressed), the hyperlink ids and the cursor.
@Suite struct ProfileGoldenTests {
  static let heart = "\u{2764}\u{FE0F}"
  static let watch = "\u{231A}\u{FE0E}"
  static let profiles: [TerminalWidthProfile] = [.graphemeClusters, .tmux]

  /// The expected value for `profile`: grapheme clusters first, tmux second.
  static func expected<T>(_ profile: TerminalWidthProfile, _ clusters: T, _ tmux: T) -> T {
    profile == .tmux ? tmux : clusters
  }

  @Test(arguments: profiles)
  func staticPlaceholder(_ profile: TerminalWidthProfile) {
    let editor = terminalEditor(
      "", columns: 9, rows: 1, profile: profile,
      behaviours: [TextPlaceholder("\(Self.heart) Name", clock: PlaceholderClock { 0 })])
    let golden = render(editor)
    #expect(golden.text == ["\(Self.heart) Name" + Self.expected(profile, "  ", "   ")])
    #expect(golden.styles == [Self.expected(profile, "ggggggg..", "gggggg...")])
    #expect(golden.cursor == TerminalPosition(row: 0, column: 0))
  }

  @Test(arguments: profiles)
  func floatingTitle(_ profile: TerminalWidthProfile) {
    let clock = ManualClock()
    var editor = floatingTitleEditor("\(Self.watch) Title", clock: clock, profile: profile)
    editor.insert("x\(Self.heart)")
    clock.advance(by: 10)
    let golden = render(editor)
    #expect(
      golden.text == [
        "\(Self.watch) Title" + Self.expected(profile, "   ", "  "),
        "x\(Self.heart)" + Self.expected(profile, "       ", "        "),
      ])
    #expect(golden.styles == [Self.expected(profile, "ggggggg...", "gggggggg.."), ".........."])
    #expect(golden.cursor == TerminalPosition(row: 1, column: Self.expected(profile, 3, 2)))
  }

  @Test(arguments: profiles)
  func bouncyAbbreviation(_ profile: TerminalWidthProfile) {
    let clock = ManualClock()
    var editor = terminalEditor(
      "", columns: 10, rows: 1, profile: profile,
      behaviours: [
        TextPlaceholder(
          "Amount", mode: .bouncy, abbreviated: "\(Self.watch)EUR", clock: .manual(clock))
      ])
    editor.insert("1\(Self.heart)")
    clock.advance(by: 10)
    let golden = render(editor)
    // The abbreviation keeps to the right edge whatever its width.
    #expect(golden.text == ["1\(Self.heart)   \(Self.watch)EUR"])
    #expect(golden.styles == [Self.expected(profile, "......gggg", ".....ggggg")])
    #expect(golden.cursor == TerminalPosition(row: 0, column: Self.expected(profile, 3, 2)))
  }

  @Test(arguments: profiles)
  func linkWrappedOverTwoLines(_ profile: TerminalWidthProfile) {
    let editor = terminalEditor(
      "\(Self.heart) https://a.org/abcdef ok", columns: 12, rows: 3, profile: profile,
      editing: false, behaviours: [EditorLinks()])
    let golden = render(editor)
    #expect(
      golden.text == [
        "\(Self.heart) https://" + Self.expected(profile, " ", "  "), "a.org/abcdef",
        "ok          ",
      ])
    #expect(
      golden.styles == [
        Self.expected(profile, "...uuuuuuuu.", "..uuuuuuuu.."), "uuuuuuuuuuuu", "............",
      ])
    #expect(
      golden.links == [
        Self.expected(profile, "...11111111.", "..11111111.."), "111111111111", "............",
      ])
    #expect(golden.cursor == nil)
  }

  @Test(arguments: profiles)
  func pressedLink(_ profile: TerminalWidthProfile) {
    var editor = terminalEditor(
      "\(Self.watch) www.b.org c", columns: 14, rows: 1, profile: profile, editing: false,
      behaviours: [EditorLinks()])
    #expect(editor.pressLink(.down(CGPoint(x: 5.5, y: 0.5), at: 0)) == .pressed(0))
    let golden = render(editor)
    #expect(golden.text == ["\(Self.watch) www.b.org c" + Self.expected(profile, " ", "")])
    #expect(golden.styles == [Self.expected(profile, "..?????????...", "...?????????..")])
    #expect(golden.links == [Self.expected(profile, "..111111111...", "...111111111..")])
  }

  @Test(arguments: profiles)
  func rightAlignedSpaces(_ profile: TerminalWidthProfile) {
    var editor = terminalEditor(
      "\(Self.heart)ab", columns: 8, rows: 1, profile: profile, alignment: .right,
      behaviours: [RightAlignedSpaces()])
    editor.insert("  ")
    let golden = render(editor)
    // The typed spaces take their cells at the right edge; the caret is on
    // the last cell (the view has no cell past it).
    #expect(
      golden.text == [Self.expected(profile, "  ", "   ") + "\(Self.heart)ab\u{A0}\u{A0}"])
    #expect(golden.cursor == TerminalPosition(row: 0, column: 7))
  }

  /// A hyperlink's id is stable: typing a link to another URI before it
  /// keeps it, and two links to one URI get two ids.
  @Test func hyperlinkIDsAreStableAndDistinctPerURI() {
    var editor = terminalEditor(
      "x www.b.org", columns: 40, rows: 1, editing: true, behaviours: [EditorLinks()])
    func ids(_ editor: Editor) -> [String: Set<String>] {
      var screen = TerminalScreen(columns: 40, rows: 1)
      TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 0, column: 0))
      var ids: [String: Set<String>] = [:]
      for column in 0..<40 {
        if let link = screen[0, column].link { ids[link.uri, default: []].insert(link.id) }
      }
      return ids
    }
    #expect(ids(editor) == ["http://www.b.org": ["t1"]])
    editor.select(NSRange(location: 0, length: 0))
    editor.insert("www.a.org ")
    #expect(ids(editor) == ["http://www.a.org": ["t1"], "http://www.b.org": ["t1"]])
    editor.select(NSRange(location: 0, length: 0))
    editor.insert("www.b.org ")
    // Two links to www.b.org: the first drawn is 1, the second 2.
    #expect(ids(editor) == ["http://www.a.org": ["t1"], "http://www.b.org": ["t1", "t2"]])
  }
}

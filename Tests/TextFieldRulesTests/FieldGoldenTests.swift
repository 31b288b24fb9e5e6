import Foundation
import Testing
import TextInputKit

/// What the terminal renderer draws for each rule, under both width
/// profiles: a masked cluster is one "•" cell whatever the profile makes of
/// the cluster; the message and count sit on the last row, in red (`m`).
@Suite struct FieldGoldenTests {
  static let password = "pa\u{301}ss\u{1F44D}\u{1F3FD}\u{1F1EB}\u{1F1F7}\u{2764}\u{FE0F}"

  @Test(arguments: [TerminalWidthProfile.graphemeClusters, .tmux])
  func maskedPassword(_ profile: TerminalWidthProfile) {
    var editor = terminalField(
      Self.password, columns: 10, rows: 2, profile: profile, behaviours: [SecureEntry()])
    #expect(
      FieldGolden(drawnScreen(editor))
        == FieldGolden(
          text: ["•••••••   ", "          "], styles: ["..........", ".........."],
          cursor: TerminalPosition(row: 0, column: 7)))
    editor.select(NSRange(location: 1, length: 6))
    #expect(
      FieldGolden(drawnScreen(editor))
        == FieldGolden(
          text: ["•••••••   ", "          "], styles: [".rrrr.....", ".........."],
          cursor: TerminalPosition(row: 0, column: 5)))
  }

  @Test(arguments: [TerminalWidthProfile.graphemeClusters, .tmux])
  func characterCount(_ profile: TerminalWidthProfile) throws {
    var editor = terminalField(
      "ab", columns: 10, rows: 2, profile: profile,
      behaviours: [try CharacterLimit(limit: 5, showsCount: true)])
    editor.insert("\u{1F44D}\u{1F3FD}xyz")
    let wide = profile == .tmux ? 4 : 2
    #expect(editor.text == "ab\u{1F44D}\u{1F3FD}xy")
    #expect(
      FieldGolden(drawnScreen(editor))
        == FieldGolden(
          text: [
            "ab\u{1F44D}\u{1F3FD}xy" + String(repeating: " ", count: 6 - wide),
            "       5/5",
          ],
          styles: ["..........", ".......mmm"],
          cursor: TerminalPosition(row: 0, column: 4 + wide)))
  }

  @Test(arguments: [TerminalWidthProfile.graphemeClusters, .tmux])
  func validationMessage(_ profile: TerminalWidthProfile) {
    let editor = terminalField(
      "", columns: 12, rows: 2, profile: profile,
      behaviours: [Validation(Validation.nonEmpty("No \u{1F44D}\u{1F3FD} yet"))])
    let wide = profile == .tmux ? 4 : 2
    #expect(
      FieldGolden(drawnScreen(editor))
        == FieldGolden(
          text: [
            "            ",
            "No \u{1F44D}\u{1F3FD} yet" + String(repeating: " ", count: 12 - 7 - wide),
          ],
          styles: [
            "............",
            String(repeating: "m", count: 7 + wide) + String(repeating: ".", count: 5 - wide),
          ],
          cursor: TerminalPosition(row: 0, column: 0)))
  }

  /// A link in a password is neither styled nor written as a hyperlink: its
  /// URI is the hidden text.
  @Test func noHyperlinkOverTheMask() {
    let editor = terminalField(
      "www.example.com", columns: 20, rows: 2, behaviours: [EditorLinks(), SecureEntry()])
    let screen = drawnScreen(editor)
    #expect(screen.text(ofRow: 0) == String(repeating: "•", count: 15) + "     ")
    #expect((0..<20).allSatisfy { screen[0, $0].link == nil && screen[0, $0].style == .plain })
    #expect(!TerminalWriter.update(from: nil, to: screen).contains("example"))
  }

  /// The three together: the mask, the message at the leading end of the
  /// last row and the count at its trailing end.
  @Test(arguments: [TerminalWidthProfile.graphemeClusters, .tmux])
  func allThree(_ profile: TerminalWidthProfile) throws {
    var editor = terminalField(
      "", columns: 16, rows: 2, profile: profile,
      behaviours: [
        SecureEntry(), try CharacterLimit(limit: 8, showsCount: true),
        Validation(Validation.predicate("Too short") { $0.count >= 8 }),
      ])
    editor.insert(Self.password)
    #expect(
      FieldGolden(drawnScreen(editor))
        == FieldGolden(
          text: ["•••••••         ", "Too short    7/8"],
          styles: ["................", "mmmmmmmmm....mmm"],
          cursor: TerminalPosition(row: 0, column: 7)))
    editor.insert("12")
    #expect(editor.text == Self.password + "1")
    #expect(
      FieldGolden(drawnScreen(editor))
        == FieldGolden(
          text: ["••••••••        ", "             8/8"],
          styles: ["................", ".............mmm"],
          cursor: TerminalPosition(row: 0, column: 8)))
  }
}

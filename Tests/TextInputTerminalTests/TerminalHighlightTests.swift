import Foundation
import Testing
import TextInputKit

@Suite("Highlighting: KeywordHighlighter and the field's styles")
struct TerminalHighlightTests {
  @Test("Keywords and numbers, as whole words")
  func keywordHighlighter() {
    let highlighter = KeywordHighlighter(["select", "from"], ignoresCase: true)
    #expect(
      highlighter.highlights(for: "SELECT 1.5 FROM selected")
        == [
          Highlight(range: NSRange(location: 0, length: 6), role: .keyword),
          Highlight(range: NSRange(location: 7, length: 3), role: .number),
          Highlight(range: NSRange(location: 11, length: 4), role: .keyword),
        ])
    let exact = KeywordHighlighter(["select"])
    #expect(
      exact.highlights(for: "SELECT select").map(\.range) == [NSRange(location: 7, length: 6)])
  }

  @Test("The field draws each role's style; selection and marked text stay on top")
  func drawn() {
    var field = TerminalTextField(text: "select 42 from t", columns: 30)
    field.highlighter = KeywordHighlighter(["select", "from"])
    var screen = TerminalScreen(columns: 30, rows: 1)
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    for column in 0..<6 {
      #expect(screen[0, column].style.foreground == .ansi(4) && screen[0, column].style.bold)
    }
    #expect(screen[0, 6].style == TerminalStyle.plain)
    #expect(screen[0, 7].style.foreground == .ansi(6))
    #expect(screen[0, 10].style.foreground == .ansi(4))
    #expect(screen[0, 15].style == TerminalStyle.plain)
    #expect(field.editor.text == "select 42 from t")
    // The selection is drawn over the highlight.
    field.modifyEditor { $0.select(NSRange(location: 2, length: 6)) }
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen[0, 2].style.reverse && screen[0, 2].style.bold)
    #expect(screen[0, 7].style.reverse && screen[0, 7].style.foreground == .ansi(6))
    #expect(!screen[0, 1].style.reverse)
    // Marked text too; a role with no style is drawn plain.
    field.modifyEditor {
      $0.select(NSRange(location: 16, length: 0))
      _ = try? $0.setMarkedText("x", selectedRange: NSRange(location: 1, length: 0))
    }
    field.highlightStyles[.keyword] = nil
    field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    #expect(screen[0, 16].style.underline)
    #expect(!screen[0, 0].style.bold)
  }
}

import Foundation
import TextInputCore

extension TerminalTextField {
  /// Keywords bold blue, strings green, numbers cyan, comments grey,
  /// errors red and underlined.
  public static let standardHighlightStyles: [HighlightRole: TerminalStyleChange] = [
    .keyword: TerminalStyleChange(foreground: .ansi(4), bold: true),
    .string: TerminalStyleChange(foreground: .ansi(2)),
    .number: TerminalStyleChange(foreground: .ansi(6)),
    .comment: TerminalStyleChange(foreground: .grey),
    .error: TerminalStyleChange(foreground: .ansi(1), underline: true),
  ]

  /// The highlighter's ranges for the text now, each with its role's
  /// style (roles without one left out), as the renderer takes them.
  ///
  /// - Complexity: the highlighter's, once per draw.
  func styledHighlights() -> [(range: NSRange, change: TerminalStyleChange)] {
    // A masked field is not highlighted: the roles would show its words.
    guard let highlighter, !editor.isSecureTextEntry else { return [] }
    return highlighter.highlights(for: editor.text).compactMap { highlight in
      highlightStyles[highlight.role].map { (highlight.range, $0) }
    }
  }
}

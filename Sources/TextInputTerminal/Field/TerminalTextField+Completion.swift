import Foundation
import TextInputCore

/// Tab completion: the common prefix on the first Tab, a menu on the second.
extension TerminalTextField {
  /// The completion menu shown under the field, if open.
  public var completionMenu: TerminalCompletionMenu? { lineEditing.menu }

  /// The rows the completion menu takes under the field (0 when closed).
  public var completionMenuRows: Int { lineEditing.menu?.height(in: columns) ?? 0 }

  /// Tab: asks `completer`. One candidate is inserted; several insert
  /// their common prefix (by grapheme cluster) when it adds to what was
  /// typed, and a second Tab with the text unchanged opens the menu.
  mutating func complete() {
    // A masked field completes nothing: a candidate would show what is typed.
    guard let completer, !editor.isSecureTextEntry else { return }
    let state = editor.state
    let text = state.text
    let caret = NSMaxRange(state.selection)
    let count = state.utf16Count
    let candidates = completer.completions(for: text, caret: caret).filter {
      $0.range.location >= 0 && NSMaxRange($0.range) <= count
    }
    defer { if lineEditing.menu != nil { lineEditing.tabText = nil } }
    guard let first = candidates.first else {
      lineEditing.tabText = nil
      return
    }
    if candidates.count == 1 {
      lineEditing.tabText = nil
      apply(first)
      return
    }
    if lineEditing.tabText == text {
      let profile = (state.font as? TerminalCellFont)?.profile ?? .graphemeClusters
      var menu = TerminalCompletionMenu(
        candidates: candidates, maximumRows: maximumMenuRows, profile: profile)
      menu.select(0, width: columns)
      lineEditing.menu = menu
      return
    }
    // The first Tab: the common prefix, when every candidate replaces the
    // same range and the prefix adds to what is there.
    if candidates.allSatisfy({ $0.range == first.range }) {
      let prefix = Completions.commonPrefix(candidates.map(\.text))
      let current = state.substring(first.range)
      if prefix.utf16.count > current.utf16.count {
        apply(Completion(range: first.range, text: prefix))
      }
    }
    lineEditing.tabText = editor.text
  }

  /// Replaces the completion's range with its text (on one line in a
  /// single-line field); the caret goes after it.
  private mutating func apply(_ completion: Completion) {
    let text =
      kind == .singleLine
      ? Self.joiningLines(completion.text, policy: pastedLineBreaks) : completion.text
    guard NSMaxRange(completion.range) <= editor.state.utf16Count else { return }
    _ = modifyEditor { $0.replace(completion.range, with: text) }
  }

  /// Handles an event while the menu is open: Tab / Shift-Tab and the
  /// arrows move the selection (PageUp / PageDown by a screen), Enter or a
  /// click accepts, Esc or Ctrl-G closes; nil when the menu closed and the
  /// event is to be handled as usual (typing, any other key, a click
  /// elsewhere).
  mutating func handleMenuEvent(_ event: TerminalEvent) -> Outcome? {
    guard var menu = lineEditing.menu else { return nil }
    let columns = menu.columns(in: self.columns)
    let page = columns * min(menu.rows(in: self.columns), menu.maximumRows)
    let count = menu.candidates.count
    switch event {
    case .key(let key, let modifiers):
      let chord = TerminalKeyChord(key, modifiers)
      var target: Int?
      switch chord {
      case TerminalKeyChord(.tab): target = (menu.selected + 1) % count
      case TerminalKeyChord(.tab, .shift): target = (menu.selected + count - 1) % count
      case TerminalKeyChord(.right): target = min(menu.selected + 1, count - 1)
      case TerminalKeyChord(.left): target = max(menu.selected - 1, 0)
      case TerminalKeyChord(.down):
        target = menu.selected + columns < count ? menu.selected + columns : menu.selected
      case TerminalKeyChord(.up):
        target = menu.selected >= columns ? menu.selected - columns : menu.selected
      case TerminalKeyChord(.pageDown): target = min(menu.selected + page, count - 1)
      case TerminalKeyChord(.pageUp): target = max(menu.selected - page, 0)
      case TerminalKeyChord(.enter):
        lineEditing.menu = nil
        apply(menu.candidates[menu.selected])
        return .edited
      case TerminalKeyChord(.escape), .control("g"):
        lineEditing.menu = nil
        return .moved
      default:
        lineEditing.menu = nil
        return nil
      }
      if let target {
        menu.select(target, width: self.columns)
        lineEditing.menu = menu
      }
      return .moved
    case .mouse(let mouse):
      let top = origin.row + textRows + (hasStatusLine ? 1 : 0)
      let row = mouse.row - 1 - top
      if row >= 0, row < menu.height(in: self.columns) {
        guard mouse.kind == .press, mouse.button == .left,
          let index = menu.candidate(
            row: row, column: mouse.column - 1 - origin.column, width: self.columns)
        else { return .unchanged }
        lineEditing.menu = nil
        apply(menu.candidates[index])
        return .edited
      }
      if mouse.kind == .press { lineEditing.menu = nil }
      return nil
    case .text, .paste:
      lineEditing.menu = nil
      return nil
    default:
      return nil
    }
  }

  /// Draws the menu under the field's text and status line.
  func drawMenu(
    into screen: inout TerminalScreen, at origin: TerminalPosition, theme: TerminalTheme
  ) {
    guard let menu = lineEditing.menu else { return }
    let profile = (editor.state.font as? TerminalCellFont)?.profile ?? .graphemeClusters
    menu.draw(
      into: &screen, row: origin.row + textRows + (hasStatusLine ? 1 : 0), column: origin.column,
      width: columns, theme: theme, profile: profile)
  }
}

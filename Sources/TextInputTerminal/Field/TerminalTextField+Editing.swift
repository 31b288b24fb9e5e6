import Foundation
import TextInputCore
import TextMetrics

/// readline's yank-pop, transpose and case commands, by grapheme cluster.
extension TerminalTextField {
  /// The kills the field remembers, oldest first; the newest is what Ctrl-Y
  /// pastes, and Alt-Y right after it goes back through the others.
  public var killRing: [String] { lineEditing.killRing }

  /// Records a kill: a new one on the ring, or the newest grown (kills in
  /// a row join).
  mutating func noteKill(_ text: String, appending: Bool) {
    if appending, !lineEditing.killRing.isEmpty {
      lineEditing.killRing[lineEditing.killRing.count - 1] = text
    } else {
      lineEditing.killRing.append(text)
      if lineEditing.killRing.count > killRingLimit { lineEditing.killRing.removeFirst() }
    }
  }

  /// Records that the newest kill was just yanked from `start` to the caret.
  mutating func noteYank(from start: Int) {
    let end = editor.state.selection.location
    guard !lineEditing.killRing.isEmpty, end >= start else { return }
    lineEditing.yank = (
      NSRange(location: start, length: end - start), lineEditing.killRing.count - 1
    )
  }

  /// The last yank, if the command before this one was a yank or yank-pop
  /// and the text still shows it before the caret; forgets it either way.
  mutating func takeYank() -> (range: NSRange, index: Int)? {
    defer { lineEditing.yank = nil }
    guard let yank = lineEditing.yank, lineEditing.killRing.indices.contains(yank.index) else {
      return nil
    }
    let state = editor.state
    guard state.selection == NSRange(location: NSMaxRange(yank.range), length: 0),
      NSMaxRange(yank.range) <= state.utf16Count
    else { return nil }
    return yank
  }

  /// Performs yank-pop, transpose or a case command.
  mutating func performEditing(
    _ command: TerminalFieldCommand, afterYank yank: (range: NSRange, index: Int)?
  ) {
    switch command {
    case .yankPop:
      guard let yank, lineEditing.killRing.count > 1 else { return }
      let index = (yank.index - 1 + lineEditing.killRing.count) % lineEditing.killRing.count
      let text =
        kind == .singleLine
        ? Self.joiningLines(lineEditing.killRing[index], policy: pastedLineBreaks)
        : lineEditing.killRing[index]
      guard modifyEditor({ $0.replace(yank.range, with: text) }) else { return }
      lineEditing.yank = (NSRange(location: yank.range.location, length: text.utf16.count), index)
    case .transposeCharacters:
      transpose()
    case .uppercaseWord:
      changeCase { $0.uppercased() }
    case .lowercaseWord:
      changeCase { $0.lowercased() }
    case .capitalizeWord:
      changeCase { word in
        guard let first = word.firstIndex(where: \.isLetter) else { return word.lowercased() }
        let after = word.index(after: first)
        return word[..<first].lowercased() + word[first].uppercased()
          + word[after...].lowercased()
      }
    default:
      break
    }
  }

  /// Ctrl-T: the cluster before the caret and the one at it swap, the caret
  /// going after both; at the end of a line (the text's end or a line
  /// break), the two before the caret swap. Nothing at the text's start.
  private mutating func transpose() {
    let state = editor.state
    guard state.selection.length == 0 else { return }
    let boundaries = Graphemes.boundaries(utf16: state.utf16.array)
    var caret = state.selection.location
    guard caret > 0 else { return }
    let atLineEnd = caret == state.utf16Count || HardBreaks.isBreak(state.utf16[caret])
    if atLineEnd {
      // The two clusters before the caret, if neither is a line break.
      guard let before = boundaries.boundary(before: caret), before > 0,
        !HardBreaks.isBreak(state.utf16[before - 1])
      else { return }
      caret = before
    } else if HardBreaks.isBreak(state.utf16[caret - 1]) {
      return
    }
    guard let start = boundaries.boundary(before: caret),
      let end = boundaries.boundary(after: caret)
    else { return }
    let first = state.substring(NSRange(location: start, length: caret - start))
    let second = state.substring(NSRange(location: caret, length: end - caret))
    let range = NSRange(location: start, length: end - start)
    _ = modifyEditor { $0.replace(range, with: second + first) }
  }

  /// Changes the case of the selection, or from the caret to the end of
  /// the word (the next word's, between words); the caret goes to the end.
  private mutating func changeCase(_ transform: (String) -> String) {
    let state = editor.state
    var range = state.selection
    if range.length == 0 {
      let caret = range.location
      let end = state.nextWordEnd(after: caret)
      range = state.widened(NSRange(location: caret, length: max(end, caret) - caret))
    }
    guard range.length > 0 else { return }
    let text = state.substring(range)
    let changed = transform(text)
    if changed == text {
      let end = NSMaxRange(range)
      modifyEditor { $0.select(NSRange(location: end, length: 0)) }
      return
    }
    _ = modifyEditor { $0.replace(range, with: changed) }
  }
}

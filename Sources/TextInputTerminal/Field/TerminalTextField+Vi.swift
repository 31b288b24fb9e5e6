import Foundation
import TextInputCore

extension TerminalTextField {
  /// vi's command mode: each character of `text` is a key of the command
  /// mode (`TerminalKeyMap.lookupInCommandMode(_:)`); none is inserted,
  /// until a key enters insert mode (`i`, `a`, …): the rest is typed. The
  /// outcome of the last key that did something, or of the first that ends
  /// or suspends the field.
  mutating func handleInCommandMode(_ text: String, at time: TimeInterval) -> Outcome {
    var last = Outcome.unchanged
    var index = text.startIndex
    while index < text.endIndex, isInCommandMode {
      let outcome = handle(.key(.character(text[index]), []), at: time)
      index = text.index(after: index)
      switch outcome {
      case .unchanged: break
      case .edited, .moved: last = outcome
      default: return outcome
      }
    }
    guard index < text.endIndex else { return last }
    return handle(.text(String(text[index...])), at: time)
  }

  /// Enters vi's command mode (the caret back one cluster, not past its
  /// paragraph's start) or insert mode (after the command's move).
  mutating func switchViMode(_ command: TerminalFieldCommand) {
    guard keyMap.commandMode != nil else { return }
    switch command {
    case .enterCommandMode:
      guard !isInCommandMode else { return }
      isInCommandMode = true
      let state = editor.state
      let caret = state.selection.location
      if caret > 0, !HardBreaks.isBreak(state.utf16[caret - 1]) {
        modifyEditor { $0.move(.backward(.grapheme)) }
      }
    case .enterInsertMode(let movement):
      if let movement {
        let move = singleLineMovement(movement)
        modifyEditor { $0.move(move) }
      }
      isInCommandMode = false
    default:
      break
    }
  }
}

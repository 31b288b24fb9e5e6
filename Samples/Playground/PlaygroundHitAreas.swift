import Foundation
import TextInputKit
import TextInputTerminal

/// The playground's hit areas screen (F3 or Alt-3): the tour's small screen of
/// views drawn as a map of what each point hits. A left click (SGR mouse
/// reporting) shows the view it hits and highlights that view's region; Tab
/// changes the overlap policy (standard, uikit, front-most).
struct PlaygroundHitAreasSession: Sendable {
  private(set) var map: HitTestScreen

  init() {
    map = HitTestScreen(tree: HitAreasTour.screen(), policy: .standard, cellWidth: 8)
  }

  /// Applies `key`; false for `quit`.
  mutating func apply(_ key: PlaygroundKey) -> Bool {
    switch key {
    case .quit:
      return false
    case .event(.key(.tab, [])):
      _ = map.apply(.nextPolicy)
    case .event(.mouse(let mouse)):
      // The screen starts at the terminal's row 2, column 2 (inside the border);
      // a left press (not a release or a drag) clicks.
      guard mouse.button == .left, mouse.kind == .press else { return true }
      _ = map.apply(.click(column: mouse.column - 2, row: mouse.row - 2))
    default:
      break
    }
    return true
  }

  /// The map, its legend and the answer as the library's cells (the hit
  /// view's region and the click styled from the results), under a title
  /// that names this screen's keys; the policy as the status.
  func screen() -> PlaygroundScreen {
    let drawn = map.grid()
    var grid = TerminalScreen(columns: drawn.columns, rows: drawn.rows)
    grid.write(
      "hit areas · policy \(map.policy) · click a cell · Tab: next policy", row: 0, column: 0)
    for row in 1..<max(drawn.rows, 1) {
      for column in 0..<drawn.columns where !drawn[row, column].isContinuation {
        let cell = drawn[row, column]
        grid.put(cell.text, width: cell.width, row: row, column: column, style: cell.style)
      }
    }
    return PlaygroundScreen(
      grid: grid, caret: nil, status: "hit areas · policy \(map.policy) · Tab: next policy")
  }
}

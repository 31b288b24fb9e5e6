import Foundation
import TextInputKit

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
    case .cycleMode:
      _ = map.apply(.nextPolicy)
    case .mouse(let mouse):
      // The screen starts at the terminal's row 2, column 2 (inside the border);
      // a left press (not a release or a drag) clicks.
      guard mouse.button == 0, !mouse.isRelease else { return true }
      _ = map.apply(.click(column: mouse.column - 2, row: mouse.row - 2))
    default:
      break
    }
    return true
  }

  /// The map, its legend and the answer as screen cells (the hit view's
  /// region and the click in the pressed style), and the policy as the status.
  func screen() -> PlaygroundScreen {
    var rows = map.rows(ansi: false)
    // The title names the playground's keys (F1/F2 switch screens; no q here).
    rows[0] = "hit areas · policy \(map.policy) · click a cell · Tab: next policy"
    let width = rows.map(\.count).max() ?? 0
    let cells = rows.enumerated().map { number, row in
      let mapRow = number >= HitTestScreen.mapTop && number < HitTestScreen.mapTop + map.map.rows
      var line = row.map { character -> PlaygroundScreen.Cell in
        let marked = mapRow && (character == "#" || character == "@")
        return PlaygroundScreen.Cell(text: String(character), style: marked ? .pressedLink : .text)
      }
      line += Array(repeating: .blank, count: width - line.count)
      return line
    }
    return PlaygroundScreen(
      cells: cells, caret: nil, status: "hit areas · policy \(map.policy) · Tab: next policy")
  }
}

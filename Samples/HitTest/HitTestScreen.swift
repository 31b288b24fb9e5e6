import Foundation
import TextInputBase
import TextInputKit
import TextInputTerminal

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// `Samples hit-test TREE.json --screen`: the tree's map in the terminal; a
/// mouse click (SGR mouse reporting) shows the view it hits and highlights
/// that view's region, Tab changes the policy, `q` quits.
///
/// When standard input is not a terminal it is read as the events' bytes
/// (`ESC [ < 0 ; column ; row M` for a left press, 1-based cells of the
/// screen; Tab; `q`) and the final screen is printed as plain text.
struct HitTestScreen {
  /// What the user did.
  enum Event: Equatable {
    /// A left press at a 0-based screen cell.
    case click(column: Int, row: Int)
    case nextPolicy
    case quit
  }

  /// The first screen row of the map (row 0 is the title).
  static let mapTop = 1

  let tree: HitTree
  let cellWidth: CGFloat
  private(set) var policyIndex = 0
  private(set) var map: HitMap
  private(set) var click: CGPoint?
  private(set) var result: HitTestResult?

  init(tree: HitTree, policy: HitTestPolicy, cellWidth: CGFloat) {
    self.tree = tree
    self.cellWidth = cellWidth
    policyIndex = HitTestPolicy.named.firstIndex { $0.policy == policy } ?? 0
    map = Self.map(tree, policy, cellWidth)
  }

  static func map(_ tree: HitTree, _ policy: HitTestPolicy, _ cellWidth: CGFloat) -> HitMap {
    HitMap(
      tree, policy: policy, region: HitMap.extent(of: tree),
      cellSize: CGSize(width: cellWidth, height: 2 * cellWidth))
  }

  var policy: HitTestPolicy { HitTestPolicy.named[policyIndex].policy }

  /// Applies `event`; false when it quits.
  mutating func apply(_ event: Event) -> Bool {
    switch event {
    case .quit:
      return false
    case .nextPolicy:
      policyIndex = (policyIndex + 1) % HitTestPolicy.named.count
      map = Self.map(tree, policy, cellWidth)
      if let click { result = tree.hitTest(click, policy: policy) }
    case .click(let column, let row):
      let mapRow = row - Self.mapTop
      guard column >= 0, column < map.columns, mapRow >= 0, mapRow < map.rows else { return true }
      let point = map.centre(column: column, row: mapRow)
      click = point
      result = tree.hitTest(point, policy: policy)
    }
    return true
  }

  /// The screen as plain text: a title, the map (the hit view's region as
  /// `#`, the click as `@`), the legend and the answer. `grid()` styles it.
  func rows() -> [String] {
    var rows = [
      "hit-test · policy \(policy) · click a cell · Tab: next policy · q: quit"
    ]
    let clicked = click.flatMap { map.cell(of: $0) }
    for (number, line) in map.lines().enumerated() {
      var row = ""
      for (column, character) in line.enumerated() {
        let index = number * map.columns + column
        let highlighted = result.map { map.results[index]?.view == $0.view } ?? false
        if let clicked, clicked.column == column, clicked.row == number {
          row += "@"
        } else if highlighted {
          row += "#"
        } else {
          row.append(character)
        }
      }
      rows.append(row)
    }
    rows += map.legend
    if let click {
      let at = "(\(GeometryText.number(click.x)), \(GeometryText.number(click.y)))"
      if let result {
        let how = result.isInOwnBounds ? "its own bounds" : "its enlarged area"
        rows.append("click \(at) → \(ControlCharacters.escaped(tree[result.view].id)) (\(how))")
      } else {
        rows.append("click \(at) → nothing")
      }
    } else {
      rows.append("no click yet")
    }
    return rows
  }

  /// The screen as the library's cells: the plain rows (the hit region as
  /// `#`, the click as `@`), those cells in reverse video (the click bold),
  /// styled from the hit-test results, not from the characters drawn.
  func grid() -> TerminalScreen {
    let plain = rows()
    var grid = TerminalScreen(
      columns: plain.map { DisplayWidth.width(in: $0) }.max() ?? 0, rows: plain.count)
    for (row, line) in plain.enumerated() { grid.write(line, row: row, column: 0) }
    let clicked = click.flatMap { map.cell(of: $0) }
    for (number, line) in map.lines().enumerated() {
      for column in 0..<line.count {
        let index = number * map.columns + column
        let row = Self.mapTop + number
        if let clicked, clicked.column == column, clicked.row == number {
          grid.restyle(row: row, columns: column..<column + 1) {
            $0 = TerminalStyle(bold: true, reverse: true)
          }
        } else if let result, map.results[index]?.view == result.view {
          grid.restyle(row: row, columns: column..<column + 1) { $0.reverse = true }
        }
      }
    }
    return grid
  }

  /// The events of a playground key: Tab the next policy, `q`, Ctrl-C,
  /// Ctrl-D or Esc quit, a left press a click (0-based cells); others none.
  static func events(of key: PlaygroundKey) -> [Event] {
    switch key {
    case .event(.key(.tab, [])): return [.nextPolicy]
    case .quit: return [.quit]
    case .event(.text(let text)): return text.contains("q") ? [.quit] : []
    case .event(.mouse(let mouse)) where mouse.button == .left && mouse.kind == .press:
      return [.click(column: mouse.column - 1, row: mouse.row - 1)]
    default: return []
    }
  }

  /// Runs `bytes` as events and gives the final screen as plain rows.
  static func runScript(_ bytes: [UInt8], screen: HitTestScreen) -> [String] {
    var screen = screen
    var decoder = TerminalInputDecoder()
    let keys = PlaygroundKey.keys(of: decoder.decode(bytes) + decoder.flush())
    for event in keys.flatMap(events(of:)) where !screen.apply(event) { break }
    return screen.rows()
  }

  /// The live screen, in the samples' one loop.
  static func runInteractive(_ screen: HitTestScreen) throws {
    let terminal = PlaygroundTerminal()
    try terminal.start()
    defer { terminal.stop() }
    var app = App(map: screen)
    PlaygroundLoop.run(&app, on: terminal)
  }

  /// The screen as the loop drives it. The loop draws it inside a border,
  /// so clicks arrive one row and one column further than the map's cells.
  struct App: PlaygroundScreenApp {
    var map: HitTestScreen

    mutating func apply(_ key: PlaygroundKey, at time: TimeInterval) -> Bool {
      for event in HitTestScreen.events(of: key) {
        var event = event
        if case .click(let column, let row) = event {
          event = .click(column: column - 1, row: row - 1)
        }
        if !map.apply(event) { return false }
      }
      return true
    }

    func screen() -> PlaygroundScreen {
      PlaygroundScreen(grid: map.grid(), caret: nil, status: "policy \(map.policy)")
    }

    var help: [String] { ["click a cell · Tab: next policy · q quit"] }
    var isAnimating: Bool { false }
  }
}

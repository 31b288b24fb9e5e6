import Foundation
import TextInputKit

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

  /// The screen: a title, the map (the hit view's region highlighted: `#` in
  /// plain text, reverse video with ANSI; the click as `@`), the legend and
  /// the answer.
  func rows(ansi: Bool) -> [String] {
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
          row += ansi ? "\u{1B}[1;7m@\u{1B}[0m" : "@"
        } else if highlighted {
          row += ansi ? "\u{1B}[7m\(character)\u{1B}[0m" : "#"
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
        rows.append("click \(at) → \(Escape.visible(tree[result.view].id)) (\(how))")
      } else {
        rows.append("click \(at) → nothing")
      }
    } else {
      rows.append("no click yet")
    }
    return rows
  }

  /// Runs `bytes` as events and gives the final screen as plain rows.
  static func runScript(_ bytes: [UInt8], screen: HitTestScreen) -> [String] {
    var screen = screen
    var decoder = Decoder()
    for event in decoder.feed(bytes) where !screen.apply(event) { break }
    return screen.rows(ansi: false)
  }

  /// The live screen: raw mode, mouse reporting on, redrawn after each event.
  static func runInteractive(_ screen: HitTestScreen) throws {
    var screen = screen
    let terminal = PlaygroundTerminal()
    try terminal.start()
    terminal.send("\u{1B}[?1000h\u{1B}[?1006h")
    defer {
      terminal.send("\u{1B}[?1006l\u{1B}[?1000l")
      terminal.stop()
    }
    var decoder = Decoder()
    var running = true
    while running {
      var out = "\u{1B}[?25l"
      for (index, row) in screen.rows(ansi: true).enumerated() {
        out += "\u{1B}[\(index + 1);1H" + row + "\u{1B}[0m\u{1B}[K"
      }
      terminal.send(out + "\u{1B}[J")
      // `if case` rather than a switch: any other kind of input the
      // terminal reports (a time-out, a resize) just redraws.
      let input = terminal.readInput(waiting: -1)
      if case .bytes(let bytes) = input {
        for event in decoder.feed(bytes) where running { running = screen.apply(event) }
      } else if case .end = input {
        running = false
      }
    }
  }

  /// Reads events from a byte stream: SGR mouse presses, Tab, `q`, Ctrl-C,
  /// Ctrl-D; anything else (releases, motion, other keys) is skipped. A
  /// sequence split across reads is kept until it completes.
  struct Decoder {
    private var pending: [UInt8] = []

    mutating func feed(_ bytes: [UInt8]) -> [Event] {
      pending += bytes
      var events: [Event] = []
      var index = 0
      while index < pending.count {
        let byte = pending[index]
        switch byte {
        case 0x09:
          events.append(.nextPolicy)
          index += 1
        case UInt8(ascii: "q"), 0x03, 0x04:
          events.append(.quit)
          index += 1
        case 0x1B:
          // ESC [ < b ; x ; y (M | m)
          guard let end = pending[index...].firstIndex(where: { $0 == 0x4D || $0 == 0x6D }) else {
            if pending.count - index > 32 {
              index += 1  // not a mouse report: drop the ESC
              continue
            }
            pending = Array(pending[index...])
            return events
          }
          let body = String(decoding: pending[index..<end], as: UTF8.self)
          if body.hasPrefix("\u{1B}[<"), pending[end] == 0x4D {
            let fields = body.dropFirst(3).split(separator: ";").compactMap { Int($0) }
            // Button 0 (left) pressed, no motion or modifier bits.
            if fields.count == 3, fields[0] == 0 {
              events.append(.click(column: fields[1] - 1, row: fields[2] - 1))
            }
          }
          index = end + 1
        default:
          index += 1
        }
      }
      pending = []
      return events
    }
  }
}

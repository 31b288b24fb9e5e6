import Foundation
import TextInputKit
import TextInputTerminal

/// The playground's links screen: a text with links in a view that is not
/// editing, its links kept by the `links` plugin. The mouse (SGR mouse
/// reporting) presses links — the pressed link shows in reverse video and a
/// release on it opens it — and the keyboard does the same: ↑/↓ (or ←/→)
/// choose a link, Enter opens it. Opening a link shows its target in the
/// status line. Pure: times come with the events.
struct PlaygroundLinksSession: Sendable {
  private(set) var editor: Editor
  /// The link chosen with the keyboard (an index into the links), if any.
  private(set) var selected: Int?
  /// The last link opened, and how (tap, long press, key).
  private(set) var opened: (target: String, how: String)?
  /// The last press outcome, for the status line.
  private(set) var lastOutcome = "—"

  /// The text shown.
  static let text =
    "Links: www.example.com/a/long/path wraps, mail help@example.org, "
    + "call +1 555 010 0199, @swiftlang #swift, or press empty space."

  init(settings: PlaygroundSettings) {
    editor = Editor(
      text: Self.text, font: TerminalCellFont(profile: settings.widthProfile),
      geometry: settings.geometry,
      behaviours: [EditorLinks(press: .init(allowableMovement: 2, tolerance: 0.5))])
  }

  var links: [Link] { editor.linkPresentation?.links ?? [] }

  /// Whether a link is pressed (the loop sends ticks for a long press).
  var isHoldingPress: Bool { editor.linkPresentation?.pressedLinkIndex != nil }

  /// Applies `key` at `time` (seconds); false for `quit`.
  mutating func apply(_ key: PlaygroundKey, at time: TimeInterval) -> Bool {
    switch key {
    case .quit:
      return false
    case .event(.mouse(let mouse)):
      // The view starts at the terminal's row 2, column 2 (inside the
      // border); the renderer's placement maps the 1-based cell to a point.
      guard mouse.button == .left else { return true }
      let point = TerminalEditorRenderer.placement(of: editor, at: PlaygroundSession.origin)
        .viewPoint(row: mouse.row - 1, column: mouse.column - 1)
      let event: LinkPressGesture.Event
      switch mouse.kind {
      case .press: event = .down(point, at: time)
      case .drag: event = .moved(point, at: time)
      case .release: event = .up(point, at: time)
      case .move, .wheel: return true
      }
      if let outcome = editor.pressLink(event) { record(outcome) }
    case .tick:
      if let outcome = editor.pressLink(.tick(at: time)) { record(outcome) }
    case .event(.key(.down, _)), .event(.key(.right, _)):
      guard !links.isEmpty else { return true }
      selected = selected.map { ($0 + 1) % links.count } ?? 0
    case .event(.key(.up, _)), .event(.key(.left, _)):
      guard !links.isEmpty else { return true }
      selected = selected.map { ($0 + links.count - 1) % links.count } ?? links.count - 1
    case .event(.key(.enter, _)):
      if let selected, links.indices.contains(selected) {
        opened = (links[selected].target.string, "Enter")
      }
    default:
      break
    }
    return true
  }

  private mutating func record(_ outcome: LinkPressGesture.Outcome) {
    switch outcome {
    case .notClaimed: lastOutcome = "not claimed"
    case .unchanged: return
    case .pressed(let index): lastOutcome = "pressed \(index)"
    case .cancelled(let index): lastOutcome = "cancelled \(index)"
    case .tapped(let index), .longPressed(let index):
      let how = outcome == .tapped(index) ? "tap" : "long press"
      lastOutcome = "\(how) \(index)"
      if links.indices.contains(index) { opened = (links[index].target.string, how) }
    }
  }

  /// The screen: the text drawn by the library's renderer (links
  /// underlined, the pressed link in reverse video), the link chosen with the
  /// keyboard in reverse video too; the status line says what happened and
  /// what was opened.
  func screen() -> PlaygroundScreen {
    let bounds = editor.state.geometry.bounds
    var grid = TerminalScreen(columns: Int(bounds.width), rows: Int(bounds.height))
    TerminalEditorRenderer.draw(editor, into: &grid, at: TerminalPosition(row: 0, column: 0))
    if editor.linkPresentation?.pressedLinkIndex == nil, let selected,
      let rects = editor.linkPresentation?.rects, rects.indices.contains(selected)
    {
      for rect in rects[selected] {
        grid.restyle(
          row: Int(rect.minY.rounded(.down)),
          columns: Int(
            rect.minX.rounded())..<max(Int(rect.minX.rounded()), Int(rect.maxX.rounded()))
        ) { $0.reverse = true }
      }
    }
    var status = "links \(links.count) · \(lastOutcome)"
    if let selected { status += " · selected \(selected)" }
    if let opened { status += " · opened \(opened.target) (\(opened.how))" }
    return PlaygroundScreen(grid: grid, caret: nil, status: status)
  }
}

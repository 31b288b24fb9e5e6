import Foundation
import TextInputKit
import TextInputTerminal

/// The playground's text view: an editor with a placeholder (and, if asked,
/// the right-aligned spaces fix), and what each key does to it. Pure: the
/// time comes from the placeholder's clock.
struct PlaygroundSession: Sendable {
  private(set) var editor: Editor
  /// What the session was set up with: the view's size asked for.
  let settings: PlaygroundSettings
  /// The x (points, in the laid-out text) a run of ↑ / ↓ keeps to, as text
  /// views do: set by the first of the run, cleared by any other key.
  private var goalX: CGFloat?
  /// What the mouse does to the view: the library's router (caret, drag,
  /// link presses, clicks through the hit area).
  private var mouse = TerminalMouseRouter()
  /// The last link a click opened (its target), for the status line.
  private(set) var openedLink: String?
  /// Where the view's top-left cell is drawn: inside the border, the
  /// terminal's row 2, column 2 (0-based: 1, 1).
  static let origin = TerminalPosition(row: 1, column: 1)

  /// Placeholder modes in the order Tab goes through them.
  static let modes: [PlaceholderMode] = [.static, .bouncy, .floating]
  /// Alignments in the order Ctrl-A goes through them.
  static let alignments: [TextAlignment] = [.natural, .left, .center, .right]

  /// A focused, empty text view set up as `settings` says, reading time from
  /// `clock`: the behaviours of `settings.pluginIDs` made by the registry from
  /// the configuration, then the `editor` keys applied with `configure(_:)`.
  ///
  /// - Throws: a `ConfigurationError` for a value a plugin refuses (values
  ///   are checked when a file is loaded, so this is rare), or a
  ///   `RegistryError`.
  init(settings: PlaygroundSettings, clock: PlaceholderClock) throws {
    self.settings = settings
    let registry = try PlaygroundSettings.registry(placeholderClock: clock)
    let behaviours = try registry.makeBehaviours(
      for: settings.pluginIDs, configuration: settings.configuration)
    editor = Editor(
      font: TerminalCellFont(profile: settings.widthProfile), geometry: settings.geometry,
      behaviours: behaviours)
    try editor.configure(settings.editorConfiguration)
    editor.hitRegion = try settings.hitArea()
    editor.beginEditing()
  }

  /// Applies `key` (a mouse event at `time`, seconds); false for `quit`.
  mutating func apply(_ key: PlaygroundKey, at time: TimeInterval = 0) -> Bool {
    if key != .up, key != .down { goalX = nil }
    switch key {
    case .text(let text): editor.insert(text)
    case .enter: editor.insert("\n")
    case .backspace: editor.deleteBackward()
    case .deleteForward: editor.deleteForward()
    case .left: editor.move(.backward(.grapheme))
    case .right: editor.move(.forward(.grapheme))
    case .home, .end:
      let frame = editor.layout()
      let caret = editor.selection.location
      let target =
        key == .home
        ? PlaygroundLineMoves.lineStart(from: caret, in: frame)
        : PlaygroundLineMoves.lineEnd(from: caret, in: frame, state: editor.state)
      editor.select(NSRange(location: target, length: 0))
    case .up, .down:
      let frame = editor.layout()
      let caret = editor.selection.location
      if goalX == nil { goalX = frame.caretRect(at: caret).midX }
      let target = PlaygroundLineMoves.vertical(
        from: caret, up: key == .up, x: goalX, in: frame, utf16Count: editor.state.utf16Count)
      editor.select(NSRange(location: target, length: 0))
    case .undo: editor.undo()
    case .redo: editor.redo()
    case .cycleMode:
      let mode = editor.placeholder?.mode ?? .static
      let next = Self.next(after: mode, in: Self.modes)
      editor.updatePlaceholder { $0.mode = next }
    case .cycleAlignment:
      editor.setAlignment(Self.next(after: editor.state.alignment, in: Self.alignments))
    case .toggleDirection:
      editor.setLayoutDirection(
        editor.state.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight)
    case .resize(let columns, let rows):
      let size = settings.fitted(columns: columns, rows: rows)
      editor.resize(to: CGRect(x: 0, y: 0, width: size.width, height: size.height))
    case .quit:
      return false
    case .mouse(let event):
      mouse.handle(event, at: time, editor: &editor, origin: Self.origin)
      takeOpenedLink()
    case .tick:
      mouse.tick(at: time, editor: &editor)
      takeOpenedLink()
    case .focus(let focused):
      if focused { editor.beginEditing() } else { editor.endEditing() }
    case .screen:
      // The app switches screens.
      break
    }
    return true
  }

  /// Whether a press on a link is held (the loop sends ticks for a long press).
  var isHoldingPress: Bool { mouse.claimedBy != nil }

  /// Takes the link a tap or long press opened, for the status.
  private mutating func takeOpenedLink() {
    guard let link = editor.behaviour(EditorLinks.self)?.activatedLink else { return }
    openedLink = link.target.string
    editor.modifyBehaviour(EditorLinks.self) { links, _ in links.clearActivation() }
  }

  static func next<T: Equatable>(after value: T, in cycle: [T]) -> T {
    guard let index = cycle.firstIndex(of: value) else { return cycle[0] }
    return cycle[(index + 1) % cycle.count]
  }
}

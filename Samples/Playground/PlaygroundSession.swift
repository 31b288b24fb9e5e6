import Foundation
import TextInputKit
import TextInputTerminal

/// The playground's text view: a `TerminalTextField` (the library's field:
/// its keys, mouse, links and caret moves) around an editor with a
/// placeholder and the behaviours the settings ask for, plus the
/// playground's own keys. Pure: the time comes from the placeholder's clock.
struct PlaygroundSession: Sendable {
  /// The field, a multi-line one as tall as the view.
  private(set) var field: TerminalTextField
  /// What the session was set up with: the view's size asked for.
  let settings: PlaygroundSettings
  /// The last link a click opened (its target), for the status line.
  private(set) var openedLink: String?
  /// Where the view's top-left cell is drawn: inside the border, the
  /// terminal's row 2, column 2 (0-based: 1, 1).
  static let origin = TerminalPosition(row: 1, column: 1)

  /// Placeholder modes in the order Tab goes through them.
  static let modes: [PlaceholderMode] = [.static, .bouncy, .floating]
  /// Alignments in the order Ctrl-T goes through them.
  static let alignments: [TextAlignment] = [.natural, .left, .center, .right]

  /// The editor the field holds.
  var editor: Editor { field.editor }

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
    var editor = Editor(
      font: TerminalCellFont(profile: settings.widthProfile), geometry: settings.geometry,
      behaviours: behaviours)
    try editor.configure(settings.editorConfiguration)
    editor.hitRegion = try settings.hitArea()
    editor.beginEditing()
    let rows = Int(editor.state.geometry.bounds.height)
    // The playground is a full-screen editor: Ctrl-Z undoes here (the key
    // map binds it to suspend, as a shell's line editor does).
    var keys = TerminalKeyMap.multiLine
    keys[.control("z")] = .undo
    field = TerminalTextField(
      kind: .multiLine(minimumRows: rows, maximumRows: rows), editor: editor, keyMap: keys)
    // A count or a message is drawn inside the view, on its last row.
    field.showsStatusLine = false
    field.origin = Self.origin
  }

  /// Applies `key` at `time` (seconds); false to quit.
  mutating func apply(_ key: PlaygroundKey, at time: TimeInterval = 0) -> Bool {
    switch key {
    case .quit:
      return false
    case .screen:
      // The app switches screens.
      return true
    case .resize(let columns, let rows):
      let size = settings.fitted(columns: columns, rows: rows)
      field.modifyEditor {
        $0.resize(to: CGRect(x: 0, y: 0, width: size.width, height: size.height))
      }
      return true
    case .tick:
      take(field.tick(at: time))
      return true
    case .event(.key(.tab, [])):
      let next = Self.next(after: editor.placeholder?.mode ?? .static, in: Self.modes)
      field.modifyEditor { $0.updatePlaceholder { $0.mode = next } }
    case .event(.key(.character("t"), .control)):
      let next = Self.next(after: editor.state.alignment, in: Self.alignments)
      field.modifyEditor { $0.setAlignment(next) }
    case .event(.key(.character("r"), .control)):
      let direction: LayoutDirection =
        editor.state.layoutDirection == .leftToRight ? .rightToLeft : .leftToRight
      field.modifyEditor { $0.setLayoutDirection(direction) }
    case .event(.focusOut):
      field.modifyEditor { $0.endEditing() }
    case .event(let event):
      return take(field.handle(event, at: time))
    }
    return true
  }

  /// Whether a press on a link is held (the loop sends ticks for a long press).
  var isHoldingPress: Bool { field.isHoldingPress }

  /// Keeps what an outcome says for the status line; false to quit (the
  /// field's Ctrl-C, which the app takes first anyway).
  @discardableResult
  private mutating func take(_ outcome: TerminalTextField.Outcome) -> Bool {
    switch outcome {
    case .linkOpened(let uri): openedLink = uri
    case .cancelled: return false
    default: break
    }
    return true
  }

  static func next<T: Equatable>(after value: T, in cycle: [T]) -> T {
    guard let index = cycle.firstIndex(of: value) else { return cycle[0] }
    return cycle[(index + 1) % cycle.count]
  }
}

import Foundation
import TextInputKit
import TextInputTerminal

/// What the playground is set up with: the configuration of the standard
/// registry's plugins (a `--config` file's values, then the command's
/// options), the view's size asked for, and the plugins whose behaviours the
/// view gets.
struct PlaygroundSettings: Sendable {
  /// The values of the standard registry's keys: those set explicitly, the
  /// plugins' defaults for the others.
  var configuration: Configuration
  /// The text view's size asked for, in cells (= points); `fitted(columns:rows:)`
  /// makes it smaller in a smaller terminal.
  var width = 40
  var height = 8
  /// The plugins whose behaviours the view gets, in the order they are
  /// installed (`PluginRegistry.makeBehaviours(for:configuration:)` adds
  /// their dependencies).
  var pluginIDs: [String]
  /// How the terminal measures clusters: the text view's font follows it
  /// (`--width-profile`; interactively, `probe` asks the terminal).
  var widthProfile: TerminalWidthProfile = .graphemeClusters
  /// Whether the interactive playground asks the terminal for its profile.
  var probesWidths = false
  /// What the probe found, for the status of the first frame (and tests).
  var probeSummary: String?

  /// The placeholder's text when neither the options nor the file give one.
  static let defaultPlaceholder = "Type something…"

  /// A configuration of the standard registry's plugins at their defaults,
  /// with the playground's own rule on `editor.bounds`: a size it can draw.
  /// A file that asks for another is refused at load, with its line, as any
  /// other bad value is.
  static func standardConfiguration() -> Configuration {
    let descriptors = PluginRegistry.standard.descriptors.map { descriptor in
      guard descriptor.id == Editor.pluginID else { return descriptor }
      var descriptor = descriptor
      descriptor.configuration = descriptor.configuration.map { key in
        guard key.name == "bounds" else { return key }
        var key = key
        let rule = key.rule
        key.rule = { value throws(ConfigurationKey.Refusal) in
          let read = try rule?(value) ?? value
          guard let size = value.rectValue.map(viewSize(of:)),
            !Playground.widths.contains(size.width) || !Playground.heights.contains(size.height)
          else { return read }
          throw ConfigurationKey.Refusal(
            "expected a view of \(Playground.widths.lowerBound)…\(Playground.widths.upperBound) "
              + "× \(Playground.heights.lowerBound)…\(Playground.heights.upperBound) cells")
        }
        return key
      }
      return descriptor
    }
    return Configuration(plugins: descriptors)
  }

  /// The view's size in cells for `editor.bounds` (its origin does not matter:
  /// the view is drawn at the terminal's top left).
  static func viewSize(of bounds: CGRect) -> (width: Int, height: Int) {
    let width = bounds.width.rounded()
    let height = bounds.height.rounded()
    // Out of Int's range is out of the playground's: the rule refuses it.
    guard width.magnitude < 1e9, height.magnitude < 1e9 else { return (-1, -1) }
    return (Int(width), Int(height))
  }

  /// Settings from `configuration` (a file's values and the options, already
  /// set in it): the placeholder text and its abbreviation get the
  /// playground's defaults when nothing set them, the plugins are the
  /// placeholder's, RightAlignedSpaces' when asked for (or configured), and
  /// any other plugin with a behaviour that `configuration` configures.
  ///
  /// - Throws: `ConfigurationError` if a default cannot be set (it always can).
  init(
    configuration: Configuration, width: Int = 40, height: Int = 8,
    rightAlignedSpaces: Bool = false
  ) throws(ConfigurationError) {
    var configuration = configuration
    let placeholderKey = TextPlaceholder.pluginID + ".placeholder"
    let attributedKey = TextPlaceholder.pluginID + ".attributedPlaceholder"
    if configuration.values[placeholderKey] == nil, configuration.values[attributedKey] == nil {
      try configuration.set(placeholderKey, to: .string(Self.defaultPlaceholder))
    }
    let abbreviatedKey = TextPlaceholder.pluginID + ".abbreviatedPlaceholder"
    if configuration.values[abbreviatedKey] == nil {
      let text = configuration[placeholderKey]?.stringValue ?? ""
      try configuration.set(abbreviatedKey, to: .string(Self.defaultAbbreviation(of: text)))
    }
    var ids: [String] = []
    if rightAlignedSpaces || Self.configures(configuration, RightAlignedSpaces.pluginID) {
      ids.append(RightAlignedSpaces.pluginID)
    }
    for plugin in PluginRegistry.standard.all
    where plugin.hasBehaviour && Self.configures(configuration, plugin.id)
      && !ids.contains(plugin.id)
      && plugin.id != TextPlaceholder.pluginID
    {
      ids.append(plugin.id)
    }
    // Links in the typed text: a click on one opens it once the view is not
    // editing. Not in a password field: a password is not a link.
    let secureKey = SecureEntry.pluginID + ".isSecure"
    let secure =
      Self.configures(configuration, SecureEntry.pluginID)
      && configuration[secureKey]?.booleanValue != false
    if !secure, !ids.contains(EditorLinks.pluginID) { ids.append(EditorLinks.pluginID) }
    ids.append(TextPlaceholder.pluginID)
    self.configuration = configuration
    self.width = width
    self.height = height
    self.pluginIDs = ids
  }

  /// Whether `configuration` sets a key of plugin `id`.
  static func configures(_ configuration: Configuration, _ id: String) -> Bool {
    configuration.values.keys.contains { $0.hasPrefix(id + ".") }
  }

  /// The placeholder's first word and "…" ("Type something…" → "Type…"), or
  /// "" when it has one word or none.
  static func defaultAbbreviation(of placeholder: String) -> String {
    let words = placeholder.split(whereSeparator: \.isWhitespace)
    guard words.count > 1, let first = words.first else { return "" }
    return first + "…"
  }

  /// The view's size for a terminal of `columns` × `rows` cells: the size
  /// asked for, made smaller where the terminal is (so that the border, the
  /// status line and the help line fit), never below the smallest view.
  func fitted(columns: Int, rows: Int) -> (width: Int, height: Int) {
    (
      max(min(width, columns - 2), Playground.widths.lowerBound),
      max(min(height, rows - 4), Playground.heights.lowerBound)
    )
  }

  /// The playground's own geometry before the `editor` keys apply: `width` ×
  /// `height` points, a text container inset of 1 point all round and 1 point
  /// of line fragment padding.
  var geometry: ViewGeometry {
    ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: width, height: height),
      textContainerInset: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1),
      lineFragmentPadding: 1)
  }

  /// The text view's hit area, where a click is the view's: the `hitAreas`
  /// keys of the configuration when any is set, else the bounds grown by the
  /// border's cell all round (insets {-1, -1, -1, -1}), so a click on the
  /// border puts the caret at the nearest place. A click outside it ends
  /// editing.
  ///
  /// - Throws: `ConfigurationError` for a value `HitArea.configure(_:)`
  ///   refuses (values are checked when a file is loaded, so this is rare).
  func hitArea() throws(ConfigurationError) -> HitArea {
    guard Self.configures(configuration, HitArea.pluginID) else {
      return HitArea(insets: EdgeInsets(top: -1, left: -1, bottom: -1, right: -1))
    }
    // The plugin's keys with their defaults, which are `HitArea()`'s own.
    var area = HitArea()
    try area.configure(configuration.plugin(HitArea.pluginID))
    return area
  }

  /// What `Editor.configure(_:)` applies: the `editor` keys set explicitly
  /// (keys not set keep the playground's geometry, not the plugin's
  /// defaults), with the bounds the view's size at the origin.
  var editorConfiguration: PluginConfiguration {
    let prefix = Editor.pluginID + "."
    var values: [String: ConfigurationValue] = [:]
    for (key, value) in configuration.values where key.hasPrefix(prefix) {
      values[String(key.dropFirst(prefix.count))] = value
    }
    values["bounds"] = .rect(CGRect(x: 0, y: 0, width: width, height: height))
    return PluginConfiguration(pluginID: Editor.pluginID, values: values)
  }

  /// The registry the view's behaviours are made from: the standard
  /// registry's plugins, with the placeholder's made on `clock` (the plugin's
  /// own factory reads the system clock; a script needs its manual one).
  static func registry(placeholderClock clock: PlaceholderClock) throws(RegistryError)
    -> PluginRegistry
  {
    let registry = PluginRegistry()
    for plugin in PluginRegistry.standard.all {
      if plugin.id == TextPlaceholder.pluginID {
        try registry.register(
          Plugin(TextPlaceholder.descriptor) { configuration throws(ConfigurationError) in
            try TextPlaceholder(configuration: configuration, clock: clock)
          })
      } else {
        try registry.register(plugin)
      }
    }
    return registry
  }
}

import Foundation
public import TextInputCore

extension TextPlaceholder {
  /// The plugin's id: `placeholder`.
  public static let pluginID = "placeholder"

  /// The descriptor: id `placeholder`, with the inspectable properties of the
  /// UITextView placeholder category as keys.
  ///
  /// ```
  /// placeholder.placeholder = "Write a message…"
  /// placeholder.placeholderColor = #8E8E93
  /// placeholder.attributedPlaceholder = "Write a *message* [(required)](#FF3B30)"
  /// placeholder.location = {4, 0}
  /// placeholder.numberOfLines = 2
  /// placeholder.mode = bouncy
  /// placeholder.abbreviatedPlaceholder = "Msg"
  /// ```
  public static let descriptor = PluginDescriptor(
    id: pluginID, name: "Placeholder", version: SemanticVersion(0, 1, 0),
    summary:
      "A placeholder for multi-line text views: visibility, frame, font, attributed text; "
      + "static, bouncy and floating.",
    dependencies: ["editor"],
    configuration: [
      ConfigurationKey(
        "placeholder", .string, default: .string(""),
        doc: "The placeholder text."),
      ConfigurationKey(
        "placeholderColor", .color, default: .color(.placeholderGrey),
        doc: "The colour (default #3C3C4399, iOS's placeholder grey)."),
      ConfigurationKey(
        "attributedPlaceholder", .string, default: .string(""),
        doc:
          "Markup shown instead of placeholder when not empty: *bold*, _italic_, "
          + "[text](#RRGGBB); \\ escapes.",
        rule: { value throws(ConfigurationKey.Refusal) -> AttributedPlaceholder? in
          guard let markup = value.stringValue, !markup.isEmpty else { return nil }
          do throws(PlaceholderError) {
            return try AttributedPlaceholder(markup: markup)
          } catch {
            throw ConfigurationKey.Refusal(error.description)
          }
        }),
      ConfigurationKey(
        "location", .point, default: .point(.zero),
        doc:
          "An offset {x, y} in points from where the text starts; ignored when negative or "
          + "outside the text container."),
      ConfigurationKey(
        "numberOfLines", .integer, default: .integer(0),
        doc: "The most lines shown, truncated at the tail; 0 for no limit.",
        rule: ConfigurationKey.nonNegative),
      ConfigurationKey(
        "mode", .enumeration(PlaceholderMode.allCases.map(\.rawValue)),
        default: .enumeration(PlaceholderMode.static.rawValue),
        doc: "static, bouncy (slides to the trailing edge) or floating (becomes a title)."),
      ConfigurationKey(
        "abbreviatedPlaceholder", .string, default: .string(""),
        doc: "The short placeholder the bouncy mode shows at the trailing edge."),
    ])

  /// The plugin: its behaviour is made with `init(configuration:clock:)` on
  /// the system clock.
  public static let plugin = Plugin(descriptor) { configuration throws(ConfigurationError) in
    try TextPlaceholder(configuration: configuration)
  }

  /// Creates the behaviour from the plugin's configuration; keys not set take
  /// their defaults.
  ///
  /// - Throws: `ConfigurationError` naming the key: `.typeMismatch` for a value
  ///   of the wrong type or an unknown mode, `.rejectedValue` (with the
  ///   `PlaceholderError` message) for bad `attributedPlaceholder` markup.
  /// - Complexity: O(n) in the length of the texts.
  public init(configuration: PluginConfiguration, clock: PlaceholderClock = .system)
    throws(ConfigurationError)
  {
    self.init(style: try PlaceholderStyle(configuration: configuration), clock: clock)
  }
}

extension PlaceholderStyle {
  /// The style the `placeholder` plugin's configuration describes; keys not
  /// set take their defaults.
  ///
  /// - Throws: `ConfigurationError`, as `TextPlaceholder.init(configuration:clock:)`.
  public init(configuration: PluginConfiguration) throws(ConfigurationError) {
    let configuration = try TextPlaceholder.descriptor.check(configuration)
    self.init()
    if let text = try configuration.value("placeholder", \.stringValue, expected: .string) {
      self.text = text
    }
    // Read once, by the key's rule.
    attributed = try configuration.parsed("attributedPlaceholder", as: AttributedPlaceholder?.self)
    if let abbreviated = try configuration.value(
      "abbreviatedPlaceholder", \.stringValue, expected: .string)
    {
      self.abbreviated = abbreviated
    }
    if let color = try configuration.value("placeholderColor", \.colorValue, expected: .color) {
      self.color = color
    }
    if let point = try configuration.value("location", \.pointValue, expected: .point) {
      location = point
    }
    if let lines = try configuration.value("numberOfLines", \.integerValue, expected: .integer) {
      numberOfLines = lines
    }
    if let mode = try configuration.value(
      "mode", { $0.stringValue.flatMap(PlaceholderMode.init(rawValue:)) },
      expected: .enumeration(PlaceholderMode.allCases.map(\.rawValue)))
    {
      self.mode = mode
    }
  }
}

import Foundation
public import TextInputCore

extension TextPlaceholder {
  /// The descriptor: id `placeholder`, with the seed's inspectable properties
  /// as keys.
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
          + "[text](#RRGGBB); \\ escapes."),
      ConfigurationKey(
        "location", .point, default: .point(.zero),
        doc:
          "An offset {x, y} in points from where the text starts; ignored when negative or "
          + "outside the text container."),
      ConfigurationKey(
        "numberOfLines", .integer, default: .integer(0),
        doc: "The most lines shown, truncated at the tail; 0 for no limit."),
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
  public static let plugin = Plugin(descriptor) { configuration in
    try TextPlaceholder(configuration: configuration)
  }

  /// Creates the behaviour from the plugin's configuration; keys not set take
  /// their defaults.
  ///
  /// - Throws: `PlaceholderError` naming a value of the wrong type, an
  ///   unknown mode, or the bad marker of `attributedPlaceholder`'s markup.
  /// - Complexity: O(n) in the length of the texts.
  public init(configuration: PluginConfiguration, clock: PlaceholderClock = .system)
    throws(PlaceholderError)
  {
    self.init(style: try PlaceholderStyle(configuration: configuration), clock: clock)
  }
}

extension PlaceholderStyle {
  /// The style the `placeholder` plugin's configuration describes; keys not
  /// set take their defaults.
  ///
  /// - Throws: `PlaceholderError` naming a value of the wrong type, an
  ///   unknown mode, or the bad marker of `attributedPlaceholder`'s markup.
  public init(configuration: PluginConfiguration) throws(PlaceholderError) {
    self.init()
    func string(_ key: String) throws(PlaceholderError) -> String? {
      guard let value = configuration[key] else { return nil }
      guard case .string(let text) = value else {
        throw .wrongType(key: key, value: value.description, expected: "a string")
      }
      return text
    }
    if let text = try string("placeholder") { self.text = text }
    if let markup = try string("attributedPlaceholder"), !markup.isEmpty {
      attributed = try AttributedPlaceholder(markup: markup)
    }
    if let abbreviated = try string("abbreviatedPlaceholder") { self.abbreviated = abbreviated }
    if let value = configuration["placeholderColor"] {
      guard let color = value.colorValue else {
        throw .wrongType(
          key: "placeholderColor", value: value.description,
          expected: "a colour #RGB, #RRGGBB or #RRGGBBAA")
      }
      self.color = color
    }
    if let value = configuration["location"] {
      guard let point = value.pointValue else {
        throw .wrongType(key: "location", value: value.description, expected: "a point {x, y}")
      }
      location = point
    }
    if let value = configuration["numberOfLines"] {
      guard let lines = value.integerValue else {
        throw .wrongType(key: "numberOfLines", value: value.description, expected: "an integer")
      }
      numberOfLines = lines
    }
    if let value = configuration["mode"] {
      guard let name = value.stringValue else {
        throw .wrongType(
          key: "mode", value: value.description, expected: "one of static, bouncy, floating")
      }
      guard let parsed = PlaceholderMode(rawValue: name) else { throw .unknownMode(name) }
      mode = parsed
    }
  }
}

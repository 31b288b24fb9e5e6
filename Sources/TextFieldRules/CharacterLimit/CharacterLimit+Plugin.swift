import TextInputBase
public import TextInputCore

extension CharacterLimit {
  /// The plugin's id: `characterLimit`.
  public static let pluginID = "characterLimit"

  /// The descriptor: id `characterLimit`, with the keys `limit` (grapheme
  /// clusters, 0 or more, default 0: no limit) and `showsCount` (default
  /// false).
  ///
  /// ```
  /// characterLimit.limit = 20
  /// characterLimit.showsCount = true
  /// ```
  public static let descriptor = PluginDescriptor(
    id: pluginID, name: "Character limit", version: SemanticVersion(0, 1, 0),
    summary:
      "A limit on the text's length in grapheme clusters: pastes cut at a cluster boundary, "
      + "typing past it refused; a count for a counter.",
    dependencies: ["editor"],
    configuration: [
      ConfigurationKey(
        "limit", .integer, default: .integer(0),
        doc: "The most grapheme clusters a user may leave in the text; 0 for no limit.",
        rule: { value throws(ConfigurationKey.Refusal) in
          let limit = value.integerValue ?? 0
          guard limit >= 0 else {
            throw ConfigurationKey.Refusal(TextFieldRulesError.negativeLimit(limit).description)
          }
          return limit
        }),
      ConfigurationKey(
        "showsCount", .boolean, default: .boolean(false),
        doc: "Whether the count (\"12/20\") is drawn at the trailing end of the view's last line."),
    ])

  /// The plugin: its behaviour is made with `init(configuration:)`.
  public static let plugin = Plugin(descriptor) { configuration throws(ConfigurationError) in
    try CharacterLimit(configuration: configuration)
  }

  /// Creates the behaviour from the plugin's configuration; keys not set take
  /// their defaults.
  ///
  /// - Throws: `ConfigurationError` naming the key: `.typeMismatch` for a
  ///   value of the wrong type, `.rejectedValue` for a negative limit.
  public init(configuration: PluginConfiguration) throws(ConfigurationError) {
    let configuration = try Self.descriptor.check(configuration)
    let limit = try configuration.parsed("limit", as: Int.self)
    let shows =
      try configuration.value("showsCount", \.booleanValue, expected: .boolean) ?? false
    // The key's rule has refused a negative limit.
    self.init(checkedLimit: limit, showsCount: shows)
  }
}

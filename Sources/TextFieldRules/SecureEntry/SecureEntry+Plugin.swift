import TextInputBase
public import TextInputCore

extension SecureEntry {
  /// The plugin's id: `secureEntry`.
  public static let pluginID = "secureEntry"

  /// The descriptor: id `secureEntry`, with the keys `isSecure` (default
  /// true) and `mask` (one character, default `•`).
  ///
  /// ```
  /// secureEntry.isSecure = true
  /// secureEntry.mask = *
  /// ```
  public static let descriptor = PluginDescriptor(
    id: pluginID, name: "Secure entry", version: SemanticVersion(0, 1, 0),
    summary:
      "Password entry: the text drawn masked, one mask per grapheme cluster; the text unchanged.",
    dependencies: ["editor"],
    configuration: [
      ConfigurationKey(
        "isSecure", .boolean, default: .boolean(true),
        doc: "Whether the text is drawn masked (false shows it)."),
      ConfigurationKey(
        "mask", .string, default: .string(String(SecureEntry.bullet)),
        doc: "The character each grapheme cluster is drawn as: one UTF-16 code unit, one cell.",
        rule: { value throws(ConfigurationKey.Refusal) in
          do throws(TextFieldRulesError) {
            return try SecureEntry(mask: character(value.stringValue ?? value.description))
          } catch {
            throw ConfigurationKey.Refusal(error.description)
          }
        }),
    ])

  /// The plugin: its behaviour is made with `init(configuration:)`.
  public static let plugin = Plugin(descriptor) { configuration throws(ConfigurationError) in
    try SecureEntry(configuration: configuration)
  }

  /// Creates the behaviour from the plugin's configuration; keys not set take
  /// their defaults.
  ///
  /// - Throws: `ConfigurationError` naming the key: `.typeMismatch` for a
  ///   value of the wrong type, `.rejectedValue` (with the
  ///   `TextFieldRulesError` message) for an unusable mask.
  public init(configuration: PluginConfiguration) throws(ConfigurationError) {
    let configuration = try Self.descriptor.check(configuration)
    let isSecure =
      try configuration.value("isSecure", \.booleanValue, expected: .boolean) ?? true
    // The key's rule made the behaviour from the mask (and checked it) once.
    self = try configuration.parsed("mask", as: SecureEntry.self)
    self.isSecure = isSecure
  }

  /// The one character of a `mask` value.
  static func character(_ text: String) throws(TextFieldRulesError) -> Character {
    guard text.count == 1, let first = text.first else { throw .unusableMask(text) }
    return first
  }
}

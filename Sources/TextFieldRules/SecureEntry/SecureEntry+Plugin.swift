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
        rule: { value in
          do throws(TextFieldRulesError) {
            _ = try SecureEntry(mask: character(value.stringValue ?? value.description))
            return nil
          } catch {
            return error.description
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
    try Self.descriptor.check(configuration)
    let isSecure =
      try configuration.value("isSecure", \.booleanValue, expected: .boolean) ?? true
    let text = try configuration.value("mask", \.stringValue, expected: .string) ?? "\u{2022}"
    do throws(TextFieldRulesError) {
      try self.init(mask: Self.character(text), isSecure: isSecure)
    } catch {
      throw .rejectedValue(
        key: "\(Self.pluginID).mask", value: text, reason: error.description)
    }
  }

  /// The one character of a `mask` value.
  static func character(_ text: String) throws(TextFieldRulesError) -> Character {
    guard text.count == 1, let first = text.first else { throw .unusableMask(text) }
    return first
  }
}

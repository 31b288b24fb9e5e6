import TextInputBase
public import TextInputCore

extension Validation {
  /// The plugin's id: `validation`.
  public static let pluginID = "validation"

  /// The descriptor: id `validation`, with the keys `required` (default
  /// false), `pattern` (a regular expression the whole text must match,
  /// default empty: none), `message` (default `Invalid`) and `timing`
  /// (`whileEditing` or `onEndEditing`).
  ///
  /// ```
  /// validation.required = true
  /// validation.pattern = "^[0-9]*$"
  /// validation.message = "Digits only"
  /// validation.timing = whileEditing
  /// ```
  public static let descriptor = PluginDescriptor(
    id: pluginID, name: "Validation", version: SemanticVersion(0, 1, 0),
    summary:
      "Validates the text while editing or when editing ends, and publishes a message to draw.",
    dependencies: ["editor"],
    configuration: [
      ConfigurationKey(
        "required", .boolean, default: .boolean(false),
        doc: "Whether an empty text (or white space only) is invalid."),
      ConfigurationKey(
        "pattern", .string, default: .string(""),
        doc: "A regular expression the whole text must match; empty for none.",
        rule: { value throws(ConfigurationKey.Refusal) -> (@Sendable (String) -> Bool)? in
          guard let pattern = value.stringValue, !pattern.isEmpty else { return nil }
          do throws(TextFieldRulesError) {
            return try Validation.wholeMatch(pattern)
          } catch {
            throw ConfigurationKey.Refusal(error.description)
          }
        }),
      ConfigurationKey(
        "message", .string, default: .string("Invalid"),
        doc: "The message shown for an invalid text."),
      ConfigurationKey(
        "timing", .enumeration(Timing.allCases.map(\.rawValue)),
        default: .enumeration(Timing.whileEditing.rawValue),
        doc: "When the text is validated: whileEditing (every change) or onEndEditing."),
    ])

  /// The plugin: its behaviour is made with `init(configuration:)`.
  public static let plugin = Plugin(descriptor) { configuration throws(ConfigurationError) in
    try Validation(configuration: configuration)
  }

  /// Creates the behaviour from the plugin's configuration; keys not set take
  /// their defaults. The validator refuses, with `message`, an empty text
  /// when `required` is true, then a text `pattern` does not match whole.
  ///
  /// - Throws: `ConfigurationError` naming the key: `.typeMismatch` for a
  ///   value of the wrong type or an unknown timing, `.rejectedValue` (with
  ///   the `TextFieldRulesError` message) for a pattern that is not a
  ///   regular expression.
  public init(configuration: PluginConfiguration) throws(ConfigurationError) {
    let configuration = try Self.descriptor.check(configuration)
    let required =
      try configuration.value("required", \.booleanValue, expected: .boolean) ?? false
    let message =
      try configuration.value("message", \.stringValue, expected: .string) ?? "Invalid"
    let timing =
      try configuration.value(
        "timing", { $0.stringValue.flatMap(Timing.init(rawValue:)) },
        expected: .enumeration(Timing.allCases.map(\.rawValue))) ?? .whileEditing
    // The pattern was compiled once, by the key's rule.
    let matches = try configuration.parsed(
      "pattern", as: (@Sendable (String) -> Bool)?.self
    ).map { Self.predicate(message, $0) }
    // The blank check reads the units in place; only a pattern decodes the text.
    self = Self.utf16(timing: timing) { units in
      if required, Self.isBlank(units) { return .invalid(message) }
      guard let matches else { return .valid }
      return units.withContiguousUnits(in: 0..<units.count) {
        matches(String(decoding: $0, as: UTF16.self))
      }
    }
  }
}

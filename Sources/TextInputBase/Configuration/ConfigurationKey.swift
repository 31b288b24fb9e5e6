/// One key of a plugin's configuration schema: its name, type, default, a
/// line of documentation, and optionally a rule that reads its values.
///
/// A configuration file writes it qualified by the plugin's id
/// (`placeholder.placeholderColor = #8E8E93` for key `placeholderColor` of plugin
/// `placeholder`). `Configuration` checks a value's type and rule when it is set
/// or loaded, so a bad value is reported with its key (and its line in a file),
/// not later when a plugin reads it.
public struct ConfigurationKey: Hashable, Sendable {
  /// A rule on a key's values beyond their type. It reads a value of the
  /// key's type into the typed value the plugin uses (a compiled pattern, a
  /// list of code points), or throws a `Refusal` saying what was expected.
  /// A value is read by its rule once, when it is checked (set, loaded, or
  /// checked by `PluginDescriptor.check(_:)`); the plugin then takes the result
  /// with `PluginConfiguration.parsed(_:as:)` instead of reading the value
  /// again.
  ///
  /// ```swift
  /// ConfigurationKey(
  ///   "mask", .string, default: .string("•"), doc: "The mask character.",
  ///   rule: { value throws(ConfigurationKey.Refusal) in
  ///     guard let text = value.stringValue, text.count == 1, let mask = text.first else {
  ///       throw ConfigurationKey.Refusal("expected one character")
  ///     }
  ///     return mask
  ///   })
  /// ```
  public typealias Rule = @Sendable (ConfigurationValue) throws(Refusal) -> any Sendable

  /// Why a rule refused a value: what was expected ("expected a single
  /// character or U+XXXX"). `ConfigurationError.rejectedValue` reports it after
  /// the key and the value.
  public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was expected, as the end of a message.
    public var reason: String

    /// Creates a refusal with its reason.
    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
  }

  /// The key within its plugin (`placeholderColor`); ASCII letters, digits, `-`, `_`.
  public var name: String
  /// The values it takes.
  public var type: ConfigurationType
  /// The value used when a configuration does not set it; of `type`.
  public var defaultValue: ConfigurationValue
  /// One line saying what it does, with its unit (points, UTF-16 code units).
  public var doc: String
  /// The rule a value of `type` must also meet, if any.
  public var rule: Rule?

  /// Creates a schema entry. The registry rejects a default not of `type` or
  /// refused by `rule`.
  public init(
    _ name: String, _ type: ConfigurationType, default defaultValue: ConfigurationValue,
    doc: String, rule: Rule? = nil
  ) {
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.doc = doc
    self.rule = rule
  }

  /// Checks `value` against the key's type, then reads it with its rule.
  ///
  /// - Parameters:
  ///   - value: The value to check.
  ///   - qualifiedKey: The name the error reports (`plugin.key`).
  /// - Returns: What the rule read, or `value` itself for a key without a
  ///   rule.
  /// - Throws: `ConfigurationError.typeMismatch` or `.rejectedValue`, naming
  ///   `qualifiedKey` and the value.
  @discardableResult
  public func check(_ value: ConfigurationValue, as qualifiedKey: String)
    throws(ConfigurationError) -> any Sendable
  {
    guard value.conforms(to: type) else {
      throw .typeMismatch(key: qualifiedKey, value: value.description, expected: type)
    }
    guard let rule else { return value }
    do throws(Refusal) {
      return try rule(value)
    } catch {
      throw .rejectedValue(key: qualifiedKey, value: value.description, reason: error.reason)
    }
  }

  /// A rule for counts and limits: an integer of 0 or more (`-1` is refused
  /// with "expected an integer of 0 or more"). It reads the value as an `Int`.
  public static let nonNegative: Rule = { value throws(Refusal) in
    guard let number = value.integerValue, number >= 0 else {
      throw Refusal("expected an integer of 0 or more")
    }
    return number
  }

  /// Keys are equal when their name, type, default and doc are (a rule is code,
  /// and is not compared).
  public static func == (lhs: ConfigurationKey, rhs: ConfigurationKey) -> Bool {
    lhs.name == rhs.name && lhs.type == rhs.type && lhs.defaultValue == rhs.defaultValue
      && lhs.doc == rhs.doc
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(type)
    hasher.combine(defaultValue)
    hasher.combine(doc)
  }
}

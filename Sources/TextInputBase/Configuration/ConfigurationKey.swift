/// One key of a plugin's configuration schema: its name, type, default, a
/// line of documentation, and optionally a rule its values must meet.
///
/// A configuration file writes it qualified by the plugin's id
/// (`placeholder.placeholderColor = #8E8E93` for key `placeholderColor` of plugin
/// `placeholder`). `Configuration` checks a value's type and rule when it is set
/// or loaded, so a bad value is reported with its key (and its line in a file),
/// not later when a plugin reads it.
public struct ConfigurationKey: Hashable, Sendable {
  /// A rule on a key's values beyond their type: returns nil for a good value,
  /// else the reason it is refused ("expected a single character or U+XXXX").
  public typealias Rule = @Sendable (ConfigurationValue) -> String?

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

  /// Checks `value` against the key's type, then its rule.
  ///
  /// - Parameters:
  ///   - value: The value to check.
  ///   - qualifiedKey: The name the error reports (`plugin.key`).
  /// - Throws: `ConfigurationError.typeMismatch` or `.rejectedValue`, naming
  ///   `qualifiedKey` and the value.
  public func check(_ value: ConfigurationValue, as qualifiedKey: String)
    throws(ConfigurationError)
  {
    guard value.conforms(to: type) else {
      throw .typeMismatch(key: qualifiedKey, value: value.description, expected: type)
    }
    if let reason = rule?(value) {
      throw .rejectedValue(key: qualifiedKey, value: value.description, reason: reason)
    }
  }

  /// A rule for counts and limits: an integer of 0 or more (`-1` is refused
  /// with "expected an integer of 0 or more").
  public static let nonNegative: Rule = { value in
    guard let number = value.integerValue, number < 0 else { return nil }
    return "expected an integer of 0 or more"
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

/// What a plugin is: its stable id, display name, version, one-line summary,
/// the ids of the plugins it needs, and its configuration schema.
///
/// ```swift
/// let descriptor = PluginDescriptor(
///   id: "placeholder", name: "Text placeholder", version: SemanticVersion(1, 0, 0),
///   summary: "A placeholder for multi-line text views.",
///   configuration: [
///     ConfigurationKey("text", .string, default: .string(""), doc: "The placeholder text.")
///   ])
/// ```
public struct PluginDescriptor: Hashable, Sendable {
  /// The stable id: ASCII, starting with a lower-case letter, then letters,
  /// digits, `-` or `_` (`placeholder`, `rightAlignedSpaces`). Configuration keys
  /// are written `id.key`. See `PluginDescriptor.isValidID(_:)`.
  public var id: String
  /// The name shown to people.
  public var name: String
  /// The plugin's version.
  public var version: SemanticVersion
  /// One line saying what the plugin does.
  public var summary: String
  /// The ids of the plugins this one needs installed before it, in order.
  public var dependencies: [String]
  /// The keys the plugin reads, in the order they are documented.
  public var configuration: [ConfigurationKey]

  /// Creates a descriptor. The registry checks the id and the schema when the
  /// plugin is registered.
  public init(
    id: String, name: String, version: SemanticVersion, summary: String,
    dependencies: [String] = [], configuration: [ConfigurationKey] = []
  ) {
    self.id = id
    self.name = name
    self.version = version
    self.summary = summary
    self.dependencies = dependencies
    self.configuration = configuration
  }

  /// Whether `id` is a valid plugin id: non-empty ASCII, a lower-case letter
  /// first, then letters, digits, `-` or `_`.
  ///
  /// - Complexity: O(n) in the length of `id`.
  public static func isValidID(_ id: String) -> Bool {
    guard let first = id.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
    return id.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "-" || $0 == "_"
    }
  }

  /// The schema entry for `key` (the part after `id.`), if the plugin declares it.
  ///
  /// - Complexity: O(k) in the number of keys.
  public func key(_ key: String) -> ConfigurationKey? {
    configuration.first { $0.name == key }
  }

  /// Checks a plugin configuration against the schema and reads each value
  /// with its key's rule: every key is declared, every value is of its key's
  /// type and meets its rule. Plugins call it before reading a configuration,
  /// so a bad value is the same error wherever it comes from; `Configuration`
  /// runs the same checks when a value is set or loaded.
  ///
  /// A value whose rule has already read it (a value `Configuration` set, or
  /// a configuration this returned) is not read again.
  ///
  /// - Returns: The configuration, its values unchanged (a key not set stays
  ///   unset, so `configure(_:)` methods can keep what it does not name),
  ///   with what each key's rule read from its value, or from its default
  ///   when it is not set, for `PluginConfiguration.parsed(_:as:)`.
  /// - Throws: `ConfigurationError.unknownKey`, `.typeMismatch` or
  ///   `.rejectedValue`, each naming the key qualified by `id`.
  /// - Complexity: O(v log v + k) in the values and the schema's keys, plus
  ///   what the rules cost.
  @discardableResult
  public func check(_ configuration: PluginConfiguration) throws(ConfigurationError)
    -> PluginConfiguration
  {
    var parsed = configuration.parsedValues
    for (name, value) in configuration.values.sorted(by: { $0.key < $1.key }) {
      let qualified = id + "." + name
      guard let entry = key(name) else {
        throw .unknownKey(
          qualified,
          suggestion: Configuration.suggestion(
            for: qualified, in: qualifiedKeys))
      }
      if parsed[name] == nil { parsed[name] = try entry.check(value, as: qualified) }
    }
    for entry in self.configuration where parsed[entry.name] == nil {
      parsed[entry.name] = try entry.check(entry.defaultValue, as: id + "." + entry.name)
    }
    return PluginConfiguration(
      pluginID: id, values: configuration.values, parsedValues: parsed)
  }

  /// Every key of the schema qualified by the plugin's id (`id.key`), in order.
  public var qualifiedKeys: [String] { configuration.map { id + "." + $0.name } }
}

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

  /// Checks a plugin configuration against the schema: every key is declared,
  /// every value is of its key's type and meets its rule. Plugins call it
  /// before reading a configuration, so a bad value is the same error wherever
  /// it comes from; `Configuration` runs the same checks when a value is set or
  /// loaded.
  ///
  /// - Throws: `ConfigurationError.unknownKey`, `.typeMismatch` or
  ///   `.rejectedValue`, each naming the key qualified by `id`.
  /// - Complexity: O(v × k) in the values and the schema's keys.
  public func check(_ configuration: PluginConfiguration) throws(ConfigurationError) {
    for (name, value) in configuration.values.sorted(by: { $0.key < $1.key }) {
      let qualified = id + "." + name
      guard let entry = key(name) else {
        throw .unknownKey(
          qualified,
          suggestion: Configuration.suggestion(
            for: qualified, in: qualifiedKeys))
      }
      try entry.check(value, as: qualified)
    }
  }

  /// Every key of the schema qualified by the plugin's id (`id.key`), in order.
  public var qualifiedKeys: [String] { configuration.map { id + "." + $0.name } }
}

import Foundation

/// The configuration of a set of plugins: a value for every key of their
/// schemas, set from text or values, checked against the schemas, with the
/// defaults for what is not set.
///
/// Keys are qualified by plugin id: `placeholder.placeholderColor` is key `placeholderColor` of
/// plugin `placeholder`. The file form has one `key = value` per line; blank
/// lines and lines starting with `#` are ignored:
///
/// ```swift
/// var configuration = Configuration(plugins: registry.descriptors)
/// try configuration.load("""
///   # A right-aligned field.
///   editor.alignment = right
///   editor.textContainerInset = {8, 4, 8, 4}
///   """)
/// configuration["editor.alignment"]  // .enumeration("right")
/// ```
public struct Configuration: Hashable, Sendable {
  /// The schema entry of every known key, by qualified key.
  public let schema: [String: ConfigurationKey]
  /// The values set explicitly, by qualified key (defaults not included).
  public private(set) var values: [String: ConfigurationValue] = [:]
  /// The known qualified keys in plugin order, then schema order.
  public let keys: [String]
  /// What each set value's rule read when it was set, by qualified key, so
  /// that `plugin(_:)` hands it on instead of reading the value again.
  private var parsedValues: [String: any Sendable] = [:]

  public static func == (lhs: Configuration, rhs: Configuration) -> Bool {
    lhs.schema == rhs.schema && lhs.values == rhs.values && lhs.keys == rhs.keys
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(schema)
    hasher.combine(values)
    hasher.combine(keys)
  }

  /// A configuration for the plugins described by `plugins`, all at defaults.
  public init(plugins: [PluginDescriptor]) {
    var schema: [String: ConfigurationKey] = [:]
    var keys: [String] = []
    for plugin in plugins {
      for key in plugin.configuration {
        let qualified = plugin.id + "." + key.name
        guard schema[qualified] == nil else { continue }
        schema[qualified] = key
        keys.append(qualified)
      }
    }
    self.schema = schema
    self.keys = keys
  }

  /// The value of `key`: the one set, else the schema's default; nil for an
  /// unknown key.
  public subscript(key: String) -> ConfigurationValue? {
    values[key] ?? schema[key]?.defaultValue
  }

  /// The value of `key`, set or default.
  ///
  /// - Throws: `ConfigurationError.unknownKey` with the nearest known key.
  public func value(_ key: String) throws(ConfigurationError) -> ConfigurationValue {
    guard let entry = schema[key] else { throw unknown(key) }
    return values[key] ?? entry.defaultValue
  }

  /// Sets `key` to `value`.
  ///
  /// - Throws: `.unknownKey` (with a near known key), `.typeMismatch` naming
  ///   the key, the value's text and the key's type, or `.rejectedValue` when
  ///   the key's rule refuses the value.
  public mutating func set(_ key: String, to value: ConfigurationValue)
    throws(ConfigurationError)
  {
    guard let entry = schema[key] else { throw unknown(key) }
    parsedValues[key] = try entry.check(value, as: key)
    values[key] = value
  }

  /// Sets `key` from its text form (see `ConfigurationType`).
  ///
  /// - Throws: `.unknownKey`, `.typeMismatch` or `.rejectedValue`, as
  ///   `set(_:to:)`.
  /// - Complexity: O(n) in the length of `text`.
  public mutating func set(_ key: String, text: String) throws(ConfigurationError) {
    guard let entry = schema[key] else { throw unknown(key) }
    let value: ConfigurationValue
    do {
      value = try ConfigurationValue(parsing: text, as: entry.type)
    } catch {
      throw .typeMismatch(
        key: key, value: text.trimmingCharacters(in: .whitespaces), expected: entry.type)
    }
    parsedValues[key] = try entry.check(value, as: key)
    values[key] = value
  }

  /// Removes the value set for `key`, so it reads as its default again.
  public mutating func reset(_ key: String) {
    values[key] = nil
    parsedValues[key] = nil
  }

  /// Reads a configuration file's text: one `key = value` per line (LF, CRLF or CR; the first
  /// `=` splits), `#` comments and blank lines ignored. All lines are checked
  /// before any value is kept.
  ///
  /// - Throws: `ConfigurationError.line(n, error)` for the first bad line
  ///   (1-based): `.malformedLine`, `.unknownKey`, `.typeMismatch`,
  ///   `.rejectedValue` (a plugin's rule refused the value), or `.duplicateKey`
  ///   when the file sets a key twice.
  /// - Complexity: O(n) in the length of `text`.
  public mutating func load(_ text: String) throws(ConfigurationError) {
    var updated = self
    var seen = Set<String>()
    var number = 0
    let lines = text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    )
    for line in lines {
      number += 1
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.unicodeScalars.first == "#" { continue }
      guard let equals = trimmed.firstIndex(of: "=") else {
        throw .line(number, .malformedLine(trimmed))
      }
      let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
      let valueText = String(trimmed[trimmed.index(after: equals)...])
      guard !key.isEmpty else { throw .line(number, .malformedLine(trimmed)) }
      guard seen.insert(key).inserted else { throw .line(number, .duplicateKey(key)) }
      do {
        try updated.set(key, text: valueText)
      } catch {
        throw .line(number, error)
      }
    }
    self = updated
  }

  /// The configuration as file text: every key in `keys` order, the set ones
  /// as `key = value`, the others commented out with their default, each after
  /// `#` lines with its doc. `load(_:)` reads it back.
  public var fileText: String {
    var lines: [String] = []
    for key in keys {
      guard let entry = schema[key] else { continue }
      // A doc of several lines is commented line by line, or its later lines
      // would read as settings.
      let doc = "\(entry.doc) (\(entry.type.name))".split(
        omittingEmptySubsequences: false,
        whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
      lines += doc.map { "# " + $0 }
      if let value = values[key] {
        lines.append("\(key) = \(value)")
      } else {
        lines.append("# \(key) = \(entry.defaultValue)")
      }
    }
    return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
  }

  /// The view one plugin gets: its own keys, unqualified, with defaults, and
  /// what the rules read from the values set (`PluginDescriptor.check(_:)`
  /// reads only the defaults).
  ///
  /// - Complexity: O(k) in the known keys.
  public func plugin(_ id: String) -> PluginConfiguration {
    let prefix = id + "."
    var own: [String: ConfigurationValue] = [:]
    var parsed: [String: any Sendable] = [:]
    for key in keys where key.hasPrefix(prefix) {
      let name = String(key.dropFirst(prefix.count))
      own[name] = self[key]
      parsed[name] = parsedValues[key]
    }
    return PluginConfiguration(pluginID: id, values: own, parsedValues: parsed)
  }

  private func unknown(_ key: String) -> ConfigurationError {
    .unknownKey(key, suggestion: Self.suggestion(for: key, in: keys))
  }

  /// The key to suggest for the unknown `key`: the nearest of `candidates` by
  /// edit distance, if it is near — at most a third of `key`'s length in edits,
  /// and never more than 4 — so that a typo finds its key and an unrelated name
  /// finds none. On a tie, the first in order.
  ///
  /// - Complexity: O(c × m × n) for c candidates of length m and n.
  public static func suggestion(for key: String, in candidates: [String]) -> String? {
    let limit = min(4, max(1, key.count / 3))
    guard let (candidate, distance) = EditDistance.nearest(to: key, in: candidates),
      distance <= limit
    else { return nil }
    return candidate
  }
}

/// One plugin's configuration: the value of each of its keys (unqualified),
/// the default where none was set.
///
/// `PluginDescriptor.check(_:)` returns it checked: every key of the schema
/// has a value, and what each key's rule read from it (a compiled pattern, a
/// list of code points) is kept, for `parsed(_:as:)`. A value is read by its
/// rule once on its way to the plugin: when `Configuration` set it, or when
/// the descriptor checked it.
public struct PluginConfiguration: Hashable, Sendable {
  /// The plugin's id.
  public let pluginID: String
  /// Every key of the plugin's schema, with its value.
  public let values: [String: ConfigurationValue]
  /// What each key's rule read from its value, by unqualified key (the value
  /// itself for a key without a rule); not part of equality, since it follows
  /// from `values`.
  package var parsedValues: [String: any Sendable]

  /// Creates a plugin configuration from unqualified keys.
  public init(pluginID: String, values: [String: ConfigurationValue]) {
    self.init(pluginID: pluginID, values: values, parsedValues: [:])
  }

  /// Creates a plugin configuration with what rules have already read.
  package init(
    pluginID: String, values: [String: ConfigurationValue], parsedValues: [String: any Sendable]
  ) {
    self.pluginID = pluginID
    self.values = values
    self.parsedValues = parsedValues
  }

  public static func == (lhs: PluginConfiguration, rhs: PluginConfiguration) -> Bool {
    lhs.pluginID == rhs.pluginID && lhs.values == rhs.values
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(pluginID)
    hasher.combine(values)
  }

  /// The value of `key` as its rule read it (`ConfigurationKey.Rule`), from a
  /// configuration `PluginDescriptor.check(_:)` returned: the typed value
  /// the plugin uses, read once when the value was checked.
  ///
  /// ```swift
  /// let configuration = try Self.descriptor.check(configuration)
  /// let characters = try configuration.parsed("characters", as: [Unicode.Scalar].self)
  /// ```
  ///
  /// - Throws: `ConfigurationError.rejectedValue` naming `pluginID.key` when
  ///   the configuration was not checked or the rule reads another type (a
  ///   mistake in the plugin, not in the value).
  /// - Complexity: O(1).
  public func parsed<Value>(_ key: String, as type: Value.Type = Value.self)
    throws(ConfigurationError) -> Value
  {
    guard let parsed = parsedValues[key] as? Value else {
      throw .rejectedValue(
        key: pluginID + "." + key, value: values[key]?.description ?? "",
        reason: "expected a value its rule read as \(Value.self); "
          + "check the configuration with PluginDescriptor.check(_:) first")
    }
    return parsed
  }

  /// The defaults of `descriptor`'s schema.
  public init(defaultsOf descriptor: PluginDescriptor) {
    self.init(
      pluginID: descriptor.id,
      values: Dictionary(
        descriptor.configuration.map { ($0.name, $0.defaultValue) }, uniquingKeysWith: { a, _ in a }
      ))
  }

  /// The value of `key` (unqualified), or nil if the schema has no such key.
  public subscript(key: String) -> ConfigurationValue? { values[key] }

  /// The value of `key` read through `read` (`\.stringValue`, `\.rectValue`, …),
  /// or nil when the key is not set. Call it after `PluginDescriptor.check(_:)`,
  /// which has refused values of the wrong type; a value `read` still cannot
  /// take is reported the same way.
  ///
  /// - Throws: `ConfigurationError.typeMismatch` naming `pluginID.key`.
  public func value<Value>(
    _ key: String, _ read: (ConfigurationValue) -> Value?, expected: ConfigurationType
  ) throws(ConfigurationError) -> Value? {
    guard let value = values[key] else { return nil }
    guard let result = read(value) else {
      throw .typeMismatch(key: pluginID + "." + key, value: value.description, expected: expected)
    }
    return result
  }
}

/// Levenshtein distance, for "did you mean" suggestions.
enum EditDistance {
  /// The number of single-character insertions, deletions and substitutions
  /// that turn `a` into `b`.
  ///
  /// - Complexity: O(m × n) in the lengths, in characters.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    var current = previous
    for i in 1...a.count {
      current[0] = i
      for j in stride(from: 1, through: b.count, by: 1) {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// The candidate nearest to `key` and its distance (the first in order on a
  /// tie), or nil if there are none.
  static func nearest(to key: String, in candidates: [String]) -> (String, Int)? {
    var best: (String, Int)?
    for candidate in candidates {
      let d = distance(key, candidate)
      if best == nil || d < (best?.1 ?? .max) { best = (candidate, d) }
    }
    return best
  }
}

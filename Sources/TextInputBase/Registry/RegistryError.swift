/// Why the registry refused a plugin or could not resolve a set of ids.
///
/// Every case names the offending id; `description` says what was expected.
public enum RegistryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A plugin with this id is already registered.
  case duplicateID(String)
  /// The id is not of the form `PluginDescriptor.isValidID(_:)` accepts.
  case invalidID(String)
  /// A plugin declares the same configuration key twice, or a key whose default
  /// is not of its type (the plugin's id, then the key).
  case invalidSchema(plugin: String, key: String)
  /// No plugin has this id; `requiredBy` is the plugin that depends on it, or
  /// nil when it was asked for directly.
  case unknownPlugin(String, requiredBy: String?)
  /// The plugins depend on each other in a cycle; the path starts and ends with
  /// the same id (`["a", "b", "a"]`).
  case dependencyCycle([String])

  public var description: String {
    switch self {
    case .duplicateID(let id):
      return "a plugin with id '\(id)' is already registered; ids must be unique"
    case .invalidID(let id):
      return
        "invalid plugin id '\(id)': expected ASCII letters, digits, '-' or '_', "
        + "starting with a lower-case letter"
    case .invalidSchema(let plugin, let key):
      return
        "plugin '\(plugin)' declares configuration key '\(key)' twice or with a default "
        + "of the wrong type"
    case .unknownPlugin(let id, let requiredBy?):
      return "unknown plugin '\(id)', required by '\(requiredBy)'"
    case .unknownPlugin(let id, nil):
      return "unknown plugin '\(id)'"
    case .dependencyCycle(let path):
      return "dependency cycle: \(path.joined(separator: " -> "))"
    }
  }
}

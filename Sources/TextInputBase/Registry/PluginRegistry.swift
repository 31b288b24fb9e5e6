import Foundation

/// The plugins an application knows: register them, list them, look one up,
/// and resolve a set of ids into the order they must be installed.
///
/// Safe to use from many threads at once: every operation holds a lock for
/// its whole duration, so it sees one consistent set of plugins.
///
/// ```swift
/// let registry = PluginRegistry()
/// try registry.register(Editor.plugin)
/// try registry.resolve(["editor"]).map(\.id)  // ["editor"]
/// ```
public final class PluginRegistry: Sendable {
  private let plugins = Locked<[String: Plugin]>([:])

  /// Creates an empty registry.
  public init() {}

  /// Creates a registry holding `plugins`.
  ///
  /// - Throws: the first `RegistryError` that `register(_:)` would throw.
  public convenience init(_ plugins: [Plugin]) throws(RegistryError) {
    self.init()
    for plugin in plugins { try register(plugin) }
  }

  /// Adds `plugin`.
  ///
  /// - Throws: `RegistryError.invalidID` for a malformed id,
  ///   `.invalidSchema` for a duplicate configuration key or a default of the
  ///   wrong type or refused by the key's rule, `.duplicateID` if the id is taken. Dependencies are checked
  ///   when resolving, so plugins can be registered in any order.
  /// - Complexity: O(k) in the plugin's configuration keys.
  public func register(_ plugin: Plugin) throws(RegistryError) {
    let descriptor = plugin.descriptor
    guard PluginDescriptor.isValidID(descriptor.id) else { throw .invalidID(descriptor.id) }
    var seen = Set<String>()
    for key in descriptor.configuration {
      guard seen.insert(key.name).inserted,
        (try? key.check(key.defaultValue, as: key.name)) != nil
      else {
        throw .invalidSchema(plugin: descriptor.id, key: key.name)
      }
    }
    let inserted = plugins.withLock { plugins in
      guard plugins[descriptor.id] == nil else { return false }
      plugins[descriptor.id] = plugin
      return true
    }
    guard inserted else { throw .duplicateID(descriptor.id) }
  }

  /// Every registered plugin, ordered by id (a stable order, whatever order
  /// they were registered in).
  ///
  /// - Complexity: O(n log n) in the number of plugins.
  public var all: [Plugin] {
    plugins.withLock { $0.values.sorted { $0.id < $1.id } }
  }

  /// The descriptors of `all`.
  public var descriptors: [PluginDescriptor] { all.map(\.descriptor) }

  /// The number of registered plugins.
  public var count: Int { plugins.withLock { $0.count } }

  /// The plugin with `id`, or nil.
  public func plugin(id: String) -> Plugin? {
    plugins.withLock { $0[id] }
  }

  /// The plugins `ids` name, with everything they depend on, in installation
  /// order: each plugin after all of its dependencies. Ids are visited in the
  /// given order, dependencies in their declared order; duplicates appear once.
  ///
  /// - Throws: `RegistryError.unknownPlugin` naming a missing id (and who needs
  ///   it); `.dependencyCycle` with the cycle's path.
  /// - Complexity: O(p + d) in the plugins and dependency edges visited.
  public func resolve(_ ids: [String]) throws(RegistryError) -> [Plugin] {
    let snapshot = plugins.withLock { $0 }
    var order: [Plugin] = []
    var done = Set<String>()
    var path: [String] = []

    func visit(_ id: String, requiredBy: String?) throws(RegistryError) {
      if done.contains(id) { return }
      if let start = path.firstIndex(of: id) {
        throw .dependencyCycle(Array(path[start...]) + [id])
      }
      guard let plugin = snapshot[id] else { throw .unknownPlugin(id, requiredBy: requiredBy) }
      path.append(id)
      for dependency in plugin.descriptor.dependencies {
        try visit(dependency, requiredBy: id)
      }
      path.removeLast()
      done.insert(id)
      order.append(plugin)
    }

    for id in ids { try visit(id, requiredBy: nil) }
    return order
  }
}

/// A value guarded by a lock.
///
/// Why not `Synchronization.Mutex`: on Linux it locks with futexes inside the
/// (uninstrumented) standard library, which ThreadSanitizer cannot see, so
/// every access under it is reported as a race. `NSLock` is a pthread mutex,
/// which ThreadSanitizer understands, so `swift test --sanitize=thread` checks
/// the registry for real.
///
/// Package-wide: the registry's plugins, and a compiled `Regex` (not
/// `Sendable`) shared by a validator that may run on any thread.
package final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` on the value with the lock held.
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

extension Plugin {
  /// Creates a plugin whose editor behaviour `makeBehaviour` makes from the
  /// plugin's configuration (defaults filled in, already checked against the
  /// descriptor's schema by `PluginRegistry.makeBehaviours(for:configuration:)`).
  public init(
    _ descriptor: PluginDescriptor,
    makeBehaviour:
      @escaping @Sendable (PluginConfiguration) throws(ConfigurationError) ->
      any EditorBehaviour
  ) {
    self.init(
      descriptor,
      erasedBehaviour: { configuration throws(ConfigurationError) in
        try makeBehaviour(configuration)
      })
  }

  /// Makes the plugin's behaviour from `configuration`, or nil for a plugin
  /// without one.
  ///
  /// - Throws: `ConfigurationError` for a value the plugin cannot use.
  public func makeBehaviour(_ configuration: PluginConfiguration) throws(ConfigurationError)
    -> (any EditorBehaviour)?
  {
    guard let make = makeErasedBehaviour else { return nil }
    // Checked here, so that the factory's own `check` finds every value
    // already read by its rule and reads none again.
    let checked = try descriptor.check(configuration)
    // Only `init(_:makeBehaviour:)` above stores a factory, and it makes an
    // `EditorBehaviour`; the cast cannot fail.
    return try make(checked) as? any EditorBehaviour
  }
}

extension PluginRegistry {
  /// The behaviours of the plugins `ids` name and their dependencies, in
  /// dependency order, each made from its part of `configuration` (defaults
  /// for keys not set; plugins without a behaviour are skipped).
  ///
  /// - Throws: a `RegistryError` from `resolve(_:)`, or the
  ///   `ConfigurationError` of a value a plugin refuses.
  /// - Complexity: O(p + k) in the plugins resolved and their keys, plus what
  ///   each factory costs.
  public func makeBehaviours(
    for ids: [String], configuration: Configuration? = nil
  ) throws -> [any EditorBehaviour] {
    let plugins = try resolve(ids)
    let configuration = configuration ?? Configuration(plugins: plugins.map(\.descriptor))
    var behaviours: [any EditorBehaviour] = []
    for plugin in plugins where plugin.hasBehaviour {
      var own = configuration.plugin(plugin.id)
      if own.values.isEmpty { own = PluginConfiguration(defaultsOf: plugin.descriptor) }
      if let behaviour = try plugin.makeBehaviour(own) { behaviours.append(behaviour) }
    }
    return behaviours
  }
}

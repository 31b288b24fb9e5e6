/// A plugin: its descriptor and, for a plugin that installs an editor
/// behaviour, how to make it.
///
/// Every plugin of the package has the same shape: a feature type declares
/// `pluginID`, `descriptor` and `plugin` as static members in a
/// `<Type>+Plugin.swift` file (`TextPlaceholder.plugin`, `InsetLabel.plugin`, …),
/// and the umbrella `TextInputKit` registers them all in
/// `PluginRegistry.standard`. A plugin that only offers computations (no editor
/// behaviour) is made with `init(_:)`; TextInputCore adds the initializer that
/// takes a behaviour factory.
public struct Plugin: Sendable {
  /// The plugin's description and configuration schema.
  public let descriptor: PluginDescriptor

  /// Makes the plugin's behaviour from a checked configuration, type-erased so
  /// that this module needs no editor. TextInputCore stores an `EditorBehaviour`
  /// here and reads it back.
  package let makeErasedBehaviour:
    (@Sendable (PluginConfiguration) throws(ConfigurationError) -> any Sendable)?

  /// Creates a plugin that installs no behaviour.
  public init(_ descriptor: PluginDescriptor) {
    self.descriptor = descriptor
    self.makeErasedBehaviour = nil
  }

  /// Creates a plugin with a type-erased behaviour factory (see TextInputCore's
  /// `init(_:makeBehaviour:)`).
  package init(
    _ descriptor: PluginDescriptor,
    erasedBehaviour:
      @escaping @Sendable (PluginConfiguration) throws(ConfigurationError) ->
      any Sendable
  ) {
    self.descriptor = descriptor
    self.makeErasedBehaviour = erasedBehaviour
  }

  /// The plugin's id (`descriptor.id`).
  public var id: String { descriptor.id }

  /// Whether the plugin installs an editor behaviour.
  public var hasBehaviour: Bool { makeErasedBehaviour != nil }
}

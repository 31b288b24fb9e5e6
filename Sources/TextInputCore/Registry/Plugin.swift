/// A plugin: its descriptor, and how to make the editor behaviour it installs.
///
/// Each feature module exposes one (`TextPlaceholder.plugin`, …); the umbrella
/// `TextInputKit` lists them all in `PluginRegistry.standard`. A plugin that
/// only offers computations (no editor behaviour) passes no factory.
public struct Plugin: Sendable {
  /// The plugin's description and configuration schema.
  public let descriptor: PluginDescriptor
  /// Makes the plugin's behaviour from its configuration (defaults filled in),
  /// or nil for a plugin without one.
  public let makeBehaviour: (@Sendable (PluginConfiguration) throws -> any EditorBehaviour)?

  /// Creates a plugin.
  public init(
    _ descriptor: PluginDescriptor,
    makeBehaviour: (@Sendable (PluginConfiguration) throws -> any EditorBehaviour)? = nil
  ) {
    self.descriptor = descriptor
    self.makeBehaviour = makeBehaviour
  }

  /// The plugin's id (`descriptor.id`).
  public var id: String { descriptor.id }
}

import LabelInsets
import RightAlignedSpaces
public import TextInputCore
import TextPlaceholder

extension PluginRegistry {
  /// Every plugin of the package, in one place. Each feature module exposes
  /// its own plugin value; add it here when the module joins the umbrella.
  ///
  /// (Feature modules to come: `TextLinks.plugin`, `HitAreas.plugin`.)
  public static let standardPlugins: [Plugin] = [
    EditorPlugin.plugin,
    LabelInsetsPlugin.plugin,
    RightAlignedSpaces.plugin,
    TextPlaceholder.plugin,
  ]

  /// A new registry holding `standardPlugins`. Each access makes a new
  /// registry, so registering a plugin of your own in it changes no one else's.
  ///
  /// ```swift
  /// let registry = PluginRegistry.standard
  /// registry.all.map(\.id)  // ["editor", …]
  /// ```
  public static var standard: PluginRegistry {
    let registry = PluginRegistry()
    for plugin in standardPlugins {
      do {
        try registry.register(plugin)
      } catch {
        // The test `standardRegistryRegistersEveryPlugin` keeps this unreachable.
        assertionFailure("standard plugin \(plugin.id) refused: \(error)")
      }
    }
    return registry
  }
}

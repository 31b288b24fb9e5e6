import HitAreas
import LabelInsets
import RightAlignedSpaces
import TextFieldRules
public import TextInputCore
import TextLinks
import TextPlaceholder

extension PluginRegistry {
  /// Every plugin of the package, in one place. Each feature module declares
  /// its own `plugin` in its `<Type>+Plugin.swift`; add it here when the module
  /// joins the umbrella.
  public static let standardPlugins: [Plugin] = [
    Editor.plugin,
    InsetLabel.plugin,
    RightAlignedSpaces.plugin,
    EditorLinks.plugin,
    TextPlaceholder.plugin,
    HitArea.plugin,
    SecureEntry.plugin,
    CharacterLimit.plugin,
    Validation.plugin,
  ]

  /// The central registry: one shared, thread-safe instance that holds every
  /// plugin of the package, made on first use. A program registers its own
  /// plugins here and every part of it sees them:
  ///
  /// ```swift
  /// try PluginRegistry.standard.register(myPlugin)
  /// PluginRegistry.standard.plugin(id: myPlugin.id) != nil  // true, everywhere
  /// ```
  ///
  /// Tests, or a part of a program that wants its own set, make an isolated
  /// registry with `makeStandard()`.
  public static let standard: PluginRegistry = makeStandard()

  /// A new registry of its own holding `standardPlugins`: what a test uses so
  /// that what it registers changes no one else's registry.
  ///
  /// - Complexity: O(k) in the plugins' configuration keys.
  public static func makeStandard() -> PluginRegistry {
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

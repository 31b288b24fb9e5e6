import Foundation

/// The core's own plugin, `editor`: the editor's configurable properties, the
/// analogue of a text view's Interface Builder attributes. It installs no
/// behaviour; `Editor.apply(_:)` reads its configuration.
///
/// ```
/// editor.alignment = right
/// editor.layoutDirection = rightToLeft
/// editor.textContainerInset = {8, 4, 8, 4}
/// ```
public enum EditorPlugin {
  /// The descriptor: id `editor`, with the keys `alignment`, `layoutDirection`,
  /// `bounds`, `textContainerInset`, `lineFragmentPadding`, `contentInset`.
  public static let descriptor = PluginDescriptor(
    id: "editor", name: "Editor", version: SemanticVersion(0, 1, 0),
    summary: "Text, selection, marked text, undo and the behaviour chain.",
    configuration: [
      ConfigurationKey(
        "alignment", .enumeration(TextAlignment.allCases.map(\.rawValue)),
        default: .enumeration(TextAlignment.natural.rawValue),
        doc: "How lines align in the container."),
      ConfigurationKey(
        "layoutDirection", .enumeration(LayoutDirection.allCases.map(\.rawValue)),
        default: .enumeration(LayoutDirection.leftToRight.rawValue),
        doc: "The direction text runs in."),
      ConfigurationKey(
        "bounds", .rect, default: .rect(.zero), doc: "The view's bounds, in points."),
      ConfigurationKey(
        "textContainerInset", .insets,
        default: .insets(EdgeInsets(top: 8, left: 0, bottom: 8, right: 0)),
        doc: "Space between the bounds and the text container, in points."),
      ConfigurationKey(
        "lineFragmentPadding", .number, default: .number(5),
        doc: "Padding at both ends of each line, in points."),
      ConfigurationKey(
        "contentInset", .insets, default: .insets(.zero),
        doc: "The scroll view's content inset, in points."),
    ])

  /// The plugin (no behaviour).
  public static let plugin = Plugin(descriptor)
}

extension Editor {
  /// Applies the `editor` plugin's configuration (see `EditorPlugin`): values
  /// of the wrong type or missing keys are ignored; behaviours are told of
  /// each change.
  public mutating func apply(_ configuration: PluginConfiguration) {
    if let name = configuration["alignment"]?.stringValue, let value = TextAlignment(rawValue: name)
    {
      setAlignment(value)
    }
    if let name = configuration["layoutDirection"]?.stringValue,
      let value = LayoutDirection(rawValue: name)
    {
      setLayoutDirection(value)
    }
    var geometry = state.geometry
    if let bounds = configuration["bounds"]?.rectValue { geometry.bounds = bounds }
    if let inset = configuration["textContainerInset"]?.insetsValue {
      geometry.textContainerInset = inset
    }
    if let padding = configuration["lineFragmentPadding"]?.numberValue {
      geometry.lineFragmentPadding = CGFloat(padding)
    }
    if let inset = configuration["contentInset"]?.insetsValue { geometry.contentInset = inset }
    if geometry != state.geometry { setGeometry(geometry) }
  }
}

extension PluginRegistry {
  /// The behaviours of the plugins `ids` name and their dependencies, in
  /// dependency order, each made from its part of `configuration` (defaults
  /// for keys not set; plugins without a behaviour are skipped).
  ///
  /// - Throws: a `RegistryError` from `resolve(_:)`, or what a plugin's
  ///   factory throws.
  public func makeBehaviours(
    for ids: [String], configuration: Configuration? = nil
  ) throws -> [any EditorBehaviour] {
    let plugins = try resolve(ids)
    let configuration = configuration ?? Configuration(plugins: plugins.map(\.descriptor))
    var behaviours: [any EditorBehaviour] = []
    for plugin in plugins {
      guard let make = plugin.makeBehaviour else { continue }
      var own = configuration.plugin(plugin.id)
      if own.values.isEmpty { own = PluginConfiguration(defaultsOf: plugin.descriptor) }
      behaviours.append(try make(own))
    }
    return behaviours
  }
}

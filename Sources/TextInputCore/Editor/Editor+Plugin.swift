import Foundation

/// The core's own plugin, `editor`: the editor's configurable properties, the
/// analogue of a text view's Interface Builder attributes. It installs no
/// behaviour; `Editor.configure(_:)` reads its configuration.
///
/// ```
/// editor.alignment = right
/// editor.layoutDirection = rightToLeft
/// editor.textContainerInset = {8, 4, 8, 4}
/// ```
extension Editor {
  /// The plugin's id: `editor`.
  public static let pluginID = "editor"

  /// The descriptor: id `editor`, with the keys `alignment`, `layoutDirection`,
  /// `bounds`, `textContainerInset`, `lineFragmentPadding`, `contentInset`.
  public static let descriptor = PluginDescriptor(
    id: pluginID, name: "Editor", version: SemanticVersion(0, 1, 0),
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

  /// Applies the `editor` plugin's configuration (see `Editor.descriptor`);
  /// keys not set keep their current value. Behaviours are told of each change.
  ///
  /// A bad value is an error, as everywhere a configuration is read: nothing
  /// is applied when one value is refused.
  ///
  /// - Throws: `ConfigurationError` (`.unknownKey`, `.typeMismatch` or
  ///   `.rejectedValue`) naming the key qualified by `editor`.
  public mutating func configure(_ configuration: PluginConfiguration) throws(ConfigurationError) {
    try Self.descriptor.check(configuration)
    let alignment = try configuration.value(
      "alignment", { $0.stringValue.flatMap(TextAlignment.init(rawValue:)) },
      expected: .enumeration(TextAlignment.allCases.map(\.rawValue)))
    let direction = try configuration.value(
      "layoutDirection", { $0.stringValue.flatMap(LayoutDirection.init(rawValue:)) },
      expected: .enumeration(LayoutDirection.allCases.map(\.rawValue)))
    var geometry = state.geometry
    if let bounds = try configuration.value("bounds", \.rectValue, expected: .rect) {
      geometry.bounds = bounds
    }
    if let inset = try configuration.value("textContainerInset", \.insetsValue, expected: .insets) {
      geometry.textContainerInset = inset
    }
    if let padding = try configuration.value(
      "lineFragmentPadding", \.numberValue, expected: .number)
    {
      geometry.lineFragmentPadding = CGFloat(padding)
    }
    if let inset = try configuration.value("contentInset", \.insetsValue, expected: .insets) {
      geometry.contentInset = inset
    }
    if let alignment { setAlignment(alignment) }
    if let direction { setLayoutDirection(direction) }
    if geometry != state.geometry { setGeometry(geometry) }
  }
}

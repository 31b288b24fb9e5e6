public import TextInputCore

/// The `labelInsets` plugin: a label's content insets as configuration keys.
/// It installs no editor behaviour; `InsetLabel.apply(_:)` reads it.
///
/// ```
/// labelInsets.insets = {4, 8, 4, 8}
/// labelInsets.directionalInsets = {4, 12, 4, 8}
/// labelInsets.verticalAlignment = top
/// labelInsets.numberOfLines = 0
/// ```
public enum LabelInsetsPlugin {
  /// The descriptor: id `labelInsets`, keys `insets`, `directionalInsets`,
  /// `verticalAlignment`, `numberOfLines`.
  public static let descriptor = PluginDescriptor(
    id: "labelInsets", name: "Label insets", version: SemanticVersion(0, 1, 0),
    summary: "Content insets for a label: text rect, drawing rect and fitting sizes.",
    configuration: [
      ConfigurationKey(
        "insets", .insets, default: .insets(.zero),
        doc: "Insets {top, left, bottom, right} around the text, in points."),
      ConfigurationKey(
        "directionalInsets", .directionalInsets, default: .directionalInsets(.zero),
        doc:
          "Insets {top, leading, bottom, trailing}, in points; when not zero, used instead of insets."
      ),
      ConfigurationKey(
        "verticalAlignment", .enumeration(VerticalAlignment.allCases.map(\.rawValue)),
        default: .enumeration(VerticalAlignment.center.rawValue),
        doc: "Where the text sits vertically: top, center or bottom."),
      ConfigurationKey(
        "numberOfLines", .integer, default: .integer(1),
        doc: "The most lines shown; 0 for no limit."),
    ])

  /// The plugin (no editor behaviour).
  public static let plugin = Plugin(descriptor)
}

extension InsetLabel {
  /// Applies the `labelInsets` configuration: `directionalInsets` when it is
  /// not zero, else `insets`; `verticalAlignment`; `numberOfLines`. Missing
  /// keys and values of the wrong type are ignored.
  public mutating func apply(_ configuration: PluginConfiguration) {
    if let directional = configuration["directionalInsets"]?.directionalInsetsValue,
      directional != .zero
    {
      insets = .directional(directional)
    } else if let fixed = configuration["insets"]?.insetsValue {
      insets = .fixed(fixed)
    }
    if let name = configuration["verticalAlignment"]?.stringValue,
      let value = VerticalAlignment(rawValue: name)
    {
      verticalAlignment = value
    }
    if let lines = configuration["numberOfLines"]?.integerValue { numberOfLines = lines }
  }
}

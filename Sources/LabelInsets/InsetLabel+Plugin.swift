public import TextInputCore

/// The `labelInsets` plugin: a label's content insets as configuration keys.
/// It installs no editor behaviour; `InsetLabel.configure(_:)` reads it.
///
/// ```
/// labelInsets.insets = {4, 8, 4, 8}
/// labelInsets.directionalInsets = {4, 12, 4, 8}
/// labelInsets.verticalAlignment = top
/// labelInsets.numberOfLines = 0
/// ```
extension InsetLabel {
  /// The plugin's id: `labelInsets`.
  public static let pluginID = "labelInsets"

  /// The descriptor: id `labelInsets`, keys `insets`, `directionalInsets`,
  /// `verticalAlignment`, `numberOfLines`.
  public static let descriptor = PluginDescriptor(
    id: pluginID, name: "Label insets", version: SemanticVersion(0, 1, 0),
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
        doc: "The most lines shown; 0 for no limit.",
        rule: ConfigurationKey.nonNegative),
    ])

  /// The plugin (no editor behaviour).
  public static let plugin = Plugin(descriptor)

  /// Applies the `labelInsets` configuration: `directionalInsets` when it is
  /// not zero, else `insets`; `verticalAlignment`; `numberOfLines`. Keys not
  /// set keep their current value; nothing is applied when one value is refused.
  ///
  /// - Throws: `ConfigurationError` naming the key qualified by `labelInsets`.
  public mutating func configure(_ configuration: PluginConfiguration) throws(ConfigurationError) {
    try Self.descriptor.check(configuration)
    let directional = try configuration.value(
      "directionalInsets", \.directionalInsetsValue, expected: .directionalInsets)
    let fixed = try configuration.value("insets", \.insetsValue, expected: .insets)
    let vertical = try configuration.value(
      "verticalAlignment", { $0.stringValue.flatMap(VerticalAlignment.init(rawValue:)) },
      expected: .enumeration(VerticalAlignment.allCases.map(\.rawValue)))
    let lines = try configuration.value("numberOfLines", \.integerValue, expected: .integer)
    if let directional, directional != .zero {
      insets = .directional(directional)
    } else if let fixed {
      insets = .fixed(fixed)
    }
    if let vertical { verticalAlignment = vertical }
    if let lines { numberOfLines = lines }
  }
}

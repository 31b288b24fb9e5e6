/// One key of a plugin's configuration schema: its name, type, default and a
/// line of documentation.
///
/// A configuration file writes it qualified by the plugin's id
/// (`placeholder.color = #8E8E93` for key `color` of plugin `placeholder`).
public struct ConfigurationKey: Hashable, Sendable {
  /// The key within its plugin (`color`); ASCII letters, digits, `-`, `_`.
  public var name: String
  /// The values it takes.
  public var type: ConfigurationType
  /// The value used when a configuration does not set it; of `type`.
  public var defaultValue: ConfigurationValue
  /// One line saying what it does, with its unit (points, UTF-16 code units).
  public var doc: String

  /// Creates a schema entry. The registry rejects a default not of `type`.
  public init(
    _ name: String, _ type: ConfigurationType, default defaultValue: ConfigurationValue,
    doc: String
  ) {
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.doc = doc
  }
}

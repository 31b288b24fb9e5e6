// TextInputBase: the vocabulary every module of the package shares, on
// Foundation alone (no ICU), so that a module measuring no text can depend on
// it without the measuring layer.
//
// Folders by concern:
// - Geometry/: insets (`EdgeInsets.inset(_:)` is the one rect inset), colours,
//   layout direction and text alignment, `ViewGeometry`.
// - Ranges/: the one clamp of an `NSRange` to a text, and the package's one
//   binary search (`partitioningIndex(where:)`).
// - Registry/: `PluginDescriptor`, `Plugin`, `PluginRegistry`, `SemanticVersion`.
// - Configuration/: `ConfigurationValue` (Interface Builder-style text values),
//   `ConfigurationType`, `ConfigurationKey`, `Configuration` and its file format,
//   `ConfigurationError` (the one error of a bad configuration value),
//   `CodePointNotation` (the one `U+XXXX` formatter and parser).

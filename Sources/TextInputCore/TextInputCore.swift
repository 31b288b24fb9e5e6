// TextInputCore: the plugin registry, configuration, the editor and its behaviour chain.
//
// Folders by concern:
// - Registry/: `PluginDescriptor`, `Plugin`, `PluginRegistry`, `SemanticVersion`.
// - Configuration/: `ConfigurationValue` (Interface Builder-style text values),
//   `ConfigurationType`, `ConfigurationKey`, `Configuration` and its file format.
// - Geometry/: insets, directional insets, colours, alignment, layout direction,
//   `ViewGeometry`.
// - Editor/: `Editor` (state and commands), `EditorState`, undo, grapheme index,
//   text annotations.
// - Behaviours/: `EditorBehaviour`, `TextEdit`, `EditorEvent`, `Presentation`.

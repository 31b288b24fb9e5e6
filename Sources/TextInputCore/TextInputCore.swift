// TextInputCore: the editor and its behaviour chain. It re-exports
// TextInputBase (registry, configuration, geometry) and TextLayout.
//
// Folders by concern:
// - Editor/: `Editor` (state and commands), `EditorState`, undo, grapheme index,
//   text annotations, the `editor` plugin, and the editor's text laid out in its
//   text container (`Editor.layout()`).
// - Behaviours/: `EditorBehaviour`, `TextEdit`, `EditorEvent`, `Presentation`.
@_exported public import TextInputBase
@_exported public import TextLayout

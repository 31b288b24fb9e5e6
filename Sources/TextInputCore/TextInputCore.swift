// TextInputCore: the editor and its behaviour chain. It re-exports
// TextInputBase (registry, configuration, geometry) and TextLayout.
//
// Folders by concern:
// - Editor/: `Editor` (state and commands), `EditorState`, undo, grapheme index,
//   the `editor` plugin, and the editor's one layout of its displayed text
//   (`EditorState.layout`, kept up to date edit by edit: Editor+Layout.swift).
// - Behaviours/: `EditorBehaviour`, `TextEdit`, `EditorEvent`, `Presentation`.
@_exported public import TextInputBase
@_exported public import TextLayout

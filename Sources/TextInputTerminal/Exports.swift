// Users of TextInputTerminal get the editor, layout and metrics types with it.
@_exported public import TextInputCore
@_exported public import TextLayout
@_exported public import TextMetrics

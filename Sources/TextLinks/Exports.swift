// Users of TextLinks get the layout, fonts and editor types with it.
@_exported public import TextInputCore
@_exported public import TextLayout

// Users of LabelInsets get the layout, fonts and insets types with it.
@_exported public import TextInputCore
@_exported public import TextLayout

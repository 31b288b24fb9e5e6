// Users of TextPlaceholder get the editor, geometry, layout and font types with
// it, so the product works alone (as LabelInsets does).
@_exported public import TextInputCore
@_exported public import TextLayout

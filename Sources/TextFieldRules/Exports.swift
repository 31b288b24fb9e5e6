// Users of TextFieldRules get the editor its rules are behaviours of, with the
// layout types a renderer reads, so the product works alone (as
// TextPlaceholder does).
@_exported public import TextInputCore
@_exported public import TextLayout

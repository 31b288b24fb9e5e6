// TextInputKit: the umbrella. It re-exports every module of the package and
// offers the standard plugin registry; it adds no API of its own beyond that.
@_exported public import HitAreas
@_exported public import LabelInsets
@_exported public import RightAlignedSpaces
@_exported public import TextFieldRules
@_exported public import TextInputCore
@_exported public import TextInputTerminal
@_exported public import TextLayout
@_exported public import TextLinks
@_exported public import TextMetrics
@_exported public import TextPlaceholder

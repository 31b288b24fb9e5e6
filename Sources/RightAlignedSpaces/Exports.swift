// Users of RightAlignedSpaces get the editor it is a behaviour of with it, so
// the product works alone (as LabelInsets and TextPlaceholder do).
@_exported public import TextInputCore

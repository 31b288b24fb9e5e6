// Users of TextMetrics get the shared vocabulary (direction, alignment, ranges,
// geometry) with it.
@_exported public import TextInputBase

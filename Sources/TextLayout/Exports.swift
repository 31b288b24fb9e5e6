// Users of TextLayout get the fonts and bidi types of TextMetrics with it.
@_exported public import TextMetrics

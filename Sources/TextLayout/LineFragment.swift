public import Foundation
public import TextMetrics

/// One laid-out line. Offsets are **UTF-16 code units**; geometry is in
/// **points**, origin top-left, y down.
public struct LineFragment: Hashable, Sendable {
  /// The text of the line: its clusters, trailing spaces and the hard break
  /// that ends it, if any. A truncated last line's range runs to the end of the
  /// text (see `truncation` for what it shows).
  public var range: NSRange
  /// The line's box: the container's width (or, unbounded, the widest line
  /// plus padding) by the line's height.
  public var rect: CGRect
  /// Where the line's visible clusters are, after alignment (trailing spaces
  /// excluded; a justified line spans the whole line width).
  public var usedRect: CGRect
  /// The y of the baseline, in points.
  public var baseline: CGFloat
  /// The advance of the visible clusters, in points (trailing spaces and the
  /// hard break excluded).
  public var usedWidth: CGFloat
  /// The direction of the paragraph the line belongs to.
  public var direction: LayoutDirection
  /// Whether this is the last line of its paragraph.
  public var endsParagraph: Bool
  /// What a truncated line shows, or nil when it is not truncated.
  public var truncation: Truncation?

  /// Creates a line fragment.
  public init(
    range: NSRange, rect: CGRect, usedRect: CGRect, baseline: CGFloat, usedWidth: CGFloat,
    direction: LayoutDirection, endsParagraph: Bool, truncation: Truncation? = nil
  ) {
    self.range = range
    self.rect = rect
    self.usedRect = usedRect
    self.baseline = baseline
    self.usedWidth = usedWidth
    self.direction = direction
    self.endsParagraph = endsParagraph
    self.truncation = truncation
  }
}

/// What a truncated line shows: the text of `head`, then "…", then the text of
/// `tail` (UTF-16 code units; either may be empty).
public struct Truncation: Hashable, Sendable {
  /// The shown text before the ellipsis.
  public var head: NSRange
  /// The shown text after the ellipsis.
  public var tail: NSRange
  /// The ellipsis drawn between them.
  public static let ellipsis = "\u{2026}"

  /// Creates a truncation.
  public init(head: NSRange, tail: NSRange) {
    self.head = head
    self.tail = tail
  }
}

/// A visual run placed in a line: the run (its logical range and direction)
/// and its box.
public struct PlacedRun: Hashable, Sendable {
  /// The run: its logical range, in UTF-16 code units of the text, and whether
  /// it shows right to left.
  public var run: VisualRun
  /// Its box in the text's coordinates, in points.
  public var rect: CGRect

  /// Creates a placed run.
  public init(_ run: VisualRun, rect: CGRect) {
    self.run = run
    self.rect = rect
  }

  /// The run's logical range, in UTF-16 code units of the text.
  public var range: NSRange { run.range }
  /// Whether the run shows right to left.
  public var isRightToLeft: Bool { run.isRightToLeft }
}

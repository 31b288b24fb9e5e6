public import Foundation
public import TextMetrics

/// What happens to a line too long for its container, as `NSLineBreakMode`.
public enum LineBreakMode: String, Hashable, Sendable, CaseIterable {
  /// Wrap at UAX #14 line-break opportunities; a word wider than the container
  /// breaks between grapheme clusters.
  case wordWrap
  /// Wrap between any two grapheme clusters.
  case characterWrap
  /// No wrapping: one line per paragraph, cut at the container's edge.
  case clip
  /// Wrap as `wordWrap`; when the maximum number of lines cuts the text, the
  /// last line shows "…" and the end of its paragraph.
  case truncateHead
  /// Wrap as `wordWrap`; when the maximum number of lines cuts the text, the
  /// last line shows its start, "…" and its paragraph's end.
  case truncateMiddle
  /// Wrap as `wordWrap`; when the maximum number of lines cuts the text, the
  /// last line ends with "…".
  case truncateTail

  /// Whether the mode truncates (head, middle or tail).
  public var truncates: Bool {
    self == .truncateHead || self == .truncateMiddle || self == .truncateTail
  }
}

/// The area text is laid out in, as `NSTextContainer`. Lengths in **points**.
///
/// Bad values are clamped when a layout reads them, never trapped on: a NaN or
/// negative `width` is 0, `+infinity` is unbounded; a NaN, infinite or negative
/// `lineFragmentPadding` is 0; a negative `maximumNumberOfLines` is 0 (unlimited).
public struct TextContainer: Hashable, Sendable {
  /// The container's width in points; `.infinity` for no limit.
  public var width: CGFloat
  /// The most lines shown; 0 for no limit.
  public var maximumNumberOfLines: Int
  /// Empty space at both ends of every line, in points (as
  /// `NSTextContainer.lineFragmentPadding`).
  public var lineFragmentPadding: CGFloat

  /// Creates a container.
  public init(
    width: CGFloat = .infinity, maximumNumberOfLines: Int = 0, lineFragmentPadding: CGFloat = 0
  ) {
    self.width = width
    self.maximumNumberOfLines = maximumNumberOfLines
    self.lineFragmentPadding = lineFragmentPadding
  }

  /// No width limit, no line limit, no padding.
  public static let unbounded = TextContainer()

  /// `width` after the clamp: NaN and negative values are 0; `+infinity` stays.
  public var clampedWidth: CGFloat {
    width.isNaN || width < 0 ? 0 : width
  }

  /// `lineFragmentPadding` after the clamp: NaN, infinite or negative values are 0.
  public var clampedPadding: CGFloat {
    lineFragmentPadding.isFinite && lineFragmentPadding > 0 ? lineFragmentPadding : 0
  }

  /// `maximumNumberOfLines` after the clamp: negative values are 0 (unlimited).
  public var clampedMaximumNumberOfLines: Int { max(maximumNumberOfLines, 0) }

  /// The width lines wrap at, in points: `clampedWidth` less twice the padding
  /// (never negative; `.infinity` when unbounded).
  public var lineWidth: CGFloat {
    let width = clampedWidth
    guard width.isFinite else { return .infinity }
    return max(width - 2 * clampedPadding, 0)
  }
}

/// A font over a range of the text, for attributed text.
public struct FontRun: Sendable {
  /// The range in UTF-16 code units.
  public var range: NSRange
  /// The font of the grapheme clusters that start in `range`.
  public var font: any FontMetrics

  /// Creates a font run.
  public init(range: NSRange, font: any FontMetrics) {
    self.range = range
    self.font = font
  }
}

/// How text is set: its font (and runs of other fonts), alignment, paragraph
/// direction and line break mode.
public struct LayoutStyle: Sendable {
  /// The font of every grapheme cluster not in a `fontRuns` range.
  public var font: any FontMetrics
  /// Other fonts over ranges (UTF-16 code units). A cluster takes the font of
  /// the first run whose range contains its first code unit.
  public var fontRuns: [FontRun]
  /// How lines align.
  public var alignment: TextAlignment
  /// The direction of each paragraph (bidi rules P2–P3 for `.firstStrong`).
  public var direction: Bidi.BaseDirection
  /// What happens to lines too long for the container.
  public var lineBreakMode: LineBreakMode

  /// Creates a style.
  public init(
    font: any FontMetrics = CellFont.terminal, fontRuns: [FontRun] = [],
    alignment: TextAlignment = .natural, direction: Bidi.BaseDirection = .natural,
    lineBreakMode: LineBreakMode = .wordWrap
  ) {
    self.font = font
    self.fontRuns = fontRuns
    self.alignment = alignment
    self.direction = direction
    self.lineBreakMode = lineBreakMode
  }
}

extension LayoutStyle {
  /// The style of a view's text, as UIKit's text views and labels set it:
  /// `alignment` with `natural` resolved against the view's `layoutDirection`
  /// (so `natural` is the view's leading edge), and each paragraph's bidi base
  /// direction taken from its first strong character, falling back to the
  /// view's direction. `Editor.layout()`, `InsetLabel` and the placeholder all
  /// lay their text out with it, so they agree on `natural`.
  public init(
    font: any FontMetrics, fontRuns: [FontRun] = [], alignment: TextAlignment,
    layoutDirection: LayoutDirection, lineBreakMode: LineBreakMode = .wordWrap
  ) {
    self.init(
      font: font, fontRuns: fontRuns, alignment: alignment.resolved(for: layoutDirection),
      direction: .firstStrong(fallback: layoutDirection), lineBreakMode: lineBreakMode)
  }
}

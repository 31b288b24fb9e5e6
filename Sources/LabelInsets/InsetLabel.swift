public import Foundation
public import TextInputCore
public import TextLayout
public import TextMetrics

/// Where a label's text sits vertically in its drawing rect.
public enum VerticalAlignment: String, Hashable, Sendable, CaseIterable {
  /// At the top.
  case top
  /// Centred, as `UILabel` draws.
  case center
  /// At the bottom.
  case bottom
}

/// A label's content insets: fixed left/right, or leading/trailing that
/// follow the layout direction.
public enum LabelContentInsets: Hashable, Sendable {
  /// `{top, left, bottom, right}`, in points.
  case fixed(EdgeInsets)
  /// `{top, leading, bottom, trailing}`, in points, resolved by the label's
  /// layout direction.
  case directional(DirectionalEdgeInsets)

  /// No insets.
  public static let zero = LabelContentInsets.fixed(.zero)

  /// The left/right insets in `direction`, with NaN and infinite values as 0.
  public func resolved(for direction: LayoutDirection) -> EdgeInsets {
    switch self {
    case .fixed(let insets): return insets.sanitized
    case .directional(let insets): return insets.resolved(for: direction).sanitized
    }
  }
}

/// A label with content insets: the logic of a `UILabel` subclass that insets
/// its text by overriding `textRect(forBounds:limitedToNumberOfLines:)` and
/// `drawText(in:)`, with its caveat fixed: the fitting size, intrinsic size and
/// bounding rect all include the insets.
///
/// Geometry is in **points** (origin top-left, y down); text offsets are
/// **UTF-16 code units**.
///
/// ```swift
/// var label = InsetLabel(text: "Hello, world")
/// label.insets = .fixed(EdgeInsets(top: 2, left: 4, bottom: 2, right: 4))
/// label.intrinsicContentSize                       // (20.0, 5.0)
/// label.bounds = CGRect(x: 0, y: 0, width: 30, height: 9)
/// label.textRect(forBounds: label.bounds, limitedToNumberOfLines: 1)
/// // {{0, 0}, {20, 5}}: the text's rect grown back by the insets
/// label.drawingRect                                // {{4, 2}, {22, 5}}
/// ```
///
/// Bad values are clamped, never trapped on: NaN or infinite insets are 0; a
/// NaN, infinite or negative bounds size is 0; a negative `numberOfLines` is 0
/// (unlimited); a NaN, infinite or negative `preferredMaxLayoutWidth` is 0.
/// Insets larger than the bounds give an empty drawing rect whose origin is
/// kept inside the bounds.
public struct InsetLabel: Sendable {
  /// The text.
  public var text: String
  /// The font (see `FontMetrics`); the cell font by default.
  public var font: any FontMetrics
  /// Other fonts over ranges of the text (UTF-16 code units).
  public var fontRuns: [FontRun]
  /// The label's bounds, in points.
  public var bounds: CGRect
  /// The content insets, in points.
  public var insets: LabelContentInsets
  /// The direction of the user interface: resolves directional insets and
  /// `natural` alignment, and is the direction of paragraphs without a strong
  /// character.
  public var layoutDirection: LayoutDirection
  /// The most lines shown; 0 for no limit (as `UILabel`, 1 by default).
  public var numberOfLines: Int
  /// How lines align.
  public var alignment: TextAlignment
  /// Where the text sits vertically in the drawing rect.
  public var verticalAlignment: VerticalAlignment
  /// What happens to text that does not fit.
  public var lineBreakMode: LineBreakMode
  /// The width `intrinsicContentSize` wraps multi-line text at, in points
  /// (0: no limit), as `UILabel.preferredMaxLayoutWidth`.
  public var preferredMaxLayoutWidth: CGFloat

  /// Creates a label.
  public init(
    text: String = "", font: any FontMetrics = CellFont.terminal, fontRuns: [FontRun] = [],
    bounds: CGRect = .zero, insets: LabelContentInsets = .zero,
    layoutDirection: LayoutDirection = .leftToRight, numberOfLines: Int = 1,
    alignment: TextAlignment = .natural, verticalAlignment: VerticalAlignment = .center,
    lineBreakMode: LineBreakMode = .truncateTail, preferredMaxLayoutWidth: CGFloat = 0
  ) {
    self.text = text
    self.font = font
    self.fontRuns = fontRuns
    self.bounds = bounds
    self.insets = insets
    self.layoutDirection = layoutDirection
    self.numberOfLines = numberOfLines
    self.alignment = alignment
    self.verticalAlignment = verticalAlignment
    self.lineBreakMode = lineBreakMode
    self.preferredMaxLayoutWidth = preferredMaxLayoutWidth
  }

  /// The insets in points for the layout direction (NaN and infinite values 0).
  public var resolvedInsets: EdgeInsets { insets.resolved(for: layoutDirection) }

  /// The style the text is laid out with.
  public var style: LayoutStyle {
    LayoutStyle(
      font: font, fontRuns: fontRuns, alignment: alignment, layoutDirection: layoutDirection,
      lineBreakMode: lineBreakMode)
  }

  // MARK: The UILabel subclass's overrides

  /// The rect the text needs in `bounds`, grown by the insets, as the UILabel
  /// subclass's override of `textRectForBounds:limitedToNumberOfLines:`
  /// (`insetRect = UIEdgeInsetsInsetRect(bounds, insets)`, the super rect for
  /// it, then grown by the inverted insets): the text is laid
  /// out in `bounds` less the insets (at most `numberOfLines` lines, 0 for no
  /// limit, and only the lines that fit the inset height), and the result is
  /// grown back by the insets. Its origin is the inset origin less the insets.
  ///
  /// - Complexity: O(n) in the length of the text (less with a line limit).
  public func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int)
    -> CGRect
  {
    let insets = resolvedInsets
    let inner = insets.inset(Self.sanitize(bounds))
    let text = unpaddedTextRect(forBounds: inner, limitedToNumberOfLines: numberOfLines)
    return CGRect(
      x: text.minX - insets.left, y: text.minY - insets.top,
      width: max(text.width + insets.left + insets.right, 0),
      height: max(text.height + insets.top + insets.bottom, 0))
  }

  /// What `UILabel`'s own `textRect(forBounds:limitedToNumberOfLines:)` gives
  /// for `bounds` (no insets): the text's size at the bounds' origin.
  ///
  /// - Complexity: O(n) in the length of the text.
  public func unpaddedTextRect(forBounds bounds: CGRect, limitedToNumberOfLines lines: Int)
    -> CGRect
  {
    let bounds = Self.sanitize(bounds)
    let frame = layout(width: bounds.width, height: bounds.height, lines: lines)
    return CGRect(origin: bounds.origin, size: frame.usedSize)
  }

  /// The rect the text is drawn in: `bounds` less the insets (the subclass's
  /// `drawTextInRect:` override, `super.drawText(in: rect.inset(by: insets))`),
  /// through `EdgeInsets.inset(_:)`: insets larger than the bounds give an
  /// empty rect inside them.
  public var drawingRect: CGRect { resolvedInsets.inset(Self.sanitize(bounds)) }

  /// The text laid out for drawing: in `drawingRect`'s width, limited to
  /// `numberOfLines` and to the lines that fit its height.
  ///
  /// - Complexity: O(n) in the length of the text.
  public func textLayout() -> TextFrame {
    let rect = drawingRect
    return layout(width: rect.width, height: rect.height, lines: numberOfLines)
  }

  /// Where the laid-out text's top-left corner is drawn: in `drawingRect`,
  /// placed by `verticalAlignment`.
  ///
  /// - Complexity: O(n) in the length of the text.
  public func textOrigin(of frame: TextFrame) -> CGPoint {
    let rect = drawingRect
    let height = frame.usedSize.height
    let y: CGFloat
    switch verticalAlignment {
    case .top: y = rect.minY
    case .center: y = rect.minY + max(rect.height - height, 0) / 2
    case .bottom: y = rect.minY + max(rect.height - height, 0)
    }
    return CGPoint(x: rect.minX, y: y)
  }

  // MARK: Sizes (insets included, which the subclass leaves to the caller)

  /// The size that fits `size`, insets included, as `sizeThatFits(_:)`: the
  /// text wrapped at `size.width` less the horizontal insets (a width that is
  /// 0, NaN, infinite or negative means no limit; insets wider than the width
  /// leave 0 points, one cluster a line), then grown by the insets and rounded
  /// up to whole points. The height is not limited.
  ///
  /// - Complexity: O(n) in the length of the text.
  public func sizeThatFits(_ size: CGSize) -> CGSize {
    let insets = resolvedInsets
    var width = size.width
    if !(width.isFinite && width > 0) {
      width = .infinity
    } else {
      width = max(width - insets.left - insets.right, 0)
    }
    let used = layout(width: width, height: .infinity, lines: numberOfLines).usedSize
    return CGSize(
      width: max((used.width + insets.left + insets.right).rounded(.up), 0),
      height: max((used.height + insets.top + insets.bottom).rounded(.up), 0))
  }

  /// The natural size, insets included, as `intrinsicContentSize`: wrapped at
  /// `preferredMaxLayoutWidth` when it is positive and `numberOfLines` is not
  /// 1, unbounded otherwise.
  ///
  /// - Complexity: O(n) in the length of the text.
  public var intrinsicContentSize: CGSize {
    let preferred = preferredMaxLayoutWidth
    let wraps = preferred.isFinite && preferred > 0 && numberOfLines != 1
    return sizeThatFits(CGSize(width: wraps ? preferred : 0, height: 0))
  }

  /// The bounding rect of the text laid out `width` points wide, insets
  /// included (what `boundingRect(with:options:context:)` gives for the text,
  /// corrected by the insets), at the origin, not rounded.
  ///
  /// - Complexity: O(n) in the length of the text.
  public func boundingRect(fittingWidth width: CGFloat) -> CGRect {
    let insets = resolvedInsets
    let inner = width.isFinite && width > 0 ? max(width - insets.left - insets.right, 0) : .infinity
    let used = layout(width: inner, height: .infinity, lines: numberOfLines).usedSize
    return CGRect(
      x: 0, y: 0, width: max(used.width + insets.left + insets.right, 0),
      height: max(used.height + insets.top + insets.bottom, 0))
  }

  // MARK: Helpers

  /// Lays out the text `width` wide, at most `lines` lines (0: no limit) and
  /// only as many as fit `height`.
  func layout(width: CGFloat, height: CGFloat, lines: Int) -> TextFrame {
    let maximum = max(lines, 0)
    let style = self.style
    let frame = TextFrame(
      text, container: TextContainer(width: width, maximumNumberOfLines: maximum), style: style)
    guard height.isFinite, let last = frame.lineFragments.last, last.rect.maxY > height else {
      return frame
    }
    let fitting = frame.lineFragments.prefix { $0.rect.maxY <= height }.count
    guard fitting > 0 else { return TextFrame("", style: style) }
    return TextFrame(
      text, container: TextContainer(width: width, maximumNumberOfLines: fitting), style: style)
  }

  /// A rect with NaN, infinite or negative sizes as 0 and NaN or infinite
  /// origins as 0.
  static func sanitize(_ rect: CGRect) -> CGRect {
    func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
    return CGRect(
      x: finite(rect.origin.x), y: finite(rect.origin.y),
      width: max(finite(rect.size.width), 0), height: max(finite(rect.size.height), 0))
  }
}

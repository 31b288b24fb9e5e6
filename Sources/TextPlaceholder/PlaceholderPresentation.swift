public import Foundation
public import TextInputCore
public import TextLayout
public import TextMetrics

/// Where one label is drawn at one moment. Geometry is in **points**, in the
/// text view's coordinates (origin top-left, y down).
public struct PlaceholderLayer: Hashable, Sendable {
  /// The label's frame: clip the label's drawing to it. It always lies inside
  /// the view's bounds less its (non-negative) insets.
  public var frame: CGRect
  /// Where the top-left corner of the label's `TextFrame` (its layout) is
  /// drawn; its line fragments are placed relative to this point, scaled by
  /// `scale`.
  public var layoutOrigin: CGPoint
  /// The opacity, 0 (invisible) … 1 (opaque). Multiply the colour's alpha by it.
  public var alpha: CGFloat
  /// The size relative to the placeholder at rest: 1, or less while a
  /// floating title shrinks. Scale the layout (and the font) by it about
  /// `layoutOrigin`.
  public var scale: CGFloat

  /// Creates a layer.
  public init(frame: CGRect, layoutOrigin: CGPoint, alpha: CGFloat, scale: CGFloat = 1) {
    self.frame = frame
    self.layoutOrigin = layoutOrigin
    self.alpha = alpha
    self.scale = scale
  }
}

/// The bouncy mode's short placeholder, shown at the trailing edge once text
/// is typed.
public struct PlaceholderAbbreviation: Sendable {
  /// Its text (`PlaceholderStyle.abbreviated`).
  public var text: String
  /// Its text laid out on one line (truncated at the tail when it does not
  /// fit the line), relative to `layer.layoutOrigin`.
  public var layout: TextFrame
  /// Where it is drawn and how opaque it is. Its alpha is 0 while the text
  /// is empty, and fades to 0 while the typed text would overlap it.
  public var layer: PlaceholderLayer
  /// Whether the typed text, laid out in the text view, overlaps the
  /// abbreviation's frame (it then fades out).
  public var isOverlapped: Bool
}

/// What a `TextPlaceholder` publishes for a renderer, at one moment: read it
/// with `editor.presentation[PlaceholderPresentation.self]` (now) or
/// `TextPlaceholder.placeholder(in:at:)` (any time).
///
/// To draw it: for each line fragment of `layout`, draw its text at
/// `placeholder.layoutOrigin` + the fragment's rect origin × `placeholder.scale`,
/// in `font` scaled by `placeholder.scale` (runs in their own font and
/// colour), in `color` with `placeholder.alpha`, clipped to
/// `placeholder.frame`; then the same for `abbreviation`, if any.
public struct PlaceholderPresentation: PresentationValue {
  /// The time the values are for, in seconds on the placeholder's clock.
  public var time: TimeInterval
  /// The placeholder's mode.
  public var mode: PlaceholderMode
  /// Whether the placeholder is showing as a placeholder: exactly when the
  /// text is empty and no marked (IME) text is composing. While animating, the
  /// layer is on its way to this state; a floating title stays visible (as a
  /// title) when this is false.
  public var isVisible: Bool
  /// The placeholder's text (plain, or the attributed text's).
  public var text: String
  /// The attributed runs (UTF-16 code units of `text`); empty for plain text.
  public var runs: [PlaceholderRun]
  /// The font: the style's, or the text view's when the style has none.
  public var font: any FontMetrics
  /// The colour of text outside runs with their own colour.
  public var color: Color
  /// The placeholder laid out in its rest frame's width (at most
  /// `numberOfLines` lines), with the text view's alignment and direction.
  public var layout: TextFrame
  /// The placeholder's frame at rest, from the frame formula (see
  /// `TextPlaceholder`).
  public var restFrame: CGRect
  /// The floating title's frame (floating mode), else nil: the rest frame
  /// scaled by the title scale, anchored as the text aligns (left, centre or
  /// right), just above the text container and inside the bounds less the
  /// content inset (it overlaps the first line when the top text container
  /// inset is smaller than its height).
  public var titleFrame: CGRect?
  /// Where the placeholder is drawn now.
  public var placeholder: PlaceholderLayer
  /// The abbreviated placeholder (bouncy mode with an abbreviation), else nil.
  public var abbreviation: PlaceholderAbbreviation?
  /// The text view's text (UTF-16 code units), for `accessibilityValue`.
  var typedText: UTF16Buffer
  /// What the text view should expose as its accessibility value: the
  /// placeholder's text while it shows as a placeholder, the text otherwise.
  ///
  /// - Complexity: O(n) in the length of the text while it is not showing.
  public var accessibilityValue: String {
    isVisible ? text : String(decoding: typedText, as: UTF16.self)
  }
  /// Whether any value is still moving at `time`; a renderer redraws until
  /// this is false.
  public var isAnimating: Bool

  /// The placeholder's frame now (`placeholder.frame`).
  public var frame: CGRect { placeholder.frame }
  /// The placeholder's opacity now (`placeholder.alpha`).
  public var alpha: CGFloat { placeholder.alpha }
}

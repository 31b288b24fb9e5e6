public import Foundation
public import TextInputCore
public import TextMetrics

/// How a placeholder behaves once text is typed.
public enum PlaceholderMode: String, Hashable, Sendable, CaseIterable {
  /// Shown while the text is empty, hidden at once otherwise (UIKit's
  /// placeholder label).
  case `static`
  /// LTBouncyPlaceholder: once text is typed the placeholder slides to the
  /// trailing edge with a damped bounce and fades out, while the abbreviated
  /// placeholder fades in there; reversed when the text is emptied.
  case bouncy
  /// A floating label: once text is typed the placeholder shrinks into a
  /// title above the text; it returns when the text is emptied.
  case floating
}

/// The timings and shapes of the bouncy and floating animations. Durations
/// are in **seconds**.
///
/// Bad values are clamped when read, never trapped on: a NaN, infinite or
/// negative duration is the standard one; a duration of 0 makes the change
/// immediate; damping ratios are clamped to 0.05…1 (NaN: the standard one);
/// a title scale is clamped to 0.1…1 (NaN: 0.75).
public struct PlaceholderAnimation: Hashable, Sendable {
  /// How long a move takes, in seconds: the spring is stopped at its rest
  /// value after this long (by then it is within 0.1 % of its travel). 0.6.
  public var springDuration: Double
  /// The damping ratio of the bouncy slide: below 1 it overshoots and bounces
  /// back off the trailing edge. 0.5.
  public var bounceDampingRatio: Double
  /// The damping ratio of the floating title's move: 1 is critically damped,
  /// no overshoot. 1.
  public var floatDampingRatio: Double
  /// How long a fade takes, in seconds (linear in alpha). 0.2.
  public var fadeDuration: Double
  /// The floating title's size relative to the placeholder. 0.75.
  public var titleScale: Double

  /// Creates an animation; see the type's clamps.
  public init(
    springDuration: Double = 0.6, bounceDampingRatio: Double = 0.5,
    floatDampingRatio: Double = 1, fadeDuration: Double = 0.2, titleScale: Double = 0.75
  ) {
    self.springDuration = springDuration
    self.bounceDampingRatio = bounceDampingRatio
    self.floatDampingRatio = floatDampingRatio
    self.fadeDuration = fadeDuration
    self.titleScale = titleScale
  }

  /// 0.6 s damped spring (ratio 0.5 bouncy, 1 floating), 0.2 s fades, 0.75 title.
  public static let standard = PlaceholderAnimation()

  /// No animation: every change takes effect at once.
  public static let immediate = PlaceholderAnimation(springDuration: 0, fadeDuration: 0)

  var clampedSpringDuration: Double { Self.duration(springDuration, standard: 0.6) }
  var clampedFadeDuration: Double { Self.duration(fadeDuration, standard: 0.2) }
  var clampedBounceDamping: Double { Self.damping(bounceDampingRatio, standard: 0.5) }
  var clampedFloatDamping: Double { Self.damping(floatDampingRatio, standard: 1) }
  var clampedTitleScale: CGFloat {
    titleScale.isNaN ? 0.75 : CGFloat(min(max(titleScale, 0.1), 1))
  }

  private static func duration(_ value: Double, standard: Double) -> Double {
    value.isFinite && value >= 0 ? value : standard
  }

  private static func damping(_ value: Double, standard: Double) -> Double {
    value.isNaN ? standard : min(max(value, 0.05), 1)
  }
}

/// A run of attributed placeholder text: a range with its traits, colour and
/// font.
public struct PlaceholderRun: Sendable {
  /// The range, in UTF-16 code units of the placeholder's text.
  public var range: NSRange
  /// Bold text (a renderer picks the bold face; a `CellFont` measures it the same).
  public var isBold: Bool
  /// Italic text.
  public var isItalic: Bool
  /// The run's colour, or nil for the placeholder's colour.
  public var color: Color?
  /// The run's own font, or nil for the placeholder's font. A run's font is
  /// kept when the text view's font changes.
  public var font: (any FontMetrics)?

  /// Creates a run.
  public init(
    range: NSRange, isBold: Bool = false, isItalic: Bool = false, color: Color? = nil,
    font: (any FontMetrics)? = nil
  ) {
    self.range = range
    self.isBold = isBold
    self.isItalic = isItalic
    self.color = color
    self.font = font
  }
}

/// Placeholder text with runs of bold, italic, colour or their own font, as
/// `attributedPlaceholder`. Make one in code or from the markup that
/// configuration uses (see `init(markup:)`).
public struct AttributedPlaceholder: Sendable {
  /// The text shown.
  public var text: String
  /// The runs, in UTF-16 code units of `text`; text outside every run is
  /// plain. Runs may overlap: a cluster takes the font of the first run that
  /// contains its first code unit (as `LayoutStyle.fontRuns`).
  public var runs: [PlaceholderRun]

  /// Creates attributed text.
  public init(_ text: String, runs: [PlaceholderRun] = []) {
    self.text = text
    self.runs = runs
  }
}

/// Everything a placeholder is configured with: the inspectable properties of
/// the UITextView placeholder category, and the modes. Lengths are in **points**.
public struct PlaceholderStyle: Sendable {
  /// The placeholder text (used when `attributed` is nil).
  public var text: String
  /// Attributed placeholder text; when set it is shown instead of `text`.
  public var attributed: AttributedPlaceholder?
  /// The colour, for text outside runs with a colour of their own. Defaults
  /// to `Color.placeholderGrey` (#3C3C4399, iOS's `placeholderText` in light mode).
  public var color: Color
  /// The font; nil (the default) follows the text view's font.
  public var font: (any FontMetrics)?
  /// An offset of the placeholder from where the text starts, in points, x
  /// toward the trailing edge, y down: the category's `location`. Applied only
  /// when both coordinates are finite, `0 ≤ x ≤` the line width and
  /// `0 ≤ y ≤` the text container's height; ignored (treated as zero) otherwise.
  public var location: CGPoint
  /// The most lines the placeholder shows; 0 (the default) for no limit. A
  /// limited placeholder is truncated at its tail with "…". Negative counts
  /// are 0.
  public var numberOfLines: Int
  /// Static, bouncy or floating.
  public var mode: PlaceholderMode
  /// The short placeholder the bouncy mode shows at the trailing edge once
  /// text is typed (empty: none).
  public var abbreviated: String
  /// The animation timings.
  public var animation: PlaceholderAnimation

  /// Creates a style.
  public init(
    text: String = "", attributed: AttributedPlaceholder? = nil,
    color: Color = .placeholderGrey, font: (any FontMetrics)? = nil, location: CGPoint = .zero,
    numberOfLines: Int = 0, mode: PlaceholderMode = .static, abbreviated: String = "",
    animation: PlaceholderAnimation = .standard
  ) {
    self.text = text
    self.attributed = attributed
    self.color = color
    self.font = font
    self.location = location
    self.numberOfLines = numberOfLines
    self.mode = mode
    self.abbreviated = abbreviated
    self.animation = animation
  }

  /// The text shown: the attributed text's, or `text`.
  public var shownText: String { attributed?.text ?? text }
}

/// The direction text runs in a view, as `UIUserInterfaceLayoutDirection`.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
  /// Left to right (English, most scripts).
  case leftToRight
  /// Right to left (Arabic, Hebrew).
  case rightToLeft
}

/// How lines of text are aligned in their container, as `NSTextAlignment`.
///
/// `natural` is flush with the leading edge of the text's direction. In a
/// layout (TextLayout), that is each paragraph's base direction; a view's text
/// laid out by `Editor.layout()` or `InsetLabel` has the view's layout direction
/// as its base direction, so `natural` is `resolved(for:)` the view's direction.
public enum TextAlignment: String, Hashable, Sendable, CaseIterable {
  /// Flush with the left edge.
  case left
  /// Flush with the right edge.
  case right
  /// Centred.
  case center
  /// Spread to both edges at its spaces (U+0020); a paragraph's last line and
  /// a truncated line align as `natural`.
  case justified
  /// Flush with the leading edge: left in LTR, right in RTL.
  case natural

  /// The alignment with `natural` resolved against `direction` (to `left` or `right`).
  public func resolved(for direction: LayoutDirection) -> TextAlignment {
    guard self == .natural else { return self }
    return direction == .leftToRight ? .left : .right
  }

  /// Whether lines end flush with the trailing edge in `direction`, where
  /// trailing spaces collapse out of sight (right alignment in LTR, left in RTL).
  public func isTrailing(in direction: LayoutDirection) -> Bool {
    switch (resolved(for: direction), direction) {
    case (.right, .leftToRight), (.left, .rightToLeft): return true
    default: return false
    }
  }
}

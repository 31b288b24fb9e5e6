import Foundation
import Testing
import TextPlaceholder

// Helpers shared by the placeholder tests. Expected geometry is computed here
// by hand from the formula `TextPlaceholder` documents, never with the
// module's own (internal) code.

/// The rects the documented formula starts from, computed by hand.
struct HandGeometry {
  /// The bounds less the content inset (negative insets as 0).
  var content: CGRect
  /// `content` less the text container inset (negative insets as 0).
  var container: CGRect
  /// The line fragment padding, at most half the container's width.
  var padding: CGFloat
  /// The container's width less the padding on both sides.
  var lineWidth: CGFloat

  init(_ geometry: ViewGeometry) {
    content = Self.inset(geometry.bounds, geometry.contentInset)
    container = Self.inset(content, geometry.textContainerInset)
    padding = min(geometry.lineFragmentPadding, container.width / 2)
    lineWidth = max(container.width - 2 * padding, 0)
  }

  /// `rect` less the non-negative parts of `insets`; a negative size is 0,
  /// and the origin stays inside `rect` (an inset larger than the rect gives
  /// an empty rect at its far edge).
  static func inset(_ rect: CGRect, _ insets: EdgeInsets) -> CGRect {
    let top = max(insets.top, 0)
    let left = max(insets.left, 0)
    let bottom = max(insets.bottom, 0)
    let right = max(insets.right, 0)
    return CGRect(
      x: min(rect.minX + left, rect.maxX), y: min(rect.minY + top, rect.maxY),
      width: max(rect.width - left - right, 0), height: max(rect.height - top - bottom, 0))
  }

  /// Whether the category's `location` applies: finite, not negative, x at most the
  /// line width, y at most the container's height.
  func isValid(_ location: CGPoint) -> Bool {
    location.x.isFinite && location.y.isFinite && location.x >= 0 && location.y >= 0
      && location.x <= lineWidth && location.y <= container.height
  }

  /// The location the formula applies (zero when invalid).
  func applied(_ location: CGPoint) -> CGPoint { isValid(location) ? location : .zero }

  /// The documented rest frame, with `fittingHeight(width)` the height of the
  /// placeholder laid out `width` points wide (the label's fitting height).
  func restFrame(
    location wanted: CGPoint, anchorsRight: Bool, fittingHeight: (CGFloat) -> CGFloat
  ) -> CGRect {
    let location = applied(wanted)
    let width = max(lineWidth - location.x, 0)
    let available = max(container.height - location.y, 0)
    let x = container.minX + padding + (anchorsRight ? 0 : location.x)
    let y = container.minY + location.y
    return CGRect(x: x, y: y, width: width, height: min(fittingHeight(width), available))
  }
}

/// The height of `text` laid out `width` points wide in `font`, at most
/// `lines` lines (0: no limit): what the category asks its label's `sizeThatFits`.
func fittingHeight(
  _ text: String, font: CellFont, width: CGFloat, lines: Int = 0
) -> CGFloat {
  TextFrame.size(
    of: text, style: LayoutStyle(font: font), fittingWidth: width, maximumNumberOfLines: lines
  ).height
}

/// Whether `inner` lies inside `outer` (edges may touch), with a tolerance
/// for rounding; a non-finite or negative size is never inside.
func isInside(_ inner: CGRect, _ outer: CGRect, tolerance: CGFloat = 1e-9) -> Bool {
  let values = [inner.minX, inner.minY, inner.width, inner.height]
  guard values.allSatisfy(\.isFinite), inner.width >= 0, inner.height >= 0 else { return false }
  return inner.minX >= outer.minX - tolerance && inner.minY >= outer.minY - tolerance
    && inner.maxX <= outer.maxX + tolerance && inner.maxY <= outer.maxY + tolerance
}

/// An editor with a placeholder installed.
func placeholderEditor(
  text: String = "",
  style: PlaceholderStyle,
  clock: ManualClock = ManualClock(),
  font: CellFont = CellFont(),
  geometry: ViewGeometry = ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 40, height: 20)),
  alignment: TextAlignment = .natural,
  direction: LayoutDirection = .leftToRight,
  isEditing: Bool = true
) -> Editor {
  Editor(
    text: text, font: font, geometry: geometry, alignment: alignment, layoutDirection: direction,
    isEditing: isEditing, behaviours: [TextPlaceholder(style: style, clock: .manual(clock))])
}

extension Editor {
  /// The installed placeholder behaviour (the test fails without one).
  var placeholderBehaviour: TextPlaceholder {
    get throws { try #require(behaviour(TextPlaceholder.self)) }
  }

  /// The placeholder's presentation now (the test fails without one).
  var shown: PlaceholderPresentation {
    get throws { try #require(placeholder) }
  }

  /// The presentation at `time` on the placeholder's clock.
  func placeholder(at time: TimeInterval) throws -> PlaceholderPresentation {
    try placeholderBehaviour.placeholder(in: state, at: time)
  }
}

extension TextFrame {
  /// The left edge of the leftmost and the right edge of the rightmost line,
  /// relative to the frame's origin; nil without lines.
  var textBlock: (minX: CGFloat, maxX: CGFloat)? {
    guard !lineFragments.isEmpty else { return nil }
    return (
      lineFragments.map(\.usedRect.minX).min() ?? 0, lineFragments.map(\.usedRect.maxX).max() ?? 0
    )
  }
}

/// A short, readable description of a rect for failure messages.
func describe(_ rect: CGRect) -> String {
  "(\(rect.minX), \(rect.minY), \(rect.width), \(rect.height))"
}

import Foundation
import TextInputCore
import TextLayout
import TextMetrics

/// What a font's metrics are, for telling whether cached layouts are stale:
/// its vertical metrics and the advances of a few probe clusters (narrow,
/// wide, emoji), so fonts that differ only in widths differ here too.
struct FontKey: Hashable {
  var type: String
  var pointSize: CGFloat
  var lineHeight: CGFloat
  var ascender: CGFloat
  var descender: CGFloat
  var advances: [CGFloat]

  init(_ font: any FontMetrics) {
    type = String(reflecting: Swift.type(of: font))
    pointSize = font.pointSize
    lineHeight = font.lineHeight
    ascender = font.ascender
    descender = font.descender
    advances = Self.probe.map { font.advance(of: $0, in: Self.probeText) }
  }

  private static let probeText = "Mi 日👍🏽"
  private static let probe = Graphemes.clusters(in: probeText)
}

/// The inputs a placeholder's geometry depends on, besides its style.
struct MetricsKey: Hashable {
  var geometry: ViewGeometry
  var alignment: TextAlignment
  var direction: LayoutDirection
  var font: FontKey

  init(_ state: EditorState) {
    geometry = state.geometry
    alignment = state.alignment
    direction = state.layoutDirection
    font = FontKey(state.font)
  }
}

/// A placeholder's geometry for one state and style: its layout, rest frame,
/// slide distance, title frame and abbreviation. Points, view coordinates.
struct PlaceholderMetrics: Sendable {
  var key: MetricsKey
  /// The bounds less the (non-negative) content inset.
  var content: CGRect
  /// The content rect less the (non-negative) text container inset.
  var container: CGRect
  /// The line fragment padding, at most half the container's width.
  var padding: CGFloat
  /// The location actually applied (zero when the style's is invalid).
  var location: CGPoint
  /// Whether the resolved alignment is right (RTL natural, or right).
  var anchorsRight: Bool
  var font: any FontMetrics
  var style: LayoutStyle
  var layout: TextFrame
  var restFrame: CGRect
  /// How far the bouncy slide moves the placeholder's text: toward the
  /// trailing edge (positive in LTR, negative in RTL), in points.
  var slide: CGFloat
  var titleFrame: CGRect
  var titleScale: CGFloat
  var abbreviationLayout: TextFrame?
  var abbreviationFrame: CGRect

  /// The line width text wraps at in the text view.
  var lineWidth: CGFloat { max(container.width - 2 * padding, 0) }

  init(state: EditorState, style placeholder: PlaceholderStyle) {
    key = MetricsKey(state)
    let geometry = state.geometry
    // Saturated: bounds at the edge of the coordinate space (x + width past
    // `greatestFiniteMagnitude`) would give an infinite width, then infinite
    // or NaN frames.
    content = Self.saturated(Self.nonNegative(geometry.contentInset).inset(geometry.bounds))
    container = Self.nonNegative(geometry.textContainerInset).inset(content)
    padding = min(geometry.lineFragmentPadding, container.width / 2)
    let lineWidth = max(container.width - 2 * padding, 0)

    let wanted = placeholder.location
    let valid =
      wanted.x.isFinite && wanted.y.isFinite && wanted.x >= 0 && wanted.y >= 0
      && wanted.x <= lineWidth && wanted.y <= container.height
    location = valid ? wanted : .zero

    let resolved = state.alignment.resolved(for: state.layoutDirection)
    anchorsRight = resolved == .right
    font = placeholder.font ?? state.font
    let runs = placeholder.attributed?.runs ?? []
    let lines = max(placeholder.numberOfLines, 0)
    style = LayoutStyle(
      font: font,
      fontRuns: runs.compactMap { run in run.font.map { FontRun(range: run.range, font: $0) } },
      alignment: state.alignment, layoutDirection: state.layoutDirection,
      lineBreakMode: lines > 0 ? .truncateTail : .wordWrap)

    let width = max(lineWidth - location.x, 0)
    let available = max(container.height - location.y, 0)
    let shown = Self.lineCap(
      limit: lines, height: available, font: font, hasRuns: runs.contains { $0.font != nil })
    layout = TextFrame(
      placeholder.shownText,
      container: TextContainer(width: width, maximumNumberOfLines: shown),
      style: style)
    let x = container.minX + padding + (anchorsRight ? 0 : location.x)
    let y = container.minY + location.y
    restFrame = Self.saturated(
      CGRect(x: x, y: y, width: width, height: min(layout.usedSize.height, available)))

    // The bouncy slide: the text block moves to the trailing edge.
    let block = layout.lineFragments.reduce(into: (min: CGFloat.infinity, max: -CGFloat.infinity)) {
      $0.min = min($0.min, $1.usedRect.minX)
      $0.max = max($0.max, $1.usedRect.maxX)
    }
    if layout.lineFragments.isEmpty {
      slide = 0
    } else if state.layoutDirection == .leftToRight {
      slide = max(width - block.max, 0)
    } else {
      slide = -max(block.min, 0)
    }

    // The floating title: scaled, just above the text, inside the content rect.
    titleScale = placeholder.animation.clampedTitleScale
    let titleHeight = layout.usedSize.height * titleScale
    let titleY = max(content.minY, container.minY - titleHeight)
    let titleWidth = width * titleScale
    // Anchored where the text is: at the right edge, the centre or the left.
    let titleX: CGFloat
    switch resolved {
    case .right: titleX = restFrame.maxX - titleWidth
    case .center: titleX = restFrame.midX - titleWidth / 2
    default: titleX = restFrame.minX
    }
    titleFrame = Self.saturated(
      CGRect(
        x: titleX, y: titleY,
        width: titleWidth, height: max(min(titleHeight, content.maxY - titleY), 0)))

    // The bouncy abbreviation: one line at the trailing edge.
    if placeholder.mode == .bouncy, !placeholder.abbreviated.isEmpty {
      let abbreviation = TextFrame(
        placeholder.abbreviated,
        container: TextContainer(width: lineWidth, maximumNumberOfLines: 1),
        style: LayoutStyle(
          font: font, alignment: .left, direction: style.direction, lineBreakMode: .truncateTail))
      // A cluster wider than the line overflows its layout: clip to the line.
      let used = CGSize(
        width: min(abbreviation.usedSize.width, lineWidth), height: abbreviation.usedSize.height)
      abbreviationLayout = abbreviation
      abbreviationFrame = Self.saturated(
        CGRect(
          x: state.layoutDirection == .leftToRight
            ? container.minX + padding + lineWidth - used.width : container.minX + padding,
          y: y, width: used.width, height: min(used.height, available)))
    } else {
      abbreviationLayout = nil
      abbreviationFrame = .zero
    }
  }

  /// The placeholder's layer at slide or float progress `motion` (0…1) and
  /// fade `fade` (0 shown … 1 faded).
  func layer(mode: PlaceholderMode, motion: CGFloat, fade: CGFloat, visible: Bool)
    -> PlaceholderLayer
  {
    switch mode {
    case .static:
      return PlaceholderLayer(
        frame: restFrame, layoutOrigin: restFrame.origin, alpha: visible ? 1 : 0)
    case .bouncy:
      let shift = slide * motion
      var frame = restFrame
      if shift >= 0 {
        frame.origin.x += shift
        frame.size.width = max(frame.width - shift, 0)
      } else {
        frame.size.width = max(frame.width + shift, 0)
      }
      return PlaceholderLayer(
        frame: Self.saturated(frame),
        layoutOrigin: CGPoint(x: restFrame.minX + shift, y: restFrame.minY),
        alpha: min(max(1 - fade, 0), 1))
    case .floating:
      let frame = Self.saturated(
        CGRect(
          x: Self.mix(restFrame.minX, titleFrame.minX, motion),
          y: Self.mix(restFrame.minY, titleFrame.minY, motion),
          width: Self.mix(restFrame.width, titleFrame.width, motion),
          height: Self.mix(restFrame.height, titleFrame.height, motion)))
      return PlaceholderLayer(
        frame: frame, layoutOrigin: frame.origin, alpha: 1,
        scale: Self.mix(1, titleScale, motion))
    }
  }

  /// Whether the typed text, as the editor lays it out (`EditorState.layout`,
  /// the displayed text), overlaps the abbreviation's frame. Reads only the
  /// lines down to the frame's bottom.
  ///
  /// - Complexity: O(l) in the lines above the frame's bottom.
  func abbreviationOverlaps(_ state: EditorState) -> Bool {
    guard abbreviationLayout != nil, !state.utf16.isEmpty, abbreviationFrame.width > 0 else {
      return false
    }
    for line in state.layout.lineFragments {
      let used = line.usedRect.offsetBy(dx: container.minX, dy: container.minY)
      if used.minY >= abbreviationFrame.maxY { break }
      let width = min(used.maxX, abbreviationFrame.maxX) - max(used.minX, abbreviationFrame.minX)
      let height = min(used.maxY, abbreviationFrame.maxY) - max(used.minY, abbreviationFrame.minY)
      if width > 0, height > 0 { return true }
    }
    return false
  }

  /// How many lines to lay out: the style's limit, and no more than fit
  /// `height` (plus one, clipped) when every line has the font's height.
  static func lineCap(limit: Int, height: CGFloat, font: any FontMetrics, hasRuns: Bool) -> Int {
    guard !hasRuns, font.lineHeight > 0 else { return limit }
    let fitting = Double(height / font.lineHeight)
    guard fitting.isFinite, fitting < 1_000_000 else { return limit }
    let cap = Int(fitting.rounded(.up)) + 1
    return limit == 0 ? cap : min(limit, cap)
  }

  static func nonNegative(_ insets: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: max(insets.top, 0), left: max(insets.left, 0), bottom: max(insets.bottom, 0),
      right: max(insets.right, 0))
  }

  /// `rect` made finite, its far edges included: a NaN origin is 0, an
  /// origin is clamped to ±`greatestFiniteMagnitude`, and a size is cut so
  /// that the far edge is at most `greatestFiniteMagnitude` (a NaN or
  /// negative size is 0). A finite rect whose edges are finite is unchanged.
  static func saturated(_ rect: CGRect) -> CGRect {
    let largest = CGFloat.greatestFiniteMagnitude
    func origin(_ value: CGFloat) -> CGFloat {
      value.isNaN ? 0 : min(max(value, -largest), largest)
    }
    func size(_ value: CGFloat, from origin: CGFloat) -> CGFloat {
      guard value > 0 else { return 0 }
      // `largest - origin` rounds, and origin + it may round past the
      // largest value: step down until the far edge is finite (an ulp or two).
      var size = min(value, largest, largest - origin)
      while size > 0, !(origin + size).isFinite { size = size.nextDown }
      return size
    }
    let x = origin(rect.origin.x)
    let y = origin(rect.origin.y)
    return CGRect(
      x: x, y: y, width: size(rect.size.width, from: x), height: size(rect.size.height, from: y))
  }

  /// `a` at 0, exactly `b` at 1, linear between.
  static func mix(_ a: CGFloat, _ b: CGFloat, _ t: CGFloat) -> CGFloat {
    if t <= 0 { return a }
    if t >= 1 { return b }
    return a * (1 - t) + b * t
  }
}

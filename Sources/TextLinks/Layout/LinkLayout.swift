public import Foundation
import TextInputCore
public import TextLayout

/// Links laid out in a `TextFrame`: a view over the frame that computes each
/// link's rects and hit-tests points when asked, so that building one costs
/// no layout work (an editor builds one for its one layout on every change).
///
/// **Rects**: one per line fragment and visual run a link shows on, covering
/// exactly its clusters' advance boxes: `TextFrame.selectionRects(for:)` of the
/// link's range (a link wrapped over two lines has two rects; a link crossing
/// a bidi run boundary has one per run). Rects are in the view's coordinates:
/// the frame's (line fragment padding applied) moved by `origin`, the text
/// container's origin in the view (its inset), with far edges saturated at
/// `greatestFiniteMagnitude`. A link in text a truncated line hides has no rects.
///
/// **Hit-testing** (`hit(at:tolerance:)`), in this order:
/// 1. A point inside a line's band (its rect's vertical extent) hits only
///    links on that line, and nothing when it is left of the line's first
///    cluster or right of its last (trailing spaces that hang past the line's
///    end included): a tap past a line's end, or on plain text, never
///    activates a link on another line.
/// 2. A point in no line's band (above, below or beside the text) may hit
///    the links of every line its tolerance reaches.
/// 3. Among the link rects within the tolerance, an exact hit beats a
///    tolerance hit, then the nearest rect wins, then the earlier link. One
///    point never hits two links.
///
/// **The tolerance is in the font's terms**: by default a quarter of the
/// frame font's line height (`defaultTolerance(for:)`): 0.25 points for
/// `CellFont.terminal` (one point per line), 5.25 for a 17-point font with a
/// 21-point line. Less than half a line, so a tap on the middle of a line
/// never reaches a link on the line above or below, and a tap far from the
/// text reaches nothing.
///
/// ```swift
/// import Foundation
/// import TextLinks
///
/// let text = "Read example.com today"
/// let frame = TextFrame(text, container: TextContainer(width: 10))
/// let layout = LinkLayout(frame: frame, links: LinkDetector().links(in: text))
/// layout.rects(ofLink: 0)   // [(0, 1, 10, 1), (0, 2, 1, 1)]: "example.co" | "m"
/// layout.hit(at: CGPoint(x: 1, y: 1.5))?.linkIndex  // 0
/// layout.hit(at: CGPoint(x: 9.5, y: 2.5))  // nil: past "m today"'s end
/// ```
public struct LinkLayout: Sendable {
  /// The links, normalized (see `Link.normalized(_:utf16:)`), in text order.
  ///
  /// - Complexity: O(1), or O(l log k) for a layout an editor made of text a
  ///   display substitution changes the length of (each link's range mapped
  ///   through the editor's display map, on each call).
  public var links: [Link] { linkView.array }
  /// The links as laid out, each mapped when read.
  let linkView: DisplayedLinks
  /// Where the frame's origin is in the view (the text container inset), in points.
  public let origin: CGPoint
  /// The layout the links are in (its coordinates are the text container's).
  public let frame: TextFrame

  /// A quarter of `font`'s line height, in points: the tolerance hit tests use
  /// unless told otherwise (0 for a font whose line height is not a finite
  /// positive number). See the type's documentation for why.
  public static func defaultTolerance(for font: any FontMetrics) -> CGFloat {
    let height = font.lineHeight
    return height.isFinite && height > 0 ? height / 4 : 0
  }

  /// The tolerance hit tests on this layout use unless told otherwise:
  /// `defaultTolerance(for:)` of the frame's font, in points.
  public var defaultTolerance: CGFloat { Self.defaultTolerance(for: frame.style.font) }

  /// Lays out `links` in `frame`, with the frame's origin at `origin` in the
  /// view (NaN or infinite coordinates count as 0). Links are normalized to
  /// the frame's text first (clamped, widened to clusters, overlaps dropped).
  ///
  /// - Complexity: O(n + k log k) for the normalization (n code units, k
  ///   links); the rects are computed when asked.
  public init(frame: TextFrame, links: [Link], origin: CGPoint = .zero) {
    self.init(
      frame: frame, normalizedLinks: Link.normalized(links, utf16: frame.utf16.array),
      origin: origin)
  }

  /// A layout of links already normalized to `frame`'s text (sorted, on
  /// cluster boundaries, not overlapping).
  ///
  /// - Complexity: O(1).
  init(frame: TextFrame, normalizedLinks links: [Link], origin: CGPoint) {
    self.init(frame: frame, links: DisplayedLinks(typed: links, map: nil), origin: origin)
  }

  /// A layout of `links`, whose ranges are mapped to `frame`'s text when read.
  ///
  /// - Complexity: O(1).
  init(frame: TextFrame, links: DisplayedLinks, origin: CGPoint) {
    self.linkView = links
    self.frame = frame
    self.origin = CGPoint(
      x: origin.x.isFinite ? origin.x : 0, y: origin.y.isFinite ? origin.y : 0)
  }

  /// Each link's rects, in the view's coordinates (points), in line order
  /// and, on a line, left to right.
  ///
  /// - Complexity: O(Σ p) over the lines that show a link, p the length of
  ///   the line's paragraph: computed on each call.
  public var rectsByLink: [[CGRect]] {
    let links = linkView
    var rects = [[CGRect]](repeating: [], count: links.count)
    var first = 0
    for lineIndex in frame.lineFragments.indices {
      let line = frame.lineFragments[lineIndex]
      while first < links.count, links[first].end <= line.range.location { first += 1 }
      guard first < links.count, links[first].range.location < NSMaxRange(line.range) else {
        continue
      }
      for span in spans(onLine: lineIndex, from: first) { rects[span.link].append(span.rect) }
    }
    return rects
  }

  /// Link `index`'s rects (points, view coordinates); empty for an index
  /// that is not a link's.
  ///
  /// - Complexity: O(p) per line the link shows on, p the line's paragraph length.
  public func rects(ofLink index: Int) -> [CGRect] {
    let links = linkView
    guard links.indices.contains(index) else { return [] }
    let range = links[index].range
    guard let first = frame.lineIndex(containing: range.location),
      let last = frame.lineIndex(containing: max(NSMaxRange(range) - 1, range.location))
    else { return [] }
    var rects: [CGRect] = []
    for line in first...last {
      for span in spans(onLine: line, from: index) where span.link == index {
        rects.append(span.rect)
      }
    }
    return rects
  }

  /// The indices of the links that show on the lines `lines` (for a renderer
  /// that draws only the visible lines).
  ///
  /// - Complexity: O(log k) in the links.
  public func linkIndices(onLines lines: Range<Int>) -> Range<Int> {
    let links = linkView
    let fragments = frame.lineFragments
    let lines = lines.clamped(to: fragments.indices)
    guard let firstLine = lines.first, let lastLine = lines.last else { return 0..<0 }
    let start = fragments[firstLine].range.location
    let end = NSMaxRange(fragments[lastLine].range)
    let lower = links.firstLink(endingAfter: start)
    var upper = lower
    var high = links.count
    while upper < high {
      let mid = (upper + high) / 2
      if links[mid].range.location < end { upper = mid + 1 } else { high = mid }
    }
    return lower..<upper
  }

  /// The rects of the links on line `lineIndex`, left to right, from link
  /// `first` on (an index no later than the line's first link).
  private func spans(onLine lineIndex: Int, from first: Int) -> [(link: Int, rect: CGRect)] {
    let links = linkView
    let line = frame.lineFragments[lineIndex]
    guard let clusters = frame.placedClusters(ofLine: lineIndex) else { return [] }
    var spans: [(link: Int, rect: CGRect)] = []
    var open: (link: Int, run: Int, rect: CGRect)?
    func flush() {
      guard let current = open, current.rect.width > 0 else { return }
      spans.append((current.link, Self.finite(current.rect.offsetBy(dx: origin.x, dy: origin.y))))
    }
    for cluster in clusters where !cluster.isEllipsis {
      guard let link = Self.link(containing: cluster.range.location, links, from: first) else {
        flush()
        open = nil
        continue
      }
      if let current = open, current.link == link, current.run == cluster.runIndex,
        current.rect.maxX == cluster.minX
      {
        open?.rect.size.width = min(cluster.maxX - current.rect.minX, .greatestFiniteMagnitude)
      } else {
        flush()
        open = (
          link, cluster.runIndex,
          CGRect(
            x: cluster.minX, y: line.rect.minY,
            width: min(cluster.maxX - cluster.minX, .greatestFiniteMagnitude),
            height: line.rect.height)
        )
      }
    }
    flush()
    return spans
  }

  /// `rect` with its far edges saturated at `greatestFiniteMagnitude` (a line
  /// of a huge font, at a saturated y, would end at infinity).
  static func finite(_ rect: CGRect) -> CGRect {
    var rect = rect
    if !rect.maxX.isFinite, rect.minX.isFinite {
      rect.size.width = .greatestFiniteMagnitude - rect.minX
    }
    if !rect.maxY.isFinite, rect.minY.isFinite {
      rect.size.height = .greatestFiniteMagnitude - rect.minY
    }
    return rect
  }

  /// The link containing UTF-16 offset `offset`, searching from `first`.
  private static func link(containing offset: Int, _ links: DisplayedLinks, from first: Int) -> Int?
  {
    let low = links[min(first, links.count)...].firstLink(endingAfter: offset)
    return low < links.count && links[low].range.location <= offset ? low : nil
  }

  /// The link a point hits, or nil (see the type's documentation for the
  /// rules). `point` is in the view's coordinates; a NaN or infinite
  /// coordinate hits nothing. `tolerance` is in points; nil takes
  /// `defaultTolerance` (a quarter of the font's line height). A tolerance of
  /// 0 takes exact hits only (a point on a rect's right or bottom edge is
  /// outside it: rects are half-open, so two adjacent rects never share a
  /// point). A NaN or negative tolerance counts as 0, an infinite one as the
  /// largest finite value (the nearest link anywhere).
  ///
  /// - Complexity: O(log lines + Σ p) over the lines within the tolerance of
  ///   the point, p the length of each line's paragraph.
  public func hit(at point: CGPoint, tolerance: CGFloat? = nil) -> LinkHit? {
    let links = linkView
    guard point.x.isFinite, point.y.isFinite, !links.isEmpty else { return nil }
    let tolerance = Self.sanitized(tolerance ?? defaultTolerance)
    let local = CGPoint(x: point.x - origin.x, y: point.y - origin.y)
    let fragments = frame.lineFragments
    // The lines within the tolerance vertically, by differences (a sum such
    // as local.y + tolerance cancels at extreme values), with a margin for
    // the rounding of the point into the frame's coordinates: a prefilter;
    // the rects are then measured in the view's coordinates.
    let window =
      tolerance + Swift.max(abs(local.y), abs(origin.y), tolerance, 1) * 0x1p-40
    var lineIndex = fragments.partitioningIndex { local.y - $0.rect.maxY <= window }
    var lastLine = fragments.count - 1
    switch band(of: local) {
    case .pastEnd: return nil
    case .line(let index): (lineIndex, lastLine) = (index, index)
    case .none: break
    }
    var best: LinkHitCandidate?
    while lineIndex <= lastLine, fragments[lineIndex].rect.minY - local.y <= window {
      let line = fragments[lineIndex]
      let first = links.firstLink(endingAfter: line.range.location)
      if first < links.count, links[first].range.location < NSMaxRange(line.range) {
        for span in spans(onLine: lineIndex, from: first) {
          let candidate = LinkHitCandidate(span.rect, link: span.link, point)
          guard candidate.exact || (tolerance > 0 && candidate.distance <= tolerance) else {
            continue
          }
          if best.map({ candidate.isBetter(than: $0) }) ?? true { best = candidate }
        }
      }
      lineIndex += 1
    }
    return best.map { LinkHit(linkIndex: $0.link, distance: $0.distance, isExact: $0.exact) }
  }

  /// Where a point (text container coordinates) is against the lines.
  private enum Band {
    /// In no line's band.
    case none
    /// In line `index`'s band, over its clusters.
    case line(Int)
    /// In a line's band, left of its first cluster or right of its last.
    case pastEnd
  }

  /// The band of `point`.
  ///
  /// - Complexity: O(log lines + p), p the length of the line's paragraph.
  private func band(of point: CGPoint) -> Band {
    let fragments = frame.lineFragments
    let index = fragments.partitioningIndex { $0.rect.maxY > point.y }
    guard index < fragments.count, fragments[index].rect.minY <= point.y else { return .none }
    let shown = (frame.placedClusters(ofLine: index) ?? []).filter { $0.maxX > $0.minX }
    guard let left = shown.map(\.minX).min(), let right = shown.map(\.maxX).max(),
      point.x >= left, point.x < right
    else { return .pastEnd }
    return .line(index)
  }

  /// The same test by scanning every rect (`rectsByLink`): what
  /// `hit(at:tolerance:)` must equal. For tests and benchmarks.
  ///
  /// - Complexity: O(Σ p + r) over the lines that show links and the r rects.
  public func hitByScanning(at point: CGPoint, tolerance: CGFloat? = nil) -> LinkHit? {
    guard point.x.isFinite, point.y.isFinite else { return nil }
    let tolerance = Self.sanitized(tolerance ?? defaultTolerance)
    let local = CGPoint(x: point.x - origin.x, y: point.y - origin.y)
    var rectsToScan: [(link: Int, rect: CGRect)] = []
    switch band(of: local) {
    case .pastEnd: return nil
    case .line(let index): rectsToScan = spans(onLine: index, from: 0)
    case .none:
      for (link, rects) in rectsByLink.enumerated() {
        rectsToScan += rects.map { (link, $0) }
      }
    }
    var best: LinkHitCandidate?
    for (link, rect) in rectsToScan {
      let candidate = LinkHitCandidate(rect, link: link, point)
      guard candidate.exact || (tolerance > 0 && candidate.distance <= tolerance) else {
        continue
      }
      if best.map({ candidate.isBetter(than: $0) }) ?? true { best = candidate }
    }
    return best.map { LinkHit(linkIndex: $0.link, distance: $0.distance, isExact: $0.exact) }
  }

  static func sanitized(_ tolerance: CGFloat) -> CGFloat {
    if tolerance.isNaN || tolerance < 0 { return 0 }
    return tolerance.isFinite ? tolerance : .greatestFiniteMagnitude
  }

  /// The rects converted to another space: each point p becomes
  /// `p * scale + offset` (a NaN, infinite or non-positive scale counts as 1,
  /// NaN or infinite offset coordinates as 0).
  ///
  /// - Complexity: as `rectsByLink`.
  public func rectsByLink(offset: CGPoint, scale: CGFloat) -> [[CGRect]] {
    let transform = LinkSpaceTransform(offset: offset, scale: scale)
    return rectsByLink.map { $0.map(transform.apply) }
  }

  /// `hit(at:tolerance:)` for a point in the space `rectsByLink(offset:scale:)`
  /// converts to; the tolerance is in that space's points too (nil: the
  /// default tolerance, scaled).
  public func hit(
    at point: CGPoint, offset: CGPoint, scale: CGFloat, tolerance: CGFloat? = nil
  ) -> LinkHit? {
    let transform = LinkSpaceTransform(offset: offset, scale: scale)
    let tolerance = tolerance.map { Self.sanitized($0) / transform.scale }
    return hit(at: transform.invert(point), tolerance: tolerance)
  }
}

/// A rect near a point, as hit tests rank them.
struct LinkHitCandidate {
  var link: Int
  var distance: CGFloat
  var exact: Bool

  init(_ rect: CGRect, link: Int, _ point: CGPoint) {
    self.link = link
    exact =
      point.x >= rect.minX && point.x < rect.maxX && point.y >= rect.minY && point.y < rect.maxY
    let dx = max(rect.minX - point.x, 0, point.x - rect.maxX)
    let dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
    distance = exact ? 0 : Self.length(dx, dy)
  }

  /// Exact beats tolerance, then nearer, then the earlier link.
  func isBetter(than other: LinkHitCandidate) -> Bool {
    if exact != other.exact { return exact }
    if distance != other.distance { return distance < other.distance }
    return link < other.link
  }

  /// `√(dx² + dy²)` without overflow: finite whenever the length is.
  static func length(_ dx: CGFloat, _ dy: CGFloat) -> CGFloat {
    let squared = dx * dx + dy * dy
    if squared.isFinite { return squared.squareRoot() }
    let scale = Swift.max(Swift.abs(dx), Swift.abs(dy))
    guard scale.isFinite else { return scale }
    let (x, y) = (dx / scale, dy / scale)
    return scale * (x * x + y * y).squareRoot()
  }
}

/// What a hit test found: the link's index (its `Link` is
/// `layout.links[linkIndex]`; not copied here, so that a hit test touches
/// no link's text).
public struct LinkHit: Hashable, Sendable {
  /// The index of the link in `LinkLayout.links`.
  public var linkIndex: Int
  /// The distance from the point to the link's nearest rect, in points (0 for
  /// an exact hit).
  public var distance: CGFloat
  /// Whether the point is inside one of the link's rects.
  public var isExact: Bool

  /// Creates a hit.
  public init(linkIndex: Int, distance: CGFloat, isExact: Bool) {
    self.linkIndex = linkIndex
    self.distance = distance
    self.isExact = isExact
  }
}

/// `p * scale + offset`, sanitized as `LinkLayout.rectsByLink(offset:scale:)` says.
struct LinkSpaceTransform {
  var offset: CGPoint
  var scale: CGFloat

  init(offset: CGPoint, scale: CGFloat) {
    self.offset = CGPoint(
      x: offset.x.isFinite ? offset.x : 0, y: offset.y.isFinite ? offset.y : 0)
    self.scale = scale.isFinite && scale > 0 ? scale : 1
  }

  func apply(_ rect: CGRect) -> CGRect {
    CGRect(
      x: rect.minX * scale + offset.x, y: rect.minY * scale + offset.y,
      width: rect.width * scale, height: rect.height * scale)
  }

  func invert(_ point: CGPoint) -> CGPoint {
    CGPoint(x: (point.x - offset.x) / scale, y: (point.y - offset.y) / scale)
  }
}

public import Foundation
public import TextLayout

/// Links laid out in a `TextFrame`: each link's rects, and a hit-test index
/// built once, here, for every later tap.
///
/// **Rects**: one per line fragment and visual run a link shows on, covering
/// exactly its clusters' advance boxes (`TextFrame.placedClusters(ofLine:)`; a link wrapped over two lines has two
/// rects; a link crossing a bidi run boundary has one per run). Rects are in
/// the view's coordinates: the frame's (line fragment padding applied) moved
/// by `origin`, the text container's origin in the view (its inset).
/// A link in text a truncated line hides has no rects.
///
/// **Hit-testing** (`hit(at:tolerance:)`): the point's line by its vertical
/// band, then the cluster whose advance box contains its x — so a point past a
/// line's used width hits no link on that line. Each rect is grown by the
/// tolerance; an exact hit beats a tolerance hit, then the nearest rect wins,
/// then the earlier link. One point never hits two links.
///
/// ```swift
/// let text = "Read example.com today"
/// let frame = TextFrame(text, container: TextContainer(width: 10))
/// let layout = LinkLayout(frame: frame, links: LinkDetector().links(in: text))
/// layout.rects(ofLink: 0)   // [(0, 1, 10, 1), (0, 2, 1, 1)]: "example.co" | "m"
/// layout.hit(at: CGPoint(x: 1, y: 1.5))?.linkIndex  // 0
/// layout.hit(at: CGPoint(x: 9.5, y: 2.5), tolerance: 0)  // nil: past "m today"'s end
/// ```
public struct LinkLayout: Sendable {
  /// The links, normalized (see `Link.normalized(_:utf16:)`), in text order.
  public let links: [Link]
  /// Where the frame's origin is in the view (the text container inset), in points.
  public let origin: CGPoint
  /// Each link's rects, in the view's coordinates (points), in line order
  /// and, on a line, left to right.
  public let rectsByLink: [[CGRect]]
  private let index: LinkHitIndex

  /// The tolerance hit tests use unless told otherwise: 10 points.
  public static let defaultTolerance: CGFloat = 10

  /// Lays out `links` in `frame`, with the frame's origin at `origin` in the
  /// view (NaN or infinite coordinates count as 0). Links are normalized to
  /// the frame's text first (clamped, widened to clusters, overlaps dropped).
  ///
  /// - Complexity: O(Σ p) over the lines that show a link, p the length of
  ///   the line's paragraph, plus O(r log r) for r rects.
  public init(frame: TextFrame, links: [Link], origin: CGPoint = .zero) {
    let links = Link.normalized(links, utf16: frame.utf16)
    let origin = CGPoint(x: origin.x.isFinite ? origin.x : 0, y: origin.y.isFinite ? origin.y : 0)
    self.links = links
    self.origin = origin
    var rects = [[CGRect]](repeating: [], count: links.count)
    var entries: [LinkHitIndex.Entry] = []
    var first = 0
    for (lineIndex, line) in frame.lineFragments.enumerated() {
      let lineEnd = line.range.location + line.range.length
      while first < links.count, links[first].end <= line.range.location { first += 1 }
      guard first < links.count, links[first].range.location < lineEnd,
        let clusters = frame.placedClusters(ofLine: lineIndex)
      else { continue }
      var open: (link: Int, run: Int, rect: CGRect)?
      func flush() {
        guard let current = open, current.rect.width > 0 else { return }
        let rect = current.rect.offsetBy(dx: origin.x, dy: origin.y)
        rects[current.link].append(rect)
        entries.append(LinkHitIndex.Entry(rect: rect, link: current.link, line: lineIndex))
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
          open?.rect.size.width = cluster.maxX - current.rect.minX
        } else {
          flush()
          open = (
            link, cluster.runIndex,
            CGRect(
              x: cluster.minX, y: line.rect.minY, width: cluster.maxX - cluster.minX,
              height: line.rect.height)
          )
        }
      }
      flush()
    }
    rectsByLink = rects
    index = LinkHitIndex(entries)
  }

  /// The link containing UTF-16 offset `offset`, searching from `first`.
  private static func link(containing offset: Int, _ links: [Link], from first: Int) -> Int? {
    var low = first
    var high = links.count
    while low < high {
      let mid = (low + high) / 2
      if links[mid].end <= offset { low = mid + 1 } else { high = mid }
    }
    return low < links.count && links[low].range.location <= offset ? low : nil
  }

  /// Link `index`'s rects (points, view coordinates); empty for an index
  /// that is not a link's.
  public func rects(ofLink index: Int) -> [CGRect] {
    rectsByLink.indices.contains(index) ? rectsByLink[index] : []
  }

  /// The link a point hits, or nil (see the type's documentation for the
  /// rules). `point` is in the view's coordinates; a NaN or infinite
  /// coordinate hits nothing. A tolerance of 0 takes exact hits only (a
  /// point on a rect's right or bottom edge is outside it: rects are
  /// half-open, so two adjacent rects never share a point). A NaN or negative tolerance counts as 0, an
  /// infinite one as the largest finite value (the nearest link anywhere).
  ///
  /// - Complexity: O(log r + k) for r rects and k rects within the
  ///   tolerance of the point (with a finite tolerance, those on the few
  ///   lines it reaches and within it horizontally).
  public func hit(at point: CGPoint, tolerance: CGFloat = LinkLayout.defaultTolerance) -> LinkHit? {
    guard point.x.isFinite, point.y.isFinite else { return nil }
    let tolerance = Self.sanitized(tolerance)
    guard let found = index.nearest(to: point, tolerance: tolerance) else { return nil }
    return LinkHit(
      linkIndex: found.link, distance: found.distance, isExact: found.exact)
  }

  /// The same test by scanning every rect: what `hit(at:tolerance:)` must
  /// equal. For tests and benchmarks.
  ///
  /// - Complexity: O(r) in the number of rects.
  public func hitByScanning(at point: CGPoint, tolerance: CGFloat = LinkLayout.defaultTolerance)
    -> LinkHit?
  {
    guard point.x.isFinite, point.y.isFinite else { return nil }
    let tolerance = Self.sanitized(tolerance)
    var best: LinkHitIndex.Candidate?
    for entry in index.entries {
      let candidate = LinkHitIndex.candidate(entry, point)
      guard candidate.exact || (tolerance > 0 && candidate.distance <= tolerance) else { continue }
      if best.map({ candidate.isBetter(than: $0) }) ?? true { best = candidate }
    }
    guard let best else { return nil }
    return LinkHit(
      linkIndex: best.link, distance: best.distance, isExact: best.exact)
  }

  static func sanitized(_ tolerance: CGFloat) -> CGFloat {
    if tolerance.isNaN || tolerance < 0 { return 0 }
    return tolerance.isFinite ? tolerance : .greatestFiniteMagnitude
  }

  /// The rects converted to another space: each point p becomes
  /// `p * scale + offset` (a NaN, infinite or non-positive scale counts as 1,
  /// NaN or infinite offset coordinates as 0).
  ///
  /// - Complexity: O(r).
  public func rectsByLink(offset: CGPoint, scale: CGFloat) -> [[CGRect]] {
    let transform = LinkSpaceTransform(offset: offset, scale: scale)
    return rectsByLink.map { $0.map(transform.apply) }
  }

  /// `hit(at:tolerance:)` for a point in the space `rectsByLink(offset:scale:)`
  /// converts to; the tolerance is in that space's points too.
  public func hit(
    at point: CGPoint, offset: CGPoint, scale: CGFloat,
    tolerance: CGFloat = LinkLayout.defaultTolerance
  ) -> LinkHit? {
    let transform = LinkSpaceTransform(offset: offset, scale: scale)
    return hit(at: transform.invert(point), tolerance: Self.sanitized(tolerance) / transform.scale)
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

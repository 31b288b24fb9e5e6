import Foundation

/// The rects of a `LinkLayout` by line band, then left to right.
///
/// A point's first line is found through a grid over y (O(1) when lines are
/// of similar heights, a binary search inside one grid cell otherwise), its
/// rects on a line by binary search on x. The arrays the search reads are
/// compact (24 bytes a band or a rect), so a test at 100 000 links touches
/// few more cache lines than one at 100.
struct LinkHitIndex: Sendable {
  /// A rect as `LinkLayout` hands it over.
  struct Entry: Sendable {
    var rect: CGRect
    var link: Int
    var line: Int
  }

  /// A rect near a point.
  struct Candidate {
    var link: Int
    var distance: CGFloat
    var exact: Bool

    /// Exact beats tolerance, then nearer, then the earlier link.
    func isBetter(than other: Candidate) -> Bool {
      if exact != other.exact { return exact }
      if distance != other.distance { return distance < other.distance }
      return link < other.link
    }
  }

  /// A line band: its y extent and where its rects start in `spans` (they
  /// end where the next band's start).
  struct Band: Sendable {
    var minY: CGFloat
    var maxY: CGFloat
    var start: Int32
  }

  /// A rect on a band: its x extent and its link.
  struct Span: Sendable {
    var minX: CGFloat
    var maxX: CGFloat
    var link: Int32
  }

  /// Every rect, in band order then left to right (for the linear scan).
  let entries: [Entry]
  let bands: [Band]
  let spans: [Span]
  /// The grid over y: cell k covers `top + k * cellHeight ..< top + (k+1) * cellHeight`
  /// and holds the index of the first band whose bottom is at or below its top.
  let top: CGFloat
  let cellHeight: CGFloat
  let cells: [Int32]

  init(_ unsorted: [Entry]) {
    var sorted = unsorted
    sorted.sort { $0.line != $1.line ? $0.line < $1.line : $0.rect.minX < $1.rect.minX }
    var bands: [Band] = []
    var spans: [Span] = []
    spans.reserveCapacity(sorted.count)
    for (index, entry) in sorted.enumerated() {
      if index == 0 || sorted[index - 1].line != entry.line {
        bands.append(Band(minY: entry.rect.minY, maxY: entry.rect.maxY, start: Int32(index)))
      }
      spans.append(Span(minX: entry.rect.minX, maxX: entry.rect.maxX, link: Int32(entry.link)))
    }
    entries = sorted
    self.bands = bands
    self.spans = spans
    // Cells as tall as the shortest band, at most 4 per band.
    let first = bands.first?.minY ?? 0
    let span = (bands.last?.maxY ?? 0) - first
    var height = bands.map { $0.maxY - $0.minY }.filter { $0 > 0 }.min() ?? 1
    if span.isFinite, span > 0, span / height > CGFloat(4 * bands.count) {
      height = span / CGFloat(4 * bands.count)
    }
    top = first
    cellHeight = height.isFinite && height > 0 ? height : 1
    var cells: [Int32] = []
    if span.isFinite, span > 0 {
      let count = Int((span / cellHeight).rounded(.up)) + 1
      cells.reserveCapacity(count)
      var band = 0
      for k in 0..<count {
        let cellTop = first + CGFloat(k) * cellHeight
        while band < bands.count, bands[band].maxY < cellTop { band += 1 }
        cells.append(Int32(band))
      }
    }
    self.cells = cells
  }

  /// The end of band `index`'s spans.
  @inline(__always)
  private func end(ofBand index: Int) -> Int {
    index + 1 < bands.count ? Int(bands[index + 1].start) : spans.count
  }

  /// Whether the point is in the rect (half-open, so adjacent rects and lines
  /// do not share a point) and its distance to the closed rect.
  @inline(__always)
  static func candidate(
    minX: CGFloat, maxX: CGFloat, minY: CGFloat, maxY: CGFloat, link: Int, _ point: CGPoint
  ) -> Candidate {
    let exact = point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    let dx = max(minX - point.x, 0, point.x - maxX)
    let dy = max(minY - point.y, 0, point.y - maxY)
    let distance = exact ? 0 : length(dx, dy)
    return Candidate(link: link, distance: distance, exact: exact)
  }

  /// `√(dx² + dy²)` without overflow: finite whenever the length is (a point
  /// near `-greatestFiniteMagnitude` is still within an infinite tolerance,
  /// which counts as the largest finite one).
  @inline(__always)
  static func length(_ dx: CGFloat, _ dy: CGFloat) -> CGFloat {
    let squared = dx * dx + dy * dy
    if squared.isFinite { return squared.squareRoot() }
    let scale = Swift.max(Swift.abs(dx), Swift.abs(dy))
    guard scale.isFinite else { return scale }
    let (x, y) = (dx / scale, dy / scale)
    return scale * (x * x + y * y).squareRoot()
  }

  static func candidate(_ entry: Entry, _ point: CGPoint) -> Candidate {
    candidate(
      minX: entry.rect.minX, maxX: entry.rect.maxX, minY: entry.rect.minY,
      maxY: entry.rect.maxY, link: entry.link, point)
  }

  /// The index of the first band whose bottom is at or below `y`.
  ///
  /// - Complexity: O(1) for bands of similar heights, O(log b) at worst.
  func firstBand(reaching y: CGFloat) -> Int {
    var low = 0
    var high = bands.count
    if !cells.isEmpty, y.isFinite {
      let k = ((y - top) / cellHeight).rounded(.down)
      if k < 0 { return 0 }
      if k < CGFloat(cells.count - 1) {
        let cell = Int(k)
        low = Int(cells[cell])
        high = min(Int(cells[cell + 1]) + 1, bands.count)
      } else {
        low = Int(cells[cells.count - 1])
      }
    }
    while low < high {
      let mid = (low + high) / 2
      if bands[mid].maxY < y { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The best candidate within `tolerance` of `point` (exact hits only when
  /// the tolerance is 0).
  ///
  /// - Complexity: O(1) to find the first line for lines of similar
  ///   heights (O(log b) at worst), O(log e) on each line of e rects, plus
  ///   the k rects within the tolerance.
  func nearest(to point: CGPoint, tolerance: CGFloat) -> Candidate? {
    guard !bands.isEmpty else { return nil }
    // The window is widened by a few units in the last place, so that no rect
    // whose (rounded) distance is within the tolerance falls outside it
    // through rounding; the distance test below decides.
    let reach = tolerance + 4 * Swift.max(Swift.abs(point.x), Swift.abs(point.y), tolerance).ulp
    let bottom = point.y + reach
    let left = point.x - reach
    let right = point.x + reach
    var best: Candidate?
    var bandIndex = firstBand(reaching: point.y - reach)
    while bandIndex < bands.count, bands[bandIndex].minY <= bottom {
      let band = bands[bandIndex]
      // Spans on a line do not overlap: sorted by minX, so by maxX too.
      var low = Int(band.start)
      var high = end(ofBand: bandIndex)
      let upper = high
      bandIndex += 1
      while low < high {
        let mid = (low + high) / 2
        if spans[mid].maxX < left { low = mid + 1 } else { high = mid }
      }
      while low < upper, spans[low].minX <= right {
        let span = spans[low]
        low += 1
        let candidate = Self.candidate(
          minX: span.minX, maxX: span.maxX, minY: band.minY, maxY: band.maxY,
          link: Int(span.link), point)
        guard candidate.exact || (tolerance > 0 && candidate.distance <= tolerance) else {
          continue
        }
        if best.map({ candidate.isBetter(than: $0) }) ?? true { best = candidate }
      }
    }
    return best
  }
}

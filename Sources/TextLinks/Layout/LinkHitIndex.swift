import Foundation

/// The rects of a `LinkLayout` by line band, then left to right: a point's
/// lines are found by binary search on the bands, its rects on a line by
/// binary search on x.
struct LinkHitIndex: Sendable {
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

  /// A line band: its y extent and its entries (indices into `entries`,
  /// sorted by minX).
  struct Band: Sendable {
    var minY: CGFloat
    var maxY: CGFloat
    var entries: Range<Int>
  }

  /// All entries, grouped by band, each band's sorted by minX.
  let entries: [Entry]
  let bands: [Band]

  init(_ unsorted: [Entry]) {
    var sorted = unsorted
    sorted.sort { $0.line != $1.line ? $0.line < $1.line : $0.rect.minX < $1.rect.minX }
    var bands: [Band] = []
    var start = 0
    while start < sorted.count {
      var end = start + 1
      while end < sorted.count, sorted[end].line == sorted[start].line { end += 1 }
      let rect = sorted[start].rect
      bands.append(Band(minY: rect.minY, maxY: rect.maxY, entries: start..<end))
      start = end
    }
    entries = sorted
    self.bands = bands
  }

  /// Whether the point is in the rect (half-open, so adjacent rects and lines
  /// do not share a point) and its distance to the closed rect.
  static func candidate(_ entry: Entry, _ point: CGPoint) -> Candidate {
    let rect = entry.rect
    let exact =
      point.x >= rect.minX && point.x < rect.maxX && point.y >= rect.minY && point.y < rect.maxY
    let dx = max(rect.minX - point.x, 0, point.x - rect.maxX)
    let dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
    let distance = exact ? 0 : (dx * dx + dy * dy).squareRoot()
    return Candidate(link: entry.link, distance: distance, exact: exact)
  }

  /// The best candidate within `tolerance` of `point`.
  ///
  /// - Complexity: O(log r + k).
  func nearest(to point: CGPoint, tolerance: CGFloat) -> Candidate? {
    guard !bands.isEmpty else { return nil }
    // The first band whose bottom is at or below the top of the window.
    let top = point.y - tolerance
    let bottom = point.y + tolerance
    var low = 0
    var high = bands.count
    while low < high {
      let mid = (low + high) / 2
      if bands[mid].maxY < top { low = mid + 1 } else { high = mid }
    }
    var best: Candidate?
    var bandIndex = low
    while bandIndex < bands.count, bands[bandIndex].minY <= bottom {
      let band = bands[bandIndex]
      bandIndex += 1
      // Entries on a line do not overlap: sorted by minX, so by maxX too.
      let left = point.x - tolerance
      var lo = band.entries.lowerBound
      var hi = band.entries.upperBound
      while lo < hi {
        let mid = (lo + hi) / 2
        if entries[mid].rect.maxX < left { lo = mid + 1 } else { hi = mid }
      }
      var entryIndex = lo
      while entryIndex < band.entries.upperBound,
        entries[entryIndex].rect.minX <= point.x + tolerance
      {
        let candidate = Self.candidate(entries[entryIndex], point)
        entryIndex += 1
        guard candidate.exact || (tolerance > 0 && candidate.distance <= tolerance) else {
          continue
        }
        if best.map({ candidate.isBetter(than: $0) }) ?? true { best = candidate }
      }
    }
    return best
  }
}

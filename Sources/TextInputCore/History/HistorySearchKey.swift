import Foundation
import TextMetrics

/// An entry folded for search, cluster by cluster: the folded UTF-16 code
/// units, and for each grapheme cluster where it starts in the folded units
/// and in the entry. A query matches where its folded units equal a run of
/// whole folded clusters, so a match never splits a cluster (`e` does not
/// match inside `é` written as e + U+0301).
///
/// A history computes it once per entry and keeps it, so a search per
/// keystroke compares code units only.
public struct HistorySearchKey: Sendable {
  /// The entry's folded UTF-16 code units (`CaseFolding`).
  public let folded: [UInt16]
  /// For each cluster, where it starts in `folded`, and `folded.count` last;
  /// empty when every code unit is a cluster of its own and folds to one
  /// unit (ASCII without CR), so that offsets are the same in both.
  let foldedStarts: [Int32]
  /// For each cluster, where it starts in the entry (UTF-16), and the
  /// entry's length last; empty as `foldedStarts`.
  let entryStarts: [Int32]

  /// The key of `entry`.
  ///
  /// - Complexity: O(n) in the entry's code units (ICU for non-ASCII text).
  public init(_ entry: String) {
    var cache = ClusterFolds()
    self.init(entry, cache: &cache)
  }

  /// The key of `entry`, with non-ASCII clusters' folds looked up in (and
  /// added to) `cache`: a history's entries repeat their clusters.
  init(_ entry: String, cache: inout ClusterFolds) {
    let units = Array(entry.utf16)
    if units.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
      folded = CaseFolding.folded(utf16: units)
      foldedStarts = []
      entryStarts = []
      return
    }
    let boundaries = Graphemes.boundaries(utf16: units).offsets
    var folded: [UInt16] = []
    folded.reserveCapacity(units.count)
    var foldedStarts: [Int32] = []
    var entryStarts: [Int32] = []
    foldedStarts.reserveCapacity(boundaries.count)
    entryStarts.reserveCapacity(boundaries.count)
    for (start, end) in zip(boundaries, boundaries.dropFirst()) {
      foldedStarts.append(Int32(folded.count))
      entryStarts.append(Int32(start))
      if end - start == 1, units[start] < 0x80 {
        let unit = units[start]
        folded.append((0x41...0x5A).contains(unit) ? unit | 0x20 : unit)
      } else {
        folded += cache.folded(Array(units[start..<end]))
      }
    }
    foldedStarts.append(Int32(folded.count))
    entryStarts.append(Int32(units.count))
    self.folded = folded
    self.foldedStarts = foldedStarts
    self.entryStarts = entryStarts
  }

  /// `query` folded cluster by cluster, as entries are.
  static func foldedQuery(_ query: String) -> [UInt16] {
    HistorySearchKey(query).folded
  }

  /// Where a folded cluster boundary at `folded` offset lies in the entry,
  /// or nil when `folded` is not a cluster boundary.
  func entryOffset(ofFolded offset: Int) -> Int? {
    if foldedStarts.isEmpty { return offset }
    let target = Int32(offset)
    var low = 0
    var high = foldedStarts.count
    while low < high {
      let middle = (low + high) / 2
      if foldedStarts[middle] < target { low = middle + 1 } else { high = middle }
    }
    guard low < foldedStarts.count, foldedStarts[low] == target else { return nil }
    // Clusters that fold to nothing share a folded start: take the first.
    return Int(entryStarts[low])
  }

  /// The folded offset of the cluster starting at entry `offset` (or of
  /// the first cluster starting after it).
  func foldedOffset(ofEntry offset: Int) -> Int {
    if entryStarts.isEmpty { return min(max(offset, 0), folded.count) }
    let target = Int32(offset)
    var low = 0
    var high = entryStarts.count
    while low < high {
      let middle = (low + high) / 2
      if entryStarts[middle] < target { low = middle + 1 } else { high = middle }
    }
    return low < foldedStarts.count ? Int(foldedStarts[low]) : folded.count
  }

  /// The matches of `needle` (folded) starting in folded offsets
  /// `bounds`: the last one when `last`, else the first; as a range of the
  /// entry (UTF-16).
  ///
  /// - Complexity: O(n·m) worst case in the folded entry and the needle;
  ///   about O(n) for text, as the first unit rarely matches.
  func match(_ needle: [UInt16], startingIn bounds: Range<Int>, last: Bool) -> NSRange? {
    let n = folded.count
    let m = needle.count
    guard m > 0, m <= n else { return nil }
    let lower = max(bounds.lowerBound, 0)
    let upper = min(bounds.upperBound, n - m + 1)
    guard lower < upper else { return nil }
    return folded.withUnsafeBufferPointer { hay -> NSRange? in
      needle.withUnsafeBufferPointer { pin -> NSRange? in
        let first = pin[0]
        func matches(at start: Int) -> NSRange? {
          guard hay[start] == first else { return nil }
          var k = 1
          while k < m, hay[start + k] == pin[k] { k += 1 }
          guard k == m, let from = entryOffset(ofFolded: start),
            let to = entryOffset(ofFolded: start + m)
          else { return nil }
          return NSRange(location: from, length: to - from)
        }
        if last {
          var start = upper - 1
          while start >= lower {
            if let range = matches(at: start) { return range }
            start -= 1
          }
        } else {
          for start in lower..<upper {
            if let range = matches(at: start) { return range }
          }
        }
        return nil
      }
    }
  }

  /// Searches entries `0..<count` for `needle` (folded), from `position` in
  /// `direction`, with `key` giving each entry's key (nil skips it).
  ///
  /// `mayMatch` may rule an entry out cheaply first (see
  /// `HistorySearchFilter`).
  ///
  /// - Complexity: O(t) in the folded text passed over.
  static func search(
    _ needle: [UInt16], direction: HistorySearchDirection, from position: HistoryPosition,
    count: Int, mayMatch: (Int) -> Bool = { _ in true }, key: (Int) -> HistorySearchKey?
  ) -> (index: Int, range: NSRange)? {
    guard !needle.isEmpty, count > 0 else { return nil }
    switch direction {
    case .backward:
      var index = min(position.index, count - 1)
      var first = position.index <= count - 1
      while index >= 0 {
        if mayMatch(index), let key = key(index) {
          let bound = first ? key.foldedOffset(ofEntry: position.offset) : key.folded.count
          if let range = key.match(needle, startingIn: 0..<bound, last: true) {
            return (index, range)
          }
        }
        first = false
        index -= 1
      }
    case .forward:
      var index = max(position.index, 0)
      var first = position.index >= 0
      while index < count {
        if mayMatch(index), let key = key(index) {
          let start = first ? key.foldedOffset(ofEntry: position.offset + 1) : 0
          if let range = key.match(needle, startingIn: start..<key.folded.count, last: false) {
            return (index, range)
          }
        }
        first = false
        index += 1
      }
    }
    return nil
  }
}

/// Folds of non-ASCII grapheme clusters, kept for the next entry (at most
/// `limit` of them).
struct ClusterFolds: Sendable {
  static let limit = 4_096
  private var folds: [[UInt16]: [UInt16]] = [:]

  /// `cluster` folded (`CaseFolding`), from the cache when it is there.
  mutating func folded(_ cluster: [UInt16]) -> [UInt16] {
    if let folded = folds[cluster] { return folded }
    let folded = CaseFolding.folded(utf16: cluster)
    if folds.count >= Self.limit { folds.removeAll(keepingCapacity: true) }
    folds[cluster] = folded
    return folded
  }
}

/// A summary of a folded text that rules most non-matching entries out with
/// a few bit operations: which ASCII code units occur (exactly, 128 bits),
/// which other units occur (63 hashed buckets), and which pairs of adjacent
/// units (256 hashed buckets). A text can contain a query only if its
/// summary has every bit of the query's, so a search passes over an entry
/// that cannot match without reading its text.
struct HistorySearchFilter: Sendable {
  var ascii: (UInt64, UInt64) = (0, 0)
  /// Hashed non-ASCII units; bit 63 says the filter was computed.
  var other: UInt64 = 0
  var pairs: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  static let computed: UInt64 = 1 << 63

  /// Whether this is a computed filter (not the zero placeholder).
  var isComputed: Bool { other & Self.computed != 0 }

  /// The filter of folded code units.
  ///
  /// - Complexity: O(n) in the units.
  init(folded: [UInt16]) {
    other = Self.computed
    var previous: UInt16?
    for unit in folded {
      if unit < 64 {
        ascii.0 |= 1 << UInt64(unit)
      } else if unit < 128 {
        ascii.1 |= 1 << UInt64(unit - 64)
      } else {
        other |= 1 << (((UInt64(unit) &* 0x9E37_79B9_7F4A_7C15) >> 58) % 63)
      }
      if let previous {
        let hash = (UInt32(previous) &* 0x9E37_79B1 ^ UInt32(unit)) &* 0x85EB_CA6B
        let bucket = Int(hash >> 24)
        let bit = UInt64(1) << UInt64(bucket & 63)
        switch bucket >> 6 {
        case 0: pairs.0 |= bit
        case 1: pairs.1 |= bit
        case 2: pairs.2 |= bit
        default: pairs.3 |= bit
        }
      }
      previous = unit
    }
  }

  /// A placeholder for an entry not yet summarised.
  init() {}

  /// Whether a text with this filter may contain a text with `needle`'s.
  @inline(__always)
  func mayContain(_ needle: HistorySearchFilter) -> Bool {
    ascii.0 & needle.ascii.0 == needle.ascii.0 && ascii.1 & needle.ascii.1 == needle.ascii.1
      && other & needle.other == needle.other && pairs.0 & needle.pairs.0 == needle.pairs.0
      && pairs.1 & needle.pairs.1 == needle.pairs.1 && pairs.2 & needle.pairs.2 == needle.pairs.2
      && pairs.3 & needle.pairs.3 == needle.pairs.3
  }
}

import Foundation

/// A history kept in memory: entries oldest first, at most `maximumCount`
/// of them (the oldest go first), duplicates treated as `duplicates` says.
/// Each entry's search key (its case-folded clusters) is computed when the
/// entry is added or loaded and kept, so a search per keystroke compares
/// folded code units only: no keystroke pays for folding the history, not
/// even the first search's (loading 100 000 entries folds them once, about
/// 0.15 s; 10 000, the default maximum, about 15 ms).
///
/// Safe to use from many threads (one lock).
///
/// ```swift
/// let history = MemoryHistory(maximumCount: 100)
/// history.add("ls")
/// history.add("cd /tmp")
/// history.add("ls")
/// history.entries  // ["cd /tmp", "ls"]
/// ```
public final class MemoryHistory: TextHistory, @unchecked Sendable {
  /// The most entries kept (at least 1).
  public let maximumCount: Int
  /// What an entry equal to one already kept does.
  public let duplicates: HistoryDuplicates

  // `@unchecked Sendable`: every stored value below is read and written
  // under `lock` only.
  private let lock = NSLock()
  private var storage: [String] = []
  private var keys: [HistorySearchKey?] = []
  private var filters: [HistorySearchFilter] = []
  /// The last prefix asked for a hint (UTF-8) and the newest entry longer
  /// than it that starts with it (-1 for none), while the entries do not
  /// change: a longer prefix that starts with it is looked for from there
  /// down, since no newer entry can start with it.
  private var prefixCache: (prefix: [UInt8], newest: Int)?
  private var clusterFolds = ClusterFolds()

  /// An empty history.
  ///
  /// - Parameters:
  ///   - maximumCount: The most entries kept (at least 1); the oldest are
  ///     dropped first.
  ///   - duplicates: What an entry equal to one already kept does.
  ///   - entries: Entries to start with, oldest first (kept as `add` would).
  public init(
    maximumCount: Int = 10_000, duplicates: HistoryDuplicates = .eraseOlder,
    entries: [String] = []
  ) {
    self.maximumCount = max(maximumCount, 1)
    self.duplicates = duplicates
    replaceAll(with: entries)
  }

  /// How many entries there are.
  public var count: Int { lock.withLock { storage.count } }

  /// The entry at `index` (0 is the oldest), or nil outside `0..<count`.
  public func entry(at index: Int) -> String? {
    lock.withLock { storage.indices.contains(index) ? storage[index] : nil }
  }

  /// Adds `entry` as the newest (an empty entry is ignored); see
  /// `duplicates` and `maximumCount`.
  ///
  /// - Complexity: O(m) in the entry's length (its search key), plus O(1)
  ///   amortized; O(n) in the entries for `.eraseOlder` or when the oldest
  ///   is dropped.
  public func add(_ entry: String) {
    lock.withLock { insert(entry) }
  }

  /// Replaces every entry with `entries` (oldest first), kept as `add`
  /// would keep them one by one, each with its search key.
  ///
  /// - Complexity: O(n) in the entries' total length.
  public func replaceAll(with entries: [String]) {
    let kept = Self.collapsed(entries, duplicates: duplicates, maximumCount: maximumCount)
    lock.withLock {
      storage = kept
      prefixCache = nil
      keys = []
      filters = []
      keys.reserveCapacity(kept.count)
      filters.reserveCapacity(kept.count)
      for entry in kept {
        let key = HistorySearchKey(entry, cache: &clusterFolds)
        keys.append(key)
        filters.append(HistorySearchFilter(folded: key.folded))
      }
    }
  }

  /// Removes every entry.
  public func removeAll() {
    lock.withLock {
      prefixCache = nil
      storage.removeAll()
      keys.removeAll()
      filters.removeAll()
    }
  }

  /// Searches as `TextHistory.search(for:direction:from:)` says, with each
  /// entry's folded form and a summary of its code units and pairs cached:
  /// an entry whose summary lacks one of the query's is passed over
  /// without reading its text.
  ///
  /// - Complexity: O(n) bit tests in the entries passed over, plus O(t) in
  ///   the folded text of those the summary does not rule out (plus
  ///   folding an entry the first time a search passes it).
  public func search(
    for query: String, direction: HistorySearchDirection, from position: HistoryPosition
  ) -> HistoryMatch? {
    let needle = HistorySearchKey.foldedQuery(query)
    let needleFilter = HistorySearchFilter(folded: needle)
    return lock.withLock {
      guard
        let found = HistorySearchKey.search(
          needle, direction: direction, from: position, count: storage.count,
          mayMatch: { index in
            var filter = filters[index]
            if !filter.isComputed {
              let key = HistorySearchKey(storage[index], cache: &clusterFolds)
              keys[index] = key
              filter = HistorySearchFilter(folded: key.folded)
              filters[index] = filter
            }
            return filter.mayContain(needleFilter)
          },
          key: { index in
            if let key = keys[index] { return key }
            let key = HistorySearchKey(storage[index], cache: &clusterFolds)
            keys[index] = key
            return key
          })
      else { return nil }
      return HistoryMatch(index: found.index, entry: storage[found.index], range: found.range)
    }
  }

  /// The newest entry longer than `prefix` that starts with it (see
  /// `TextHistory.newestEntry(withPrefix:)`). The last prefix asked and the
  /// newest entry that starts with it are remembered until the entries
  /// change, so typing on (a prefix that extends the last) starts from that
  /// entry: about O(p) a keystroke, also past every entry.
  ///
  /// - Complexity: O(n·p) in the entries passed over and the prefix.
  public func newestEntry(withPrefix prefix: String) -> String? {
    // UTF-8 here: for whole strings, a prefix in UTF-8 bytes is one in
    // UTF-16 code units, and a native string's bytes are read in place.
    let bytes = Array(prefix.utf8)
    guard let first = bytes.first else { return nil }
    let units = Array(prefix.utf16)
    return lock.withLock {
      var index = storage.count - 1
      if let cache = prefixCache, bytes.starts(with: cache.prefix) {
        index = min(cache.newest, index)
      }
      var newest = -1
      defer { prefixCache = (bytes, newest) }
      while index >= 0 {
        let entry = storage[index]
        let utf8 = entry.utf8
        if utf8.first == first, utf8.count > bytes.count, utf8.starts(with: bytes) {
          if newest < 0 { newest = index }
          if HistoryHints.extends(entry, units) { return entry }
        }
        index -= 1
      }
      return nil
    }
  }

  /// `entries` kept as adding them one by one would keep them.
  ///
  /// - Complexity: O(n) in the entries.
  static func collapsed(
    _ entries: [String], duplicates: HistoryDuplicates, maximumCount: Int
  ) -> [String] {
    var kept: [String]
    switch duplicates {
    case .keepAll:
      kept = entries.filter { !$0.isEmpty }
    case .ignoreConsecutive:
      kept = []
      for entry in entries where !entry.isEmpty && kept.last != entry { kept.append(entry) }
    case .eraseOlder:
      // Newest first, keeping the first of each text.
      var seen = Set<String>()
      kept = []
      for entry in entries.reversed() where !entry.isEmpty && seen.insert(entry).inserted {
        kept.append(entry)
        if kept.count == maximumCount { break }
      }
      kept.reverse()
    }
    if kept.count > maximumCount { kept.removeFirst(kept.count - maximumCount) }
    return kept
  }

  private func insert(_ entry: String) {
    guard !entry.isEmpty else { return }
    switch duplicates {
    case .keepAll:
      break
    case .ignoreConsecutive:
      if storage.last == entry { return }
    case .eraseOlder:
      if storage.last == entry { return }
      if let old = storage.lastIndex(of: entry) {
        storage.remove(at: old)
        keys.remove(at: old)
        filters.remove(at: old)
      }
    }
    storage.append(entry)
    prefixCache = nil
    let key = HistorySearchKey(entry, cache: &clusterFolds)
    keys.append(key)
    filters.append(HistorySearchFilter(folded: key.folded))
    if storage.count > maximumCount {
      let extra = storage.count - maximumCount
      storage.removeFirst(extra)
      keys.removeFirst(extra)
      filters.removeFirst(extra)
    }
  }
}

public import Foundation
import TextMetrics

/// The lines a user entered before, oldest first, for recalling them (↑ and
/// ↓ in a terminal field, a menu in a GUI), searching them (Ctrl-R) and
/// hinting from them.
///
/// A history is a reference shared by the fields and prompts that use it, so
/// each implementation is a class that is safe to use from many threads.
/// `MemoryHistory` keeps entries in memory; `FileHistory` also appends each
/// one to a file that several processes may share.
///
/// Entries are indexed from 0 (the oldest) to `count - 1` (the newest).
/// Offsets inside an entry are UTF-16 code units.
public protocol TextHistory: AnyObject, Sendable {
  /// How many entries there are.
  var count: Int { get }

  /// The entry at `index` (0 is the oldest), or nil outside `0..<count`.
  func entry(at index: Int) -> String?

  /// Adds `entry` as the newest, as the history's duplicate policy and
  /// maximum size say (an implementation may ignore an empty entry).
  func add(_ entry: String)

  /// The nearest entry, from `position` in `direction`, that contains
  /// `query` when both are case-folded (`CaseFolding`), with the match
  /// starting and ending on grapheme-cluster boundaries of the entry.
  ///
  /// Searching `.backward` looks in the entry at `position.index` for a
  /// match starting before `position.offset`, then in older entries (the
  /// last match in each); `.forward` looks for a match starting after
  /// `position.offset`, then in newer entries (the first match in each). An
  /// empty query matches nothing.
  ///
  /// - Complexity: O(t) in the text of the entries passed over; an
  ///   implementation may cache each entry's folded form.
  func search(
    for query: String, direction: HistorySearchDirection, from position: HistoryPosition
  ) -> HistoryMatch?

  /// The newest entry that is longer than `prefix` and starts with it,
  /// code unit for code unit (no folding: a hint continues what was typed),
  /// with a grapheme-cluster boundary where `prefix` ends (fish's
  /// autosuggestion); nil for an empty prefix.
  ///
  /// - Complexity: O(n·p) in the entries passed over and the prefix; an
  ///   implementation may remember a prefix nothing starts with.
  func newestEntry(withPrefix prefix: String) -> String?
}

/// Which way a history search goes.
public enum HistorySearchDirection: String, Hashable, Sendable, CaseIterable {
  /// Towards older entries (readline's Ctrl-R).
  case backward
  /// Towards newer entries (readline's Ctrl-S).
  case forward
}

/// A place in a history: an entry and a UTF-16 offset in it.
public struct HistoryPosition: Hashable, Sendable {
  /// The entry's index (0 is the oldest).
  public var index: Int
  /// A UTF-16 offset in the entry.
  public var offset: Int

  /// A position.
  public init(index: Int, offset: Int) {
    self.index = index
    self.offset = offset
  }
}

/// Where a history search matched.
public struct HistoryMatch: Hashable, Sendable {
  /// The entry's index (0 is the oldest).
  public var index: Int
  /// The entry's text.
  public var entry: String
  /// The match in the entry, in UTF-16 code units, on grapheme-cluster
  /// boundaries.
  public var range: NSRange

  /// A match.
  public init(index: Int, entry: String, range: NSRange) {
    self.index = index
    self.entry = entry
    self.range = range
  }
}

/// What a history does with an entry equal to one it has.
public enum HistoryDuplicates: String, Hashable, Sendable, CaseIterable {
  /// Every entry is kept.
  case keepAll
  /// An entry equal to the newest is not added (bash's `ignoredups`).
  case ignoreConsecutive
  /// An older equal entry is removed, so each text appears once, at its
  /// newest place (bash's `erasedups`, fish's history).
  case eraseOlder
}

extension TextHistory {
  /// Every entry, oldest first.
  ///
  /// - Complexity: O(n) in the entries.
  public var entries: [String] {
    (0..<count).compactMap { entry(at: $0) }
  }

  /// The newest entry, if any.
  public var newest: String? { entry(at: count - 1) }

  /// The default search: folds each entry it passes (see
  /// `TextHistory.search(for:direction:from:)`).
  ///
  /// - Complexity: O(t) in the text of the entries passed over.
  public func search(
    for query: String, direction: HistorySearchDirection, from position: HistoryPosition
  ) -> HistoryMatch? {
    let needle = HistorySearchKey.foldedQuery(query)
    guard
      let found = HistorySearchKey.search(
        needle, direction: direction, from: position, count: count,
        key: { index in entry(at: index).map(HistorySearchKey.init) }),
      let text = entry(at: found.index)
    else { return nil }
    return HistoryMatch(index: found.index, entry: text, range: found.range)
  }

  /// The newest entry that starts with `prefix` (see
  /// `TextHistory.newestEntry(withPrefix:)`), entry by entry.
  ///
  /// - Complexity: O(n·p) in the entries passed over and the prefix.
  public func newestEntry(withPrefix prefix: String) -> String? {
    let units = Array(prefix.utf16)
    guard !units.isEmpty else { return nil }
    var index = count - 1
    while index >= 0 {
      if let entry = entry(at: index), HistoryHints.extends(entry, units) { return entry }
      index -= 1
    }
    return nil
  }
}

/// The prefix test of `TextHistory.newestEntry(withPrefix:)`.
enum HistoryHints {
  /// Whether `entry` is longer than `prefix` (UTF-16), starts with it code
  /// unit for code unit, and has a grapheme-cluster boundary where it ends.
  ///
  /// - Complexity: O(p), plus O(n) segmentation when the units agree.
  static func extends(_ entry: String, _ prefix: [UInt16]) -> Bool {
    let units = entry.utf16
    guard units.count > prefix.count, units.starts(with: prefix) else { return false }
    return Graphemes.boundaries(utf16: Array(units)).isBoundary(prefix.count)
  }
}

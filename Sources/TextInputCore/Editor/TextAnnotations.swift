public import Foundation
import TextInputBase

/// The name of a kind of annotation (`"rightAlignedSpaces.substituted"`).
public struct AnnotationKey: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
  /// The name; by convention prefixed with the plugin id.
  public let rawValue: String

  /// Creates a key.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Creates a key from a literal.
  public init(stringLiteral value: String) { self.rawValue = value }
}

/// An annotation on a range of text (UTF-16 code units).
public struct TextAnnotation: Hashable, Sendable {
  /// What the annotation marks.
  public var key: AnnotationKey
  /// The range it covers, UTF-16 code units.
  public var range: NSRange

  /// Creates an annotation.
  public init(_ key: AnnotationKey, _ range: NSRange) {
    self.key = key
    self.range = range
  }
}

/// Per-character marks that travel with the text: an edit shifts them, deleting
/// text deletes its marks, and undo restores them with the text.
///
/// A behaviour uses them to remember something about characters it wrote, such
/// as which no-break spaces it substituted for typed spaces, so the original
/// text can be given back exactly. Ranges of one key are kept sorted, disjoint
/// and merged; offsets are **UTF-16 code units**.
public struct TextAnnotations: Hashable, Sendable {
  private var storage: [AnnotationKey: [Range<Int>]] = [:]

  /// No annotations.
  public init() {}

  /// The keys with at least one range.
  public var keys: [AnnotationKey] {
    storage.filter { !$0.value.isEmpty }.keys.sorted { $0.rawValue < $1.rawValue }
  }

  /// Whether there are no annotations.
  public var isEmpty: Bool { storage.values.allSatisfy(\.isEmpty) }

  /// The ranges marked with `key`, ascending.
  ///
  /// - Complexity: O(k) in the number of ranges.
  public func ranges(_ key: AnnotationKey) -> [NSRange] {
    (storage[key] ?? []).map { NSRange(location: $0.lowerBound, length: $0.count) }
  }

  /// The parts of the ranges marked with `key` that lie in `range`, ascending.
  ///
  /// - Complexity: O(log k + m) for m ranges returned.
  public func ranges(_ key: AnnotationKey, in range: NSRange) -> [NSRange] {
    guard let ranges = storage[key], range.location != NSNotFound, range.length >= 0 else {
      return []
    }
    let lower = range.location
    let upper = lower + range.length
    var result: [NSRange] = []
    var index = Self.firstEnding(after: lower, in: ranges)
    while index < ranges.count, ranges[index].lowerBound < upper {
      let start = Swift.max(ranges[index].lowerBound, lower)
      let end = Swift.min(ranges[index].upperBound, upper)
      if start < end { result.append(NSRange(location: start, length: end - start)) }
      index += 1
    }
    return result
  }

  /// Whether the code unit at `offset` is marked with `key`.
  ///
  /// - Complexity: O(log k).
  public func contains(_ key: AnnotationKey, at offset: Int) -> Bool {
    guard let ranges = storage[key] else { return false }
    let index = Self.firstEnding(after: offset, in: ranges)
    return index < ranges.count && ranges[index].contains(offset)
  }

  /// Marks `range` with `key`, merging with touching ranges.
  ///
  /// - Complexity: O(log k + m) for m merged ranges, plus moving the tail.
  public mutating func add(_ key: AnnotationKey, _ range: Range<Int>) {
    guard !range.isEmpty else { return }
    var ranges = storage[key] ?? []
    storage[key] = nil
    var index = Self.firstEnding(after: range.lowerBound - 1, in: ranges)
    var merged = range
    let start = index
    while index < ranges.count, ranges[index].lowerBound <= merged.upperBound {
      merged =
        Swift.min(
          merged.lowerBound, ranges[index].lowerBound)..<Swift.max(
          merged.upperBound, ranges[index].upperBound)
      index += 1
    }
    ranges.replaceSubrange(start..<index, with: [merged])
    storage[key] = ranges
  }

  /// Removes `key` from `range`.
  ///
  /// - Complexity: O(log k + m), plus moving the tail.
  public mutating func remove(_ key: AnnotationKey, _ range: Range<Int>) {
    guard !range.isEmpty, var ranges = storage[key] else { return }
    storage[key] = nil
    let start = Self.firstEnding(after: range.lowerBound, in: ranges)
    var index = start
    var kept: [Range<Int>] = []
    while index < ranges.count, ranges[index].lowerBound < range.upperBound {
      let r = ranges[index]
      if r.lowerBound < range.lowerBound { kept.append(r.lowerBound..<range.lowerBound) }
      if r.upperBound > range.upperBound { kept.append(range.upperBound..<r.upperBound) }
      index += 1
    }
    ranges.replaceSubrange(start..<index, with: kept)
    storage[key] = ranges
  }

  /// Applies a text replacement of `oldLength` code units at `location` by
  /// `newLength`: marks in the replaced range are removed and returned
  /// (relative to `location`), later marks shift.
  ///
  /// - Complexity: O(log k + t) per key, t the ranges after `location`.
  mutating func replace(location: Int, oldLength: Int, newLength: Int) -> [TextAnnotation] {
    var removed: [TextAnnotation] = []
    let delta = newLength - oldLength
    let editEnd = location + oldLength
    for key in Array(storage.keys) {
      guard var ranges = storage[key] else { continue }
      storage[key] = nil
      let start = Self.firstEnding(after: location, in: ranges)
      var tail: [Range<Int>] = []
      var index = start
      while index < ranges.count,
        ranges[index].lowerBound < editEnd
          || (oldLength == 0 && ranges[index].lowerBound < location)
      {
        let r = ranges[index]
        let cutStart = Swift.max(r.lowerBound, location)
        let cutEnd = Swift.min(r.upperBound, editEnd)
        if cutStart < cutEnd {
          removed.append(
            TextAnnotation(key, NSRange(location: cutStart - location, length: cutEnd - cutStart)))
        }
        if r.lowerBound < location { tail.append(r.lowerBound..<location) }
        if r.upperBound > editEnd { tail.append((editEnd + delta)..<(r.upperBound + delta)) }
        index += 1
      }
      while index < ranges.count {
        tail.append((ranges[index].lowerBound + delta)..<(ranges[index].upperBound + delta))
        index += 1
      }
      ranges.replaceSubrange(start..<ranges.count, with: tail)
      Self.mergeTouching(&ranges, from: start - 1, through: start + 1)
      if !ranges.isEmpty { storage[key] = ranges }
    }
    return removed
  }

  /// Removes every annotation.
  mutating func removeAll() { storage = [:] }

  /// Merges ranges that touch after a deletion joined them, between the
  /// given indices, so equal marks always have one representation.
  private static func mergeTouching(_ ranges: inout [Range<Int>], from: Int, through: Int) {
    var index = Swift.max(from, 0)
    var last = through
    while index + 1 < ranges.count, index <= last {
      if ranges[index].upperBound >= ranges[index + 1].lowerBound {
        ranges[index] =
          ranges[index]
          .lowerBound..<Swift.max(ranges[index].upperBound, ranges[index + 1].upperBound)
        ranges.remove(at: index + 1)
        last -= 1
      } else {
        index += 1
      }
    }
  }

  /// The index of the first range whose upper bound is > `offset`.
  private static func firstEnding(after offset: Int, in ranges: [Range<Int>]) -> Int {
    ranges.partitioningIndex { $0.upperBound > offset }
  }
}

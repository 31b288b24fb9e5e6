public import Foundation

/// Grapheme clusters (UAX #29 extended grapheme clusters), the units a caret
/// moves over and a delete-backward removes.
///
/// Segmentation follows the system ICU's `UBRK_CHARACTER` rules exactly (its
/// Unicode version is `UnicodeVersions.unicode`), but runs in Swift on ICU's
/// character properties, with an ASCII fast path. Offsets are **UTF-16 code
/// units**.
///
/// ```swift
/// Graphemes.count(in: "🇫🇷e\u{301}\r\n")           // 3
/// Graphemes.boundaries(in: "🇫🇷e\u{301}").offsets  // [0, 4, 6]
/// ```
public enum Graphemes {
  /// The cluster boundaries of `text`, in UTF-16 code units (0 and the end included).
  ///
  /// - Complexity: O(n) in the UTF-8 length of `text`.
  public static func boundaries(in text: String) -> TextBoundaries {
    let visitor = ClusterScanner.scan(text, options: .standard, with: BoundaryVisitor())
    return TextBoundaries(sortedOffsets: visitor.offsets)
  }

  /// The cluster boundaries of UTF-16 code units (0 and the end included).
  /// An unpaired surrogate is a cluster of its own.
  ///
  /// - Complexity: O(n) in the number of code units.
  public static func boundaries(utf16 units: [UInt16]) -> TextBoundaries {
    let visitor = ClusterScanner.scan(utf16: units, options: .standard, with: BoundaryVisitor())
    return TextBoundaries(sortedOffsets: visitor.offsets)
  }

  /// The number of grapheme clusters in `text`; allocates nothing.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `text`.
  public static func count(in text: String) -> Int {
    ClusterScanner.scan(text, options: .standard, with: CountingVisitor()).count
  }

  /// The clusters of `text` with their UTF-16 ranges and widths in cells.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `text`.
  public static func clusters(in text: String, options: WidthOptions = .standard)
    -> [MeasuredCluster]
  {
    ClusterScanner.scan(text, options: options, with: ClusterListVisitor()).clusters
  }

  /// The clusters of UTF-16 code units with their ranges and widths in cells.
  ///
  /// - Complexity: O(n) in the number of code units.
  public static func clusters(utf16 units: [UInt16], options: WidthOptions = .standard)
    -> [MeasuredCluster]
  {
    ClusterScanner.scan(utf16: units, options: options, with: ClusterListVisitor()).clusters
  }
}

/// One grapheme cluster: where it is and how wide it shows.
public struct MeasuredCluster: Hashable, Sendable {
  /// The cluster's range in UTF-16 code units.
  public var range: NSRange
  /// Its width in terminal cells (see `DisplayWidth`).
  public var width: Int
  /// Whether it is a control character (0 cells).
  public var isControl: Bool

  /// Creates a measured cluster.
  public init(range: NSRange, width: Int, isControl: Bool) {
    self.range = range
    self.width = width
    self.isControl = isControl
  }
}

struct BoundaryVisitor: ClusterVisitor {
  static var needsWidth: Bool { false }
  var offsets: [Int] = [0]

  @inline(__always)
  mutating func visit(start: Int, end: Int, width: Int, isControl: Bool) {
    offsets.append(end)
  }

  @inline(__always)
  mutating func visitASCII(start: Int, count: Int, printable: Int, bytes: UnsafePointer<UInt8>) {
    for offset in start + 1...start + count { offsets.append(offset) }
  }
}

struct CountingVisitor: ClusterVisitor {
  static var needsWidth: Bool { false }
  static var needsEachCluster: Bool { false }
  var count = 0

  @inline(__always)
  mutating func visitRun(end: Int, count: Int, width: Int) { self.count += count }

  @inline(__always)
  mutating func visit(start: Int, end: Int, width: Int, isControl: Bool) { count += 1 }

  @inline(__always)
  mutating func visitASCII(start: Int, count: Int, printable: Int, bytes: UnsafePointer<UInt8>) {
    self.count += count
  }
}

struct ClusterListVisitor: ClusterVisitor {
  static var needsWidth: Bool { true }
  var clusters: [MeasuredCluster] = []

  @inline(__always)
  mutating func visit(start: Int, end: Int, width: Int, isControl: Bool) {
    clusters.append(
      MeasuredCluster(
        range: NSRange(location: start, length: end - start), width: width, isControl: isControl))
  }

  @inline(__always)
  mutating func visitASCII(start: Int, count: Int, printable: Int, bytes: UnsafePointer<UInt8>) {
    for k in 0..<count {
      let byte = bytes[k]
      let printable = byte >= 0x20 && byte != 0x7F
      clusters.append(
        MeasuredCluster(
          range: NSRange(location: start + k, length: 1), width: printable ? 1 : 0,
          isControl: !printable))
    }
  }
}

extension Graphemes {
  /// The offset of the base of the cluster `units[cluster]` (UTF-16 code
  /// units): its first code point that is not Prepend (UAX #29 rule GB9b), or
  /// the cluster's start when every code point is Prepend. A prepended
  /// concatenation mark such as U+0600 can resolve to another bidi level than
  /// the letter it stands before; layout gives the whole cluster the level of
  /// its base.
  ///
  /// ```swift
  /// let units = Array("\u{600}\u{627}".utf16)
  /// Graphemes.baseOffset(ofCluster: 0..<2, in: units)   // 1, the ا after U+0600
  /// ```
  ///
  /// - Complexity: O(k) in the length of the cluster.
  package static func baseOffset(ofCluster cluster: Range<Int>, in units: UTF16Buffer) -> Int {
    // (Specialised here, for layout's placement of every cluster.)
    baseOffset(ofCluster: cluster, in: units[cluster])
  }

  /// The offset of the base of the cluster `units[cluster]`, as above.
  ///
  /// - Complexity: O(k) in the length of the cluster.
  package static func baseOffset<Units: RandomAccessCollection<UInt16>>(
    ofCluster cluster: Range<Int>, in units: Units
  ) -> Int where Units.Index == Int {
    let table = CharacterTable.shared
    var index = cluster.lowerBound
    while index < cluster.upperBound {
      let (scalar, length) = SurrogatePairs.decode(units, at: index)
      if table.properties(scalar).breakClass != BreakClass.prepend { return index }
      index += length
    }
    return cluster.lowerBound
  }
}

extension Graphemes {
  /// Calls `body` with each grapheme cluster of `text`, in order: its end
  /// offset in UTF-16 code units (its start is the previous end, or 0), its
  /// width in cells (see `DisplayWidth`) and whether it is a control. One pass,
  /// the same run loop as `DisplayWidth.measurement`, and no allocation.
  ///
  /// ```swift
  /// Graphemes.forEachCluster(in: "e\u{301}日") { end, width, _ in print(end, width) }
  /// // 2 1, then 3 2
  /// ```
  ///
  /// - Complexity: O(n) in the UTF-8 length of `text`.
  package static func forEachCluster(
    in text: String, options: WidthOptions = .standard,
    _ body: (_ end: Int, _ width: Int, _ isControl: Bool) -> Void
  ) {
    withoutActuallyEscaping(body) { body in
      _ = ClusterScanner.scan(text, options: options, with: CallbackVisitor(body: body))
    }
  }

  /// `forEachCluster(in:options:_:)` over UTF-16 code units (unpaired
  /// surrogates allowed, each a 1-cell cluster).
  ///
  /// - Complexity: O(n) in the number of code units.
  package static func forEachCluster(
    utf16 units: [UInt16], options: WidthOptions = .standard,
    _ body: (_ end: Int, _ width: Int, _ isControl: Bool) -> Void
  ) {
    withoutActuallyEscaping(body) { body in
      _ = ClusterScanner.scan(utf16: units, options: options, with: CallbackVisitor(body: body))
    }
  }
}

/// Hands every cluster to a closure.
struct CallbackVisitor: ClusterVisitor {
  static var needsWidth: Bool { true }
  let body: (Int, Int, Bool) -> Void

  @inline(__always)
  mutating func visit(start: Int, end: Int, width: Int, isControl: Bool) {
    body(end, width, isControl)
  }

  @inline(__always)
  mutating func visitASCII(start: Int, count: Int, printable: Int, bytes: UnsafePointer<UInt8>) {
    for k in 0..<count {
      let byte = bytes[k]
      let isPrintable = byte >= 0x20 && byte != 0x7F
      body(start + k + 1, isPrintable ? 1 : 0, !isPrintable)
    }
  }
}

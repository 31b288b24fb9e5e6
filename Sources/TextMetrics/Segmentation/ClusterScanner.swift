/// Receives the grapheme clusters of a scan, in order.
///
/// Offsets are UTF-16 code units from the start of the text.
protocol ClusterVisitor {
  /// Whether the visitor reads `width`; when false the scan skips the width work.
  static var needsWidth: Bool { get }
  /// One cluster [start, end) with its width in cells.
  mutating func visit(start: Int, end: Int, width: Int, isControl: Bool)
  /// `count` one-unit ASCII clusters from `start`, of which `printable` are
  /// 1 cell wide and the rest controls (0 cells, never CR).
  mutating func visitASCII(start: Int, count: Int, printable: Int, bytes: UnsafePointer<UInt8>)
}

/// Where a scan reads its text: it can copy a stretch of it out as UTF-16 for
/// the rare clusters that need ICU.
protocol ClusterSource {
  /// Appends the UTF-16 of source positions [start, end) to `units`.
  func appendUTF16(from start: Int, to end: Int, into units: inout [UInt16])
}

struct UTF8Source: ClusterSource {
  let bytes: UnsafeBufferPointer<UInt8>
  func appendUTF16(from start: Int, to end: Int, into units: inout [UInt16]) {
    units.append(contentsOf: utf16(ofValidUTF8: UnsafeBufferPointer(rebasing: bytes[start..<end])))
  }
}

struct UTF16Source: ClusterSource {
  let units: UnsafeBufferPointer<UInt16>
  func appendUTF16(from start: Int, to end: Int, into units: inout [UInt16]) {
    units.append(contentsOf: self.units[start..<end])
  }
}

/// The state of one scan: the grapheme state machine (`GraphemeBreakState`),
/// the width accumulator of the open cluster, and the visitor. Kept in a struct
/// (not captured by closures) so that the hot loop needs no dynamic
/// exclusivity checks.
struct ClusterScan<V: ClusterVisitor, Source: ClusterSource> {
  var visitor: V
  let source: Source
  let options: WidthOptions
  let cellTable: UInt32
  let table = CharacterTable.shared
  var state = GraphemeBreakState()
  var cluster = ClusterAccumulator()
  var scratch: [UInt16] = []
  /// The open cluster's start, in UTF-16 code units and in source positions.
  var clusterStart = 0
  var clusterStartIndex = 0
  var pending = false

  init(visitor: V, source: Source, options: WidthOptions) {
    self.visitor = visitor
    self.source = source
    self.options = options
    self.cellTable = ClusterAccumulator.cellTable(options)
  }

  /// Feeds one code point at UTF-16 `offset` and source position `index`.
  @inline(__always)
  mutating func feed(_ scalar: UInt32, offset: Int, index: Int) {
    let properties = table.properties(scalar)
    if state.advance(properties, table) {
      if pending { flush(end: offset, endIndex: index) }
      pending = true
      clusterStart = offset
      clusterStartIndex = index
      if V.needsWidth { cluster.start(scalar, properties, cellTable) }
    } else if V.needsWidth {
      cluster.add(scalar, properties, cellTable)
    }
  }

  /// Reports the open cluster, which ends at `end` (UTF-16) / `endIndex` (source).
  @inline(__always)
  mutating func flush(end: Int, endIndex: Int) {
    if V.needsWidth {
      let start = clusterStartIndex
      let source = self.source
      let width = cluster.width(options, scratch: &scratch) { units in
        source.appendUTF16(from: start, to: endIndex, into: &units)
      }
      visitor.visit(start: clusterStart, end: end, width: width, isControl: cluster.isControl)
    } else {
      visitor.visit(start: clusterStart, end: end, width: 0, isControl: false)
    }
  }

  /// Closes the scan at UTF-16 `end` / source `endIndex`.
  @inline(__always)
  mutating func finish(end: Int, endIndex: Int) {
    if pending { flush(end: end, endIndex: endIndex) }
    pending = false
  }
}

/// The scans behind every grapheme and width API: one state machine and one
/// width accumulator (`ClusterScan`), fed by a UTF-8 decoder with an
/// eight-bytes-at-a-time ASCII path, or by a UTF-16 decoder.
enum ClusterScanner {
  private static let high: UInt64 = 0x8080_8080_8080_8080
  private static let ones: UInt64 = 0x0101_0101_0101_0101

  /// Scans valid UTF-8 (a Swift string's storage).
  ///
  /// - Complexity: O(n) in the number of bytes.
  @inline(__always)
  static func scan<V: ClusterVisitor>(
    utf8 bytes: UnsafeBufferPointer<UInt8>, options: WidthOptions, into visitor: inout V
  ) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    var scan = ClusterScan(visitor: visitor, source: UTF8Source(bytes: bytes), options: options)
    let n = bytes.count
    var i = 0
    var offset = 0

    while i < n {
      // Eight ASCII bytes with no CR, followed by ASCII (or the end), after a code
      // point that is not Prepend or CR: each byte is a cluster of its own.
      if i + 8 <= n, !scan.state.previousIsPrepend, !scan.state.previousIsCR {
        var word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        if Self.isASCIIWithoutCR(word), i + 8 == n || base[i + 8] < 0x80 {
          scan.finish(end: offset, endIndex: i)
          repeat {
            scan.visitor.visitASCII(
              start: offset, count: 8, printable: Self.printableCount(word), bytes: base + i)
            i += 8
            offset += 8
            guard i + 8 <= n else { break }
            word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
          } while Self.isASCIIWithoutCR(word) && (i + 8 == n || base[i + 8] < 0x80)
          scan.state.resetAfterOther()
          continue
        }
      }

      // One code point.
      let (scalar, length) = ValidUTF8.decode(base, at: i)
      scan.feed(scalar, offset: offset, index: i)
      i += length
      offset += length == 4 ? 2 : 1
    }
    scan.finish(end: offset, endIndex: n)
    visitor = scan.visitor
  }

  /// Scans UTF-16 code units; an unpaired surrogate is a cluster of its own,
  /// 1 cell wide (it displays as U+FFFD), as ICU segments it.
  ///
  /// - Complexity: O(n) in the number of code units.
  @inline(__always)
  static func scan<V: ClusterVisitor>(
    utf16 units: UnsafeBufferPointer<UInt16>, options: WidthOptions, into visitor: inout V
  ) {
    guard !units.isEmpty else { return }
    var scan = ClusterScan(visitor: visitor, source: UTF16Source(units: units), options: options)
    let n = units.count
    var i = 0
    while i < n {
      let (scalar, length) = SurrogatePairs.decode(units, at: i)
      scan.feed(scalar, offset: i, index: i)
      i += length
    }
    scan.finish(end: n, endIndex: n)
    visitor = scan.visitor
  }

  /// Scans a string's UTF-8 (made contiguous first if it is not) into
  /// `visitor`, and returns the visitor.
  ///
  /// - Complexity: O(n) in the number of bytes.
  @inline(__always)
  static func scan<V: ClusterVisitor>(_ text: String, options: WidthOptions, with visitor: V) -> V {
    var visitor = visitor
    withUTF8(text) { scan(utf8: $0, options: options, into: &visitor) }
    return visitor
  }

  /// Scans UTF-16 code units into `visitor`, and returns the visitor.
  ///
  /// - Complexity: O(n) in the number of code units.
  @inline(__always)
  static func scan<V: ClusterVisitor>(
    utf16 units: [UInt16], options: WidthOptions, with visitor: V
  ) -> V {
    var visitor = visitor
    units.withUnsafeBufferPointer { scan(utf16: $0, options: options, into: &visitor) }
    return visitor
  }

  /// All eight bytes are ASCII and none is CR (U+000D).
  @inline(__always)
  static func isASCIIWithoutCR(_ word: UInt64) -> Bool {
    guard word & high == 0 else { return false }
    let x = word ^ 0x0D0D_0D0D_0D0D_0D0D
    return (x &- ones) & ~x & high == 0
  }

  /// How many of eight ASCII bytes are printable (U+0020–U+007E).
  @inline(__always)
  static func printableCount(_ word: UInt64) -> Int {
    let atLeastSpace = word &+ 0x6060_6060_6060_6060
    let notDelete = (word ^ 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F
    return (atLeastSpace & notDelete & high).nonzeroBitCount
  }
}

/// Runs `body` over a string's UTF-8, making it contiguous first if it is not.
@inline(__always)
func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
  if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
  var copy = text
  return copy.withUTF8(body)
}

/// The grapheme-and-width scan with and without its run loop, for the tests
/// and `Benchmarks/` to compare: the run loop (a table lookup per singleton
/// starter) must give exactly what the general path (every code point through
/// the state machine) gives.
///
/// Not API (SPI for the tests and `Benchmarks/`); may change without notice.
@_spi(Reference)
public enum ScanReference {
  /// `DisplayWidth.measurement(in:options:)`, with the run loop (`runs`) or
  /// through the general path only.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `text`.
  public static func measurement(in text: String, options: WidthOptions, runs: Bool)
    -> TextMeasurement
  {
    ClusterScanner.scan(text, options: options, runs: runs, with: MeasuringVisitor()).measurement
  }

  /// `DisplayWidth.measurement(utf16:options:)`, with or without the run loop.
  ///
  /// - Complexity: O(n) in the number of code units.
  public static func measurement(utf16 units: [UInt16], options: WidthOptions, runs: Bool)
    -> TextMeasurement
  {
    ClusterScanner.scan(utf16: units, options: options, runs: runs, with: MeasuringVisitor())
      .measurement
  }

  /// `Graphemes.clusters(in:options:)`, with or without the run loop.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `text`.
  public static func clusters(in text: String, options: WidthOptions, runs: Bool)
    -> [MeasuredCluster]
  {
    ClusterScanner.scan(text, options: options, runs: runs, with: ClusterListVisitor()).clusters
  }

  /// `Graphemes.clusters(utf16:options:)`, with or without the run loop.
  ///
  /// - Complexity: O(n) in the number of code units.
  public static func clusters(utf16 units: [UInt16], options: WidthOptions, runs: Bool)
    -> [MeasuredCluster]
  {
    ClusterScanner.scan(utf16: units, options: options, runs: runs, with: ClusterListVisitor())
      .clusters
  }

  /// A 64-bit digest of every cluster's end offset (UTF-16), width and
  /// control flag, in order: equal digests mean (but for a 2^-64 chance) the
  /// same clusters and widths, without holding a list of millions of clusters.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `text`.
  public static func clusterDigest(in text: String, options: WidthOptions, runs: Bool) -> UInt64 {
    ClusterScanner.scan(text, options: options, runs: runs, with: DigestVisitor()).digest
  }
}

/// Folds every cluster into a digest (per cluster, never batched).
struct DigestVisitor: ClusterVisitor {
  static var needsWidth: Bool { true }
  var digest: UInt64 = 0xCBF2_9CE4_8422_2325

  @inline(__always)
  mutating func add(end: Int, width: Int, isControl: Bool) {
    let value =
      UInt64(truncatingIfNeeded: end) << 8 | UInt64(truncatingIfNeeded: width) << 1
      | (isControl ? 1 : 0)
    digest = (digest ^ value) &* 0x100_0000_01B3
    digest ^= digest >> 29
  }

  @inline(__always)
  mutating func visit(start: Int, end: Int, width: Int, isControl: Bool) {
    add(end: end, width: width, isControl: isControl)
  }

  @inline(__always)
  mutating func visitASCII(start: Int, count: Int, printable: Int, bytes: UnsafePointer<UInt8>) {
    for k in 0..<count {
      let byte = bytes[k]
      let isPrintable = byte >= 0x20 && byte != 0x7F
      add(end: start + k + 1, width: isPrintable ? 1 : 0, isControl: !isPrintable)
    }
  }
}

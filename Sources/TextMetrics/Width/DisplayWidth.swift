/// Display width in terminal cells.
///
/// ## Policy
///
/// The width of a string is the sum of the widths of its grapheme clusters
/// (UAX #29, as `Graphemes` segments them). The width of a cluster:
///
/// - An RGI emoji sequence (ZWJ, modifier, keycap, flag = two regional
///   indicators, tag sequence; ICU's `RGI_Emoji`) is **2**. An `Emoji` code point
///   followed by VS16 (U+FE0F) is **2**. An `Emoji_Presentation` code point followed
///   by VS15 (U+FE0E) is **1**. A lone regional indicator is 1.
/// - A ZWJ sequence that is not RGI (`😶‍🌫` without its VS16, `❤‍🔥`) is its first
///   emoji's width: **2** for a wide one, **1** for a text-default one (**2** if a
///   VS16 in the sequence presents it as an emoji), as a
///   grapheme-cluster terminal (mode 2027: foot, Ghostty, Contour, WezTerm, kitty)
///   draws it.
/// - Any other cluster is the sum of its code points' widths, taken on the
///   cluster's canonical composition (NFC), so canonically equivalent text
///   measures the same:
///   - **0**: nonspacing and enclosing marks (Mn, Me); format characters (Cf),
///     except the prepended concatenation marks such as U+0600–U+0605, which
///     are 1; default-ignorable code points (U+00AD, U+200B, ZWJ, variation
///     selectors, Hangul fillers, …); Hangul medial vowels and final consonants
///     (U+1160–U+11FF, U+D7B0–U+D7FF).
///   - **2**: East Asian Wide (W) and Fullwidth (F).
///   - **1**: everything else, spacing marks included (so क्ष is 2 cells, and
///     한 spelled as jamo L+V+T is 2 cells, as precomposed).
/// - A control character (Cc: C0, DEL, C1; CR LF is one cluster) is **0** and is
///   reported through `isControl`, never measured as -1.
/// - East Asian Ambiguous (A) is 1 by default, 2 with
///   `WidthOptions.ambiguousIsWide`.
/// - In UTF-16 input, an unpaired surrogate is a cluster of its own, 1 cell (it
///   displays as U+FFFD).
///
/// Character properties come from the system ICU, so the policy follows its
/// Unicode version (`UnicodeVersions.unicode`).
///
/// This is what a terminal in grapheme-cluster mode (2027) draws for emoji
/// sequences of every emoji-test qualification level, flags, keycaps, CJK and
/// combining sequences. Measured against the widths ucs-detect published for
/// foot, Ghostty and Contour (TextInputTerminal's `KnownTerminal`), the rest
/// differs: those terminals ignore VS15 after a wide emoji (2, not 1), draw a
/// text-default emoji with a skin-tone modifier in 1 cell (`🖐🏻`), and know the
/// wide characters of Unicode versions after ICU's.
///
/// ```swift
/// DisplayWidth.width(in: "abc")        // 3
/// DisplayWidth.width(in: "日本")        // 4
/// DisplayWidth.width(in: "👩‍👩‍👧")        // 2
/// DisplayWidth.width(in: "e\u{301}")   // 1
/// DisplayWidth.width(in: "±", options: .eastAsian)  // 2
/// ```
public enum DisplayWidth {
  /// The width of `text` in terminal cells.
  ///
  /// - Complexity: O(n) in the UTF-8 length of `text`; printable ASCII is
  ///   measured eight bytes at a time.
  public static func width(in text: String, options: WidthOptions = .standard) -> Int {
    measurement(in: text, options: options).width
  }

  /// The width of `units` (UTF-16 code units; unpaired surrogates allowed) in cells.
  ///
  /// - Complexity: O(n) in the number of code units.
  public static func width(utf16 units: [UInt16], options: WidthOptions = .standard) -> Int {
    measurement(utf16: units, options: options).width
  }

  /// The width of one grapheme cluster.
  ///
  /// A `Character` is one cluster under Swift's own segmentation; should ICU's
  /// (older) rules split it, this is the sum of its clusters' widths.
  ///
  /// - Complexity: O(n) in the cluster's length.
  public static func width(of cluster: Character, options: WidthOptions = .standard) -> ClusterWidth
  {
    let measured = measurement(in: String(cluster), options: options)
    return ClusterWidth(width: measured.width, isControl: measured.containsControl)
  }

  /// Length, cluster count, width and whether there are controls, in one pass
  /// that allocates nothing (the streaming path of `Samples measure --summary`).
  ///
  /// - Complexity: O(n) in the UTF-8 length of `text`.
  public static func measurement(in text: String, options: WidthOptions = .standard)
    -> TextMeasurement
  {
    ClusterScanner.scan(text, options: options, with: MeasuringVisitor()).measurement
  }

  /// Length, cluster count, width and controls of UTF-16 code units, in one pass.
  ///
  /// - Complexity: O(n) in the number of code units.
  public static func measurement(utf16 units: [UInt16], options: WidthOptions = .standard)
    -> TextMeasurement
  {
    ClusterScanner.scan(utf16: units, options: options, with: MeasuringVisitor()).measurement
  }
}

/// The width of one grapheme cluster.
public struct ClusterWidth: Hashable, Sendable {
  /// The width in terminal cells: 0, 1 or 2 for most clusters; more for a non-RGI sequence
  /// of wide characters (the sum of its parts).
  public var width: Int
  /// Whether the cluster is a control character (measured 0 cells).
  public var isControl: Bool

  /// Creates a cluster width.
  public init(width: Int, isControl: Bool) {
    self.width = width
    self.isControl = isControl
  }
}

/// What one pass over a text measures.
public struct TextMeasurement: Hashable, Sendable {
  /// Length in UTF-16 code units.
  public var utf16Count: Int
  /// Number of grapheme clusters.
  public var graphemeCount: Int
  /// Width in terminal cells (see `DisplayWidth`).
  public var width: Int
  /// Whether any cluster is a control character.
  public var containsControl: Bool

  /// Creates a measurement.
  public init(utf16Count: Int, graphemeCount: Int, width: Int, containsControl: Bool) {
    self.utf16Count = utf16Count
    self.graphemeCount = graphemeCount
    self.width = width
    self.containsControl = containsControl
  }
}

struct MeasuringVisitor: ClusterVisitor {
  static var needsWidth: Bool { true }
  static var needsEachCluster: Bool { false }
  var measurement = TextMeasurement(
    utf16Count: 0, graphemeCount: 0, width: 0, containsControl: false)

  @inline(__always)
  mutating func visit(start: Int, end: Int, width: Int, isControl: Bool) {
    measurement.graphemeCount += 1
    measurement.width += width
    measurement.utf16Count = end
    if isControl { measurement.containsControl = true }
  }

  @inline(__always)
  mutating func visitASCII(start: Int, count: Int, printable: Int, bytes: UnsafePointer<UInt8>) {
    measurement.graphemeCount += count
    measurement.width += printable
    measurement.utf16Count = start + count
    if printable != count { measurement.containsControl = true }
  }

  @inline(__always)
  mutating func visitRun(end: Int, count: Int, width: Int) {
    measurement.graphemeCount += count
    measurement.width += width
    measurement.utf16Count = end
  }
}

/// Options of the display-width policy.
public struct WidthOptions: Hashable, Sendable {
  /// Whether East Asian Ambiguous characters (such as `±`, `→`, Greek and
  /// Cyrillic letters, U+00A1…) take 2 cells, as CJK terminals show them.
  /// Default: false (1 cell).
  public var ambiguousIsWide: Bool

  /// Creates options; by default Ambiguous characters are 1 cell.
  public init(ambiguousIsWide: Bool = false) {
    self.ambiguousIsWide = ambiguousIsWide
  }

  /// Ambiguous characters are 1 cell (most terminals).
  public static let standard = WidthOptions()
  /// Ambiguous characters are 2 cells (CJK terminals).
  public static let eastAsian = WidthOptions(ambiguousIsWide: true)
}

public import Foundation

/// A value a behaviour publishes for a renderer: what its plugin wants drawn
/// (a placeholder's frame and text, a trailing pad width, link highlight
/// rects). Plain `Sendable` value types; each plugin defines its own.
public protocol PresentationValue: Sendable {}

/// Everything the behaviours of an editor publish, in chain order, looked up
/// by type.
///
/// ```swift
/// let presentation = editor.presentation
/// if let pad = presentation[TrailingPad.self] { draw(pad) }
/// for rect in presentation.all(HighlightRect.self) { fill(rect) }
/// ```
public struct Presentation: Sendable {
  /// The values, in chain order (each behaviour's in the order it gave them).
  public let values: [any PresentationValue]

  /// A presentation holding `values`.
  public init(_ values: [any PresentationValue] = []) {
    self.values = values
  }

  /// The first value of type `T`, or nil.
  ///
  /// - Complexity: O(n) in the number of values.
  public subscript<T: PresentationValue>(_ type: T.Type) -> T? {
    for value in values {
      if let match = value as? T { return match }
    }
    return nil
  }

  /// Every value of type `T`, in order.
  ///
  /// - Complexity: O(n) in the number of values.
  public func all<T: PresentationValue>(_ type: T.Type) -> [T] {
    values.compactMap { $0 as? T }
  }

  /// Whether there are no values.
  public var isEmpty: Bool { values.isEmpty }
}

/// How a behaviour draws part of the text without changing it: each code
/// unit in `ranges` (UTF-16 code units of the editor's text) is drawn as
/// `replacement`. The text a program reads (`Editor.text`) stays what the user
/// typed; the editor lays out and a renderer draws `Editor.displayedText`,
/// where every behaviour's substitution is applied. Offsets are the same in
/// both, so carets, selections and hit-testing carry over.
///
/// Two forms:
/// - **Unit by unit** (`continuation` nil): every unit of every range becomes
///   `replacement`. `RightAlignedSpaces` draws trailing spaces as U+00A0 this
///   way; it suits ranges of single-unit characters that break grapheme
///   clusters as the replacement does.
/// - **Cluster by cluster** (`continuation` set, `init(clusters:replacement:continuation:)`):
///   each range is one grapheme cluster; its first unit becomes `replacement`
///   and every other unit `continuation`. With a continuation of
///   Grapheme_Cluster_Break Extend (U+034F COMBINING GRAPHEME JOINER) and a
///   replacement of Grapheme_Cluster_Break Other (U+2022 BULLET), the
///   displayed text has exactly the text's cluster boundaries, so a cluster
///   of any length (`e\u{301}`, a flag, a ZWJ family) draws as one mask
///   symbol and the caret still moves by cluster. `SecureEntry`
///   (TextFieldRules) masks a password this way.
///
/// The editor applies the unit-by-unit substitutions first and the
/// cluster-by-cluster ones after them (each kind in chain order), so a mask
/// covers a space another behaviour substitutes.
///
/// A behaviour gives one from `EditorBehaviour.displaySubstitution(inParagraphs:of:)`.
public struct DisplaySubstitution: Hashable, Sendable {
  /// The ranges drawn substituted, UTF-16 code units of the text, ascending
  /// and not overlapping. With a `continuation`, each is one grapheme cluster.
  public var ranges: [NSRange]
  /// The code unit each unit of the ranges is drawn as (the first unit of
  /// each range when `continuation` is set). It should break grapheme
  /// clusters as the units it replaces do (U+0020 and U+00A0 do).
  public var replacement: UInt16
  /// The code unit the second and later units of each range are drawn as, or
  /// nil to draw every unit as `replacement`. It should extend a cluster
  /// (Grapheme_Cluster_Break Extend, such as U+034F) so that cluster
  /// boundaries do not move.
  public var continuation: UInt16?

  /// Creates a unit-by-unit substitution: every unit of `ranges` (UTF-16
  /// code units) is drawn as `replacement`.
  public init(ranges: [NSRange], replacement: UInt16) {
    self.ranges = ranges
    self.replacement = replacement
    self.continuation = nil
  }

  /// Creates a cluster-by-cluster substitution: each of `clusters` (one
  /// grapheme cluster each, UTF-16 code units, ascending, not overlapping)
  /// is drawn as `replacement` followed by `continuation` for its other units.
  public init(clusters: [NSRange], replacement: UInt16, continuation: UInt16) {
    self.ranges = clusters
    self.replacement = replacement
    self.continuation = continuation
  }

  /// The unit drawn at `offset` (UTF-16 code units of the text) of `range`,
  /// one of `ranges`: `replacement`, or `continuation` after a range's first
  /// unit when it is set.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func unit(at offset: Int, of range: NSRange) -> UInt16 {
    guard let continuation, offset != range.location else { return replacement }
    return continuation
  }

  /// Draws `units` substituted: every unit of `ranges` (clipped to `units`)
  /// becomes `replacement` (or `continuation`, see `unit(at:of:)`). The
  /// length never changes.
  ///
  /// - Complexity: O(m) in the units the ranges cover.
  public func apply(to units: inout [UInt16]) {
    for range in ranges {
      for offset in range.clamped(toLength: units.count) {
        units[offset] = unit(at: offset, of: range)
      }
    }
  }
}

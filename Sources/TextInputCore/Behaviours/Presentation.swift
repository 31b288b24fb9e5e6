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

/// How a behaviour draws part of the text without changing it. The text a
/// program reads (`Editor.text`) stays what the user typed; the editor lays
/// out and a renderer draws `Editor.displayedText`, where every behaviour's
/// substitution is applied. A substitution may change the text's length (a
/// password cluster of any length drawn as one mask symbol): the editor's
/// `DisplayMap` (`EditorState.displayMap`) ties offsets in the typed text
/// (UTF-16 code units) to offsets in the displayed text, and carets,
/// selections, hit-testing and link rects go through it.
///
/// Two forms:
/// - **Unit by unit** (`Form.eachUnit`, `init(ranges:replacement:)`): every
///   UTF-16 code unit of every range is drawn as `replacement`; the length
///   does not change. `RightAlignedSpaces` draws trailing spaces as U+00A0
///   this way; it suits ranges of single-unit characters that break grapheme
///   clusters as the replacement does.
/// - **Range by range** (`Form.eachRange`, `init(clusters:replacement:)`):
///   each range (one grapheme cluster) is drawn as the one code unit
///   `replacement`. `SecureEntry` (TextFieldRules) masks a password this way:
///   `e\u{301}`, a flag or a ZWJ family is one `•`.
///
/// The editor applies the unit-by-unit substitutions first and the
/// range-by-range ones after them (each form in chain order); where a later
/// range overlaps earlier ones it wins: an earlier unit-by-unit range keeps
/// its units outside the overlap, an earlier range-by-range one is dropped
/// (its units outside the overlap are drawn as typed). So a mask covers a
/// space another behaviour substitutes.
///
/// A substitution must keep hard line breaks as typed (no range covers one),
/// so that the displayed text has the typed text's paragraphs.
///
/// A behaviour gives one from `EditorBehaviour.displaySubstitution(inParagraphs:of:)`.
public struct DisplaySubstitution: Hashable, Sendable {
  /// How the ranges are drawn.
  public enum Form: Hashable, Sendable {
    /// Every code unit of each range is drawn as `replacement` (same length).
    case eachUnit
    /// Each range is drawn as one `replacement` code unit.
    case eachRange
  }

  /// The ranges drawn substituted, UTF-16 code units of the typed text,
  /// ascending and not overlapping. With `Form.eachRange`, each is one
  /// grapheme cluster.
  public var ranges: [NSRange]
  /// The code unit drawn for each unit of the ranges (`.eachUnit`) or for
  /// each range (`.eachRange`). It should start a grapheme cluster of its
  /// own, as the text it replaces does (U+0020, U+00A0, `•` do).
  public var replacement: UInt16
  /// How the ranges are drawn.
  public var form: Form

  /// Creates a unit-by-unit substitution: every unit of `ranges` (UTF-16
  /// code units) is drawn as `replacement`. The length does not change.
  public init(ranges: [NSRange], replacement: UInt16) {
    self.ranges = ranges
    self.replacement = replacement
    self.form = .eachUnit
  }

  /// Creates a range-by-range substitution: each of `clusters` (one
  /// grapheme cluster each, UTF-16 code units, ascending, not overlapping)
  /// is drawn as the one code unit `replacement`.
  public init(clusters: [NSRange], replacement: UInt16) {
    self.ranges = clusters
    self.replacement = replacement
    self.form = .eachRange
  }

  /// How many UTF-16 code units `range`, one of `ranges`, is drawn as: its
  /// length (`.eachUnit`) or 1 (`.eachRange`, for a non-empty range).
  ///
  /// - Complexity: O(1).
  public func displayedLength(of range: NSRange) -> Int {
    form == .eachUnit || range.length <= 0 ? Swift.max(range.length, 0) : 1
  }

  /// Draws `units` substituted: each of `ranges` (clipped to `units`; ranges
  /// that are not ascending and disjoint are skipped) becomes its displayed
  /// units. With `.eachRange` the length changes.
  ///
  /// - Complexity: O(n) in the length of `units`.
  public func apply(to units: inout [UInt16]) {
    var out: [UInt16] = []
    out.reserveCapacity(units.count)
    var position = 0
    for range in ranges {
      let clamped = range.clamped(toLength: units.count)
      guard clamped.lowerBound >= position, !clamped.isEmpty else { continue }
      out += units[position..<clamped.lowerBound]
      switch form {
      case .eachUnit: out += repeatElement(replacement, count: clamped.count)
      case .eachRange: out.append(replacement)
      }
      position = clamped.upperBound
    }
    out += units[position...]
    units = out
  }
}

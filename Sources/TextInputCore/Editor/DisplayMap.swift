public import Foundation
import TextInputBase
import TextMetrics

/// The map between offsets in the text a user typed (`Editor.text`) and in
/// the text as drawn (`Editor.displayedText`, what `EditorState.layout` lays
/// out), both in **UTF-16 code units**: the editor's analogue of TextKit's
/// glyph generation, so that a `DisplaySubstitution` may draw a range in a
/// different number of code units (a password cluster as one mask symbol).
///
/// The map is a sorted list of disjoint *pieces*, each a non-empty typed
/// range drawn as a displayed range; between pieces the two texts are equal,
/// offset for offset. A piece whose two ranges have the same length (trailing
/// spaces drawn as U+00A0) maps offset for offset too; inside a piece whose
/// lengths differ (a cluster drawn as one `•`), an offset has no counterpart
/// and is rounded to the piece's start (`.down`) or end (`.up`).
///
/// ```swift
/// // "ab\u{301}c" with the cluster "b\u{301}" (typed 1..<3) drawn as one unit:
/// let map = DisplayMap(
///   typedLength: 4, pieces: [(typed: NSRange(location: 1, length: 2), displayedLength: 1)])
/// map.displayed(fromTyped: 3)                              // 2
/// map.typed(fromDisplayed: 2)                              // 3
/// map.displayed(fromTyped: 2, rounding: .up)               // 2 (inside the piece)
/// map.displayed(fromTyped: NSRange(location: 0, length: 3))  // {0, 2}
/// ```
///
/// The editor owns one (`EditorState.displayMap`) and keeps it up to date
/// with its layout: an edit replaces the pieces of the paragraphs it touched
/// and moves none of the others (the pieces are kept in the gap-buffer core
/// the text and the layout's lines use, those after the gap relative to one
/// shift), so a keystroke costs O(edit) plus the pieces of the touched
/// paragraphs, not O(text).
public struct DisplayMap: Sendable {
  /// One piece: `typed` (UTF-16 code units of the typed text) is drawn as
  /// `displayed` (UTF-16 code units of the displayed text); neither is empty.
  public struct Piece: Hashable, Sendable {
    /// The typed range (never empty).
    public var typed: NSRange
    /// The displayed range it is drawn as.
    public var displayed: NSRange

    /// Whether offsets inside the piece map one to one (the two ranges
    /// have the same length).
    public var isOneToOne: Bool { typed.length == displayed.length }
  }

  /// Where an offset inside a piece whose lengths differ goes.
  public enum Rounding: Hashable, Sendable {
    /// To the piece's start.
    case down
    /// To the piece's end.
    case up
  }

  /// A piece in absolute offsets (UTF-16 code units of the two texts).
  struct Span: Hashable, Sendable {
    var typedLower: Int
    var typedUpper: Int
    var displayedLower: Int
    var displayedUpper: Int
  }

  /// The pieces, ascending, in 32 bits each offset (16 bytes a piece); those
  /// after the gap relative to the shift of the last edits.
  private var spans: GapBuffer<StoredSpan>
  /// The typed text's length, UTF-16 code units.
  public private(set) var typedLength: Int
  /// The displayed text's length, UTF-16 code units.
  public private(set) var displayedLength: Int
  /// How many pieces have ranges of different lengths.
  private var unequalCount = 0

  /// The identity map of a text of `typedLength` code units (no pieces).
  public init(typedLength: Int = 0) {
    spans = GapBuffer()
    self.typedLength = Swift.max(typedLength, 0)
    displayedLength = self.typedLength
  }

  /// A map of a text of `typedLength` UTF-16 code units whose `pieces`
  /// (typed ranges, each drawn as `displayedLength` code units) are drawn
  /// substituted. Pieces that are empty, drawn as nothing, outside the
  /// text, or not after the previous one are left out.
  ///
  /// - Complexity: O(k) in the pieces.
  public init(typedLength: Int, pieces: [(typed: NSRange, displayedLength: Int)]) {
    self.init(typedLength: typedLength)
    var spans: [Span] = []
    var typedEnd = 0
    var shift = 0
    for piece in pieces {
      let lower = piece.typed.location
      guard piece.typed.length > 0, piece.displayedLength > 0, lower >= typedEnd,
        lower <= self.typedLength - piece.typed.length
      else { continue }
      let upper = lower + piece.typed.length
      spans.append(
        Span(
          typedLower: lower, typedUpper: upper, displayedLower: lower + shift,
          displayedUpper: lower + shift + piece.displayedLength))
      shift += piece.displayedLength - piece.typed.length
      typedEnd = upper
    }
    self.spans = GapBuffer(spans.map(StoredSpan.init))
    displayedLength = self.typedLength + shift
    unequalCount = spans.count(where: { $0.typedCount != $0.displayedCount })
  }

  init(typedLength: Int, spans: [Span]) {
    self.spans = GapBuffer(spans.map(StoredSpan.init))
    self.typedLength = typedLength
    displayedLength = typedLength + spans.reduce(0) { $0 + $1.displayedCount - $1.typedCount }
    unequalCount = spans.count(where: { $0.typedCount != $0.displayedCount })
  }

  /// The pieces, ascending, as a random-access view (O(1) to make and to
  /// index).
  public var pieces: Pieces { Pieces(spans: spans) }

  /// Whether the map has no piece: the displayed text is the typed text.
  public var isEmpty: Bool { spans.count == 0 }

  /// Whether every offset maps one to one: no piece changes the length
  /// (each typed offset is the same displayed offset), as with trailing
  /// spaces drawn as U+00A0 only.
  ///
  /// - Complexity: O(1).
  public var isOneToOne: Bool { unequalCount == 0 }

  // MARK: - Conversions

  /// The displayed offset of typed `offset` (UTF-16 code units, clamped to
  /// the typed text). Inside a piece of another length it is the piece's
  /// displayed start (`.down`) or end (`.up`).
  ///
  /// - Complexity: O(log k) in the pieces.
  public func displayed(fromTyped offset: Int, rounding: Rounding = .down) -> Int {
    convert(offset, fromDisplayed: false, rounding: rounding)
  }

  /// The typed offset of displayed `offset` (UTF-16 code units, clamped to
  /// the displayed text). Inside a piece of another length it is the
  /// piece's typed start (`.down`) or end (`.up`).
  ///
  /// - Complexity: O(log k) in the pieces.
  public func typed(fromDisplayed offset: Int, rounding: Rounding = .down) -> Int {
    convert(offset, fromDisplayed: true, rounding: rounding)
  }

  /// The displayed range of typed `range` (UTF-16 code units, clamped to
  /// the typed text): its start rounded down and its end up, so that the
  /// result covers every piece the range touches; an empty range stays
  /// empty (at its start, rounded down).
  ///
  /// - Complexity: O(log k) in the pieces.
  public func displayed(fromTyped range: NSRange) -> NSRange {
    convert(range, fromDisplayed: false)
  }

  /// The typed range of displayed `range` (UTF-16 code units, clamped to
  /// the displayed text): its start rounded down and its end up; an empty
  /// range stays empty (at its start, rounded down).
  ///
  /// - Complexity: O(log k) in the pieces.
  public func typed(fromDisplayed range: NSRange) -> NSRange {
    convert(range, fromDisplayed: true)
  }

  /// A piece's two ranges as the side converted from and the side converted to.
  @inline(__always)
  private static func sides(of span: Span, fromDisplayed: Bool)
    -> (fromLower: Int, fromUpper: Int, toLower: Int, toUpper: Int)
  {
    fromDisplayed
      ? (span.displayedLower, span.displayedUpper, span.typedLower, span.typedUpper)
      : (span.typedLower, span.typedUpper, span.displayedLower, span.displayedUpper)
  }

  /// One offset converted, typed to displayed or (`fromDisplayed`) back: the
  /// one algorithm behind both directions (see `displayed(fromTyped:rounding:)`).
  ///
  /// - Complexity: O(log k) in the pieces.
  private func convert(_ offset: Int, fromDisplayed: Bool, rounding: Rounding) -> Int {
    let offset = Swift.min(Swift.max(offset, 0), fromDisplayed ? displayedLength : typedLength)
    let pieces = self.pieces
    let index = pieces.partition {
      Self.sides(of: $0, fromDisplayed: fromDisplayed).fromLower > offset
    }
    guard index > 0 else { return offset }
    let piece = Self.sides(of: pieces.span(at: index - 1), fromDisplayed: fromDisplayed)
    if offset >= piece.fromUpper { return offset - piece.fromUpper + piece.toUpper }
    if piece.fromUpper - piece.fromLower == piece.toUpper - piece.toLower {
      return piece.toLower + offset - piece.fromLower
    }
    if offset == piece.fromLower { return piece.toLower }
    return rounding == .down ? piece.toLower : piece.toUpper
  }

  /// One range converted, typed to displayed or (`fromDisplayed`) back: its
  /// start rounded down and its end up; an empty range stays empty.
  ///
  /// - Complexity: O(log k) in the pieces.
  private func convert(_ range: NSRange, fromDisplayed: Bool) -> NSRange {
    let clamped = range.clamped(toLength: fromDisplayed ? displayedLength : typedLength)
    let lower = convert(clamped.lowerBound, fromDisplayed: fromDisplayed, rounding: .down)
    guard !clamped.isEmpty else { return NSRange(location: lower, length: 0) }
    let upper = Swift.max(
      convert(clamped.upperBound, fromDisplayed: fromDisplayed, rounding: .up), lower)
    return NSRange(location: lower, length: upper - lower)
  }

  // MARK: - Editing

  /// The typed range `range` widened to the pieces it overlaps (a piece
  /// that only touches it is not), typed offsets.
  ///
  /// - Complexity: O(log k) in the pieces.
  func widenedToPieces(_ range: Range<Int>) -> Range<Int> {
    let pieces = self.pieces
    var lower = range.lowerBound
    var upper = range.upperBound
    let first = pieces.partition { $0.typedUpper > range.lowerBound }
    if first < pieces.count {
      let span = pieces.span(at: first)
      if span.typedLower < range.upperBound {
        lower = Swift.min(lower, span.typedLower)
      }
    }
    let last = pieces.partition { $0.typedLower >= range.upperBound }
    if last > 0 {
      let span = pieces.span(at: last - 1)
      if span.typedUpper > range.upperBound, span.typedLower < range.upperBound {
        upper = Swift.max(upper, span.typedUpper)
      }
    }
    return lower..<upper
  }

  /// Whether a piece holds `offset` strictly inside it (typed offsets).
  ///
  /// - Complexity: O(log k) in the pieces.
  func isInsidePiece(_ offset: Int) -> Bool {
    let pieces = self.pieces
    let index = pieces.partition { $0.typedLower >= offset }
    guard index > 0 else { return false }
    return pieces.span(at: index - 1).typedUpper > offset
  }

  /// Replaces the typed range `range` (offsets of the text before the
  /// change, on piece boundaries) by `newLength` code units whose pieces
  /// are `spans` (absolute offsets of the text after the change, inside
  /// `range.lowerBound ..< range.lowerBound + newLength`, ascending).
  ///
  /// - Complexity: O(s + g) in the new spans and the pieces the gap passes
  ///   from the previous change.
  mutating func replace(_ range: Range<Int>, newLength: Int, with newSpans: [Span]) {
    let pieces = self.pieces
    // The old pieces in `range`: those that end after its start and start
    // before its end (a piece that ends at its start stays).
    let first = pieces.partition { $0.typedUpper > range.lowerBound }
    let last = Swift.max(first, pieces.partition { $0.typedLower >= range.upperBound })
    // The displayed ends of `range`: the identity runs from the piece
    // before it and back from the piece after it (or the ends).
    var displayedLower = range.lowerBound
    if first > 0 {
      let before = pieces.span(at: first - 1)
      displayedLower = range.lowerBound - before.typedUpper + before.displayedUpper
    }
    var displayedUpper = displayedLength - (typedLength - range.upperBound)
    if last < pieces.count {
      let after = pieces.span(at: last)
      displayedUpper = after.displayedLower - (after.typedLower - range.upperBound)
    }
    for index in first..<last {
      let span = pieces.span(at: index)
      if span.typedCount != span.displayedCount { unequalCount -= 1 }
    }
    var newDisplayedLength = newLength
    for span in newSpans where span.typedCount != span.displayedCount {
      newDisplayedLength += span.displayedCount - span.typedCount
      unequalCount += 1
    }
    let typedDelta = newLength - range.count
    let displayedDelta = newDisplayedLength - (displayedUpper - displayedLower)
    spans.replaceSubrange(
      first..<last, with: newSpans.map(StoredSpan.init),
      shift: SpanShift(typed: typedDelta, displayed: displayedDelta),
      minimumGap: Swift.max(spans.count / 8, 16))
    typedLength += typedDelta
    displayedLength += displayedDelta
  }
}

/// How far the pieces after an edit move, in the typed and displayed texts.
struct SpanShift: Sendable {
  var typed: Int
  var displayed: Int
}

/// A piece as stored: its four offsets in 32 bits, wrapping (after the gap
/// relative to the gap buffer's shift, and may be below zero there).
struct StoredSpan: GapBufferElement {
  var typedLower: UInt32
  var typedUpper: UInt32
  var displayedLower: UInt32
  var displayedUpper: UInt32

  init(_ span: DisplayMap.Span) {
    typedLower = UInt32(truncatingIfNeeded: span.typedLower)
    typedUpper = UInt32(truncatingIfNeeded: span.typedUpper)
    displayedLower = UInt32(truncatingIfNeeded: span.displayedLower)
    displayedUpper = UInt32(truncatingIfNeeded: span.displayedUpper)
  }

  /// The piece (of an absolute span).
  var span: DisplayMap.Span {
    DisplayMap.Span(
      typedLower: Int(typedLower), typedUpper: Int(typedUpper),
      displayedLower: Int(displayedLower), displayedUpper: Int(displayedUpper))
  }

  static var noShift: SpanShift { SpanShift(typed: 0, displayed: 0) }
  static func isNoShift(_ shift: SpanShift) -> Bool { shift.typed == 0 && shift.displayed == 0 }
  static func combined(_ a: SpanShift, _ b: SpanShift) -> SpanShift {
    SpanShift(typed: a.typed + b.typed, displayed: a.displayed + b.displayed)
  }

  func shifted(by shift: SpanShift) -> StoredSpan {
    let typed = UInt32(truncatingIfNeeded: shift.typed)
    let displayed = UInt32(truncatingIfNeeded: shift.displayed)
    var moved = self
    moved.typedLower &+= typed
    moved.typedUpper &+= typed
    moved.displayedLower &+= displayed
    moved.displayedUpper &+= displayed
    return moved
  }

  func unshifted(by shift: SpanShift) -> StoredSpan {
    shifted(by: SpanShift(typed: -shift.typed, displayed: -shift.displayed))
  }
}

extension DisplayMap.Span {
  var typedCount: Int { typedUpper - typedLower }
  var displayedCount: Int { displayedUpper - displayedLower }
}

extension DisplayMap {
  /// The pieces of a `DisplayMap`, ascending, as a random-access collection.
  public struct Pieces: RandomAccessCollection, Sendable {
    let spans: GapBuffer<StoredSpan>

    public var startIndex: Int { 0 }
    public var endIndex: Int { spans.count }

    /// Piece `index` (which must be valid).
    ///
    /// - Complexity: O(1).
    public subscript(index: Int) -> Piece {
      let span = span(at: index)
      return Piece(
        typed: NSRange(location: span.typedLower, length: span.typedCount),
        displayed: NSRange(location: span.displayedLower, length: span.displayedCount))
    }

    /// Piece `index` in absolute offsets.
    func span(at index: Int) -> Span { spans[index].span }

    /// The first index whose piece satisfies `predicate` (which must
    /// partition the pieces).
    func partition(where predicate: (Span) -> Bool) -> Int {
      var low = 0
      var n = count
      while n > 0 {
        let half = n / 2
        let middle = low + half
        if predicate(span(at: middle)) {
          n = half
        } else {
          low = middle + 1
          n -= half + 1
        }
      }
      return low
    }
  }
}

extension DisplayMap: Hashable {
  public static func == (a: Self, b: Self) -> Bool {
    a.typedLength == b.typedLength && a.displayedLength == b.displayedLength
      && a.pieces.elementsEqual(b.pieces)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(typedLength)
    hasher.combine(displayedLength)
    for piece in pieces { hasher.combine(piece) }
  }
}

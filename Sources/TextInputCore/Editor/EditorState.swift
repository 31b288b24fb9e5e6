public import Foundation
public import TextMetrics

/// Everything an editor holds except its behaviours and undo history: what a
/// behaviour reads, and what a renderer draws.
///
/// Offsets are **UTF-16 code units**; the selection and the marked range always
/// lie within the text and on grapheme cluster boundaries.
public struct EditorState: Sendable {
  /// The text, as UTF-16 code units (always valid UTF-16), in a gap buffer:
  /// a random-access collection with `Int` offsets from 0, as an array, whose
  /// edits do not move the text after them (see `UTF16Buffer`).
  public internal(set) var utf16: UTF16Buffer
  /// The selection (an empty range is the caret), UTF-16 code units.
  public internal(set) var selection: NSRange {
    didSet { if selection != oldValue { revision.selection &+= 1 } }
  }
  /// The marked (IME composition) range, UTF-16 code units, or nil. While it
  /// is set, `selection` lies inside it.
  public internal(set) var markedRange: NSRange? {
    didSet { if markedRange != oldValue { revision.selection &+= 1 } }
  }
  /// Whether the editor is first responder.
  public internal(set) var isEditing: Bool {
    didSet { if isEditing != oldValue { revision.selection &+= 1 } }
  }
  /// How many times the text and the selection have changed: compare the
  /// values before and after a command to learn what it changed, in O(1),
  /// instead of comparing states (O(n) in the text; and a copy of the state
  /// held across an edit makes the edit copy the text).
  public internal(set) var revision = EditorRevision()
  /// The text alignment.
  public internal(set) var alignment: TextAlignment
  /// The layout direction.
  public internal(set) var layoutDirection: LayoutDirection
  /// The font text is measured with.
  public internal(set) var font: any FontMetrics
  /// The view geometry (points).
  public internal(set) var geometry: ViewGeometry
  /// What happens to a line too long for the text container: `.wordWrap`
  /// (the default) or `.clip` for a single-line field
  /// (`Editor.setLineBreakMode(_:)`).
  public internal(set) var lineBreakMode: LineBreakMode = .wordWrap
  /// The one layout of the displayed text (the text with every behaviour's
  /// display substitution applied) in the text container: what a renderer
  /// draws, and where every behaviour takes its geometry from. The editor
  /// brings it up to date after each change, before behaviours are told of
  /// the change, by laying out again only the paragraphs the change touched;
  /// a font, geometry, alignment or direction change lays it out afresh. It
  /// equals a fresh layout of the displayed text, up to rounding in the y of
  /// lines after an edit (they move by the change in height). Its
  /// coordinates are the text container's (add
  /// `geometry.textContainerRect.origin` for the view's).
  public internal(set) var layout: TextFrame
  /// The map between offsets in the typed text (`utf16`) and in the
  /// displayed text (`layout.utf16`), UTF-16 code units: a display
  /// substitution may draw a range in another number of code units (a
  /// password cluster as one mask symbol). The editor keeps it up to date
  /// with `layout`. Every query of `layout` with a typed offset goes through
  /// it (`caretRect(at:width:)`, `selectionRects(for:)`,
  /// `offset(closestTo:)` do).
  public internal(set) var displayMap: DisplayMap
  /// Grapheme boundaries of `utf16`, kept up to date edit by edit.
  var graphemes: GraphemeIndex

  init(
    text: String, isEditing: Bool, alignment: TextAlignment, layoutDirection: LayoutDirection,
    font: any FontMetrics, geometry: ViewGeometry
  ) {
    let units = Array(text.utf16)
    utf16 = UTF16Buffer(units)
    graphemes = GraphemeIndex(units: units)
    selection = NSRange(location: utf16.count, length: 0)
    markedRange = nil
    self.isEditing = isEditing
    self.alignment = alignment
    self.layoutDirection = layoutDirection
    self.font = font
    self.geometry = geometry
    displayMap = DisplayMap(typedLength: utf16.count)
    layout = TextFrame(
      utf16: units, container: Self.container(for: geometry),
      style: Self.style(
        font: font, alignment: alignment, direction: layoutDirection, lineBreakMode: .wordWrap))
  }

  /// The text.
  ///
  /// - Complexity: O(n): it is decoded from `utf16` on each call.
  public var text: String {
    // Decoded from contiguous memory (the buffer's own, or one copy of it
    // when its gap is inside): String's fast path, not a unit-by-unit walk.
    utf16.withContiguousUnits(in: 0..<utf16.count) { String(decoding: $0, as: UTF16.self) }
  }

  /// The text's length in UTF-16 code units.
  public var utf16Count: Int { utf16.count }

  /// Whether the text is empty.
  public var isEmpty: Bool { utf16.isEmpty }

  /// Whether IME composition is in progress.
  public var hasMarkedText: Bool { markedRange != nil }

  /// The marked text, or nil.
  public var markedText: String? { markedRange.map { substring($0) } }

  /// The selection relative to the marked range's start (UTF-16 code units), as
  /// `setMarkedText(_:selectedRange:)` takes it; nil without marked text.
  public var markedSelection: NSRange? {
    markedRange.map {
      NSRange(location: selection.location - $0.location, length: selection.length)
    }
  }

  /// The text in `range` (UTF-16 code units), clamped to the text.
  ///
  /// - Complexity: O(m) in the length of the range.
  public func substring(_ range: NSRange) -> String {
    let clamped = range.clamped(toLength: utf16.count)
    let (start, end) = (clamped.lowerBound, clamped.upperBound)
    return String(decoding: utf16[start..<end], as: UTF16.self)
  }

  /// Whether the text of `range` (UTF-16 code units of the typed text,
  /// clamped to it) is drawn as typed: its displayed range
  /// (`displayMap.displayed(fromTyped:)`) holds the same code units in
  /// `layout`. Text drawn masked (a password) is not: a renderer must not
  /// style or link it, and a press on it is not a link's.
  ///
  /// - Complexity: O(m + log k) in the length of the range and the map's pieces.
  public func isDrawnAsTyped(_ range: NSRange) -> Bool {
    let typed = range.clamped(toLength: utf16.count)
    let displayed = displayMap.displayed(fromTyped: NSRange(typed))
      .clamped(toLength: layout.utf16.count)
    return displayed.count == typed.count && layout.utf16[displayed].elementsEqual(utf16[typed])
  }

  /// The caret at typed `offset` (UTF-16 code units, clamped to the text),
  /// in the text container's coordinates (points): `layout`'s caret at the
  /// displayed offset `displayMap` gives.
  ///
  /// - Complexity: O(log k) in the map's pieces, plus `TextFrame.caretRect(at:width:)`.
  public func caretRect(at offset: Int, width: CGFloat = 1) -> CGRect {
    layout.caretRect(at: displayMap.displayed(fromTyped: offset), width: width)
  }

  /// The rects that show typed `range` (UTF-16 code units) selected, in the
  /// text container's coordinates (points): `layout`'s rects of its
  /// displayed range (`DisplayMap.displayed(fromTyped:)`, which covers every
  /// piece the range touches).
  ///
  /// - Complexity: O(log k) in the map's pieces, plus `TextFrame.selectionRects(for:)`.
  public func selectionRects(for range: NSRange) -> [CGRect] {
    layout.selectionRects(for: displayMap.displayed(fromTyped: range))
  }

  /// The typed offset (UTF-16 code units) whose caret is nearest `point`
  /// (text container coordinates, points), on a grapheme cluster boundary
  /// of the typed text: `layout`'s offset for the point, mapped by
  /// `displayMap` (to a piece's start inside a piece) and snapped back to a
  /// cluster boundary.
  ///
  /// - Complexity: O(log k + log n) plus `TextFrame.offset(closestTo:)`.
  public func offset(closestTo point: CGPoint) -> Int {
    graphemes.snapBackward(displayMap.typed(fromDisplayed: layout.offset(closestTo: point)))
  }

  /// The grapheme cluster boundaries, UTF-16 code units (0 and the end included).
  ///
  /// - Complexity: O(n / 64 + c) for the c clusters: the array is built
  ///   from the editor's grapheme index, a bit per code unit in a gap buffer
  ///   at the last edit, so that an edit does not move the bits after it.
  public var graphemeBoundaries: [Int] { graphemes.offsets }

  /// The number of grapheme clusters in the text (`graphemeBoundaries`
  /// less one; 0 for empty text).
  ///
  /// - Complexity: O(1): the grapheme index counts its boundaries.
  public var graphemeCount: Int { graphemes.view.endIndex - 1 }

  /// The grapheme cluster boundaries as a random-access view (UTF-16 code
  /// units, 0 and the end included), for code that looks boundaries up by
  /// index: O(1) to make; an index is read through the index's block
  /// counts (O(n / 32 768 + 72) word reads).
  package var graphemeBoundaryView: GraphemeBoundaries { graphemes.view }

  /// Whether `offset` (UTF-16 code units) is a grapheme cluster boundary.
  ///
  /// - Complexity: O(1).
  public func isGraphemeBoundary(_ offset: Int) -> Bool { graphemes.isBoundary(offset) }

  /// The grapheme boundary before `offset` (UTF-16), or nil at the start.
  ///
  /// - Complexity: O(c / 64) for the c code units between them (a scan of
  ///   the index's bits).
  public func graphemeBoundary(before offset: Int) -> Int? { graphemes.before(offset) }

  /// The grapheme boundary after `offset` (UTF-16), or nil at the end.
  ///
  /// - Complexity: O(c / 64) for the c code units between them (a scan of
  ///   the index's bits).
  public func graphemeBoundary(after offset: Int) -> Int? { graphemes.after(offset) }

  /// `range` clamped to the text and widened to grapheme boundaries (UTF-16
  /// code units), as every editor command does with a caller's range.
  ///
  /// - Complexity: O(c / 64) for the code units of the clusters at its ends.
  public func widened(_ range: NSRange) -> NSRange { graphemes.widened(range) }
}

/// Counts of an editor's changes (`EditorState.revision`): two values
/// compared tell whether the text, or only the selection, changed between
/// them. The counts only grow (wrapping past `Int.max`).
public struct EditorRevision: Hashable, Sendable {
  /// Edits applied to the text (each edit, undo or redo step that replaced
  /// code units, follow-ups included).
  public internal(set) var text = 0
  /// Changes of the selection, the marked range or the editing state.
  public internal(set) var selection = 0

  /// What changed from `earlier` to this revision.
  ///
  /// - Complexity: O(1).
  public func changes(since earlier: EditorRevision) -> EditorRevision.Change {
    if text != earlier.text { return .text }
    if selection != earlier.selection { return .selection }
    return .none
  }

  /// What changed between two revisions.
  public enum Change: Hashable, Sendable {
    /// Nothing.
    case none
    /// Only the selection, the marked range or the editing state.
    case selection
    /// The text (and maybe the selection).
    case text
  }
}

/// An error from an editor command whose input cannot be clamped into meaning.
public enum EditorError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A range (UTF-16 code units) that should lie within the text does not.
  case rangeOutOfBounds(NSRange, utf16Count: Int)
  /// A marked text's selected range does not lie within the marked text
  /// (UTF-16 code units).
  case markedSelectionOutOfBounds(NSRange, markedLength: Int)

  public var description: String {
    switch self {
    case .rangeOutOfBounds(let range, let count):
      return
        "range {\(range.location), \(range.length)} is outside the text: expected a range "
        + "within 0...\(count) (UTF-16 code units)"
    case .markedSelectionOutOfBounds(let range, let length):
      return
        "selected range {\(range.location), \(range.length)} is outside the marked text: "
        + "expected a range within 0...\(length) (UTF-16 code units)"
    }
  }
}

/// A unit a caret moves or a delete removes by.
public enum TextUnit: String, Hashable, Sendable, CaseIterable {
  /// One grapheme cluster (what a user sees as one character).
  case grapheme
  /// To the next word end / previous word start (UAX #29 words).
  case word
}

/// A caret movement. `backward` and `forward` are logical (in text order:
/// `backward` is towards offset 0 whatever the direction); `left`, `right`,
/// `up` and `down` follow the screen, on the editor's layout, as the arrow
/// keys of a text view do.
public enum CaretMovement: Hashable, Sendable {
  /// Towards the start by one unit.
  case backward(TextUnit)
  /// Towards the end by one unit.
  case forward(TextUnit)
  /// One grapheme cluster to the left on screen (the left arrow): on a line
  /// that mixes directions, to the nearest caret position left of the
  /// caret's; at the line's left edge, on by text order to the line before
  /// (backward in a left-to-right line, forward in a right-to-left one), or
  /// nowhere when that offset is drawn on the same row.
  case left
  /// One grapheme cluster to the right on screen (the right arrow); see `left`.
  case right
  /// To the laid-out line above, at the x where a run of up and down moves
  /// began (the up arrow); from the first line, to the start of the text.
  case up
  /// To the laid-out line below, at the x where a run of up and down moves
  /// began (the down arrow); from the last line, to the end of the text.
  case down
  /// To the start of the laid-out line the caret is drawn on (Home): for a
  /// wrapped paragraph, the start of that row.
  case lineStart
  /// To the end of the laid-out line the caret is drawn on (End), where the
  /// caret is still drawn on that row: before a wrapped line's last cluster
  /// (the space it wrapped at), before a hard break.
  case lineEnd
  /// To the start of the paragraph (the hard line), just after the previous
  /// line separator.
  case paragraphStart
  /// To the end of the paragraph (the hard line), just before the next line
  /// separator.
  case paragraphEnd
  /// To offset 0.
  case documentStart
  /// To the end of the text.
  case documentEnd
}

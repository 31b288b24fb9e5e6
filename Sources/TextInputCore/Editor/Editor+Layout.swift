public import Foundation
public import TextMetrics

// The editor's one layout: a `TextFrame` of the displayed text (the text with
// every behaviour's display substitution applied), kept in `EditorState.layout`
// and brought up to date after every change, before behaviours are told of it.
// See "One text, one layout" in the TextInputCore documentation for the phases.

extension TextFrame {
  /// The editor's text laid out in its text container, as the text view shows
  /// it: at the width of `geometry.textContainerRect` with the geometry's line
  /// fragment padding, in the editor's font, with the editor's alignment and
  /// layout direction (see `LayoutStyle.init(font:fontRuns:alignment:layoutDirection:lineBreakMode:)`
  /// for how `natural` resolves).
  ///
  /// An editor keeps this layout of its displayed text up to date itself
  /// (`EditorState.layout`, `Editor.layout()`); build one only for another
  /// text or container, such as a line-limited view of the same text.
  ///
  /// The frame's coordinates are the text container's: add
  /// `editor.geometry.textContainerRect.origin` for the view's (points).
  ///
  /// - Parameters:
  ///   - editor: The editor's state.
  ///   - displayed: The text as drawn (`Editor.displayedUTF16`), when it is
  ///     not the editor's text (its length may differ: see `DisplayMap`); nil
  ///     lays out the editor's typed text.
  ///   - maximumNumberOfLines: The most lines laid out (0 for all), for a
  ///     caller that needs only the first lines.
  /// - Complexity: O(n) in the length of the text.
  public init(editor: EditorState, displayed: UTF16Buffer? = nil, maximumNumberOfLines: Int = 0) {
    let units = displayed ?? editor.utf16
    self.init(
      utf16: units,
      container: EditorState.container(
        for: editor.geometry, maximumNumberOfLines: maximumNumberOfLines),
      style: EditorState.style(
        font: editor.font, alignment: editor.alignment, direction: editor.layoutDirection,
        lineBreakMode: editor.lineBreakMode))
  }
}

extension EditorState {
  /// The text container an editor lays its text out in: as wide as the
  /// geometry's text container rect, or unbounded when the view has no
  /// width (an editor made without geometry lays each paragraph out on one
  /// line, instead of one cluster per line).
  static func container(for geometry: ViewGeometry, maximumNumberOfLines: Int = 0)
    -> TextContainer
  {
    TextContainer(
      width: geometry.bounds.width > 0 ? geometry.textContainerRect.width : .infinity,
      maximumNumberOfLines: maximumNumberOfLines,
      lineFragmentPadding: geometry.lineFragmentPadding)
  }

  /// The layout style of an editor's text.
  static func style(
    font: any FontMetrics, alignment: TextAlignment, direction: LayoutDirection,
    lineBreakMode: LineBreakMode
  ) -> LayoutStyle {
    LayoutStyle(
      font: font, alignment: alignment, layoutDirection: direction, lineBreakMode: lineBreakMode)
  }
}

/// The part of the text whose layout is out of date: `lower..<upper` in the
/// current text, which was `lower..<(upper - delta)` in the laid-out text.
struct PendingLayout: Sendable {
  var lower: Int
  var upper: Int
  var delta: Int
}

extension Editor {
  /// The text as drawn (`displayedText`) laid out in its text container, as
  /// a renderer draws it: `state.layout`, which the editor keeps up to date.
  /// Its coordinates are the text container's; `textContainerOrigin` converts.
  ///
  /// - Complexity: O(1).
  public func layout() -> TextFrame { state.layout }

  /// Where the text container's origin is in the view (points): add it to a
  /// point or rect of `layout()` to get view coordinates.
  public var textContainerOrigin: CGPoint {
    state.geometry.textContainerRect.origin
  }

  /// The caret at the selection's moving end (where typing goes when the
  /// selection is empty), in the view's coordinates (points), on the one
  /// layout: `EditorState.caretRect(at:width:)` (through the display map)
  /// moved by `textContainerOrigin`.
  ///
  /// - Complexity: O(p) in the length of the caret's paragraph.
  public func caretRect(width: CGFloat = 1) -> CGRect {
    let selection = state.selection
    let active = anchor == selection.location ? selection.upperBound : selection.location
    let origin = textContainerOrigin
    return state.caretRect(at: active, width: width).offsetBy(dx: origin.x, dy: origin.y)
  }

  /// The rects that show the selection (empty for a caret), in the view's
  /// coordinates (points), on the one layout: `EditorState.selectionRects(for:)`
  /// (through the display map) moved by `textContainerOrigin`.
  ///
  /// - Complexity: O(p) per line the selection touches.
  public var selectionRects: [CGRect] {
    let origin = textContainerOrigin
    return state.selectionRects(for: state.selection).map {
      $0.offsetBy(dx: origin.x, dy: origin.y)
    }
  }

  /// The text as a renderer draws it, as UTF-16 code units: the text with the
  /// behaviours' display substitutions applied. Its length may differ from
  /// the typed text's: `state.displayMap` maps offsets between the two.
  ///
  /// - Complexity: O(1) (the layout's copy-on-write buffer).
  public var displayedUTF16: UTF16Buffer { state.layout.utf16 }

  /// The text as a renderer draws it (see `displayedUTF16`); `text` is what
  /// the user typed, which a program reads.
  ///
  /// - Complexity: O(n) in the length of the text.
  public var displayedText: String { String(decoding: displayedUTF16, as: UTF16.self) }

  // MARK: - Keeping the layout up to date

  /// Whether the layout's code units are the text's own storage (not a
  /// copy): no behaviour substitutes display text and the map is empty, so
  /// the displayed text is the typed text. A layout made of the text shares
  /// it (`EditorState`'s, `relayoutAll()` without substitutions); `splice`
  /// then edits the text through the layout, and the two stay one storage.
  /// A copy of the state held elsewhere (a snapshot) makes the next edit
  /// copy the text once, as any copy-on-write value does.
  ///
  /// - Complexity: O(b) in the behaviours.
  var layoutSharesText: Bool {
    state.displayMap.isEmpty && state.layout.utf16.sharesStorage(with: state.utf16)
      && !behaviours.contains(where: { $0.substitutesDisplay })
  }

  /// Marks `range` (UTF-16 code units of the current text) for laying out
  /// again at the next `updateLayout()`, with its paragraphs (a substitution
  /// may depend on the marked range, which changes without the text).
  mutating func invalidateLayout(_ range: NSRange) {
    let clamped = range.clamped(toLength: state.utf16Count)
    let (lower, upper) = (clamped.lowerBound, clamped.upperBound)
    if var pending = pendingLayout {
      pending.lower = Swift.min(pending.lower, lower)
      pending.upper = Swift.max(pending.upper, upper)
      pendingLayout = pending
    } else {
      pendingLayout = PendingLayout(lower: lower, upper: upper, delta: 0)
    }
  }

  /// Records that `oldLength` code units at `location` were replaced by
  /// `newLength` (already applied to `state.utf16`).
  mutating func invalidateLayout(afterReplacing location: Int, oldLength: Int, newLength: Int) {
    let delta = newLength - oldLength
    let end = location + oldLength
    if var pending = pendingLayout {
      pending.upper = Swift.max(pending.upper, end) + delta
      pending.lower = Swift.min(pending.lower, location)
      pending.delta += delta
      pendingLayout = pending
    } else {
      pendingLayout = PendingLayout(lower: location, upper: location + newLength, delta: delta)
    }
  }

  /// Brings `state.layout` and `state.displayMap` up to date with the text
  /// and the marked range, in two steps that each lay out only what they
  /// change (`TextFrame.replaceCharacters`, which inside a paragraph re-lays
  /// out a window around the edit):
  ///
  /// 1. the edited code units (widened to the display map's pieces they
  ///    overlap) go into the layout as typed, and the map holds no piece
  ///    there, so that the layout's paragraphs are the text's (a display
  ///    substitution keeps hard breaks) and behaviours read a consistent
  ///    state;
  /// 2. the behaviours give their display substitutions for the paragraphs
  ///    the change touched (for the clusters it touched when every one
  ///    substitutes cluster by cluster); the layout's code units there are brought to the
  ///    displayed ones where an old piece or a new substituted range is
  ///    (only the differing part of each stretch is laid out again) and the
  ///    map's pieces there are replaced. Pieces after them are not moved
  ///    (see `DisplayMap`).
  ///
  /// With no substituting behaviour and an empty map, step 1 is all; and
  /// while the layout shares the text's storage (`layoutSharesText`),
  /// `splice` has already made the edit in the layout and nothing is left.
  ///
  /// - Complexity: O(m) in the length of the change and of the old pieces
  ///   and new substituted ranges in the touched paragraphs, plus what the
  ///   behaviours' `displaySubstitution(inParagraphs:of:)` and
  ///   `TextFrame.replaceCharacters(in:withUTF16:)` cost.
  mutating func updateLayout() {
    guard let pending = pendingLayout else { return }
    pendingLayout = nil
    // A layout that shares the text's storage is its text's, and with no
    // substitution there is nothing else to draw anew.
    guard !layoutSharesText else { return }
    let units = state.utf16
    let count = units.count
    // The map is taken out of the state while it changes, so that its
    // storage is not copied (the state gets it back before behaviours read it).
    var map = state.displayMap
    state.displayMap = DisplayMap()
    let oldPendingUpper = pending.upper - pending.delta
    guard pending.lower >= 0, pending.lower <= pending.upper, pending.upper <= count,
      pending.lower <= oldPendingUpper, oldPendingUpper <= map.typedLength,
      map.typedLength + pending.delta == count, state.layout.utf16.count == map.displayedLength
    else {
      relayoutAll()
      return
    }
    // 1. The typed code units, where no piece of the map is left.
    let typed = map.widenedToPieces(pending.lower..<oldPendingUpper)
    let newUpper = typed.upperBound + pending.delta
    state.layout.replaceCharacters(
      in: map.displayed(fromTyped: NSRange(typed)),
      withUTF16: Array(units[typed.lowerBound..<newUpper]))
    map.replace(typed, newLength: newUpper - typed.lowerBound, with: [])
    state.displayMap = map
    guard state.layout.utf16.count == map.displayedLength, map.typedLength == count else {
      relayoutAll()
      return
    }
    guard !map.isEmpty || behaviours.contains(where: { $0.substitutesDisplay }) else { return }
    // 2. The substitutions of the touched paragraphs (found in the layout,
    // whose paragraphs are the text's), or of the touched clusters only
    // when every substitution draws cluster by cluster (the pending range
    // holds the clusters the edits segmented again).
    let lower: Int
    let upper: Int
    if behaviours.allSatisfy({ !$0.substitutesDisplay || $0.substitutesClusterByCluster }) {
      lower = state.graphemes.snapBackward(typed.lowerBound)
      upper = state.graphemes.snapForward(newUpper)
    } else {
      let lowerProbe = map.displayed(fromTyped: Swift.max(typed.lowerBound - 1, 0))
      let upperProbe = map.displayed(fromTyped: newUpper)
      lower = map.typed(
        fromDisplayed: state.layout.paragraphRange(containing: lowerProbe)?.lowerBound ?? 0,
        rounding: .down)
      upper = map.typed(
        fromDisplayed: state.layout.paragraphRange(containing: upperProbe)?.upperBound
          ?? map.displayedLength,
        rounding: .up)
    }
    guard lower <= typed.lowerBound, upper >= newUpper, !map.isInsidePiece(lower),
      !map.isInsidePiece(upper)
    else {
      relayoutAll()
      return
    }
    let region = lower..<upper
    let segments = Self.composed(orderedSubstitutions(in: NSRange(region)), in: region)
    // The layout differs from the new displayed text only where an old
    // piece is or a new segment is: each such stretch is brought up to date
    // on its own, from the last, so that the map's displayed offsets of the
    // ones before it still hold.
    var stretches = segments.map(\.typed)
    let pieces = map.pieces
    var index = pieces.partition { $0.typedLower >= region.lowerBound }
    while index < pieces.count, pieces.span(at: index).typedLower < region.upperBound {
      let span = pieces.span(at: index)
      stretches.append(span.typedLower..<span.typedUpper)
      index += 1
    }
    for stretch in Self.merged(stretches).reversed() {
      let first = segments.partitioningIndex { $0.typed.lowerBound >= stretch.lowerBound }
      let end = segments.partitioningIndex { $0.typed.lowerBound >= stretch.upperBound }
      let displayed = Self.displayedUnits(
        of: units, in: stretch, Array(segments[first..<end]))
      let old = map.displayed(fromTyped: NSRange(stretch))
      let (prefix, suffix) = Self.commonEnds(of: state.layout.utf16, in: old, and: displayed)
      guard prefix + suffix < Swift.max(old.length, displayed.count) else { continue }
      state.layout.replaceCharacters(
        in: NSRange(location: old.location + prefix, length: old.length - prefix - suffix),
        withUTF16: Array(displayed[prefix..<(displayed.count - suffix)]))
    }
    let shift = map.displayed(fromTyped: region.lowerBound) - region.lowerBound
    state.displayMap = DisplayMap()
    map.replace(
      region, newLength: region.count, with: Self.spans(of: segments, displayedShift: shift))
    state.displayMap = map
    if state.layout.utf16.count != map.displayedLength { relayoutAll() }
  }

  /// Sorted, overlapping or touching ranges joined.
  static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
      if let last = result.last, range.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }

  /// How many code units the layout's `old` range of `laidOut` and
  /// `displayed` share at their start and (not overlapping it) their end.
  private static func commonEnds(
    of laidOut: UTF16Buffer, in old: NSRange, and displayed: [UInt16]
  ) -> (prefix: Int, suffix: Int) {
    let limit = Swift.min(old.length, displayed.count)
    var prefix = 0
    while prefix < limit, laidOut[old.location + prefix] == displayed[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < limit - prefix,
      laidOut[old.location + old.length - 1 - suffix] == displayed[displayed.count - 1 - suffix]
    {
      suffix += 1
    }
    return (prefix, suffix)
  }

  /// A range the behaviours' substitutions draw substituted, composed.
  struct DisplaySegment {
    /// The typed range (UTF-16 code units), never empty.
    var typed: Range<Int>
    /// The unit drawn for each unit (`eachUnit`) or for the whole range.
    var replacement: UInt16
    /// Whether each unit is drawn (`DisplaySubstitution.Form.eachUnit`).
    var eachUnit: Bool
    /// How many code units the range is drawn as.
    var displayedCount: Int { eachUnit ? typed.count : 1 }
  }

  /// The substitutions' ranges inside `region` (typed offsets), composed as
  /// `DisplaySubstitution` says: in order, a later range replacing what it
  /// overlaps (an earlier unit-by-unit range keeps its units outside it, an
  /// earlier range-by-range one goes). Ranges that are empty or not after
  /// their substitution's previous range are skipped.
  ///
  /// - Complexity: O(s · r) in the substitutions and their ranges.
  static func composed(_ substitutions: [DisplaySubstitution], in region: Range<Int>)
    -> [DisplaySegment]
  {
    var result: [DisplaySegment] = []
    for substitution in substitutions {
      var added: [DisplaySegment] = []
      var end = region.lowerBound
      for range in substitution.ranges {
        let clamped = range.clamped(toLength: region.upperBound)
        let lower = Swift.max(clamped.lowerBound, region.lowerBound)
        guard lower < clamped.upperBound, lower >= end else { continue }
        added.append(
          DisplaySegment(
            typed: lower..<clamped.upperBound, replacement: substitution.replacement,
            eachUnit: substitution.form == .eachUnit))
        end = clamped.upperBound
      }
      result = result.isEmpty ? added : overlaid(result, with: added)
    }
    return result
  }

  /// `old` with `new` laid over it (both ascending and disjoint).
  ///
  /// - Complexity: O(a + b).
  private static func overlaid(_ old: [DisplaySegment], with new: [DisplaySegment])
    -> [DisplaySegment]
  {
    var old = old
    var result: [DisplaySegment] = []
    result.reserveCapacity(old.count + new.count)
    var index = 0
    for segment in new {
      while index < old.count, old[index].typed.upperBound <= segment.typed.lowerBound {
        result.append(old[index])
        index += 1
      }
      while index < old.count, old[index].typed.lowerBound < segment.typed.upperBound {
        let overlapped = old[index]
        if overlapped.eachUnit, overlapped.typed.lowerBound < segment.typed.lowerBound {
          var before = overlapped
          before.typed = overlapped.typed.lowerBound..<segment.typed.lowerBound
          result.append(before)
        }
        if overlapped.eachUnit, overlapped.typed.upperBound > segment.typed.upperBound {
          old[index].typed = segment.typed.upperBound..<overlapped.typed.upperBound
          break
        }
        index += 1
      }
      result.append(segment)
    }
    result += old[index...]
    return result
  }

  /// The displayed code units of `region` of the typed `units` with
  /// `segments` (inside `region`, ascending) drawn substituted.
  ///
  /// - Complexity: O(p) in the length of the region.
  static func displayedUnits<Units: RandomAccessCollection<UInt16>>(
    of units: Units, in region: Range<Int>, _ segments: [DisplaySegment]
  ) -> [UInt16] where Units.Index == Int {
    var out: [UInt16] = []
    out.reserveCapacity(region.count)
    var position = region.lowerBound
    for segment in segments {
      out += units[position..<segment.typed.lowerBound]
      if segment.eachUnit {
        out += repeatElement(segment.replacement, count: segment.typed.count)
      } else {
        out.append(segment.replacement)
      }
      position = segment.typed.upperBound
    }
    out += units[position..<region.upperBound]
    return out
  }

  /// The display map's pieces of `segments`, whose typed offsets are
  /// `displayedShift` less than their displayed ones at the region's start.
  static func spans(of segments: [DisplaySegment], displayedShift: Int) -> [DisplayMap.Span] {
    var shift = displayedShift
    return segments.map { segment in
      let lower = segment.typed.lowerBound + shift
      shift += segment.displayedCount - segment.typed.count
      return DisplayMap.Span(
        typedLower: segment.typed.lowerBound, typedUpper: segment.typed.upperBound,
        displayedLower: lower, displayedUpper: lower + segment.displayedCount)
    }
  }

  /// Every behaviour's display substitution for the whole paragraphs
  /// `region`: the unit-by-unit ones in chain order, then the
  /// range-by-range ones (a mask) in chain order, so that a mask covers
  /// what another substitution draws whatever the order the behaviours were
  /// installed in.
  private func orderedSubstitutions(in region: NSRange) -> [DisplaySubstitution] {
    let substitutions = behaviours.compactMap { behaviour in
      behaviour.substitutesDisplay
        ? behaviour.displaySubstitution(inParagraphs: region, of: state) : nil
    }
    return substitutions.filter { $0.form == .eachUnit }
      + substitutions.filter { $0.form == .eachRange }
  }

  /// Lays the displayed text out afresh, with a display map made afresh:
  /// after a font, geometry, alignment or direction change, or when a
  /// display-substituting behaviour is installed or changed. While the
  /// behaviours are asked for their substitutions, the layout and the map
  /// are empty (they describe no text yet).
  ///
  /// - Complexity: O(n) in the length of the text.
  mutating func relayoutAll() {
    pendingLayout = nil
    let units = state.utf16
    let whole = 0..<units.count
    // Release the old frame first, so that its arrays are not copied.
    state.layout = TextFrame("")
    state.displayMap = DisplayMap()
    let segments = Self.composed(orderedSubstitutions(in: NSRange(whole)), in: whole)
    // Without substitutions the layout shares the text's storage.
    let displayed =
      segments.isEmpty ? units : UTF16Buffer(Self.displayedUnits(of: units, in: whole, segments))
    state.displayMap = DisplayMap(
      typedLength: units.count, spans: Self.spans(of: segments, displayedShift: 0))
    state.layout = TextFrame(
      utf16: displayed, container: EditorState.container(for: state.geometry),
      style: EditorState.style(
        font: state.font, alignment: state.alignment, direction: state.layoutDirection,
        lineBreakMode: state.lineBreakMode))
  }
}

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
  ///     not the editor's text; it must have the same length (otherwise the
  ///     editor's text is laid out).
  ///   - maximumNumberOfLines: The most lines laid out (0 for all), for a
  ///     caller that needs only the first lines.
  /// - Complexity: O(n) in the length of the text.
  public init(editor: EditorState, displayed: UTF16Buffer? = nil, maximumNumberOfLines: Int = 0) {
    let units = displayed.flatMap { $0.count == editor.utf16Count ? $0 : nil } ?? editor.utf16
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
  /// The text container an editor lays its text out in.
  static func container(for geometry: ViewGeometry, maximumNumberOfLines: Int = 0)
    -> TextContainer
  {
    TextContainer(
      width: geometry.textContainerRect.width, maximumNumberOfLines: maximumNumberOfLines,
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
  /// layout: `TextFrame.caretRect(at:width:)` moved by `textContainerOrigin`.
  ///
  /// - Complexity: O(p) in the length of the caret's paragraph.
  public func caretRect(width: CGFloat = 1) -> CGRect {
    let selection = state.selection
    let active = anchor == selection.location ? selection.upperBound : selection.location
    let origin = textContainerOrigin
    return state.layout.caretRect(at: active, width: width).offsetBy(dx: origin.x, dy: origin.y)
  }

  /// The rects that show the selection (empty for a caret), in the view's
  /// coordinates (points), on the one layout: `TextFrame.selectionRects(for:)`
  /// moved by `textContainerOrigin`.
  ///
  /// - Complexity: O(p) per line the selection touches.
  public var selectionRects: [CGRect] {
    let origin = textContainerOrigin
    return state.layout.selectionRects(for: state.selection).map {
      $0.offsetBy(dx: origin.x, dy: origin.y)
    }
  }

  /// The text as a renderer draws it, as UTF-16 code units: the text with the
  /// behaviours' display substitutions applied. Same length as `state.utf16`.
  ///
  /// - Complexity: O(1) (the layout's copy-on-write buffer).
  public var displayedUTF16: UTF16Buffer { state.layout.utf16 }

  /// The text as a renderer draws it (see `displayedUTF16`); `text` is what
  /// the user typed, which a program reads.
  ///
  /// - Complexity: O(n) in the length of the text.
  public var displayedText: String { String(decoding: displayedUTF16, as: UTF16.self) }

  // MARK: - Keeping the layout up to date

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

  /// Brings `state.layout` up to date with the text and the marked range,
  /// in two steps that each lay out only what they change
  /// (`TextFrame.replaceCharacters`, which inside a paragraph re-lays out a
  /// window around the edit):
  ///
  /// 1. the edited code units go into the layout as typed, so that its
  ///    paragraphs are the text's (a display substitution keeps hard breaks);
  /// 2. the behaviours give their display substitutions for the paragraphs
  ///    the change touched, and the layout's code units are brought to the
  ///    displayed ones where a substitution was or now is
  ///    (`substitutedRanges`), each differing stretch replaced on its own.
  ///
  /// - Complexity: O(m) in the length of the change and of the substituted
  ///   ranges in the touched paragraphs, plus what the behaviours'
  ///   `displaySubstitution(inParagraphs:of:)` and
  ///   `TextFrame.replaceCharacters(in:withUTF16:)` cost.
  mutating func updateLayout() {
    guard let pending = pendingLayout else { return }
    pendingLayout = nil
    let units = state.utf16
    let oldCount = state.layout.utf16.count
    let oldPendingUpper = pending.upper - pending.delta
    guard pending.lower >= 0, pending.lower <= pending.upper, pending.upper <= units.count,
      pending.lower <= oldPendingUpper, oldPendingUpper <= oldCount,
      oldCount + pending.delta == units.count
    else {
      relayoutAll()
      return
    }
    // 1. The typed code units; the layout's paragraphs are then the text's.
    state.layout.replaceCharacters(
      in: NSRange(location: pending.lower, length: oldPendingUpper - pending.lower),
      withUTF16: Array(units[pending.lower..<pending.upper]))
    guard state.layout.utf16.count == units.count else {
      relayoutAll()
      return
    }
    let lower =
      state.layout.paragraphRange(containing: Swift.max(pending.lower - 1, 0))?.lowerBound ?? 0
    let upper = state.layout.paragraphRange(containing: pending.upper)?.upperBound ?? units.count
    // 2. The substitutions of the touched paragraphs.
    let region = NSRange(location: lower, length: upper - lower)
    let substitutions = orderedSubstitutions(in: region)
    // Where the layout may differ from the displayed text: where a
    // substitution was (moved by the edit) or now is, in the region.
    func moved(_ offset: Int, end: Bool) -> Int {
      if offset <= pending.lower { return offset }
      if offset >= oldPendingUpper { return offset + pending.delta }
      return end ? pending.upper : pending.lower
    }
    var stretches: [Range<Int>] = []
    let firstOld = substitutedRanges.partitioningIndex { $0.upperBound > lower }
    var lastOld = firstOld
    while lastOld < substitutedRanges.count,
      moved(substitutedRanges[lastOld].lowerBound, end: false) < upper
    {
      let old = substitutedRanges[lastOld]
      let movedRange = moved(old.lowerBound, end: false)..<moved(old.upperBound, end: true)
      let clamped = movedRange.clamped(to: lower..<upper)
      if !clamped.isEmpty { stretches.append(clamped) }
      lastOld += 1
    }
    var current: [Range<Int>] = []
    for substitution in substitutions {
      for range in substitution.ranges {
        let clamped = NSIntersectionRange(range, region)
        guard clamped.length > 0 else { continue }
        current.append(clamped.location..<NSMaxRange(clamped))
      }
    }
    stretches += current
    for stretch in Self.merged(stretches) {
      var displayed = Array(units[stretch])
      Self.apply(substitutions, to: &displayed, in: stretch)
      // Only the differing part of the stretch is laid out again. (Read
      // in place, so that no copy of the layout's units is alive when the
      // layout is changed, which would copy them all.)
      var from = stretch.lowerBound
      var to = stretch.upperBound
      while from < to, state.layout.utf16[from] == displayed[from - stretch.lowerBound] {
        from += 1
      }
      while to > from, state.layout.utf16[to - 1] == displayed[to - 1 - stretch.lowerBound] {
        to -= 1
      }
      guard from < to else { continue }
      state.layout.replaceCharacters(
        in: NSRange(location: from, length: to - from),
        withUTF16: Array(displayed[(from - stretch.lowerBound)..<(to - stretch.lowerBound)]))
    }
    // The substituted ranges kept for the next change: those outside the
    // region (the parts outside it of those that cross its edges), moved,
    // and the region's new ones.
    var kept = Array(substitutedRanges[..<firstOld])
    let oldUpper = upper - pending.delta
    for old in substitutedRanges[firstOld..<lastOld] {
      if old.lowerBound < lower { kept.append(old.lowerBound..<Swift.min(old.upperBound, lower)) }
      if old.upperBound > oldUpper {
        kept.append(
          (Swift.max(old.lowerBound, oldUpper) + pending.delta)..<(old.upperBound + pending.delta))
      }
    }
    kept += Self.merged(current)
    for old in substitutedRanges[lastOld...] {
      kept.append((old.lowerBound + pending.delta)..<(old.upperBound + pending.delta))
    }
    substitutedRanges = Self.merged(kept)
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

  /// Every behaviour's display substitution for the whole paragraphs
  /// `region`: the unit-by-unit ones in chain order, then the
  /// cluster-by-cluster ones (a mask) in chain order, so that a mask covers
  /// what another substitution draws whatever the order the behaviours were
  /// installed in.
  private func orderedSubstitutions(in region: NSRange) -> [DisplaySubstitution] {
    let substitutions = behaviours.compactMap { behaviour in
      behaviour.substitutesDisplay
        ? behaviour.displaySubstitution(inParagraphs: region, of: state) : nil
    }
    return substitutions.filter { $0.continuation == nil }
      + substitutions.filter { $0.continuation != nil }
  }

  /// Applies `substitutions` to `units`, the text's code units of `stretch`.
  private static func apply(
    _ substitutions: [DisplaySubstitution], to units: inout [UInt16], in stretch: Range<Int>
  ) {
    let window = NSRange(location: stretch.lowerBound, length: stretch.count)
    for substitution in substitutions {
      for range in substitution.ranges {
        let clamped = NSIntersectionRange(range, window)
        guard clamped.length > 0 else { continue }
        for index in clamped.location..<NSMaxRange(clamped) {
          units[index - stretch.lowerBound] = substitution.unit(at: index, of: range)
        }
      }
    }
  }

  /// Lays the displayed text out afresh: after a font, geometry, alignment or
  /// direction change, or when a display-substituting behaviour is installed
  /// or changed.
  ///
  /// - Complexity: O(n) in the length of the text.
  mutating func relayoutAll() {
    pendingLayout = nil
    var displayed = state.utf16.array
    let whole = NSRange(location: 0, length: displayed.count)
    let substitutions = orderedSubstitutions(in: whole)
    Self.apply(substitutions, to: &displayed, in: 0..<displayed.count)
    substitutedRanges = Self.merged(
      substitutions.flatMap { substitution in
        substitution.ranges.compactMap { range -> Range<Int>? in
          let clamped = NSIntersectionRange(range, whole)
          return clamped.length > 0 ? clamped.location..<NSMaxRange(clamped) : nil
        }
      })
    // Release the old frame first, so that its arrays are not copied.
    state.layout = TextFrame("")
    state.layout = TextFrame(
      utf16: displayed, container: EditorState.container(for: state.geometry),
      style: EditorState.style(
        font: state.font, alignment: state.alignment, direction: state.layoutDirection,
        lineBreakMode: state.lineBreakMode))
  }
}

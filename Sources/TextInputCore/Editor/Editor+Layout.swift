public import Foundation
import TextMetrics

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
  public init(editor: EditorState, displayed: [UInt16]? = nil, maximumNumberOfLines: Int = 0) {
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
  /// - Complexity: O(1) (the layout's copy-on-write array).
  public var displayedUTF16: [UInt16] { state.layout.utf16 }

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

  /// Brings `state.layout` up to date with the text and the marked range:
  /// the paragraphs that changed since the last update get their display
  /// substitutions again and are laid out again (`TextFrame.replaceCharacters`).
  ///
  /// - Complexity: O(p) in the length of the changed paragraphs, plus what
  ///   `TextFrame.replaceCharacters(in:withUTF16:)` costs.
  mutating func updateLayout() {
    guard let pending = pendingLayout else { return }
    pendingLayout = nil
    let units = state.utf16
    let lower = Self.paragraphStart(before: Swift.max(pending.lower - 1, 0), in: units)
    let upper = Self.paragraphEnd(from: Swift.min(pending.upper, units.count), in: units)
    let oldUpper = upper - pending.delta
    guard lower <= upper, lower <= oldUpper, oldUpper <= state.layout.utf16.count else {
      relayoutAll()
      return
    }
    let region = NSRange(location: lower, length: upper - lower)
    var displayed = Array(units[lower..<upper])
    applySubstitutions(in: region, to: &displayed, offset: lower)
    state.layout.replaceCharacters(
      in: NSRange(location: lower, length: oldUpper - lower), withUTF16: displayed)
  }

  /// Lays the displayed text out afresh: after a font, geometry, alignment or
  /// direction change, or when a display-substituting behaviour is installed
  /// or changed.
  ///
  /// - Complexity: O(n) in the length of the text.
  mutating func relayoutAll() {
    pendingLayout = nil
    var displayed = state.utf16
    applySubstitutions(
      in: NSRange(location: 0, length: displayed.count), to: &displayed, offset: 0)
    // Release the old frame first, so that its arrays are not copied.
    state.layout = TextFrame("")
    state.layout = TextFrame(
      utf16: displayed, container: EditorState.container(for: state.geometry),
      style: EditorState.style(
        font: state.font, alignment: state.alignment, direction: state.layoutDirection,
        lineBreakMode: state.lineBreakMode))
  }

  /// Applies every behaviour's display substitution for the whole paragraphs
  /// `region` (UTF-16 code units of the text) to `units`, which hold the
  /// text's code units from `offset` on: the unit-by-unit ones in chain
  /// order, then the cluster-by-cluster ones (a mask) in chain order, so
  /// that a mask covers what another substitution draws whatever the order
  /// the behaviours were installed in.
  private func applySubstitutions(in region: NSRange, to units: inout [UInt16], offset: Int) {
    let substitutions = behaviours.compactMap { behaviour in
      behaviour.substitutesDisplay
        ? behaviour.displaySubstitution(inParagraphs: region, of: state) : nil
    }
    let ordered =
      substitutions.filter { $0.continuation == nil }
      + substitutions.filter { $0.continuation != nil }
    for substitution in ordered {
      for range in substitution.ranges {
        let clamped = NSIntersectionRange(range, region)
        guard clamped.length > 0 else { continue }
        for index in clamped.location..<NSMaxRange(clamped) {
          units[index - offset] = substitution.unit(at: index, of: range)
        }
      }
    }
  }

  /// The start of the paragraph holding `offset` (just after the hard line
  /// break before it, or 0).
  static func paragraphStart(before offset: Int, in units: [UInt16]) -> Int {
    var position = Swift.min(Swift.max(offset, 0), units.count)
    // An offset between CR and LF belongs to the paragraph the pair ends.
    if position > 0, position < units.count, units[position - 1] == 0x0D, units[position] == 0x0A {
      position -= 1
    }
    while position > 0, !HardBreaks.isBreak(units[position - 1]) { position -= 1 }
    return position
  }

  /// The end of the paragraph holding `offset`, its hard line break included
  /// (or the end of the text).
  static func paragraphEnd(from offset: Int, in units: [UInt16]) -> Int {
    var position = Swift.min(Swift.max(offset, 0), units.count)
    if position > 0, position < units.count, units[position - 1] == 0x0D, units[position] == 0x0A {
      return position + 1
    }
    while position < units.count, !HardBreaks.isBreak(units[position]) { position += 1 }
    guard position < units.count else { return position }
    if units[position] == 0x0D, position + 1 < units.count, units[position + 1] == 0x0A {
      return position + 2
    }
    return position + 1
  }
}

public import Foundation
import TextMetrics

// The commands a text view's user (typing, deleting, IME, moving the caret)
// and its host (text, font, geometry, alignment, direction, taps) send.
extension Editor {
  /// Types `text`: replaces the marked text (committing the composition with
  /// `text`) or else the selection; the caret goes after the inserted text.
  /// Coalesces with preceding typing into one undo step.
  ///
  /// - Returns: whether the edit happened (false if a behaviour rejected it).
  /// - Complexity: O(m) in the length of `text`, plus shifting the text after it.
  @discardableResult
  public mutating func insert(_ text: String) -> Bool {
    let range = state.markedRange ?? state.selection
    let unmarked = state.markedRange != nil
    let done = perform(TextEdit(kind: .typing, range: range, replacement: text))
    if unmarked, !done { unmarkText() }
    return done
  }

  /// The offset one `unit` before `offset` (UTF-16 code units): the previous
  /// grapheme boundary, or the previous word start snapped back to a
  /// cluster boundary; 0 at the start. What ← and Backspace reach. While
  /// the text is masked (`isSecureTextEntry`) a word is the paragraph: its
  /// start, or at a paragraph's start the previous paragraph's.
  ///
  /// - Complexity: O(log n) for a grapheme; for a word, O(w) in the text
  ///   segmented around `offset` (`EditorState.previousWordStart(before:)`;
  ///   the paragraph when masked).
  public func boundary(before offset: Int, by unit: TextUnit) -> Int {
    switch unit {
    case .grapheme: return state.graphemes.before(offset) ?? 0
    case .word where isSecureTextEntry:
      let offset = Swift.min(Swift.max(offset, 0), state.utf16Count)
      let start = paragraphStart(from: offset)
      if start < offset { return start }
      // At a paragraph's start: over the line break, to the one before.
      return paragraphStart(from: state.graphemes.before(offset) ?? 0)
    case .word:
      return state.graphemes.snapBackward(state.previousWordStart(before: offset))
    }
  }

  /// The offset one `unit` after `offset` (UTF-16 code units): the next
  /// grapheme boundary, or the next word end snapped forward to a cluster
  /// boundary; the text's end at the end. What → and Delete reach. While
  /// the text is masked (`isSecureTextEntry`) a word is the paragraph: its
  /// end, or at a paragraph's end the next paragraph's.
  ///
  /// - Complexity: O(log n) for a grapheme; for a word, O(w) in the text
  ///   segmented around `offset` (`EditorState.nextWordEnd(after:)`; the
  ///   paragraph when masked).
  public func boundary(after offset: Int, by unit: TextUnit) -> Int {
    switch unit {
    case .grapheme: return state.graphemes.after(offset) ?? state.utf16Count
    case .word where isSecureTextEntry:
      let offset = Swift.min(Swift.max(offset, 0), state.utf16Count)
      let end = paragraphEnd(from: offset)
      if end > offset { return end }
      // At a paragraph's end: over the line break, to the next one's end.
      return paragraphEnd(from: state.graphemes.after(offset) ?? state.utf16Count)
    case .word:
      return state.graphemes.snapForward(state.nextWordEnd(after: offset))
    }
  }

  /// Deletes the selection, or else the grapheme cluster (or to the previous
  /// word start, with `.word`) before the caret. Marked text is committed first.
  ///
  /// - Returns: whether text was deleted.
  /// - Complexity: O(log n) for a grapheme; for a word, the text around the
  ///   caret is segmented (`EditorState.previousWordStart(before:)`).
  @discardableResult
  public mutating func deleteBackward(by unit: TextUnit = .grapheme) -> Bool {
    unmarkText()
    let selection = state.selection
    var range = selection
    if selection.length == 0 {
      guard selection.location > 0 else { return false }
      let start = boundary(before: selection.location, by: unit)
      range = NSRange(location: start, length: selection.location - start)
    }
    return perform(TextEdit(kind: .deleteBackward, range: range, replacement: ""))
  }

  /// Deletes the selection, or else the grapheme cluster (or to the next word
  /// end, with `.word`) after the caret. Marked text is committed first.
  ///
  /// - Returns: whether text was deleted.
  /// - Complexity: O(log n) for a grapheme; for a word, the text around the
  ///   caret is segmented (`EditorState.nextWordEnd(after:)`).
  @discardableResult
  public mutating func deleteForward(by unit: TextUnit = .grapheme) -> Bool {
    unmarkText()
    let selection = state.selection
    var range = selection
    if selection.length == 0 {
      guard selection.location < state.utf16Count else { return false }
      let end = boundary(after: selection.location, by: unit)
      range = NSRange(location: selection.location, length: end - selection.location)
    }
    return perform(TextEdit(kind: .deleteForward, range: range, replacement: ""))
  }

  /// Replaces `range` (UTF-16 code units, clamped and widened to grapheme
  /// boundaries) with `text`, as a paste or an autocorrection does; the caret
  /// goes after the new text. Marked text is committed first. Its own undo step.
  ///
  /// - Returns: whether the edit happened.
  @discardableResult
  public mutating func replace(_ range: NSRange, with text: String) -> Bool {
    unmarkText()
    openGroup = nil
    let widened = state.graphemes.widened(range)
    return perform(TextEdit(kind: .replace, range: widened, replacement: text))
  }

  /// Sets the marked (IME composition) text, replacing the current marked
  /// text, or `replacementRange`, or the selection; `selectedRange` is the
  /// selection inside the new marked text. Empty text ends the composition.
  /// The marked range is widened to grapheme boundaries if the text around it
  /// joins its clusters.
  ///
  /// - Parameters:
  ///   - text: The composing text.
  ///   - selectedRange: The selection relative to the start of `text` (UTF-16 code units).
  ///   - replacementRange: The range to replace (UTF-16 code units) instead of
  ///     the marked text or selection; widened to grapheme boundaries.
  /// - Returns: whether the edit happened (false if a behaviour rejected it).
  /// - Throws: `EditorError.rangeOutOfBounds` if `replacementRange` is outside
  ///   the text; `.markedSelectionOutOfBounds` if `selectedRange` is outside
  ///   `text`. Nothing changes then.
  @discardableResult
  public mutating func setMarkedText(
    _ text: String, selectedRange: NSRange, replacementRange: NSRange? = nil
  ) throws(EditorError) -> Bool {
    let count = state.utf16Count
    var target = state.markedRange ?? state.selection
    if let replacementRange, replacementRange.location != NSNotFound {
      guard replacementRange.location >= 0, replacementRange.length >= 0,
        replacementRange.location <= count,
        replacementRange.length <= count - replacementRange.location
      else { throw .rangeOutOfBounds(replacementRange, utf16Count: count) }
      target = state.graphemes.widened(replacementRange)
    }
    let length = text.utf16.count
    guard selectedRange.location != NSNotFound, selectedRange.location >= 0,
      selectedRange.length >= 0, selectedRange.location <= length,
      selectedRange.length <= length - selectedRange.location
    else { throw .markedSelectionOutOfBounds(selectedRange, markedLength: length) }
    let selection = NSRange(
      location: target.location + selectedRange.location, length: selectedRange.length)
    return perform(
      TextEdit(kind: .markedText, range: target, replacement: text, selection: selection))
  }

  /// Commits the marked text as it is: the marked range goes away, the text
  /// stays. Does nothing without marked text.
  public mutating func unmarkText() {
    unmarkText(context: .command)
  }

  mutating func unmarkText(context: FollowUpContext) {
    guard let old = state.markedRange else { return }
    state.markedRange = nil
    invalidateLayout(old)
    updateLayout()
    // A follow-up on the committed text joins the composition's undo step:
    // the open typing step, or the last step when it left this marked text
    // (a caret move inside the marked text closes the typing step), so that
    // undo never takes back such a follow-up (a character limit's cut)
    // without the composition.
    var context = context
    if openGroup == .typing || undoStack.last?.markedAfter == old,
      context.recording == .ownGroup
    {
      context.recording = .lastGroup
    }
    notify(.markedTextChanged(from: old), context: context)
  }

  /// Selects `range` (UTF-16 code units), clamped and widened to grapheme
  /// boundaries. Selecting outside the marked text commits it first.
  public mutating func select(_ range: NSRange) {
    select(range, context: .command)
  }

  mutating func select(_ range: NSRange, context: FollowUpContext) {
    var widened = state.graphemes.widened(range)
    if let marked = state.markedRange,
      widened.location < marked.location || widened.upperBound > marked.upperBound
    {
      unmarkText(context: context)
      widened = state.graphemes.widened(range)
    }
    setSelection(widened, anchor: widened.location, context: context)
  }

  /// Moves the caret, or with `extending` the selection's moving end (the end
  /// away from where the selection started). Without `extending`, a
  /// backward / forward move by grapheme from a non-empty selection collapses
  /// it to its start / end. With marked text the move stays inside it (the
  /// marked text is never split or committed by a move).
  ///
  /// - Complexity: O(log n) by grapheme; O(n) by word; O(p) in the
  ///   paragraph for paragraph moves, a layout query for laid-out line moves; O(k log k) in the clusters of the caret's laid-out line for `left`
  ///   and `right`, O(p) in its paragraph for `up` and `down`.
  public mutating func move(_ movement: CaretMovement, extending: Bool = false) {
    let selection = state.selection
    let limit = state.markedRange ?? NSRange(location: 0, length: state.utf16Count)
    if anchor != selection.location, anchor != selection.upperBound { anchor = selection.location }
    let active = anchor == selection.location ? selection.upperBound : selection.location
    var target: Int
    var keptGoalX: CGFloat?
    switch movement {
    case .left, .right:
      let toRight = movement == .right
      if !extending, selection.length > 0 {
        let lower = state.caretRect(at: selection.location)
        let upper = state.caretRect(at: selection.upperBound)
        let lowerIsLeft =
          lower.minY != upper.minY ? lower.minY < upper.minY : lower.minX <= upper.minX
        target = (lowerIsLeft != toRight) ? selection.location : selection.upperBound
      } else {
        target = visualNeighbour(of: extending ? active : selection.location, toRight: toRight)
      }
    case .up, .down:
      let from = extending ? active : (movement == .up ? selection.location : selection.upperBound)
      // On the layout, in displayed offsets; the target mapped back.
      let caret = state.caretRect(at: from)
      let x = goalX ?? caret.midX
      keptGoalX = x
      if movement == .up {
        target =
          caret.minY <= (state.layout.lineFragments.first?.rect.minY ?? 0)
          ? 0 : state.offset(closestTo: CGPoint(x: x, y: caret.minY.nextDown))
      } else {
        target =
          caret.maxY >= (state.layout.lineFragments.last?.rect.maxY ?? 0)
            && state.displayMap.displayed(fromTyped: from)
              >= (state.layout.lineFragments.last?.range.location ?? 0)
          ? state.utf16Count : state.offset(closestTo: CGPoint(x: x, y: caret.maxY))
      }
      target = state.graphemes.snapBackward(target)
    case .backward(let unit):
      if !extending, selection.length > 0, unit == .grapheme {
        target = selection.location
      } else {
        target = boundary(before: extending ? active : selection.location, by: unit)
      }
    case .forward(let unit):
      if !extending, selection.length > 0, unit == .grapheme {
        target = selection.upperBound
      } else {
        target = boundary(after: extending ? active : selection.upperBound, by: unit)
      }
    case .paragraphStart:
      target = state.graphemes.snapBackward(
        paragraphStart(from: extending ? active : selection.location))
    case .paragraphEnd:
      target = state.graphemes.snapBackward(
        paragraphEnd(from: extending ? active : selection.upperBound))
    case .lineStart:
      target = laidOutLineStart(from: extending ? active : selection.location)
    case .lineEnd:
      target = laidOutLineEnd(from: extending ? active : selection.upperBound)
    case .documentStart: target = 0
    case .documentEnd: target = state.utf16Count
    }
    target = Swift.min(Swift.max(target, limit.location), limit.upperBound)
    if extending {
      let lower = Swift.min(anchor, target)
      setSelection(
        NSRange(location: lower, length: Swift.max(anchor, target) - lower), anchor: anchor,
        context: .command)
    } else {
      setSelection(NSRange(location: target, length: 0), anchor: target, context: .command)
    }
    goalX = keptGoalX
  }

  /// The grapheme boundary next to `offset` on screen (see `CaretMovement.left`):
  /// among the boundaries of the caret's laid-out line, the one whose caret is
  /// nearest to the right (or left) of the caret at `offset`; at the line's
  /// edge, the next boundary in text order (forward past the right edge of a
  /// left-to-right line, backward past that of a right-to-left one) when it
  /// is drawn on another row, else `offset` itself.
  ///
  /// The line and its clusters are the layout's (displayed offsets, through
  /// `state.displayMap`); `offset` and the result are typed offsets.
  ///
  /// - Complexity: O(k) in the line's clusters for a left-to-right line
  ///   without right-to-left text (a few caret rects, each placing the
  ///   line); O(k log k) otherwise (a caret rect per boundary, the line
  ///   placed once for all of them: `TextFrame.caretRects(at:onLine:)`).
  func visualNeighbour(of offset: Int, toRight: Bool) -> Int {
    let layout = state.layout
    let map = state.displayMap
    let count = state.utf16Count
    let logicalForward = { self.state.graphemes.after(offset) ?? count }
    let logicalBackward = { self.state.graphemes.before(offset) ?? 0 }
    let displayedOffset = map.displayed(fromTyped: offset)
    let caret = layout.caretRect(at: displayedOffset)
    guard let lineIndex = layout.lineIndex(containing: displayedOffset),
      caret.minY == layout.lineFragments[lineIndex].rect.minY,
      let wholeLine = layout.placedClustersIfCheap(ofLine: lineIndex)
    else { return toRight ? logicalForward() : logicalBackward() }
    // A long line placed in windows (left to right, in text order) is
    // placed only around the caret first.
    var clusters =
      wholeLine
      ?? layout.placedClusters(
        ofLine: lineIndex, reaching: (caret.midX - 64)...(caret.midX + 64)) ?? []
    let line = layout.lineFragments[lineIndex]
    // A left-to-right line without right-to-left clusters or an ellipsis
    // draws its carets left to right in text order: the nearest caret to
    // the right (left) is the first found walking forward (backward) from
    // the caret, so a key costs a few caret queries, not one per cluster.
    let monotonic =
      line.direction == .leftToRight
      && !clusters.contains { $0.isRightToLeft || $0.isEllipsis }
    /// The boundaries of `clusters` (and the line's start), ascending.
    func boundaries(_ clusters: ArraySlice<PlacedCluster>) -> [Int] {
      var all = [line.range.location]
      all.reserveCapacity(2 * clusters.count + 1)
      for cluster in clusters where !cluster.isEllipsis {
        all.append(cluster.range.location)
        all.append(NSMaxRange(cluster.range))
      }
      // Sorted, then each value once (a sort finds the runs a line's
      // clusters come in, ascending or not, without hashing each bound).
      all.sort()
      var unique: [Int] = []
      unique.reserveCapacity(all.count)
      for value in all where unique.last != value { unique.append(value) }
      return unique
    }
    /// The nearest caret beyond the caret among `candidates`, in the order
    /// given (walking away from the caret when monotonic).
    func nearest(_ candidates: [Int]) -> (offset: Int, x: CGFloat)? {
      var best: (offset: Int, x: CGFloat)?
      /// The candidate's typed offset, when it is one to look at.
      func typed(_ candidate: Int) -> Int? {
        guard candidate != displayedOffset, layout.lineIndex(containing: candidate) == lineIndex
        else { return nil }
        let typed = map.typed(fromDisplayed: candidate)
        guard typed != offset, state.graphemes.isBoundary(typed),
          map.displayed(fromTyped: typed) == candidate
        else { return nil }
        return typed
      }
      // (Lazy: walking a monotonic line stops at the first caret beyond.)
      let kept = candidates.lazy.compactMap { candidate in
        typed(candidate).map { (displayed: candidate, typed: $0) }
      }
      // Not monotonic, every candidate's caret is looked at: the line is
      // placed once for all of them (the same rects as one query each).
      let all = monotonic ? [] : Array(kept)
      let rects =
        monotonic
        ? nil
        : layout.caretRects(at: all.map(\.displayed), onLine: lineIndex, placed: wholeLine)
      let walked = monotonic ? AnySequence(kept) : AnySequence(all)
      for (index, (candidate, typed)) in walked.enumerated() {
        let rect = rects?[index] ?? layout.caretRect(at: candidate)
        guard rect.minY == caret.minY else { continue }
        let x = rect.midX
        if toRight ? x > caret.midX : x < caret.midX {
          if best.map({ toRight ? x < $0.x : x > $0.x }) ?? true {
            best = (typed, x)
          } else if monotonic, !toRight, x == best?.x {
            // Walking backward, the earliest of equal carets wins, as in text order.
            best = (typed, x)
          }
        }
        // Monotonic: past the first caret beyond the caret, the rest lie
        // farther (or, walking backward, until a caret left of the best).
        if monotonic, let found = best, toRight || x < found.x { break }
      }
      return best
    }
    /// `sorted` from the caret on, walking away from it.
    func walk(_ sorted: [Int]) -> [Int] {
      let start = sorted.partitioningIndex { $0 >= displayedOffset }
      return toRight ? Array(sorted[start...]) : Array(sorted[..<start].reversed())
    }
    var best: (offset: Int, x: CGFloat)?
    if monotonic {
      // The clusters are in text order: first the few next to the caret,
      // then, if none of them has a caret beyond it, the whole line.
      let index = clusters.partitioningIndex { NSMaxRange($0.range) > displayedOffset }
      let near =
        toRight
        ? index..<Swift.min(index + 8, clusters.count)
        : Swift.max(index - 8, 0)..<Swift.min(index + 1, clusters.count)
      best = nearest(walk(boundaries(clusters[near])))
      if best == nil, toRight ? near.upperBound < clusters.count : near.lowerBound > 0 {
        best = nearest(walk(boundaries(clusters[...])))
      }
    } else {
      best = nearest(boundaries(clusters[...]))
    }
    if best == nil, wholeLine == nil {
      // Nothing beyond the caret near it: the whole line.
      clusters = layout.placedClusters(ofLine: lineIndex) ?? []
      best = nearest(walk(boundaries(clusters[...])))
    }
    if let best { return best.offset }
    // Past the line's edge: on to the next (or previous) line in text order.
    // A neighbour in text order drawn on the same row is not past the edge
    // (an offset at a direction boundary, as the end of "ab مرحبا"): the
    // caret stays, instead of bouncing between two offsets.
    let forward = (line.direction == .leftToRight) == toRight
    let next = forward ? logicalForward() : logicalBackward()
    return state.caretRect(at: next).minY == caret.minY ? offset : next
  }

  /// Becomes first responder; behaviours are told. Does nothing if editing.
  public mutating func beginEditing() {
    beginEditing(context: .command)
  }

  mutating func beginEditing(context: FollowUpContext) {
    guard !state.isEditing else { return }
    openGroup = nil
    state.isEditing = true
    notify(.editingBegan, context: context)
  }

  /// Resigns first responder, committing marked text first; behaviours are
  /// told. Does nothing if not editing. Text is never trimmed or changed here
  /// by the editor itself.
  public mutating func endEditing() {
    endEditing(context: .command)
  }

  mutating func endEditing(context: FollowUpContext) {
    guard state.isEditing else { return }
    unmarkText(context: context)
    openGroup = nil
    state.isEditing = false
    notify(.editingEnded, context: context)
  }

  /// Sets the text as the app does (`textView.text = …`): not reviewed by the
  /// chain, behaviours are told (kind `.programmatic`). The caret goes to the
  /// end, marked text is dropped, and the undo history is
  /// cleared (its offsets would no longer mean anything).
  ///
  /// - Complexity: O(n) in the lengths of the old and new text.
  public mutating func setText(_ text: String) {
    let oldMarked = state.markedRange
    state.markedRange = nil
    undoStack.removeAll()
    redoStack.removeAll()
    openGroup = nil
    let edit = TextEdit(
      kind: .programmatic, range: NSRange(location: 0, length: state.utf16Count), replacement: text
    )
    // Follow-ups on the new text are not recorded: there is no history.
    commit(edit, record: false, context: FollowUpContext(recording: .none))
    if oldMarked != nil { notify(.markedTextChanged(from: oldMarked), context: .command) }
  }

  /// Sets the font; behaviours are told.
  public mutating func setFont(_ font: any FontMetrics) {
    let old = state.font
    state.font = font
    relayoutAll()
    notify(.fontChanged(from: old), context: .command)
  }

  /// Sets the view geometry (sanitized, see `ViewGeometry`); behaviours are told.
  public mutating func setGeometry(_ geometry: ViewGeometry) {
    let old = state.geometry
    state.geometry = geometry
    let container = EditorState.container(for: geometry)
    if container.width != state.layout.container.width
      || container.lineFragmentPadding != state.layout.container.lineFragmentPadding
    {
      relayoutAll()
    }
    notify(.geometryChanged(from: old), context: .command)
  }

  /// Resizes the view to `bounds` (points); behaviours are told.
  public mutating func resize(to bounds: CGRect) {
    var geometry = state.geometry
    geometry.bounds = bounds
    setGeometry(geometry)
  }

  /// Sets the text alignment; behaviours are told.
  public mutating func setAlignment(_ alignment: TextAlignment) {
    let old = state.alignment
    guard old != alignment else { return }
    state.alignment = alignment
    relayoutAll()
    notify(.alignmentChanged(from: old), context: .command)
  }

  /// Sets what happens to a line too long for the text container: `.clip`
  /// keeps each paragraph on one line (a single-line field, scrolled
  /// sideways by its renderer); the default `.wordWrap` wraps. The text is
  /// laid out again; the selection is kept.
  ///
  /// - Complexity: O(n) in the length of the text (a fresh layout).
  public mutating func setLineBreakMode(_ mode: LineBreakMode) {
    guard state.lineBreakMode != mode else { return }
    state.lineBreakMode = mode
    relayoutAll()
  }

  /// Sets the layout direction; behaviours are told.
  public mutating func setLayoutDirection(_ direction: LayoutDirection) {
    let old = state.layoutDirection
    guard old != direction else { return }
    state.layoutDirection = direction
    relayoutAll()
    notify(.layoutDirectionChanged(from: old), context: .command)
  }

  /// Reports a tap at `point` (points, view coordinates) to the behaviours (a
  /// placeholder begins editing on it) when it lands where the view takes
  /// touches: in `hitRegion`, or in the bounds when there is none. A tap
  /// elsewhere (or at a NaN or infinite point) is not the view's and changes
  /// nothing. The editor itself does not move the caret: mapping a point to an
  /// offset needs layout.
  ///
  /// - Returns: whether the tap was the view's and was reported.
  @discardableResult
  public mutating func tap(at point: CGPoint) -> Bool {
    guard acceptsTap(at: point) else { return false }
    notify(.tapped(point), context: .command)
    return true
  }

  /// Whether a tap at `point` (points, view coordinates) is the view's: in
  /// `hitRegion`, or in the bounds when there is none.
  public func acceptsTap(at point: CGPoint) -> Bool {
    guard point.x.isFinite, point.y.isFinite else { return false }
    let bounds = state.geometry.bounds
    if let hitRegion { return hitRegion.contains(point, bounds: bounds) }
    return bounds.contains(point)
  }

  /// The laid-out line the caret at `offset` is drawn on: its index, or nil
  /// on the empty line after a final hard break (and in empty text).
  private func drawnLine(of offset: Int) -> Int? {
    let layout = state.layout
    let displayed = state.displayMap.displayed(fromTyped: offset)
    guard let index = layout.lineIndex(containing: displayed) else { return nil }
    return layout.caretRect(at: displayed).minY < layout.lineFragments[index].rect.maxY
      ? index : nil
  }

  /// The start of the laid-out line the caret at `offset` is drawn on (for a
  /// wrapped paragraph, the start of the row, not of the paragraph).
  private func laidOutLineStart(from offset: Int) -> Int {
    guard let index = drawnLine(of: offset) else { return offset }
    return state.graphemes.snapBackward(
      state.displayMap.typed(fromDisplayed: state.layout.lineFragments[index].range.location))
  }

  /// The end of the laid-out line the caret at `offset` is drawn on, where a
  /// caret is still drawn on that line: the line's end for the last line;
  /// before the hard break of a line that ends with one; before the last
  /// cluster of a wrapped line (its end is where the next line starts, and a
  /// caret there is drawn on the next line).
  private func laidOutLineEnd(from offset: Int) -> Int {
    guard let index = drawnLine(of: offset) else { return offset }
    let fragment = state.displayMap.typed(fromDisplayed: state.layout.lineFragments[index].range)
    let start = fragment.location
    let end = state.graphemes.snapBackward(NSMaxRange(fragment))
    if drawnLine(of: end) == index { return end }
    return Swift.max(state.graphemes.before(end) ?? start, start)
  }

  /// The offset just after the line separator before `offset` (or 0).
  ///
  /// Read from the layout's paragraphs (displayed text; no substitution
  /// covers a hard break, so a displayed paragraph's start is a typed
  /// one's) and checked against the typed text; scanned from `offset`
  /// when they disagree (a substitution that draws a hard break).
  ///
  /// - Complexity: O(log p + log k) for p paragraphs and k display pieces;
  ///   O(p) in the paragraph's length when scanned.
  private func paragraphStart(from offset: Int) -> Int {
    let units = state.utf16
    let offset = Swift.min(Swift.max(offset, 0), units.count)
    if let paragraph = layoutParagraph(holding: offset) {
      let start = state.displayMap.typed(fromDisplayed: paragraph.lowerBound)
      let afterBreak = start == 0 || HardBreaks.isBreak(units[start - 1])
      if start <= offset, afterBreak, !(start < offset && HardBreaks.isBreak(units[offset - 1])) {
        return start
      }
    }
    return HardBreaks.paragraphStart(before: offset, in: units)
  }

  /// The offset of the next line separator at or after `offset` (or the end).
  ///
  /// Read from the layout's paragraphs, as `paragraphStart(from:)` is, and
  /// checked against the typed text; scanned when they disagree.
  ///
  /// - Complexity: O(log p + log k); O(p) when scanned.
  private func paragraphEnd(from offset: Int) -> Int {
    let units = state.utf16
    let offset = Swift.min(Swift.max(offset, 0), units.count)
    if let paragraph = layoutParagraph(holding: offset) {
      let end = state.displayMap.typed(fromDisplayed: paragraph.upperBound)
      let content = Swift.max(HardBreaks.contentEnd(ofParagraph: offset..<end, in: units), offset)
      let endsParagraph = end == units.count || (end > 0 && HardBreaks.isBreak(units[end - 1]))
      if end >= offset, endsParagraph, content == end || HardBreaks.isBreak(units[content]) {
        return content
      }
    }
    return HardBreaks.contentEnd(after: offset, in: units)
  }

  /// The layout's paragraph (displayed UTF-16 code units) holding typed
  /// `offset`, or nil when the text is empty or the offset is where an
  /// empty last paragraph starts (after a final hard break).
  ///
  /// - Complexity: O(log p + log k).
  private func layoutParagraph(holding offset: Int) -> Range<Int>? {
    let units = state.utf16
    guard !units.isEmpty, state.layout.utf16.count == state.displayMap.displayedLength else {
      return nil
    }
    if offset == units.count, HardBreaks.isBreak(units[offset - 1]) { return nil }
    return state.layout.paragraphRange(
      containing: state.displayMap.displayed(fromTyped: offset))
  }
}

extension Editor {
  /// The URIs behaviours asked the host to open since the last call (a link
  /// tapped or pressed), oldest first; the queue is emptied.
  ///
  /// - Complexity: O(1).
  public mutating func takeOpenRequests() -> [String] {
    defer { openRequests = [] }
    return openRequests
  }

  /// Offers a pointer event (points in view coordinates, seconds) to the
  /// behaviours in chain order, until one claims it
  /// (`EditorBehaviour.handlePointer(_:in:actions:)`): a press on a link is
  /// the link's. The editor itself does nothing with an unclaimed event — a
  /// renderer places the caret, since mapping a point to an offset is its
  /// business (`TextFrame.offset(closestTo:)`). Events at a NaN or infinite
  /// point are not offered.
  ///
  /// - Returns: the id of the behaviour that claimed the event, or nil.
  /// - Complexity: O(b) in the behaviours, plus what the claiming one does.
  @discardableResult
  public mutating func handlePointer(_ event: PointerEvent) -> String? {
    switch event {
    case .down(let point, _), .moved(let point, _), .up(let point, _):
      guard point.x.isFinite, point.y.isFinite else { return nil }
    case .tick, .cancelled:
      break
    }
    for index in behaviours.indices {
      var actions = BehaviourActions()
      actions.behaviourID = behaviours[index].id
      let snapshot = state
      if behaviours[index].handlePointer(event, in: snapshot, actions: &actions) {
        carryOut(actions.requests, context: .command)
        return behaviours[index].id
      }
      carryOut(actions.requests, context: .command)
    }
    return nil
  }
}

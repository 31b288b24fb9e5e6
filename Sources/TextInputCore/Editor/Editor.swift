public import Foundation
public import TextMetrics

/// A text input's state and commands, with a chain of behaviours that review
/// every user edit and are told of every change: the logic of a `UITextView`
/// or `UITextField` without the view.
///
/// Offsets are **UTF-16 code units** (as `NSRange` in UIKit). The selection and
/// the marked range always lie within the text and on grapheme cluster
/// boundaries: a range a caller passes is clamped to the text (a location of
/// `NSNotFound` or past the end goes to the end; negative values to 0) and
/// widened to cluster boundaries, never trapped on. Only marked text whose
/// ranges are outside the text is refused, with an `EditorError`.
///
/// Commands do not require `isEditing`: a host routes keys to the focused
/// editor. Typing (and IME composition), backward deletes and forward deletes
/// each coalesce into one undo step until the selection moves, editing begins
/// or ends, or `breakUndoCoalescing()` is called, as a text view does.
///
/// ```swift
/// var editor = Editor(text: "Hi 👋🏽")
/// editor.deleteBackward()              // "Hi " — the whole emoji, 4 code units
/// editor.insert("there")               // "Hi there", caret at 8
/// editor.move(.backward(.word), extending: true)  // selection {3, 5}
/// editor.undo()                        // "Hi ", caret at 3 (the typing)
/// editor.undo()                        // "Hi 👋🏽", caret at 7 (the delete)
/// ```
public struct Editor: Sendable {
  /// The state behaviours and renderers read.
  public internal(set) var state: EditorState
  /// The behaviour chain, in the order edits pass through it.
  public internal(set) var behaviours: [any EditorBehaviour] = []

  var undoStack: [UndoGroup] = []
  var redoStack: [UndoGroup] = []
  /// The kind of the undo group new edits may join, or nil when it is closed.
  var openGroup: CoalescingKind?
  /// The fixed end of the selection when extending it.
  var anchor: Int
  /// Where follow-up edits are recorded during the current command.
  var followUpRecording: FollowUpRecording = .ownGroup
  /// How deeply notifications are nested (follow-ups of follow-ups).
  var followUpDepth = 0

  /// Creates an editor with the caret at the end of `text` and `behaviours`
  /// installed in order (each is told `didInstall`).
  public init(
    text: String = "",
    font: any FontMetrics = CellFont.terminal,
    geometry: ViewGeometry = ViewGeometry(),
    alignment: TextAlignment = .natural,
    layoutDirection: LayoutDirection = .leftToRight,
    isEditing: Bool = false,
    behaviours: [any EditorBehaviour] = []
  ) {
    state = EditorState(
      text: text, isEditing: isEditing, alignment: alignment, layoutDirection: layoutDirection,
      font: font, geometry: geometry)
    anchor = state.selection.location
    for behaviour in behaviours { install(behaviour) }
  }

  // MARK: - Reading

  /// The text. O(n): decoded on each call; `state.utf16` is O(1).
  public var text: String { state.text }
  /// The selection, UTF-16 code units.
  public var selection: NSRange { state.selection }
  /// The marked (IME) range, UTF-16 code units, or nil.
  public var markedRange: NSRange? { state.markedRange }
  /// Whether the editor is first responder.
  public var isEditing: Bool { state.isEditing }
  /// Whether there is an undo step.
  public var canUndo: Bool { !undoStack.isEmpty }
  /// Whether there is a redo step.
  public var canRedo: Bool { !redoStack.isEmpty }

  /// What the behaviours publish for a renderer, in chain order.
  ///
  /// - Complexity: O(b) in the behaviours, plus what each computes.
  public var presentation: Presentation {
    Presentation(behaviours.flatMap { $0.presentation(in: state) })
  }

  /// The first installed behaviour of type `B` (a copy, with its state).
  public func behaviour<B: EditorBehaviour>(_ type: B.Type) -> B? {
    for behaviour in behaviours {
      if let match = behaviour as? B { return match }
    }
    return nil
  }

  // MARK: - Behaviours

  /// Appends `behaviour` to the chain and tells it `didInstall`.
  public mutating func install(_ behaviour: any EditorBehaviour) {
    behaviours.append(behaviour)
    notify(.installed, only: behaviours.count - 1)
  }

  /// Changes the first installed behaviour of type `B` in place: `body`
  /// gets it and the current state (a placeholder's text is set this way).
  /// No event is sent; a behaviour that caches values derived from its
  /// settings updates them in `body`.
  ///
  /// ```swift
  /// editor.modifyBehaviour(Counter.self) { counter, _ in counter.limit = 10 }
  /// ```
  ///
  /// - Returns: what `body` returns, or nil when no behaviour of type `B` is
  ///   installed (`body` is not called).
  /// - Complexity: O(b) in the number of behaviours, plus `body`.
  @discardableResult
  public mutating func modifyBehaviour<B: EditorBehaviour, R>(
    _ type: B.Type, _ body: (inout B, EditorState) throws -> R
  ) rethrows -> R? {
    guard let index = behaviours.firstIndex(where: { $0 is B }),
      var behaviour = behaviours[index] as? B
    else { return nil }
    let result = try body(&behaviour, state)
    behaviours[index] = behaviour
    return result
  }

  // MARK: - Editing commands

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

  /// Deletes the selection, or else the grapheme cluster (or to the previous
  /// word start, with `.word`) before the caret. Marked text is committed first.
  ///
  /// - Returns: whether text was deleted.
  /// - Complexity: O(log n) for a grapheme; O(n) for a word (word segmentation).
  @discardableResult
  public mutating func deleteBackward(by unit: TextUnit = .grapheme) -> Bool {
    unmarkText()
    let selection = state.selection
    var range = selection
    if selection.length == 0 {
      guard selection.location > 0 else { return false }
      let start: Int
      switch unit {
      case .grapheme: start = state.graphemes.before(selection.location) ?? 0
      case .word:
        start = state.graphemes.snapBackward(
          Words.segmentation(utf16: state.utf16).previousWordStart(before: selection.location))
      }
      range = NSRange(location: start, length: selection.location - start)
    }
    return perform(TextEdit(kind: .deleteBackward, range: range, replacement: ""))
  }

  /// Deletes the selection, or else the grapheme cluster (or to the next word
  /// end, with `.word`) after the caret. Marked text is committed first.
  ///
  /// - Returns: whether text was deleted.
  /// - Complexity: O(log n) for a grapheme; O(n) for a word.
  @discardableResult
  public mutating func deleteForward(by unit: TextUnit = .grapheme) -> Bool {
    unmarkText()
    let selection = state.selection
    var range = selection
    if selection.length == 0 {
      guard selection.location < state.utf16Count else { return false }
      let end: Int
      switch unit {
      case .grapheme: end = state.graphemes.after(selection.location) ?? state.utf16Count
      case .word:
        end = state.graphemes.snapForward(
          Words.segmentation(utf16: state.utf16).nextWordEnd(after: selection.location))
      }
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
    let widened = state.graphemes.widen(range)
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
      target = state.graphemes.widen(replacementRange)
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
    guard let old = state.markedRange else { return }
    state.markedRange = nil
    // A follow-up on the committed text joins the composition's undo step.
    let saved = followUpRecording
    if openGroup == .typing, saved == .ownGroup { followUpRecording = .lastGroup }
    notify(.markedTextChanged(from: old))
    followUpRecording = saved
  }

  /// Selects `range` (UTF-16 code units), clamped and widened to grapheme
  /// boundaries. Selecting outside the marked text commits it first.
  public mutating func select(_ range: NSRange) {
    var widened = state.graphemes.widen(range)
    if let marked = state.markedRange,
      widened.location < marked.location || widened.upperBound > marked.upperBound
    {
      unmarkText()
      widened = state.graphemes.widen(range)
    }
    setSelection(widened, anchor: widened.location)
  }

  /// Moves the caret, or with `extending` the selection's moving end (the end
  /// away from where the selection started). Without `extending`, a
  /// backward / forward move by grapheme from a non-empty selection collapses
  /// it to its start / end. With marked text the move stays inside it (the
  /// marked text is never split or committed by a move).
  ///
  /// - Complexity: O(log n) by grapheme; O(n) by word; O(line) for line moves.
  public mutating func move(_ movement: CaretMovement, extending: Bool = false) {
    let selection = state.selection
    let limit = state.markedRange ?? NSRange(location: 0, length: state.utf16Count)
    if anchor != selection.location, anchor != selection.upperBound { anchor = selection.location }
    let active = anchor == selection.location ? selection.upperBound : selection.location
    var target: Int
    switch movement {
    case .backward(let unit):
      if !extending, selection.length > 0, unit == .grapheme {
        target = selection.location
      } else {
        let from = extending ? active : selection.location
        switch unit {
        case .grapheme: target = state.graphemes.before(from) ?? 0
        case .word:
          target = state.graphemes.snapBackward(
            Words.segmentation(utf16: state.utf16).previousWordStart(before: from))
        }
      }
    case .forward(let unit):
      if !extending, selection.length > 0, unit == .grapheme {
        target = selection.upperBound
      } else {
        let from = extending ? active : selection.upperBound
        switch unit {
        case .grapheme: target = state.graphemes.after(from) ?? state.utf16Count
        case .word:
          target = state.graphemes.snapForward(
            Words.segmentation(utf16: state.utf16).nextWordEnd(after: from))
        }
      }
    case .lineStart:
      target = state.graphemes.snapBackward(
        lineStart(from: extending ? active : selection.location))
    case .lineEnd:
      target = state.graphemes.snapBackward(
        lineEnd(from: extending ? active : selection.upperBound))
    case .documentStart: target = 0
    case .documentEnd: target = state.utf16Count
    }
    target = Swift.min(Swift.max(target, limit.location), limit.upperBound)
    if extending {
      let lower = Swift.min(anchor, target)
      setSelection(
        NSRange(location: lower, length: Swift.max(anchor, target) - lower), anchor: anchor)
    } else {
      setSelection(NSRange(location: target, length: 0), anchor: target)
    }
  }

  /// Becomes first responder; behaviours are told. Does nothing if editing.
  public mutating func beginEditing() {
    guard !state.isEditing else { return }
    openGroup = nil
    state.isEditing = true
    notify(.editingBegan)
  }

  /// Resigns first responder, committing marked text first; behaviours are
  /// told. Does nothing if not editing. Text is never trimmed or changed here
  /// by the editor itself.
  public mutating func endEditing() {
    guard state.isEditing else { return }
    unmarkText()
    openGroup = nil
    state.isEditing = false
    notify(.editingEnded)
  }

  /// Sets the text as the app does (`textView.text = …`): not reviewed by the
  /// chain, behaviours are told (kind `.programmatic`). The caret goes to the
  /// end, marked text and annotations are dropped (behaviours told of the new
  /// text may annotate it, or substitute in it), and the undo history is
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
    followUpRecording = .none
    state.annotations.removeAll()
    commit(edit, record: false)
    followUpRecording = .ownGroup
    if oldMarked != nil { notify(.markedTextChanged(from: oldMarked)) }
  }

  /// Sets the font; behaviours are told.
  public mutating func setFont(_ font: any FontMetrics) {
    let old = state.font
    state.font = font
    notify(.fontChanged(from: old))
  }

  /// Sets the view geometry (sanitized, see `ViewGeometry`); behaviours are told.
  public mutating func setGeometry(_ geometry: ViewGeometry) {
    let old = state.geometry
    state.geometry = geometry
    notify(.geometryChanged(from: old))
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
    notify(.alignmentChanged(from: old))
  }

  /// Sets the layout direction; behaviours are told.
  public mutating func setLayoutDirection(_ direction: LayoutDirection) {
    let old = state.layoutDirection
    guard old != direction else { return }
    state.layoutDirection = direction
    notify(.layoutDirectionChanged(from: old))
  }

  /// Reports a tap at `point` (points, view coordinates) to the behaviours (a
  /// placeholder begins editing on it). The editor itself does not move the
  /// caret: mapping a point to an offset needs layout.
  public mutating func tap(at point: CGPoint) {
    notify(.tapped(point))
  }

  // MARK: - Internals

  /// Sets the selection (already valid) and tells behaviours if it changed.
  mutating func setSelection(_ range: NSRange, anchor: Int) {
    let old = state.selection
    self.anchor = anchor
    guard old != range else { return }
    openGroup = nil
    state.selection = range
    notify(.selectionChanged(from: old))
  }

  /// Runs `proposed` through the chain and commits it unless rejected.
  mutating func perform(_ proposed: TextEdit) -> Bool {
    var edit = proposed
    for behaviour in behaviours {
      switch behaviour.review(edit, in: state) {
      case .accept: continue
      case .reject: return false
      case .rewrite(var rewritten):
        rewritten.kind = proposed.kind
        edit = rewritten
      }
    }
    followUpRecording = .lastGroup
    commit(edit, record: true)
    followUpRecording = .ownGroup
    return true
  }

  /// Applies `edit` (no review), sets the selection and marked range, records
  /// undo if asked, and tells the behaviours.
  mutating func commit(_ edit: TextEdit, record: Bool) {
    let selectionBefore = state.selection
    let markedBefore = state.markedRange
    let range = state.graphemes.widen(edit.range)
    let applied = apply(
      location: range.location, length: range.length, units: Array(edit.replacement.utf16),
      annotations: edit.annotations)
    let newLength = applied.inserted.count
    let delta = newLength - range.length
    // The marked range: set by marked-text edits, shifted or dropped by others.
    switch edit.kind {
    case .markedText:
      state.markedRange =
        newLength == 0
        ? nil : state.graphemes.widen(NSRange(location: range.location, length: newLength))
    default:
      if let marked = state.markedRange {
        if range.upperBound <= marked.location {
          state.markedRange = NSRange(location: marked.location + delta, length: marked.length)
        } else if range.location >= marked.upperBound {
        } else {
          state.markedRange = nil
        }
      }
    }
    // The selection: as the edit says (or shifted, for a follow-up that gives none).
    var selection = edit.selection
    if selection.location == NSNotFound {
      selection = selectionBefore
      if selection.location >= range.upperBound {
        selection.location += delta
      } else if selection.upperBound > range.location {
        selection = NSRange(location: range.location + newLength, length: 0)
      }
    }
    selection = state.graphemes.widen(selection, empty: .forward)
    if let marked = state.markedRange {
      let start = Swift.min(Swift.max(selection.location, marked.location), marked.upperBound)
      let end = Swift.min(Swift.max(selection.upperBound, start), marked.upperBound)
      selection = NSRange(location: start, length: end - start)
    }
    state.selection = selection
    anchor = selection.location
    if record {
      recordUndo(
        applied, kind: edit.kind, selectionBefore: selectionBefore, markedBefore: markedBefore)
    }
    let change = TextChange(
      kind: edit.kind, range: range,
      replacedText: String(decoding: applied.removed, as: UTF16.self),
      newRange: NSRange(location: range.location, length: newLength),
      selectionBefore: selectionBefore, selectionAfter: selection)
    notify(.textChanged(change))
    if state.markedRange != markedBefore { notify(.markedTextChanged(from: markedBefore)) }
  }

  /// Replaces code units and keeps the grapheme index and annotations in step.
  mutating func apply(
    location: Int, length: Int, units: [UInt16], annotations: [TextAnnotation]
  ) -> AppliedEdit {
    let removed = Array(state.utf16[location..<location + length])
    state.utf16.replaceSubrange(location..<location + length, with: units)
    state.graphemes.update(
      units: state.utf16, start: location, oldLength: length, newLength: units.count)
    let removedAnnotations = state.annotations.replace(
      location: location, oldLength: length, newLength: units.count)
    var inserted: [TextAnnotation] = []
    for annotation in annotations {
      let (start, end) = annotation.range.clamped(to: units.count)
      guard start < end else { continue }
      state.annotations.add(annotation.key, (location + start)..<(location + end))
      inserted.append(TextAnnotation(annotation.key, NSRange(location: start, length: end - start)))
    }
    return AppliedEdit(
      location: location, removed: removed, inserted: units,
      removedAnnotations: removedAnnotations, insertedAnnotations: inserted)
  }

  /// Tells behaviours of `event` (all, or only the one at `only`), then
  /// performs the actions they asked for.
  mutating func notify(_ event: EditorEvent, only: Int? = nil) {
    followUpDepth += 1
    defer { followUpDepth -= 1 }
    var requests: [BehaviourActions.Action] = []
    let indices = only.map { [$0] } ?? Array(behaviours.indices)
    for index in indices {
      var actions = BehaviourActions()
      actions.behaviourID = behaviours[index].id
      let snapshot = state
      behaviours[index].didReceive(event, in: snapshot, actions: &actions)
      requests += actions.requests
    }
    guard followUpDepth <= 8 else { return }
    for request in requests {
      switch request {
      case .edit(let edit):
        switch followUpRecording {
        case .replaying: continue
        case .none: commit(edit, record: false)
        case .lastGroup: commit(edit, record: true)
        case .ownGroup:
          openGroup = nil
          commit(edit, record: true)
          openGroup = nil
        }
      case .substitute(let edit, let removing): substitute(edit, removing: removing)
      case .select(let range): select(range)
      case .beginEditing: beginEditing()
      case .endEditing: endEditing()
      }
    }
  }

  /// Performs a same-length substitution (see `BehaviourActions.substitute`):
  /// not reviewed, not recorded, selection and marked range kept.
  mutating func substitute(_ edit: TextEdit, removing: Set<AnnotationKey>) {
    let units = Array(edit.replacement.utf16)
    let range = edit.range
    let count = state.utf16Count
    guard range.location != NSNotFound, range.location >= 0, range.length == units.count,
      range.location <= count - range.length
    else { return }
    let bounds = range.location..<range.location + range.length
    let removed = Array(state.utf16[bounds])
    state.utf16.replaceSubrange(bounds, with: units)
    state.graphemes.update(
      units: state.utf16, start: range.location, oldLength: range.length,
      newLength: range.length)
    for key in removing { state.annotations.remove(key, bounds) }
    for annotation in edit.annotations {
      let (start, end) = annotation.range.clamped(to: units.count)
      guard start < end else { continue }
      state.annotations.add(annotation.key, (range.location + start)..<(range.location + end))
    }
    let selectionBefore = state.selection
    if let marked = state.markedRange { state.markedRange = state.graphemes.widen(marked) }
    state.selection = state.graphemes.widen(state.selection)
    let change = TextChange(
      kind: edit.kind, range: range, replacedText: String(decoding: removed, as: UTF16.self),
      newRange: range, selectionBefore: selectionBefore, selectionAfter: state.selection)
    notify(.textChanged(change))
  }

  /// The offset just after the line separator before `offset` (or 0).
  private func lineStart(from offset: Int) -> Int {
    var position = Swift.min(Swift.max(offset, 0), state.utf16Count)
    while position > 0, !Self.isLineSeparator(state.utf16[position - 1]) { position -= 1 }
    return position
  }

  /// The offset of the next line separator at or after `offset` (or the end).
  private func lineEnd(from offset: Int) -> Int {
    var position = Swift.min(Swift.max(offset, 0), state.utf16Count)
    while position < state.utf16Count, !Self.isLineSeparator(state.utf16[position]) {
      position += 1
    }
    return position
  }

  /// LF, VT, FF, CR, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR.
  private static func isLineSeparator(_ unit: UInt16) -> Bool {
    (0x0A...0x0D).contains(unit) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
  }
}

/// Where follow-up edits go during the current command.
enum FollowUpRecording: Sendable {
  /// Into the undo group of the edit being committed.
  case lastGroup
  /// Into an undo group of their own.
  case ownGroup
  /// Not recorded (after `setText`).
  case none
  /// Dropped (during undo and redo).
  case replaying
}

import Foundation

/// One applied replacement, with what undo and redo need (UTF-16 code units).
struct AppliedEdit: Sendable {
  var location: Int
  var removed: [UInt16]
  var inserted: [UInt16]
}

/// One undo step: edits applied in order, with the state around them.
struct UndoGroup: Sendable {
  var edits: [AppliedEdit]
  var selectionBefore: NSRange
  var markedBefore: NSRange?
  var selectionAfter: NSRange
  var markedAfter: NSRange?
}

/// Which edits coalesce into one undo step.
enum CoalescingKind: Sendable {
  case typing
  case deleteBackward
  case deleteForward

  init?(_ kind: EditKind) {
    switch kind {
    case .typing, .markedText: self = .typing
    case .deleteBackward: self = .deleteBackward
    case .deleteForward: self = .deleteForward
    default: return nil
    }
  }
}

extension Editor {
  /// Ends the current undo step: the next edit starts a new one (as
  /// `UITextView.breakUndoCoalescing()`).
  public mutating func breakUndoCoalescing() {
    openGroup = nil
  }

  /// Undoes the last undo step: restores the text, selection and marked range
  /// exactly as they were before it (including what behaviours
  /// rewrote and follow-up edits). Marked text is committed first. Behaviours
  /// are told of each replayed edit (kind `.undo`) and cannot reject it.
  ///
  /// - Returns: whether there was a step to undo.
  /// - Complexity: O(m) in the edits' lengths, plus shifting the text after them.
  @discardableResult
  public mutating func undo() -> Bool {
    unmarkText()
    guard let group = undoStack.popLast() else { return false }
    openGroup = nil
    replay(
      group.edits.reversed().map { edit in
        AppliedEdit(
          location: edit.location, removed: edit.inserted, inserted: edit.removed)
      }, kind: .undo, selection: group.selectionBefore, marked: group.markedBefore)
    redoStack.append(group)
    return true
  }

  /// Redoes the last undone step, restoring the state after it.
  ///
  /// - Returns: whether there was a step to redo.
  @discardableResult
  public mutating func redo() -> Bool {
    unmarkText()
    guard let group = redoStack.popLast() else { return false }
    openGroup = nil
    replay(group.edits, kind: .redo, selection: group.selectionAfter, marked: group.markedAfter)
    undoStack.append(group)
    return true
  }

  /// Records an applied edit, joining the open undo group when it coalesces.
  mutating func recordUndo(
    _ applied: AppliedEdit, kind: EditKind, selectionBefore: NSRange, markedBefore: NSRange?,
    recording: FollowUpRecording
  ) {
    redoStack.removeAll()
    let coalescing = CoalescingKind(kind)
    let joins: Bool
    if case .behaviour = kind {
      joins = recording == .lastGroup && !undoStack.isEmpty
    } else {
      joins = coalescing != nil && coalescing == openGroup && !undoStack.isEmpty
    }
    if joins, var group = undoStack.popLast() {
      group.edits.append(applied)
      group.selectionAfter = state.selection
      group.markedAfter = state.markedRange
      undoStack.append(group)
    } else {
      undoStack.append(
        UndoGroup(
          edits: [applied], selectionBefore: selectionBefore, markedBefore: markedBefore,
          selectionAfter: state.selection, markedAfter: state.markedRange))
    }
    if case .behaviour = kind { return }
    openGroup = coalescing
  }

  /// Applies recorded edits without review, then sets the selection and
  /// marked range, telling behaviours of each edit.
  private mutating func replay(
    _ edits: [AppliedEdit], kind: EditKind, selection: NSRange, marked: NSRange?
  ) {
    // Follow-up edits are dropped while replaying: the history holds them.
    let context = FollowUpContext(recording: .replaying)
    let markedBefore = state.markedRange
    for (index, edit) in edits.enumerated() {
      let selectionBefore = state.selection
      let replaced = splice(
        location: edit.location, length: edit.removed.count, units: edit.inserted)
      if index == edits.count - 1 {
        state.markedRange = marked
        state.selection = selection
      } else {
        state.markedRange = nil
        state.selection = state.graphemes.widened(state.selection)
      }
      if let new = state.markedRange { invalidateLayout(new) }
      updateLayout()
      anchor = state.selection.location
      let change = TextChange(
        kind: kind, range: NSRange(location: edit.location, length: edit.removed.count),
        replacedText: String(decoding: replaced.removed, as: UTF16.self),
        newRange: NSRange(location: edit.location, length: edit.inserted.count),
        selectionBefore: selectionBefore, selectionAfter: state.selection)
      lastChange = change
      notify(.textChanged(change), context: context)
    }
    if state.markedRange != markedBefore {
      notify(.markedTextChanged(from: markedBefore), context: context)
    }
  }
}

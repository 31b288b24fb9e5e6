import Foundation
import TextMetrics

// How edits pass the behaviour chain, are applied, and how the behaviours'
// follow-up requests are carried out.
extension Editor {
  /// Sets the selection (already valid) and tells behaviours if it changed.
  mutating func setSelection(_ range: NSRange, anchor: Int, context: FollowUpContext) {
    let old = state.selection
    self.anchor = anchor
    goalX = nil
    guard old != range else { return }
    openGroup = nil
    state.selection = range
    notify(.selectionChanged(from: old), context: context)
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
    // Follow-ups of a user's edit join its undo step.
    commit(edit, record: true, context: FollowUpContext(recording: .lastGroup))
    return true
  }

  /// Applies `edit` (no review), sets the selection and marked range, records
  /// undo if asked, and tells the behaviours.
  mutating func commit(_ edit: TextEdit, record: Bool, context: FollowUpContext) {
    let selectionBefore = state.selection
    let markedBefore = state.markedRange
    let range = state.graphemes.widened(edit.range)
    // The paragraphs of the marked text before the edit are drawn anew (a
    // substitution may skip marked text).
    if let marked = markedBefore { invalidateLayout(marked) }
    let applied = splice(
      location: range.location, length: range.length, units: Array(edit.replacement.utf16))
    let newLength = applied.inserted.count
    let delta = newLength - range.length
    // The marked range: set by marked-text edits, shifted or dropped by others.
    switch edit.kind {
    case .markedText:
      state.markedRange =
        newLength == 0
        ? nil : state.graphemes.widened(NSRange(location: range.location, length: newLength))
    default:
      if let marked = state.markedRange {
        if range.upperBound <= marked.location {
          state.markedRange = NSRange(location: marked.location + delta, length: marked.length)
        } else if range.location < marked.upperBound {
          state.markedRange = nil  // the edit overlaps the marked text
        }  // an edit after the marked text leaves it as it is
      }
    }
    // The selection: as the edit says (or shifted, for a follow-up that gives none).
    var selection: NSRange
    if let given = edit.selection {
      selection = given
    } else {
      selection = selectionBefore
      if selection.location >= range.upperBound {
        selection.location += delta
      } else if selection.upperBound > range.location {
        selection = NSRange(location: range.location + newLength, length: 0)
      }
    }
    selection = state.graphemes.widened(selection, empty: .forward)
    if let marked = state.markedRange {
      let start = Swift.min(Swift.max(selection.location, marked.location), marked.upperBound)
      let end = Swift.min(Swift.max(selection.upperBound, start), marked.upperBound)
      selection = NSRange(location: start, length: end - start)
    }
    state.selection = selection
    anchor = selection.location
    goalX = nil
    if let marked = state.markedRange { invalidateLayout(marked) }
    updateLayout()
    if record {
      recordUndo(
        applied, kind: edit.kind, selectionBefore: selectionBefore, markedBefore: markedBefore,
        recording: context.recording)
    }
    let change = TextChange(
      kind: edit.kind, range: range,
      replacedText: String(decoding: applied.removed, as: UTF16.self),
      newRange: NSRange(location: range.location, length: newLength),
      selectionBefore: selectionBefore, selectionAfter: selection)
    lastChange = change
    notify(.textChanged(change), context: context)
    if state.markedRange != markedBefore {
      notify(.markedTextChanged(from: markedBefore), context: context)
    }
  }

  /// Replaces code units and keeps the grapheme index in step; the layout is
  /// told which paragraphs to lay out again at the next `updateLayout()`.
  ///
  /// While the layout shares the text's storage (`layoutSharesText`), the
  /// edit is made once, by the layout, on the one storage, and the text is
  /// the layout's again after it: neither copies the text.
  mutating func splice(location: Int, length: Int, units: [UInt16]) -> AppliedEdit {
    let removed = Array(state.utf16[location..<location + length])
    if length > 0 || !units.isEmpty { state.revision.text &+= 1 }
    if layoutSharesText {
      // The text lets go of the storage, so that the layout edits it in place.
      state.utf16 = UTF16Buffer()
      state.layout.replaceCharacters(
        in: NSRange(location: location, length: length), withUTF16: units)
      state.utf16 = state.layout.utf16
      state.displayMap = DisplayMap(typedLength: state.utf16.count)
    } else {
      state.utf16.replaceSubrange(location..<location + length, with: units)
      invalidateLayout(afterReplacing: location, oldLength: length, newLength: units.count)
    }
    let resegmented = state.graphemes.update(
      units: state.utf16, start: location, oldLength: length, newLength: units.count)
    // The clusters the edit changed, which may reach past it (a regional
    // indicator pairs the ones after it anew): their substitutions change.
    invalidateLayout(NSRange(resegmented))
    return AppliedEdit(location: location, removed: removed, inserted: units)
  }

  /// The deepest nesting of notifications whose follow-up requests are
  /// carried out: 8. A behaviour's follow-up (an edit, a selection, …) is
  /// itself notified to the chain, whose answers are follow-ups one level
  /// deeper; the requests made by notifications nested deeper than this are
  /// dropped (and counted in `droppedFollowUpCount`), so that two behaviours
  /// that answer each other's changes forever stop instead of recursing
  /// without end.
  public static let followUpDepthLimit = 8

  /// Tells behaviours of `event` (all, or only the one at `only`), then
  /// performs the actions they asked for, as `context` says.
  mutating func notify(_ event: EditorEvent, only: Int? = nil, context: FollowUpContext) {
    var requests: [BehaviourActions.Action] = []
    let indices = only.map { [$0] } ?? Array(behaviours.indices)
    for index in indices {
      var actions = BehaviourActions()
      actions.behaviourID = behaviours[index].id
      let snapshot = state
      behaviours[index].didReceive(event, in: snapshot, actions: &actions)
      requests += actions.requests
    }
    carryOut(requests, context: context)
  }

  /// Performs the follow-up requests of a notification made in `context`
  /// (dropped, and counted, past `followUpDepthLimit`).
  mutating func carryOut(_ requests: [BehaviourActions.Action], context: FollowUpContext) {
    let depth = context.depth + 1
    guard depth <= Self.followUpDepthLimit else {
      droppedFollowUpCount += requests.count
      return
    }
    let inner = FollowUpContext(recording: context.recording, depth: depth)
    for request in requests {
      switch request {
      case .edit(let edit):
        switch context.recording {
        case .replaying: continue
        case .none: commit(edit, record: false, context: inner)
        case .lastGroup: commit(edit, record: true, context: inner)
        case .ownGroup:
          openGroup = nil
          commit(edit, record: true, context: inner)
          openGroup = nil
        }
      case .select(let range): select(range, context: inner)
      case .beginEditing: beginEditing(context: inner)
      case .endEditing: endEditing(context: inner)
      case .open(let uri): openRequests.append(uri)
      }
    }
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

/// How the follow-ups of a notification are carried out: where their edits'
/// undo steps go, and how deeply notifications are nested so far. Passed down
/// each call rather than kept in the editor, so a nested call cannot leave it
/// changed.
struct FollowUpContext: Sendable {
  var recording: FollowUpRecording
  /// How many notifications enclose this one (0 for a command).
  var depth = 0

  /// A command from the user or the host: follow-ups in an undo step of their own.
  static let command = FollowUpContext(recording: .ownGroup)
}

// Fuzz target: `CharacterLimit` (with `SecureEntry` in one input of two)
// driven through IME composition with replacement ranges.
//
// An editor starts with text that fits a limit of 1–8 grapheme clusters and
// takes up to 40 commands: typing, deletes, selections of arbitrary ranges,
// caret moves, marked text set with and without a replacement range (empty
// marked text too), commits (`unmarkText()`, `endEditing()`), pastes over
// arbitrary ranges. No command the limit does not review (undo, redo,
// `setText`) is used.
//
// Invariants: no trap; whenever no text is marked, the text holds at most
// `limit` clusters (a composition is cut when it is committed, however it
// ends); the published `CharacterCount` is the count of a fresh
// segmentation of the text; the selection and marked range lie on grapheme
// boundaries inside the text.

import Foundation
import FuzzSupport
import TextFieldRules
import TextInputCore
import TextMetrics

func clusters(_ editor: Editor) -> Int {
  Graphemes.boundaries(utf16: Array(editor.text.utf16)).offsets.count - 1
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFieldRules(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let limit = 1 + input.below(8)
  guard let rule = try? CharacterLimit(limit: limit) else {
    fuzzCheck(false, "CharacterLimit(limit: \(limit)) threw")
    return 0
  }
  let secure = input.bool()
  var text = input.text(maximumPieces: 4)
  var editor = Editor(text: text, behaviours: secure ? [rule, SecureEntry()] : [rule])
  if clusters(editor) > limit {
    text = ""
    editor = Editor(text: text, behaviours: secure ? [rule, SecureEntry()] : [rule])
  }
  editor.beginEditing()
  var history = "limit \(limit), secure \(secure), text \(text.debugDescription)"
  var commands = 0
  while !input.isAtEnd, commands < 40 {
    commands += 1
    let count = editor.state.utf16Count
    switch input.byte() % 12 {
    case 0, 1:
      let typed = input.text(maximumPieces: 2)
      history += "\ninsert(\(typed.debugDescription))"
      editor.insert(typed)
    case 2:
      history += "\ndeleteBackward()"
      editor.deleteBackward()
    case 3:
      let range = input.range(near: count)
      history += "\nselect(\(range))"
      editor.select(range)
    case 4, 5, 6:
      let marked = input.bool() ? "" : input.text(maximumPieces: 2)
      let selected = input.range(near: marked.utf16.count)
      let replacement = input.bool() ? input.range(near: count) : nil
      history +=
        "\nsetMarkedText(\(marked.debugDescription), selectedRange: \(selected), "
        + "replacementRange: \(String(describing: replacement)))"
      _ = try? editor.setMarkedText(marked, selectedRange: selected, replacementRange: replacement)
    case 7, 8:
      history += "\nunmarkText()"
      editor.unmarkText()
    case 9:
      history += "\nendEditing(); beginEditing()"
      editor.endEditing()
      editor.beginEditing()
    case 10:
      let range = input.range(near: count)
      let pasted = input.text(maximumPieces: 3)
      history += "\nreplace(\(range), with: \(pasted.debugDescription))"
      editor.replace(range, with: pasted)
    default:
      let movement = input.pick([
        CaretMovement.backward(.grapheme), .forward(.grapheme), .documentStart, .documentEnd,
      ])
      history += "\nmove(\(movement))"
      editor.move(movement)
    }
    let fresh = Graphemes.boundaries(utf16: Array(editor.text.utf16)).offsets
    let counted = fresh.count - 1
    fuzzCheck(
      editor.markedRange != nil || counted <= limit,
      "\(counted) clusters over the limit \(limit) with nothing marked: "
        + "\(editor.text.debugDescription)\n\(history)")
    fuzzCheck(
      editor.presentation[CharacterCount.self]
        == CharacterCount(count: counted, limit: limit, isShown: limit > 0 && counted >= limit),
      "count \(String(describing: editor.presentation[CharacterCount.self])), fresh \(counted)"
        + "\n\(history)")
    let boundaries = Set(fresh)
    let selection = editor.selection
    fuzzCheck(
      boundaries.contains(selection.location) && boundaries.contains(NSMaxRange(selection)),
      "selection \(selection) off the boundaries of \(editor.text.debugDescription)\n\(history)")
    if let marked = editor.markedRange {
      fuzzCheck(
        boundaries.contains(marked.location) && boundaries.contains(NSMaxRange(marked)),
        "marked \(marked) off the boundaries of \(editor.text.debugDescription)\n\(history)")
    }
  }
  return 0
}

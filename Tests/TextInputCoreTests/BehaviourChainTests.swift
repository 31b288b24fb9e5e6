import Foundation
import Testing
import TextInputCore
import TextMetrics

/// Replaces typed U+0020 with U+00A0: a behaviour that rewrites edits, to
/// prove the chain serves one.
struct NoBreakSpaces: EditorBehaviour {
  var id: String { "noBreakSpaces" }

  func review(_ edit: TextEdit, in editor: EditorState) -> EditDecision {
    guard edit.kind == .typing || edit.kind == .replace, edit.replacement.contains(" ") else {
      return .accept
    }
    var rewritten = edit
    rewritten.replacement = edit.replacement.replacingOccurrences(of: " ", with: "\u{A0}")
    return .rewrite(rewritten)
  }
}

/// Upper-cases every edit.
struct Uppercase: EditorBehaviour {
  func review(_ edit: TextEdit, in editor: EditorState) -> EditDecision {
    var edit = edit
    edit.replacement = edit.replacement.uppercased()
    return .rewrite(edit)
  }
}

/// Rejects every edit.
struct RejectAll: EditorBehaviour {
  func review(_ edit: TextEdit, in editor: EditorState) -> EditDecision { .reject }
}

/// A placeholder-like behaviour: publishes visibility, begins editing on tap.
struct Hint: EditorBehaviour {
  struct Visible: PresentationValue, Equatable {
    var isVisible: Bool
  }
  var events: [String] = []

  mutating func didReceive(
    _ event: EditorEvent, in editor: EditorState, actions: inout BehaviourActions
  ) {
    switch event {
    case .installed: events.append("installed")
    case .textChanged(let change): events.append("text:\(change.kind)")
    case .selectionChanged: events.append("selection")
    case .markedTextChanged: events.append("marked")
    case .editingBegan: events.append("began")
    case .editingEnded: events.append("ended")
    case .tapped:
      events.append("tap")
      if editor.isEmpty { actions.beginEditing() }
    default: events.append("other")
    }
  }

  func presentation(in editor: EditorState) -> [any PresentationValue] {
    [Visible(isVisible: editor.isEmpty && !editor.hasMarkedText)]
  }
}

/// Only implements one event; every other event passes through by default.
struct CountsFonts: EditorBehaviour {
  var count = 0
  mutating func didChangeFont(
    from old: any FontMetrics, in editor: EditorState, actions: inout BehaviourActions
  ) {
    count += 1
  }
}

@Suite struct BehaviourChainTests {
  @Test func rewriteIsUndoneAndRedoneAsRewritten() {
    var editor = Editor(text: "a", behaviours: [NoBreakSpaces()])
    editor.insert(" b ")
    #expect(editor.text == "a\u{A0}b\u{A0}")
    #expect(editor.undo() == true)
    #expect(editor.text == "a")
    #expect(editor.redo() == true)
    #expect(editor.text == "a\u{A0}b\u{A0}")
    #expect(editor.layout().text == editor.text)
  }

  @Test func rewritesComposeInChainOrder() {
    var editor = Editor(behaviours: [Uppercase(), NoBreakSpaces()])
    editor.insert("a b")
    #expect(editor.text == "A\u{A0}B")
    #expect(editor.selection == NSRange(location: 3, length: 0))
    var rejecting = Editor(text: "x", behaviours: [Uppercase(), RejectAll()])
    #expect(rejecting.insert("y") == false)
    #expect(rejecting.text == "x")
    #expect(!rejecting.canUndo)
  }

  @Test func behavioursAreToldOfEveryChange() throws {
    // Bounds that hold the tap below: the editor reports only taps the view takes.
    var editor = Editor(
      geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 20, height: 20)),
      behaviours: [Hint(), CountsFonts()])
    #expect(editor.presentation[Hint.Visible.self] == Hint.Visible(isVisible: true))
    editor.tap(at: CGPoint(x: 10, y: 10))
    #expect(editor.isEditing)
    editor.insert("a")
    #expect(editor.presentation[Hint.Visible.self] == Hint.Visible(isVisible: false))
    try editor.setMarkedText("k", selectedRange: NSRange(location: 1, length: 0))
    editor.unmarkText()
    editor.move(.documentStart)
    editor.undo()
    editor.setText("")
    editor.setFont(CellFont(cellWidth: 8, lineHeight: 16))
    editor.endEditing()
    let hint = editor.behaviour(Hint.self)
    #expect(
      hint?.events == [
        "installed", "tap", "began", "text:typing", "text:markedText", "marked", "marked",
        // Typing and composition coalesce into one undo step of two edits.
        "selection", "text:undo", "text:undo", "text:programmatic", "other", "ended",
      ])
    #expect(editor.behaviour(CountsFonts.self)?.count == 1)
    #expect(editor.presentation.all(Hint.Visible.self).count == 1)
  }

  /// A behaviour that, after each typed edit, asks for a follow-up edit.
  struct Autoclose: EditorBehaviour {
    mutating func didChangeText(
      _ change: TextChange, in editor: EditorState, actions: inout BehaviourActions
    ) {
      guard change.kind == .typing, editor.substring(change.newRange) == "(" else { return }
      actions.edit(
        NSRange(location: change.newRange.upperBound, length: 0), with: ")",
        selection: NSRange(location: change.newRange.upperBound, length: 0))
    }
  }

  @Test func followUpEditsJoinTheUndoStep() {
    var editor = Editor(text: "f", behaviours: [Autoclose()])
    editor.insert("(")
    #expect(editor.text == "f()")
    #expect(editor.selection == NSRange(location: 2, length: 0))
    editor.undo()
    #expect(editor.text == "f")
    editor.redo()
    #expect(editor.text == "f()")
  }

  /// Asks for an edit after every change: the chain of follow-ups must stop.
  struct Runaway: EditorBehaviour {
    mutating func didChangeText(
      _ change: TextChange, in editor: EditorState, actions: inout BehaviourActions
    ) {
      actions.edit(NSRange(location: 0, length: 0), with: "x")
    }
  }

  @Test func followUpChainsStop() {
    var editor = Editor(behaviours: [Runaway()])
    editor.insert("a")
    #expect(editor.text.count <= 10)
    #expect(editor.text.hasSuffix("a"))
    editor.undo()
    #expect(editor.text == "")
  }

  /// Rewrites committed composition text, as the right-aligned-spaces fix does.
  struct CommitRewriter: EditorBehaviour {
    mutating func didChangeMarkedText(
      from old: NSRange?, in editor: EditorState, actions: inout BehaviourActions
    ) {
      guard let old, editor.markedRange == nil else { return }
      let committed = editor.substring(old)
      actions.edit(old, with: committed.uppercased(), selection: editor.selection)
    }
  }

  @Test func commitFollowUpJoinsTheCompositionUndoStep() throws {
    var editor = Editor(text: "x", behaviours: [CommitRewriter()])
    try editor.setMarkedText("ab", selectedRange: NSRange(location: 2, length: 0))
    editor.unmarkText()
    #expect(editor.text == "xAB")
    #expect(editor.selection == NSRange(location: 3, length: 0))
    #expect(editor.undo() == true)
    #expect(editor.text == "x")
    #expect(editor.canUndo == false)
  }
}

@Suite("Follow-ups: the depth limit is a rule")
struct FollowUpDepthTests {
  /// Appends "x" after every text change it sees: answers its own edits forever.
  struct Echo: EditorBehaviour {
    var id: String { "echo" }
    func didReceive(_ event: EditorEvent, in editor: EditorState, actions: inout BehaviourActions) {
      guard case .textChanged = event else { return }
      actions.edit(NSRange(location: editor.utf16Count, length: 0), with: "x")
    }
  }

  @Test("A behaviour that answers its own edits stops at followUpDepthLimit, and is counted")
  func runawayFollowUpsStop() {
    var editor = Editor(behaviours: [Echo()])
    editor.insert("a")
    // The typed "a", then one "x" per nesting level up to the limit.
    #expect(editor.text == "a" + String(repeating: "x", count: Editor.followUpDepthLimit))
    #expect(editor.droppedFollowUpCount == 1)
    // The follow-ups joined the typing's undo step: one undo removes them all.
    editor.undo()
    #expect(editor.text == "")
  }

  @Test("A follow-up edit without a selection keeps the caret, shifted past the edit")
  func followUpKeepsSelection() {
    struct Prefix: EditorBehaviour {
      var id: String { "prefix" }
      func didReceive(
        _ event: EditorEvent, in editor: EditorState, actions: inout BehaviourActions
      ) {
        guard case .textChanged(let change) = event, change.kind == .typing else { return }
        actions.edit(NSRange(location: 0, length: 0), with: ">")
      }
    }
    var editor = Editor(behaviours: [Prefix()])
    editor.insert("ab")
    #expect(editor.text == ">ab")
    #expect(editor.selection == NSRange(location: 3, length: 0))
    #expect(editor.droppedFollowUpCount == 0)
  }
}

import Foundation
import PropertyBased
import Testing
import TextInputKit
import TextInputTerminal
import UnicodeTestSupport

/// The view is drawn at the 0-based cell (1, 1): the terminal's 1-based
/// row 2, column 2 — as inside the playground's border.
private let origin = TerminalPosition(row: 1, column: 1)

private func press(_ column: Int, _ row: Int) -> TerminalMouseEvent {
  TerminalMouseEvent(kind: .press, button: .left, column: column, row: row)
}
private func drag(_ column: Int, _ row: Int) -> TerminalMouseEvent {
  TerminalMouseEvent(kind: .drag, button: .left, column: column, row: row)
}
private func release(_ column: Int, _ row: Int) -> TerminalMouseEvent {
  TerminalMouseEvent(kind: .release, button: .left, column: column, row: row)
}

@Suite struct TerminalMouseRouterTests {
  /// A click puts the caret before the clicked cluster in visual order (the
  /// right-to-left run's first letter is drawn on the right), and a drag
  /// selects from there.
  @Test func aClickPlacesTheCaretAndADragSelects() {
    var editor = terminalEditor("a日b \u{5E9}\u{5DC}", columns: 10, rows: 2)
    var router = TerminalMouseRouter()
    // 1-based terminal cells: the view's first cell is column 2, row 2.
    #expect(router.handle(press(5, 2), at: 0, editor: &editor, origin: origin) == .caretPlaced(2))
    #expect(editor.selection == NSRange(location: 2, length: 0))
    #expect(router.handle(press(8, 2), at: 0, editor: &editor, origin: origin) == .caretPlaced(4))
    #expect(router.handle(press(7, 2), at: 0, editor: &editor, origin: origin) == .caretPlaced(5))
    // A press on the wide cluster's second cell goes before it too.
    #expect(router.handle(press(4, 2), at: 0, editor: &editor, origin: origin) == .caretPlaced(1))
    let selected = router.handle(drag(5, 2), at: 0, editor: &editor, origin: origin)
    #expect(selected == .selected(NSRange(location: 1, length: 1)))
    #expect(editor.selection == NSRange(location: 1, length: 1))
    #expect(router.handle(release(5, 2), at: 0, editor: &editor, origin: origin) == .ignored)
    // A drag with no press of ours selects nothing.
    #expect(router.handle(drag(2, 2), at: 0, editor: &editor, origin: origin) == .ignored)
    // Other buttons and the wheel are not clicks.
    let right = TerminalMouseEvent(kind: .press, button: .right, column: 2, row: 2)
    #expect(router.handle(right, at: 0, editor: &editor, origin: origin) == .ignored)
    let wheel = TerminalMouseEvent(kind: .wheel, button: .wheelUp, column: 2, row: 2)
    #expect(router.handle(wheel, at: 0, editor: &editor, origin: origin) == .ignored)
  }

  /// Outside the bounds, the hit area decides: with `HitArea` insets of -1
  /// the border is the view's (the caret goes to the nearest cell inside);
  /// further out, a click ends editing.
  @Test func clicksOutsideTheTextGoThroughTheHitArea() {
    var editor = terminalEditor("abc", columns: 6, rows: 1)
    var router = TerminalMouseRouter()
    // Without a hit region, the border (terminal column 1) is outside.
    #expect(router.handle(press(1, 2), at: 0, editor: &editor, origin: origin) == .outside)
    #expect(!editor.state.isEditing)
    editor.hitRegion = HitArea(insets: EdgeInsets(top: -1, left: -1, bottom: -1, right: -1))
    // The border left of the text: the caret at the start, and editing again.
    #expect(router.handle(press(1, 2), at: 0, editor: &editor, origin: origin) == .caretPlaced(0))
    #expect(editor.state.isEditing)
    // The border under the text's end: the nearest cell inside is past "c".
    #expect(router.handle(press(8, 3), at: 0, editor: &editor, origin: origin) == .caretPlaced(3))
    // Two cells out is outside the grown area.
    #expect(router.handle(press(10, 2), at: 0, editor: &editor, origin: origin) == .outside)
    #expect(!editor.state.isEditing)
    // A larger target, as the hitAreas plugin configures it.
    var area = HitArea()
    try? area.configure(
      PluginConfiguration(
        pluginID: HitArea.pluginID,
        values: ["hitTestExpandRects": .list([.rect(CGRect(x: 6, y: 0, width: 4, height: 1))])]))
    editor.hitRegion = area
    #expect(router.handle(press(10, 2), at: 0, editor: &editor, origin: origin) == .caretPlaced(3))
    #expect(editor.state.isEditing)
  }

  /// While the view is not editing, a press on a link runs its press
  /// gesture: a tap opens it, a long press (a tick while held) fires, a
  /// drag off it cancels; a press beside it edits.
  @Test func aClickOnALinkRunsThePressGesture() {
    var editor = terminalEditor(
      "go www.a.org ok", columns: 16, rows: 1, editing: false, behaviours: [EditorLinks()])
    var router = TerminalMouseRouter()
    // "www.a.org" is at view columns 3…11: terminal columns 5…13.
    #expect(router.handle(press(6, 2), at: 0, editor: &editor, origin: origin) == .claimed("links"))
    #expect(editor.linkPresentation?.pressedLinkIndex == 0)
    #expect(
      router.handle(drag(7, 2), at: 0.05, editor: &editor, origin: origin) == .claimed("links"))
    #expect(
      router.handle(release(7, 2), at: 0.1, editor: &editor, origin: origin) == .claimed("links"))
    #expect(editor.behaviour(EditorLinks.self)?.activatedLink?.target.string == "http://www.a.org")
    #expect(!editor.state.isEditing)
    editor.modifyBehaviour(EditorLinks.self) { links, _ in links.clearActivation() }

    // A long press: held with no motion, a tick past the duration fires it.
    _ = router.handle(press(6, 2), at: 1, editor: &editor, origin: origin)
    #expect(router.tick(at: 3, editor: &editor) == "links")
    #expect(editor.behaviour(EditorLinks.self)?.activatedLink != nil)
    _ = router.handle(release(6, 2), at: 3.1, editor: &editor, origin: origin)
    editor.modifyBehaviour(EditorLinks.self) { links, _ in links.clearActivation() }
    #expect(router.tick(at: 4, editor: &editor) == nil)

    // Dragged off the link, the press is cancelled: nothing opens.
    _ = router.handle(press(6, 2), at: 5, editor: &editor, origin: origin)
    _ = router.handle(drag(2, 2), at: 5.05, editor: &editor, origin: origin)
    _ = router.handle(release(2, 2), at: 5.1, editor: &editor, origin: origin)
    #expect(editor.behaviour(EditorLinks.self)?.activatedLink == nil)

    // Beside the link: the view edits, the caret goes there, and links
    // are text again (a press on one places the caret).
    #expect(router.handle(press(2, 2), at: 6, editor: &editor, origin: origin) == .caretPlaced(0))
    #expect(editor.state.isEditing)
    #expect(router.handle(press(6, 2), at: 7, editor: &editor, origin: origin) == .caretPlaced(4))
  }

  /// A view that only shows text: presses on links work, others are ignored.
  @Test func aViewThatDoesNotEditIgnoresOtherPresses() {
    var editor = terminalEditor(
      "go www.a.org", columns: 14, rows: 1, editing: false, behaviours: [EditorLinks()])
    var router = TerminalMouseRouter(beginsEditing: false)
    #expect(router.handle(press(2, 2), at: 0, editor: &editor, origin: origin) == .ignored)
    #expect(router.handle(press(30, 9), at: 0, editor: &editor, origin: origin) == .ignored)
    #expect(!editor.state.isEditing)
    #expect(router.handle(press(6, 2), at: 1, editor: &editor, origin: origin) == .claimed("links"))
  }

  /// A behaviour of the core alone can claim pointer events: the editor
  /// offers them in chain order and stops at the first claim.
  @Test func theFirstBehaviourToClaimAPressKeepsIt() {
    struct Claimer: EditorBehaviour {
      var id: String
      var claims: Bool
      var seen: [PointerEvent] = []
      mutating func handlePointer(
        _ event: PointerEvent, in editor: EditorState, actions: inout BehaviourActions
      ) -> Bool {
        seen.append(event)
        if claims { actions.select(NSRange(location: 1, length: 0)) }
        return claims
      }
    }
    var editor = terminalEditor(
      "abc", columns: 5, rows: 1,
      behaviours: [
        Claimer(id: "first", claims: false), Claimer(id: "second", claims: true),
        Claimer(id: "third", claims: true),
      ])
    let event = PointerEvent.down(CGPoint(x: 0.5, y: 0.5), at: 0)
    #expect(editor.handlePointer(event) == "second")
    #expect(editor.selection == NSRange(location: 1, length: 0))
    let seen = editor.behaviours.compactMap { ($0 as? Claimer)?.seen.count }
    #expect(seen == [1, 1, 0])
    // A point that is not finite is offered to no one.
    #expect(editor.handlePointer(.down(CGPoint(x: CGFloat.nan, y: 0), at: 0)) == nil)
  }
}

@Suite struct TerminalMouseRouterPropertyTests {
  static let clicks = Generator<[(Int, Int, Int)], Shrink.None<[(Int, Int, Int)]>> { rng in
    (0..<Int.random(in: 1...12, using: &rng)).map { _ in
      (
        Int.random(in: 0...3, using: &rng), Int.random(in: -2...16, using: &rng),
        Int.random(in: -2...7, using: &rng)
      )
    }
  }

  /// Any text, with links, clicked, dragged and released anywhere (inside,
  /// on the border, far outside): the selection is always on grapheme
  /// boundaries inside the text, a placed caret is where the renderer's
  /// placement says, and nothing traps.
  @Test func anyClicksKeepTheSelectionOnGraphemeBoundaries() async {
    await propertyCheck(
      count: CheckScale.cases(30, full: 150), input: UnicodeGen.text(fragments: 0...8), Self.clicks
    ) {
      text, clicks in
      var editor = terminalEditor(
        text, columns: 12, rows: 4, profile: clicks.count % 2 == 0 ? .graphemeClusters : .tmux,
        editing: false, behaviours: [EditorLinks()])
      editor.hitRegion = HitArea(insets: EdgeInsets(top: -1, left: -1, bottom: -1, right: -1))
      var router = TerminalMouseRouter()
      for (step, (kind, column, row)) in clicks.enumerated() {
        let kinds: [TerminalMouseEvent.Kind] = [.press, .drag, .release, .press]
        let event = TerminalMouseEvent(
          kind: kinds[kind], button: .left, column: column, row: row)
        let outcome = router.handle(event, at: Double(step) * 0.1, editor: &editor, origin: origin)
        let selection = editor.selection
        let boundaries = Set(editor.state.graphemeBoundaries)
        #expect(boundaries.contains(selection.location))
        #expect(boundaries.contains(NSMaxRange(selection)))
        if case .caretPlaced(let offset) = outcome {
          #expect(selection == NSRange(location: offset, length: 0))
          #expect(editor.state.isEditing)
        }
        if outcome == .outside { #expect(!editor.state.isEditing) }
      }
    }
  }
}

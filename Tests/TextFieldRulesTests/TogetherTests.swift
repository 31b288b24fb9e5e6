import Foundation
import PropertyBased
import Testing
import TextInputKit
import UnicodeTestSupport

/// A text field with some of the three rules and some of the standard
/// behaviours, drawn at random.
struct FieldSet: Sendable, CustomStringConvertible {
  var secure: Bool
  var limit: Int?
  var validation: Validation.Timing?
  var spaces: Bool
  var links: Bool
  var placeholder: PlaceholderMode?
  var rulesFirst: Bool

  static let generator = zip(
    Gen.bool, Gen.int(in: 0...8), Gen.int(in: 0...2), Gen.bool, Gen.bool, Gen.int(in: 0...3),
    Gen.bool
  ).map { secure, limit, validation, spaces, links, placeholder, first in
    FieldSet(
      secure: secure, limit: limit == 0 ? nil : limit,
      validation: validation == 0 ? nil : Validation.Timing.allCases[validation - 1],
      spaces: spaces, links: links,
      placeholder: placeholder == 0 ? nil : [.static, .bouncy, .floating][placeholder - 1],
      rulesFirst: first)
  }

  static let validator: Validation.Validator = { text in
    text.contains("a") ? .invalid("no \"a\" \u{1B}[31m") : .valid
  }

  var description: String {
    "secure \(secure), limit \(limit.map(String.init) ?? "-"), "
      + "validation \(validation?.rawValue ?? "-"), spaces \(spaces), links \(links), "
      + "placeholder \(placeholder?.rawValue ?? "-"), rules first \(rulesFirst)"
  }

  func makeEditor(profile: TerminalWidthProfile) throws -> Editor {
    var rules: [any EditorBehaviour] = []
    if secure { rules.append(SecureEntry()) }
    if let limit { rules.append(try CharacterLimit(limit: limit, showsCount: true)) }
    if let validation { rules.append(Validation(Self.validator, timing: validation)) }
    var others: [any EditorBehaviour] = []
    if spaces { others.append(try RightAlignedSpaces(activation: .always)) }
    if links { others.append(EditorLinks()) }
    if let placeholder { others.append(TextPlaceholder("Pass", mode: placeholder)) }
    return terminalField(
      columns: 24, rows: 5, profile: profile, alignment: .right,
      behaviours: rulesFirst ? rules + others : others + rules)
  }
}

@Suite struct TogetherTests {
  /// The rules with RightAlignedSpaces, EditorLinks and TextPlaceholder in
  /// one editor, in either order: after every step the mask, the limit and
  /// the validation state hold, and the screen shows only masks for the
  /// text, no hyperlink over masked text, and the message and count on the
  /// last row.
  @Test func rulesHoldWithTheStandardBehaviours() async {
    await propertyCheck(
      count: 100, input: FieldSet.generator, FieldStep.generator.array(of: 0...14), Gen.bool
    ) { set, steps, tmux in
      let profile: TerminalWidthProfile = tmux ? .tmux : .graphemeClusters
      guard var editor = try? set.makeEditor(profile: profile) else {
        Issue.record("no editor for \(set)")
        return
      }
      var ended = false
      for step in steps {
        step.run(on: &editor)
        if case .endEditing = step { ended = true }
        let context = "after \(step) in \(steps) with \(set)"
        if set.secure {
          #expect(editor.displayedUTF16.array == masked(editor.text), "\(context)")
        }
        if let limit = set.limit, editor.markedRange == nil {
          #expect(clusterCount(editor.text) <= limit, "\(context)")
          #expect(
            editor.presentation[CharacterCount.self]?.text
              == "\(clusterCount(editor.text))/\(limit)")
        }
        let status = editor.presentation[ValidationStatus.self]
        switch set.validation {
        case .whileEditing where editor.markedRange == nil:
          #expect(status?.result == FieldSet.validator(editor.text), "\(context)")
        case .onEndEditing where !ended:
          #expect(status == nil, "\(context)")
        default: break
        }
        let screen = drawnScreen(editor)
        // The text's rows: only masks (or blanks, or the placeholder's grey text).
        if set.secure {
          for row in 0..<4 {
            for column in 0..<24 where screen[row, column].style.foreground != .grey {
              #expect(["•", " "].contains(screen[row, column].text), "\(row),\(column) \(context)")
              #expect(screen[row, column].link == nil)
            }
          }
          // Exactly one "•" per cluster but hard breaks, and the cursor on
          // the caret's cell of a layout of the masked text made without
          // the editor's map.
          let reference = TextFrame(
            editor: editor.state, displayed: UTF16Buffer(masked(editor.text)))
          let caretOffset = NSMaxRange(editor.state.selection)
          let prefix = String(decoding: editor.state.utf16.prefix(caretOffset), as: UTF16.self)
          let caret = reference.caretRect(at: masked(prefix).count)
          if reference.usedSize.height <= 4, caret.maxY <= 4 {
            let drawn = (0..<4).reduce(0) { total, row in
              total + screen.text(ofRow: row).filter { $0 == "•" }.count
            }
            #expect(
              drawn == masked(editor.text).filter { $0 == 0x2022 }.count, "masks \(context)")
            if editor.state.isEditing {
              let column = Int(min(max(caret.midX, 0), 24).rounded())
              #expect(
                screen.cursor == TerminalPosition(row: Int(caret.minY), column: min(column, 23)),
                "cursor \(context)")
            }
          }
        }
        // The last row: the message at the start, the count at the end.
        let last = screen.text(ofRow: 4)
        if let message = status?.message {
          #expect(last.hasPrefix(String(VisibleControls.visible(message).prefix(8))), "\(context)")
        }
        if let count = editor.presentation[CharacterCount.self], count.isShown {
          #expect(last.hasSuffix(count.text), "\(context)")
        }
        #expect(!TerminalWriter.update(from: nil, to: screen).contains("\u{1B}[31m"))
      }
    }
  }
}

/// A link typed into a password is drawn masked and is not a link to the
/// user: a press on it is not claimed, a tap does not activate it, and the
/// mouse puts the caret there as on any masked text.
@Suite struct MaskedLinkTests {
  @Test func aMaskedLinkIsNotInteractive() {
    var editor = terminalField(
      "go www.a.org", columns: 20, rows: 1, messageRow: false,
      behaviours: [EditorLinks(), SecureEntry()])
    editor.endEditing()
    #expect(editor.linkPresentation?.links.count == 1)
    #expect(editor.pressLink(.down(CGPoint(x: 5.5, y: 0.5), at: 0)) == .notClaimed)
    #expect(editor.linkPresentation?.pressedLinkIndex == nil)
    editor.tap(at: CGPoint(x: 5.5, y: 0.5))
    #expect(editor.behaviour(EditorLinks.self)?.activatedLink == nil)
    var router = TerminalMouseRouter()
    let press = TerminalMouseEvent(kind: .press, button: .left, column: 6, row: 1)
    #expect(
      router.handle(press, at: 1, editor: &editor, origin: TerminalPosition(row: 0, column: 0))
        == .caretPlaced(5))
    #expect(editor.behaviour(EditorLinks.self)?.activatedLink == nil)
    // Shown (the mask off), the same link is pressed as any link.
    editor.endEditing()
    editor.modifyBehaviour(SecureEntry.self) { entry, _ in entry.isSecure = false }
    #expect(editor.pressLink(.down(CGPoint(x: 5.5, y: 0.5), at: 2)) == .pressed(0))
  }
}

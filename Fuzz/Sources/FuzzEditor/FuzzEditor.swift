// Fuzz target: an `Editor` with every plugin of the standard registry
// installed, driven by arbitrary command sequences.
//
// Two editors take the same commands: one with every standard behaviour
// (configured from the input: the right-aligned spaces fix's activation and
// characters, the placeholder's text and mode, the link detectors), and a
// plain one without the right-aligned spaces fix. The commands are typing,
// deletes by grapheme and word, selection of arbitrary ranges, caret moves,
// IME composition (set, replace, commit), paste, undo and redo, geometry,
// bounds, font, alignment, direction, taps at arbitrary points, the `editor`
// plugin's configuration, setText and editing begin / end.
//
// Invariants: no trap; the selection and marked range lie inside the text on
// grapheme boundaries (the selection inside the marked range); the editor's
// incremental grapheme index equals a fresh segmentation of its text after
// every command (the generated text has long runs of regional indicators,
// where the index once split a flag); both
// editors agree on the text, selection, marked range, undo state and what
// each command returned (the fix changes only what is drawn); the displayed
// text differs from the text only where a trailing space became U+00A0, and
// is the text itself in the plain editor (with SecureEntry's mask on, one
// input in four, it is the text masked cluster by cluster, hard line breaks
// kept, in both); `layout()` equals a fresh
// `TextFrame` of the displayed text; every frame the placeholder and the links
// publish is finite; undoing every step gives back the text of
// the start of the history and redoing every step the text of the end.

import Foundation
import FuzzSupport
import TextInputKit

let registry = PluginRegistry.makeStandard()
let pluginIDs = registry.all.map(\.id)

extension FuzzInput {
  mutating func alignment() -> TextAlignment { pick(TextAlignment.allCases) }
  mutating func direction() -> LayoutDirection { pick(LayoutDirection.allCases) }

  mutating func insets() -> EdgeInsets {
    EdgeInsets(top: cgFloat(), left: cgFloat(), bottom: cgFloat(), right: cgFloat())
  }

  mutating func geometry() -> ViewGeometry {
    ViewGeometry(
      bounds: byte() % 2 == 0 ? CGRect(x: 0, y: 0, width: CGFloat(below(80)), height: 40) : rect(),
      textContainerInset: byte() % 2 == 0
        ? EdgeInsets(top: 8, left: 0, bottom: 8, right: 0) : insets(),
      lineFragmentPadding: byte() % 2 == 0 ? 5 : cgFloat(),
      contentInset: byte() % 4 == 0 ? insets() : .zero)
  }

  mutating func font() -> any FontMetrics {
    switch byte() % 3 {
    case 0: return CellFont.terminal
    case 1: return CellFont(cellWidth: 8, lineHeight: 16)
    default: return CellFont(cellWidth: cgFloat(), lineHeight: cgFloat())
    }
  }

  /// A value for a key of the `editor` plugin, sometimes of the wrong type.
  mutating func editorConfiguration() -> PluginConfiguration {
    var values: [String: ConfigurationValue] = [:]
    for _ in 0..<(1 + below(3)) {
      switch byte() % 8 {
      case 0: values["alignment"] = .enumeration(alignment().rawValue)
      case 1: values["layoutDirection"] = .enumeration(direction().rawValue)
      case 2: values["bounds"] = .rect(rect())
      case 3: values["textContainerInset"] = .insets(insets())
      case 4: values["lineFragmentPadding"] = .number(Double(cgFloat()))
      case 5: values["contentInset"] = .insets(insets())
      case 6: values["alignment"] = .enumeration(text(maximumPieces: 2))
      default: values[text(maximumPieces: 1)] = .integer(offset(near: 3))
      }
    }
    return PluginConfiguration(pluginID: Editor.pluginID, values: values)
  }

  /// The standard plugins' configuration, partly from the input.
  mutating func configuration() -> Configuration {
    var configuration = Configuration(plugins: registry.descriptors)
    // TextFieldRules' plugins are installed too: the limit and validation are
    // inert at their defaults. The mask is on in one input of four: the
    // displayed text is then the text masked cluster by cluster (hard line
    // breaks kept); otherwise the text but for the fix's U+00A0.
    try? configuration.set("secureEntry.isSecure", to: .boolean(byte() % 4 == 0))
    let activation = pick(["trailingAlignment", "always", "always", "never"])
    try? configuration.set("rightAlignedSpaces.activation", to: .enumeration(activation))
    if bool() {
      let characters = pick([["U+0020"], ["U+0020", "U+2009"], ["U+3000"], [" ", "U+205F"]])
      try? configuration.set(
        "rightAlignedSpaces.characters", to: .list(characters.map { .string($0) }))
    }
    if bool() {
      try? configuration.set("placeholder.placeholder", to: .string(text(maximumPieces: 3)))
      try? configuration.set(
        "placeholder.mode", to: .enumeration(pick(["static", "bouncy", "floating"])))
      try? configuration.set("placeholder.numberOfLines", to: .integer(offset(near: 3)))
    }
    if bool() {
      try? configuration.set(
        "links.detectors",
        to: .list(["url", "email", "phone", "mention", "hashtag"].map { .string($0) }))
    }
    return configuration
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEditor(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let configuration = input.configuration()
  guard let behaviours = try? registry.makeBehaviours(for: pluginIDs, configuration: configuration)
  else {
    fuzzCheck(false, "the standard plugins refused their configuration")
    return 0
  }
  let fix = behaviours.first { $0 is RightAlignedSpaces } as? RightAlignedSpaces
  fuzzCheck(fix != nil, "no RightAlignedSpaces among \(behaviours.map(\.id))")
  let text = input.text(maximumPieces: 8)
  let font = input.font()
  let geometry = input.geometry()
  let alignment = input.alignment()
  let direction = input.direction()
  let isEditing = input.bool()
  func make(_ behaviours: [any EditorBehaviour]) -> Editor {
    Editor(
      text: text, font: font, geometry: geometry, alignment: alignment,
      layoutDirection: direction, isEditing: isEditing, behaviours: behaviours)
  }
  var pair = EditorPair(
    full: make(behaviours), plain: make(behaviours.filter { !($0 is RightAlignedSpaces) }),
    characters: Set((fix?.characters ?? [" "]).map { UInt16($0.value) }),
    secure: (behaviours.first { $0 is SecureEntry } as? SecureEntry)?.isSecure ?? false)
  pair.check("init")
  var historyStart = pair.full.text
  var commands = 0
  while !input.isAtEnd, commands < 40 {
    commands += 1
    let command = input.byte() % 20
    let count = pair.full.state.utf16Count
    switch command {
    case 0, 1:
      let typed = input.text(maximumPieces: 3)
      let before = pair.plain.state.utf16
      let replaced = pair.plain.markedRange ?? pair.plain.selection
      pair.run("insert(\(typed.debugDescription))") { $0.insert(typed) }
      // Typing replaces the marked text or the selection with the text typed.
      let expected =
        Array(before[..<replaced.location]) + Array(typed.utf16)
        + Array(before[replaced.upperBound...])
      fuzzCheck(
        pair.plain.state.utf16.array == expected,
        "insert(\(typed.debugDescription)) over \(replaced) gave \(pair.plain.text.debugDescription)"
          + "\n\(pair.history)")
    case 2:
      let unit = input.pick(TextUnit.allCases)
      pair.run("deleteBackward(by: \(unit))") { $0.deleteBackward(by: unit) }
    case 3:
      let unit = input.pick(TextUnit.allCases)
      pair.run("deleteForward(by: \(unit))") { $0.deleteForward(by: unit) }
    case 4:
      let range = input.range(near: count)
      pair.perform("select(\(range))") { $0.select(range) }
    case 5, 6:
      let marked = input.text(maximumPieces: 2)
      let selected = input.range(near: marked.utf16.count)
      let replacement = input.byte() % 4 == 0 ? input.range(near: count) : nil
      pair.run(
        "setMarkedText(\(marked.debugDescription), selectedRange: \(selected), "
          + "replacementRange: \(String(describing: replacement)))"
      ) { editor -> String in
        do {
          let done = try editor.setMarkedText(
            marked, selectedRange: selected, replacementRange: replacement)
          return "\(done)"
        } catch {
          return "\(error)"
        }
      }
    case 7:
      pair.perform("unmarkText()") { $0.unmarkText() }
    case 8:
      pair.run("undo()") { $0.undo() }
    case 9:
      pair.run("redo()") { $0.redo() }
    case 10:
      let range = input.range(near: count)
      let pasted = input.text(maximumPieces: 3)
      pair.run("replace(\(range), with: \(pasted.debugDescription))") {
        $0.replace(range, with: pasted)
      }
    case 11:
      let movement = input.pick([
        CaretMovement.backward(.grapheme), .forward(.grapheme), .backward(.word), .forward(.word),
        .lineStart, .lineEnd, .paragraphStart, .paragraphEnd, .documentStart, .documentEnd,
      ])
      let extending = input.bool()
      if movement == .lineStart || movement == .lineEnd {
        pair.performLayoutMove("move(\(movement), extending: \(extending))") {
          $0.move(movement, extending: extending)
        }
      } else {
        pair.perform("move(\(movement), extending: \(extending))") {
          $0.move(movement, extending: extending)
        }
      }
    case 12:
      if input.bool() {
        let geometry = input.geometry()
        pair.perform("setGeometry(\(geometry))") { $0.setGeometry(geometry) }
      } else {
        let bounds = input.rect()
        pair.perform("resize(to: \(bounds))") { $0.resize(to: bounds) }
      }
    case 13:
      let alignment = input.alignment()
      pair.perform("setAlignment(\(alignment))") { $0.setAlignment(alignment) }
    case 14:
      let direction = input.direction()
      pair.perform("setLayoutDirection(\(direction))") { $0.setLayoutDirection(direction) }
    case 15:
      let point = input.point()
      pair.run("tap(at: \(point))") { editor -> Bool in
        let accepts = editor.acceptsTap(at: point)
        let tapped = editor.tap(at: point)
        fuzzCheck(tapped == accepts, "tap(at: \(point)) = \(tapped), acceptsTap \(accepts)")
        if editor.hitRegion == nil {
          let inBounds =
            point.x.isFinite && point.y.isFinite && editor.state.geometry.bounds.contains(point)
          fuzzCheck(tapped == inBounds, "tap(at: \(point)) = \(tapped) without a hit region")
        }
        return tapped
      }
    case 16:
      let configuration = input.editorConfiguration()
      pair.run("configure(\(configuration))") { editor -> String in
        do {
          try editor.configure(configuration)
          return "ok"
        } catch {
          return "\(error)"
        }
      }
    case 17:
      switch input.byte() % 5 {
      case 4:
        // An enlarged (or shrunk) hit area from HitAreas, for taps.
        let area = HitArea(
          includesBounds: input.bool(), insets: input.insets(), extraRects: [input.rect()],
          minimumSize: input.size())
        pair.perform("hitRegion = \(area)") { $0.hitRegion = area }
      case 0: pair.perform("beginEditing()") { $0.beginEditing() }
      case 1: pair.perform("endEditing()") { $0.endEditing() }
      case 2: pair.perform("breakUndoCoalescing()") { $0.breakUndoCoalescing() }
      default:
        let font = input.font()
        pair.perform("setFont(\(font))") { $0.setFont(font) }
      }
    default:
      if input.byte() % 4 == 0 {
        let text = input.text(maximumPieces: 6)
        pair.perform("setText(\(text.debugDescription))") { $0.setText(text) }
        historyStart = pair.full.text
      } else {
        let typed = input.pick([" ", "  ", "a ", "\n", " \n", "\u{A0}", "\u{2009}"])
        pair.run("insert(\(typed.debugDescription))") { $0.insert(typed) }
      }
    }
  }
  pair.check("the last command")
  pair.checkHistory(start: historyStart)
  return 0
}

/// The editor with every standard behaviour and the one without the
/// right-aligned spaces fix, and the commands both were sent (for messages).
struct EditorPair {
  var full: Editor
  var plain: Editor
  /// The code units the fix substitutes.
  let characters: Set<UInt16>
  /// Whether both editors draw the text masked (SecureEntry).
  let secure: Bool
  var log: [String] = []

  /// Sends a command to both editors; they must return the same.
  mutating func run<R: Equatable>(_ name: String, _ command: (inout Editor) -> R) {
    log.append(name)
    let a = command(&full)
    let b = command(&plain)
    fuzzCheck(a == b, "\(name) returned \(a) with the fix, \(b) without\n\(history)")
    // The displayed text and the layout (O(n) each, with the behaviours'
    // presentation) after every fourth command and at the end.
    check(name, drawing: log.count % 4 == 0)
  }

  /// Sends a command that returns nothing to both editors.
  mutating func perform(_ name: String, _ command: (inout Editor) -> Void) {
    run(name) { editor -> Bool in
      command(&editor)
      return true
    }
  }

  /// Sends a move by laid-out line (Home, End) to both editors when they
  /// have the same lines. The fix draws trailing spaces as U+00A0, which do
  /// not hang at a line's end, so the two editors may wrap a paragraph
  /// differently, and then Home and End rightly go to different offsets:
  /// the move is skipped, so that the editors stay comparable.
  mutating func performLayoutMove(_ name: String, _ command: (inout Editor) -> Void) {
    let lines = { (editor: Editor) in editor.state.layout.lineFragments.map(\.range) }
    guard lines(full) == lines(plain) else {
      log.append(name + " (skipped: the lines differ)")
      return
    }
    perform(name, command)
  }

  var history: String { "commands: " + log.joined(separator: "; ") }

  func check(_ name: String, drawing: Bool = true) {
    checkState(full, name)
    checkState(plain, name)
    fuzzCheck(
      full.state.utf16 == plain.state.utf16,
      "after \(name): text \(full.text.debugDescription) with the fix, "
        + "\(plain.text.debugDescription) without\n\(history)")
    fuzzCheck(
      full.selection == plain.selection && full.markedRange == plain.markedRange,
      "after \(name): selection \(full.selection), marked \(String(describing: full.markedRange))"
        + " with the fix; \(plain.selection), \(String(describing: plain.markedRange)) without\n\(history)"
    )
    fuzzCheck(
      full.canUndo == plain.canUndo && full.canRedo == plain.canRedo,
      "after \(name): undo state differs with the fix\n\(history)")
    guard drawing else { return }
    checkFrames(full, name)
    checkFrames(plain, name)
    if secure {
      // Masked: each cluster but a hard line break is one mask unit, in
      // both editors (the mask covers the fix), and the display map ties
      // every typed cluster boundary to the displayed one.
      for editor in [full, plain] {
        let displayed = editor.displayedUTF16
        let units = editor.state.utf16
        let map = editor.state.displayMap
        var expected: [UInt16] = []
        for (start, end) in zip(
          editor.state.graphemeBoundaries, editor.state.graphemeBoundaries.dropFirst())
        {
          fuzzCheck(
            map.displayed(fromTyped: start) == expected.count
              && map.typed(fromDisplayed: expected.count) == start,
            "after \(name): cluster \(start)..<\(end) of \(editor.text.debugDescription) "
              + "maps to \(map.displayed(fromTyped: start)), expected \(expected.count)\n\(history)"
          )
          expected += isHardBreak(units[start]) ? Array(units[start..<end]) : [0x2022]
        }
        fuzzCheck(
          displayed.elementsEqual(expected),
          "after \(name): \(editor.text.debugDescription) displayed \(displayed), "
            + "expected \(expected)\n\(history)")
        _ = checkLayout(editor, displayed, name)
      }
      return
    }
    // The displayed text: the plain editor's is its text; the fix's differs
    // only where a trailing substituted space became U+00A0.
    fuzzCheck(
      plain.displayedUTF16 == plain.state.utf16, "after \(name): the plain editor substitutes")
    let displayed = full.displayedUTF16
    let units = full.state.utf16
    fuzzCheck(displayed.count == units.count, "after \(name): displayed length \(displayed.count)")
    for (index, (shown, typed)) in zip(displayed, units).enumerated() where shown != typed {
      fuzzCheck(
        shown == 0xA0 && characters.contains(typed),
        "after \(name): displayed U+\(String(shown, radix: 16)) for U+\(String(typed, radix: 16)) "
          + "at \(index)\n\(history)")
      // Trailing: what follows in the paragraph is substituted too.
      let next = index + 1
      fuzzCheck(
        next == units.count || isHardBreak(units[next]) || displayed[next] != units[next],
        "after \(name): substituted space at \(index) is not trailing in "
          + "\(full.text.debugDescription)\n\(history)")
      if let marked = full.markedRange {
        fuzzCheck(
          !NSLocationInRange(index, marked), "after \(name): marked space at \(index) substituted")
      }
    }
    let shown = checkLayout(full, displayed, name)
    let typed = checkLayout(plain, plain.state.utf16, name)
    // Only trailing spaces are substituted, so lines break where they do
    // without the fix while every line has room for its hanging spaces
    // (RightAlignedSpaces' promise: drawn as U+00A0 they take room).
    let room = typed.container.lineWidth
    let cell = (plain.state.font as? CellFont)?.cellWidth ?? 1
    let fits = typed.lineFragments.allSatisfy { line in
      let units = Array(typed.utf16[line.range.location..<NSMaxRange(line.range)])
      return CGFloat(DisplayWidth.width(utf16: units)) * cell <= room
    }
    fuzzCheck(
      !fits || shown.lineFragments.map(\.range) == typed.lineFragments.map(\.range),
      "after \(name): lines \(shown.lineFragments.map(\.range)) with the fix, "
        + "\(typed.lineFragments.map(\.range)) without, line width \(room), text "
        + "\(full.text.debugDescription), font \(full.state.font)\n\(history)")
  }

  /// Every frame the behaviours publish is finite (the placeholder's layer,
  /// rest, title and abbreviation frames, the layer's layout origin; the
  /// links' rects), whatever the geometry: bounds whose far edge overflows
  /// gave the placeholder an infinite, then NaN, frame.
  func checkFrames(_ editor: Editor, _ name: String) {
    func finite(_ rect: CGRect) -> Bool {
      [rect.minX, rect.minY, rect.maxX, rect.maxY, rect.width, rect.height].allSatisfy(\.isFinite)
    }
    if let shown = editor.placeholder {
      var frames = [shown.frame, shown.restFrame]
      if let title = shown.titleFrame { frames.append(title) }
      if let abbreviation = shown.abbreviation { frames.append(abbreviation.layer.frame) }
      let origin = shown.placeholder.layoutOrigin
      fuzzCheck(
        frames.allSatisfy(finite) && origin.x.isFinite && origin.y.isFinite,
        "after \(name): placeholder frames \(frames), layout origin \(origin) in bounds "
          + "\(editor.state.geometry.bounds)\n\(history)")
    }
    if let links = editor.linkPresentation {
      let rects = links.rects.joined() + links.highlightRects
      fuzzCheck(
        rects.allSatisfy(finite),
        "after \(name): link rects \(rects) in bounds \(editor.state.geometry.bounds)\n\(history)")
    }
  }

  /// `layout()` equals a fresh frame of the displayed text.
  @discardableResult
  func checkLayout(_ editor: Editor, _ displayed: UTF16Buffer, _ name: String) -> TextFrame {
    let state = editor.state
    let frame = editor.layout()
    fuzzCheck(frame.utf16 == displayed, "after \(name): layout() is not of the displayed text")
    let fresh = TextFrame(
      utf16: displayed,
      // A view of no width lays its text out unbounded (one line a
      // paragraph), as the editor documents.
      container: TextContainer(
        width: state.geometry.bounds.width > 0 ? state.geometry.textContainerRect.width : .infinity,
        lineFragmentPadding: state.geometry.lineFragmentPadding),
      style: LayoutStyle(
        font: state.font, alignment: state.alignment, layoutDirection: state.layoutDirection))
    // Equal up to rounding: the editor keeps its layout edit by edit, and an
    // edit moves the later lines by the change in height (as FuzzLayout's
    // relayout check allows).
    func close(_ a: CGFloat, _ b: CGFloat) -> Bool {
      a == b || (a.isFinite && b.isFinite && abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)))
    }
    func close(_ a: CGRect, _ b: CGRect) -> Bool {
      close(a.minX, b.minX) && close(a.minY, b.minY) && close(a.width, b.width)
        && close(a.height, b.height)
    }
    let same =
      frame.lineFragments.count == fresh.lineFragments.count
      && zip(frame.lineFragments, fresh.lineFragments).allSatisfy { a, b in
        a.range == b.range && a.direction == b.direction && a.endsParagraph == b.endsParagraph
          && a.usedWidth == b.usedWidth && close(a.rect, b.rect) && close(a.usedRect, b.usedRect)
          && close(a.baseline, b.baseline)
      }
      && close(frame.usedSize.width, fresh.usedSize.width)
      && close(frame.usedSize.height, fresh.usedSize.height)
    fuzzCheck(same, "after \(name): layout() differs from a fresh frame\n\(history)")
    let caret = state.caretRect(at: state.selection.location)
    fuzzCheck(
      [caret.minX, caret.minY, caret.width, caret.height].allSatisfy(\.isFinite),
      "after \(name): caret \(caret)")
    return frame
  }

  func checkState(_ editor: Editor, _ name: String) {
    let state = editor.state
    let count = state.utf16Count
    let fresh = Graphemes.boundaries(utf16: state.utf16.array).offsets
    fuzzCheck(
      state.graphemeBoundaries == fresh,
      "after \(name): grapheme index \(state.graphemeBoundaries), fresh \(fresh) of "
        + "\(editor.text.debugDescription)\n\(history)")
    let boundaries = Set(fresh)
    let selection = state.selection
    fuzzCheck(
      selection.location >= 0 && selection.length >= 0 && selection.upperBound <= count
        && boundaries.contains(selection.location) && boundaries.contains(selection.upperBound),
      "after \(name): selection \(selection) in \(editor.text.debugDescription)\n\(history)")
    if let marked = state.markedRange {
      fuzzCheck(
        marked.location >= 0 && marked.length > 0 && marked.upperBound <= count
          && boundaries.contains(marked.location) && boundaries.contains(marked.upperBound),
        "after \(name): marked range \(marked) in \(editor.text.debugDescription)\n\(history)")
      fuzzCheck(
        selection.location >= marked.location && selection.upperBound <= marked.upperBound,
        "after \(name): selection \(selection) outside marked \(marked)\n\(history)")
    }
  }

  /// Undo to the start of the history gives its text; redo gives the end's.
  mutating func checkHistory(start: String) {
    for var editor in [full, plain] {
      // Steps undone by the commands are redone first: the end of the history.
      var pending = 0
      while editor.redo() {
        pending += 1
        fuzzCheck(pending <= 10_000, "redo never ends")
      }
      let end = editor.text
      var undone = 0
      while editor.undo() {
        undone += 1
        fuzzCheck(undone <= 10_000, "undo never ends")
        checkState(editor, "undo")
      }
      fuzzCheck(
        editor.text == start,
        "undoing \(undone) steps gives \(editor.text.debugDescription), the history started at "
          + "\(start.debugDescription)\n\(history)")
      var redone = 0
      while editor.redo() {
        redone += 1
        checkState(editor, "redo")
      }
      fuzzCheck(
        redone == undone && editor.text == end,
        "redoing \(redone) of \(undone) steps gives \(editor.text.debugDescription), expected "
          + "\(end.debugDescription)\n\(history)")
    }
  }
}

/// LF, VT, FF, CR, NEL, U+2028, U+2029: the code units that end a paragraph.
func isHardBreak(_ unit: UInt16) -> Bool {
  (0x0A...0x0D).contains(unit) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
}

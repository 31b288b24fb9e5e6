import Foundation
import TextInputBase
import TextInputKit
import TextInputTerminal

/// A text view's placeholder drawn as a box of terminal cells (one cell = one
/// point), on a manual clock: static, over IME and RTL, multi-line and
/// attributed, then the bouncy and floating timelines frame by frame.
enum PlaceholderTour: TourSection {
  static let title =
    "TextPlaceholder — a placeholder for multi-line text views: static, bouncy and floating"

  /// A 30×5 view with one point of inset all round and one of padding.
  static let geometry = ViewGeometry(
    bounds: CGRect(x: 0, y: 0, width: 30, height: 5),
    textContainerInset: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1), lineFragmentPadding: 1)
  static let font = CellFont(cellWidth: 1, lineHeight: 1)

  static func run(_ out: inout TourPrinter) {
    out.line(
      "A 30×5 pt text view: textContainerInset \(geometry.textContainerInset), lineFragmentPadding "
        + "\(number(geometry.lineFragmentPadding)), CellFont 1×1,")
    out.line(
      "so one cell = one point. '·' is inset space; the placeholder is drawn in its frame, the")
    out.line(
      "typed text as TextLayout lays it out; '>' marks the caret's line, '^' its x (left edge).")
    out.line()
    basics(&out)
    variants(&out)
    bouncy(&out)
    floating(&out)

    // 8. A tap in the empty view, not editing, begins editing.
    var idle = makeEditor(PlaceholderStyle(text: "Write a message…"), isEditing: false)
    let before = idle.isEditing
    idle.tap(at: CGPoint(x: 10, y: 2))
    out.line("tap(at: (10, 2)) in the empty view: isEditing \(before) → \(idle.isEditing)")
  }

  /// Static: shown when empty, hidden by typing and by IME composition, back
  /// when emptied.
  static func basics(_ out: inout TourPrinter) {
    out.line(
      "Static: shown while the text is empty; typing hides it, deleting back brings it back.")
    var editor = makeEditor(PlaceholderStyle(text: "Write a message…"))
    var band = [("empty: frame " + rect(editor.placeholder?.frame), boxRows(editor))]
    var accessibility = [editor.placeholder?.accessibilityValue ?? ""]
    editor.insert("Hi")
    band.append(("insert(\"Hi\"): " + shownOrHidden(editor), boxRows(editor)))
    accessibility.append(editor.placeholder?.accessibilityValue ?? "")
    editor.deleteBackward()
    editor.deleteBackward()
    band.append(("deleteBackward() ×2: " + shownOrHidden(editor), boxRows(editor)))
    accessibility.append(editor.placeholder?.accessibilityValue ?? "")
    draw(band, &out)
    out.line(
      "caret x \(number(caretX(editor))) = the leading (left) edge of the placeholder's first "
        + "glyph, \(number(firstGlyphX(editor)))")
    out.line(
      "accessibilityValue: " + accessibility.map(ControlCharacters.quoted).joined(separator: " → "))
    out.line()

    out.line(
      "IME: hidden while marked text composes and once it is committed; deleting brings it back.")
    do {
      try editor.setMarkedText("にほ", selectedRange: NSRange(location: 2, length: 0))
    } catch {
      out.line("setMarkedText refused: \(error)")
    }
    band = [("setMarkedText(\"にほ\"): " + shownOrHidden(editor), boxRows(editor))]
    editor.unmarkText()
    band.append(("unmarkText(): " + shownOrHidden(editor), boxRows(editor)))
    editor.deleteBackward()
    editor.deleteBackward()
    band.append(("deleteBackward() ×2: " + shownOrHidden(editor), boxRows(editor)))
    draw(band, &out)
    out.line()
  }

  /// RTL, a line limit, attributed markup.
  static func variants(_ out: inout TourPrinter) {
    out.line("RTL (the trailing edge is the right), a line limit, attributed text from markup.")
    let hebrew = "\u{5DB}\u{5EA}\u{5D1}\u{5D5} \u{5D4}\u{5D5}\u{5D3}\u{5E2}\u{5D4}"
    let rtl = makeEditor(PlaceholderStyle(text: hebrew), direction: .rightToLeft)
    let limited = makeEditor(
      PlaceholderStyle(
        text: "Tell us what happened, when it happened and who was there.", numberOfLines: 2))
    let markup = "Your *name*, _city_ and [*country*](#FF3B30)"
    var attributed = PlaceholderStyle()
    do {
      attributed.attributed = try AttributedPlaceholder(markup: markup)
    } catch {
      out.line("markup refused: \(error)")
    }
    let marked = makeEditor(attributed)
    draw(
      [
        ("rightToLeft: " + rect(rtl.placeholder?.frame), boxRows(rtl)),
        ("numberOfLines 2: " + rect(limited.placeholder?.frame), boxRows(limited)),
        ("markup: " + rect(marked.placeholder?.frame), boxRows(marked)),
      ], &out)
    out.line(
      "rightToLeft: caret x \(number(caretX(rtl))) = the leading (right) edge of the first glyph, "
        + "\(number(firstGlyphX(rtl)))")
    out.line(
      "numberOfLines 2: \(limited.placeholder?.layout.lineFragments.count ?? 0) lines, truncated "
        + "\(limited.placeholder?.layout.isTruncated ?? false), of a "
        + "\(number(geometry.textContainerRect.height))-line container")
    out.line("markup \(ControlCharacters.quoted(markup)) runs:")
    out.line("  " + runs(marked.placeholder))
    out.line()
  }

  // MARK: Timelines

  /// The bouncy mode: the slide, its bounce off the trailing edge, the fades.
  static func bouncy(_ out: inout TourPrinter) {
    let clock = ManualClock()
    var editor = makeEditor(
      PlaceholderStyle(text: "Message", mode: .bouncy, abbreviated: "Msg"), clock: clock)
    let row = Int(editor.placeholder?.restFrame.minY ?? 0)
    out.line("Bouncy, \"Message\" abbreviated \"Msg\", on a ManualClock; insert(\"H\") at t = 0 s.")
    out.line("A label is drawn while its alpha > 0, the more opaque one on top.")
    let widths = [7, 9, 7, 12, 11]
    out.line(
      Table.row(["t (s)", "frame x", "alpha", "abbr alpha", "animating", "row y = \(row)"], widths))
    func sample(_ time: TimeInterval) {
      clock.time = time
      guard let shown = editor.placeholder else { return }
      out.line(
        Table.row(
          [
            fixed(time), fixed(shown.frame.minX), fixed(shown.alpha),
            fixed(shown.abbreviation?.layer.alpha ?? 0), "\(shown.isAnimating)",
            boxRows(editor)[row + 1],
          ], widths))
    }
    editor.insert("H")
    for step in 0...12 { sample(Double(step) * 0.05) }
    clock.time = 0.8
    editor.deleteBackward()
    out.line("deleteBackward() at t = 0.80 s: the reverse, bouncing off the leading edge.")
    for time in [0.8, 0.85, 0.9, 0.95, 1.0, 1.05, 1.1, 1.4] { sample(time) }
    out.line()
  }

  /// The floating mode: the placeholder shrinks into a title above the text.
  static func floating(_ out: inout TourPrinter) {
    let clock = ManualClock()
    var editor = makeEditor(PlaceholderStyle(text: "Message", mode: .floating), clock: clock)
    out.line("Floating, \"Message\", on a ManualClock; insert(\"H\") at t = 0 s.")
    let widths = [7, 6, 6, 7, 8, 7]
    out.line(Table.row(["t (s)", "x", "y", "width", "height", "scale", "animating"], widths))
    func sample(_ time: TimeInterval) {
      clock.time = time
      guard let shown = editor.placeholder else { return }
      let frame = shown.frame
      out.line(
        Table.row(
          [
            fixed(time), fixed(frame.minX), fixed(frame.minY), fixed(frame.width),
            fixed(frame.height), fixed(shown.placeholder.scale), "\(shown.isAnimating)",
          ], widths))
    }
    editor.insert("H")
    for step in 0...12 { sample(Double(step) * 0.05) }
    let atRest = editor.placeholder?.frame == editor.placeholder?.titleFrame
    var band = [("0.60 s: " + rect(editor.placeholder?.frame), boxRows(editor))]
    clock.time = 0.8
    editor.deleteBackward()
    out.line("deleteBackward() at t = 0.80 s: back to a placeholder.")
    for time in [0.8, 0.9, 1.0, 1.1, 1.4] { sample(time) }
    band.append(("1.40 s: " + rect(editor.placeholder?.frame), boxRows(editor)))
    draw(band, &out)
    out.line(
      "At 0.60 s the frame is the titleFrame (\(atRest)); at 1.40 s the placeholder is back. The title"
    )
    out.line("is drawn at its layout origin, unscaled: a cell cannot shrink.")
    out.line()
  }

  // MARK: Drawing

  static func makeEditor(
    _ style: PlaceholderStyle, clock: ManualClock = ManualClock(),
    direction: LayoutDirection = .leftToRight, isEditing: Bool = true
  ) -> Editor {
    Editor(
      font: font, geometry: geometry, layoutDirection: direction, isEditing: isEditing,
      behaviours: [TextPlaceholder(style: style, clock: .manual(clock))])
  }

  /// Boxes side by side, each under its caption.
  static func draw(_ band: [(String, [String])], _ out: inout TourPrinter) {
    let boxes = band.map(\.1)
    let width = (boxes.first?.first.map { DisplayWidth.width(in: $0) } ?? 0) + 2
    out.line("  " + Table.row(band.map(\.0), Array(repeating: width, count: band.count)))
    for index in boxes.first?.indices ?? 0..<0 {
      out.line(
        "  " + Table.row(boxes.map { $0[index] }, Array(repeating: width, count: band.count)))
    }
  }

  /// The editor's view as rows of cells, with its border: the placeholder
  /// and abbreviation (when not transparent, the more opaque on top), the
  /// typed text, the caret's line ('>') and x ('^').
  static func boxRows(_ editor: Editor) -> [String] {
    let state = editor.state
    let width = Int(state.geometry.bounds.width)
    let height = Int(state.geometry.bounds.height)
    let container = state.geometry.textContainerRect
    var screen = TerminalScreen(columns: width, rows: height)
    for y in 0..<height {
      for x in 0..<width where !container.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
      {
        screen.put("·", width: 1, row: y, column: x)
      }
    }
    if let shown = editor.placeholder {
      var layers = [(shown.layout, shown.placeholder)]
      if let abbreviation = shown.abbreviation {
        let layer = (abbreviation.layout, abbreviation.layer)
        if abbreviation.layer.alpha >= shown.alpha {
          layers.append(layer)
        } else {
          layers.insert(layer, at: 0)
        }
      }
      for (layout, layer) in layers where layer.alpha > 0 {
        screen.draw(layout, at: layer.layoutOrigin, clip: layer.frame, drawsSpaces: false)
      }
    }
    let typed = typedLayout(state)
    screen.draw(typed, at: container.origin, clip: state.geometry.bounds, drawsSpaces: false)
    let grid = (0..<height).map { y in (0..<width).map { screen[y, $0].text } }
    let caret = typed.caretRect(at: state.selection.location, width: 0)
    let caretX = Int(container.minX + caret.minX)
    let caretY = Int(container.minY + caret.minY)
    var bottom = Array("+" + String(repeating: "-", count: width) + "+")
    if bottom.indices.contains(caretX + 1) { bottom[caretX + 1] = "^" }
    let rows = grid.enumerated().map { y, cells in
      (y == caretY ? ">" : "|") + cells.joined() + "|"
    }
    return ["+" + String(repeating: "-", count: width) + "+"] + rows + [String(bottom)]
  }

  /// The editor's text laid out by TextLayout in the text container's width,
  /// with the padding, the view's alignment and direction.
  static func typedLayout(_ state: EditorState) -> TextFrame {
    TextFrame(editor: state)
  }

  /// The caret's x in the view, from the typed text's layout.
  static func caretX(_ editor: Editor) -> CGFloat {
    editor.state.geometry.textContainerRect.minX
      + typedLayout(editor.state).caretRect(at: editor.selection.location, width: 0).minX
  }

  /// Where the placeholder's first glyph starts (its leading edge), in the view.
  static func firstGlyphX(_ editor: Editor) -> CGFloat {
    guard let shown = editor.placeholder else { return .nan }
    return shown.placeholder.layoutOrigin.x + shown.layout.caretRect(at: 0, width: 0).minX
  }

  // MARK: Text

  static func shownOrHidden(_ editor: Editor) -> String {
    editor.placeholder?.isVisible == true ? "shown" : "hidden"
  }

  static func runs(_ shown: PlaceholderPresentation?) -> String {
    guard let shown else { return "-" }
    let units = Array(shown.text.utf16)
    return shown.runs.map { run in
      let text = String(
        decoding: units[run.range.location..<NSMaxRange(run.range)], as: UTF16.self)
      var traits: [String] = []
      if run.isBold { traits.append("bold") }
      if run.isItalic { traits.append("italic") }
      if let color = run.color { traits.append("\(color)") }
      return "{\(run.range.location), \(run.range.length)} \(ControlCharacters.quoted(text)) "
        + traits.joined(separator: " ")
    }.joined(separator: "; ")
  }

  static func rect(_ rect: CGRect?) -> String {
    guard let rect else { return "-" }
    return "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), "
      + "\(number(rect.height)))"
  }

  /// An integral value as an integer, else with two decimals.
  static func number(_ value: CGFloat) -> String {
    value.isFinite && value == value.rounded()
      ? String(Int(value)) : String(format: "%.2f", Double(value))
  }

  static func fixed(_ value: Double) -> String { String(format: "%.2f", value) }
  static func fixed(_ value: CGFloat) -> String { fixed(Double(value)) }
}

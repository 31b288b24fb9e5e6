public import Foundation
public import TextInputCore
import TextMetrics

/// A text field in a terminal: an `Editor` with a key map, the mouse router,
/// its scroll and a status line, driven by `TerminalEvent`s and drawn into a
/// `TerminalScreen`. Everything a key does is decided here, once: a program
/// with its own loop (several fields, a form) feeds it events and draws it;
/// `TerminalPrompt` is the one-call loop on top.
///
/// - A **single-line** field keeps its text on one row: Enter submits, a
///   typed line break (LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029: every
///   paragraph end) becomes a space, a pasted one follows
///   `pastedLineBreaks`, and the text scrolls sideways by whole cells to
///   keep the caret's cell in sight, at any width (one column too), with
///   `scrollMargin` cells to spare where the width allows; a cluster that
///   does not fit whole at an edge is not drawn (a wide cluster is never
///   cut). Where text is hidden beyond an edge, that edge's cell shows a
///   dim mark (`hiddenTextMarks`: `<` and `>`), never over the caret.
/// - A **multi-line** field wraps: Enter inserts a line break, Alt-Enter
///   (ESC CR) submits; it grows from its minimum to its maximum rows, then
///   scrolls.
/// - Under the text, a **status line** shows what the behaviours publish as
///   `FieldStatus` (a validation message at the leading end, a count such
///   as `3/12` at the trailing end); a status that waits for interaction is
///   shown once the user has edited or tried to submit. A submit is refused
///   while a status does not allow it.
/// - A link opens, while editing, on a click with Control, Alt or Meta held
///   (as terminals report them through SGR mouse) or on Ctrl-O at the
///   caret; and when not editing, on a plain click (the behaviours' press
///   gesture). It is reported as `Outcome.linkOpened(_:)`: nothing to poll.
///
/// Cells are terminal cells; one point of the editor is one cell
/// (`TerminalCellFont`, `ViewGeometry.terminal(columns:rows:)`). Offsets are
/// the editor's UTF-16 code units.
///
/// ```swift
/// var field = TerminalTextField(columns: 30, behaviours: [])
/// _ = field.handle(.text("hi"))
/// var screen = TerminalScreen(columns: 30, rows: field.height)
/// field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
/// ```
public struct TerminalTextField: Sendable {
  /// Whether the field is one row of text or wraps.
  public enum Kind: Hashable, Sendable {
    /// One row; Enter submits.
    case singleLine
    /// Wrapped text between `minimumRows` and `maximumRows` rows (both at
    /// least 1); Enter inserts a line break, Alt-Enter submits.
    case multiLine(minimumRows: Int, maximumRows: Int)
  }

  /// What a single-line field does with the line breaks of a paste (a
  /// multi-line field keeps them).
  public enum PastedLineBreaks: String, Hashable, Sendable, CaseIterable {
    /// Each line break (LF, CR, CR LF, and the other paragraph separators)
    /// becomes one space: the whole paste is kept, on one line.
    case spaces
    /// Only the paste's first line is inserted.
    case firstLine
  }

  /// What one event did.
  public enum Outcome: Hashable, Sendable {
    /// Nothing visible changed (an unbound key, a release).
    case unchanged
    /// The text changed.
    case edited
    /// Only the caret, the selection, the scroll or the editing state changed.
    case moved
    /// The user submitted this text (valid, by every `FieldStatus`).
    case submitted(String)
    /// The user tried to submit, and a `FieldStatus` refused: its message
    /// is shown now.
    case submissionRefused
    /// The user cancelled (Ctrl-C).
    case cancelled
    /// End of input (Ctrl-D on an empty field).
    case endOfInput
    /// The user opened a link to this URI.
    case linkOpened(String)
    /// The user asked for the whole screen to be drawn again (Ctrl-L), or
    /// the program was continued after a stop (`TerminalEvent.resumed`).
    case redrawRequested
    /// The user asked to suspend the program (Ctrl-Z): a program stops
    /// itself (`TerminalSession.suspend()`) and draws again when resumed.
    case suspendRequested
  }

  /// The field's kind.
  public let kind: Kind
  /// The editor: its text, selection, behaviours and layout. Change it
  /// through `modifyEditor(_:)` so that the field's rows and scroll follow.
  public private(set) var editor: Editor
  /// What each key does.
  public var keyMap: TerminalKeyMap
  /// What a single-line field does with a paste's line breaks.
  public var pastedLineBreaks: PastedLineBreaks = .spaces
  /// How many cells a single-line field keeps between the caret and the
  /// edge it scrolls towards (fewer in a narrow field: at most half its
  /// width less one; 0 or less keeps none). The scroll follows at once.
  public var scrollMargin: Int = 2 {
    didSet { fit() }
  }
  /// The marks a scrolled single-line field draws in its edge cell, in the
  /// theme's `scrollMark` style (dim), where text is hidden beyond that
  /// edge: `<` at the left, `>` at the right (ASCII, one cell in every
  /// terminal). A mark never covers the caret's cell.
  public static let hiddenTextMarks: (left: Character, right: Character) = ("<", ">")
  /// How far a single-line field's text is scrolled to the left, in cells:
  /// whole cells from where the caret's cell starts (a centred line's
  /// clusters start at half cells, and so does its scroll).
  public private(set) var horizontalScroll: CGFloat = 0
  /// Whether the user has edited the text or tried to submit it (statuses
  /// that wait for interaction are shown from then on).
  public private(set) var hasInteracted = false
  /// Whether statuses go on a line of their own under the text (the
  /// default); false draws them as the behaviours publish them, on the
  /// view's last row (a view with a bottom inset for them).
  public var showsStatusLine = true
  /// The field's width in cells: its view's.
  public var columns: Int { max(Int(editor.state.geometry.bounds.width), 1) }
  /// Where the field is drawn on the terminal (its top-left cell, 0-based):
  /// mouse events are mapped through it. `draw(into:at:theme:)` sets it; a
  /// program that draws the field into a grid of its own and places that
  /// grid elsewhere sets it to where the field lands on the terminal.
  public var origin = TerminalPosition(row: 0, column: 0)

  /// The caret's rect at the selection's end as the last `fit()` found it
  /// (single-line), for `draw` to reuse: one caret query a frame.
  private var fittedCaretRect: (revision: EditorRevision, rect: CGRect)?
  /// The history ↑ / ↓, Alt-< / Alt-> and Ctrl-R / Ctrl-S go through
  /// (shared with other fields and prompts: it is a reference); nil for
  /// none, and those keys move the caret. See `TerminalTextField+History`.
  public var history: (any TextHistory)?
  /// Whether a submitted text is added to `history` (an empty one never is).
  public var addsSubmissionsToHistory = true
  /// What gives the ghost text after the caret (`hint`), e.g.
  /// `HistoryHinter(history)`; nil for none. See `TerminalTextField+Hints`.
  public var hinter: (any Hinter)?
  /// What Tab completes with; nil for none. See `TerminalTextField+Completion`.
  public var completer: (any Completer)?
  /// The most rows of candidates the completion menu shows at once.
  public var maximumMenuRows = 8
  /// What colours the text as it is typed; nil for none. See
  /// `TerminalTextField+Highlighting`.
  public var highlighter: (any Highlighter)?
  /// The style of each highlight role (a role not here is drawn plain).
  public var highlightStyles: [HighlightRole: TerminalStyleChange] =
    TerminalTextField.standardHighlightStyles
  var lineEditing = LineEditingState()

  private var mouse = TerminalMouseRouter()
  var killBuffer = ""
  private var lastCommandKilled = false
  /// The keys of a sequence pressed so far (Esc, Ctrl-X), waiting for the
  /// next one: see `TerminalKeyMap.lookup(_:)`.
  public private(set) var pendingKeys: [TerminalKeyChord] = []
  /// Whether the field is in vi's command mode (a key map with a
  /// `TerminalKeyMap.commandMode`, after Esc); it starts in insert mode.
  public internal(set) var isInCommandMode = false

  /// A field `columns` cells wide (at least 1) holding `text` with the
  /// caret at its end, editing, with `behaviours` installed in order, its
  /// clusters measured by `profile` (what the terminal in front of it
  /// draws; see `TerminalProbe`).
  ///
  /// - Parameters:
  ///   - kind: Single-line (the default) or multi-line.
  ///   - text: The text to start with (a single-line field's line breaks
  ///     become spaces).
  ///   - columns: The field's width in cells.
  ///   - profile: How the terminal draws clusters.
  ///   - alignment: The text's alignment.
  ///   - layoutDirection: The view's direction.
  ///   - behaviours: The behaviours, installed in order.
  ///   - keyMap: The keys; nil for `TerminalKeyMap.singleLine` or
  ///     `.multiLine` by `kind`.
  /// - Complexity: O(n) in the text (a first layout).
  public init(
    kind: Kind = .singleLine, text: String = "", columns: Int,
    profile: TerminalWidthProfile = .graphemeClusters, alignment: TextAlignment = .natural,
    layoutDirection: LayoutDirection = .leftToRight, behaviours: [any EditorBehaviour] = [],
    keyMap: TerminalKeyMap? = nil
  ) {
    let kind = Self.sanitized(kind)
    // A single line's line breaks are spaces, as a paste's.
    let text =
      kind == .singleLine ? Self.joiningLines(text, policy: .spaces) : text
    let editor = Editor(
      text: text, font: TerminalCellFont(profile: profile),
      geometry: .terminal(columns: max(columns, 1), rows: Self.minimumRows(of: kind)),
      alignment: alignment, layoutDirection: layoutDirection, isEditing: true,
      behaviours: behaviours)
    self.init(kind: kind, editor: editor, keyMap: keyMap)
  }

  /// A field around `editor`, as the program set it up (its geometry, font
  /// and behaviours; use a `TerminalCellFont` so that it measures as the
  /// terminal draws). A single-line field lays its text out with `.clip`;
  /// a multi-line one whose minimum and maximum rows are equal keeps the
  /// editor's height.
  ///
  /// - Parameters:
  ///   - kind: Single-line or multi-line.
  ///   - editor: The editor, set up by the program.
  ///   - keyMap: The keys; nil for `TerminalKeyMap.singleLine` or
  ///     `.multiLine` by `kind`.
  public init(kind: Kind, editor: Editor, keyMap: TerminalKeyMap? = nil) {
    let kind = Self.sanitized(kind)
    self.kind = kind
    switch kind {
    case .singleLine: self.keyMap = keyMap ?? .singleLine
    case .multiLine: self.keyMap = keyMap ?? .multiLine
    }
    var editor = editor
    if kind == .singleLine { editor.setLineBreakMode(.clip) }
    self.editor = editor
    fit()
  }

  // MARK: Size

  /// The rows of text the field shows now: 1 for a single-line field; for
  /// a multi-line one, its laid-out lines (and the caret's empty last line)
  /// between its minimum and maximum.
  public var textRows: Int {
    Int(editor.state.geometry.bounds.height)
  }

  /// The rows its text takes as laid out now (at least 1): its lines, and
  /// the caret's empty line after a final line break.
  public var contentRows: Int {
    let layout = editor.layout()
    let end = editor.state.caretRect(at: editor.state.utf16Count).maxY
    let last = layout.lineFragments.last?.rect.maxY ?? 0
    let content = max(end, last)
    return content.isFinite ? max(Int(content.rounded(.up)), 1) : textRows
  }

  /// Whether the field has a status line under its text: when a behaviour
  /// publishes a `FieldStatus` (shown or not, so the field does not jump),
  /// and while a history search shows its search line there.
  public var hasStatusLine: Bool {
    isSearchingHistory || (showsStatusLine && !editor.presentation.fieldStatuses.isEmpty)
  }

  /// The rows the field takes: its text rows, its status line and its
  /// completion menu.
  public var height: Int { textRows + (hasStatusLine ? 1 : 0) + completionMenuRows }

  /// The statuses shown now at each end of the status line (controls not
  /// yet made visible), joined with " · "; while searching the history, the
  /// search line (`historySearchPrompt`) at the leading end instead.
  public var statusLine: (leading: String, trailing: String) {
    if let prompt = historySearchPrompt { return (prompt, "") }
    var leading: [String] = []
    var trailing: [String] = []
    for status in editor.presentation.fieldStatuses {
      guard let text = status.statusText, !text.isEmpty,
        !status.waitsForInteraction || hasInteracted
      else { continue }
      if status.statusEdge == .leading { leading.append(text) } else { trailing.append(text) }
    }
    return (leading.joined(separator: " · "), trailing.joined(separator: " · "))
  }

  /// Makes the field `columns` cells wide (at least 1), as after a terminal
  /// resize; the text is laid out again.
  public mutating func resize(columns: Int) {
    let columns = max(columns, 1)
    guard columns != self.columns else { return }
    editor.resize(to: CGRect(x: 0, y: 0, width: columns, height: textRows))
    fit()
  }

  /// Changes the editor (its text, behaviours, alignment, …) and brings the
  /// field's rows and scroll up to date.
  @discardableResult
  public mutating func modifyEditor<T>(_ body: (inout Editor) throws -> T) rethrows -> T {
    defer { fit() }
    return try body(&editor)
  }

  // MARK: Events

  /// Applies one event, `time` seconds on the program's clock (for a long
  /// press on a link). Text is typed (a paste as one edit); a key does what
  /// `keyMap` binds it to (`TerminalKeyMap.lookup(_:)`: Esc, or the first
  /// key of a sequence, waits for the next key in `pendingKeys`, at any
  /// pause); a mouse event goes through the mouse router (a click puts the
  /// caret, a drag selects) at the field's last `origin`. `.resumed` asks
  /// for a redraw. Any key or text begins editing again if a click outside
  /// ended it.
  ///
  /// What changed is read from the editor's `EditorState.revision`, not
  /// from a comparison of texts: a key that moves the caret costs the move.
  ///
  /// - Complexity: the edit's, plus a caret query for the scroll.
  public mutating func handle(_ event: TerminalEvent, at time: TimeInterval = 0) -> Outcome {
    let before = editor.state.revision
    if let outcome = isSearchingHistory ? handleSearchEvent(event) : handleMenuEvent(event) {
      fit()
      return editor.state.revision.changes(since: before) == .text ? .edited : outcome
    }
    var outcome: Outcome?
    switch event {
    case .text(var text):
      if isInCommandMode {
        // vi's command mode: every character is a key, none is typed.
        return handleInCommandMode(text, at: time)
      }
      if !pendingKeys.isEmpty, let first = text.first {
        // Esc, then a character: the character with Alt (or the next key
        // of a sequence); the rest of the text is typed after it.
        text.removeFirst()
        let keyOutcome = handle(.key(.character(first), []), at: time)
        guard !text.isEmpty else { return keyOutcome }
        switch keyOutcome {
        case .unchanged, .edited, .moved: break
        default: return keyOutcome
        }
      }
      beginEditingIfNeeded()
      // A single line's typed line breaks are spaces, as a paste's.
      editor.insert(kind == .singleLine ? Self.joiningLines(text, policy: .spaces) : text)
      lastCommandKilled = false
    case .paste(let text):
      pendingKeys = []
      beginEditingIfNeeded()
      editor.insert(pastedText(text))
      lastCommandKilled = false
    case .key(let key, let modifiers):
      pendingKeys.append(TerminalKeyChord(key, modifiers))
      let found =
        isInCommandMode ? keyMap.lookupInCommandMode(pendingKeys) : keyMap.lookup(pendingKeys)
      switch found {
      case .prefix:
        return .unchanged
      case .unbound:
        pendingKeys = []
        return .unchanged
      case .command(let command):
        pendingKeys = []
        beginEditingIfNeeded()
        outcome = perform(command)
      }
    case .resumed:
      return .redrawRequested
    case .mouse(let mouseEvent):
      pendingKeys = []
      outcome = handleMouse(mouseEvent, at: time)
    case .focusIn:
      editor.beginEditing()
    case .focusOut:
      break
    case .resize(_, let columns):
      resize(columns: columns)
    case .cursorPosition, .modeReport, .unknown:
      return .unchanged
    }
    fit()
    let change = editor.state.revision.changes(since: before)
    if change == .text { hasInteracted = true }
    if let outcome { return outcome }
    if let opened = editor.takeOpenRequests().first { return .linkOpened(opened) }
    switch change {
    case .text: return .edited
    case .selection: return .moved
    case .none: return .unchanged
    }
  }

  /// Tells a press on a link that time passed (a long press fires before
  /// the release); `time` in seconds. Call it every ~50 ms while
  /// `isHoldingPress`.
  public mutating func tick(at time: TimeInterval) -> Outcome {
    mouse.tick(at: time, editor: &editor)
    if let opened = editor.takeOpenRequests().first { return .linkOpened(opened) }
    return .unchanged
  }

  /// Whether a press on a link is held (the program sends `tick(at:)`).
  public var isHoldingPress: Bool { mouse.claimedBy != nil }

  /// Performs one command, as a bound key does.
  ///
  /// - Returns: the outcome, when the command has one of its own (submit,
  ///   cancel, …); nil when it edits or moves.
  public mutating func perform(_ command: TerminalFieldCommand) -> Outcome? {
    let wasKill = lastCommandKilled
    lastCommandKilled = false
    if acceptHint(for: command) { return nil }
    let yanked = takeYank()
    switch command {
    case .move(let movement):
      editor.move(singleLineMovement(movement))
    case .select(let movement):
      editor.move(singleLineMovement(movement), extending: true)
    case .selectAll:
      editor.select(NSRange(location: 0, length: editor.state.utf16Count))
    case .deleteBackward(let unit):
      editor.deleteBackward(by: unit)
    case .deleteForward(let unit):
      editor.deleteForward(by: unit)
    case .killToParagraphEnd, .killToParagraphStart, .killWhitespaceWordBackward,
      .killWordBackward, .killWordForward, .killParagraph:
      kill(command, appending: wasKill)
    case .enterCommandMode, .enterInsertMode:
      switchViMode(command)
    case .yank:
      // Each yank is an undo step of its own, as in readline.
      editor.breakUndoCoalescing()
      let start = editor.state.selection.location
      if !killBuffer.isEmpty, editor.insert(pastedText(killBuffer)) {
        noteYank(from: start)
      }
      editor.breakUndoCoalescing()
    case .undo:
      editor.undo()
    case .redo:
      editor.redo()
    case .insertLineBreak:
      if kind != .singleLine { editor.insert("\n") }
    case .submit:
      hasInteracted = true
      if editor.state.hasMarkedText { editor.unmarkText() }
      guard editor.presentation.allowsSubmission else { return .submissionRefused }
      recordSubmission(editor.text)
      return .submitted(editor.text)
    case .cancel:
      return .cancelled
    case .suspend:
      return .suspendRequested
    case .endOfInput:
      if editor.state.isEmpty { return .endOfInput }
      editor.deleteForward()
    case .redraw:
      return .redrawRequested
    case .historyPrevious, .historyNext, .historyFirst, .historyLast, .searchHistoryBackward,
      .searchHistoryForward:
      return performHistory(command)
    case .yankPop, .transposeCharacters, .uppercaseWord, .lowercaseWord, .capitalizeWord:
      performEditing(command, afterYank: yanked)
    case .complete:
      complete()
    case .openLink:
      let caret = editor.state.selection.location
      if let uri = link(at: caret) ?? (caret > 0 ? link(at: caret - 1) : nil) {
        return .linkOpened(uri)
      }
    }
    return nil
  }

  // MARK: Drawing

  /// Draws the field with its top-left corner at `origin` (0-based cells of
  /// `screen`): its text rows (`TerminalEditorRenderer`, scrolled sideways
  /// for a single-line field, with `hiddenTextMarks` at an edge that hides
  /// text, in the theme's `scrollMark` style) and its status line, in
  /// `columns` cells. The
  /// screen's cursor goes to the caret while editing. The origin is kept
  /// for mapping mouse events.
  ///
  /// - Complexity: the renderer's, O(c) in the clusters drawn, plus the
  ///   status line's.
  @discardableResult
  public mutating func draw(
    into screen: inout TerminalScreen, at origin: TerminalPosition,
    theme: TerminalTheme = .standard
  ) -> TerminalEditorRenderer.Drawn {
    self.origin = origin
    let drawn = TerminalEditorRenderer.draw(
      editor, into: &screen, at: origin, theme: theme, horizontalScroll: horizontalScroll,
      drawsMessages: !showsStatusLine, highlights: styledHighlights(),
      caretRect: fittedCaretRect.flatMap { $0.revision == editor.state.revision ? $0.rect : nil })
    if kind == .singleLine {
      drawHiddenTextMarks(into: &screen, at: origin, caret: drawn.caret, theme: theme)
    }
    drawHint(into: &screen, caret: drawn.caret, theme: theme)
    if hasStatusLine {
      let row = origin.row + textRows
      screen.fill(
        rows: row..<row + 1, columns: origin.column..<origin.column + columns, style: theme.text)
      var style = theme.text
      // A message is red; the history search line is plain, as readline's.
      if !isSearchingHistory { theme.message.apply(to: &style) }
      let status = statusLine
      let profile = (editor.state.font as? TerminalCellFont)?.profile ?? .graphemeClusters
      let trailingWidth = profile.width(in: status.trailing)
      let rightToLeft = editor.state.layoutDirection == .rightToLeft
      let end = origin.column + columns
      let trailingColumn = rightToLeft ? origin.column : max(end - trailingWidth, origin.column)
      screen.write(
        status.trailing, row: row, column: trailingColumn, style: style, profile: profile,
        maximumColumn: end)
      let leadingLimit = rightToLeft ? end : max(trailingColumn - 1, origin.column)
      let leadingWidth = profile.width(in: status.leading)
      let leadingColumn =
        rightToLeft ? max(end - leadingWidth, origin.column + trailingWidth + 1) : origin.column
      screen.write(
        status.leading, row: row, column: leadingColumn, style: style, profile: profile,
        maximumColumn: leadingLimit)
    }
    drawMenu(into: &screen, at: origin, theme: theme)
    return drawn
  }

  /// The marks at the edges of a scrolled single line that hide text: the
  /// edge's cell, unless the caret is drawn there.
  ///
  /// - Complexity: O(1) layout queries.
  private func drawHiddenTextMarks(
    into screen: inout TerminalScreen, at origin: TerminalPosition, caret: TerminalPosition?,
    theme: TerminalTheme
  ) {
    let (low, high) = textExtent()
    let width = CGFloat(columns)
    guard low.isFinite, high.isFinite, horizontalScroll.isFinite else { return }
    var style = theme.text
    theme.scrollMark.apply(to: &style)
    let left = origin.column
    let right = origin.column + columns - 1
    if low < horizontalScroll, caret?.column != left {
      screen.put(
        String(Self.hiddenTextMarks.left), width: 1, row: origin.row, column: left, style: style)
    }
    if high > horizontalScroll + width, caret?.column != right {
      screen.put(
        String(Self.hiddenTextMarks.right), width: 1, row: origin.row, column: right, style: style
      )
    }
  }

  /// A single line's extent in the container's x (points = cells): its
  /// used rect, and the carets at its ends (trailing spaces hang past the
  /// used rect, but the caret after them has its cell).
  ///
  /// - Complexity: two caret queries.
  private func textExtent() -> (low: CGFloat, high: CGFloat) {
    let state = editor.state
    let start = state.caretRect(at: 0).midX
    let end = state.caretRect(at: state.utf16Count).midX
    guard let used = editor.layout().lineFragments.first?.usedRect else {
      return (min(start, end), max(start, end))
    }
    return (min(used.minX, start, end), max(used.maxX, start, end))
  }

  // MARK: Helpers

  static func sanitized(_ kind: Kind) -> Kind {
    switch kind {
    case .singleLine: return .singleLine
    case .multiLine(let minimum, let maximum):
      let low = max(minimum, 1)
      return .multiLine(minimumRows: low, maximumRows: max(maximum, low))
    }
  }

  static func minimumRows(of kind: Kind) -> Int {
    switch kind {
    case .singleLine: return 1
    case .multiLine(let minimum, _): return minimum
    }
  }

  private mutating func beginEditingIfNeeded() {
    if !editor.state.isEditing { editor.beginEditing() }
  }

  /// A single-line field has no line above or below: ↑ and ↓ go to its
  /// start and end, as a text field's do.
  func singleLineMovement(_ movement: CaretMovement) -> CaretMovement {
    guard kind == .singleLine else { return movement }
    switch movement {
    case .up: return .documentStart
    case .down: return .documentEnd
    default: return movement
    }
  }

  /// A paste (or a yank) as this field inserts it.
  private func pastedText(_ text: String) -> String {
    guard kind == .singleLine else { return text }
    return Self.joiningLines(text, policy: pastedLineBreaks)
  }

  /// `text` on one line, as `policy` says.
  ///
  /// - Complexity: O(n) in the text's scalars.
  static func joiningLines(_ text: String, policy: PastedLineBreaks) -> String {
    switch policy {
    case .spaces:
      var out = ""
      var afterCR = false
      for scalar in text.unicodeScalars {
        if scalar == "\n", afterCR {
          afterCR = false
          continue
        }
        afterCR = scalar == "\r"
        out.unicodeScalars.append(HardBreaks.isBreak(scalar) ? " " : scalar)
      }
      return out
    case .firstLine:
      let end = text.unicodeScalars.firstIndex(where: HardBreaks.isBreak)
      return String(text.unicodeScalars[..<(end ?? text.unicodeScalars.endIndex)])
    }
  }

  /// The URI of the link drawn over `offset` (UTF-16 code units), if any:
  /// a `.hyperlink` primitive a behaviour publishes, drawn as typed.
  private func link(at offset: Int) -> String? {
    let state = editor.state
    for case .hyperlink(let range, let uri, _) in editor.presentation.drawingPrimitives(in: state)
    where range.location <= offset && offset < NSMaxRange(range) && state.isDrawnAsTyped(range) {
      return uri
    }
    return nil
  }

  private mutating func handleMouse(_ event: TerminalMouseEvent, at time: TimeInterval)
    -> Outcome?
  {
    let opening: TerminalModifiers = [.control, .alt, .meta]
    if event.kind == .press, event.button == .left, !event.modifiers.isDisjoint(with: opening) {
      let placement = TerminalEditorRenderer.placement(
        of: editor, at: origin, horizontalScroll: horizontalScroll)
      if let offset = placement.offset(row: event.row - 1, column: event.column - 1, in: editor),
        let uri = link(at: offset)
      {
        return .linkOpened(uri)
      }
    }
    mouse.handle(
      event, at: time, editor: &editor, origin: origin, horizontalScroll: horizontalScroll)
    return nil
  }

  /// Kills (cuts into the kill buffer) what `command` names, or the
  /// selection when there is one; a kill right after a kill joins it in the
  /// buffer (before it when killing backward).
  private mutating func kill(_ command: TerminalFieldCommand, appending: Bool) {
    // The range is found in a function of its own, so that no copy of the
    // state is alive during the edit (the text would be copied).
    guard let (range, backward) = killRange(command), range.length > 0 else { return }
    let text = editor.state.substring(range)
    guard editor.replace(range, with: "") else { return }
    if appending {
      killBuffer = backward ? text + killBuffer : killBuffer + text
    } else {
      killBuffer = text
    }
    noteKill(killBuffer, appending: appending)
    lastCommandKilled = true
  }

  /// What `kill(_:appending:)` cuts for `command`: the selection when there
  /// is one, else the range the command names, and whether it lies before
  /// the caret; nil for a command that kills nothing.
  private func killRange(_ command: TerminalFieldCommand) -> (NSRange, backward: Bool)? {
    let state = editor.state
    let selection = state.selection
    var range = selection
    var backward = false
    if selection.length == 0 {
      let caret = selection.location
      let count = state.utf16Count
      switch command {
      case .killToParagraphEnd:
        var end = HardBreaks.contentEnd(after: caret, in: state.utf16)
        if end == caret, end < count {
          // At the paragraph's end: the line break (CR LF whole).
          end = state.graphemeBoundary(after: end) ?? count
        }
        range = NSRange(location: caret, length: end - caret)
      case .killToParagraphStart:
        let start = HardBreaks.paragraphStart(before: caret, in: state.utf16)
        range = NSRange(location: start, length: caret - start)
        backward = true
      case .killParagraph:
        var start = caret
        while start > 0, !HardBreaks.isBreak(state.utf16[start - 1]) { start -= 1 }
        var end = caret
        while end < count, !HardBreaks.isBreak(state.utf16[end]) { end += 1 }
        // With its line break (CR LF whole), or the one before it when last.
        if end < count {
          end = state.graphemeBoundary(after: end) ?? count
        } else if start > 0 {
          start = state.graphemeBoundary(before: start) ?? start
        }
        range = NSRange(location: start, length: end - start)
      case .killWhitespaceWordBackward where editor.isSecureTextEntry,
        .killWordBackward where editor.isSecureTextEntry:
        // Masked: to the paragraph's start, telling nothing of its words.
        let start = editor.boundary(before: caret, by: .word)
        range = NSRange(location: start, length: caret - start)
        backward = true
      case .killWordForward where editor.isSecureTextEntry:
        let end = editor.boundary(after: caret, by: .word)
        range = NSRange(location: caret, length: end - caret)
      case .killWhitespaceWordBackward:
        var start = caret
        while start > 0, Self.isSpace(state.utf16[start - 1]) { start -= 1 }
        while start > 0, !Self.isSpace(state.utf16[start - 1]) { start -= 1 }
        range = NSRange(location: start, length: caret - start)
        backward = true
      case .killWordBackward:
        let start = state.previousWordStart(before: caret)
        range = NSRange(location: min(start, caret), length: caret - min(start, caret))
        backward = true
      case .killWordForward:
        let end = state.nextWordEnd(after: caret)
        range = NSRange(location: caret, length: max(end, caret) - caret)
      default:
        return nil
      }
      range = state.widened(range)
    }
    return (range, backward)
  }

  /// Space or tab, for Ctrl-W's white-space-delimited words.
  static func isSpace(_ unit: UInt16) -> Bool {
    unit == 0x20 || unit == 0x09 || unit == 0xA0 || HardBreaks.isBreak(unit)
  }

  /// Brings the rows (multi-line) and the sideways scroll (single-line) up
  /// to date with the text and the caret.
  private mutating func fit() {
    fittedCaretRect = nil
    switch kind {
    case .singleLine:
      // The caret's edge: its cell starts there (the renderer draws it on
      // the cell `caret - scroll`, rounded).
      let caretRect = editor.state.caretRect(at: NSMaxRange(editor.state.selection))
      fittedCaretRect = (editor.state.revision, caretRect)
      let caret = caretRect.midX
      let width = CGFloat(columns)
      guard caret.isFinite, abs(caret) < 1_000_000 else {
        horizontalScroll = 0
        return
      }
      let margin = min(CGFloat(max(scrollMargin, 0)), ((width - 1) / 2).rounded(.down))
      var scroll = horizontalScroll.isFinite ? horizontalScroll : 0
      if caret - scroll < margin { scroll = caret - margin }
      if caret - scroll > width - 1 - margin { scroll = caret - (width - 1 - margin) }
      // No further than the text and the cell of the caret at its end reach.
      let (low, high) = textExtent()
      let lowest = min(low.isFinite ? low : 0, caret, 0)
      let highest = max((high.isFinite ? max(high, caret) : caret) + 1 - width, lowest)
      scroll = min(max(scroll, lowest), highest)
      // The caret on a whole cell of the view (so are the clusters, whose
      // edges share its grid: a centred line's are at half cells), and
      // whatever the clamps did, that cell in sight.
      let cell = min(max((caret - scroll).rounded(.down), 0), width - 1)
      horizontalScroll = caret - cell
    case .multiLine(let minimum, let maximum):
      // Equal bounds: the program owns the height (`init(kind:editor:keyMap:)`).
      guard minimum != maximum else { return }
      let wanted = min(max(contentRows, minimum), maximum)
      if wanted != textRows {
        editor.resize(to: CGRect(x: 0, y: 0, width: columns, height: wanted))
      }
    }
  }
}

import Foundation
import TextInputCore

/// What the field remembers between keys about history: the entry shown,
/// the lines edited while moving through the history (readline keeps them
/// until a submit), and an incremental search in progress.
struct LineEditingState: Sendable {
  /// The entry shown (its index in the history), nil for the line being
  /// edited (the new line).
  var recalled: Int?
  /// Edited text by entry index, and `newLine` for the new line, kept when
  /// moving to another entry and restored when coming back.
  var drafts: [Int: String] = [:]
  var newLine = ""
  /// An incremental search in progress.
  var search: HistorySearchSession?
  /// The last search's query, which Ctrl-R on an empty query searches for
  /// again (as readline does).
  var lastQuery = ""
  /// The kills, oldest first (the newest is the field's kill buffer), at
  /// most `killRingLimit`.
  var killRing: [String] = []
  /// The text the last command yanked (UTF-16) and its kill's index in
  /// `killRing`, while the next command may yank-pop it.
  var yank: (range: NSRange, index: Int)?
  /// The text after a Tab that did not open the menu: a Tab on the same
  /// text opens it.
  var tabText: String?
  /// The completion menu, while open.
  var menu: TerminalCompletionMenu?
}

/// How many kills the kill ring keeps (Emacs' default).
let killRingLimit = 60

/// An incremental history search in progress (Ctrl-R, Ctrl-S).
struct HistorySearchSession: Sendable {
  var direction: HistorySearchDirection
  var query = ""
  /// The text, selection and entry shown before the search, for Ctrl-G.
  var originalText: String
  var originalSelection: NSRange
  var originalRecalled: Int?
  /// Where the search started: the entry and caret.
  var start: HistoryPosition
  /// The match shown, if any.
  var match: HistoryMatch?
  /// Whether the query has no match (the last match stays shown).
  var failed = false
}

extension TerminalTextField {
  /// Whether an incremental history search (Ctrl-R, Ctrl-S) is in progress.
  public var isSearchingHistory: Bool { lineEditing.search != nil }

  /// The search line shown under the text while searching history, as
  /// readline writes it: `(reverse-i-search)'query'`, with `failed ` before
  /// it when nothing matches; nil when not searching.
  public var historySearchPrompt: String? {
    guard let search = lineEditing.search else { return nil }
    let kind = search.direction == .backward ? "reverse-i-search" : "i-search"
    return "(\(search.failed ? "failed " : "")\(kind))'\(search.query)'"
  }

  /// `history`, or nil in a masked field (`Editor.isSecureTextEntry`): a
  /// password is never recalled, searched, hinted nor written to a history.
  var unmaskedHistory: (any TextHistory)? {
    editor.isSecureTextEntry ? nil : history
  }

  /// The index of the history entry shown, nil for the line being edited.
  public var recalledHistoryIndex: Int? { lineEditing.recalled }

  // MARK: Commands

  /// Performs a history command (see `TerminalFieldCommand`).
  mutating func performHistory(_ command: TerminalFieldCommand) -> Outcome? {
    switch command {
    case .historyPrevious:
      guard let history = unmaskedHistory, history.count > 0, isOnEdgeLine(top: true) else {
        let movement = lineMovement(.up)
        modifyEditor { $0.move(movement) }
        return nil
      }
      let current = lineEditing.recalled ?? history.count
      if current > 0 { recall(current - 1, in: history) }
    case .historyNext:
      guard let history = unmaskedHistory, isOnEdgeLine(top: false) else {
        let movement = lineMovement(.down)
        modifyEditor { $0.move(movement) }
        return nil
      }
      guard let current = lineEditing.recalled else { return nil }
      recall(current + 1 < history.count ? current + 1 : nil, in: history)
    case .historyFirst:
      guard let history = unmaskedHistory, history.count > 0 else {
        modifyEditor { $0.move(.documentStart) }
        return nil
      }
      recall(0, in: history)
    case .historyLast:
      guard let history = unmaskedHistory else {
        modifyEditor { $0.move(.documentEnd) }
        return nil
      }
      recall(nil, in: history)
    case .searchHistoryBackward:
      searchKey(.backward)
    case .searchHistoryForward:
      searchKey(.forward)
    default:
      break
    }
    return nil
  }

  /// Adds a submitted text to the history (when there is one and
  /// `addsSubmissionsToHistory`), and forgets the lines edited in it.
  mutating func recordSubmission(_ text: String) {
    if let history = unmaskedHistory, addsSubmissionsToHistory { history.add(text) }
    lineEditing.recalled = nil
    lineEditing.drafts = [:]
    lineEditing.newLine = ""
    lineEditing.search = nil
  }

  /// ↑ / ↓ without a history: a single-line field has no line to go to and
  /// goes to its start or end.
  private func lineMovement(_ movement: CaretMovement) -> CaretMovement {
    guard kind == .singleLine else { return movement }
    return movement == .up ? .documentStart : .documentEnd
  }

  /// Whether the caret is on the first (`top`) or last laid-out line: a
  /// single-line field's always is.
  private func isOnEdgeLine(top: Bool) -> Bool {
    guard kind != .singleLine else { return true }
    let state = editor.state
    let caret = state.selection.length == 0 ? state.selection.location : NSMaxRange(state.selection)
    let edge = state.caretRect(at: top ? 0 : state.utf16Count).midY
    let here = state.caretRect(at: caret).midY
    guard edge.isFinite, here.isFinite else { return true }
    if abs(edge - here) < 0.5 { return true }
    // At a soft wrap the caret's offset ends the first line as much as it
    // starts the second (it is drawn at the second's start): it counts as
    // on the first line, so that ↑ there reaches the history.
    guard top, let first = editor.layout().lineFragments.first else { return false }
    let end = NSMaxRange(first.range)
    let displayed = state.displayMap.displayed(fromTyped: NSRange(location: caret, length: 0))
    return displayed.location == end && end > 0
      && !HardBreaks.isBreak(editor.layout().utf16[end - 1])
  }

  /// Shows entry `index` (nil: the new line), keeping the text edited in
  /// the one shown now; the caret goes to the end.
  private mutating func recall(_ index: Int?, in history: any TextHistory) {
    guard index != lineEditing.recalled else { return }
    saveDraft(in: history)
    let text: String
    if let index {
      text = lineEditing.drafts[index] ?? history.entry(at: index) ?? ""
    } else {
      text = lineEditing.newLine
    }
    lineEditing.recalled = index
    show(text, selecting: nil)
  }

  /// Keeps the text shown as the draft of the entry (or new line) it is.
  private mutating func saveDraft(in history: any TextHistory) {
    let text = editor.text
    if let current = lineEditing.recalled {
      if text != history.entry(at: current) {
        lineEditing.drafts[current] = text
      } else {
        lineEditing.drafts[current] = nil
      }
    } else {
      lineEditing.newLine = text
    }
  }

  /// Replaces the whole text with `text` (on one line in a single-line
  /// field) and selects `range` of it (UTF-16 in `text`), or puts the
  /// caret at the end.
  private mutating func show(_ text: String, selecting range: NSRange?) {
    var shown = text
    var selection = range
    if kind == .singleLine, text.utf16.contains(where: { HardBreaks.isBreak($0) }) {
      shown = Self.joiningLines(text, policy: .spaces)
      if let range {
        // CR LF becomes one space: map both ends through the same join.
        let units = Array(text.utf16)
        func mapped(_ offset: Int) -> Int {
          let prefix = String(decoding: units[0..<min(max(offset, 0), units.count)], as: UTF16.self)
          return Self.joiningLines(prefix, policy: .spaces).utf16.count
        }
        let lower = mapped(range.location)
        selection = NSRange(location: lower, length: mapped(NSMaxRange(range)) - lower)
      }
    }
    let count = editor.state.utf16Count
    if editor.text != shown {
      modifyEditor { _ = $0.replace(NSRange(location: 0, length: count), with: shown) }
    }
    let end = editor.state.utf16Count
    if let selection, NSMaxRange(selection) <= end {
      modifyEditor { $0.select(selection) }
    } else {
      modifyEditor { $0.select(NSRange(location: end, length: 0)) }
    }
  }

  // MARK: Incremental search

  /// Ctrl-R or Ctrl-S: starts a search, or finds the next match.
  private mutating func searchKey(_ direction: HistorySearchDirection) {
    guard let history = unmaskedHistory else { return }
    guard var search = lineEditing.search else {
      let caret = editor.state.selection.location
      lineEditing.search = HistorySearchSession(
        direction: direction, originalText: editor.text,
        originalSelection: editor.state.selection, originalRecalled: lineEditing.recalled,
        start: HistoryPosition(index: lineEditing.recalled ?? history.count, offset: caret))
      return
    }
    search.direction = direction
    if search.query.isEmpty {
      // An empty query searches again for the last one (readline).
      search.query = lineEditing.lastQuery
      lineEditing.search = search
      findMatch(refining: true)
      return
    }
    lineEditing.search = search
    findMatch(refining: false)
  }

  /// Searches for the query: from the match shown, the match itself
  /// allowed when `refining` (the query grew), else the next one.
  private mutating func findMatch(refining: Bool) {
    guard let history = unmaskedHistory, var search = lineEditing.search else { return }
    var from = search.start
    if let match = search.match {
      let step = refining ? 1 : 0
      from = HistoryPosition(
        index: match.index,
        offset: search.direction == .backward
          ? match.range.location + step : match.range.location - step)
    }
    if search.query.isEmpty {
      search.match = nil
      search.failed = false
      lineEditing.search = search
      return
    }
    if let match = history.search(for: search.query, direction: search.direction, from: from) {
      search.match = match
      search.failed = false
      lineEditing.search = search
      lineEditing.recalled = match.index
      show(match.entry, selecting: match.range)
    } else {
      search.failed = true
      lineEditing.search = search
    }
  }

  /// Handles an event during a search: the query's keys, Ctrl-R / Ctrl-S,
  /// Ctrl-G and Esc (restore); nil when the search ended and the event is
  /// to be handled as usual (Enter, any other key, a click).
  mutating func handleSearchEvent(_ event: TerminalEvent) -> Outcome? {
    guard var search = lineEditing.search else { return nil }
    switch event {
    case .text(let text), .paste(let text):
      let query = search.query + Self.joiningLines(text, policy: .spaces)
      search.query = query
      lineEditing.search = search
      findMatch(refining: true)
      return .moved
    case .key(let key, let modifiers):
      let chord = TerminalKeyChord(key, modifiers)
      let command = keyMap[chord]
      if chord == TerminalKeyChord(.escape) || chord == .control("g") {
        cancelSearch()
        return .edited
      }
      if command == .searchHistoryBackward || command == .searchHistoryForward {
        searchKey(command == .searchHistoryBackward ? .backward : .forward)
        return .moved
      }
      if case .deleteBackward = command {
        guard !search.query.isEmpty else { return .unchanged }
        search.query.removeLast()
        search.match = nil
        search.failed = false
        lineEditing.search = search
        findMatch(refining: true)
        if lineEditing.search?.match == nil, search.query.isEmpty {
          show(search.originalText, selecting: search.originalSelection)
          lineEditing.recalled = search.originalRecalled
        }
        return .moved
      }
      acceptSearch()
      if key == .enter, kind != .singleLine, command == .insertLineBreak { return .moved }
      return nil
    case .mouse:
      acceptSearch()
      return nil
    default:
      return nil
    }
  }

  /// Ends the search with the match in the field, the caret at its start.
  private mutating func acceptSearch() {
    guard let search = lineEditing.search else { return }
    lineEditing.lastQuery = search.query.isEmpty ? lineEditing.lastQuery : search.query
    lineEditing.search = nil
    if search.match != nil {
      let caret = editor.state.selection.location
      modifyEditor { $0.select(NSRange(location: caret, length: 0)) }
    }
  }

  /// Ends the search and puts back what was shown before it (Ctrl-G, Esc).
  private mutating func cancelSearch() {
    guard let search = lineEditing.search else { return }
    lineEditing.lastQuery = search.query.isEmpty ? lineEditing.lastQuery : search.query
    lineEditing.search = nil
    lineEditing.recalled = search.originalRecalled
    show(search.originalText, selecting: search.originalSelection)
  }
}

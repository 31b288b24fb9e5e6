public import TextInputCore

/// A key with its modifiers, as a key map's key: `Ctrl-A`, `Alt-B`,
/// `Shift-←`.
public struct TerminalKeyChord: Hashable, Sendable, CustomStringConvertible {
  /// The key.
  public var key: TerminalKey
  /// Its modifiers (xterm's bits). Alt and Meta are one modifier here:
  /// `TerminalKeyMap` looks a chord with Meta up as one with Alt.
  public var modifiers: TerminalModifiers

  /// Creates a chord.
  public init(_ key: TerminalKey, _ modifiers: TerminalModifiers = []) {
    self.key = key
    self.modifiers = modifiers
  }

  /// Control and a character key: `.control("a")` is Ctrl-A (letters are
  /// lowercase, as the decoder gives them).
  public static func control(_ character: Character) -> TerminalKeyChord {
    TerminalKeyChord(.character(character), .control)
  }

  /// Alt (or Meta, an ESC prefix) and a character key: `.alt("b")` is Alt-B.
  public static func alt(_ character: Character) -> TerminalKeyChord {
    TerminalKeyChord(.character(character), .alt)
  }

  /// The chord with Meta read as Alt (terminals send either for the same
  /// key), or nil when it has no Meta.
  var metaAsAlt: TerminalKeyChord? {
    guard modifiers.contains(.meta) else { return nil }
    var alt = self
    alt.modifiers.remove(.meta)
    alt.modifiers.insert(.alt)
    return alt
  }

  /// How the chord is written in the docs and the help line: `Ctrl-A`,
  /// `Alt-B`, `Shift-←`, `Alt-Enter`, `Home`.
  public var description: String {
    var parts: [String] = []
    if modifiers.contains(.control) { parts.append("Ctrl") }
    if modifiers.contains(.alt) || modifiers.contains(.meta) { parts.append("Alt") }
    if modifiers.contains(.shift) { parts.append("Shift") }
    let name: String
    switch key {
    case .character(let character):
      name = character == " " ? "Space" : String(character).uppercased()
    case .enter: name = "Enter"
    case .tab: name = "Tab"
    case .backspace: name = "Backspace"
    case .escape: name = "Esc"
    case .up: name = "↑"
    case .down: name = "↓"
    case .left: name = "←"
    case .right: name = "→"
    case .home: name = "Home"
    case .end: name = "End"
    case .pageUp: name = "PageUp"
    case .pageDown: name = "PageDown"
    case .insert: name = "Insert"
    case .delete: name = "Delete"
    case .function(let number): name = "F\(number)"
    }
    return (parts + [name]).joined(separator: "-")
  }
}

/// What a key does in a terminal text field (`TerminalTextField.perform(_:)`):
/// an editor command, or a field-level action (submit, cancel, end of input,
/// redraw, open a link), as `TerminalChoiceCommand` is a choice list's.
public enum TerminalFieldCommand: Hashable, Sendable {
  /// Moves the caret (a selection collapses first, as `Editor.move(_:extending:)` does).
  case move(CaretMovement)
  /// Moves the selection's moving end.
  case select(CaretMovement)
  /// Selects the whole text.
  case selectAll
  /// Deletes the selection, or the unit before the caret.
  case deleteBackward(TextUnit)
  /// Deletes the selection, or the unit after the caret.
  case deleteForward(TextUnit)
  /// Kills (cuts into the field's kill buffer) from the caret to the end
  /// of the paragraph; at its end, the line break (readline's and Emacs'
  /// Ctrl-K).
  case killToParagraphEnd
  /// Kills from the start of the paragraph to the caret (Ctrl-U).
  case killToParagraphStart
  /// Kills the white-space-delimited word before the caret (Ctrl-W).
  case killWhitespaceWordBackward
  /// Kills back to the previous word start (UAX #29 words; Alt-Backspace).
  case killWordBackward
  /// Kills forward to the next word end (Alt-D).
  case killWordForward
  /// Inserts the kill buffer at the caret (Ctrl-Y). Kills in a row are
  /// joined in the buffer, as Emacs does.
  case yank
  /// Undoes the last edit (Ctrl-_ and Ctrl-X Ctrl-U, as readline has it).
  case undo
  /// Redoes the last undone edit.
  case redo
  /// Inserts a line break (a multi-line field's Enter).
  case insertLineBreak
  /// Submits the text (a single-line field's Enter, a multi-line field's
  /// Alt-Enter); refused while a `FieldStatus` does not allow it.
  case submit
  /// Cancels the field (Ctrl-C).
  case cancel
  /// vi: leaves insert mode for command mode (Esc), the caret going back
  /// one cluster as vi's does (not past the start of a paragraph).
  case enterCommandMode
  /// vi: leaves command mode for insert mode after a move (`i`: none, `a`:
  /// forward one cluster, `I`: the line's start, `A`: its end).
  case enterInsertMode(CaretMovement?)
  /// Kills the whole paragraph the caret is in, with its line break (vi's
  /// `dd`).
  case killParagraph
  /// Suspends the program (Ctrl-Z, as a shell's job control does): the
  /// field reports `TerminalTextField.Outcome.suspendRequested`, and
  /// `TerminalPrompt` stops the process until `fg`.
  case suspend
  /// End of input on an empty field; otherwise deletes forward (Ctrl-D, as
  /// a shell reads it).
  case endOfInput
  /// Asks the program to draw the whole screen again (Ctrl-L).
  case redraw
  /// Opens the link at the caret (Ctrl-O), if there is one.
  case openLink
  /// Recalls the previous (older) history entry (↑, Ctrl-P; readline's
  /// `previous-history`); without a history, or off the first laid-out
  /// line of a multi-line field, moves up.
  case historyPrevious
  /// Recalls the next (newer) history entry, then the line being edited
  /// (↓, Ctrl-N; `next-history`); without a history, or off the last
  /// laid-out line of a multi-line field, moves down.
  case historyNext
  /// Recalls the oldest history entry (Alt-<; `beginning-of-history`);
  /// without a history, moves to the start of the text.
  case historyFirst
  /// Back to the line being edited (Alt->; `end-of-history`); without a
  /// history, moves to the end of the text.
  case historyLast
  /// Starts (or continues) an incremental search towards older entries
  /// (Ctrl-R; `reverse-search-history`).
  case searchHistoryBackward
  /// Starts (or continues) an incremental search towards newer entries
  /// (Ctrl-S; `forward-search-history`).
  case searchHistoryForward
  /// Right after a yank (or a yank-pop), replaces the yanked text with the
  /// kill before it in the kill ring (Alt-Y; readline's `yank-pop`).
  case yankPop
  /// Drags the grapheme cluster before the caret over the one at it, the
  /// caret moving past both; at the end of a line, swaps the two before it
  /// (Ctrl-T; `transpose-chars`).
  case transposeCharacters
  /// Uppercases from the caret to the end of the word, the caret going
  /// there (Alt-U; `upcase-word`); with a selection, the selection.
  case uppercaseWord
  /// Lowercases to the end of the word (Alt-L; `downcase-word`).
  case lowercaseWord
  /// Capitalizes the word: its first letter at or after the caret upper
  /// case, the rest lower (Alt-C; `capitalize-word`).
  case capitalizeWord
  /// Completes the text at the caret through the field's `Completer` (Tab;
  /// readline's `complete`): one candidate is inserted, several insert
  /// their common prefix, and a second Tab opens a menu of them.
  case complete
}

/// The former name of `TerminalFieldCommand`, which also submits, cancels
/// and suspends: more than editing.
@available(*, deprecated, renamed: "TerminalFieldCommand")
public typealias TerminalEditCommand = TerminalFieldCommand

/// Keys as data: a table from `TerminalKeyChord` to `TerminalFieldCommand`,
/// which `TerminalTextField` consults for every key. Printable text is not in
/// the map: it is always typed.
///
/// The defaults are readline's and Emacs' (`standard`), with Enter and
/// Alt-Enter set by the kind of field (`singleLine`, `multiLine`). Change a
/// binding with the subscript:
///
/// ```swift
/// var keys = TerminalKeyMap.singleLine
/// keys[.control("t")] = .move(.documentEnd)
/// keys[.control("o")] = nil
/// keys[.control("z")] = .undo   // instead of suspending
/// ```
///
/// **Keys in a row** (`lookup(_:)`): a key that starts a sequence of
/// `sequences` (Ctrl-X of Ctrl-X Ctrl-U) waits for the next key, however
/// long the user pauses. While Esc alone is unbound, Esc is readline's
/// meta prefix: Esc, then any key, is that key with Alt, at any pause (so
/// Esc, then Enter, is Alt-Enter in every terminal, whether its Alt key
/// sends ESC or not). Both bytes in one read are decoded as Alt at once.
public struct TerminalKeyMap: Hashable, Sendable {
  /// The bindings of single keys.
  public var bindings: [TerminalKeyChord: TerminalFieldCommand]
  /// The bindings of keys pressed one after the other (two or more chords),
  /// such as Ctrl-X Ctrl-U.
  public var sequences: [[TerminalKeyChord]: TerminalFieldCommand]
  /// vi's command mode, for a map with modes (`viSingleLine`,
  /// `viMultiLine`): the keys while the field is in command mode, where a
  /// typed character is a key and is never inserted. Nil for a map without
  /// modes (the Emacs ones).
  public var commandMode: TerminalKeyMap.Mode?

  /// A mode's keys: single keys and sequences (vi's `dd`).
  public struct Mode: Hashable, Sendable {
    /// The bindings of single keys.
    public var bindings: [TerminalKeyChord: TerminalFieldCommand]
    /// The bindings of keys pressed one after the other.
    public var sequences: [[TerminalKeyChord]: TerminalFieldCommand]

    /// A mode of `bindings` and `sequences`.
    public init(
      _ bindings: [TerminalKeyChord: TerminalFieldCommand],
      sequences: [[TerminalKeyChord]: TerminalFieldCommand] = [:]
    ) {
      self.bindings = bindings
      self.sequences = sequences
    }
  }

  /// A map of `bindings` and `sequences`.
  public init(
    _ bindings: [TerminalKeyChord: TerminalFieldCommand] = [:],
    sequences: [[TerminalKeyChord]: TerminalFieldCommand] = [:]
  ) {
    self.bindings = bindings
    self.sequences = sequences
  }

  /// What the keys pressed so far, in order, do.
  public enum Lookup: Hashable, Sendable {
    /// They are bound to this command.
    case command(TerminalFieldCommand)
    /// They start a longer binding: wait for the next key.
    case prefix
    /// Nothing is bound to them: they do nothing.
    case unbound
  }

  /// What `chords` (the keys pressed since the last command, the newest
  /// last) do: a command, the prefix of a longer binding, or nothing. A
  /// single key's binding wins over a sequence it starts; Esc then a key
  /// is that key with Alt while Esc alone is unbound.
  ///
  /// - Complexity: O(s) in the number of sequences, for a prefix.
  public func lookup(_ chords: [TerminalKeyChord]) -> Lookup {
    lookup(chords, bindings: { self[$0] }, sequences: sequences, escapeIsPrefix: true)
  }

  /// What `chords` do in vi's command mode (`commandMode`): its bindings
  /// and sequences; Esc is no prefix there. Unbound without a command mode.
  ///
  /// - Complexity: O(s) in the number of sequences, for a prefix.
  public func lookupInCommandMode(_ chords: [TerminalKeyChord]) -> Lookup {
    guard let mode = commandMode else { return .unbound }
    return lookup(
      chords, bindings: { mode.bindings[$0] ?? $0.metaAsAlt.flatMap { mode.bindings[$0] } },
      sequences: mode.sequences, escapeIsPrefix: false)
  }

  private func lookup(
    _ chords: [TerminalKeyChord], bindings: (TerminalKeyChord) -> TerminalFieldCommand?,
    sequences: [[TerminalKeyChord]: TerminalFieldCommand], escapeIsPrefix: Bool
  ) -> Lookup {
    guard let first = chords.first else { return .unbound }
    let escape = TerminalKeyChord(.escape)
    if chords.count == 1 {
      if let command = bindings(first) { return .command(command) }
      if escapeIsPrefix, first == escape { return .prefix }
    } else if escapeIsPrefix, chords.count == 2, first == escape, bindings(escape) == nil {
      var alt = chords[1]
      alt.modifiers.insert(.alt)
      return bindings(alt).map { .command($0) } ?? .unbound
    }
    if let command = sequences[chords] { return .command(command) }
    let isPrefix = sequences.keys.contains {
      $0.count > chords.count && Array($0.prefix(chords.count)) == chords
    }
    return isPrefix ? .prefix : .unbound
  }

  /// The command bound to `chord`; a chord with Meta is looked up as one
  /// with Alt (terminals send either for the same key).
  ///
  /// - Complexity: O(1).
  public subscript(chord: TerminalKeyChord) -> TerminalFieldCommand? {
    get { bindings[chord] ?? chord.metaAsAlt.flatMap { bindings[$0] } }
    set { bindings[chord] = newValue }
  }

  /// The bindings every field shares, in the order the documentation lists
  /// them: readline's and Emacs' keys, the arrows and Home / End (by laid-out
  /// line), Shift with a move to select.
  public static let sharedBindings: [(TerminalKeyChord, TerminalFieldCommand)] = [
    (TerminalKeyChord(.left), .move(.left)),
    (TerminalKeyChord(.right), .move(.right)),
    (.control("b"), .move(.backward(.grapheme))),
    (.control("f"), .move(.forward(.grapheme))),
    (.alt("b"), .move(.backward(.word))),
    (.alt("f"), .move(.forward(.word))),
    (TerminalKeyChord(.left, .control), .move(.backward(.word))),
    (TerminalKeyChord(.right, .control), .move(.forward(.word))),
    (TerminalKeyChord(.left, .alt), .move(.backward(.word))),
    (TerminalKeyChord(.right, .alt), .move(.forward(.word))),
    (TerminalKeyChord(.up), .historyPrevious),
    (TerminalKeyChord(.down), .historyNext),
    (.control("p"), .historyPrevious),
    (.control("n"), .historyNext),
    (TerminalKeyChord(.home), .move(.lineStart)),
    (TerminalKeyChord(.end), .move(.lineEnd)),
    (.control("a"), .move(.lineStart)),
    (.control("e"), .move(.lineEnd)),
    (TerminalKeyChord(.home, .control), .move(.documentStart)),
    (TerminalKeyChord(.end, .control), .move(.documentEnd)),
    (.alt("<"), .historyFirst),
    (.alt(">"), .historyLast),
    (.control("r"), .searchHistoryBackward),
    (.control("s"), .searchHistoryForward),
    (TerminalKeyChord(.left, .shift), .select(.left)),
    (TerminalKeyChord(.right, .shift), .select(.right)),
    (TerminalKeyChord(.up, .shift), .select(.up)),
    (TerminalKeyChord(.down, .shift), .select(.down)),
    (TerminalKeyChord(.home, .shift), .select(.lineStart)),
    (TerminalKeyChord(.end, .shift), .select(.lineEnd)),
    (TerminalKeyChord(.left, [.shift, .control]), .select(.backward(.word))),
    (TerminalKeyChord(.right, [.shift, .control]), .select(.forward(.word))),
    (TerminalKeyChord(.backspace), .deleteBackward(.grapheme)),
    (.control("h"), .deleteBackward(.grapheme)),
    (TerminalKeyChord(.delete), .deleteForward(.grapheme)),
    (.control("d"), .endOfInput),
    (TerminalKeyChord(.backspace, .alt), .killWordBackward),
    (.alt("d"), .killWordForward),
    (.control("w"), .killWhitespaceWordBackward),
    (.control("k"), .killToParagraphEnd),
    (.control("u"), .killToParagraphStart),
    (.control("y"), .yank),
    (.alt("y"), .yankPop),
    (.control("t"), .transposeCharacters),
    (.alt("u"), .uppercaseWord),
    (.alt("l"), .lowercaseWord),
    (.alt("c"), .capitalizeWord),
    (TerminalKeyChord(.tab), .complete),
    (.control("_"), .undo),
    (.control("g"), .redo),
    (.control("l"), .redraw),
    (.control("o"), .openLink),
    (.control("c"), .cancel),
    (.control("z"), .suspend),
  ]

  /// The sequences every field shares: Ctrl-X Ctrl-U undoes, as in readline.
  public static let sharedSequences: [([TerminalKeyChord], TerminalFieldCommand)] = [
    ([.control("x"), .control("u")], .undo)
  ]

  /// readline's and Emacs' keys for a field of either kind (see
  /// `sharedBindings` and `sharedSequences`), without Enter.
  public static let standard = TerminalKeyMap(
    Dictionary(sharedBindings, uniquingKeysWith: { first, _ in first }),
    sequences: Dictionary(sharedSequences, uniquingKeysWith: { first, _ in first }))

  /// A single-line field's keys: `standard`, Enter (and Ctrl-J, a line
  /// feed) submits. ↑ / ↓ recall history entries; without a history they
  /// have no line to go to and move to the start and end.
  public static let singleLine: TerminalKeyMap = {
    var map = standard
    map[TerminalKeyChord(.enter)] = .submit
    map[TerminalKeyChord(.enter, .alt)] = .submit
    map[.control("j")] = .submit
    return map
  }()

  /// A multi-line field's keys: `standard`, Enter (and Ctrl-J) inserts a
  /// line break, Alt-Enter (ESC CR) submits.
  public static let multiLine: TerminalKeyMap = {
    var map = standard
    map[TerminalKeyChord(.enter)] = .insertLineBreak
    map[.control("j")] = .insertLineBreak
    map[TerminalKeyChord(.enter, .alt)] = .submit
    return map
  }()

  /// vi's keys for a single-line field, as readline's vi mode has them: in
  /// insert mode (where the field starts) `singleLine`'s keys, with Esc
  /// entering command mode; in command mode (`commandMode`) h / l and ← / →
  /// move by cluster, w / e forward and b back by word, 0 and ^ to the
  /// line's start, $ to its end, x and X delete, D kills to the end, dd the
  /// line, P puts the last kill back at the caret, u undoes (Ctrl-R
  /// redoes), k / j and ↑ / ↓ recall
  /// history, i a I A insert, Enter submits; Ctrl-C, Ctrl-D, Ctrl-Z and
  /// Ctrl-L as in insert mode.
  public static let viSingleLine = vi(singleLine)

  /// vi's keys for a multi-line field: `multiLine`'s in insert mode, and
  /// `viSingleLine`'s command mode, where Enter submits.
  public static let viMultiLine = vi(multiLine)

  /// `insert` with Esc entering vi's command mode, and that mode's keys.
  static func vi(_ insert: TerminalKeyMap) -> TerminalKeyMap {
    var map = insert
    map[TerminalKeyChord(.escape)] = .enterCommandMode
    var keys: [TerminalKeyChord: TerminalFieldCommand] = [:]
    func bind(_ characters: String, _ command: TerminalFieldCommand) {
      for character in characters { keys[TerminalKeyChord(.character(character))] = command }
    }
    bind("h", .move(.backward(.grapheme)))
    bind("l", .move(.forward(.grapheme)))
    bind("we", .move(.forward(.word)))
    bind("b", .move(.backward(.word)))
    bind("0^", .move(.lineStart))
    bind("$", .move(.lineEnd))
    bind("x", .deleteForward(.grapheme))
    bind("X", .deleteBackward(.grapheme))
    bind("D", .killToParagraphEnd)
    bind("P", .yank)
    bind("u", .undo)
    bind("k", .historyPrevious)
    bind("j", .historyNext)
    bind("i", .enterInsertMode(nil))
    bind("a", .enterInsertMode(.forward(.grapheme)))
    bind("I", .enterInsertMode(.lineStart))
    bind("A", .enterInsertMode(.lineEnd))
    for (key, command) in [
      (TerminalKey.left, TerminalFieldCommand.move(.backward(.grapheme))),
      (.right, .move(.forward(.grapheme))), (.up, .historyPrevious), (.down, .historyNext),
      (.home, .move(.lineStart)), (.end, .move(.lineEnd)), (.delete, .deleteForward(.grapheme)),
      (.enter, .submit),
    ] {
      keys[TerminalKeyChord(key)] = command
    }
    for (letter, command) in [
      ("r", TerminalFieldCommand.redo), ("c", .cancel), ("d", .endOfInput), ("z", .suspend),
      ("l", .redraw), ("j", .submit),
    ] {
      keys[.control(Character(letter))] = command
    }
    let d = TerminalKeyChord(.character("d"))
    map.commandMode = Mode(keys, sequences: [[d, d]: .killParagraph])
    return map
  }

  /// The bindings as a Markdown table (`| key | command |`), one row per
  /// chord in the order of `sharedBindings` then the others sorted by
  /// name, then the sequences (`Ctrl-X Ctrl-U`) sorted by name: the
  /// documentation's table is generated from this.
  ///
  /// - Complexity: O(b log b) in the bindings and sequences.
  public var markdownTable: String {
    var rows = ["| key | what it does |", "|---|---|"]
    var listed = Set<TerminalKeyChord>()
    for (chord, _) in Self.sharedBindings where bindings[chord] != nil {
      guard listed.insert(chord).inserted, let command = bindings[chord] else { continue }
      rows.append("| \(chord) | \(command.summary) |")
    }
    let others = bindings.keys.filter { !listed.contains($0) }.sorted {
      $0.description < $1.description
    }
    for chord in others {
      guard let command = bindings[chord] else { continue }
      rows.append("| \(chord) | \(command.summary) |")
    }
    let sequenceRows = sequences.map { keys, command in
      (keys.map(\.description).joined(separator: " "), command.summary)
    }.sorted { $0.0 < $1.0 }
    for (keys, summary) in sequenceRows { rows.append("| \(keys) | \(summary) |") }
    return rows.joined(separator: "\n")
  }
}

extension TerminalFieldCommand {
  /// A short description for tables and help lines.
  public var summary: String {
    switch self {
    case .move(let movement): return "move " + Self.name(of: movement)
    case .select(let movement): return "select " + Self.name(of: movement)
    case .selectAll: return "select all"
    case .deleteBackward(let unit): return "delete the \(unit.rawValue) before the caret"
    case .deleteForward(let unit): return "delete the \(unit.rawValue) after the caret"
    case .killToParagraphEnd: return "cut to the end of the paragraph (at its end, the line break)"
    case .killToParagraphStart: return "cut to the start of the paragraph"
    case .killWhitespaceWordBackward: return "cut the white-space-delimited word before the caret"
    case .killWordBackward: return "cut back to the previous word start"
    case .killWordForward: return "cut forward to the next word end"
    case .yank: return "paste what was cut last"
    case .undo: return "undo"
    case .redo: return "redo"
    case .insertLineBreak: return "insert a line break"
    case .submit: return "submit (refused while the text is invalid)"
    case .cancel: return "cancel"
    case .suspend: return "suspend the program (fg resumes it)"
    case .enterCommandMode: return "vi: command mode"
    case .enterInsertMode(let movement?):
      return "vi: insert mode, after a move " + Self.name(of: movement)
    case .enterInsertMode(nil): return "vi: insert mode"
    case .killParagraph: return "cut the whole paragraph"
    case .endOfInput: return "end of input on an empty field, else delete forward"
    case .redraw: return "redraw the screen"
    case .openLink: return "open the link at the caret"
    case .historyPrevious: return "previous history entry (else move up a line)"
    case .historyNext: return "next history entry (else move down a line)"
    case .historyFirst: return "first history entry (else to the start of the text)"
    case .historyLast: return "back to the line being edited (else to the end of the text)"
    case .searchHistoryBackward: return "search the history backward, incrementally"
    case .searchHistoryForward: return "search the history forward, incrementally"
    case .yankPop: return "after a paste, paste the cut before it instead"
    case .transposeCharacters: return "swap the characters before and at the caret"
    case .uppercaseWord: return "uppercase to the end of the word"
    case .lowercaseWord: return "lowercase to the end of the word"
    case .capitalizeWord: return "capitalize the word"
    case .complete: return "complete (again: a menu of the completions)"
    }
  }

  static func name(of movement: CaretMovement) -> String {
    switch movement {
    case .backward(let unit): return "back one \(unit.rawValue)"
    case .forward(let unit): return "forward one \(unit.rawValue)"
    case .left: return "left (visual order)"
    case .right: return "right (visual order)"
    case .up: return "up a line"
    case .down: return "down a line"
    case .lineStart: return "to the start of the line"
    case .lineEnd: return "to the end of the line"
    case .paragraphStart: return "to the start of the paragraph"
    case .paragraphEnd: return "to the end of the paragraph"
    case .documentStart: return "to the start of the text"
    case .documentEnd: return "to the end of the text"
    }
  }
}

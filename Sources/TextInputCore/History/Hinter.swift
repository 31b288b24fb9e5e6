/// Gives the ghost text shown after the caret: a suggestion of how the text
/// may go on, drawn dim and never part of the value until the user accepts
/// it (→, End or Ctrl-F at the end in a terminal field; Alt-F a word).
///
/// A hinter is asked after each change while the caret is at the end of the
/// text with nothing selected, so it should answer in about O(p) in the
/// text; `HistoryHinter` is the usual one.
public protocol Hinter: Sendable {
  /// The text to show after the caret for `text` (what was typed), or nil
  /// for none. `caret` is the caret's UTF-16 offset (the text's end when a
  /// field asks).
  func hint(for text: String, caret: Int) -> String?
}

/// fish's autosuggestion: the rest of the newest history entry that starts
/// with the text (code unit for code unit, ending on a cluster boundary).
///
/// ```swift
/// let history = MemoryHistory(entries: ["git status", "git push"])
/// HistoryHinter(history).hint(for: "git s", caret: 5)  // "tatus"
/// ```
public struct HistoryHinter: Hinter {
  /// The history the hints come from.
  public let history: any TextHistory

  /// A hinter over `history`.
  public init(_ history: any TextHistory) {
    self.history = history
  }

  /// The rest of `history.newestEntry(withPrefix: text)`, when the caret is
  /// at the text's end (UTF-16).
  ///
  /// - Complexity: `TextHistory.newestEntry(withPrefix:)`'s.
  public func hint(for text: String, caret: Int) -> String? {
    let units = text.utf16
    guard caret == units.count, let entry = history.newestEntry(withPrefix: text) else {
      return nil
    }
    return String(decoding: Array(entry.utf16.dropFirst(units.count)), as: UTF16.self)
  }
}

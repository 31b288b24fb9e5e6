public import Foundation
import TextMetrics

/// One way to complete the text: replace `range` with `text`.
public struct Completion: Hashable, Sendable {
  /// What to replace, in UTF-16 code units of the text the completer was
  /// given (usually the word before the caret).
  public var range: NSRange
  /// The replacement.
  public var text: String
  /// A short description shown beside it in a menu, if any.
  public var description: String?

  /// A completion.
  public init(range: NSRange, text: String, description: String? = nil) {
    self.range = range
    self.text = text
    self.description = description
  }
}

/// Gives the completions of a text at its caret (Tab in a terminal field):
/// each a replacement of a range, usually the word before the caret.
///
/// A completer is asked on Tab only, so it may take O(n) in its candidates.
public protocol Completer: Sendable {
  /// The completions of `text` with the caret at `caret` (UTF-16), best
  /// first; empty for none.
  func completions(for text: String, caret: Int) -> [Completion]
}

/// Completes the word before the caret from a list of words: each word
/// that starts with it (code unit for code unit, or ignoring case when
/// `ignoresCase`), in the list's order.
///
/// ```swift
/// let completer = WordCompleter(["select", "set", "show"])
/// completer.completions(for: "se", caret: 2).map(\.text)  // ["select", "set"]
/// ```
public struct WordCompleter: Completer {
  /// The words, with an optional description each.
  public var words: [(word: String, description: String?)]
  /// Whether `Se` completes to `select`.
  public var ignoresCase: Bool

  /// A completer over `words`.
  public init(_ words: [String], ignoresCase: Bool = false) {
    self.words = words.map { ($0, nil) }
    self.ignoresCase = ignoresCase
  }

  /// A completer over words with descriptions.
  public init(described words: [(word: String, description: String?)], ignoresCase: Bool = false) {
    self.words = words
    self.ignoresCase = ignoresCase
  }

  /// The words that start with the word before `caret` (after the last
  /// white space, UTF-16), replacing it; nothing when that word is empty.
  ///
  /// - Complexity: O(w·p) in the words and the word typed.
  public func completions(for text: String, caret: Int) -> [Completion] {
    let units = Array(text.utf16)
    let caret = min(max(caret, 0), units.count)
    var start = caret
    while start > 0, !Self.isSpace(units[start - 1]) { start -= 1 }
    guard start < caret else { return [] }
    let typed = String(decoding: units[start..<caret], as: UTF16.self)
    let range = NSRange(location: start, length: caret - start)
    let key = ignoresCase ? CaseFolding.folded(typed) : typed
    return words.compactMap { entry in
      let candidate = ignoresCase ? CaseFolding.folded(entry.word) : entry.word
      guard candidate.utf16.starts(with: key.utf16) else { return nil }
      return Completion(range: range, text: entry.word, description: entry.description)
    }
  }

  static func isSpace(_ unit: UInt16) -> Bool {
    unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D
  }
}

/// Helpers for completions.
public enum Completions {
  /// The longest common prefix of `texts`, whole grapheme clusters only
  /// (`é` written e + U+0301 and `e` share nothing); "" for none.
  ///
  /// - Complexity: O(n·p) in the texts and the prefix's clusters.
  public static func commonPrefix(_ texts: [String]) -> String {
    guard var prefix = texts.first.map({ Array($0) }) else { return "" }
    for text in texts.dropFirst() {
      var count = 0
      for (a, b) in zip(prefix, text) {
        guard a.unicodeScalars.elementsEqual(b.unicodeScalars) else { break }
        count += 1
      }
      prefix.removeLast(prefix.count - count)
      if prefix.isEmpty { break }
    }
    return String(prefix)
  }
}

public import Foundation
import TextMetrics

/// What a highlighted range is, for a renderer to pick its style: a
/// terminal field maps each role to a style change, a GUI to attributes.
public struct HighlightRole: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The role's name.
  public var rawValue: String

  /// A role named `rawValue` (a program's own, beside the standard ones).
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// A keyword of the language typed.
  public static let keyword = HighlightRole(rawValue: "keyword")
  /// A string literal.
  public static let string = HighlightRole(rawValue: "string")
  /// A number.
  public static let number = HighlightRole(rawValue: "number")
  /// A comment.
  public static let comment = HighlightRole(rawValue: "comment")
  /// Something wrong (an unknown command, an unbalanced quote).
  public static let error = HighlightRole(rawValue: "error")

  /// The role's name.
  public var description: String { rawValue }
}

/// A range of the text to draw in a role's style.
public struct Highlight: Hashable, Sendable {
  /// The range, in UTF-16 code units of the text the highlighter was given.
  public var range: NSRange
  /// What the range is.
  public var role: HighlightRole

  /// A highlight.
  public init(range: NSRange, role: HighlightRole) {
    self.range = range
    self.role = role
  }
}

/// Gives the highlighted ranges of a text (syntax colouring of what is
/// typed). A renderer draws them under what the editor draws itself: links,
/// marked text and the selection keep their styles on top.
///
/// A field asks on every draw with the whole text, so a highlighter should
/// cost about O(n) in it.
public protocol Highlighter: Sendable {
  /// The highlights of `text`; ranges outside it are ignored, later ones
  /// are drawn over earlier ones.
  func highlights(for text: String) -> [Highlight]
}

/// Highlights words (UAX #29 words) found in a set, and numbers, e.g. a
/// query language's keywords.
///
/// ```swift
/// let highlighter = KeywordHighlighter(["select", "from"], ignoresCase: true)
/// highlighter.highlights(for: "SELECT 1").map(\.range)  // [{0, 6}, {7, 1}]
/// ```
public struct KeywordHighlighter: Highlighter {
  /// The keywords (folded with `CaseFolding` when `ignoresCase`).
  public let keywords: Set<String>
  /// Whether `SELECT` is the keyword `select`.
  public let ignoresCase: Bool
  /// Whether words made of decimal digits (and `.`) are highlighted as
  /// `.number`.
  public var highlightsNumbers = true

  /// A highlighter of `keywords`.
  public init(_ keywords: some Sequence<String>, ignoresCase: Bool = false) {
    self.ignoresCase = ignoresCase
    self.keywords = Set(keywords.map { ignoresCase ? CaseFolding.folded($0) : $0 })
  }

  /// Each keyword as `.keyword`, each number as `.number`.
  ///
  /// - Complexity: O(n) in the text (word segmentation), plus folding
  ///   each word when `ignoresCase`.
  public func highlights(for text: String) -> [Highlight] {
    let units = Array(text.utf16)
    let words = Words.segmentation(utf16: units)
    var highlights: [Highlight] = []
    for segment in words.segments where segment.isWord {
      let range = segment.range
      let word = String(decoding: units[range.location..<NSMaxRange(range)], as: UTF16.self)
      if keywords.contains(ignoresCase ? CaseFolding.folded(word) : word) {
        highlights.append(Highlight(range: range, role: .keyword))
      } else if highlightsNumbers,
        word.unicodeScalars.allSatisfy({
          ("0"..."9").contains($0) || $0 == "."
        })
      {
        highlights.append(Highlight(range: range, role: .number))
      }
    }
    return highlights
  }
}

public import Foundation
import TextInputBase
public import TextInputCore
import TextMetrics

/// Password entry (UIKit's `isSecureTextEntry`), as an editor behaviour: the
/// text is *drawn* masked, one mask symbol (`•` U+2022 by default) per
/// grapheme cluster; `Editor.text` stays what the user typed.
///
/// The mask is a cluster-by-cluster `DisplaySubstitution`: each cluster's
/// first UTF-16 code unit is drawn as the mask and its other units as
/// U+034F COMBINING GRAPHEME JOINER (Grapheme_Cluster_Break Extend). The
/// displayed text (`Editor.displayedText`) therefore has the same length and
/// exactly the same grapheme cluster boundaries as the text, so the caret,
/// the selection, deleting, word moves (a masked text is one word), hit-testing
/// and layout all keep working per cluster: `e\u{301}`, a flag `🇫🇷` and a ZWJ
/// family `👩‍👩‍👧` are one `•` each. A terminal renderer drops the
/// joiners (`TerminalScreen.put`), so each `•` is one cell.
///
/// - Hard line breaks (LF, CR LF, VT, FF, NEL, U+2028, U+2029) are left
///   unmasked, so a paragraph stays a paragraph and the layout's lines match
///   the text's. A field that must be single-line should refuse line breaks
///   itself (its input handling or a behaviour of its own); what a user sees
///   of a masked multi-line text is then only how many lines it has.
/// - Marked (IME) text is masked too: nothing of a password is shown.
/// - Copy and cut: the editor has no pasteboard. A host that offers copy or
///   cut should refuse them while `Editor.isSecureTextEntry` is true, as
///   UIKit does for a secure field; `Editor.text` is always the real text.
/// - `isSecure` false shows the text (a "show password" toggle): change it
///   with `Editor.modifyBehaviour(_:_:)`, which lays the text out again.
///
/// ```swift
/// var editor = Editor(behaviours: [SecureEntry()])
/// editor.insert("pa\u{301}ss")
/// editor.text           // "pa\u{301}ss"
/// editor.displayedText  // "••\u{34F}••"
/// ```
public struct SecureEntry: EditorBehaviour {
  /// The default mask: U+2022 BULLET.
  public static let bullet: Character = "\u{2022}"
  /// The unit a masked cluster's second and later code units are drawn as:
  /// U+034F COMBINING GRAPHEME JOINER.
  public static let graphemeJoiner: UInt16 = 0x034F

  /// The mask's code unit.
  public let maskUnit: UInt16
  /// Whether the text is drawn masked (true) or as typed.
  public var isSecure: Bool

  public var id: String { Self.pluginID }

  /// Creates the behaviour with the `•` mask.
  public init(isSecure: Bool = true) {
    self.maskUnit = 0x2022
    self.isSecure = isSecure
  }

  /// Creates the behaviour with another mask.
  ///
  /// - Parameters:
  ///   - mask: One character of one UTF-16 code unit, one cell wide, that
  ///     starts a grapheme cluster of its own whatever comes before it and
  ///     is extended by U+034F (`*`, `•`, `●`; not a combining mark, a
  ///     control, a Hangul jamo or an emoji).
  ///   - isSecure: Whether the text is drawn masked.
  /// - Throws: `TextFieldRulesError.unusableMask` naming the mask otherwise.
  public init(mask: Character, isSecure: Bool = true) throws(TextFieldRulesError) {
    let units = Array(String(mask).utf16)
    guard units.count == 1, Self.isUsableMask(units[0]) else {
      throw .unusableMask(String(mask))
    }
    self.maskUnit = units[0]
    self.isSecure = isSecure
  }

  /// The mask as a character.
  public var mask: Character { Character(Unicode.Scalar(maskUnit) ?? "\u{2022}") }

  /// Whether `unit` keeps every cluster boundary when each cluster is drawn
  /// as it followed by U+034F: it starts a cluster after a mask, after a
  /// joiner, after a letter and at the start, U+034F joins it, and it is one
  /// cell wide.
  static func isUsableMask(_ unit: UInt16) -> Bool {
    guard !UTF16.isLeadSurrogate(unit), !UTF16.isTrailSurrogate(unit),
      !HardBreaks.isBreak(unit), let scalar = Unicode.Scalar(unit),
      DisplayWidth.width(in: String(scalar)) == 1
    else { return false }
    let probe: [UInt16] = [unit, 0x61, unit, unit, Self.graphemeJoiner, unit, 0x0301]
    return Graphemes.boundaries(utf16: probe).offsets == [0, 1, 2, 3, 5, 7]
      && Graphemes.boundaries(utf16: [0x0915, 0x094D, unit]).offsets == [0, 2, 3]
  }

  public var substitutesDisplay: Bool { isSecure }

  /// Every grapheme cluster of `paragraphs` but hard line breaks, each drawn
  /// as the mask followed by U+034F for its other code units (UTF-16 code
  /// units of the text).
  ///
  /// - Complexity: O(c + log n) in the clusters of the paragraphs c and the
  ///   text's clusters n.
  public func displaySubstitution(inParagraphs paragraphs: NSRange, of editor: EditorState)
    -> DisplaySubstitution?
  {
    guard isSecure else { return nil }
    let bounds = editor.graphemeBoundaryView
    let units = editor.utf16
    let end = Swift.min(NSMaxRange(paragraphs), units.count)
    var index = bounds.partitioningIndex { $0 >= paragraphs.location }
    var clusters: [NSRange] = []
    while index + 1 < bounds.count, bounds[index + 1] <= end {
      let start = bounds[index]
      let next = bounds[index + 1]
      if !HardBreaks.isBreak(units[start]) {
        clusters.append(NSRange(location: start, length: next - start))
      }
      index += 1
    }
    return DisplaySubstitution(
      clusters: clusters, replacement: maskUnit, continuation: Self.graphemeJoiner)
  }
}

extension Editor {
  /// Whether the text is drawn masked by an installed `SecureEntry`: a host
  /// should then refuse copy and cut (UIKit does for a secure field) and
  /// keep the text out of logs.
  ///
  /// - Complexity: O(b) in the behaviours.
  public var isSecureTextEntry: Bool { behaviour(SecureEntry.self)?.isSecure ?? false }
}

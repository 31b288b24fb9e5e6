public import Foundation
import TextInputBase
public import TextInputCore
import TextMetrics

/// Password entry (UIKit's `isSecureTextEntry`), as an editor behaviour: the
/// text is *drawn* masked, one mask symbol (`•` U+2022 by default) per
/// grapheme cluster; `Editor.text` stays what the user typed.
///
/// The mask is a range-by-range `DisplaySubstitution`: each grapheme
/// cluster is drawn as exactly one mask code unit, whatever its length, so
/// `e\u{301}`, a flag `🇫🇷` and a ZWJ family `👩‍👩‍👧` are one `•` each, one
/// cell in a terminal. The displayed text (`Editor.displayedText`) is then
/// shorter than the typed text; the editor's `DisplayMap`
/// (`EditorState.displayMap`) maps offsets between them, so the caret, the
/// selection, hit-testing and layout keep working per cluster.
///
/// - Hard line breaks (LF, CR LF, VT, FF, NEL, U+2028, U+2029) are left
///   unmasked, so a paragraph stays a paragraph and the layout's lines match
///   the text's. A field that must be single-line should refuse line breaks
///   itself (its input handling or a behaviour of its own); what a user sees
///   of a masked multi-line text is then only how many lines it has.
/// - Marked (IME) text is masked too: nothing of a password is shown.
/// - Word moves and word deletes (`Editor.move(_:extending:)` and
///   `deleteBackward(by:)` with `.word`; a terminal's Alt-B, Alt-F, Ctrl-W,
///   Alt-D) go to the paragraph's start or end while masking, as UIKit's
///   secure field and getpass-style prompts do: where the password's words
///   begin and end is not told (`masksText`).
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
/// editor.displayedText  // "••••"
/// ```
public struct SecureEntry: EditorBehaviour {
  /// The default mask: U+2022 BULLET.
  public static let bullet: Character = "\u{2022}"

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
  ///     starts a grapheme cluster of its own after itself (`*`, `•`, `●`;
  ///     not a combining mark, a control, a Hangul jamo or a surrogate).
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

  /// Whether `unit` draws every cluster as one cell: it is one scalar, one
  /// cell wide, not a hard break, and a run of masks is one cluster per
  /// mask (the displayed text holds only masks and hard breaks, which
  /// always break clusters).
  static func isUsableMask(_ unit: UInt16) -> Bool {
    guard !UTF16.isLeadSurrogate(unit), !UTF16.isTrailSurrogate(unit),
      !HardBreaks.isBreak(unit), let scalar = Unicode.Scalar(unit),
      DisplayWidth.width(in: String(scalar)) == 1
    else { return false }
    return Graphemes.boundaries(utf16: [unit, unit, unit]).offsets == [0, 1, 2, 3]
  }

  public var substitutesDisplay: Bool { isSecure }

  /// True: each cluster's mask depends on that cluster alone, so an edit
  /// asks for the masks of the clusters it re-segmented only.
  public var substitutesClusterByCluster: Bool { true }

  /// While masking: word moves and deletes go to the paragraph's ends.
  public var masksText: Bool { isSecure }

  /// Every grapheme cluster of `paragraphs` (whole paragraphs, or whole
  /// clusters after an edit: `substitutesClusterByCluster`) but hard line
  /// breaks, each drawn as one mask code unit (UTF-16 code units of the
  /// typed text).
  ///
  /// - Complexity: O(c + log n) in the clusters of the range c and the
  ///   text's clusters n.
  public func displaySubstitution(inParagraphs paragraphs: NSRange, of editor: EditorState)
    -> DisplaySubstitution?
  {
    guard isSecure else { return nil }
    let units = editor.utf16
    let end = Swift.min(NSMaxRange(paragraphs), units.count)
    var clusters: [NSRange] = []
    var start = editor.widened(NSRange(location: paragraphs.location, length: 0)).location
    if start < paragraphs.location { start = editor.graphemeBoundary(after: start) ?? end }
    while start < end, let next = editor.graphemeBoundary(after: start), next <= end {
      if !HardBreaks.isBreak(units[start]) {
        clusters.append(NSRange(location: start, length: next - start))
      }
      start = next
    }
    return DisplaySubstitution(clusters: clusters, replacement: maskUnit)
  }
}

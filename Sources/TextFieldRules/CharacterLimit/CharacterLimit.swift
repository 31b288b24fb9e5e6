public import Foundation
import TextInputBase
public import TextInputCore
import TextMetrics

/// A limit on the number of characters a user may type, counted as a user
/// sees them: in **grapheme clusters** (`e\u{301}`, `🇫🇷` and `👩‍👩‍👧` count
/// 1 each), as an editor behaviour (UIKit's `maxLength` in
/// `shouldChangeCharactersIn`, which counts UTF-16 code units and cuts
/// clusters in half).
///
/// - **Typing and pasting**: each user edit is reviewed. An edit whose
///   result holds at most `limit` clusters is never changed. Otherwise its
///   replacement is cut at a grapheme boundary *of the replacement* to the
///   longest prefix whose result fits: a paste is truncated, a keystroke
///   past the limit is rejected. The count is of the text after the edit, so
///   a combining mark, a second regional indicator or a ZWJ sequence that
///   joins the cluster before it adds 0 and is let through at the limit.
///   An edit whose result cannot fit even with nothing inserted (the text
///   was over the limit already, set by the program) keeps only its deletion,
///   if it removes clusters, and is rejected otherwise.
/// - **IME composition** is never cut mid-composition: marked text may grow
///   past the limit while it is composed (the count shows it, `isOverLimit`),
///   and is cut when it is committed: a commit by `Editor.insert(_:)` is
///   reviewed as typing, a commit as it is (`unmarkText()`, `endEditing()`,
///   selecting elsewhere, marked text set with a replacement range away
///   from the composition, or empty) is followed by an edit that removes
///   the committed text's last clusters until the text fits. That edit joins
///   the composition's undo step. Marked text set with a replacement range
///   over or next to the composition continues it.
/// - Undo, redo, follow-up edits of other behaviours and `Editor.setText(_:)`
///   are not reviewed (the editor reviews only user edits): a program may set
///   a longer text, which the user can then only shorten.
/// - It publishes a `CharacterCount` (count and limit, `"12/20"`), drawn on
///   the view's last row when `showsCount` is true, and whatever it is
///   while the text is at or over the limit (`"12/12"`): the feedback for a
///   key it refuses.
///
/// Cost per keystroke: the count after an edit is found from the editor's
/// kept boundaries and a window around the edit, never by segmenting the whole
/// text: O(m + k + log n) for a replacement of m code units changing k
/// clusters around it in a text of n clusters, times O(log r) for a cut
/// replacement of r clusters.
///
/// ```swift
/// let limit = try CharacterLimit(limit: 3)
/// var editor = Editor(behaviours: [limit])
/// editor.insert("ab")
/// editor.insert("🇫🇷🇩🇪")   // past the limit: cut after its first flag
/// editor.text                 // "ab🇫🇷"
/// editor.insert("x")          // false: rejected
/// editor.insert("\u{301}")    // true: the mark joins the flag's cluster
/// ```
public struct CharacterLimit: EditorBehaviour {
  /// The most grapheme clusters the text may hold after a user edit; 0 for
  /// no limit.
  public let limit: Int
  /// Whether the count is always drawn (`CharacterCount` as a
  /// `DrawablePresentation`); it is drawn anyway while the text is at or
  /// over the limit, so that a keystroke the limit refuses is not swallowed
  /// silently (`12/12`).
  public var showsCount: Bool
  /// The text the composition in progress composed (its marked text, and
  /// what it replaced next to it), while nothing but composition touched
  /// it (UTF-16 code units).
  private var composing: NSRange?

  public var id: String { Self.pluginID }

  /// Creates the behaviour.
  ///
  /// - Parameters:
  ///   - limit: The most grapheme clusters a user may leave in the text; 0
  ///     for no limit (the count is still published).
  ///   - showsCount: Whether a renderer always draws the count (it is drawn
  ///     at the limit anyway).
  /// - Throws: `TextFieldRulesError.negativeLimit` for a limit below 0.
  public init(limit: Int, showsCount: Bool = false) throws(TextFieldRulesError) {
    guard limit >= 0 else { throw .negativeLimit(limit) }
    self.init(checkedLimit: limit, showsCount: showsCount)
  }

  /// The behaviour with a limit already checked (the plugin's key rule
  /// refuses a negative one); a negative limit is read as 0, no limit.
  init(checkedLimit limit: Int, showsCount: Bool) {
    self.limit = Swift.max(limit, 0)
    self.showsCount = showsCount
  }

  /// Lets through an edit that fits; cuts a replacement that does not at a
  /// grapheme boundary of the replacement; lets marked text through.
  ///
  /// - Complexity: O((m + k) · log r + log n), see the type's discussion.
  public func review(_ edit: TextEdit, in editor: EditorState) -> EditDecision {
    guard limit > 0, edit.kind != .markedText else { return .accept }
    let range = editor.widened(edit.range)
    let replacement = Array(edit.replacement.utf16)
    if ClusterCount.count(afterReplacing: range, with: replacement[...], in: editor) <= limit {
      return .accept
    }
    let cuts = Graphemes.boundaries(utf16: replacement).offsets
    let kept: Int
    if let fit = ClusterCount.longestFit(
      replacing: range, with: replacement, cuts: cuts, limit: limit, in: editor)
    {
      kept = cuts[fit]
    } else {
      // Over the limit even with nothing inserted: keep a deletion that
      // shortens the text.
      let remaining = ClusterCount.count(afterReplacing: range, with: [], in: editor)
      guard range.length > 0, remaining < (editor.graphemeBoundaryView.count - 1) else {
        return .reject
      }
      kept = 0
    }
    if kept == 0, range.length == 0 { return .reject }
    var cut = edit
    cut.range = range
    cut.replacement = String(decoding: replacement[0..<kept], as: UTF16.self)
    let end = range.location + kept
    if let selection = edit.selection, NSMaxRange(selection) > end {
      cut.selection = NSRange(location: end, length: 0)
    }
    return .rewrite(cut)
  }

  /// Follows the composition through changes of the text: a composition
  /// that a replacement range ends or moves elsewhere commits the text it
  /// composed there, which is cut as `unmarkText()` would cut it.
  ///
  /// - Complexity: O(1), or a commit's cut (see `didChangeMarkedText`).
  public mutating func didChangeText(
    _ change: TextChange, in editor: EditorState, actions: inout BehaviourActions
  ) {
    guard let region = composing else {
      composing = change.kind == .markedText ? editor.markedRange : nil
      return
    }
    let range = change.range
    let touches = range.location <= NSMaxRange(region) && NSMaxRange(range) >= region.location
    guard change.kind == .markedText else {
      if !touches {
        // Another change away from the composed text: it moves with it.
        if NSMaxRange(range) <= region.location {
          composing = NSRange(location: region.location + change.delta, length: region.length)
        }
        return
      }
      // A change over or next to the composed text (typing that replaces
      // the marked text commits it): the composed text takes it in, and is
      // cut once nothing is marked.
      let start = min(region.location, range.location)
      let end = max(NSMaxRange(region), NSMaxRange(range)) + change.delta
      let joined = end > start ? NSRange(location: start, length: end - start) : nil
      guard editor.markedRange == nil else {
        composing = joined
        return
      }
      composing = nil
      if let joined, let cut = cut(joined, in: editor) { actions.edit(cut, with: "") }
      return
    }
    if touches {
      // The composition goes on over, or next to, what it composed: the
      // composed text is all of it together.
      let start = min(region.location, range.location)
      let end = max(NSMaxRange(region), NSMaxRange(range)) + change.delta
      composing = end > start ? NSRange(location: start, length: end - start) : nil
      return
    }
    // A new composition elsewhere: the old one is committed as it is.
    var committed = region
    if NSMaxRange(range) <= region.location { committed.location += change.delta }
    composing = editor.markedRange
    if let cut = cut(committed, in: editor) { actions.edit(cut, with: "") }
  }

  /// Follows a composition; when it is committed as it is and the text is
  /// over the limit, asks for the committed text's last clusters to be
  /// removed until it fits. The committed text is all the composition
  /// composed, including text it replaced range by range next to itself.
  ///
  /// - Complexity: O((m + k) · log c + log n) in the committed text's
  ///   length m and clusters c.
  public mutating func didChangeMarkedText(
    from old: NSRange?, in editor: EditorState, actions: inout BehaviourActions
  ) {
    if let marked = editor.markedRange {
      // The marked range, widened to whole clusters, may reach past what
      // the composition composed: the composed text is both together.
      if let region = composing, region.location <= NSMaxRange(marked),
        marked.location <= NSMaxRange(region)
      {
        let start = min(region.location, marked.location)
        composing = NSRange(
          location: start, length: max(NSMaxRange(region), NSMaxRange(marked)) - start)
      } else {
        composing = marked
      }
      return
    }
    guard let committed = composing else { return }
    composing = nil
    if let cut = cut(committed, in: editor) { actions.edit(cut, with: "") }
  }

  /// The range of `committed`'s last clusters to remove so that the text
  /// fits (counted with any marked text), or nil when it fits or nothing
  /// can be cut.
  ///
  /// - Complexity: O((m + k) · log c + log n) in the committed text's
  ///   length m and clusters c.
  func cut(_ committed: NSRange, in editor: EditorState) -> NSRange? {
    guard limit > 0, editor.graphemeBoundaryView.count - 1 > limit, committed.location >= 0,
      committed.length > 0, NSMaxRange(committed) <= editor.utf16Count
    else { return nil }
    let units = Array(editor.utf16[committed.location..<NSMaxRange(committed)])
    let bounds = editor.graphemeBoundaryView
    let first = bounds.partitioningIndex { $0 >= committed.location }
    let last = bounds.partitioningIndex { $0 > NSMaxRange(committed) }
    let cuts = bounds[first..<last].map { $0 - committed.location }
    guard cuts.first == 0 else { return nil }
    let kept =
      ClusterCount.longestFit(
        replacing: committed, with: units, cuts: cuts, limit: limit, in: editor
      ).map { cuts[$0] } ?? 0
    guard kept < committed.length else { return nil }
    return NSRange(location: committed.location + kept, length: committed.length - kept)
  }

  /// The count of the text and the limit.
  ///
  /// - Complexity: O(1).
  public func presentation(in editor: EditorState) -> [any PresentationValue] {
    let count = editor.graphemeBoundaryView.count - 1
    return [
      CharacterCount(
        count: count, limit: limit, isShown: showsCount || (limit > 0 && count >= limit))
    ]
  }
}

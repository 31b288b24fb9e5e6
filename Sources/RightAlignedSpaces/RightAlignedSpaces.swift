public import Foundation
import TextInputBase
public import TextInputCore
import TextLayout
import TextMetrics

/// The right-aligned field spacebar fix, as an editor behaviour: while the
/// field's text is flush with its trailing edge (where trailing spaces
/// collapse out of sight), the spaces at the end of each paragraph are *drawn*
/// as U+00A0 NO-BREAK SPACE, which does not collapse, so the user sees the
/// space they typed.
///
/// The UIKit technique rewrites the field's text (U+0020 → U+00A0 on every
/// change) and asks the app to "remember to replace them back" before reading
/// it. Here the text is never rewritten:
/// - `Editor.text` is what the user typed, always: a program reads it as it is.
/// - The behaviour gives the editor a `DisplaySubstitution` for the paragraphs
///   each edit touches; the editor's one layout (`Editor.layout()`) is of
///   `Editor.displayedText`, where it is applied, and a renderer draws that. U+0020 and U+00A0 are one UTF-16 code unit each and
///   break graphemes the same way, so every offset (caret, selection, marked
///   range) is the same in both.
/// - Only a paragraph's *trailing* run of spaces is substituted (before a hard
///   line break or the end of the text): a space between words stays a space,
///   so wrapped text breaks lines as it does without the fix. (A run of
///   spaces at a paragraph's end has no line-break opportunity inside it or
///   before it either way.) Drawn as U+00A0 the trailing spaces take room
///   instead of hanging past the line's end — that is how they stay visible —
///   so when they do not fit on their paragraph's last line, that line breaks
///   earlier (before its last word, or inside the run), as U+00A0 typed by
///   the user would.
/// - Marked (IME) text is drawn as it is: spaces inside the marked range are
///   never substituted; a run that ends at the marked text is not trailing.
/// - While the alignment is trailing it also publishes a `TrailingSpacePad`:
///   the width, in points, of the text's trailing spaces, which collapse when
///   the text is drawn as typed (a field that is not editing).
///
/// ```swift
/// var editor = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
/// editor.insert("a b ")
/// editor.text            // "a b " (what the user typed, what a program reads)
/// editor.displayedText   // "a b\u{A0}" (what a renderer draws)
/// ```
public struct RightAlignedSpaces: EditorBehaviour {
  /// When the fix is on.
  public enum Activation: String, Hashable, Sendable, CaseIterable {
    /// While the text is aligned to its trailing edge, where trailing spaces
    /// collapse: right alignment in left-to-right text, left in right-to-left
    /// (`TextAlignment.isTrailing(in:)`). The default.
    case trailingAlignment
    /// Always.
    case always
    /// Never: the behaviour only publishes the trailing pad.
    case never
  }

  /// The substitute every substituted character is drawn as: U+00A0 NO-BREAK SPACE.
  public static let noBreakSpace: Unicode.Scalar = "\u{A0}"

  /// The characters the fix may substitute: spaces that collapse at a line
  /// end, are one UTF-16 code unit and break graphemes as U+00A0 does, so
  /// offsets and grapheme boundaries never change: U+0020, U+1680,
  /// U+2000–U+2006, U+2008–U+200A and U+205F. (U+2007 and U+202F are
  /// already no-break; U+3000 is two cells wide, U+00A0 one.)
  ///
  /// They are the spaces TextLayout lets hang past a line end that are one
  /// cell wide, as U+00A0 is: all of them but TAB and U+3000.
  public static let substitutableCharacters: [Unicode.Scalar] = CollapsibleSpaces.all.filter {
    DisplayWidth.width(in: String($0)) == 1
  }

  /// When the fix is on.
  public let activation: Activation
  /// The characters substituted, ascending and without duplicates.
  public let characters: [Unicode.Scalar]
  /// `characters` as UTF-16 code units.
  private let units: [UInt16]

  public var id: String { Self.pluginID }

  /// Creates the behaviour.
  ///
  /// - Parameters:
  ///   - activation: When the fix is on (default: trailing alignment).
  ///   - characters: What it substitutes (default: U+0020 only); each must be
  ///     one of `substitutableCharacters`.
  /// - Throws: `RightAlignedSpacesError.unsupportedCharacter` naming the first
  ///   character that is not substitutable.
  /// - Complexity: O(c log c) in the number of characters.
  public init(
    activation: Activation = .trailingAlignment, characters: [Unicode.Scalar] = [" "]
  ) throws(RightAlignedSpacesError) {
    for character in characters where !Self.substitutableCharacters.contains(character) {
      throw .unsupportedCharacter(CodePointNotation.format(character))
    }
    self.init(activation: activation, checkedCharacters: characters)
  }

  /// Creates the behaviour from characters already known to be
  /// substitutable (the `characters` key's rule checked them).
  init(activation: Activation, checkedCharacters characters: [Unicode.Scalar]) {
    self.activation = activation
    self.characters = Array(Set(characters)).sorted { $0.value < $1.value }
    units = self.characters.map { UInt16($0.value) }
  }

  /// The default behaviour: U+0020 while the alignment is trailing.
  public init() {
    activation = .trailingAlignment
    characters = [" "]
    units = [0x20]
  }

  // MARK: - Reading

  /// Whether the fix is on in `editor`'s state (its alignment and direction).
  ///
  /// - Complexity: O(1).
  public func isActive(in editor: EditorState) -> Bool {
    switch activation {
    case .always: return true
    case .never: return false
    case .trailingAlignment: return editor.alignment.isTrailing(in: editor.layoutDirection)
    }
  }

  /// The ranges (UTF-16 code units) drawn as U+00A0 while the fix is on: in
  /// each paragraph, the run of substituted characters just before its hard
  /// line break (LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029) or the end of
  /// the text, less any part inside the marked range. Empty when the fix is
  /// off. Ascending, not overlapping.
  ///
  /// - Complexity: O(n) in the length of the text.
  public func substitutedRanges(in editor: EditorState) -> [NSRange] {
    substitutedRanges(in: editor, paragraphs: 0..<editor.utf16Count)
  }

  /// `substitutedRanges(in:)` for the paragraphs in `paragraphs` only (it
  /// must start at a paragraph's start and end at a paragraph's end).
  ///
  /// - Complexity: O(p) in the length of the paragraphs.
  func substitutedRanges(in editor: EditorState, paragraphs: Range<Int>) -> [NSRange] {
    guard isActive(in: editor) else { return [] }
    if let ranges = substitutedRangesByLayout(in: editor, paragraphs: paragraphs) {
      return ranges
    }
    let text = editor.utf16
    let first = paragraphs.lowerBound
    let marked = editor.markedRange.map { $0.location..<($0.location + $0.length) }
    var ranges: [NSRange] = []
    // Walk back from each paragraph end (a hard break or the end) over the run.
    // The region's last paragraph ends with its hard break (or the text's end).
    var end = HardBreaks.contentEnd(ofParagraph: first..<paragraphs.upperBound, in: text)
    while true {
      let (runStart, range) = trailingRun(endingAt: end, after: first, in: text, marked: marked)
      if let range { ranges.append(range) }
      // The previous paragraph end: the hard break before this run. Each pass
      // moves strictly backward, so the walk ends.
      let position = HardBreaks.paragraphStart(
        before: runStart, in: text, within: Swift.max(runStart - first, 0))
      guard position > first else { break }
      // CR LF is one break: the paragraph ends before the CR.
      end = HardBreaks.contentEnd(ofParagraph: first..<position, in: text)
    }
    return ranges.reversed()
  }

  /// `substitutedRanges(in:paragraphs:)` from the paragraphs of the editor's
  /// layout, which the editor keeps those of the text (a display
  /// substitution keeps hard breaks), mapped through its display map,
  /// instead of scanning the paragraphs for hard breaks: a keystroke in a
  /// long paragraph costs its trailing run, not its length. Nil when the
  /// layout's paragraphs are not the text's.
  ///
  /// - Complexity: O(log n + k log m + t) for k paragraphs, m pieces of the
  ///   display map and t trailing spaces.
  private func substitutedRangesByLayout(in editor: EditorState, paragraphs: Range<Int>)
    -> [NSRange]?
  {
    let text = editor.utf16
    let map = editor.displayMap
    guard !paragraphs.isEmpty, map.typedLength == text.count,
      map.displayedLength == editor.layout.utf16.count
    else { return nil }
    let marked = editor.markedRange.map { $0.location..<($0.location + $0.length) }
    var ranges: [NSRange] = []
    let displayed = map.displayed(fromTyped: NSRange(paragraphs))
    for displayedParagraph in editor.layout.paragraphRanges(
      overlapping: displayed.location..<NSMaxRange(displayed))
    {
      let typed = map.typed(fromDisplayed: NSRange(displayedParagraph))
      let paragraph = typed.location..<NSMaxRange(typed)
      guard paragraph.lowerBound >= paragraphs.lowerBound,
        paragraph.upperBound <= paragraphs.upperBound
      else { return nil }
      var end = paragraph.upperBound
      if end < text.count || HardBreaks.isBreak(text[end - 1]) {
        guard HardBreaks.isBreak(text[end - 1]) else { return nil }
        end -= 1
        if end > paragraph.lowerBound, text[end] == 0x0A, text[end - 1] == 0x0D { end -= 1 }
      }
      let run = trailingRun(endingAt: end, after: paragraph.lowerBound, in: text, marked: marked)
      if let range = run.range { ranges.append(range) }
    }
    return ranges
  }

  /// The run of substituted characters that ends a paragraph at `end` (not
  /// before `lowerBound`): where it starts, and the range drawn substituted,
  /// less any part inside the marked range (nil when empty). UTF-16 code
  /// units.
  ///
  /// - Complexity: O(t) in the run's length.
  private func trailingRun(
    endingAt end: Int, after lowerBound: Int, in text: UTF16Buffer, marked: Range<Int>?
  ) -> (start: Int, range: NSRange?) {
    var runStart = end
    while runStart > lowerBound, units.contains(text[runStart - 1]) { runStart -= 1 }
    var start = runStart
    if let marked {
      if marked.lowerBound == end || (end < text.count && marked.contains(end)) {
        // Marked text at the paragraph end: the run before it is not trailing.
        start = end
      } else if marked.overlaps(runStart..<end) {
        // Marked spaces are drawn as they are; the run after them is trailing.
        start = Swift.min(Swift.max(runStart, marked.upperBound), end)
      }
    }
    return (runStart, start < end ? NSRange(location: start, length: end - start) : nil)
  }

  /// The text as drawn while the fix is on (`Editor.displayedText` does this
  /// for every installed behaviour): `editor`'s text with
  /// `substitutedRanges(in:)` drawn as U+00A0. Same UTF-16 length as the
  /// typed text.
  ///
  /// - Complexity: O(n) in the length of the text.
  public func displayedText(of editor: EditorState) -> String {
    var text = editor.utf16.array
    DisplaySubstitution(ranges: substitutedRanges(in: editor), replacement: 0xA0).apply(to: &text)
    return String(decoding: text, as: UTF16.self)
  }

  /// The trailing pad for `editor`'s state, or nil when its alignment is not
  /// trailing (see `TrailingSpacePad`).
  ///
  /// - Complexity: O(t) in the length of the trailing run of spaces.
  public func trailingPad(in editor: EditorState) -> TrailingSpacePad? {
    guard editor.alignment.isTrailing(in: editor.layoutDirection) else { return nil }
    var start = editor.utf16Count
    while start > 0, units.contains(editor.utf16[start - 1]) { start -= 1 }
    let run = Array(editor.utf16[start...])
    let text = String(decoding: run, as: UTF16.self)
    var width: CGFloat = 0
    for cluster in Graphemes.clusters(utf16: run) {
      width += editor.font.advance(of: cluster, in: text)
    }
    return TrailingSpacePad(
      width: width, range: NSRange(location: start, length: editor.utf16Count - start),
      edge: editor.layoutDirection == .leftToRight ? .right : .left)
  }

  // MARK: - Behaviour

  /// The trailing pad while the alignment is trailing.
  ///
  /// - Complexity: O(t) in the length of the trailing run of spaces.
  public func presentation(in editor: EditorState) -> [any PresentationValue] {
    trailingPad(in: editor).map { [$0] } ?? []
  }

  /// True unless the activation is `never`.
  public var substitutesDisplay: Bool { activation != .never }

  /// The trailing spaces of the paragraphs in `paragraphs`, drawn as U+00A0
  /// while the fix is on (see `substitutedRanges(in:)`), or nil when none.
  ///
  /// - Complexity: O(p) in the length of the paragraphs.
  public func displaySubstitution(inParagraphs paragraphs: NSRange, of editor: EditorState)
    -> DisplaySubstitution?
  {
    let clamped = paragraphs.clamped(toLength: editor.utf16Count)
    let ranges = substitutedRanges(
      in: editor, paragraphs: clamped.lowerBound..<clamped.upperBound)
    return ranges.isEmpty ? nil : DisplaySubstitution(ranges: ranges, replacement: 0xA0)
  }
}

/// What `RightAlignedSpaces` publishes while the alignment is trailing: the
/// trailing spaces of the text, which collapse at the trailing edge when the
/// text is drawn as typed (a field that is not editing shows its `text`), and
/// the pad that keeps them visible.
public struct TrailingSpacePad: PresentationValue, Hashable {
  /// A side of the view.
  public enum Edge: String, Hashable, Sendable {
    /// The left side (the trailing side in right-to-left text).
    case left
    /// The right side (the trailing side in left-to-right text).
    case right
  }

  /// The width of the trailing spaces, in points, measured with the editor's
  /// `FontMetrics`; 0 when there are none.
  public var width: CGFloat
  /// The trailing spaces, UTF-16 code units (empty at the end when none).
  public var range: NSRange
  /// The side to pad: the trailing side.
  public var edge: Edge

  /// Creates a pad.
  public init(width: CGFloat, range: NSRange, edge: Edge) {
    self.width = width
    self.range = range
    self.edge = edge
  }
}

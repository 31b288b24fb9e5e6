public import Foundation
public import TextInputCore
import TextMetrics

/// The right-aligned field spacebar fix, as an editor behaviour: while the
/// field's text is flush with its trailing edge (where trailing spaces
/// collapse out of sight), typed and pasted spaces are written as U+00A0
/// NO-BREAK SPACE, and each one it wrote is marked, so the text the app reads
/// (`modelText(of:)`) is exactly what the same edits give without the fix.
///
/// - Each edit is rewritten as it happens (`review`): only the inserted text is
///   transformed, O(m) in the length of the edit. Deletions pass through.
/// - U+0020 and U+00A0 are one UTF-16 code unit each and break graphemes the
///   same way, so every offset (caret, selection, marked range) is the same in
///   the displayed and the model text.
/// - A no-break space the user typed or pasted is not marked and stays one.
///   Nothing is trimmed, ever.
/// - Marked (IME) text is never rewritten; the committed text is, when
///   composition ends.
/// - When the fix turns on or off (alignment, layout direction), the whole
///   text is rewritten in place, without an undo step; the selection stays
///   exactly where it was. Undo and redo restore the model text and caret;
///   the displayed text follows whether the fix is on.
/// - While the alignment is trailing it publishes a `TrailingSpacePad`: the
///   width, in points, of the trailing spaces of the model text, which
///   collapse when the model text is drawn (a field that is not editing).
///
/// ```swift
/// var editor = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
/// editor.insert("a b ")
/// editor.text                             // "a\u{A0}b\u{A0}" (displayed)
/// RightAlignedSpaces.modelText(of: editor)  // "a b " (what the app reads)
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

  /// The plugin id, `rightAlignedSpaces`.
  public static let pluginID = "rightAlignedSpaces"

  /// The substitute every substituted character becomes: U+00A0 NO-BREAK SPACE.
  public static let noBreakSpace: Unicode.Scalar = "\u{A0}"

  /// The characters the fix may substitute: spaces that collapse at a line
  /// end, are one UTF-16 code unit and break graphemes as U+00A0 does, so
  /// offsets and grapheme boundaries never change: U+0020, U+1680,
  /// U+2000–U+2006, U+2008–U+200A and U+205F. (U+2007 and U+202F are
  /// already no-break; U+3000 is two cells wide, U+00A0 one.)
  public static let substitutableCharacters: [Unicode.Scalar] =
    [
      0x20, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2008, 0x2009, 0x200A,
      0x205F,
    ]
    .compactMap(Unicode.Scalar.init(_:))

  /// When the fix is on.
  public let activation: Activation
  /// The characters substituted, ascending and without duplicates.
  public let characters: [Unicode.Scalar]
  /// `characters` as UTF-16 code units.
  private let units: [UInt16]
  /// Whether the fix was on at the last event that could change it.
  private var wasActive = false

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
      throw .unsupportedCharacter(Self.codePoint(character))
    }
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

  /// The annotation marking the characters substituted for `character`:
  /// `rightAlignedSpaces.substituted.U+0020`.
  public static func annotationKey(for character: Unicode.Scalar) -> AnnotationKey {
    AnnotationKey(rawValue: keyPrefix + codePoint(character))
  }

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

  /// The text the app reads: the editor's text with every substituted
  /// no-break space turned back into the character it replaced, and nothing
  /// else changed. It has the same UTF-16 length, so offsets carry over.
  /// Works whatever the configuration (the marks name the originals).
  ///
  /// - Complexity: O(n) in the text's length.
  public static func modelText(of editor: EditorState) -> String {
    modelText(of: editor, in: NSRange(location: 0, length: editor.utf16Count))
  }

  /// `modelText(of:)` of an editor.
  ///
  /// - Complexity: O(n) in the text's length.
  public static func modelText(of editor: Editor) -> String { modelText(of: editor.state) }

  /// The model text (see `modelText(of:)`) of `range` (UTF-16 code units).
  /// A range out of bounds is clamped to the text and one splitting a
  /// grapheme cluster is widened to the cluster's boundaries, never trapped on.
  ///
  /// - Complexity: O(m + log n) for a range of m code units.
  public static func modelText(of editor: EditorState, in range: NSRange) -> String {
    let widened = editor.widened(range)
    let lower = widened.location
    var units = Array(editor.utf16[lower..<widened.upperBound])
    for (key, original) in substitutionKeys(in: editor.annotations) {
      for marked in editor.annotations.ranges(key, in: widened) {
        for offset in marked.location..<marked.upperBound where units[offset - lower] == 0xA0 {
          units[offset - lower] = original
        }
      }
    }
    return String(decoding: units, as: UTF16.self)
  }

  /// The ranges (UTF-16 code units) of the no-break spaces the fix
  /// substituted, ascending.
  ///
  /// - Complexity: O(k log k) in the number of ranges.
  public static func substitutedRanges(in editor: EditorState) -> [NSRange] {
    substitutionKeys(in: editor.annotations).flatMap { editor.annotations.ranges($0.key) }
      .sorted { $0.location < $1.location }
  }

  /// `text` with each of `characters` replaced by U+00A0, and the marks to
  /// put on it (ranges relative to its start, UTF-16 code units). Idempotent:
  /// the rewritten text has none of `characters` left.
  ///
  /// - Complexity: O(m) in the length of `text`.
  public func rewrite(_ text: String) -> (text: String, annotations: [TextAnnotation]) {
    var annotations: [TextAnnotation] = []
    var rewritten: [UInt16]?
    var offset = 0
    for unit in text.utf16 {
      if units.contains(unit) {
        if rewritten == nil { rewritten = Array(text.utf16) }
        rewritten?[offset] = 0xA0
        annotations.append(
          TextAnnotation(Self.key(for: unit), NSRange(location: offset, length: 1)))
      }
      offset += 1
    }
    guard let rewritten else { return (text, []) }
    return (String(decoding: rewritten, as: UTF16.self), annotations)
  }

  /// The trailing pad for `editor`'s state, or nil when its alignment is not
  /// trailing (see `TrailingSpacePad`).
  ///
  /// - Complexity: O(t) in the length of the trailing run of spaces.
  public func trailingPad(in editor: EditorState) -> TrailingSpacePad? {
    guard editor.alignment.isTrailing(in: editor.layoutDirection) else { return nil }
    let keys = Self.substitutionKeys(in: editor.annotations)
    var start = editor.utf16Count
    var model: [UInt16] = []
    while start > 0 {
      var unit = editor.utf16[start - 1]
      if unit == 0xA0,
        let original = keys.first(where: { editor.annotations.contains($0.key, at: start - 1) })
      {
        unit = original.unit
      }
      guard units.contains(unit) else { break }
      model.append(unit)
      start -= 1
    }
    model.reverse()
    let text = String(decoding: model, as: UTF16.self)
    var width: CGFloat = 0
    for cluster in Graphemes.clusters(utf16: model) {
      width += editor.font.advance(of: cluster, in: text)
    }
    return TrailingSpacePad(
      width: width, range: NSRange(location: start, length: editor.utf16Count - start),
      edge: editor.layoutDirection == .leftToRight ? .right : .left)
  }

  // MARK: - Behaviour

  /// Rewrites typing and pastes while the fix is on; passes every other edit
  /// (deletes, marked text) through.
  ///
  /// - Complexity: O(m) in the length of the edit's replacement.
  public func review(_ edit: TextEdit, in editor: EditorState) -> EditDecision {
    guard edit.kind == .typing || edit.kind == .replace, isActive(in: editor) else {
      return .accept
    }
    let (text, marks) = rewrite(edit.replacement)
    guard !marks.isEmpty else { return .accept }
    var rewritten = edit
    rewritten.replacement = text
    rewritten.annotations += marks
    return .rewrite(rewritten)
  }

  public mutating func didInstall(in editor: EditorState, actions: inout BehaviourActions) {
    wasActive = isActive(in: editor)
    normalize(0..<editor.utf16Count, in: editor, active: wasActive, actions: &actions)
  }

  /// Normalizes the changed text (undo, redo, programmatic text, other
  /// behaviours' edits): O(m) in the length of the change.
  public mutating func didChangeText(
    _ change: TextChange, in editor: EditorState, actions: inout BehaviourActions
  ) {
    if change.kind == .behaviour(id) { return }
    let range = change.newRange
    normalize(
      range.location..<range.upperBound, in: editor, active: isActive(in: editor),
      actions: &actions)
  }

  /// Rewrites the text that left the marked range (a commit).
  public mutating func didChangeMarkedText(
    from old: NSRange?, in editor: EditorState, actions: inout BehaviourActions
  ) {
    guard let old else { return }
    normalize(
      old.location..<old.location + old.length, in: editor, active: isActive(in: editor),
      actions: &actions)
  }

  public mutating func didChangeAlignment(
    from old: TextAlignment, in editor: EditorState, actions: inout BehaviourActions
  ) {
    activityMayHaveChanged(in: editor, actions: &actions)
  }

  public mutating func didChangeLayoutDirection(
    from old: LayoutDirection, in editor: EditorState, actions: inout BehaviourActions
  ) {
    activityMayHaveChanged(in: editor, actions: &actions)
  }

  /// A `TrailingSpacePad` while the alignment is trailing.
  public func presentation(in editor: EditorState) -> [any PresentationValue] {
    trailingPad(in: editor).map { [$0] } ?? []
  }

  // MARK: - Internals

  static let keyPrefix = "rightAlignedSpaces.substituted."

  /// `U+0020`.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let digits = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  static func key(for unit: UInt16) -> AnnotationKey {
    annotationKey(for: Unicode.Scalar(unit) ?? " ")
  }

  /// This plugin's keys among `annotations`' keys, with the code unit each
  /// stands for.
  static func substitutionKeys(in annotations: TextAnnotations) -> [(
    key: AnnotationKey, unit: UInt16
  )] {
    annotations.keys.compactMap { key in
      guard key.rawValue.hasPrefix(keyPrefix),
        let value = UInt32(key.rawValue.dropFirst(keyPrefix.count + 2), radix: 16),
        let unit = UInt16(exactly: value)
      else { return nil }
      return (key, unit)
    }
  }

  private mutating func activityMayHaveChanged(
    in editor: EditorState, actions: inout BehaviourActions
  ) {
    let active = isActive(in: editor)
    guard active != wasActive else { return }
    wasActive = active
    normalize(0..<editor.utf16Count, in: editor, active: active, actions: &actions)
  }

  /// Asks for one in-place substitution that makes `range` what the fix
  /// wants: when active, no substitutable character outside the marked range;
  /// when not, no substituted no-break space.
  private func normalize(
    _ range: Range<Int>, in editor: EditorState, active: Bool, actions: inout BehaviourActions
  ) {
    let lower = Swift.max(range.lowerBound, 0)
    let upper = Swift.min(range.upperBound, editor.utf16Count)
    guard lower < upper else { return }
    var changes: [(offset: Int, unit: UInt16, key: AnnotationKey)] = []
    var removing = Set<AnnotationKey>()
    if active {
      let marked = editor.markedRange
      for offset in lower..<upper where units.contains(editor.utf16[offset]) {
        if let marked, offset >= marked.location, offset < marked.upperBound { continue }
        let unit = editor.utf16[offset]
        changes.append((offset, 0xA0, Self.key(for: unit)))
      }
    } else {
      let span = NSRange(location: lower, length: upper - lower)
      for (key, original) in Self.substitutionKeys(in: editor.annotations) {
        for marked in editor.annotations.ranges(key, in: span) {
          removing.insert(key)
          for offset in marked.location..<marked.upperBound where editor.utf16[offset] == 0xA0 {
            changes.append((offset, original, key))
          }
        }
      }
      changes.sort { $0.offset < $1.offset }
    }
    guard let first = changes.first?.offset, let last = changes.last?.offset else {
      if !removing.isEmpty {
        // Marks on characters that are no longer no-break spaces: drop them.
        let span = NSRange(location: lower, length: upper - lower)
        actions.substitute(span, with: editor.substring(span), removing: removing)
      }
      return
    }
    var replacement = Array(editor.utf16[first...last])
    var marks: [TextAnnotation] = []
    for change in changes {
      replacement[change.offset - first] = change.unit
      if active {
        marks.append(
          TextAnnotation(change.key, NSRange(location: change.offset - first, length: 1)))
      }
    }
    actions.substitute(
      NSRange(location: first, length: last - first + 1),
      with: String(decoding: replacement, as: UTF16.self), annotations: marks, removing: removing)
  }
}

/// What `RightAlignedSpaces` publishes while the alignment is trailing: the
/// trailing spaces of the model text, which collapse at the trailing edge when
/// the model text is drawn (a field that is not editing shows its `text`), and
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

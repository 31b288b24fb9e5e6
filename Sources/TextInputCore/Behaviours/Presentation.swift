public import Foundation

/// A value a behaviour publishes for a renderer: what its plugin wants drawn
/// (a placeholder's frame and text, a trailing pad width, link highlight
/// rects). Plain `Sendable` value types; each plugin defines its own.
public protocol PresentationValue: Sendable {}

/// Everything the behaviours of an editor publish, in chain order, looked up
/// by type.
///
/// ```swift
/// let presentation = editor.presentation
/// if let pad = presentation[TrailingPad.self] { draw(pad) }
/// for rect in presentation.all(HighlightRect.self) { fill(rect) }
/// ```
public struct Presentation: Sendable {
  /// The values, in chain order (each behaviour's in the order it gave them).
  public let values: [any PresentationValue]

  /// A presentation holding `values`.
  public init(_ values: [any PresentationValue] = []) {
    self.values = values
  }

  /// The first value of type `T`, or nil.
  ///
  /// - Complexity: O(n) in the number of values.
  public subscript<T: PresentationValue>(_ type: T.Type) -> T? {
    for value in values {
      if let match = value as? T { return match }
    }
    return nil
  }

  /// Every value of type `T`, in order.
  ///
  /// - Complexity: O(n) in the number of values.
  public func all<T: PresentationValue>(_ type: T.Type) -> [T] {
    values.compactMap { $0 as? T }
  }

  /// Whether there are no values.
  public var isEmpty: Bool { values.isEmpty }
}

/// How a behaviour draws part of the text without changing it: each code
/// unit in `ranges` (UTF-16 code units of the editor's text) is drawn as
/// `replacement`. The text a program reads (`Editor.text`) stays what the user
/// typed; the editor lays out and a renderer draws `Editor.displayedText`,
/// where every behaviour's substitution is applied. Offsets are the same in
/// both, so carets, selections and hit-testing carry over.
///
/// A behaviour gives one from `EditorBehaviour.displaySubstitution(inParagraphs:of:)`;
/// `RightAlignedSpaces` draws trailing spaces as U+00A0 this way.
public struct DisplaySubstitution: Hashable, Sendable {
  /// The ranges drawn substituted, UTF-16 code units of the text, ascending
  /// and not overlapping.
  public var ranges: [NSRange]
  /// The code unit each unit of the ranges is drawn as. It should break
  /// grapheme clusters as the units it replaces do (U+0020 and U+00A0 do).
  public var replacement: UInt16

  /// Creates a substitution.
  public init(ranges: [NSRange], replacement: UInt16) {
    self.ranges = ranges
    self.replacement = replacement
  }

  /// Draws `units` substituted: every unit of `ranges` (clipped to `units`)
  /// becomes `replacement`. The length never changes.
  ///
  /// - Complexity: O(m) in the units the ranges cover.
  public func apply(to units: inout [UInt16]) {
    for range in ranges {
      for offset in range.clamped(toLength: units.count) { units[offset] = replacement }
    }
  }
}

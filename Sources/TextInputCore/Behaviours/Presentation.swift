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

/// A presentation value that changes how the text is *drawn* without changing
/// the text: each range (UTF-16 code units of the editor's text) is drawn as
/// `replacement` repeated, one code unit for one. The text a program reads
/// (`Editor.text`) stays what the user typed; a renderer draws
/// `Editor.displayedText`, where every such substitution is applied. Offsets
/// are the same in both, so carets, selections and hit-testing carry over.
///
/// `RightAlignedSpaces` publishes one to keep trailing spaces visible.
public protocol DisplaySubstitution: PresentationValue {
  /// The ranges to draw substituted, in UTF-16 code units of the text,
  /// ascending and not overlapping.
  var ranges: [NSRange] { get }
  /// The code unit each unit of the ranges is drawn as.
  var replacement: UInt16 { get }
}

extension DisplaySubstitution {
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

extension Editor {
  /// The text as a renderer draws it, as UTF-16 code units: the text with the
  /// behaviours' `DisplaySubstitution`s applied (ranges outside the text are
  /// clipped to it). Same length as `state.utf16`.
  ///
  /// - Complexity: O(n) in the length of the text, plus the behaviours'
  ///   presentation.
  public var displayedUTF16: [UInt16] {
    var units = state.utf16
    for case let substitution as any DisplaySubstitution in presentation.values {
      substitution.apply(to: &units)
    }
    return units
  }

  /// The text as a renderer draws it (see `displayedUTF16`); `text` is what
  /// the user typed, which a program reads.
  ///
  /// - Complexity: O(n) in the length of the text.
  public var displayedText: String { String(decoding: displayedUTF16, as: UTF16.self) }
}

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

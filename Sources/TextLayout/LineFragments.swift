package import Foundation
package import TextMetrics

/// A frame's lines, top to bottom, kept so that an edit does not move or
/// rewrite the lines after it: a gap buffer at the last edit whose lines
/// after the gap are stored relative to two shifts (of offsets and of y), so
/// an edit that changes the text's length or the lines' height changes two
/// numbers instead of every later line.
///
/// It is a `RandomAccessCollection` of `LineFragment` with `Int` indices
/// from 0, read as an array (`lines[i]`, `count`, `last`, slices): every
/// line it gives has absolute offsets (**UTF-16 code units**) and
/// coordinates (**points**). Reading a line is O(1). An edit first moves the
/// gap to it: O(d) for the d lines between it and the last edit (none while
/// typing goes on in one place).
public struct LineFragments: Sendable {
  /// The lines, in the gap-buffer core the editing structures share: those
  /// after the gap relative to a shift of offsets and of y.
  var lines: GapBuffer<LineFragment>

  /// No lines.
  public init() {
    lines = GapBuffer()
  }

  /// The lines of `lines`.
  ///
  /// - Complexity: O(1).
  public init(_ lines: [LineFragment]) {
    self.lines = GapBuffer(lines)
  }

  /// Replaces lines `range` with `lines`, and moves every line after them
  /// by `offsetDelta` code units and `dy` points.
  ///
  /// - Complexity: O(d + m): d lines between the gap and the edit, m new
  ///   lines (amortised when the gap grows).
  mutating func replaceSubrange(
    _ range: Range<Int>, with lines: [LineFragment], offsetDelta: Int, dy: CGFloat
  ) {
    self.lines.replaceSubrange(
      range, with: lines, shift: LineShift(offset: offsetDelta, dy: dy),
      minimumGap: Swift.max(self.lines.count - range.count, 16))
  }

  /// The lines as an array.
  ///
  /// - Complexity: O(n).
  public var array: [LineFragment] { lines.array }
}

/// How far the lines after an edit move: code units and points.
@usableFromInline
package struct LineShift: Sendable {
  package var offset: Int
  package var dy: CGFloat
}

extension LineFragment: GapBufferElement {
  @usableFromInline package typealias Shift = LineShift

  @usableFromInline package static var noShift: LineShift { LineShift(offset: 0, dy: 0) }

  @usableFromInline package static func isNoShift(_ shift: LineShift) -> Bool {
    shift.offset == 0 && shift.dy == 0
  }

  @usableFromInline package static func combined(_ a: LineShift, _ b: LineShift) -> LineShift {
    LineShift(offset: a.offset + b.offset, dy: a.dy + b.dy)
  }

  @usableFromInline package func shifted(by shift: LineShift) -> LineFragment {
    shifted(by: shift.offset, dy: shift.dy)
  }

  @usableFromInline package func unshifted(by shift: LineShift) -> LineFragment {
    shifted(by: -shift.offset, dy: -shift.dy)
  }

  /// The line moved by `offset` code units and `dy` points.
  @inline(__always)
  func shifted(by offset: Int, dy: CGFloat) -> LineFragment {
    var line = self
    line.range.location += offset
    if dy != 0 {
      line.rect.origin.y = (line.rect.origin.y + dy).saturated
      line.usedRect.origin.y = (line.usedRect.origin.y + dy).saturated
      line.baseline = (line.baseline + dy).saturated
    }
    return line
  }
}

extension LineFragments: RandomAccessCollection, MutableCollection {
  public typealias Index = Int
  public typealias Element = LineFragment
  public typealias SubSequence = Slice<LineFragments>
  public typealias Indices = Range<Int>

  /// 0.
  public var startIndex: Int { 0 }
  /// The number of lines.
  public var endIndex: Int { lines.count }
  /// The number of lines (O(1)).
  public var count: Int { lines.count }
  /// `0..<count`.
  public var indices: Range<Int> { 0..<count }

  public func index(after i: Int) -> Int { i + 1 }
  public func index(before i: Int) -> Int { i - 1 }
  public func index(_ i: Int, offsetBy distance: Int) -> Int { i + distance }
  public func distance(from start: Int, to end: Int) -> Int { end - start }

  /// Line `position` (which must be in `0..<count`), with absolute offsets
  /// and coordinates.
  ///
  /// - Complexity: O(1).
  public subscript(position: Int) -> LineFragment {
    get {
      precondition(position >= 0 && position < count, "index out of range")
      return lines[position]
    }
    set {
      precondition(position >= 0 && position < count, "index out of range")
      lines[position] = newValue
    }
  }

  /// Lines `bounds`.
  ///
  /// - Complexity: O(1).
  public subscript(bounds: Range<Int>) -> Slice<LineFragments> {
    get { Slice(base: self, bounds: bounds) }
    set {
      for (index, line) in zip(bounds, newValue) { self[index] = line }
    }
  }
}

extension LineFragments: Equatable, Hashable {
  /// Whether the two hold equal lines.
  ///
  /// - Complexity: O(n).
  public static func == (lhs: LineFragments, rhs: LineFragments) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }

  /// Hashes the lines.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for line in self { hasher.combine(line) }
  }
}

extension LineFragments: ExpressibleByArrayLiteral {
  /// The lines of the literal.
  public init(arrayLiteral elements: LineFragment...) {
    self.init(elements)
  }
}

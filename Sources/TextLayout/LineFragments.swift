import Foundation

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
  /// The lines before the gap (absolute), the gap, then the lines after it
  /// (relative to `tailOffset` and `tailY`).
  var storage: [LineFragment] = []
  /// The index of the first line after the gap.
  var gapStart = 0
  /// The gap's length in `storage`.
  var gapLength = 0
  /// Added to the offsets of the lines after the gap.
  var tailOffset = 0
  /// Added to the y of the lines after the gap.
  var tailY: CGFloat = 0

  /// No lines.
  public init() {}

  /// The lines of `lines`.
  ///
  /// - Complexity: O(1).
  public init(_ lines: [LineFragment]) {
    storage = lines
    gapStart = lines.count
  }

  /// Moves the gap so that it starts before line `index` (0...count).
  ///
  /// - Complexity: O(d) in the number of lines it passes.
  mutating func moveGap(to index: Int) {
    guard index != gapStart else { return }
    let (gap, offset, dy) = (gapLength, tailOffset, tailY)
    storage.withUnsafeMutableBufferPointer { lines in
      if index < gapStart {
        // Lines index..<gapStart go after the gap, made relative.
        var k = gapStart - 1
        while k >= index {
          lines[k + gap] = lines[k].shifted(by: -offset, dy: -dy)
          k -= 1
        }
      } else {
        // Lines after the gap up to index come before it, made absolute.
        for k in gapStart..<index {
          lines[k] = lines[k + gap].shifted(by: offset, dy: dy)
        }
      }
    }
    gapStart = index
  }

  /// Replaces lines `range` with `lines`, and moves every line after them
  /// by `offsetDelta` code units and `dy` points.
  ///
  /// - Complexity: O(d + m): d lines between the gap and the edit, m new
  ///   lines (amortised when the gap grows).
  mutating func replaceSubrange(
    _ range: Range<Int>, with lines: [LineFragment], offsetDelta: Int, dy: CGFloat
  ) {
    moveGap(to: range.upperBound)
    gapStart = range.lowerBound
    gapLength += range.count
    tailOffset += offsetDelta
    tailY += dy
    guard !lines.isEmpty else { return }
    if gapLength < lines.count {
      let newGap = Swift.max(lines.count, storage.count - gapLength, 16)
      var grown: [LineFragment] = []
      grown.reserveCapacity(storage.count - gapLength + newGap)
      grown.append(contentsOf: storage[0..<gapStart])
      let filler = lines[0]
      grown.append(contentsOf: repeatElement(filler, count: newGap))
      grown.append(contentsOf: storage[(gapStart + gapLength)...])
      storage = grown
      gapLength = newGap
    }
    storage.withUnsafeMutableBufferPointer { buffer in
      for (k, line) in lines.enumerated() { buffer[gapStart + k] = line }
    }
    gapStart += lines.count
    gapLength -= lines.count
  }

  /// The lines as an array.
  ///
  /// - Complexity: O(n).
  public var array: [LineFragment] { Array(self) }
}

extension LineFragment {
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
  public var endIndex: Int { storage.count - gapLength }
  /// The number of lines (O(1)).
  public var count: Int { storage.count - gapLength }
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
      return position < gapStart
        ? storage[position] : storage[position + gapLength].shifted(by: tailOffset, dy: tailY)
    }
    set {
      precondition(position >= 0 && position < count, "index out of range")
      if position < gapStart {
        storage[position] = newValue
      } else {
        storage[position + gapLength] = newValue.shifted(by: -tailOffset, dy: -tailY)
      }
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

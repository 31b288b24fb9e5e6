/// An element a `GapBuffer` can keep after its gap relative to a shift: an
/// edit that moves every later element (offsets by the change in length,
/// lines by the change in height) changes the buffer's one shift instead of
/// each element.
@usableFromInline
package protocol GapBufferElement: Sendable {
  /// How far the elements after the gap are moved (`Never`-like for
  /// elements that never move: `NoShift`).
  associatedtype Shift: Sendable

  /// The shift that moves nothing.
  static var noShift: Shift { get }
  /// Whether `shift` moves nothing (the gap then moves by one memory move).
  static func isNoShift(_ shift: Shift) -> Bool
  /// Two shifts one after the other.
  static func combined(_ a: Shift, _ b: Shift) -> Shift
  /// The element as stored after the gap, read with `shift` applied.
  func shifted(by shift: Shift) -> Self
  /// The element made relative to `shift`, to be stored after the gap.
  func unshifted(by shift: Shift) -> Self
}

/// The shift of elements that never move (code units).
@usableFromInline
package struct NoShift: Sendable {
  @inlinable package init() {}
}

extension UInt16: GapBufferElement {
  @usableFromInline package typealias Shift = NoShift
  @inlinable package static var noShift: NoShift { NoShift() }
  @inlinable package static func isNoShift(_ shift: NoShift) -> Bool { true }
  @inlinable package static func combined(_ a: NoShift, _ b: NoShift) -> NoShift { a }
  @inlinable package func shifted(by shift: NoShift) -> UInt16 { self }
  @inlinable package func unshifted(by shift: NoShift) -> UInt16 { self }
}

/// The one gap-buffer core of the editing structures (`UTF16Buffer`'s code
/// units, a frame's `LineFragments` and the editor's display map's pieces;
/// the grapheme index keeps bits, in `BoundaryBits`): elements in one array
/// with a gap at the last edit, those after the gap stored relative to
/// `tailShift`, so an edit moves only the elements between the previous
/// edit and this one, and shifts the ones after it by changing one value.
///
/// Indices are positions from 0 (`count` elements); reading one is O(1)
/// (a comparison with the gap's start and, after it, the shift applied).
/// `replaceSubrange(_:with:shift:minimumGap:)` first moves the gap to the
/// edit: O(d) for the d elements between it and the previous edit (one
/// memory move when the shift moves nothing, else each element made
/// absolute or relative as it crosses), then O(m) in the new elements,
/// amortised when the gap grows.
@usableFromInline
package struct GapBuffer<Element: GapBufferElement>: Sendable {
  /// The elements before the gap (absolute), the gap, then the elements
  /// after it (relative to `tailShift`).
  @usableFromInline package var storage: [Element]
  /// The index of the first element after the gap.
  @usableFromInline package var gapStart: Int
  /// The gap's length in `storage`.
  @usableFromInline package var gapLength: Int
  /// Applied to the elements after the gap when they are read.
  @usableFromInline package var tailShift: Element.Shift

  /// The elements of `elements`, with no gap yet.
  ///
  /// - Complexity: O(1) (the array's storage is shared until an edit).
  @inlinable
  package init(_ elements: [Element] = []) {
    storage = elements
    gapStart = elements.count
    gapLength = 0
    tailShift = Element.noShift
  }

  /// The number of elements.
  @inlinable package var count: Int { storage.count - gapLength }

  /// Whether `other` is this buffer's copy (the same storage, gap and
  /// shift): then the two hold the same elements, and an edit to either
  /// copies the storage first.
  ///
  /// - Complexity: O(1).
  package func sharesStorage(with other: GapBuffer) -> Bool where Element.Shift == NoShift {
    guard gapStart == other.gapStart, gapLength == other.gapLength,
      storage.count == other.storage.count
    else { return false }
    return storage.withUnsafeBufferPointer { mine in
      other.storage.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
    }
  }

  /// Element `index` (which must be in `0..<count`), absolute.
  ///
  /// - Complexity: O(1).
  @inlinable
  package subscript(index: Int) -> Element {
    get {
      index < gapStart ? storage[index] : storage[index + gapLength].shifted(by: tailShift)
    }
    set {
      if index < gapStart {
        storage[index] = newValue
      } else {
        storage[index + gapLength] = newValue.unshifted(by: tailShift)
      }
    }
  }

  /// Moves the gap so that it starts before element `index` (0...count).
  ///
  /// - Complexity: O(d) in the number of elements it passes.
  @inlinable
  package mutating func moveGap(to index: Int) {
    guard index != gapStart else { return }
    let (start, gap, shift) = (gapStart, gapLength, tailShift)
    guard gap > 0 else {
      // No gap: the elements after `index` become the tail, made relative.
      if !Element.isNoShift(shift) {
        storage.withUnsafeMutableBufferPointer { elements in
          if index < start {
            for k in index..<start { elements[k] = elements[k].unshifted(by: shift) }
          } else {
            for k in start..<index { elements[k] = elements[k].shifted(by: shift) }
          }
        }
      }
      gapStart = index
      return
    }
    storage.withUnsafeMutableBufferPointer { elements in
      guard let base = elements.baseAddress else { return }
      if Element.isNoShift(shift) {
        if index < start {
          (base + index + gap).update(from: base + index, count: start - index)
        } else {
          (base + start).update(from: base + start + gap, count: index - start)
        }
      } else if index < start {
        // Elements index..<start go after the gap, made relative.
        var k = start - 1
        while k >= index {
          elements[k + gap] = elements[k].unshifted(by: shift)
          k -= 1
        }
      } else {
        // Elements after the gap up to index come before it, made absolute.
        for k in start..<index { elements[k] = elements[k + gap].shifted(by: shift) }
      }
    }
    gapStart = index
  }

  /// Makes the gap at least `needed` elements long, keeping its place:
  /// when it grows it becomes `max(needed, minimumGap)` long (new slots
  /// hold `filler` until written).
  ///
  /// - Complexity: O(n) when it grows.
  @inlinable
  package mutating func reserveGap(_ needed: Int, minimumGap: Int, filler: Element) {
    guard gapLength < needed else { return }
    let newGap = Swift.max(needed, minimumGap)
    let (before, afterStart) = (gapStart, gapStart + gapLength)
    let after = storage.count - afterStart
    // Three block copies into uninitialised memory (appending a repeated
    // element went element by element, unspecialised: 30 ms at 1 MB).
    let grown = [Element](unsafeUninitializedCapacity: before + newGap + after) {
      buffer, initialized in
      // The capacity is at least `newGap`, which is at least 1.
      guard let to = buffer.baseAddress else { return }
      storage.withUnsafeBufferPointer { old in
        // An empty array may have no address; then nothing is before or after.
        guard let from = old.baseAddress else { return }
        to.initialize(from: from, count: before)
        (to + before + newGap).initialize(from: from + afterStart, count: after)
      }
      (to + before).initialize(repeating: filler, count: newGap)
      initialized = before + newGap + after
    }
    storage = grown
    gapLength = newGap
  }

  /// Replaces elements `range` with `newElements` (absolute), and moves
  /// every element after them by `shift`. A growing gap becomes at least
  /// `minimumGap` long.
  ///
  /// - Complexity: O(d + m): d elements between the gap and the edit, m
  ///   new elements (amortised when the gap grows).
  @inlinable
  package mutating func replaceSubrange<C: Collection<Element>>(
    _ range: Range<Int>, with newElements: C, shift: Element.Shift, minimumGap: Int
  ) {
    // The gap goes to the end of the replaced elements, then swallows them.
    moveGap(to: range.upperBound)
    gapStart = range.lowerBound
    gapLength += range.count
    tailShift = Element.combined(tailShift, shift)
    let inserted = newElements.count
    guard inserted > 0, let filler = newElements.first else { return }
    reserveGap(inserted, minimumGap: minimumGap, filler: filler)
    let start = gapStart
    storage.withUnsafeMutableBufferPointer { buffer in
      // One copy from contiguous elements; else one by one.
      let copied: Void? = newElements.withContiguousStorageIfAvailable { source in
        guard let to = buffer.baseAddress, let from = source.baseAddress else { return }
        (to + start).update(from: from, count: inserted)
      }
      guard copied == nil else { return }
      var index = start
      for element in newElements {
        buffer[index] = element
        index += 1
      }
    }
    gapStart += inserted
    gapLength -= inserted
  }

  /// The first index whose element satisfies `predicate`, which must be
  /// false for a prefix of the elements and true for the rest.
  ///
  /// - Complexity: O(log n) calls of `predicate`.
  @inlinable
  package func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
    var low = 0
    var n = count
    while n > 0 {
      let half = n / 2
      let middle = low + half
      if predicate(self[middle]) {
        n = half
      } else {
        low = middle + 1
        n -= half + 1
      }
    }
    return low
  }

  /// The elements, absolute, as an array.
  ///
  /// - Complexity: O(n).
  package var array: [Element] {
    let noShift = Element.isNoShift(tailShift)
    if gapLength == 0, noShift || gapStart == storage.count { return storage }
    var result: [Element] = []
    result.reserveCapacity(count)
    result.append(contentsOf: storage[0..<gapStart])
    let tail = storage[(gapStart + gapLength)...]
    if noShift {
      result.append(contentsOf: tail)
    } else {
      let shift = tailShift
      result.append(contentsOf: tail.lazy.map { $0.shifted(by: shift) })
    }
    return result
  }
}

/// UTF-16 code units kept in a gap buffer: an edit moves only the units
/// between the previous edit and this one, not the text after it, so a
/// keystroke typed where the last one was costs the keystroke whatever the
/// text's length.
///
/// It is a `RandomAccessCollection` (and `RangeReplaceableCollection`) of
/// `UInt16` with `Int` indices from 0: `buffer[i]`, `buffer.count` and
/// `buffer[a..<b]` are offsets in **UTF-16 code units**, as on an array. A
/// value type with copy-on-write storage, like `Array`.
///
/// The units live in one array with a gap at the last edit. Reading a unit
/// is O(1) (one comparison with the gap's start). `replaceSubrange(_:with:)`
/// first moves the gap to the edit: O(d) memory moves for a distance d from
/// the last edit (0 for typing in place; a jump to another place pays once,
/// as an array pays on every edit), then O(m) in the replacement, amortised
/// O(1) per unit when the gap has to grow.
///
/// ```swift
/// var units = UTF16Buffer(Array("Hello world".utf16))
/// units.replaceSubrange(5..<5, with: Array(",".utf16))
/// String(decoding: units, as: UTF16.self)   // "Hello, world"
/// units[5]                                  // 44
/// ```
public struct UTF16Buffer: Sendable {
  /// The units, in the gap-buffer core the editing structures share (code
  /// units never shift, so the gap moves by one memory move).
  @usableFromInline var units: GapBuffer<UInt16>

  /// The smallest gap made when the buffer grows.
  static let minimumGap = 64

  /// An empty buffer.
  public init() {
    units = GapBuffer()
  }

  /// The code units of `units`, with no gap yet.
  ///
  /// - Complexity: O(1) (the array's storage is shared until an edit).
  public init(_ units: [UInt16]) {
    self.units = GapBuffer(units)
  }

  /// The code units of `units`.
  ///
  /// - Complexity: O(n) in the number of units.
  public init<S: Sequence>(_ units: S) where S.Element == UInt16 {
    self.init(Array(units))
  }

  /// The units as an array.
  ///
  /// - Complexity: O(n) in the number of units.
  public var array: [UInt16] { units.array }

  /// Calls `body` with the units of `range` (UTF-16 code units, which must
  /// lie in the buffer) in contiguous memory: the buffer's own when the range
  /// does not cross the gap, else a copy of the range.
  ///
  /// - Complexity: O(1) when the range lies on one side of the gap, else
  ///   O(m) in the range's length.
  public func withContiguousUnits<R>(
    in range: Range<Int>, _ body: (UnsafeBufferPointer<UInt16>) throws -> R
  ) rethrows -> R {
    precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
    let (gapStart, gapLength) = (units.gapStart, units.gapLength)
    if range.upperBound <= gapStart || gapLength == 0 {
      return try units.storage.withUnsafeBufferPointer {
        try body(UnsafeBufferPointer(rebasing: $0[range]))
      }
    }
    if range.lowerBound >= gapStart {
      let shifted = (range.lowerBound + gapLength)..<(range.upperBound + gapLength)
      return try units.storage.withUnsafeBufferPointer {
        try body(UnsafeBufferPointer(rebasing: $0[shifted]))
      }
    }
    return try Array(self[range]).withUnsafeBufferPointer(body)
  }

  /// Makes the gap at least `needed` units long, keeping its place.
  ///
  /// The gap made is an eighth of the text (at least `minimumGap`, and at
  /// least `needed`): a long text holds about 2.25 bytes per code unit, not
  /// 4 as when the storage doubled.
  ///
  /// - Complexity: O(n) when it grows (amortised O(1) per unit inserted:
  ///   the gap grows with the text).
  mutating func reserveGap(_ needed: Int) {
    units.reserveGap(needed, minimumGap: Swift.max(count / 8, Self.minimumGap), filler: 0)
  }
}

extension UTF16Buffer: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
  public typealias Index = Int
  public typealias Element = UInt16
  public typealias SubSequence = Slice<UTF16Buffer>
  public typealias Indices = Range<Int>

  /// 0.
  @inlinable public var startIndex: Int { 0 }
  /// The number of code units.
  @inlinable public var endIndex: Int { units.count }
  /// The number of code units (O(1)).
  @inlinable public var count: Int { units.count }
  /// `0..<count`.
  @inlinable public var indices: Range<Int> { 0..<count }

  @inlinable public func index(after i: Int) -> Int { i + 1 }
  @inlinable public func index(before i: Int) -> Int { i - 1 }
  @inlinable public func index(_ i: Int, offsetBy distance: Int) -> Int { i + distance }
  @inlinable public func distance(from start: Int, to end: Int) -> Int { end - start }

  /// The code unit at `position` (UTF-16 offset, which must be in
  /// `0..<count`).
  ///
  /// - Complexity: O(1).
  @inlinable
  public subscript(position: Int) -> UInt16 {
    get {
      precondition(position >= 0 && position < count, "index out of range")
      return units[position]
    }
    set {
      precondition(position >= 0 && position < count, "index out of range")
      units[position] = newValue
    }
  }

  /// The code units of `bounds` (UTF-16 offsets).
  ///
  /// - Complexity: O(1).
  @inlinable
  public subscript(bounds: Range<Int>) -> Slice<UTF16Buffer> {
    get { Slice(base: self, bounds: bounds) }
    set { replaceSubrange(bounds, with: Array(newValue)) }
  }

  /// Replaces the units of `subrange` (UTF-16 offsets) with `newElements`.
  ///
  /// - Complexity: O(d + m): d the distance from the last edit (the gap
  ///   moves there), m the length of `newElements`; amortised when the gap
  ///   grows.
  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == UInt16 {
    precondition(
      subrange.lowerBound >= 0 && subrange.upperBound <= count, "range out of bounds")
    units.replaceSubrange(
      subrange, with: newElements, shift: NoShift(),
      minimumGap: Swift.max(count / 8, Self.minimumGap))
  }

  /// Whether `other` is a copy of this buffer that neither has edited since
  /// (one storage): the two then hold the same code units, and the first
  /// edit to either copies the storage.
  ///
  /// - Complexity: O(1).
  package func sharesStorage(with other: UTF16Buffer) -> Bool {
    units.sharesStorage(with: other.units)
  }

  /// Reserves room for `minimumCapacity` code units in all.
  ///
  /// - Complexity: O(n) when it grows.
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    reserveGap(minimumCapacity - count)
  }

  /// The units in contiguous memory when the gap is at an end (no copy),
  /// else nil.
  public func withContiguousStorageIfAvailable<R>(
    _ body: (UnsafeBufferPointer<UInt16>) throws -> R
  ) rethrows -> R? {
    guard units.gapLength == 0 || units.gapStart == count else { return nil }
    return try units.storage.withUnsafeBufferPointer {
      try body(UnsafeBufferPointer(rebasing: $0[0..<count]))
    }
  }
}

extension UTF16Buffer: Equatable, Hashable {
  /// Whether the two buffers hold the same code units (wherever their gaps).
  ///
  /// - Complexity: O(n).
  public static func == (lhs: UTF16Buffer, rhs: UTF16Buffer) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }

  /// Hashes the code units (not the gap).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for unit in self { hasher.combine(unit) }
  }
}

extension UTF16Buffer: ExpressibleByArrayLiteral {
  /// A buffer of the literal's code units.
  public init(arrayLiteral elements: UInt16...) {
    self.init(elements)
  }
}

extension UTF16Buffer: CustomStringConvertible {
  /// The units decoded as UTF-16 (a lone surrogate as U+FFFD).
  public var description: String { String(decoding: self, as: UTF16.self) }
}

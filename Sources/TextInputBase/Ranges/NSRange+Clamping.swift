public import Foundation

extension NSRange {
  /// This range as offsets inside a text of `length` UTF-16 code units: the one
  /// way every API of the package reads a range it is given, never trapping.
  ///
  /// - A location of `NSNotFound` (which is `Int.max`) or past the end gives the
  ///   empty range at the end: "no range", never the whole text.
  /// - A negative location becomes 0; a negative length becomes 0.
  /// - A length that runs past the end, or overflows `Int`, is cut at the end.
  ///
  /// ```swift
  /// NSRange(location: 2, length: 10).clamped(toLength: 5)           // 2..<5
  /// NSRange(location: NSNotFound, length: 3).clamped(toLength: 5)   // 5..<5
  /// NSRange(location: -4, length: 6).clamped(toLength: 5)           // 0..<5
  /// ```
  ///
  /// - Complexity: O(1).
  public func clamped(toLength length: Int) -> Range<Int> {
    let count = Swift.max(length, 0)
    let start = Swift.min(Swift.max(location, 0), count)
    let (sum, overflow) = start.addingReportingOverflow(Swift.max(self.length, 0))
    let end = overflow ? count : Swift.min(sum, count)
    return start..<end
  }
}

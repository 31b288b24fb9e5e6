import Foundation
import PropertyBased
import Testing
import UnicodeTestSupport

@testable import TextLayout

/// The lines' gap buffer against a plain array: the same replacements, each
/// shifting the lines after it by an offset and a height, at random places
/// (the gap moves both ways and grows), must read as the array's lines.
@Suite("LineFragments: lines in a gap, shifted instead of rewritten")
struct LineFragmentsTests {
  static func line(_ location: Int, _ y: Int) -> LineFragment {
    LineFragment(
      range: NSRange(location: location, length: 3),
      rect: CGRect(x: 0, y: CGFloat(y), width: 10, height: 1),
      usedRect: CGRect(x: 1, y: CGFloat(y), width: 5, height: 1), baseline: CGFloat(y) + 0.75,
      usedWidth: 5, direction: .leftToRight, endsParagraph: y % 3 == 0)
  }

  @Test func replacementsMatchAnArray() async {
    let edit = zip(
      Gen.int(in: 0...1_000), Gen.int(in: 0...4), Gen.int(in: 0...5), Gen.int(in: -20...20),
      Gen.int(in: -3...3))
    await propertyCheck(
      count: CheckScale.cases(200, full: 2_000), input: Gen.int(in: 0...40),
      edit.array(of: 1...25)
    ) { initial, edits in
      var array = (0..<initial).map { Self.line($0 * 3, $0) }
      var lines = LineFragments(array)
      for (step, (position, removed, added, delta, dy)) in edits.enumerated() {
        let start = position % (array.count + 1)
        let end = min(start + removed, array.count)
        let new = (0..<added).map { Self.line(1_000 * step + $0, -$0) }
        lines.replaceSubrange(start..<end, with: new, offsetDelta: delta, dy: CGFloat(dy))
        let later = array[end...].map { $0.shifted(by: delta, dy: CGFloat(dy)) }
        array = Array(array[..<start]) + new + later
        #expect(lines.array == array, "after edit \(step)")
        #expect(lines.count == array.count)
        if let last = array.last { #expect(lines.last == last) }
        // Writes through the subscript land where reads find them.
        if !array.isEmpty {
          let index = position % array.count
          var changed = array[index]
          changed.usedWidth += 1
          lines[index] = changed
          array[index] = changed
          #expect(lines[index] == changed && lines == LineFragments(array))
        }
      }
    }
  }
}

extension LineFragmentsTests {
  /// Equality and hashing read the lines, wherever the gap is; a slice
  /// written lands on its lines.
  @Test func equalityHashingAndSlicesReadTheLines() {
    var lines = LineFragments()
    #expect(lines.isEmpty && lines == LineFragments([]))
    lines = LineFragments((0..<10).map { Self.line($0 * 3, $0) })
    var edited = lines
    edited.replaceSubrange(2..<3, with: [Self.line(6, 2)], offsetDelta: 0, dy: 0)
    #expect(edited == lines)
    #expect(edited.hashValue == lines.hashValue)
    edited[4..<6] = lines[6..<8]
    #expect(Array(edited[4..<6]) == Array(lines[6..<8]))
    #expect(edited != lines)
  }
}

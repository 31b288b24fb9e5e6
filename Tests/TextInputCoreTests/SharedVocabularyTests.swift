import Testing
import TextInputBase

@Suite("TextInputBase's shared helpers: the one binary search and the U+XXXX notation")
struct SharedVocabularyTests {
  /// Sorted arrays with repeats, and the values around and between them.
  static let arrays: [[Int]] = [
    [], [5], [1, 1, 1], [0, 3, 3, 7], Array(0..<17), [2, 4, 4, 4, 9, 12],
  ]

  @Test("partitioningIndex finds what a linear scan finds", arguments: arrays)
  func partitioningIndex(array: [Int]) {
    for value in -1...18 {
      #expect(
        array.partitioningIndex { $0 >= value } == (array.firstIndex { $0 >= value } ?? array.count)
      )
      #expect(
        array.partitioningIndex { $0 > value } == (array.firstIndex { $0 > value } ?? array.count))
    }
  }

  @Test(
    "lastIndexOfFirstPartition is the last index at or before a value, else 0", arguments: arrays)
  func lastIndexOfFirstPartition(array: [Int]) {
    for value in -1...18 {
      #expect(
        array.lastIndexOfFirstPartition { $0 <= value } == (array.lastIndex { $0 <= value } ?? 0))
    }
  }

  @Test("partitioningIndex on a slice returns the slice's own indices")
  func slice() {
    let slice = [0, 1, 2, 3, 4, 5][2..<5]
    #expect(slice.partitioningIndex { $0 >= 3 } == 3)
    #expect(slice.partitioningIndex { $0 >= 9 } == slice.endIndex)
    #expect(slice.lastIndexOfFirstPartition { $0 <= 0 } == slice.startIndex)
  }

  @Test(
    "U+XXXX is formatted with at least four uppercase digits",
    arguments: [(0x20, "U+0020"), (0xA0, "U+00A0"), (0x3000, "U+3000"), (0x1F44D, "U+1F44D")]
      as [(UInt32, String)])
  func format(value: UInt32, expected: String) throws {
    let scalar = try #require(Unicode.Scalar(value))
    #expect(CodePointNotation.format(scalar) == expected)
    #expect(CodePointNotation.parse(expected) == scalar)
    #expect(CodePointNotation.parse(expected.lowercased()) == scalar)
  }

  @Test(
    "What is not U+ and four to six hex digits of a scalar value is not parsed",
    arguments: [
      "", "U+", "U+20", "0020", "U+0020 ", "U+D800", "U+110000", "U+1234567", "U++1234", "U+-000",
      "U+00G0",
    ])
  func notParsed(text: String) {
    #expect(CodePointNotation.parse(text) == nil)
  }
}

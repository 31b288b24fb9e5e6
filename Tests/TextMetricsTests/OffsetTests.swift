import Foundation
import Testing
import TextMetrics

/// "e\u{301}👍🏽!": clusters [0, 2) [2, 6) [6, 7).
private let sample = Graphemes.boundaries(in: "e\u{301}👍🏽!")

@Suite("TextBoundaries")
struct TextBoundariesTests {
  @Test func sampleBoundaries() {
    #expect(sample.offsets == [0, 2, 6, 7])
    #expect(sample.utf16Count == 7)
    #expect(sample.segmentCount == 3)
    for offset in [0, 2, 6, 7] { #expect(sample.isBoundary(offset)) }
    for offset in [Int.min, -1, 1, 3, 4, 5, 8, Int.max] { #expect(!sample.isBoundary(offset)) }
  }

  @Test func emptyText() throws {
    let empty = Graphemes.boundaries(in: "")
    #expect(empty.offsets == [0])
    #expect(empty.utf16Count == 0)
    #expect(empty.segmentCount == 0)
    #expect(empty == Graphemes.boundaries(utf16: []))
    for direction in SnapDirection.allCases {
      #expect(empty.snap(5, direction) == 0)
      #expect(empty.snap(-5, direction) == 0)
    }
    #expect(empty.boundary(after: 0) == nil)
    #expect(empty.boundary(after: -1) == 0)
    #expect(empty.boundary(before: 0) == nil)
    #expect(empty.boundary(before: 1) == 0)
    #expect(try empty.segmentIndex(containing: 0) == 0)
    #expect(try empty.offset(ofSegment: 0) == 0)
    #expect(throws: TextOffsetError.offsetOutOfBounds(offset: 0, utf16Count: 0)) {
      try empty.segment(containing: 0)
    }
    #expect(throws: TextOffsetError.segmentIndexOutOfBounds(index: 1, segmentCount: 0)) {
      try empty.offset(ofSegment: 1)
    }
    #expect(empty.widened(NSRange(location: 3, length: 4)) == NSRange(location: 0, length: 0))
  }

  struct SnapCase: Sendable, CustomTestStringConvertible {
    var offset: Int
    var direction: SnapDirection
    var expected: Int
    var testDescription: String { "snap(\(offset), .\(direction.rawValue)) == \(expected)" }
  }

  @Test(arguments: [
    SnapCase(offset: 0, direction: .forward, expected: 0),
    SnapCase(offset: 2, direction: .backward, expected: 2),
    SnapCase(offset: 1, direction: .backward, expected: 0),
    SnapCase(offset: 1, direction: .forward, expected: 2),
    SnapCase(offset: 1, direction: .nearest, expected: 0),  // a tie goes backward
    SnapCase(offset: 3, direction: .backward, expected: 2),
    SnapCase(offset: 3, direction: .forward, expected: 6),
    SnapCase(offset: 3, direction: .nearest, expected: 2),
    SnapCase(offset: 4, direction: .nearest, expected: 2),  // a tie goes backward
    SnapCase(offset: 5, direction: .nearest, expected: 6),
    SnapCase(offset: 7, direction: .forward, expected: 7),
    SnapCase(offset: -1, direction: .forward, expected: 0),
    SnapCase(offset: Int.min, direction: .nearest, expected: 0),
    SnapCase(offset: 8, direction: .backward, expected: 7),
    SnapCase(offset: Int.max, direction: .forward, expected: 7),
  ])
  func snap(_ test: SnapCase) {
    #expect(sample.snap(test.offset, test.direction) == test.expected)
  }

  @Test(
    arguments: [
      (Int.min, 0), (-1, 0), (0, 2), (1, 2), (2, 6), (5, 6), (6, 7), (7, nil), (8, nil),
      (Int.max, nil),
    ] as [(Int, Int?)])
  func boundaryAfter(_ offset: Int, _ expected: Int?) {
    #expect(sample.boundary(after: offset) == expected)
  }

  @Test(
    arguments: [
      (Int.min, nil), (0, nil), (1, 0), (2, 0), (3, 2), (6, 2), (7, 6), (8, 7), (Int.max, 7),
    ] as [(Int, Int?)])
  func boundaryBefore(_ offset: Int, _ expected: Int?) {
    #expect(sample.boundary(before: offset) == expected)
  }

  @Test func segmentIndexAndSegment() throws {
    for (offset, index) in [(0, 0), (1, 0), (2, 1), (5, 1), (6, 2), (7, 3)] {
      #expect(try sample.segmentIndex(containing: offset) == index)
    }
    #expect(try sample.segment(containing: 3) == NSRange(location: 2, length: 4))
    #expect(try sample.segment(containing: 0) == NSRange(location: 0, length: 2))
    #expect(try sample.segment(containing: 6) == NSRange(location: 6, length: 1))
    for (index, offset) in [(0, 0), (1, 2), (2, 6), (3, 7)] {
      #expect(try sample.offset(ofSegment: index) == offset)
    }
  }

  @Test(arguments: [-1, 8, Int.min, Int.max])
  func segmentIndexOutOfBounds(_ offset: Int) {
    #expect(throws: TextOffsetError.offsetOutOfBounds(offset: offset, utf16Count: 7)) {
      try sample.segmentIndex(containing: offset)
    }
  }

  @Test(arguments: [-1, 7, 8, Int.min, Int.max])
  func segmentOutOfBounds(_ offset: Int) {
    #expect(throws: TextOffsetError.offsetOutOfBounds(offset: offset, utf16Count: 7)) {
      try sample.segment(containing: offset)
    }
  }

  @Test(arguments: [-1, 4, Int.min, Int.max])
  func offsetOfSegmentOutOfBounds(_ index: Int) {
    #expect(throws: TextOffsetError.segmentIndexOutOfBounds(index: index, segmentCount: 3)) {
      try sample.offset(ofSegment: index)
    }
  }

  struct WidenCase: Sendable, CustomTestStringConvertible {
    var location: Int
    var length: Int
    var expected: NSRange
    var testDescription: String {
      "widen({\(location), \(length)}) == {\(expected.location), \(expected.length)}"
    }
  }

  @Test(arguments: [
    WidenCase(location: 1, length: 2, expected: NSRange(location: 0, length: 6)),
    WidenCase(location: 2, length: 4, expected: NSRange(location: 2, length: 4)),
    WidenCase(location: 6, length: 1, expected: NSRange(location: 6, length: 1)),
    WidenCase(location: 0, length: 7, expected: NSRange(location: 0, length: 7)),
    // An empty range inside a cluster: the empty range at the cluster's start.
    WidenCase(location: 3, length: 0, expected: NSRange(location: 2, length: 0)),
    WidenCase(location: 2, length: 0, expected: NSRange(location: 2, length: 0)),
    WidenCase(location: 7, length: 0, expected: NSRange(location: 7, length: 0)),
    // NSNotFound (Int.max on Linux): the end of the text.
    WidenCase(location: NSNotFound, length: 0, expected: NSRange(location: 7, length: 0)),
    WidenCase(location: NSNotFound, length: 5, expected: NSRange(location: 7, length: 0)),
    // Negative location and length: clamped to 0.
    WidenCase(location: -3, length: 5, expected: NSRange(location: 0, length: 6)),
    WidenCase(location: -3, length: -2, expected: NSRange(location: 0, length: 0)),
    WidenCase(location: Int.min, length: 3, expected: NSRange(location: 0, length: 6)),
    WidenCase(location: 5, length: -1, expected: NSRange(location: 2, length: 0)),
    WidenCase(location: 4, length: Int.min, expected: NSRange(location: 2, length: 0)),
    // Past the end, and overflowing location + length.
    WidenCase(location: 9, length: 3, expected: NSRange(location: 7, length: 0)),
    WidenCase(location: 1, length: 100, expected: NSRange(location: 0, length: 7)),
    WidenCase(location: 1, length: Int.max, expected: NSRange(location: 0, length: 7)),
    WidenCase(location: Int.max, length: Int.max, expected: NSRange(location: 7, length: 0)),
  ])
  func widened(_ test: WidenCase) {
    let widened = sample.widened(NSRange(location: test.location, length: test.length))
    #expect(widened == test.expected)
  }
}

@Suite("TextOffsets")
struct TextOffsetsTests {
  let text = "a👍🏽b\u{301}c"  // UTF-16: a 0, 👍 1-2, 🏽 3-4, b 5, U+0301 6, c 7; count 8

  @Test func stringIndexOnEveryScalarBoundary() throws {
    for (offset, scalar) in [(0, "a"), (1, "👍"), (3, "🏽"), (5, "b"), (6, "\u{301}"), (7, "c")] {
      let index = try TextOffsets.stringIndex(forUTF16Offset: offset, in: text)
      #expect(String(text.unicodeScalars[index]) == scalar)
      #expect(try TextOffsets.utf16Offset(of: index, in: text) == offset)
    }
    let end = try TextOffsets.stringIndex(forUTF16Offset: 8, in: text)
    #expect(end == text.endIndex)
    #expect(try TextOffsets.utf16Offset(of: text.endIndex, in: text) == 8)
  }

  @Test(arguments: [-1, 9, Int.min, Int.max])
  func stringIndexOutOfBounds(_ offset: Int) {
    #expect(throws: TextOffsetError.offsetOutOfBounds(offset: offset, utf16Count: 8)) {
      try TextOffsets.stringIndex(forUTF16Offset: offset, in: text)
    }
  }

  @Test(arguments: [2, 4])
  func stringIndexInsideSurrogatePair(_ offset: Int) {
    #expect(throws: TextOffsetError.insideSurrogatePair(offset: offset)) {
      try TextOffsets.stringIndex(forUTF16Offset: offset, in: text)
    }
  }

  @Test func utf16OffsetOfAnIndexPastTheEnd() {
    let long = "abcdef日本"
    let index = long.index(long.startIndex, offsetBy: 5)
    #expect(throws: TextOffsetError.indexOutOfBounds(index: index, utf16Count: 2)) {
      try TextOffsets.utf16Offset(of: index, in: "ab")
    }
    #expect(throws: TextOffsetError.self) { try TextOffsets.utf16Offset(of: long.endIndex, in: "") }
  }

  @Test func graphemeIndices() throws {
    // Clusters: a [0,1) 👍🏽 [1,5) b́ [5,7) c [7,8)
    for (offset, index) in [(0, 0), (1, 1), (2, 1), (4, 1), (5, 2), (6, 2), (7, 3), (8, 4)] {
      #expect(try TextOffsets.graphemeIndex(forUTF16Offset: offset, in: text) == index)
    }
    for (index, offset) in [(0, 0), (1, 1), (2, 5), (3, 7), (4, 8)] {
      #expect(try TextOffsets.utf16Offset(forGraphemeIndex: index, in: text) == offset)
    }
    #expect(throws: TextOffsetError.offsetOutOfBounds(offset: 9, utf16Count: 8)) {
      try TextOffsets.graphemeIndex(forUTF16Offset: 9, in: text)
    }
    #expect(throws: TextOffsetError.offsetOutOfBounds(offset: -1, utf16Count: 8)) {
      try TextOffsets.graphemeIndex(forUTF16Offset: -1, in: text)
    }
    #expect(throws: TextOffsetError.segmentIndexOutOfBounds(index: 5, segmentCount: 4)) {
      try TextOffsets.utf16Offset(forGraphemeIndex: 5, in: text)
    }
    #expect(throws: TextOffsetError.segmentIndexOutOfBounds(index: -1, segmentCount: 4)) {
      try TextOffsets.utf16Offset(forGraphemeIndex: -1, in: text)
    }
    #expect(try TextOffsets.graphemeIndex(forUTF16Offset: 0, in: "") == 0)
    #expect(try TextOffsets.utf16Offset(forGraphemeIndex: 0, in: "") == 0)
  }
}

@Suite("TextOffsetError messages name the bad value and what was expected")
struct TextOffsetErrorTests {
  @Test(arguments: [
    (
      TextOffsetError.offsetOutOfBounds(offset: 9, utf16Count: 8),
      ["9", "0...8", "expected"]
    ),
    (
      TextOffsetError.offsetOutOfBounds(offset: -1, utf16Count: 0),
      ["-1", "0...0", "expected"]
    ),
    (
      TextOffsetError.segmentIndexOutOfBounds(index: 5, segmentCount: 4),
      ["5", "0...4", "expected"]
    ),
    (
      TextOffsetError.insideSurrogatePair(offset: 2),
      ["2", "surrogate pair", "expected", "scalar boundary"]
    ),
    (
      TextOffsetError.indexOutOfBounds(
        index: "abcdef".index("abcdef".startIndex, offsetBy: 5), utf16Count: 2),
      ["5[", "past the text's end", "expected", "2"]
    ),
  ])
  func message(_ error: TextOffsetError, _ fragments: [String]) {
    let message = error.description
    for fragment in fragments {
      #expect(message.contains(fragment), "\(message) should name \(fragment)")
    }
    #expect(String(describing: error) == message)
  }
}

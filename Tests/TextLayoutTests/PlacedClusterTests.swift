import Foundation
import Testing
import TextLayout

/// Everything the queries answer for every line and offset of a frame.
private func answers(_ frame: TextFrame) -> [String] {
  var out: [String] = []
  for line in frame.lineFragments.indices {
    out.append("\(frame.placedClusters(ofLine: line) ?? [])")
    out.append("\(frame.visualRuns(ofLine: line) ?? [])")
  }
  for offset in 0...frame.utf16.count {
    let caret = frame.caretRect(at: offset)
    out.append("\(caret) \(frame.offset(closestTo: CGPoint(x: caret.midX, y: caret.midY)))")
    out.append("\(frame.selectionRects(for: NSRange(location: offset, length: 3)))")
  }
  return out
}

@Suite("TextFrame.placedClusters(ofLine:) and the measured paragraphs it keeps")
struct PlacedClusterTests {
  static let text = "ab שלום 12\nשלום עולם abc\n\u{600}\u{627}x 👍🏽 e\u{301}\nlast"

  @Test("The doc example: a left-to-right line with a right-to-left word")
  func docExample() throws {
    let frame = TextFrame("ab שלום")
    let clusters = try #require(frame.placedClusters(ofLine: 0))
    #expect(clusters.map(\.range.location) == [0, 1, 2, 6, 5, 4, 3])
    #expect(clusters.map(\.minX) == [0, 1, 2, 3, 4, 5, 6])
    #expect(clusters.map(\.maxX) == [1, 2, 3, 4, 5, 6, 7])
    #expect(clusters[3].direction == .rightToLeft)
    #expect(clusters.map(\.runIndex) == [0, 0, 0, 1, 1, 1, 1])
    #expect(clusters.allSatisfy { !$0.isEllipsis })
  }

  @Test("No line, no clusters", arguments: [-1, 1, Int.max, Int.min])
  func badLineIndex(index: Int) {
    #expect(TextFrame("abc").placedClusters(ofLine: index) == nil)
  }

  @Test("A truncated line lists the ellipsis as a run of its own, over the hidden text")
  func ellipsis() throws {
    let frame = TextFrame(
      "abcdefghij",
      container: TextContainer(width: 5, maximumNumberOfLines: 1),
      style: LayoutStyle(lineBreakMode: .truncateTail))
    let clusters = try #require(frame.placedClusters(ofLine: 0))
    let ellipsis = try #require(clusters.last)
    #expect(ellipsis.isEllipsis)
    #expect(ellipsis.range == NSRange(location: 4, length: 6))
    #expect(ellipsis.runIndex == 1)
    #expect(ellipsis.minX == 4)
    #expect(clusters.dropLast().map(\.range.location) == [0, 1, 2, 3])
  }

  @Test("Queries on a frame and on its copy stay right when one of them is edited")
  func cacheFollowsEdits() {
    var edited = TextFrame(Self.text, container: TextContainer(width: 9))
    let original = edited
    let before = answers(original)  // fills the shared cache
    edited.replaceCharacters(in: NSRange(location: 3, length: 2), with: "xy\u{627}")
    #expect(answers(edited) == answers(TextFrame(edited.text, container: TextContainer(width: 9))))
    #expect(answers(original) == before)
    #expect(before == answers(TextFrame(Self.text, container: TextContainer(width: 9))))
  }

  @Test("One frame queried from many tasks at once answers as on one thread")
  func concurrentQueries() async {
    let frame = TextFrame(Self.text, container: TextContainer(width: 7))
    let expected = answers(TextFrame(Self.text, container: TextContainer(width: 7)))
    let results = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<8 { group.addTask { answers(frame) } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results.count == 8)
    #expect(results.allSatisfy { $0 == expected })
  }
}

import Foundation
import Testing
import TextLayout

/// A frame's measured paragraphs are kept in a lock-protected cache that the
/// frame shares with its copies. These tests query one frame (and edit its
/// copies) from many tasks at once and compare every answer with a frame
/// queried on one thread; under ThreadSanitizer (`swift test
/// --sanitize=thread --filter ConcurrencyTests`, see the README) they also
/// fail on a data race in the cache or in the bidi paragraphs it holds.
@Suite("Concurrency: one frame's paragraph cache shared by many tasks")
struct ConcurrencyTests {
  static let tasks = 16

  /// Twenty paragraphs (more than the cache keeps), left-to-right,
  /// right-to-left and mixed, so that tasks evict each other's entries.
  static let text = (0..<20).map { paragraph in
    switch paragraph % 4 {
    case 0: "paragraph \(paragraph) with a few words to wrap"
    case 1: "שלום עולם \(paragraph) abc אבג"
    case 2: "\u{600}\u{627}x 👍🏽 e\u{301} \(paragraph) 日本語"
    default: "mixed \(paragraph) עברית and English"
    }
  }.joined(separator: "\n")

  static let container = TextContainer(width: 12)

  /// What a caret, a hit-test and a selection at the paragraphs `task`
  /// visits give (each task visits them in its own order).
  static func answers(_ frame: TextFrame, task: Int) -> [String] {
    let lines = frame.lineFragments.indices
    var out: [String] = []
    for step in lines {
      let line = (step * 7 + task * 5) % lines.count
      out.append("\(frame.placedClusters(ofLine: line) ?? [])")
      out.append("\(frame.visualRuns(ofLine: line) ?? [])")
      let range = frame.lineFragments[line].range
      let caret = frame.caretRect(at: range.location + range.length / 2)
      out.append("\(caret) \(frame.offset(closestTo: CGPoint(x: caret.midX, y: caret.midY)))")
      out.append("\(frame.selectionRects(for: NSRange(location: range.location, length: 5)))")
    }
    return out
  }

  @Test("Tasks querying one frame in different orders answer as on one thread")
  func sharedFrame() async {
    let frame = TextFrame(Self.text, container: Self.container)
    #expect(frame.lineFragments.count > 20)
    let expected = (0..<Self.tasks).map {
      Self.answers(TextFrame(Self.text, container: Self.container), task: $0)
    }
    let results = await withTaskGroup(of: (Int, [String]).self) { group in
      for task in 0..<Self.tasks { group.addTask { (task, Self.answers(frame, task: task)) } }
      return await group.reduce(into: [Int: [String]]()) { $0[$1.0] = $1.1 }
    }
    for task in 0..<Self.tasks { #expect(results[task] == expected[task], "task \(task)") }
  }

  @Test("Copies edited on their own tasks while others query the original")
  func copiesEditedConcurrently() async {
    let frame = TextFrame(Self.text, container: Self.container)
    _ = Self.answers(frame, task: 0)  // fill the shared cache first
    func edit(_ task: Int, _ frame: TextFrame) -> [String] {
      var copy = frame
      copy.replaceCharacters(
        in: NSRange(location: task * 37 % frame.utf16.count, length: task % 3),
        with: task.isMultiple(of: 2) ? "אב \(task)" : "x\(task)\n")
      return [copy.text] + Self.answers(copy, task: task)
    }
    let expected = (0..<Self.tasks).map { task in
      task.isMultiple(of: 4)
        ? Self.answers(TextFrame(Self.text, container: Self.container), task: task)
        : edit(task, TextFrame(Self.text, container: Self.container))
    }
    let results = await withTaskGroup(of: (Int, [String]).self) { group in
      for task in 0..<Self.tasks {
        group.addTask {
          (task, task.isMultiple(of: 4) ? Self.answers(frame, task: task) : edit(task, frame))
        }
      }
      return await group.reduce(into: [Int: [String]]()) { $0[$1.0] = $1.1 }
    }
    for task in 0..<Self.tasks { #expect(results[task] == expected[task], "task \(task)") }
    #expect(frame.text == Self.text)
  }
}

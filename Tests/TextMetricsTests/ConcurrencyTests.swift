import Foundation
import Testing
import TextMetrics

/// Shared state of TextMetrics used from many tasks at once: one
/// `BidiParagraph` (ICU's paragraph object behind a lock), the break
/// iterators cloned from shared prototypes, and the tables built at first use. Answers are compared with one
/// thread's; under ThreadSanitizer (`swift test --sanitize=thread --filter
/// ConcurrencyTests`, see the README) a data race also fails.
@Suite("Concurrency: a shared bidi paragraph and the ICU iterators from many tasks")
struct ConcurrencyTests {
  static let tasks = 16
  static let text = "abc שלום עולם 123 def \u{600}\u{627}x אבג 👍🏽 e\u{301} end"

  /// The visual runs of a few lines, starting at `task`.
  static func runs(_ paragraph: BidiParagraph, task: Int) -> [[VisualRun]] {
    (0..<paragraph.utf16Count).map { start in
      let location = (start + task) % paragraph.utf16Count
      return paragraph.visualRuns(
        in: NSRange(location: location, length: min(9, paragraph.utf16Count - location)))
    }
  }

  @Test("One BidiParagraph queried from many tasks answers as on one thread")
  func sharedBidiParagraph() async {
    let paragraph = Bidi.paragraph(in: Self.text)
    let expected = (0..<Self.tasks).map { Self.runs(Bidi.paragraph(in: Self.text), task: $0) }
    #expect(expected[0].contains { $0.contains(where: \.isRightToLeft) })
    let results = await withTaskGroup(of: (Int, [[VisualRun]]).self) { group in
      for task in 0..<Self.tasks { group.addTask { (task, Self.runs(paragraph, task: task)) } }
      return await group.reduce(into: [Int: [[VisualRun]]]()) { $0[$1.0] = $1.1 }
    }
    for task in 0..<Self.tasks { #expect(results[task] == expected[task], "task \(task)") }
  }

  /// Words (ICU's cloned iterator), line breaks (the shared class and state
  /// tables, and ICU's iterator for the Thai paragraphs of odd tasks) and
  /// clusters with widths (the shared property table; emoji widths).
  static func segmentation(_ text: String) -> String {
    "\(Words.segmentation(in: text).segments) \(LineBreaks.opportunities(in: text))"
      + " \(Graphemes.clusters(in: text)) \(DisplayWidth.measurement(in: text))"
  }

  @Test("Word and line segmentation and widths, from many tasks at once")
  func iteratorsFromManyTasks() async {
    let texts = (0..<Self.tasks).map {
      "\($0) " + Self.text + String(repeating: " x", count: $0)
        + ($0 % 2 == 1 ? "\nภาษาไทยง่าย 👨‍👩‍👧 🇫🇷" : "")
    }
    let expected = texts.map(Self.segmentation)
    let results = await withTaskGroup(of: (Int, String).self) { group in
      for task in 0..<Self.tasks {
        let text = texts[task]
        group.addTask { (task, Self.segmentation(text)) }
      }
      return await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
    }
    for task in 0..<Self.tasks { #expect(results[task] == expected[task], "task \(task)") }
  }
}

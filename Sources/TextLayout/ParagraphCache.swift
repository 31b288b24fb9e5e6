import Foundation
import TextMetrics

/// A paragraph as the queries of a frame need it: its measured clusters and,
/// when it may hold right-to-left text, the bidi algorithm's result.
struct ShapedParagraph: Sendable {
  var measured: MeasuredParagraph
  var bidi: BidiParagraph?
}

/// The paragraphs a frame's queries measured, so that a run of queries on one
/// paragraph (a caret, a selection, hit-tests) measures it once.
///
/// A frame holds one cache and shares it with its copies; every edit gives the
/// edited frame a new, empty one (`TextFrame.layoutAll()` and
/// `replaceCharacters(in:with:)`), so an entry always describes the paragraph
/// of the frame value that holds the cache. At most `capacity` paragraphs are
/// kept, the oldest dropped first, so the memory it holds stays that of a few
/// paragraphs whatever is queried. A lock serialises access: frames are
/// `Sendable`, and copies on several threads share the cache.
final class ParagraphCache: @unchecked Sendable {
  /// How many paragraphs are kept.
  static let capacity = 8

  private let lock = NSLock()
  private var entries: [(index: Int, paragraph: ShapedParagraph)] = []

  /// The paragraph at `index`, made by `make` if the cache does not hold it.
  /// (`make` runs outside the lock: two threads may both make it; either
  /// result is the same.)
  ///
  /// - Complexity: O(capacity) plus `make` on a miss.
  func paragraph(_ index: Int, orMake make: () -> ShapedParagraph) -> ShapedParagraph {
    lock.lock()
    let hit = entries.first { $0.index == index }?.paragraph
    lock.unlock()
    if let hit { return hit }
    let made = make()
    lock.lock()
    defer { lock.unlock() }
    if !entries.contains(where: { $0.index == index }) {
      if entries.count >= Self.capacity { entries.removeFirst() }
      entries.append((index, made))
    }
    return made
  }

  /// Keeps `paragraph` as the paragraph at `index`, in place of the one
  /// held (an edit's measurement, so that the queries after it do not
  /// measure the paragraph again; a paragraph completed with its bidi
  /// result).
  ///
  /// - Complexity: O(capacity).
  func store(_ index: Int, _ paragraph: ShapedParagraph) {
    lock.lock()
    defer { lock.unlock() }
    entries.removeAll { $0.index == index }
    if entries.count >= Self.capacity { entries.removeFirst() }
    entries.append((index, paragraph))
  }
}

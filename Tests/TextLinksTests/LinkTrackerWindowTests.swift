import Foundation
import PropertyBased
import Testing

@testable import TextLinks

/// `LinkTracker` inside one long paragraph: it detects a window around the
/// edit, which must give the links of the whole text and stay about
/// `firstMargin` each side of the edit when links are dense.
struct LinkTrackerWindowTests {
  static let detector = LinkDetector()

  /// The pieces of `LinkGen` that do not end a paragraph.
  static let inlinePieces = LinkGen.pieces.filter { piece in
    !piece.unicodeScalars.contains {
      "\n\r\u{B}\u{C}\u{85}\u{2028}\u{2029}".unicodeScalars.contains($0)
    }
  }

  /// One paragraph of 80–400 pieces (about 600–4 000 code units), mostly
  /// link-like pieces and spaces, sometimes a run of a piece repeated (a
  /// long link, a long word with no space to cut at).
  static let longParagraph: Generator<String, Shrink.None<String>> = Generator { rng in
    let count = Int.random(in: 80...400, using: &rng)
    var out = ""
    for _ in 0..<count {
      switch Int.random(in: 0..<10, using: &rng) {
      case 0...3: out += " "
      case 4:
        let piece = inlinePieces[Int.random(in: 0..<inlinePieces.count, using: &rng)]
        out += String(repeating: piece, count: Int.random(in: 2...40, using: &rng))
      default: out += inlinePieces[Int.random(in: 0..<inlinePieces.count, using: &rng)]
      }
    }
    return out
  }

  @Test("Edits inside a long paragraph keep the links equal to detecting it whole")
  func editsInLongParagraphsMatchFullDetection() async {
    await propertyCheck(
      count: 150, input: Self.longParagraph, LinkGen.text, Gen.int(in: 0...1_000_000),
      Gen.int(in: 0...12)
    ) { text, insertion, position, deleted in
      let old = Array(text.utf16)
      var tracker = LinkTracker(detector: Self.detector, utf16: old)
      let start = position % (old.count + 1)
      let length = min(deleted, old.count - start)
      let inserted = Array(insertion.utf16.filter { $0 != 0x0A && $0 != 0x0D })
      var new = old
      new.replaceSubrange(start..<(start + length), with: inserted)
      tracker.replaceCharacters(
        in: NSRange(location: start, length: length), replacementLength: inserted.count,
        newText: new)
      #expect(
        tracker.links == Self.detector.links(utf16: new),
        "\(String(decoding: new, as: UTF16.self).debugDescription) edit at \(start)")
    }
  }

  /// Mixed text in which about one word in five is a link, as in the field
  /// benchmark, one paragraph of 20 000 code units.
  static func denseText() -> [UInt16] {
    let pieces = [
      "hello", "world", "www.example.com/docs", "ann@example.org", "😀", "中文字", "café",
      "x.org/a?b=1", "and", "the",
    ]
    var out = ""
    var index = 7
    while out.utf16.count < 20_000 {
      index = (index &* 1_103_515_245 &+ 12_345) & 0x7FFF_FFFF
      out += pieces[(index >> 8) % pieces.count] + " "
    }
    return Array(out.utf16)
  }

  @Test("A keystroke among dense links detects about firstMargin each side")
  func windowsStaySmallAmongDenseLinks() throws {
    let text = Self.denseText()
    let tracker = LinkTracker(detector: Self.detector, utf16: text)
    let bound = 2 * (LinkTracker.firstMargin + LinkTracker.spaceSearch) + 2
    var widest = 0
    // A letter typed at every 97th offset: each window must settle at once.
    for location in stride(from: 1_000, to: text.count - 1_000, by: 97) {
      var new = text
      new.insert(0x61, at: location)
      var copy = tracker
      copy.replaceCharacters(
        in: NSRange(location: location, length: 0), replacementLength: 1, newText: new)
      let window = try #require(copy.lastDetectedRange)
      widest = max(widest, window.length)
      #expect(copy.links == Self.detector.links(utf16: new))
    }
    #expect(widest <= bound, "the widest window was \(widest) code units, bound \(bound)")
  }
}

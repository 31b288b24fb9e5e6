import Foundation
import PropertyBased
import Testing
import TextLayout
import UnicodeTestSupport

/// Widths to lay out generated text at (cells of the terminal font).
let widthGen = Gen.int(in: 0...24)

/// Whether a cluster starting with `unit` hangs past a line's end or is a hard
/// break (neither counts toward a line's width).
func hangsOrBreaks(_ unit: UInt16) -> Bool {
  switch unit {
  case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: return true
  case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
  default: return false
  }
}

/// Hard line breaks: they take no width.
enum HardBreak {
  static func contains(_ unit: UInt16) -> Bool {
    [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(unit)
  }
}

/// Line fragments equal, baselines within rounding.
func sameLines(_ a: [LineFragment], _ b: [LineFragment]) -> Bool {
  a.count == b.count
    && zip(a, b).allSatisfy { x, y in
      var x = x
      guard abs(x.baseline - y.baseline) < 1e-9 else { return false }
      x.baseline = y.baseline
      return x == y
    }
}

/// The grapheme boundaries of a frame's text.
func boundaries(_ frame: TextFrame) -> TextBoundaries {
  Graphemes.boundaries(utf16: frame.utf16.array)
}

@Suite("TextFrame properties on generated Unicode text")
struct TextFramePropertyTests {
  @Test("Every grapheme is in exactly one line fragment, lines start on boundaries")
  func linesTileTheText() async {
    await propertyCheck(
      count: CheckScale.cases(60, full: 300), input: UnicodeGen.text, widthGen
    ) { text, width in
      let frame = TextFrame(text, container: TextContainer(width: CGFloat(width)))
      let clusters = boundaries(frame)
      var next = 0
      for line in frame.lineFragments {
        #expect(line.range.location == next, "\(line) in \(text.debugDescription)")
        #expect(clusters.isBoundary(line.range.location))
        #expect(line.range.length > 0)
        next = NSMaxRange(line.range)
      }
      #expect(next == frame.utf16.count)
    }
  }

  @Test("No line is wider than the container unless one cluster alone is")
  func linesFit() async {
    await propertyCheck(
      count: CheckScale.cases(60, full: 300), input: UnicodeGen.text, widthGen
    ) { text, width in
      let frame = TextFrame(text, container: TextContainer(width: CGFloat(width)))
      for line in frame.lineFragments where line.usedWidth > CGFloat(width) {
        let shown = Graphemes.clusters(
          utf16: Array(frame.utf16[line.range.location..<NSMaxRange(line.range)])
        ).filter {
          $0.width > 0 && !hangsOrBreaks(frame.utf16[line.range.location + $0.range.location])
        }
        #expect(shown.count == 1, "\(line) in \(text.debugDescription) at \(width)")
      }
    }
  }

  @Test(
    "On every line, in either direction, the offset closest to a caret's midpoint has that caret")
  func caretRoundTrip() async {
    await propertyCheck(
      count: CheckScale.cases(60, full: 300), input: UnicodeGen.text, widthGen
    ) { text, width in
      // Right-to-left and reordered lines, explicit embeddings and overrides
      // included: where the direction changes an offset has two places, and a
      // point at either maps to an offset whose caret is there.
      let frame = TextFrame(text, container: TextContainer(width: CGFloat(width)))
      for offset in boundaries(frame).offsets {
        let caret = frame.caretRect(at: offset)
        let back = frame.offset(closestTo: CGPoint(x: caret.midX, y: caret.midY))
        #expect(
          frame.caretRect(at: back) == caret,
          "offset \(offset) → \(back) in \(text.debugDescription) at \(width)")
      }
    }
  }

  @Test("Selection rects of a range cover exactly the clusters it touches")
  func selectionCoversClusters() async {
    await propertyCheck(
      count: 200, input: UnicodeGen.text, widthGen, Gen.int(in: 0...200), Gen.int(in: 0...60)
    ) { text, width, start, length in
      let frame = TextFrame(text, container: TextContainer(width: CGFloat(width)))
      let units = frame.utf16.array
      let range = NSRange(location: min(start, units.count), length: length)
      let rects = frame.selectionRects(for: range)
      let end = min(range.location + length, units.count)
      let touched = Graphemes.clusters(utf16: units).filter {
        end > range.location && $0.range.location < end && NSMaxRange($0.range) > range.location
          && !HardBreak.contains(units[$0.range.location])
      }
      let expected = touched.reduce(0) { $0 + $1.width }
      #expect(rects.reduce(0) { $0 + $1.width } == CGFloat(expected), "\(text.debugDescription)")
      #expect(rects.allSatisfy { $0.width > 0 })
    }
  }

  @Test("Relayout after an edit equals a full layout of the edited text")
  func editEqualsFullLayout() async {
    await propertyCheck(
      count: 300, input: UnicodeGen.text, UnicodeGen.text(fragments: 0...3), widthGen,
      Gen.int(in: 0...200), Gen.int(in: 0...8)
    ) { text, inserted, width, start, length in
      let container = TextContainer(width: width == 0 ? .infinity : CGFloat(width))
      var frame = TextFrame(text, container: container)
      let range = NSRange(location: min(start, frame.utf16.count), length: length)
      frame.replaceCharacters(in: range, with: inserted)
      let fresh = TextFrame(utf16: frame.utf16, container: container)
      #expect(
        sameLines(frame.lineFragments.array, fresh.lineFragments.array),
        "\(text.debugDescription) \(range) ← \(inserted.debugDescription) at \(width)")
      #expect(frame.usedSize == fresh.usedSize)
    }
  }
}

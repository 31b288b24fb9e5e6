import Foundation
import PropertyBased
import Testing
import TextLayout
import UnicodeTestSupport

/// A `.clip` line with checkpoints (laid out and placed in windows) answers
/// every query exactly as the same line laid out and placed whole: lines,
/// carets, hit-tests, selection rects and the clusters drawn in a view,
/// after any edits, at any width and alignment.
@Suite("TextFrame: long .clip lines in windows equal whole ones")
struct ClipWindowTests {
  /// Compares every query of `windowed` with a frame of the same text laid
  /// out whole.
  static func expectSame(
    _ windowed: TextFrame, container: TextContainer, style: LayoutStyle,
    ranges: [NSRange], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let whole = TextFrame.$clipChunking.withValue(.none) {
      TextFrame(utf16: windowed.utf16.array, container: container, style: style)
    }
    #expect(windowed.utf16.array == whole.utf16.array, sourceLocation: sourceLocation)
    // (Baselines of lines a multi-paragraph edit moved may differ in the
    // last bit: moved by a difference, not laid out again.)
    #expect(
      sameLines(windowed.lineFragments.array, whole.lineFragments.array),
      "\(windowed.text.unicodeScalars.map { String($0.value, radix: 16) })",
      sourceLocation: sourceLocation)
    #expect(windowed.usedSize == whole.usedSize, sourceLocation: sourceLocation)
    let count = windowed.utf16.count
    // Every offset of a short text; of a long one, the ends, the places
    // asked about and about every (count / 200)th.
    var offsets = Set([0, count])
    let step = Swift.max(count / 80, 1)
    offsets.formUnion(stride(from: 0, through: count, by: step))
    for range in ranges {
      for offset in (range.location - 3)...(NSMaxRange(range) + 3)
      where offset >= 0 && offset <= count
        && (offset - range.location < 8 || NSMaxRange(range) - offset < 8)
      {
        offsets.insert(offset)
      }
    }
    for offset in offsets.sorted() {
      let a = windowed.caretRect(at: offset)
      let b = whole.caretRect(at: offset)
      if a != b {
        Issue.record("caret at \(offset): \(a) ≠ \(b)", sourceLocation: sourceLocation)
        return
      }
    }
    for (index, line) in whole.lineFragments.enumerated() {
      let y = line.rect.midY
      let placed = whole.placedClusters(ofLine: index) ?? []
      let right = (placed.map(\.maxX).max() ?? 0) + 3
      var x: CGFloat = -3
      let xStep = Swift.max(right / 80, 0.75)
      while x <= right {
        let a = windowed.offset(closestTo: CGPoint(x: x, y: y))
        let b = whole.offset(closestTo: CGPoint(x: x, y: y))
        if a != b {
          Issue.record("hit at (\(x), \(y)): \(a) ≠ \(b)", sourceLocation: sourceLocation)
          return
        }
        let view = (x - 2)...(x + 5)
        let reaching = windowed.placedClusters(ofLine: index, reaching: view)
        let filtered = placed.filter { $0.maxX >= view.lowerBound && $0.minX <= view.upperBound }
        if reaching != filtered {
          Issue.record("clusters reaching \(view) differ", sourceLocation: sourceLocation)
          return
        }
        x += xStep
      }
    }
    for range in ranges {
      #expect(
        windowed.selectionRects(for: range) == whole.selectionRects(for: range),
        "selection \(range)", sourceLocation: sourceLocation)
    }
  }

  static let alignments: [TextAlignment] = [.natural, .left, .center, .right, .justified]

  @Test("Random edits of generated text, small chunks, any width and alignment")
  func randomEdits() async {
    let edit = zip(Gen.int(in: 0...400), Gen.int(in: 0...6), UnicodeGen.text(fragments: 0...2))
    await propertyCheck(
      count: CheckScale.cases(60, full: 600),
      input: UnicodeGen.text(fragments: 4...40), edit.array(of: 1...6), Gen.int(in: 0...30),
      Gen.int(in: 1...12), Gen.int(in: 0...4), Gen.int(in: 0...2)
    ) { text, edits, width, chunk, alignment, fontKind in
      let chunking = TextFrame.ClipChunking(chunkLength: chunk, minimumLength: chunk * 2)
      let container = TextContainer(width: width == 0 ? .infinity : CGFloat(width))
      // 1/2-point cells sum exactly; 0.3 does not (no checkpoints then).
      let cell: CGFloat = [1, 0.5, 0.3][fontKind]
      let style = LayoutStyle(
        font: CellFont(cellWidth: cell), alignment: Self.alignments[alignment],
        lineBreakMode: .clip)
      var frame = TextFrame.$clipChunking.withValue(chunking) {
        TextFrame(text, container: container, style: style)
      }
      Self.editAndCompare(&frame, edits, chunking: chunking, container: container, style: style)
    }
  }

  /// Makes `edits` (start, length, inserted text) in `frame`, comparing it
  /// with a whole layout first and after each edit, with selections over
  /// all of it, around the edit and over its middle third.
  static func editAndCompare(
    _ frame: inout TextFrame, _ edits: [(Int, Int, String)], chunking: TextFrame.ClipChunking,
    container: TextContainer, style: LayoutStyle
  ) {
    expectSame(frame, container: container, style: style, ranges: [])
    for (start, length, inserted) in edits {
      let range = NSRange(location: min(start, frame.utf16.count), length: length)
      TextFrame.$clipChunking.withValue(chunking) {
        frame.replaceCharacters(in: range, with: inserted)
      }
      let count = frame.utf16.count
      let selections = [
        NSRange(location: 0, length: count),
        NSRange(location: min(start, count), length: min(length * 7, count - min(start, count))),
        NSRange(location: count / 3, length: count / 3),
      ]
      expectSame(frame, container: container, style: style, ranges: selections)
    }
  }

  @Test("Random edits of mixed-direction text (controls, brackets, digits), small chunks")
  func randomBidiEdits() async {
    let edit = zip(Gen.int(in: 0...400), Gen.int(in: 0...6), UnicodeGen.bidiText(pieces: 0...3))
    await propertyCheck(
      count: CheckScale.cases(60, full: 600),
      input: UnicodeGen.bidiText(pieces: 4...60), edit.array(of: 1...6), Gen.int(in: 0...30),
      Gen.int(in: 1...12), Gen.int(in: 0...4), Gen.int(in: 0...2)
    ) { generated, edits, width, chunk, alignment, direction in
      // In a natural paragraph at even widths, without its right-to-left
      // characters: a line in windows, until an edit brings them in.
      let text =
        direction == 0 && width % 2 == 0
        ? String(
          String.UnicodeScalarView(
            generated.unicodeScalars.filter {
              !Bidi.mayContainRightToLeft(Array(String($0).utf16))
            })) : generated
      let chunking = TextFrame.ClipChunking(chunkLength: chunk, minimumLength: chunk * 2)
      let container = TextContainer(width: width == 0 ? .infinity : CGFloat(width))
      let directions: [Bidi.BaseDirection] = [
        .natural, .firstStrong(fallback: .rightToLeft), .fixed(.rightToLeft),
      ]
      let style = LayoutStyle(
        alignment: Self.alignments[alignment], direction: directions[direction],
        lineBreakMode: .clip)
      var frame = TextFrame.$clipChunking.withValue(chunking) {
        TextFrame(text, container: container, style: style)
      }
      Self.editAndCompare(&frame, edits, chunking: chunking, container: container, style: style)
    }
  }

  @Test("A line of 6 000 code units with the standard chunks, edited at chunk edges")
  func longLineStandardChunks() {
    let pieces = ["hello ", "wörld ", "😀", "👍🏽", "🇫🇷", "中文", "e\u{301}", "  ", "x"]
    var text = ""
    var k = 0
    while text.utf16.count < 6_000 {
      text += pieces[k % pieces.count]
      k += 7
    }
    let container = TextContainer(width: 80)
    let style = LayoutStyle(lineBreakMode: .clip)
    var frame = TextFrame(text, container: container, style: style)
    // Inserts and deletes around where chunks of about 1024 units end, a
    // combining mark and a regional indicator among them, then a trailing
    // space run.
    let edits: [(Int, Int, String)] = [
      (1024, 0, "\u{301}"), (1023, 2, ""), (2048, 0, "🇩🇪"), (2049, 0, "\u{1F1EB}"),
      (3000, 300, ""), (4100, 0, String(repeating: "ab ", count: 500)), (0, 3, ""),
    ]
    for (start, length, inserted) in edits {
      frame.replaceCharacters(in: NSRange(location: start, length: length), with: inserted)
      Self.expectSame(
        frame, container: container, style: style,
        ranges: [NSRange(location: 10, length: 3000), NSRange(location: start, length: 3)])
    }
    let end = frame.utf16.count
    frame.replaceCharacters(in: NSRange(location: end, length: 0), with: "   ")
    Self.expectSame(frame, container: container, style: style, ranges: [])
  }
}

public import Foundation
import TextMetrics

extension TextFrame {
  /// Replaces `range` (UTF-16 code units) with `replacement` and lays out
  /// again only the paragraphs the edit touched (and the one before, in case a
  /// CR and an LF meet); later lines move by the change in offsets and height.
  ///
  /// The range is clamped to the text by `NSRange.clamped(toLength:)` (a
  /// location of `NSNotFound` or past the end inserts at the end); it need not
  /// fall on grapheme boundaries: the touched paragraphs are
  /// segmented afresh. With a line limit (`maximumNumberOfLines` > 0) the whole
  /// text is laid out again, since truncation depends on all of it; with font
  /// runs too, since their ranges are offsets of the text and an edit moves
  /// the text after it under other runs; and when the frame's height has
  /// reached `CGFloat.greatestFiniteMagnitude`, since the lines past that
  /// point all sit at the saturated y and cannot be moved by a difference.
  ///
  /// An edit inside one paragraph that neither adds nor removes a hard break
  /// is laid out in a window around it instead: from two lines before the
  /// edit, re-segmented and re-broken until a line starts, past a line-break
  /// opportunity common to the old and new text, where an old line started;
  /// the lines after it are the old ones, moved. The whole paragraph is laid
  /// out again when the edit can change it as a whole or its measure depends
  /// on the text around a cluster:
  /// - the paragraph needs the bidi algorithm (it holds right-to-left text or
  ///   a bidi control, or the base direction is not left-to-right), or the
  ///   edit brings such text in: levels are resolved over the paragraph;
  /// - the font's advances may read the text around a cluster
  ///   (`FontMetrics.advancesDependOnClusterAlone` is false), or there are
  ///   font runs;
  /// - the width is unbounded or the mode is `clip` (the paragraph is one
  ///   line) — except a `clip` line of at least 4096 code units without
  ///   bidi text, laid out with a font whose advances depend on the cluster
  ///   alone (`FontMetrics.advancesDependOnClusterAlone`): it keeps a
  ///   checkpoint of x about every 512 code units, and an edit inside it
  ///   measures the chunks around the edit (growing while the clusters at
  ///   the window's end differ), and moves the line's width by the change.
  ///
  /// - Complexity: O(w) for an edit inside a paragraph, w about the edit plus
  ///   a few lines, and otherwise O(p) in the length of the touched
  ///   paragraphs; plus O(paragraphs) additions to move the later
  ///   paragraphs' bounds. The code units (`UTF16Buffer`) and the later lines
  ///   (`LineFragments`) are not moved: each keeps a gap at the last edit and
  ///   moves only what lies between it and this one (nothing while typing
  ///   goes on in one place).
  public mutating func replaceCharacters(in range: NSRange, with replacement: String) {
    replaceCharacters(in: range, withUTF16: Array(replacement.utf16))
  }

  /// Replaces `range` (UTF-16 code units) with the code units `inserted`
  /// (which may hold lone surrogates: each is a cluster of its own), laying
  /// out again only the paragraphs the edit touched, as
  /// `replaceCharacters(in:with:)` does.
  ///
  /// - Complexity: as `replaceCharacters(in:with:)`.
  public mutating func replaceCharacters(in range: NSRange, withUTF16 inserted: [UInt16]) {
    // The queries' measurements describe the text before the edit.
    placementCache = ParagraphCache()
    let count = utf16.count
    let clamped = range.clamped(toLength: count)
    let (start, end) = (clamped.lowerBound, clamped.upperBound)
    guard container.clampedMaximumNumberOfLines == 0, style.fontRuns.isEmpty, !paragraphs.isEmpty,
      let bottom = lineFragments.last?.rect.maxY, bottom < .greatestFiniteMagnitude
    else {
      utf16.replaceSubrange(start..<end, with: inserted)
      layoutAll()
      return
    }
    if replaceInsideClipLine(start: start, end: end, with: inserted) { return }
    if replaceInsideParagraph(start: start, end: end, with: inserted) { return }
    // The paragraphs touched: from the one before the edit's start to the one
    // holding its end.
    let firstParagraph = paragraphIndex(containing: max(start - 1, 0))
    let lastParagraph = paragraphIndex(containing: end)
    let regionStart = paragraphs[firstParagraph].lowerBound
    let regionEnd = paragraphs[lastParagraph].upperBound
    let delta = inserted.count - (end - start)
    utf16.replaceSubrange(start..<end, with: inserted)
    let newRegion = regionStart..<(regionEnd + delta)
    let newParagraphs = HardBreaks.paragraphs(utf16, in: newRegion)

    let firstLine = lineIndex(containing: regionStart) ?? 0
    var lastLine = firstLine
    while lastLine < lineFragments.count,
      lineFragments[lastLine].range.location < regionEnd || regionEnd == count
    {
      lastLine += 1
    }
    let top = lineFragments[firstLine].rect.minY
    let oldBottom = lastLine > firstLine ? lineFragments[lastLine - 1].rect.maxY : top
    var newLines: [LineFragment] = []
    var y = top
    var scanner = ParagraphScanner(units: utf16, fonts: fonts, style: style)
    var measured = MeasuredParagraph()
    var broken: [BrokenLine] = []
    var newNeedsBidi: [Bool] = []
    // The checkpoints of the paragraphs replaced go; later ones move.
    let keepsCheckpoints = keepsClipCheckpoints
    let chunking = Self.clipChunking
    if !clipLines.isEmpty {
      let shift = newParagraphs.count - (lastParagraph - firstParagraph + 1)
      var moved: [Int: ClipCheckpoints] = [:]
      for (index, checkpoints) in clipLines where index < firstParagraph || index > lastParagraph {
        moved[index > lastParagraph ? index + shift : index] = checkpoints
      }
      clipLines = moved
    }
    let editEnd = start + inserted.count
    for index in newParagraphs.indices {
      scanner.measure(index, of: newParagraphs, into: &measured)
      newNeedsBidi.append(measured.needsBidi)
      if keepsCheckpoints, let checkpoints = ClipCheckpoints(measured, chunking) {
        clipLines[firstParagraph + index] = checkpoints
      }
      LineBreaker.breakLines(
        measured, width: container.lineWidth, mode: style.lineBreakMode, into: &broken)
      for line in broken {
        let built = fragment(measured, line, y: y)
        y = built.rect.maxY.saturated
        newLines.append(built)
      }
      // The paragraph the edit ends in (where the caret goes) is kept for
      // the caret query after the edit, under the key `shapedLine(_:)`
      // reads: the paragraph's when the query measures it whole (bidi, or
      // advances that read the text around a cluster); the line's when the
      // paragraph is that one line (a `.clip` line, a short paragraph),
      // whose measurement alone is the paragraph's.
      if newParagraphs[index].contains(editEnd) || index == newParagraphs.count - 1 {
        let shaped = ShapedParagraph(measured: measured, bidi: nil)
        if measured.needsBidi || !fonts.contextFree {
          placementCache.store(firstParagraph + index, shaped)
        } else if broken.count == 1, let line = newLines.last, line.truncation == nil,
          line.range == NSRange(newParagraphs[index])
        {
          placementCache.store(-1 - (firstLine + newLines.count - 1), shaped)
        }
      }
    }
    let shift = y - oldBottom
    let replacedWidest = lineFragments[firstLine..<lastLine].reduce(0) { max($0, $1.usedWidth) }
    // The later lines move by the change, without being rewritten.
    lineFragments.replaceSubrange(
      firstLine..<lastLine, with: newLines, offsetDelta: delta, dy: shift)
    for index in (lastParagraph + 1)..<paragraphs.count {
      paragraphs[index] =
        (paragraphs[index].lowerBound + delta)..<(paragraphs[index].upperBound + delta)
    }
    paragraphs.replaceSubrange(firstParagraph...lastParagraph, with: newParagraphs)
    paragraphNeedsBidi.replaceSubrange(firstParagraph...lastParagraph, with: newNeedsBidi)
    if paragraphs.isEmpty { lineFragments = [] }

    let oldWidest = widestLine
    let newWidest = newLines.reduce(0) { max($0, $1.usedWidth) }
    if container.lineWidth.isFinite {
      widestLine = max(widestLine, newWidest)
      // Only when a replaced line was the widest can the widest get narrower.
      if newWidest < oldWidest, replacedWidest >= oldWidest {
        widestLine = lineFragments.reduce(0) { max($0, $1.usedWidth) }
      }
      align(firstLine..<(firstLine + newLines.count))
    } else {
      widestLine = lineFragments.reduce(0) { max($0, $1.usedWidth) }
      align(0..<lineFragments.count)
    }
  }
}

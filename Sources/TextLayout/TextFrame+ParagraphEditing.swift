import Foundation
import TextMetrics

// An edit inside one paragraph, laid out in a window around it (see
// `TextFrame.replaceInsideParagraph(start:end:with:)`).
extension TextFrame {
  /// Code units scanned before the first line laid out again, only to let
  /// the segmentations settle: grapheme clusters and line-break opportunities
  /// found from an arbitrary point agree with the paragraph's own after their
  /// first common boundary (a run of regional indicators across the point is
  /// taken whole, since its pairs depend on its parity).
  static let settleMargin = 128
  /// Code units a window must hold past the last cluster a decision read for
  /// the decision to be kept: the window's end is the end of its text, and the
  /// line-break rules look ahead.
  static let lookaheadMargin = 128
  /// Code units of the first window past the edit (it doubles while no line
  /// of the new text starts where an old one did).
  static let firstEditWindow = 384

  /// Lays out an edit inside one paragraph in a window around it, and
  /// returns true; or returns false, changing nothing, when the edit is not
  /// one this handles (the caller then lays out the whole paragraphs).
  ///
  /// Handled: an edit that neither removes nor inserts a hard break, in a
  /// paragraph that needs no bidi algorithm and gets no right-to-left text,
  /// laid out with a font whose advances do not depend on the text
  /// around a cluster, in a finite width that wraps. What it does:
  ///
  /// 1. The window starts two lines before the line holding the edit (a line
  ///    depends on the clusters up to the one that did not fit, which can lie
  ///    on the next line but one), less `settleMargin` units to settle.
  /// 2. The window is measured in the old and the new text (clusters, widths,
  ///    line-break opportunities). The old one must give the old lines from
  ///    the window's first line again (the segmentation settled), and the two
  ///    must reach a common opportunity after the edit (a cluster start where
  ///    a line may break in both): past it the two texts segment alike,
  ///    since segmentation restarts at a boundary.
  /// 3. Lines are broken in the new window from its first line until one
  ///    starts, at or after that common point, where an old line started
  ///    (shifted by the edit): from there on the lines are the old ones,
  ///    moved by the change in offsets and height.
  ///
  /// A decision that reads within `lookaheadMargin` units of a window's end
  /// (unless the window reaches the paragraph's end) doubles the window.
  ///
  /// - Complexity: O(w) in the window's length (about the edit plus a few
  ///   lines), plus O(paragraphs) after the edit to move their bounds (the
  ///   later lines are moved by `LineFragments`' shifts, not rewritten).
  mutating func replaceInsideParagraph(start: Int, end: Int, with inserted: [UInt16]) -> Bool {
    let width = container.lineWidth
    guard fonts.contextFree, width.isFinite, style.lineBreakMode != .clip,
      !inserted.contains(where: HardBreaks.isBreak),
      !Bidi.mayContainRightToLeft(inserted)
    else { return false }
    let paragraph = paragraphIndex(containing: start)
    let range = paragraphs[paragraph]
    guard !paragraphNeedsBidi[paragraph], start >= range.lowerBound,
      end <= contentEnd(of: range),
      let editLine = lineIndex(containing: start),
      lineFragments[editLine].range.location >= range.lowerBound
    else { return false }
    var firstLine = editLine
    for _ in 0..<2 where firstLine > 0 {
      guard lineFragments[firstLine - 1].range.location >= range.lowerBound else { break }
      firstLine -= 1
    }
    let lineStart = lineFragments[firstLine].range.location
    let scanStart = settledStart(before: lineStart, in: range)
    let delta = inserted.count - (end - start)
    let newEditEnd = start + inserted.count
    var reach = Self.firstEditWindow
    while true {
      // The window: [scanStart, windowEnd) of the new text, [scanStart,
      // windowEnd - delta) of the old.
      let windowEnd = Swift.min(range.upperBound + delta, Swift.max(newEditEnd, lineStart) + reach)
      let atEnd = windowEnd == range.upperBound + delta
      switch relayOutWindow(
        scanStart: scanStart, windowEnd: windowEnd, atEnd: atEnd, firstLine: firstLine,
        editLine: editLine, paragraph: paragraph, start: start, end: end, inserted: inserted)
      {
      case .done: return true
      case .unhandled: return false
      case .needsMore:
        guard !atEnd else { return false }
        reach *= 2
      }
    }
  }

  private enum WindowOutcome { case done, unhandled, needsMore }

  /// The end of a paragraph's content: before its hard break.
  func contentEnd(of range: Range<Int>) -> Int {
    HardBreaks.contentEnd(ofParagraph: range, in: utf16)
  }

  /// Where to start scanning to lay out from `lineStart`: `settleMargin`
  /// units before it, not inside a surrogate pair, and before the whole run
  /// of regional indicators it falls in (their pairing depends on the run's
  /// start).
  private func settledStart(before lineStart: Int, in range: Range<Int>) -> Int {
    var scan = Swift.max(range.lowerBound, lineStart - Self.settleMargin)
    if scan > range.lowerBound, UTF16.isTrailSurrogate(utf16[scan]) { scan -= 1 }
    func isIndicator(_ at: Int) -> Bool {
      at + 1 < utf16.count && utf16[at] == 0xD83C && (0xDDE6...0xDDFF).contains(utf16[at + 1])
    }
    if isIndicator(scan) {
      while scan - 2 >= range.lowerBound, isIndicator(scan - 2) { scan -= 2 }
    }
    return scan
  }

  /// One attempt of `replaceInsideParagraph` with a given window.
  private mutating func relayOutWindow(
    scanStart: Int, windowEnd: Int, atEnd: Bool, firstLine: Int, editLine: Int, paragraph: Int,
    start: Int, end: Int, inserted: [UInt16]
  ) -> WindowOutcome {
    let delta = inserted.count - (end - start)
    let oldWindowEnd = windowEnd - delta
    let oldUnits = Array(utf16[scanStart..<oldWindowEnd])
    var newUnits = Array(utf16[scanStart..<start])
    newUnits.append(contentsOf: inserted)
    newUnits.append(contentsOf: utf16[end..<oldWindowEnd])
    var old = ParagraphScanner.measure(
      UTF16Buffer(oldUnits), 0..<oldUnits.count, fonts: fonts, style: style)
    var new = ParagraphScanner.measure(
      UTF16Buffer(newUnits), 0..<newUnits.count, fonts: fonts, style: style)
    guard !old.needsBidi, !new.needsBidi else { return .unhandled }
    old.range = scanStart..<oldWindowEnd
    new.range = scanStart..<windowEnd
    // Past `limit` (window-relative), a decision may depend on the window's end.
    let limit = atEnd ? Int.max : newUnits.count - Self.lookaheadMargin
    let oldLimit = atEnd ? Int.max : oldUnits.count - Self.lookaheadMargin
    let mode = style.lineBreakMode
    let width = container.lineWidth
    let lineStart = lineFragments[firstLine].range.location - scanStart
    guard let oldFirst = old.clusterIndex(startingAt: lineStart),
      let newFirst = new.clusterIndex(startingAt: lineStart)
    else { return .unhandled }

    // The old window must give the old lines again, up to the edit's line.
    var cluster = oldFirst
    for index in firstLine...editLine {
      guard cluster < old.count,
        scanStart + old.starts[cluster] == lineFragments[index].range.location
      else { return .unhandled }
      let (line, read) = LineBreaker.nextLine(old, from: cluster, width: width, mode: mode)
      guard old.starts[Swift.min(read + 1, old.count)] <= oldLimit else { return .needsMore }
      cluster = line.clusters.upperBound
      if line.endsParagraph { break }
    }

    // A common opportunity after the edit: past it the texts segment alike.
    let editEnd = start + inserted.count - scanStart
    var sync: Int?
    var index = new.clusterIndex(atOrAfter: editEnd)
    while index < new.count, new.starts[index] <= limit {
      let offset = new.starts[index]
      if new.flags[index].contains(.breakBefore), offset - delta <= oldLimit,
        let twin = old.clusterIndex(startingAt: offset - delta),
        old.flags[twin].contains(.breakBefore)
      {
        sync = offset
        break
      }
      index += 1
    }
    guard sync != nil || atEnd else { return .needsMore }

    // New lines until one starts on an old line's start past the common point.
    var lines: [BrokenLine] = []
    var matched: Int?
    cluster = newFirst
    while cluster < new.count {
      let (line, read) = LineBreaker.nextLine(new, from: cluster, width: width, mode: mode)
      guard new.starts[Swift.min(read + 1, new.count)] <= limit else { return .needsMore }
      lines.append(line)
      cluster = line.clusters.upperBound
      if line.endsParagraph { break }
      let next = new.starts[cluster]
      if let sync, next >= sync {
        let oldStart = scanStart + next - delta
        let candidate = lineIndex(containing: oldStart) ?? 0
        if candidate >= editLine, lineFragments[candidate].range.location == oldStart {
          matched = candidate
          break
        }
      }
    }
    guard matched != nil || lines.last?.endsParagraph == true else { return .needsMore }

    // Commit: the text, the lines, the paragraphs.
    let range = paragraphs[paragraph]
    let replacedEnd =
      matched
      ?? Swift.max(
        editLine + 1, lineFragments.partitioningIndex { $0.range.location >= range.upperBound })
    utf16.replaceSubrange(start..<end, with: inserted)
    let top = lineFragments[firstLine].rect.minY
    let oldBottom = replacedEnd > firstLine ? lineFragments[replacedEnd - 1].rect.maxY : top
    var y = top
    var newLines: [LineFragment] = []
    newLines.reserveCapacity(lines.count)
    for line in lines {
      let built = fragment(new, line, y: y)
      y = built.rect.maxY.saturated
      newLines.append(built)
    }
    let shift = y - oldBottom
    let replacedWidest = lineFragments[firstLine..<replacedEnd].reduce(0) {
      Swift.max($0, $1.usedWidth)
    }
    // The later lines move by the change, without being rewritten.
    lineFragments.replaceSubrange(
      firstLine..<replacedEnd, with: newLines, offsetDelta: delta, dy: shift)
    resizeParagraph(paragraph, from: range, by: delta)
    let oldWidest = widestLine
    let newWidest = newLines.reduce(0) { Swift.max($0, $1.usedWidth) }
    widestLine = Swift.max(widestLine, newWidest)
    if newWidest < oldWidest, replacedWidest >= oldWidest {
      widestLine = lineFragments.reduce(0) { Swift.max($0, $1.usedWidth) }
    }
    align(firstLine..<(firstLine + newLines.count))
    return .done
  }
}

extension MeasuredParagraph {
  /// The index of the cluster that starts at `offset` (relative to the
  /// paragraph), or nil when no cluster starts there.
  ///
  /// - Complexity: O(log clusters).
  func clusterIndex(startingAt offset: Int) -> Int? {
    let index = clusterIndex(atOrAfter: offset)
    return index < count && starts[index] == offset ? index : nil
  }

  /// The index of the first cluster that starts at or after `offset`
  /// (relative to the paragraph), or `count`.
  ///
  /// - Complexity: O(log clusters).
  func clusterIndex(atOrAfter offset: Int) -> Int {
    starts[0..<count].partitioningIndex { $0 >= offset }
  }
}

extension TextFrame {
  /// The paragraph holding `offset` (UTF-16 code units, clamped to the
  /// text): from just after the hard break before it to just after its own
  /// (an offset between CR and LF belongs to the paragraph the pair ends), or
  /// nil for empty text. For the editor and its behaviours, which would
  /// otherwise scan the text for hard breaks.
  ///
  /// - Complexity: O(log paragraphs).
  package func paragraphRange(containing offset: Int) -> Range<Int>? {
    guard !paragraphs.isEmpty else { return nil }
    return paragraphs[paragraphIndex(containing: min(max(offset, 0), utf16.count))]
  }

  /// The paragraphs that overlap `range` (UTF-16 code units), or that hold
  /// its start when it is empty.
  ///
  /// - Complexity: O(log paragraphs + k) for the k paragraphs returned.
  package func paragraphRanges(overlapping range: Range<Int>) -> ArraySlice<Range<Int>> {
    guard !paragraphs.isEmpty else { return [] }
    let first = paragraphIndex(containing: min(max(range.lowerBound, 0), utf16.count))
    var last = first + 1
    while last < paragraphs.count, paragraphs[last].lowerBound < range.upperBound { last += 1 }
    return paragraphs[first..<last]
  }

  /// Paragraph `paragraph`, which was `range` (UTF-16 code units), grows by
  /// `delta` units at its end, and the paragraphs after it move by `delta`.
  ///
  /// - Complexity: O(p) in the paragraphs after it.
  mutating func resizeParagraph(_ paragraph: Int, from range: Range<Int>, by delta: Int) {
    paragraphs[paragraph] = range.lowerBound..<(range.upperBound + delta)
    guard delta != 0 else { return }
    paragraphs.withUnsafeMutableBufferPointer { paragraphs in
      for index in (paragraph + 1)..<paragraphs.count {
        paragraphs[index] =
          (paragraphs[index].lowerBound + delta)..<(paragraphs[index].upperBound + delta)
      }
    }
  }
}

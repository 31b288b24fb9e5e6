public import Foundation
import TextInputBase
import TextMetrics

extension TextFrame {
  /// The index of the paragraph holding UTF-16 offset `offset` (the last one
  /// for the end of the text).
  func paragraphIndex(containing offset: Int) -> Int {
    paragraphs.lastIndexOfFirstPartition { $0.lowerBound <= offset }
  }

  /// Whether the text ends where a new, empty line would start (it is empty or
  /// ends with a hard break) and that line is shown.
  var hasTrailingEmptyLine: Bool {
    guard !isTruncated else { return false }
    guard let last = utf16.last else { return true }
    let maximum = container.clampedMaximumNumberOfLines
    return HardBreaks.isBreak(last) && (maximum == 0 || lineFragments.count < maximum)
  }

  /// The clusters of line `index` where they show, left to right (UTF-16
  /// code units, points): each with its range, its left and right edges, its
  /// direction and visual run, and on a truncated line the ellipsis in place
  /// of the hidden text. A line's trailing spaces and hard break are listed
  /// too (they hang past its used width); the hard break that ends a
  /// paragraph takes no room and is not listed. Nil when `index` is not a
  /// line's index.
  ///
  /// ```swift
  /// let frame = TextFrame("ab שלום")
  /// frame.placedClusters(ofLine: 0)?.map(\.range.location)   // [0, 1, 2, 6, 5, 4, 3]
  /// ```
  ///
  /// - Complexity: O(p) in the length of the line's paragraph the first time
  ///   a paragraph is queried (it is measured, and kept for the next queries
  ///   on the same frame value; in a paragraph without bidi text laid out with
  ///   a font whose advances depend on the cluster alone, only the line is
  ///   measured: O(l) in its length), then O(k log k) in the line's length.
  ///   To draw a view of a long line, `placedClusters(ofLine:reaching:)`
  ///   costs the view.
  public func placedClusters(ofLine index: Int) -> [PlacedCluster]? {
    guard lineFragments.indices.contains(index) else { return nil }
    return placedClusters(of: index)
  }

  /// The measured paragraph `index`, from the frame's cache (an edit
  /// keeps there the paragraph it measured, without its bidi result, which
  /// is made here the first time it is asked for).
  func shapedParagraph(_ index: Int) -> ShapedParagraph {
    let range = paragraphs[index]
    var shaped = placementCache.paragraph(index) {
      let measured = ParagraphScanner.measure(utf16, range, fonts: fonts, style: style)
      return ShapedParagraph(measured: measured, bidi: nil)
    }
    if shaped.measured.needsBidi, shaped.bidi == nil {
      shaped.bidi = Bidi.paragraph(utf16: Array(utf16[range]), direction: style.direction)
      placementCache.store(index, shaped)
    }
    return shaped
  }

  /// What placing line `index` needs: its paragraph measured (and run
  /// through the bidi algorithm when it may need it), or, in a paragraph
  /// that needs no bidi algorithm laid out with a font whose advances depend
  /// on the cluster alone, the line alone
  /// (its clusters and their advances are the paragraph's: a line starts on
  /// a cluster boundary, where segmentation restarts, and a cell's advance
  /// does not depend on the text around it), so that a query on one line of
  /// a long paragraph costs the line, not the paragraph. Lines are kept in
  /// the frame's cache under the key `-1 - index`.
  ///
  /// - Complexity: O(l) in the line's length, or O(p) in the paragraph's.
  func shapedLine(_ index: Int) -> ShapedParagraph {
    let line = lineFragments[index]
    let paragraph = paragraphIndex(containing: line.range.location)
    guard fonts.contextFree, line.truncation == nil, !paragraphNeedsBidi[paragraph]
    else { return shapedParagraph(paragraph) }
    return placementCache.paragraph(-1 - index) {
      let start = line.range.location
      let measured = ParagraphScanner.measure(
        utf16, start..<(start + line.range.length), fonts: fonts, style: style)
      return ShapedParagraph(measured: measured, bidi: nil)
    }
  }

  /// `placedClusters(ofLine:)` for a valid line index.
  func placedClusters(of index: Int) -> [PlacedCluster] {
    let line = lineFragments[index]
    let shaped = shapedLine(index)
    let measured = shaped.measured
    var placer = LinePlacer(shaped, units: utf16, x: line.usedRect.minX)
    let first = placer.clusterIndex(line.range.location)
    if let truncation = line.truncation {
      let head = first..<placer.clusterIndex(NSMaxRange(truncation.head))
      let tail =
        placer.clusterIndex(
          truncation.tail.location)..<placer.clusterIndex(
          NSMaxRange(truncation.tail))
      let hidden = NSMaxRange(truncation.head)..<truncation.tail.location
      let direction = line.direction
      let pieces = direction == .rightToLeft ? [tail, head] : [head, tail]
      placer.place(pieces[0])
      placer.placeEllipsis(hiding: hidden, width: ellipsisAdvance, direction: direction)
      placer.place(pieces[1])
      return placer.placed
    }
    let end = min(placer.clusterIndex(NSMaxRange(line.range)), measured.contentCount)
    guard end > first else { return [] }
    var visibleEnd = end
    while visibleEnd > first, measured.hangs(visibleEnd - 1) { visibleEnd -= 1 }
    let hanging = (visibleEnd..<end).reduce(CGFloat(0)) { ($0 + measured.advances[$1]).saturated }
    let (_, justified) = resolvedAlignment(line)
    var extra: CGFloat = 0
    if justified {
      let spaces = (first..<visibleEnd).filter { measured.isSpace($0) }.count
      if spaces > 0 { extra = max(line.usedRect.width - line.usedWidth, 0) / CGFloat(spaces) }
    }
    if line.direction == .rightToLeft {
      placer.x = Swift.max(placer.x - hanging, -CGFloat.greatestFiniteMagnitude)
    }
    placer.place(first..<end, extra: extra, justifiedEnd: visibleEnd)
    return placer.placed
  }

  /// The visual runs of line `index`, left to right, with their rects (UTF-16
  /// code units, points). Nil when `index` is not a line's index.
  ///
  /// - Complexity: O(p) in the length of the line's paragraph (O(l) in the
  ///   line's, as `placedClusters(ofLine:)` says).
  public func visualRuns(ofLine index: Int) -> [PlacedRun]? {
    guard lineFragments.indices.contains(index) else { return nil }
    let line = lineFragments[index]
    var runs: [PlacedRun] = []
    for cluster in placedClusters(of: index) {
      if let last = runs.last, runs.count - 1 == cluster.runIndex {
        runs[runs.count - 1].run.range = NSUnionRange(last.range, cluster.range)
        runs[runs.count - 1].rect.size.width = (cluster.maxX - last.rect.minX).saturated
      } else {
        runs.append(
          PlacedRun(
            VisualRun(range: cluster.range, isRightToLeft: cluster.isRightToLeft),
            rect: CGRect(
              x: cluster.minX, y: line.rect.minY, width: (cluster.maxX - cluster.minX).saturated,
              height: line.rect.height)))
      }
    }
    return runs.filter { $0.range.length > 0 }
  }

  /// The index of the line that holds UTF-16 offset `offset` (clamped to the
  /// text): the line whose range contains it, the last line for the end of the
  /// text. An offset where a soft-wrapped line ends belongs to the next line.
  /// Nil for empty text.
  ///
  /// - Complexity: O(log lines).
  public func lineIndex(containing offset: Int) -> Int? {
    guard !lineFragments.isEmpty else { return nil }
    let offset = min(max(offset, 0), utf16.count)
    return lineFragments.lastIndexOfFirstPartition { $0.range.location <= offset }
  }

  /// The rects that show `range` selected (UTF-16 code units): one per line
  /// and visual run it touches, none of zero width. The range is clamped to the
  /// text by `NSRange.clamped(toLength:)` (a location of `NSNotFound` or past
  /// the end selects nothing) and covers every cluster it touches, as if
  /// widened to grapheme boundaries. Hidden text of a
  /// truncated line selects the ellipsis.
  ///
  /// - Complexity: O(p) per line touched, p its paragraph's length (the
  ///   line's length, as `placedClusters(ofLine:)` says).
  public func selectionRects(for range: NSRange) -> [CGRect] {
    let clamped = range.clamped(toLength: utf16.count)
    guard !clamped.isEmpty else { return [] }
    // Widened to whole clusters first: a line limit's truncation places a
    // cluster by its range, which a part of it may not touch. (Lines start
    // on grapheme boundaries.)
    func lineStart(_ offset: Int) -> Int {
      lineIndex(containing: offset).map { lineFragments[$0].range.location } ?? 0
    }
    var start = clamped.lowerBound
    if !isBoundaryBetweenASCII(start) {
      start = graphemeBoundary(atOrBefore: start, from: min(lineStart(start), start))
    }
    var end = clamped.upperBound
    if !isBoundaryBetweenASCII(end) {
      end = graphemeBoundary(atOrAfter: end, from: min(lineStart(end), end))
    }
    guard end > start, let first = lineIndex(containing: start),
      let last = lineIndex(containing: end - 1)
    else { return [] }
    var rects: [CGRect] = []
    for index in first...last {
      let line = lineFragments[index]
      if clipCheckpoints(ofLine: index) != nil {
        // One left-to-right run, its clusters side by side: one rect from
        // the first cluster touched to the last.
        let low = Swift.max(start, line.range.location)
        let high = Swift.min(end, NSMaxRange(line.range))
        let touches = { (cluster: PlacedCluster) in
          NSMaxRange(cluster.range) > low && cluster.range.location < high
        }
        let firstTouched = placedClusters(of: index, near: low...low).first(where: touches)
        let lastTouched = placedClusters(of: index, near: (high - 1)...(high - 1))
          .last(where: touches)
        if let firstTouched, let lastTouched, lastTouched.maxX > firstTouched.minX {
          rects.append(
            CGRect(
              x: firstTouched.minX, y: line.rect.minY,
              width: (lastTouched.maxX - firstTouched.minX).saturated, height: line.rect.height))
        }
        continue
      }
      var current: (run: Int, minX: CGFloat, maxX: CGFloat)?
      func flush() {
        if let current, current.maxX > current.minX {
          rects.append(
            CGRect(
              x: current.minX, y: line.rect.minY, width: (current.maxX - current.minX).saturated,
              height: line.rect.height))
        }
      }
      // A truncated line hides the text after its tail (the rest of the
      // text) behind the ellipsis too.
      let pastTail = line.truncation.map { NSMaxRange($0.tail)..<NSMaxRange(line.range) }
      for cluster in placedClusters(of: index) {
        let bounds = cluster.bounds
        var touches =
          bounds.isEmpty
          ? bounds.lowerBound >= start && bounds.lowerBound < end
          : bounds.lowerBound < end && bounds.upperBound > start
        if cluster.isEllipsis, let pastTail, pastTail.overlaps(start..<end) { touches = true }
        guard touches else { continue }
        if let open = current, open.run == cluster.runIndex, open.maxX == cluster.minX {
          current = (open.run, open.minX, cluster.maxX)
        } else {
          flush()
          current = (cluster.runIndex, cluster.minX, cluster.maxX)
        }
      }
      flush()
    }
    return rects
  }

  /// The caret at UTF-16 offset `offset`: a rect `width` points wide centred
  /// on the cluster edge where text inserted there would appear, the line's
  /// height. The offset is clamped to the text and snapped backward to a
  /// grapheme boundary; a NaN, infinite or negative `width` is 0 (the rect's
  /// origin saturates at ±`greatestFiniteMagnitude`). An offset in
  /// text a truncated line hides maps to the ellipsis. After a final hard
  /// break (or in empty text) the caret is on a new line below the last.
  ///
  /// - Complexity: O(p) in the length of the offset's paragraph (its line's,
  ///   as `placedClusters(ofLine:)` says).
  public func caretRect(at offset: Int, width: CGFloat = 1) -> CGRect {
    let width = width.isFinite && width > 0 ? width : 0
    let offset = min(max(offset, 0), utf16.count)
    if offset == utf16.count, hasTrailingEmptyLine {
      let y = (lineFragments.last?.rect.maxY ?? 0).saturated
      let x = emptyLineX()
      return CGRect(
        x: Self.caretOrigin(x, width: width), y: y, width: width, height: fonts.lineHeight[0])
    }
    guard let index = lineIndex(containing: offset) else { return .zero }
    let line = lineFragments[index]
    if let (_, checkpoints) = clipCheckpoints(ofLine: index) {
      // A line placed in windows, left to right: its start and its
      // content's end are at its left edge and that edge plus its advances,
      // nothing to measure.
      let contentEnd = line.range.location + checkpoints.units.reduce(0, +)
      if offset == line.range.location || offset == contentEnd {
        let x =
          offset == line.range.location
          ? line.usedRect.minX : (line.usedRect.minX + checkpoints.total).saturated
        return CGRect(
          x: Self.caretOrigin(x, width: width), y: line.rect.minY, width: width,
          height: line.rect.height)
      }
    }
    let carets = LineCarets(line: line, placed: placedClusters(of: index, near: offset...offset))
    return caretRect(at: offset, width: width, carets: carets)
  }

  /// The caret at `offset` (clamped to the text, on the line of `carets`,
  /// not past a final hard break), `width` points wide (already clamped):
  /// the end of `caretRect(at:width:)`, given the line's carets.
  ///
  /// - Complexity: O(log k) in the line's clusters, plus segmenting from
  ///   its clusters' end for an offset past them.
  private func caretRect(at offset: Int, width: CGFloat, carets: LineCarets) -> CGRect {
    let line = carets.line
    // An offset inside a placed cluster snaps to its start by the caret rule;
    // one past the placed clusters (a hard break, text a line limit hides) is
    // snapped here, before it is mapped (to the ellipsis, on a truncated line).
    let known = carets.clustersEnd ?? line.range.location
    let snapped = offset > known ? graphemeBoundary(atOrBefore: offset, from: known) : offset
    let x = carets.x(at: snapped)
    return CGRect(
      x: Self.caretOrigin(x, width: width), y: line.rect.minY, width: width,
      height: line.rect.height)
  }

  /// The carets at `offsets` (UTF-16 code units), each exactly
  /// `caretRect(at:width:)`, placing line `index` once for all the offsets
  /// on it: for a caret query per cluster boundary of a line (a visual
  /// move among mixed-direction text), which would otherwise place the
  /// line once per offset.
  ///
  /// - Complexity: O(k log k) in the clusters of line `index` (it is
  ///   placed whole, unless it is placed in windows, where each offset
  ///   costs a `caretRect(at:width:)`), plus O(log k) per offset on it and
  ///   a `caretRect(at:width:)` per offset on another line.
  ///
  /// - Parameter placed: The line's clusters when the caller has them
  ///   (exactly `placedClusters(ofLine: index)`), else nil.
  package func caretRects(
    at offsets: [Int], onLine index: Int, width: CGFloat = 1, placed: [PlacedCluster]? = nil
  ) -> [CGRect] {
    guard lineFragments.indices.contains(index), clipCheckpoints(ofLine: index) == nil,
      offsets.count > 1
    else { return offsets.map { caretRect(at: $0, width: width) } }
    let clamped = width.isFinite && width > 0 ? width : 0
    var carets: LineCarets?
    return offsets.map { offset in
      let offset = min(max(offset, 0), utf16.count)
      guard !(offset == utf16.count && hasTrailingEmptyLine),
        lineIndex(containing: offset) == index
      else { return caretRect(at: offset, width: width) }
      let lineCarets =
        carets
        ?? LineCarets(line: lineFragments[index], placed: placed ?? placedClusters(of: index))
      carets = lineCarets
      return caretRect(at: offset, width: clamped, carets: lineCarets)
    }
  }

  /// The grapheme boundary at or before `offset` (UTF-16 code units), given
  /// `known`, a boundary at or before it: segments from `known` or the start
  /// of `offset`'s paragraph, whichever is later, to the code point at
  /// `offset` (the boundary before a code point depends only on it and the
  /// text before it, back to a boundary).
  ///
  /// - Complexity: O(p) in the length of `offset`'s paragraph (its line's,
  ///   as `placedClusters(ofLine:)` says).
  func graphemeBoundary(atOrBefore offset: Int, from known: Int) -> Int {
    guard offset > known, offset < utf16.count else { return offset }
    let paragraph =
      paragraphs.isEmpty ? 0 : paragraphs[paragraphIndex(containing: offset)].lowerBound
    let start = max(known, paragraph)
    let end = min(utf16.count, offset + 2)
    let local = Graphemes.boundaries(utf16: Array(utf16[start..<end]))
    return start + local.snap(offset - start, .backward)
  }

  /// Whether `offset` is the text's start or end, or lies between two ASCII
  /// code units other than CR LF: a grapheme boundary without segmenting.
  func isBoundaryBetweenASCII(_ offset: Int) -> Bool {
    guard offset > 0, offset < utf16.count else { return true }
    let before = utf16[offset - 1]
    let after = utf16[offset]
    return before < 0x80 && after < 0x80 && !(before == 0x0D && after == 0x0A)
  }

  /// The grapheme boundary at or after `offset` (UTF-16 code units), given
  /// `known`, a boundary at or before it: segments from `known` or the start
  /// of `offset`'s paragraph, whichever is later, through a window after
  /// `offset` that grows until the boundary found lies inside it (a
  /// boundary before a window's end does not depend on what follows).
  ///
  /// - Complexity: O(d + c) in the distance d from where it segments and the
  ///   length c of the cluster at `offset`; at most O(p), p the paragraph's
  ///   length.
  func graphemeBoundary(atOrAfter offset: Int, from known: Int) -> Int {
    guard offset > 0, offset < utf16.count else { return offset }
    let paragraph =
      paragraphs.isEmpty ? 0..<utf16.count : paragraphs[paragraphIndex(containing: offset)]
    let start = max(min(known, offset), paragraph.lowerBound)
    let limit = max(min(paragraph.upperBound, utf16.count), offset + 1)
    var window = 64
    while true {
      let end = min(limit, offset + window)
      let local = Graphemes.boundaries(utf16: Array(utf16[start..<end]))
      let snapped = start + local.snap(offset - start, .forward)
      if snapped < end || end == limit { return snapped }
      window *= 4
    }
  }

  /// The left edge of a caret `width` points wide centred on `x`, saturating
  /// at ±`greatestFiniteMagnitude`.
  static func caretOrigin(_ x: CGFloat, width: CGFloat) -> CGFloat {
    Swift.min(Swift.max(x - width / 2, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
  }

  /// The x of a caret on an empty line, by the alignment.
  func emptyLineX() -> CGFloat {
    let direction: LayoutDirection
    switch style.direction {
    case .fixed(let fixed): direction = fixed
    case .firstStrong(let fallback): direction = fallback
    }
    let width = alignmentWidth
    let padding = container.clampedPadding
    let alignment: TextAlignment =
      style.alignment == .natural || style.alignment == .justified
      ? (direction == .leftToRight ? .left : .right) : style.alignment
    switch alignment {
    case .right: return padding + width
    case .center: return padding + width / 2
    default: return padding
    }
  }

  /// The grapheme boundary (UTF-16 code units) closest to `point`: the line
  /// at the point's y (the first or last line above or below the text), then
  /// the nearer edge of the cluster under its x. A point past either end of a
  /// line maps to the offset at that visual end of its visible clusters (for a
  /// left-to-right line, past the right edge: the end of its last visible
  /// cluster, before trailing spaces that wrapped it, so the caret stays on
  /// that line). In mixed-direction text that is the logical start (past the
  /// line's leading end) or end (past its trailing end) of the text that
  /// shows when its caret is drawn at that end, else the offset at the outer
  /// edge of the cluster there. Where the direction changes, an offset has
  /// two places on screen and `caretRect(at:)` draws one: a point at the edge
  /// whose offset draws its caret elsewhere maps to an offset of the line
  /// whose caret is at that edge, so `caretRect(at: offset(closestTo: p))`
  /// is at p whenever p is a caret's midpoint. Below a final hard break, the
  /// end of the text.
  /// NaN coordinates count as 0.
  ///
  /// - Complexity: O(log lines + p + k log k), p the length of the line's
  ///   paragraph (the first time it is queried), k the line's length.
  public func offset(closestTo point: CGPoint) -> Int {
    let px = point.x.isNaN ? 0 : point.x
    let py = point.y.isNaN ? 0 : point.y
    guard let lastLine = lineFragments.last else { return 0 }
    if py >= lastLine.rect.maxY, hasTrailingEmptyLine { return utf16.count }
    let index = min(
      lineFragments.partitioningIndex { $0.rect.maxY > py }, lineFragments.count - 1)
    let line = lineFragments[index]
    var placed = placedClusters(of: index, nearX: px)
    // Past an end of a line placed in part, and no cluster with room there:
    // the whole line, which has the end's clusters.
    if placed.count > 0, !placed.contains(where: { px >= $0.minX && px < $0.maxX }),
      !placed.contains(where: { $0.maxX > $0.minX })
    {
      placed = placedClusters(of: index)
    }
    let carets = LineCarets(line: line, placed: placed)
    if let cluster = placed.first(where: { px >= $0.minX && px < $0.maxX }) {
      let left = px < (cluster.minX + cluster.maxX) / 2
      return offset(
        withCaretAt: left ? cluster.minX : cluster.maxX,
        preferring: left ? cluster.leftOffset : cluster.rightOffset, line: index, carets: carets)
    }
    // Past an end: the offset at that visual end of the clusters that show;
    // the logical start or end of what shows instead (its start past the
    // line's leading end, its end past the trailing end) when its caret is
    // drawn at that end too, as after a right-to-left cluster that ends a
    // left-to-right line.
    let shown = placed.filter { $0.maxX > $0.minX }
    guard let leftmost = shown.first, let rightmost = shown.last else {
      return line.range.location
    }
    let pastLeft = px <= leftmost.minX
    let visual = pastLeft ? leftmost.leftOffset : rightmost.rightOffset
    let pastTrailingEnd = pastLeft == (line.direction == .rightToLeft)
    let logical =
      pastTrailingEnd
      ? shown.map { NSMaxRange($0.range) }.max() : shown.map(\.range.location).min()
    let edge = pastLeft ? leftmost.minX : rightmost.maxX
    if let logical, logical != visual, carets.x(at: logical) == edge {
      return logical
    }
    return offset(withCaretAt: edge, preferring: visual, line: index, carets: carets)
  }

  /// `preferred` if its caret is drawn at `x` on line `index`, else the first
  /// offset of the line's clusters (in logical order) whose caret is, else
  /// on a truncated line the first offset after its tail, else `preferred`: at a change of direction one offset has two places on
  /// screen and its caret is drawn at one of them, so the point at the other
  /// maps to the offset whose caret is there.
  ///
  /// - Complexity: O(k log k) in the number of the line's clusters.
  func offset(
    withCaretAt x: CGFloat, preferring preferred: Int, line index: Int, carets: LineCarets
  )
    -> Int
  {
    if lineIndex(containing: preferred) == index, carets.x(at: preferred) == x { return preferred }
    for candidate in carets.clusterBounds
    where carets.x(at: candidate) == x && lineIndex(containing: candidate) == index {
      return candidate
    }
    // On a truncated line, the text after the tail is drawn at the ellipsis:
    // the end of the paragraph's hard break is its first grapheme boundary.
    let line = lineFragments[index]
    if let truncation = line.truncation {
      let tailEnd = NSMaxRange(truncation.tail)
      if tailEnd < NSMaxRange(line.range), tailEnd < utf16.count {
        let crlf = utf16[tailEnd] == 0x0D && tailEnd + 1 < utf16.count && utf16[tailEnd + 1] == 0x0A
        let candidate = tailEnd + (crlf ? 2 : 1)
        if carets.x(at: candidate) == x { return candidate }
      }
    }
    return preferred
  }
}

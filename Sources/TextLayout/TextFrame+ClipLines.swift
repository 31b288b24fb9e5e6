public import Foundation
import TextInputBase
import TextMetrics

/// Checkpoints of x along one long `.clip` line (a whole paragraph on one
/// line): its content (the paragraph without its hard break) cut into
/// chunks of about `chunkLength` code units, each starting on a grapheme
/// cluster boundary, with the sum of each chunk's advances. The x of a
/// chunk's start is the line's left edge plus the widths before it, so a
/// cluster is placed by measuring its chunk alone: segmentation restarts at
/// a cluster boundary, and the font's advances depend on the cluster alone
/// (`FontMetrics.advancesDependOnClusterAlone`).
///
/// Kept only for a line whose paragraph needs no bidi algorithm, whose
/// advances are multiples of 1/1024 point (so that sums are exact in any
/// order: a chunked sum equals the sum cluster by cluster, and a windowed
/// placement equals a whole one to the bit), and that is at least
/// `minimumLength` code units long.
struct ClipCheckpoints: Sendable {

  /// The code units of each chunk, in order; they add up to the content.
  var units: [Int] = []
  /// The sum of each chunk's advances, in points.
  var widths: [CGFloat] = []
  /// The sum of `widths`.
  var total: CGFloat = 0
  /// The advances of the hanging clusters (spaces) that end the content:
  /// the line's used width leaves them out.
  var trailingHang: CGFloat = 0

  /// Whether sums of `advance` are exact (a multiple of 1/1024 below 2^30).
  static func isExact(_ advance: CGFloat) -> Bool {
    let scaled = advance * 1024
    return advance < 1_073_741_824 && scaled == scaled.rounded()
  }

  /// The chunks of clusters `clusters` of `measured` (all of them content),
  /// or nil when an advance is not exact.
  ///
  /// - Complexity: O(k) in the clusters.
  static func chunks(
    _ measured: MeasuredParagraph, _ clusters: Range<Int>, chunkLength: Int
  )
    -> (units: [Int], widths: [CGFloat])?
  {
    var units: [Int] = []
    var widths: [CGFloat] = []
    var chunkStart = clusters.lowerBound
    var width: CGFloat = 0
    for index in clusters {
      let advance = measured.advances[index]
      guard isExact(advance) else { return nil }
      width += advance
      let end = measured.starts[index + 1]
      if end - measured.starts[chunkStart] >= chunkLength || index + 1 == clusters.upperBound {
        units.append(end - measured.starts[chunkStart])
        widths.append(width)
        chunkStart = index + 1
        width = 0
      }
    }
    return (units, widths)
  }

  /// The checkpoints of a measured paragraph laid out as one `.clip` line,
  /// or nil when it does not get them (short, bidi, inexact advances).
  ///
  /// - Complexity: O(k) in its clusters.
  init?(_ measured: MeasuredParagraph, _ chunking: TextFrame.ClipChunking) {
    let content = measured.contentCount
    guard !measured.needsBidi, measured.starts[content] >= chunking.minimumLength,
      let (units, widths) = Self.chunks(
        measured, 0..<content, chunkLength: chunking.chunkLength)
    else { return nil }
    self.units = units
    self.widths = widths
    total = widths.reduce(0, +)
    guard total < 1_099_511_627_776 else { return nil }
    var index = content
    while index > 0, measured.hangs(index - 1) {
      index -= 1
      trailingHang += measured.advances[index]
    }
  }

  /// The chunk holding code unit `local` (relative to the line's start;
  /// the last chunk for its end and past it), its start and its x
  /// (relative to the line's left edge).
  ///
  /// - Complexity: O(c) in the chunks.
  func chunk(containing local: Int) -> (index: Int, start: Int, x: CGFloat) {
    firstChunk { end, _ in local < end }
  }

  /// The chunk whose span of x (relative to the line's left edge) holds
  /// `x` (the first for less, the last for more), its start and its x.
  ///
  /// - Complexity: O(c) in the chunks.
  func chunk(atX target: CGFloat) -> (index: Int, start: Int, x: CGFloat) {
    firstChunk { _, endX in target < endX }
  }

  /// The first chunk whose end (its end code unit and its right x, both
  /// relative to the line) satisfies `isPast`, else the last chunk: its
  /// index, start and x. The walk `chunk(containing:)` and `chunk(atX:)`
  /// share.
  ///
  /// - Complexity: O(c) in the chunks.
  private func firstChunk(where isPast: (_ end: Int, _ endX: CGFloat) -> Bool)
    -> (index: Int, start: Int, x: CGFloat)
  {
    var start = 0
    var x: CGFloat = 0
    for index in units.indices {
      let (end, endX) = (start + units[index], x + widths[index])
      if isPast(end, endX) || index == units.count - 1 { return (index, start, x) }
      (start, x) = (end, endX)
    }
    return (0, 0, 0)
  }

  /// The chunks whose spans of x (relative to the line's left edge, edges
  /// included) reach into `range`: from the first that ends at or after
  /// its lower bound to the last that starts at or before its upper bound
  /// (the first or last chunk when none does).
  ///
  /// - Complexity: O(c) in the chunks.
  func chunks(reaching range: ClosedRange<CGFloat>) -> ClosedRange<Int> {
    var low: Int?
    var high = 0
    var x: CGFloat = 0
    for index in units.indices {
      if low == nil, x + widths[index] >= range.lowerBound { low = index }
      if x <= range.upperBound { high = index } else { break }
      x += widths[index]
    }
    let first = Swift.min(low ?? units.count - 1, high)
    return first...high
  }

  /// The start of chunk `index` (relative to the line's start) and its x.
  ///
  /// - Complexity: O(c) in the chunks.
  func origin(ofChunk index: Int) -> (start: Int, x: CGFloat) {
    var start = 0
    var x: CGFloat = 0
    for k in 0..<Swift.min(index, units.count) {
      start += units[k]
      x += widths[k]
    }
    return (start, x)
  }
}

extension TextFrame {
  /// How long `.clip` lines are cut into chunks (see `ClipCheckpoints`).
  package struct ClipChunking: Sendable {
    /// Code units a chunk holds, about (a chunk ends at the first cluster
    /// boundary at or after this many).
    package var chunkLength: Int
    /// The shortest line that gets checkpoints (a shorter one is measured
    /// whole, cheaply).
    package var minimumLength: Int

    package init(chunkLength: Int, minimumLength: Int) {
      self.chunkLength = Swift.max(chunkLength, 1)
      self.minimumLength = minimumLength
    }

    /// Chunks of about 512 code units, in lines of 4096 or more.
    package static let standard = ClipChunking(chunkLength: 512, minimumLength: 4096)
    /// No checkpoints: every line measured and placed whole (for tests that
    /// compare the two).
    package static let none = ClipChunking(chunkLength: 1024, minimumLength: .max)
  }

  /// The chunking of the frames laid out on this task: `.standard`; tests
  /// set small chunks, or none, to compare windowed and whole layouts.
  @TaskLocal package static var clipChunking = ClipChunking.standard

  /// Whether long lines get `ClipCheckpoints`: a `.clip` layout without a
  /// line limit, with advances that depend on the cluster alone.
  var keepsClipCheckpoints: Bool {
    style.lineBreakMode == .clip && fonts.contextFree
      && container.clampedMaximumNumberOfLines == 0
  }

  /// The checkpoints of line `index` and its paragraph's index, when it
  /// has them.
  func clipCheckpoints(ofLine index: Int) -> (paragraph: Int, checkpoints: ClipCheckpoints)? {
    guard !clipLines.isEmpty else { return nil }
    let line = lineFragments[index]
    let paragraph = paragraphIndex(containing: line.range.location)
    guard let checkpoints = clipLines[paragraph],
      paragraphs[paragraph].lowerBound == line.range.location
    else { return nil }
    return (paragraph, checkpoints)
  }

  /// Chunk `chunk` of paragraph `paragraph` measured alone (kept in the
  /// frame's cache).
  ///
  /// - Complexity: O(u) in the chunk's code units.
  private func measuredChunk(_ chunk: Int, start: Int, length: Int, paragraph: Int)
    -> ShapedParagraph
  {
    placementCache.paragraph(Self.chunkKey(chunk, paragraph: paragraph)) {
      ShapedParagraph(
        measured: ParagraphScanner.measure(
          utf16, start..<(start + length), fonts: fonts, style: style), bidi: nil)
    }
  }

  /// The cache key of chunk `chunk` of paragraph `paragraph`: far below
  /// the lines' (-1 - line), and the paragraphs' (0 and up).
  static func chunkKey(_ chunk: Int, paragraph: Int) -> Int {
    Int.min / 2 + paragraph << 24 + chunk
  }

  /// Puts in the frame's cache the chunks `first...` of paragraph
  /// `paragraph`, starting at `start` (UTF-16 code units), `units` long
  /// each, from `measured`, a measurement of the new text from `start` on
  /// (whose clusters start a new chunk at each chunk's start): what
  /// `measuredChunk` would measure, so that the queries after an edit (the
  /// caret, the view around it) do not measure the chunks the edit did.
  ///
  /// - Complexity: O(k) in the clusters of the chunks.
  private func cacheChunks(
    _ measured: MeasuredParagraph, first: Int, units: [Int], start: Int, paragraph: Int
  ) {
    var cluster = 0
    var local = 0
    for (k, length) in units.enumerated() {
      var chunk = MeasuredParagraph()
      chunk.range = (start + local)..<(start + local + length)
      chunk.direction = measured.direction
      while cluster < measured.count, measured.starts[cluster] < local + length {
        chunk.starts.append(measured.starts[cluster] - local)
        chunk.advances.append(measured.advances[cluster])
        chunk.flags.append(measured.flags[cluster])
        cluster += 1
      }
      chunk.starts.append(length)
      chunk.contentCount = chunk.advances.count
      local += length
      _ = placementCache.paragraph(Self.chunkKey(first + k, paragraph: paragraph)) {
        ShapedParagraph(measured: chunk, bidi: nil)
      }
    }
  }

  /// The placed clusters of chunks `chunks` of line `index`, which has
  /// `checkpoints`, left to right: exactly those `placedClusters(of:)`
  /// gives for the line, from the first chunk's start to the last's end.
  ///
  /// - Complexity: O(c + u) in the chunks of the line and the code units
  ///   of `chunks`.
  func placedClusters(
    of index: Int, paragraph: Int, checkpoints: ClipCheckpoints, chunks: ClosedRange<Int>
  ) -> [PlacedCluster] {
    let line = lineFragments[index]
    var (start, x) = checkpoints.origin(ofChunk: chunks.lowerBound)
    start += line.range.location
    x += line.usedRect.minX
    var placed: [PlacedCluster] = []
    for chunk in chunks {
      let length = checkpoints.units[chunk]
      let shaped = measuredChunk(chunk, start: start, length: length, paragraph: paragraph)
      var placer = LinePlacer(shaped, units: utf16, x: x)
      placer.place(0..<shaped.measured.contentCount)
      placed.append(contentsOf: placer.placed)
      x = placer.x
      start += length
    }
    return placed
  }

  /// The placed clusters of line `index` a query at the offsets `offsets`
  /// (UTF-16 code units) needs: on a line with checkpoints, those of the
  /// chunks from the one before the lower offset to the one holding the
  /// upper (and the last chunk for an offset at or past the content's
  /// end); else the whole line's.
  ///
  /// - Complexity: O(c + u) on a line with checkpoints (its chunks, and
  ///   the code units of those placed), else as `placedClusters(of:)`.
  func placedClusters(of index: Int, near offsets: ClosedRange<Int>) -> [PlacedCluster] {
    guard let (paragraph, checkpoints) = clipCheckpoints(ofLine: index) else {
      return placedClusters(of: index)
    }
    let start = lineFragments[index].range.location
    let low = checkpoints.chunk(containing: Swift.max(offsets.lowerBound - 1 - start, 0)).index
    let high = checkpoints.chunk(containing: Swift.max(offsets.upperBound - start, 0)).index
    return placedClusters(
      of: index, paragraph: paragraph, checkpoints: checkpoints, chunks: low...Swift.max(low, high))
  }

  /// The placed clusters of line `index` a hit-test at `x` (points) needs:
  /// on a line with checkpoints, those of the chunk under `x` and its
  /// neighbours; else the whole line's.
  func placedClusters(of index: Int, nearX x: CGFloat) -> [PlacedCluster] {
    guard let (paragraph, checkpoints) = clipCheckpoints(ofLine: index) else {
      return placedClusters(of: index)
    }
    let left = lineFragments[index].usedRect.minX
    let chunk = checkpoints.chunk(atX: x - left).index
    return placedClusters(
      of: index, paragraph: paragraph, checkpoints: checkpoints,
      chunks: Swift.max(chunk - 1, 0)...Swift.min(chunk + 1, checkpoints.units.count - 1))
  }

  /// The clusters of line `index` that reach into `xRange` (points, the
  /// frame's coordinates; edges included): the clusters `c` of
  /// `placedClusters(ofLine:)` with `c.maxX >= xRange.lowerBound` and
  /// `c.minX <= xRange.upperBound`, in the same order. Nil when `index` is
  /// not a line's index.
  ///
  /// For drawing a view of a long line: a `.clip` line of at least a few
  /// thousand code units, in a paragraph that needs no bidi algorithm, laid
  /// out with a font whose advances depend on the cluster alone, is
  /// measured and placed only around `xRange` (it keeps a checkpoint of x
  /// about every 512 code units); any other line is placed whole and
  /// filtered.
  ///
  /// - Complexity: O(c + u) on such a line (its checkpoints c, the code
  ///   units u of the pieces around the range), else as
  ///   `placedClusters(ofLine:)`.
  public func placedClusters(ofLine index: Int, reaching xRange: ClosedRange<CGFloat>)
    -> [PlacedCluster]?
  {
    guard lineFragments.indices.contains(index) else { return nil }
    let reaches = { (cluster: PlacedCluster) in
      cluster.maxX >= xRange.lowerBound && cluster.minX <= xRange.upperBound
    }
    guard let (paragraph, checkpoints) = clipCheckpoints(ofLine: index) else {
      return placedClusters(of: index).filter(reaches)
    }
    let left = lineFragments[index].usedRect.minX
    let chunks = checkpoints.chunks(
      reaching: (xRange.lowerBound - left)...(xRange.upperBound - left))
    return placedClusters(
      of: index, paragraph: paragraph, checkpoints: checkpoints, chunks: chunks
    ).filter(reaches)
  }

  /// The placed clusters of line `index` (`placedClusters(ofLine:)`), or
  /// `.some(nil)` when the line is placed in windows (a long `.clip` line
  /// with checkpoints: left to right, in text order, one run) and should be
  /// asked for a range of x (`placedClusters(ofLine:reaching:)`) instead;
  /// nil when `index` is not a line's index.
  ///
  /// - Complexity: O(1) for a line placed in windows, else as
  ///   `placedClusters(ofLine:)`.
  package func placedClustersIfCheap(ofLine index: Int) -> [PlacedCluster]?? {
    guard lineFragments.indices.contains(index) else { return nil }
    if clipCheckpoints(ofLine: index) != nil { return .some(nil) }
    return .some(placedClusters(of: index))
  }

  /// Code units past a window's end measured to tell whether a cluster
  /// starts at that end.
  static let clipLookahead = 64

  /// Lays out an edit inside one long `.clip` line that has checkpoints in
  /// a window of its chunks, and returns true; or returns false, changing
  /// nothing, when the edit is not one this handles (the caller lays out
  /// the paragraph whole).
  ///
  /// Handled: an edit of the line's content (not its hard break) that
  /// inserts no hard break and no right-to-left text. The window runs from
  /// the chunk holding the edit's start (the one before, when the edit is
  /// within two code units of its start: the cluster boundary there reads
  /// the code point after it) to the chunk holding its end; it is measured
  /// in the new text with `clipLookahead` units more, and grows by a chunk
  /// until a cluster starts at its end (past a cluster boundary, the new
  /// text segments as the old one: boundaries read only the text before
  /// them and the code point after). The window's chunks are cut again;
  /// the line's range, used width and the later lines move by the change.
  ///
  /// - Complexity: O(c + w) in the line's chunks and the window's length
  ///   (about the edit plus two chunks), plus O(paragraphs) after the edit
  ///   to move their bounds.
  mutating func replaceInsideClipLine(start: Int, end: Int, with inserted: [UInt16]) -> Bool {
    guard keepsClipCheckpoints, !clipLines.isEmpty, !inserted.contains(where: HardBreaks.isBreak),
      !Bidi.mayContainRightToLeft(inserted)
    else { return false }
    let paragraph = paragraphIndex(containing: start)
    guard var checkpoints = clipLines[paragraph] else { return false }
    let range = paragraphs[paragraph]
    let contentEnd = self.contentEnd(of: range)
    guard start >= range.lowerBound, end <= contentEnd,
      let lineIndex = lineIndex(containing: start),
      lineFragments[lineIndex].range.location == range.lowerBound
    else { return false }
    var (first, firstStart, _) = checkpoints.chunk(containing: start - range.lowerBound)
    if start - range.lowerBound - firstStart < 2, first > 0 {
      first -= 1
      firstStart -= checkpoints.units[first]
    }
    var last = checkpoints.chunk(containing: Swift.max(end - 1, start) - range.lowerBound).index
    let delta = inserted.count - (end - start)
    let windowStart = range.lowerBound + firstStart
    var oldWindowEnd = windowStart
    for chunk in first...last { oldWindowEnd += checkpoints.units[chunk] }
    while true {
      let reachesEnd = last == checkpoints.units.count - 1
      var units = Array(utf16[windowStart..<start])
      units.append(contentsOf: inserted)
      units.append(
        contentsOf: utf16[end..<Swift.min(contentEnd, oldWindowEnd + Self.clipLookahead)])
      let measured = ParagraphScanner.measure(
        UTF16Buffer(units), 0..<units.count, fonts: fonts, style: style)
      guard !measured.needsBidi else { return false }
      let localEnd = oldWindowEnd + delta - windowStart
      let endCluster =
        reachesEnd ? measured.contentCount : measured.clusterIndex(startingAt: localEnd)
      guard let endCluster else {
        // No cluster starts at the window's end in the new text: one chunk more.
        last += 1
        oldWindowEnd += checkpoints.units[last]
        continue
      }
      guard endCluster > 0 else { return false }
      guard
        let (newUnits, newWidths) = ClipCheckpoints.chunks(
          measured, 0..<endCluster, chunkLength: Self.clipChunking.chunkLength)
      else {
        return false
      }
      var trailingHang = checkpoints.trailingHang
      if reachesEnd {
        trailingHang = 0
        var index = endCluster
        while index > 0, measured.hangs(index - 1) {
          index -= 1
          trailingHang += measured.advances[index]
        }
        // The spaces may go on before the window: measure the line whole.
        if index == 0, first > 0 { return false }
      }
      let oldWidth = checkpoints.widths[first...last].reduce(0, +)
      let newWidth = newWidths.reduce(0, +)
      let total = checkpoints.total - oldWidth + newWidth
      guard ClipCheckpoints.isExact(newWidth), total < 1_099_511_627_776 else { return false }

      // Commit.
      placementCache = ParagraphCache()
      utf16.replaceSubrange(start..<end, with: inserted)
      cacheChunks(
        measured, first: first, units: newUnits, start: windowStart, paragraph: paragraph)
      checkpoints.units.replaceSubrange(first...last, with: newUnits)
      checkpoints.widths.replaceSubrange(first...last, with: newWidths)
      checkpoints.total = total
      checkpoints.trailingHang = trailingHang
      clipLines[paragraph] = checkpoints
      var line = lineFragments[lineIndex]
      let oldUsed = line.usedWidth
      let used = total - trailingHang
      line.range.length += delta
      line.usedWidth = used
      line.usedRect.size.width = used
      lineFragments.replaceSubrange(
        lineIndex..<(lineIndex + 1), with: [line], offsetDelta: delta, dy: 0)
      resizeParagraph(paragraph, from: range, by: delta)
      let oldWidest = widestLine
      widestLine = Swift.max(widestLine, used)
      if used < oldWidest, oldUsed >= oldWidest {
        widestLine = lineFragments.reduce(0) { Swift.max($0, $1.usedWidth) }
      }
      if container.lineWidth.isFinite {
        align(lineIndex..<(lineIndex + 1))
      } else {
        align(0..<lineFragments.count)
      }
      return true
    }
  }
}

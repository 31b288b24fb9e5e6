import Foundation
import TextMetrics

/// What line breaking and placement need to know of a cluster, one byte each.
struct ClusterFlags: OptionSet, Sendable {
  let rawValue: UInt8

  init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The cluster hangs past the line end (a collapsible space, the hard break).
  static let hangs = ClusterFlags(rawValue: 1)
  /// A line may break before the cluster (a UAX #14 opportunity on its start).
  static let breakBefore = ClusterFlags(rawValue: 2)
  /// The cluster is U+0020 (a justified line widens it).
  static let space = ClusterFlags(rawValue: 4)
  /// The cluster is a hard break (it takes no room).
  static let hardBreak = ClusterFlags(rawValue: 8)

  /// The flags of a cluster that starts with the code unit `unit`, but
  /// `breakBefore`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  init(firstUnit unit: UInt16) {
    // No hard break and no collapsible space lies in 0x21..<0x85 or above
    // U+3000 (a test checks every code unit): most clusters stop here.
    if unit > 0x3000 || (0x21..<0x85).contains(unit) {
      self = []
    } else if HardBreaks.isBreak(unit) {
      self = [.hangs, .hardBreak]
    } else if CollapsibleSpaces.contains(unit) {
      self = unit == 0x20 ? [.hangs, .space] : .hangs
    } else {
      self = []
    }
  }
}

/// Clusters of a paragraph with what line breaking needs, in flat arrays
/// indexed by cluster.
struct MeasuredParagraph: Sendable {
  /// The paragraph's range in the text, UTF-16 code units.
  var range: Range<Int> = 0..<0
  /// Cluster starts relative to the paragraph, with the paragraph's length at the end.
  var starts: [Int] = []
  /// Each cluster's advance, in points (0 for the hard break).
  var advances: [CGFloat] = []
  /// Whether the cluster hangs past the line end (spaces, the hard break),
  /// whether a line may break before it (UAX #14 opportunities that fall on
  /// cluster boundaries; the ones inside a cluster are dropped, and so is
  /// the paragraph's start; none in a `.clip` layout, which never breaks a
  /// line), whether it is U+0020.
  var flags: [ClusterFlags] = []
  /// Index of each cluster's font in `fonts` (empty when every cluster uses font 0).
  var fontIndex: [Int] = []
  var direction: LayoutDirection = .leftToRight
  var needsBidi = false
  /// The number of clusters before the hard break (all of them without one).
  var contentCount = 0

  var count: Int { advances.count }

  /// Whether cluster `index` hangs past the line end.
  func hangs(_ index: Int) -> Bool { flags[index].contains(.hangs) }
  /// Whether cluster `index` is U+0020.
  func isSpace(_ index: Int) -> Bool { flags[index].contains(.space) }

  /// Sets the arrays to `count` clusters (their values to be written),
  /// keeping their storage.
  mutating func resize(_ count: Int) {
    func resize<T>(_ array: inout [T], _ count: Int, _ zero: T) {
      if array.count > count {
        array.removeLast(array.count - count)
      } else if array.count < count {
        array.append(contentsOf: repeatElement(zero, count: count - array.count))
      }
    }
    resize(&starts, count + 1, 0)
    resize(&advances, count, 0)
    resize(&flags, count, [])
  }

  /// Empties the arrays, keeping their storage, for the paragraph `range`.
  mutating func reset(_ range: Range<Int>) {
    self.range = range
    starts.removeAll(keepingCapacity: true)
    advances.removeAll(keepingCapacity: true)
    flags.removeAll(keepingCapacity: true)
    fontIndex.removeAll(keepingCapacity: true)
    contentCount = 0
  }
}

/// Fonts with their metrics clamped (NaN, infinite, negative → 0).
struct ResolvedFonts {
  var fonts: [any FontMetrics]
  var runs: [FontRun]
  var lineHeight: [CGFloat]
  var ascender: [CGFloat]
  /// The cell width when every cluster's advance is its width in cells times
  /// it: the font is a `CellFont` and there are no font runs.
  var cellWidth: CGFloat?
  /// Whether every cluster's advance depends on the cluster alone
  /// (`FontMetrics.advancesDependOnClusterAlone`, and no font runs): a
  /// piece of a paragraph that starts on a cluster boundary measures as it
  /// does in the paragraph.
  var contextFree: Bool

  init(_ style: LayoutStyle) {
    fonts = [style.font] + style.fontRuns.map(\.font)
    runs = style.fontRuns
    lineHeight = fonts.map { Self.clamp($0.lineHeight) }
    ascender = fonts.map { Self.clamp($0.ascender) }
    cellWidth = style.fontRuns.isEmpty ? (style.font as? CellFont)?.cellWidth : nil
    contextFree = style.fontRuns.isEmpty && style.font.advancesDependOnClusterAlone
  }

  static func clamp(_ value: CGFloat) -> CGFloat {
    value.isFinite && value > 0 ? value : 0
  }

  /// The index of the font at UTF-16 offset `offset`.
  func index(at offset: Int) -> Int {
    for (index, run) in runs.enumerated() {
      // (A location far below 0 would overflow the subtraction: not in the run.)
      let (distance, overflow) = offset.subtractingReportingOverflow(run.range.location)
      if !overflow, distance >= 0, distance < run.range.length { return index + 1 }
    }
    return 0
  }
}

/// Measures the paragraphs of a text for layout, a window of paragraphs at a
/// time: one grapheme scan (clusters with their widths,
/// `Graphemes.clusters(utf16:)`) and one line-break scan
/// (`LineBreaks.opportunities(utf16:)`) over the window, then one loop per
/// paragraph that merges them into the flat arrays of a `MeasuredParagraph`,
/// which the caller reuses from paragraph to paragraph.
///
/// A window holds whole paragraphs, up to `maximumWindow` code units (or one
/// longer paragraph); its first window is small, so that a layout that stops
/// early (a line limit) measures little past its last line. Every paragraph
/// ends just after a hard break, where UAX #29 and UAX #14 both always break
/// (GB4–GB5, LB4–LB5) and carry nothing over, so a window's clusters and
/// opportunities are those of its paragraphs measured one by one.
struct ParagraphScanner {
  /// The most code units a window spans (unless one paragraph is longer).
  static let maximumWindow = 8192
  /// The span of the first window.
  static let firstWindow = 512

  let units: UTF16Buffer
  let fonts: ResolvedFonts
  let style: LayoutStyle
  private var windowStart = 0
  private var windowEnd = 0
  /// The window's code units (`units[windowStart..<windowEnd]`), contiguous.
  private var windowUnits: [UInt16] = []
  private var budget: Int
  private var clusters: [MeasuredCluster] = []
  private var opportunities: [LineBreakOpportunity] = []
  private var nextCluster = 0
  private var nextOpportunity = 0

  /// A scanner over `units`; with `windowed` false, every window is one
  /// paragraph.
  init(units: UTF16Buffer, fonts: ResolvedFonts, style: LayoutStyle, windowed: Bool = true) {
    self.units = units
    self.fonts = fonts
    self.style = style
    budget = windowed ? Self.firstWindow : 0
  }

  /// Measures one paragraph alone.
  ///
  /// - Complexity: O(n) in the paragraph's length (plus ICU's line iterator).
  static func measure(
    _ units: UTF16Buffer, _ range: Range<Int>, fonts: ResolvedFonts, style: LayoutStyle
  ) -> MeasuredParagraph {
    var scanner = ParagraphScanner(units: units, fonts: fonts, style: style, windowed: false)
    var measured = MeasuredParagraph()
    scanner.measure(0, of: [range], into: &measured)
    return measured
  }

  /// Measures `paragraphs[index]` into `measured` (its arrays are reused).
  /// The paragraphs must be consecutive and measured in order.
  ///
  /// - Complexity: O(p) in the paragraph's length, plus the scans of a new
  ///   window when the paragraph starts one (O(w) in its length).
  mutating func measure(
    _ index: Int, of paragraphs: [Range<Int>], into measured: inout MeasuredParagraph
  ) {
    let range = paragraphs[index]
    if range.lowerBound < windowStart || range.upperBound > windowEnd {
      loadWindow(from: index, of: paragraphs)
    }
    measured.reset(range)
    let localStart = range.lowerBound - windowStart
    let localEnd = range.upperBound - windowStart
    let end = clusters.withUnsafeBufferPointer { clusters in
      var end = nextCluster
      while end < clusters.count, clusters[end].range.location < localEnd { end += 1 }
      return end
    }
    let clusterRange = nextCluster..<end
    if let cellWidth = fonts.cellWidth {
      measureCells(clusterRange, localStart, cellWidth, into: &measured)
    } else {
      measureFonts(clusterRange, localStart, into: &measured)
    }
    nextCluster = end
    let count = measured.advances.count
    measured.contentCount = count
    if count > 0, measured.flags[count - 1].contains(.hardBreak) {
      measured.contentCount = count - 1
    }
    windowUnits.withUnsafeBufferPointer { text in
      let paragraph = UnsafeBufferPointer(rebasing: text[localStart..<localEnd])
      (measured.direction, measured.needsBidi) = Self.resolveDirection(paragraph, style.direction)
    }
  }

  /// Whether a line may break before the cluster at window offset `start`,
  /// moving `nextOpportunity` up to it.
  @inline(__always)
  private static func breaks(
    before start: Int, _ opportunities: UnsafeBufferPointer<LineBreakOpportunity>,
    _ next: inout Int
  ) -> Bool {
    while next < opportunities.count, opportunities[next].offset < start { next += 1 }
    return next < opportunities.count && opportunities[next].offset == start
  }

  /// The flags of the cluster at window offset `start`, whose first code
  /// unit is `firstUnit`: its kind, and whether a line may break before it
  /// (not at the paragraph's start, `localStart`), moving `next` up to it.
  @inline(__always)
  private static func flags(
    at start: Int, after localStart: Int, _ firstUnit: UInt16,
    _ opportunities: UnsafeBufferPointer<LineBreakOpportunity>, _ next: inout Int
  ) -> ClusterFlags {
    var flag = ClusterFlags(firstUnit: firstUnit)
    if breaks(before: start, opportunities, &next), start > localStart {
      flag.insert(.breakBefore)
    }
    return flag
  }

  /// `advance` (points) where it is finite and positive, else 0.
  @inline(__always)
  private static func usable(_ advance: CGFloat) -> CGFloat {
    advance.isFinite && advance > 0 ? advance : 0
  }

  /// Fills `measured` with `clusters` (indices in the window) of a cell font:
  /// each advance is the cluster's width times `cellWidth`. One loop, no
  /// allocation (the arrays are sized first and written in place).
  private mutating func measureCells(
    _ range: Range<Int>, _ localStart: Int, _ cellWidth: CGFloat,
    into measured: inout MeasuredParagraph
  ) {
    measured.resize(range.count)
    var b = nextOpportunity
    windowUnits.withUnsafeBufferPointer { text in
      clusters.withUnsafeBufferPointer { clusters in
        opportunities.withUnsafeBufferPointer { opportunities in
          measured.starts.withUnsafeMutableBufferPointer { starts in
            measured.advances.withUnsafeMutableBufferPointer { advances in
              measured.flags.withUnsafeMutableBufferPointer { flags in
                var k = 0
                for c in range {
                  let cluster = clusters[c]
                  let start = cluster.range.location
                  let flag = Self.flags(
                    at: start, after: localStart, text[start], opportunities, &b)
                  let advance =
                    flag.contains(.hardBreak)
                    ? 0 : Self.usable(CGFloat(max(cluster.width, 0)) * cellWidth)
                  starts[k] = start - localStart
                  advances[k] = advance
                  flags[k] = flag
                  k += 1
                }
                starts[k] = measured.range.count
              }
            }
          }
        }
      }
    }
    nextOpportunity = b
  }

  /// Fills `measured` with `clusters` (indices in the window) measured by
  /// the style's fonts, each given the cluster and its paragraph's text.
  private mutating func measureFonts(
    _ range: Range<Int>, _ localStart: Int, into measured: inout MeasuredParagraph
  ) {
    let hasRuns = !fonts.runs.isEmpty
    let paragraphText = String(
      decoding: windowUnits[(localStart)..<(localStart + measured.range.count)], as: UTF16.self)
    let windowStart = self.windowStart
    var b = nextOpportunity
    windowUnits.withUnsafeBufferPointer { text in
      opportunities.withUnsafeBufferPointer { opportunities in
        for c in range {
          let cluster = clusters[c]
          let start = cluster.range.location
          let flag = Self.flags(at: start, after: localStart, text[start], opportunities, &b)
          let font = hasRuns ? fonts.index(at: windowStart + start) : 0
          if hasRuns { measured.fontIndex.append(font) }
          var advance: CGFloat = 0
          if !flag.contains(.hardBreak) {
            let relative = MeasuredCluster(
              range: NSRange(location: start - localStart, length: cluster.range.length),
              width: cluster.width, isControl: cluster.isControl)
            advance = Self.usable(fonts.fonts[font].advance(of: relative, in: paragraphText))
          }
          measured.starts.append(start - localStart)
          measured.advances.append(advance)
          measured.flags.append(flag)
        }
      }
    }
    measured.starts.append(measured.range.count)
    nextOpportunity = b
  }

  /// Scans a new window: paragraph `index` and the ones after it that fit in
  /// the budget, which doubles up to `maximumWindow`.
  private mutating func loadWindow(from index: Int, of paragraphs: [Range<Int>]) {
    let start = paragraphs[index].lowerBound
    var end = paragraphs[index].upperBound
    var next = index + 1
    while next < paragraphs.count, paragraphs[next].upperBound - start <= budget {
      end = paragraphs[next].upperBound
      next += 1
    }
    budget = min(budget * 2, Self.maximumWindow)
    let local = units.withContiguousUnits(in: start..<end) { Array($0) }
    clusters = Graphemes.clusters(utf16: local)
    // A `.clip` line never breaks: its opportunities are not looked for.
    opportunities =
      style.lineBreakMode == .clip ? [] : LineBreaks.opportunities(utf16: local)
    windowStart = start
    windowEnd = end
    windowUnits = local
    nextCluster = 0
    nextOpportunity = 0
  }

  /// The paragraph direction, and whether bidi reordering may be needed.
  static func resolveDirection(_ local: UnsafeBufferPointer<UInt16>, _ base: Bidi.BaseDirection)
    -> (LayoutDirection, Bool)
  {
    let mayRTL = Bidi.mayContainRightToLeft(utf16: local)
    switch base {
    case .fixed(.leftToRight) where !mayRTL, .firstStrong(fallback: .leftToRight) where !mayRTL:
      return (.leftToRight, false)
    default:
      return (Bidi.paragraphDirection(utf16: local, base: base), true)
    }
  }
}

/// A line as line breaking finds it, before it is placed.
struct BrokenLine {
  /// Cluster indices in the paragraph.
  var clusters: Range<Int>
  var visibleWidth: CGFloat
  var endsParagraph: Bool
}

enum LineBreaker {
  /// Breaks a measured paragraph into lines `width` points wide.
  ///
  /// - Complexity: O(n) in the number of clusters (a word-wrap break rewinds
  ///   to the last opportunity, so each cluster is visited about twice).
  static func breakLines(_ paragraph: MeasuredParagraph, width: CGFloat, mode: LineBreakMode)
    -> [BrokenLine]
  {
    var lines: [BrokenLine] = []
    breakLines(paragraph, width: width, mode: mode, into: &lines)
    return lines
  }

  /// `breakLines(_:width:mode:)` into `lines` (emptied first, its storage kept).
  static func breakLines(
    _ paragraph: MeasuredParagraph, width: CGFloat, mode: LineBreakMode,
    into lines: inout [BrokenLine]
  ) {
    lines.removeAll(keepingCapacity: true)
    let count = paragraph.count
    guard count > 0 else {
      lines.append(BrokenLine(clusters: 0..<0, visibleWidth: 0, endsParagraph: true))
      return
    }
    var start = 0
    while start < count {
      let line = nextLine(paragraph, from: start, width: width, mode: mode).line
      lines.append(line)
      start = line.clusters.upperBound
    }
  }

  /// The line that starts at cluster `start` of `paragraph` (which must be
  /// below its count), and the index of the last cluster its decision read
  /// (the cluster that did not fit, or the last one): a line depends only on
  /// its start and the clusters up to that one, which is what lets an edit
  /// re-break a paragraph from a few lines before it until a line starts
  /// where an old one did.
  ///
  /// - Complexity: O(k) in the number of clusters read.
  static func nextLine(
    _ paragraph: MeasuredParagraph, from start: Int, width: CGFloat, mode: LineBreakMode
  ) -> (line: BrokenLine, read: Int) {
    let count = paragraph.count
    let wraps = mode != .clip && width.isFinite
    let useOpportunities = mode != .characterWrap
    var running: CGFloat = 0
    var visible: CGFloat = 0
    var lastBreak = -1
    var visibleAtBreak: CGFloat = 0
    var index = start
    while index < count {
      let flags = paragraph.flags[index]
      if index > start, flags.contains(.breakBefore) {
        lastBreak = index
        visibleAtBreak = visible
      }
      let advance = paragraph.advances[index]
      if flags.contains(.hangs) {
        running = (running + advance).saturated
        index += 1
        continue
      }
      if wraps, index > start, running + advance > width {
        let line =
          useOpportunities && lastBreak > start
          ? BrokenLine(
            clusters: start..<lastBreak, visibleWidth: visibleAtBreak, endsParagraph: false)
          : BrokenLine(clusters: start..<index, visibleWidth: visible, endsParagraph: false)
        return (line, index)
      }
      running = (running + advance).saturated
      visible = running
      index += 1
    }
    return (
      BrokenLine(clusters: start..<count, visibleWidth: visible, endsParagraph: true),
      max(count - 1, start)
    )
  }
}

extension CGFloat {
  /// The value with +infinity brought down to `greatestFiniteMagnitude`:
  /// sums of huge advances saturate instead of overflowing.
  var saturated: CGFloat { Swift.min(self, .greatestFiniteMagnitude) }
}

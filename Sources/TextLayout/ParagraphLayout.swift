import Foundation
import TextMetrics

/// What line breaking and placement need to know of a cluster, one byte each.
struct ClusterFlags: OptionSet, Sendable {
  let rawValue: UInt8
  /// The cluster hangs past the line end (a collapsible space, the hard break).
  static let hangs = ClusterFlags(rawValue: 1)
  /// A line may break before the cluster (a UAX #14 opportunity on its start).
  static let breakBefore = ClusterFlags(rawValue: 2)
  /// The cluster is U+0020 (a justified line widens it).
  static let space = ClusterFlags(rawValue: 4)
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
  /// the paragraph's start), whether it is U+0020.
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

  init(_ style: LayoutStyle) {
    fonts = [style.font] + style.fontRuns.map(\.font)
    runs = style.fontRuns
    lineHeight = fonts.map { Self.clamp($0.lineHeight) }
    ascender = fonts.map { Self.clamp($0.ascender) }
    cellWidth = style.fontRuns.isEmpty ? (style.font as? CellFont)?.cellWidth : nil
  }

  static func clamp(_ value: CGFloat) -> CGFloat {
    value.isFinite && value > 0 ? value : 0
  }

  /// The index of the font at UTF-16 offset `offset`.
  func index(at offset: Int) -> Int {
    for (index, run) in runs.enumerated()
    where offset >= run.range.location && offset - run.range.location < run.range.length {
      return index + 1
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

  let units: [UInt16]
  let fonts: ResolvedFonts
  let style: LayoutStyle
  private var windowStart = 0
  private var windowEnd = 0
  private var budget: Int
  private var clusters: [MeasuredCluster] = []
  private var opportunities: [LineBreakOpportunity] = []
  private var nextCluster = 0
  private var nextOpportunity = 0

  /// A scanner over `units`; with `windowed` false, every window is one
  /// paragraph.
  init(units: [UInt16], fonts: ResolvedFonts, style: LayoutStyle, windowed: Bool = true) {
    self.units = units
    self.fonts = fonts
    self.style = style
    budget = windowed ? Self.firstWindow : 0
  }

  /// Measures one paragraph alone.
  ///
  /// - Complexity: O(n) in the paragraph's length (plus ICU's line iterator).
  static func measure(
    _ units: [UInt16], _ range: Range<Int>, fonts: ResolvedFonts, style: LayoutStyle
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
    let cellWidth = fonts.cellWidth
    let hasRuns = !fonts.runs.isEmpty
    let paragraphText = cellWidth == nil ? String(decoding: units[range], as: UTF16.self) : nil
    let windowStart = self.windowStart
    var c = nextCluster
    var b = nextOpportunity
    units.withUnsafeBufferPointer { text in
      clusters.withUnsafeBufferPointer { clusters in
        opportunities.withUnsafeBufferPointer { opportunities in
          while c < clusters.count {
            let cluster = clusters[c]
            let start = cluster.range.location
            guard start < localEnd else { break }
            c += 1
            while b < opportunities.count, opportunities[b].offset < start { b += 1 }
            let first = text[windowStart + start]
            let isBreak = HardBreaks.isBreak(first)
            var flags: ClusterFlags = []
            if isBreak || CollapsibleSpaces.contains(first) { flags.insert(.hangs) }
            if first == 0x20 { flags.insert(.space) }
            if start > localStart, b < opportunities.count, opportunities[b].offset == start {
              flags.insert(.breakBefore)
            }
            var advance: CGFloat = 0
            if let cellWidth {
              if !isBreak { advance = CGFloat(max(cluster.width, 0)) * cellWidth }
            } else {
              let font = hasRuns ? fonts.index(at: windowStart + start) : 0
              if hasRuns { measured.fontIndex.append(font) }
              if !isBreak, let paragraphText {
                let relative = MeasuredCluster(
                  range: NSRange(location: start - localStart, length: cluster.range.length),
                  width: cluster.width, isControl: cluster.isControl)
                advance = fonts.fonts[font].advance(of: relative, in: paragraphText)
              }
            }
            if !(advance.isFinite && advance > 0) { advance = 0 }
            measured.starts.append(start - localStart)
            measured.advances.append(advance)
            measured.flags.append(flags)
          }
        }
      }
      let count = measured.starts.count
      measured.contentCount = count
      if count > 0, HardBreaks.isBreak(text[range.lowerBound + measured.starts[count - 1]]) {
        measured.contentCount = count - 1
      }
      measured.starts.append(range.count)
      let paragraph = UnsafeBufferPointer(rebasing: text[range])
      (measured.direction, measured.needsBidi) = Self.resolveDirection(paragraph, style.direction)
    }
    nextCluster = c
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
    let local = Array(units[start..<end])
    clusters = Graphemes.clusters(utf16: local)
    opportunities = LineBreaks.opportunities(utf16: local)
    windowStart = start
    windowEnd = end
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
    let wraps = mode != .clip && width.isFinite
    let useOpportunities = mode != .characterWrap
    var start = 0
    while start < count {
      var running: CGFloat = 0
      var visible: CGFloat = 0
      var lastBreak = -1
      var visibleAtBreak: CGFloat = 0
      var index = start
      var end = count
      var endVisible: CGFloat = 0
      var broke = false
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
          if useOpportunities, lastBreak > start {
            end = lastBreak
            endVisible = visibleAtBreak
          } else {
            end = index
            endVisible = visible
          }
          broke = true
          break
        }
        running = (running + advance).saturated
        visible = running
        index += 1
      }
      if !broke {
        end = count
        endVisible = visible
      }
      lines.append(
        BrokenLine(clusters: start..<end, visibleWidth: endVisible, endsParagraph: end == count))
      start = end
    }
  }
}

extension CGFloat {
  /// The value with +infinity brought down to `greatestFiniteMagnitude`:
  /// sums of huge advances saturate instead of overflowing.
  var saturated: CGFloat { Swift.min(self, .greatestFiniteMagnitude) }
}

import Foundation
import TextMetrics

/// Clusters of a paragraph with what line breaking needs.
struct MeasuredParagraph {
  /// The paragraph's range in the text, UTF-16 code units.
  var range: Range<Int>
  /// Cluster starts relative to the paragraph, with the paragraph's length at the end.
  var starts: [Int]
  var advances: [CGFloat]
  /// Whether the cluster hangs past the line end (spaces, the hard break).
  var hangs: [Bool]
  /// Whether a line may break before the cluster (UAX #14 opportunities that
  /// fall on cluster boundaries; the ones inside a cluster are dropped).
  var breakBefore: [Bool]
  var isSpace: [Bool]
  /// Index of each cluster's font in `fonts` (empty when every cluster uses font 0).
  var fontIndex: [Int]
  var direction: LayoutDirection
  var needsBidi: Bool

  var count: Int { advances.count }
  /// The number of clusters before the hard break (all of them without one).
  var contentCount: Int
}

/// Fonts with their metrics clamped (NaN, infinite, negative → 0).
struct ResolvedFonts {
  var fonts: [any FontMetrics]
  var runs: [FontRun]
  var lineHeight: [CGFloat]
  var ascender: [CGFloat]

  init(_ style: LayoutStyle) {
    fonts = [style.font] + style.fontRuns.map(\.font)
    runs = style.fontRuns
    lineHeight = fonts.map { Self.clamp($0.lineHeight) }
    ascender = fonts.map { Self.clamp($0.ascender) }
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

enum ParagraphMeasurer {
  /// Whether a cluster starting with `unit` hangs past the line end: a
  /// collapsible space or a hard break.
  static func isHanging(_ unit: UInt16) -> Bool {
    CollapsibleSpaces.contains(unit) || HardBreaks.isBreak(unit)
  }

  /// Measures one paragraph.
  ///
  /// - Complexity: O(n) in the paragraph's length (plus ICU's line iterator).
  static func measure(
    _ units: [UInt16], _ range: Range<Int>, fonts: ResolvedFonts, style: LayoutStyle
  ) -> MeasuredParagraph {
    let local = Array(units[range])
    let clusters = Graphemes.clusters(utf16: local)
    let opportunities = LineBreaks.opportunities(utf16: local)
    var starts: [Int] = []
    starts.reserveCapacity(clusters.count + 1)
    var advances: [CGFloat] = []
    advances.reserveCapacity(clusters.count)
    var hangs: [Bool] = []
    hangs.reserveCapacity(clusters.count)
    var isSpace: [Bool] = []
    isSpace.reserveCapacity(clusters.count)
    var breakBefore = [Bool](repeating: false, count: clusters.count)
    var fontIndex: [Int] = []
    let hasRuns = !fonts.runs.isEmpty
    var paragraphText: String?
    let needsText = hasRuns || !(style.font is CellFont)
    if needsText { paragraphText = String(decoding: local, as: UTF16.self) }
    var contentCount = clusters.count
    for (index, cluster) in clusters.enumerated() {
      let first = local[cluster.range.location]
      starts.append(cluster.range.location)
      let isBreak = HardBreaks.isBreak(first)
      if isBreak, index == clusters.count - 1 { contentCount = index }
      hangs.append(isHanging(first))
      isSpace.append(first == 0x20)
      let font = hasRuns ? fonts.index(at: range.lowerBound + cluster.range.location) : 0
      if hasRuns { fontIndex.append(font) }
      var advance: CGFloat = 0
      if !isBreak {
        if let paragraphText {
          advance = fonts.fonts[font].advance(of: cluster, in: paragraphText)
        } else {
          advance = CGFloat(max(cluster.width, 0)) * ((style.font as? CellFont)?.cellWidth ?? 1)
        }
        if !(advance.isFinite && advance > 0) { advance = 0 }
      }
      advances.append(advance)
    }
    starts.append(local.count)
    // Opportunities on cluster boundaries only.
    var clusterIndex = 0
    for opportunity in opportunities {
      while clusterIndex < starts.count - 1, starts[clusterIndex] < opportunity.offset {
        clusterIndex += 1
      }
      if clusterIndex < clusters.count, starts[clusterIndex] == opportunity.offset {
        breakBefore[clusterIndex] = true
      }
    }
    let (direction, needsBidi) = resolveDirection(local, style.direction)
    return MeasuredParagraph(
      range: range, starts: starts, advances: advances, hangs: hangs, breakBefore: breakBefore,
      isSpace: isSpace, fontIndex: fontIndex, direction: direction, needsBidi: needsBidi,
      contentCount: contentCount)
  }

  /// The paragraph direction, and whether bidi reordering may be needed.
  static func resolveDirection(_ local: [UInt16], _ base: Bidi.BaseDirection) -> (
    LayoutDirection, Bool
  ) {
    let mayRTL = Bidi.mayContainRightToLeft(local)
    switch base {
    case .fixed(.leftToRight) where !mayRTL, .firstStrong(fallback: .leftToRight) where !mayRTL:
      return (.leftToRight, false)
    default:
      return (Bidi.paragraph(utf16: local, direction: base).direction, true)
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
    let count = paragraph.count
    guard count > 0 else {
      return [BrokenLine(clusters: 0..<0, visibleWidth: 0, endsParagraph: true)]
    }
    let wraps = mode != .clip && width.isFinite
    let useOpportunities = mode != .characterWrap
    var lines: [BrokenLine] = []
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
        if index > start, paragraph.breakBefore[index] {
          lastBreak = index
          visibleAtBreak = visible
        }
        let advance = paragraph.advances[index]
        if paragraph.hangs[index] {
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
    return lines
  }
}

extension CGFloat {
  /// The value with +infinity brought down to `greatestFiniteMagnitude`:
  /// sums of huge advances saturate instead of overflowing.
  var saturated: CGFloat { Swift.min(self, .greatestFiniteMagnitude) }
}

public import Foundation
import TextMetrics

/// Text laid out in a container: line fragments, the used size, and the
/// queries a text view needs (selection rects, caret rects, hit-testing).
///
/// Offsets and ranges are **UTF-16 code units**; geometry is in **points**,
/// origin top-left, y down; sums of lengths saturate at
/// `CGFloat.greatestFiniteMagnitude`. Lines break only at UAX #14 opportunities that fall
/// on grapheme-cluster boundaries (a word wider than the container breaks
/// between clusters), and always after LF, CR LF, CR, VT, FF, NEL, U+2028 and
/// U+2029. Trailing spaces hang past the line's end and do not count toward its
/// width. Bidirectional text is ordered by ICU's bidi algorithm per paragraph.
///
/// ```swift
/// let frame = TextFrame(
///   "Hello wide world", container: TextContainer(width: 8), style: LayoutStyle())
/// frame.lineFragments.map(\.range)     // [{0, 6}, {6, 5}, {11, 5}]
/// frame.usedSize                       // (5.0, 3.0)
/// frame.caretRect(at: 6).origin.y      // 1.0 (the second line)
/// frame.offset(closestTo: CGPoint(x: 99, y: 0.5))  // 6, the end of the first line
/// ```
///
/// A frame is a value; `replaceCharacters(in:with:)` relays out only the
/// paragraphs an edit touches, and inside a long paragraph only a window
/// around the edit. The queries measure a line's paragraph (or, in a
/// paragraph without bidi text laid out with a font whose advances depend on
/// the cluster alone, the line alone) the first time they meet it and keep
/// the last few measured for the next queries on the same frame value (an
/// edit starts afresh).
///
/// A long `.clip` line (at least 4096 code units; a single-line field's
/// value) in a paragraph without bidi text, laid out with such a font, is
/// laid out and placed in windows: the frame keeps a checkpoint of x about
/// every 512 code units, so an edit measures the chunks around it, and a
/// caret rect, a hit-test, a selection rect or `placedClusters(ofLine:
/// reaching:)` places only the chunks it needs, with the same result to
/// the bit as the whole line (advances that are not multiples of 1/1024
/// point, which could sum differently in pieces, keep the line whole). A
/// paragraph with bidi text (right-to-left text, a bidi control, or a base
/// direction other than left to right) is laid out and placed whole, in
/// every mode: its embedding levels are resolved over the whole paragraph.
/// An edit of it measures it once, and the queries on the edited frame
/// reuse that measurement; each query places its line whole (O(k log k) in
/// the line's clusters, O(k) in most lines), so a key in a long bidi
/// `.clip` line costs O(n) in its length.
public struct TextFrame: Sendable {
  /// The text, as UTF-16 code units, in a gap buffer (offsets from 0, as an
  /// array): an edit does not move the text after it (see `UTF16Buffer`).
  public internal(set) var utf16: UTF16Buffer
  /// The container the text is laid out in.
  public let container: TextContainer
  /// The font, alignment, direction and line break mode.
  public let style: LayoutStyle
  /// The lines, top to bottom, in a collection that an edit does not move
  /// (see `LineFragments`): read it as an array of lines.
  public internal(set) var lineFragments: LineFragments = []
  /// Whether the container's line limit hid some of the text.
  public private(set) var isTruncated = false

  var paragraphs: [Range<Int>] = []
  /// For each paragraph, whether it may need the bidi algorithm
  /// (`MeasuredParagraph.needsBidi`; true for a paragraph a line limit left
  /// unmeasured).
  var paragraphNeedsBidi: [Bool] = []
  let fonts: ResolvedFonts
  var widestLine: CGFloat = 0
  /// The paragraphs the queries measured; a new, empty cache after every
  /// change of the text or the lines (see `ParagraphCache`).
  var placementCache = ParagraphCache()
  /// The checkpoints of the long `.clip` lines, by paragraph index (see
  /// `ClipCheckpoints`); empty unless `keepsClipCheckpoints`.
  var clipLines: [Int: ClipCheckpoints] = [:]

  /// Lays out `text`.
  ///
  /// - Complexity: O(n) in the length of the text (with a line limit, only the
  ///   paragraphs up to the last shown line are laid out).
  public init(_ text: String, container: TextContainer = .unbounded, style: LayoutStyle = .init()) {
    self.init(utf16: Array(text.utf16), container: container, style: style)
  }

  /// Lays out UTF-16 code units (a lone surrogate is a cluster of its own).
  ///
  /// - Complexity: O(n) in the number of code units.
  public init(utf16: [UInt16], container: TextContainer = .unbounded, style: LayoutStyle = .init())
  {
    self.init(utf16: UTF16Buffer(utf16), container: container, style: style)
  }

  /// Lays out the UTF-16 code units of a buffer (a lone surrogate is a
  /// cluster of its own), which the frame keeps as its text.
  ///
  /// - Complexity: O(n) in the number of code units.
  public init(
    utf16: UTF16Buffer, container: TextContainer = .unbounded, style: LayoutStyle = .init()
  ) {
    self.utf16 = utf16
    self.container = container
    self.style = style
    fonts = ResolvedFonts(style)
    layoutAll()
  }

  /// The text, as a string.
  ///
  /// - Complexity: O(n).
  public var text: String { String(decoding: utf16, as: UTF16.self) }

  /// The size of the laid-out text in points: the widest line's used width plus
  /// twice the padding, by the bottom of the last line. Zero for empty text.
  public var usedSize: CGSize {
    guard let last = lineFragments.last else { return .zero }
    return CGSize(
      width: (widestLine + 2 * container.clampedPadding).saturated,
      height: last.rect.maxY.saturated)
  }

  /// The size `text` takes when laid out `width` points wide (`.infinity`: one
  /// line per paragraph), as `sizeThatFits`. Widths are clamped as
  /// `TextContainer` documents.
  ///
  /// - Complexity: O(n) in the length of the text.
  public static func size(
    of text: String, style: LayoutStyle = .init(), fittingWidth width: CGFloat,
    maximumNumberOfLines: Int = 0, lineFragmentPadding: CGFloat = 0
  ) -> CGSize {
    TextFrame(
      text,
      container: TextContainer(
        width: width, maximumNumberOfLines: maximumNumberOfLines,
        lineFragmentPadding: lineFragmentPadding),
      style: style
    ).usedSize
  }

  // MARK: Layout

  /// The width alignment works in: the container's line width, or the widest
  /// line when unbounded.
  var alignmentWidth: CGFloat {
    let width = container.lineWidth
    return width.isFinite ? width : widestLine
  }

  mutating func layoutAll() {
    placementCache = ParagraphCache()
    paragraphs = HardBreaks.paragraphs(utf16, in: 0..<utf16.count)
    paragraphNeedsBidi = Array(repeating: true, count: paragraphs.count)
    clipLines = [:]
    let keepsCheckpoints = keepsClipCheckpoints
    let chunking = Self.clipChunking
    lineFragments = []
    var lines: [LineFragment] = []
    isTruncated = false
    let maximum = container.clampedMaximumNumberOfLines
    var y: CGFloat = 0
    var scanner = ParagraphScanner(units: utf16, fonts: fonts, style: style)
    var measured = MeasuredParagraph()
    var broken: [BrokenLine] = []
    let width = container.lineWidth
    outer: for index in paragraphs.indices {
      scanner.measure(index, of: paragraphs, into: &measured)
      paragraphNeedsBidi[index] = measured.needsBidi
      if keepsCheckpoints, let checkpoints = ClipCheckpoints(measured, chunking) {
        clipLines[index] = checkpoints
      }
      LineBreaker.breakLines(measured, width: width, mode: style.lineBreakMode, into: &broken)
      for (k, line) in broken.enumerated() {
        if maximum > 0, lines.count == maximum - 1 {
          let more = k < broken.count - 1 || index < paragraphs.count - 1
          if more {
            isTruncated = true
            if style.lineBreakMode.truncates {
              lines.append(truncatedLine(measured, from: line.clusters.lowerBound, y: y))
            } else {
              lines.append(fragment(measured, line, y: y))
            }
            break outer
          }
        }
        let built = fragment(measured, line, y: y)
        y = built.rect.maxY.saturated
        lines.append(built)
      }
    }
    widestLine = lines.reduce(0) { max($0, $1.usedWidth) }
    lineFragments = LineFragments(lines)
    align(0..<lineFragments.count)
  }

  /// A line's metrics: height and ascent, from the fonts of its clusters.
  func metrics(_ paragraph: MeasuredParagraph, _ clusters: Range<Int>) -> (CGFloat, CGFloat) {
    if paragraph.fontIndex.isEmpty || clusters.isEmpty {
      let font =
        clusters.isEmpty
        ? fonts.index(at: paragraph.range.lowerBound + paragraph.starts[clusters.lowerBound]) : 0
      return (fonts.lineHeight[font], fonts.ascender[font])
    }
    var height: CGFloat = 0
    var ascent: CGFloat = 0
    var seen = Set<Int>()
    for index in clusters where seen.insert(paragraph.fontIndex[index]).inserted {
      let font = paragraph.fontIndex[index]
      height = max(height, fonts.lineHeight[font])
      ascent = max(ascent, fonts.ascender[font])
    }
    return (height, ascent)
  }

  func fragment(_ paragraph: MeasuredParagraph, _ line: BrokenLine, y: CGFloat) -> LineFragment {
    let (height, ascent) = metrics(paragraph, line.clusters)
    let start = paragraph.range.lowerBound + paragraph.starts[line.clusters.lowerBound]
    let end = paragraph.range.lowerBound + paragraph.starts[line.clusters.upperBound]
    return LineFragment(
      range: NSRange(location: start, length: end - start),
      rect: CGRect(x: 0, y: y, width: 0, height: height),
      usedRect: CGRect(x: 0, y: y, width: line.visibleWidth, height: height),
      baseline: (y + ascent).saturated, usedWidth: line.visibleWidth,
      direction: paragraph.direction,
      endsParagraph: line.endsParagraph)
  }

  var ellipsisAdvance: CGFloat {
    let cluster = Graphemes.clusters(in: Truncation.ellipsis)
    guard let first = cluster.first else { return 0 }
    let advance = style.font.advance(of: first, in: Truncation.ellipsis)
    return advance.isFinite && advance > 0 ? advance : 0
  }

  /// The last shown line, truncated: it runs from cluster `first` of
  /// `paragraph` to the end of the text.
  func truncatedLine(_ paragraph: MeasuredParagraph, from first: Int, y: CGFloat) -> LineFragment {
    let width = container.lineWidth
    let budget = max(width - ellipsisAdvance, 0)
    let end = paragraph.contentCount
    var headEnd = first
    var tailStart = end
    var used: CGFloat = 0
    switch style.lineBreakMode {
    case .truncateHead:
      while tailStart > first, used + paragraph.advances[tailStart - 1] <= budget {
        used += paragraph.advances[tailStart - 1]
        tailStart -= 1
      }
    case .truncateMiddle:
      var takeHead = true
      while headEnd < tailStart {
        let index = takeHead ? headEnd : tailStart - 1
        guard used + paragraph.advances[index] <= budget else { break }
        used += paragraph.advances[index]
        if takeHead { headEnd += 1 } else { tailStart -= 1 }
        takeHead.toggle()
      }
    default:
      while headEnd < end, used + paragraph.advances[headEnd] <= budget {
        used += paragraph.advances[headEnd]
        headEnd += 1
      }
    }
    // No spaces beside the ellipsis.
    while headEnd > first, paragraph.hangs(headEnd - 1) {
      headEnd -= 1
      used -= paragraph.advances[headEnd]
    }
    while tailStart < end, paragraph.hangs(tailStart) {
      used -= paragraph.advances[tailStart]
      tailStart += 1
    }
    let base = paragraph.range.lowerBound
    let start = base + paragraph.starts[first]
    let head = NSRange(location: start, length: paragraph.starts[headEnd] - paragraph.starts[first])
    let tail = NSRange(
      location: base + paragraph.starts[tailStart],
      length: paragraph.starts[end] - paragraph.starts[tailStart])
    let usedWidth = (max(used, 0) + ellipsisAdvance).saturated
    let (height, ascent) = metrics(paragraph, first..<max(end, first))
    return LineFragment(
      range: NSRange(location: start, length: utf16.count - start),
      rect: CGRect(x: 0, y: y, width: 0, height: height),
      usedRect: CGRect(x: 0, y: y, width: usedWidth, height: height),
      baseline: (y + ascent).saturated, usedWidth: usedWidth, direction: paragraph.direction,
      endsParagraph: true, truncation: Truncation(head: head, tail: tail))
  }

  /// The alignment of a line: left, right or centre, and whether it is justified.
  func resolvedAlignment(_ line: LineFragment) -> (TextAlignment, Bool) {
    let natural: TextAlignment = line.direction == .leftToRight ? .left : .right
    switch style.alignment {
    case .natural: return (natural, false)
    case .justified:
      let justify =
        !line.endsParagraph && line.truncation == nil && container.lineWidth.isFinite
      return (natural, justify)
    default: return (style.alignment, false)
    }
  }

  /// Sets the x of `rect` and `usedRect` of the lines in `range`.
  mutating func align(_ range: Range<Int>) {
    // Saturated, so an infinite advance from a font cannot make an edge
    // infinite or NaN (∞ - ∞) here.
    let width = alignmentWidth.saturated
    let padding = container.clampedPadding
    let lineWidth =
      container.clampedWidth.isFinite ? container.clampedWidth : (width + 2 * padding).saturated
    for index in range {
      var line = lineFragments[index]
      let (alignment, justified) = resolvedAlignment(line)
      let used = (justified ? max(width, line.usedWidth) : line.usedWidth).saturated
      let offset: CGFloat
      switch alignment {
      case .right: offset = width - used
      case .center: offset = (width - used) / 2
      default: offset = 0
      }
      line.rect.origin.x = 0
      line.rect.size.width = lineWidth
      line.usedRect.origin.x = (padding + offset).saturated
      line.usedRect.size.width = used
      lineFragments[index] = line
    }
  }
}

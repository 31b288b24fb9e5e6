public import Foundation

/// Draws an `Editor` into a `TerminalScreen`: its one layout (`layout()`,
/// the displayed text, clusters in visual order), the `DrawingPrimitive`s its
/// behaviours publish (placeholders, links, highlights, substituted spaces),
/// its selection and marked text, and its caret as the terminal cursor.
///
/// One point is one cell. Use a `TerminalCellFont` as the editor's font so
/// that the layout measures as the terminal draws; the renderer takes each
/// cluster's width from the layout, never measures again. The renderer
/// reads no feature module: a behaviour's values draw through
/// `DrawablePresentation`.
///
/// What a presentation value publishes only for a renderer that draws the
/// typed `Editor.text` is not drawn here: this renderer draws the one
/// layout of the *displayed* text. RightAlignedSpaces' `TrailingSpacePad`
/// is such a value — here the trailing spaces are already drawn as U+00A0
/// and take their cells, so padding by them again would count them twice.
///
/// ```swift
/// var screen = TerminalScreen(columns: 80, rows: 24)
/// let drawn = TerminalEditorRenderer.draw(editor, into: &screen, at: TerminalPosition(row: 1, column: 1))
/// let bytes = TerminalWriter.update(from: previous, to: screen)
/// ```
public enum TerminalEditorRenderer {
  /// What a draw put where, for hit-testing and tests.
  public struct Drawn: Sendable {
    /// The cell the view's top-left corner is on.
    public var origin: TerminalPosition
    /// How far the text is scrolled up, in points (rows).
    public var scroll: CGFloat
    /// The caret's cell, or nil when it is out of sight.
    public var caret: TerminalPosition?
    /// How far the text is scrolled to the left, in points (columns): a
    /// single-line field's sideways scroll (0 for a wrapping view).
    public var horizontalScroll: CGFloat = 0

    /// The point in the editor's view coordinates of the centre of a screen
    /// cell (0-based row and column): what a click there means.
    public func viewPoint(row: Int, column: Int) -> CGPoint {
      CGPoint(x: CGFloat(column - origin.column) + 0.5, y: CGFloat(row - origin.row) + 0.5)
    }

    /// The point in the text container's coordinates of the centre of a
    /// screen cell, scrolled: what `TextFrame.offset(closestTo:)` takes.
    public func containerPoint(row: Int, column: Int, in editor: Editor) -> CGPoint {
      let view = viewPoint(row: row, column: column)
      let origin = editor.textContainerOrigin
      return CGPoint(x: view.x - origin.x + horizontalScroll, y: view.y - origin.y + scroll)
    }

    /// The caret offset a click on a screen cell (0-based) puts: before the
    /// cluster drawn on that cell (in reading order, so also for a
    /// right-to-left cluster and on either cell of a wide one); past a
    /// line's end, the grapheme boundary nearest the cell. Nil when the cell
    /// is outside the view.
    ///
    /// - Returns: An offset in UTF-16 code units of the editor's text.
    /// - Complexity: O(k) in the clicked line's clusters, plus a layout
    ///   query.
    public func offset(row: Int, column: Int, in editor: Editor) -> Int? {
      let bounds = editor.state.geometry.bounds
      let view = viewPoint(row: row, column: column)
      guard view.x >= 0, view.y >= 0, view.x < bounds.width, view.y < bounds.height else {
        return nil
      }
      let layout = editor.layout()
      let point = containerPoint(row: row, column: column, in: editor)
      // The cluster drawn on the cell: its cells as `draw` rounds them,
      // scrolled as drawn. (Only the clusters within a few cells of the
      // point are placed: a long single line is placed in part.)
      let left = CGFloat(origin.column) + editor.textContainerOrigin.x - horizontalScroll
      let lines = layout.lineFragments
      let lineIndex = lines.partitioningIndex { $0.rect.maxY > point.y }
      if lineIndex < lines.count, lines[lineIndex].rect.minY <= point.y,
        let cluster = layout.placedClusters(
          ofLine: lineIndex, reaching: (point.x - 4)...(point.x + 4)
        )?.first(where: {
          let isSpace =
            !$0.isEllipsis && $0.range.location >= 0 && $0.range.location < layout.utf16.count
            && layout.utf16[$0.range.location] == 0x20
          let (first, width) = TerminalEditorRenderer.cells(of: $0, isSpace: isSpace, at: left)
          return !$0.isEllipsis && first <= column && column < first + width
        })
      {
        let typed = editor.state.displayMap.typed(fromDisplayed: cluster.range.location)
        return editor.state.widened(NSRange(location: typed, length: 0)).location
      }
      return editor.state.offset(closestTo: point)
    }
  }

  /// Where `draw(_:into:at:theme:horizontalScroll:drawsMessages:)` would put
  /// `editor` with its view's top-left corner at `origin` and the text
  /// scrolled `horizontalScroll` points to the left: the scroll, without
  /// drawing (the caret's cell is not computed). For mapping a click back to
  /// the text.
  ///
  /// - Complexity: O(log n) in the lines of the layout (one caret query).
  public static func placement(
    of editor: Editor, at origin: TerminalPosition, horizontalScroll: CGFloat = 0
  ) -> Drawn {
    let state = editor.state
    let caretRect = state.caretRect(at: NSMaxRange(state.selection))
    return Drawn(
      origin: origin, scroll: verticalScroll(caretRect: caretRect, in: state), caret: nil,
      horizontalScroll: horizontalScroll.isFinite ? horizontalScroll : 0)
  }

  /// How far the text scrolls up to keep the caret (`caretRect`, the
  /// container's coordinates) in the text container, in whole points.
  static func verticalScroll(caretRect: CGRect, in state: EditorState) -> CGFloat {
    let overflow = caretRect.maxY - state.geometry.textContainerRect.height
    return overflow > 0 ? overflow.rounded(.up) : 0
  }

  /// Draws `editor` with its view's top-left corner at `origin` (a 0-based
  /// cell of `screen`). The view's cells (its bounds, in points = cells) are
  /// cleared to the theme's text style first. The text scrolls up just
  /// enough to keep the caret's line in the text container. When the editor
  /// is editing, the screen's cursor is put on the caret's cell.
  ///
  /// - Parameters:
  ///   - editor: The editor to draw.
  ///   - screen: The screen drawn into.
  ///   - origin: The cell the view's top-left corner goes on (0-based).
  ///   - theme: The styles.
  ///   - horizontalScroll: How far the text is scrolled to the left, in
  ///     points (cells): a single-line field laid out with `.clip` keeps its
  ///     caret in sight this way (`TerminalTextField` chooses it). A cluster
  ///     that does not fit whole in the view is not drawn: a wide cluster is
  ///     never cut.
  ///   - drawsMessages: Whether overlay text of role `.message` (a
  ///     validation message, a character count on the view's last line) is
  ///     drawn; a field that shows them on a status line of its own passes
  ///     false.
  ///   - highlights: Ranges of the typed text (UTF-16) to restyle, in
  ///     order (a `Highlighter`'s, with the style of each's role), drawn
  ///     under the behaviours' styles, links, the selection and marked
  ///     text, which keep precedence; a range drawn substituted (a password
  ///     mask) is left out.
  /// - Complexity: O(log l + c + p·c') in the lines l, the clusters drawn c, the
  ///   primitives p of the text on the view's rows and the clusters each covers c'.
  @discardableResult
  public static func draw(
    _ editor: Editor, into screen: inout TerminalScreen, at origin: TerminalPosition,
    theme: TerminalTheme = .standard, horizontalScroll: CGFloat = 0, drawsMessages: Bool = true,
    highlights: [(range: NSRange, change: TerminalStyleChange)] = []
  ) -> Drawn {
    draw(
      editor, into: &screen, at: origin, theme: theme, horizontalScroll: horizontalScroll,
      drawsMessages: drawsMessages, highlights: highlights, caretRect: nil)
  }

  /// `draw(_:into:at:theme:horizontalScroll:drawsMessages:highlights:)` with
  /// the caret's rect at the selection's end when the caller has it already
  /// (`TerminalTextField` computes it once a frame, for its scroll).
  @discardableResult
  static func draw(
    _ editor: Editor, into screen: inout TerminalScreen, at origin: TerminalPosition,
    theme: TerminalTheme, horizontalScroll: CGFloat, drawsMessages: Bool,
    highlights: [(range: NSRange, change: TerminalStyleChange)], caretRect known: CGRect?
  ) -> Drawn {
    let horizontalScroll = horizontalScroll.isFinite ? horizontalScroll : 0
    let state = editor.state
    let bounds = state.geometry.bounds
    let viewColumns = cells(bounds.width)
    let viewRows = cells(bounds.height)
    let view = CellRect(
      rows: origin.row..<origin.row + viewRows, columns: origin.column..<origin.column + viewColumns
    )
    screen.fill(rows: view.rows, columns: view.columns, style: theme.text)

    let layout = editor.layout()
    let container = state.geometry.textContainerRect
    let caretOffset = NSMaxRange(state.selection)
    let caretRect = known ?? state.caretRect(at: caretOffset)
    let scroll = verticalScroll(caretRect: caretRect, in: state)

    // Only what can show on the view's rows is built: the primitives of the
    // text of the lines from the view's top to its bottom (in the layout's
    // coordinates: from `scroll` less the container's top, a row either side).
    let lines = layout.lineFragments
    let top = scroll - container.minY - 1
    let bottom = top + CGFloat(viewRows) + 2
    var visibleRange = NSRange(location: 0, length: layout.utf16.count)
    if top.isFinite, bottom.isFinite {
      let firstLine = lines.partitioningIndex { $0.rect.maxY > top }
      let endLine = lines.partitioningIndex { $0.rect.minY >= bottom }
      visibleRange =
        firstLine < endLine
        ? NSRange(
          location: lines[firstLine].range.location,
          length: NSMaxRange(lines[endLine - 1].range) - lines[firstLine].range.location)
        : NSRange(location: 0, length: 0)
      if layout.style.lineBreakMode == .clip, firstLine < endLine {
        // A single line scrolled sideways: only the text of the clusters
        // in the view's columns (a long line is placed only there).
        let left = horizontalScroll - container.minX - 2
        let right = left + CGFloat(viewColumns) + 4
        var low = Int.max
        var high = Int.min
        for index in firstLine..<endLine {
          for cluster in layout.placedClusters(ofLine: index, reaching: left...right) ?? []
          where !cluster.isEllipsis {
            low = min(low, cluster.range.location)
            high = max(high, NSMaxRange(cluster.range))
          }
        }
        visibleRange =
          low <= high
          ? NSRange(location: low, length: high - low)
          : NSRange(location: lines[firstLine].range.location, length: 0)
      }
    }
    // The primitives' ranges are the typed text's; the layout's, the displayed text's.
    visibleRange = state.displayMap.typed(fromDisplayed: visibleRange)
    let primitives = editor.presentation.drawingPrimitives(in: state, visibleRange: visibleRange)
    for case .overlayText(let overlay) in primitives where drawsMessages || overlay.role != .message
    {
      drawOverlay(overlay, into: &screen, at: origin, view: view, theme: theme)
    }
    // The rows of the text container inside the view (empty when it has none).
    let firstTextRow = max(view.rows.lowerBound, origin.row + cell(container.minY))
    let endTextRow = min(view.rows.upperBound, origin.row + cell(container.maxY))
    let textRows = CellRect(
      rows: firstTextRow..<max(firstTextRow, endTextRow), columns: view.columns)

    // The text, cluster by cluster in visual order, inside the container's rows.
    let placed = screen.draw(
      layout,
      at: CGPoint(
        x: CGFloat(origin.column) + container.minX - horizontalScroll,
        y: CGFloat(origin.row) + container.minY - scroll),
      clip: CGRect(
        x: CGFloat(view.columns.lowerBound), y: CGFloat(textRows.rows.lowerBound),
        width: CGFloat(view.columns.count), height: CGFloat(textRows.rows.count)),
      style: theme.text
    ).filter { !$0.isEllipsis }

    // What behaviours style, then the selection and marked text on top. A
    // styled range or hyperlink over text drawn substituted (a password
    // mask) is left out: its style and URI would show what the mask hides.
    // Ranges are the typed text's; the placed clusters' the displayed text's.
    let map = state.displayMap
    for highlight in highlights {
      let range = NSIntersectionRange(
        highlight.range, NSRange(location: 0, length: state.utf16Count))
      guard range.length > 0, state.isDrawnAsTyped(range) else { continue }
      restyle(placed, in: map.displayed(fromTyped: range), of: &screen, with: highlight.change)
    }
    for primitive in primitives {
      switch primitive {
      case .styledRange(let range, let role):
        guard state.isDrawnAsTyped(range) else { continue }
        restyle(
          placed, in: map.displayed(fromTyped: range), of: &screen, with: theme.change(for: role))
      case .hyperlink(let range, let uri, let id):
        guard state.isDrawnAsTyped(range) else { continue }
        let link = TerminalHyperlink(id: theme.hyperlinkIDPrefix + String(id), uri: uri)
        let displayed = map.displayed(fromTyped: range)
        for cell in placed where intersects(cell.range, displayed) {
          screen.link(row: cell.row, columns: cell.columns, to: link)
        }
      case .filledRect(let rect, let color, _):
        let change =
          theme.highlight
          ?? TerminalStyleChange(background: .rgb(color.red, color.green, color.blue))
        fillRect(
          rect.offsetBy(dx: -horizontalScroll, dy: 0), scroll: scroll, origin: origin,
          clip: textRows, screen: &screen, change: change)
      case .overlayText:
        break
      }
    }
    if state.selection.length > 0 {
      restyle(
        placed, in: map.displayed(fromTyped: state.selection), of: &screen, with: theme.selection)
    }
    if let marked = state.markedRange, marked.length > 0 {
      restyle(placed, in: map.displayed(fromTyped: marked), of: &screen, with: theme.markedText)
    }

    // The caret: its cell edge, kept inside the lines' text area, rounded
    // as clusters' edges are (so it is on the cell after the cluster before
    // it, also where centring puts clusters at half cells).
    var caret: TerminalPosition?
    let caretRow = origin.row + cell(container.minY + caretRect.minY - scroll, .down)
    let start = layout.container.clampedPadding
    let end = start + layout.container.lineWidth
    let caretX = min(max(caretRect.midX - horizontalScroll, start), end)
    let caretColumn = cell(CGFloat(origin.column) + container.minX + caretX)
    if textRows.rows.contains(caretRow), !view.columns.isEmpty {
      caret = TerminalPosition(
        row: caretRow,
        column: min(max(caretColumn, view.columns.lowerBound), view.columns.upperBound - 1))
    }
    if state.isEditing { screen.cursor = caret }
    return Drawn(
      origin: origin, scroll: scroll, caret: caret, horizontalScroll: horizontalScroll)
  }

  // MARK: Helpers

  /// A rectangle of cells.
  struct CellRect {
    var rows: Range<Int>
    var columns: Range<Int>
  }

  /// A coordinate in points to a cell index, rounded to the nearest, kept
  /// within ±1 000 000 (0 for NaN), so that no geometry traps.
  static func cell(_ points: CGFloat, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero)
    -> Int
  {
    guard !points.isNaN else { return 0 }
    return Int(min(max(points, -1_000_000), 1_000_000).rounded(rule))
  }

  /// The cells a placed cluster is drawn on with the frame's left edge at
  /// `x`: from its left edge rounded to the nearest cell, as many as its
  /// advance rounded; a space (which a justified line widens by fractions
  /// of a cell) up to its right edge rounded, which is where the next
  /// cluster starts, so that clusters tile. (Rounding both edges of every
  /// cluster would let a floating-point sum that crosses a power of two
  /// draw a one-cell cluster two cells wide.)
  static func cells(of cluster: PlacedCluster, isSpace: Bool, at x: CGFloat) -> (
    column: Int, width: Int
  ) {
    let column = cell(x + cluster.minX)
    let width = isSpace ? cell(x + cluster.maxX) - column : cell(cluster.maxX - cluster.minX)
    return (column, width)
  }

  /// Points to whole cells, rounding down; 0 for NaN or negative.
  static func cells(_ points: CGFloat) -> Int {
    guard points.isFinite, points > 0 else { return 0 }
    return Int(min(points, 1_000_000).rounded(.down))
  }

  static func substring(_ units: UTF16Buffer, _ range: NSRange) -> String {
    let lower = min(max(range.location, 0), units.count)
    let upper = min(max(NSMaxRange(range), lower), units.count)
    // Decoded from contiguous memory: the fast path of String's decoding.
    return units.withContiguousUnits(in: lower..<upper) { String(decoding: $0, as: UTF16.self) }
  }

  static func intersects(_ a: NSRange, _ b: NSRange) -> Bool {
    max(a.location, b.location) < min(NSMaxRange(a), NSMaxRange(b))
  }

  static func restyle(
    _ placed: [DrawnCluster], in range: NSRange, of screen: inout TerminalScreen,
    with change: TerminalStyleChange
  ) {
    guard change != .none else { return }
    for cell in placed where intersects(cell.range, range) {
      screen.restyle(row: cell.row, columns: cell.columns) { change.apply(to: &$0) }
    }
  }

  static func fillRect(
    _ rect: CGRect, scroll: CGFloat, origin: TerminalPosition, clip: CellRect,
    screen: inout TerminalScreen, change: TerminalStyleChange
  ) {
    guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
      return
    }
    let top = origin.row + cell(rect.minY - scroll)
    let left = origin.column + cell(rect.minX)
    let rows = top..<max(top, origin.row + cell(rect.maxY - scroll))
    let columns = left..<max(left, origin.column + cell(rect.maxX))
    for row in rows.clamped(to: clip.rows) {
      screen.restyle(row: row, columns: columns.clamped(to: clip.columns)) { change.apply(to: &$0) }
    }
  }

  /// Draws overlay text (a placeholder) when at least half opaque: its
  /// lines at `origin`, clipped to its rect; a shrunk line (scale < 1), which
  /// a cell cannot show, is drawn unscaled on the row its clip starts, kept
  /// at its anchor within the scaled line.
  static func drawOverlay(
    _ overlay: OverlayText, into screen: inout TerminalScreen, at origin: TerminalPosition,
    view: CellRect, theme: TerminalTheme
  ) {
    guard overlay.alpha >= 0.5 else { return }
    var style = theme.text
    theme.change(for: overlay.role).apply(to: &style)
    let frame = overlay.frame
    let clip = overlay.clip
    if overlay.scale < 1 {
      guard let line = frame.lineFragments.first else { return }
      let used = line.usedWidth
      let scaledMinX = overlay.origin.x + line.usedRect.minX * overlay.scale
      let scaledMaxX = overlay.origin.x + line.usedRect.maxX * overlay.scale
      let start: CGFloat
      switch overlay.anchor {
      case .right: start = scaledMaxX - used
      case .center: start = (scaledMinX + scaledMaxX - used) / 2
      case .left: start = scaledMinX
      }
      let row = origin.row + cell(clip.minY, .down)
      for cluster in frame.placedClusters(ofLine: 0) ?? [] {
        let width = cell(cluster.maxX - cluster.minX)
        let column = origin.column + cell(start + cluster.minX - line.usedRect.minX)
        guard width > 0, view.rows.contains(row), column >= view.columns.lowerBound,
          column + width <= view.columns.upperBound
        else { continue }
        let text = cluster.isEllipsis ? "\u{2026}" : substring(frame.utf16, cluster.range)
        screen.put(text, width: width, row: row, column: column, style: style)
      }
      return
    }
    let viewClip = CGRect(
      x: CGFloat(view.columns.lowerBound), y: CGFloat(view.rows.lowerBound),
      width: CGFloat(view.columns.count), height: CGFloat(view.rows.count))
    let shifted = clip.offsetBy(dx: CGFloat(origin.column), dy: CGFloat(origin.row))
    screen.draw(
      frame,
      at: CGPoint(
        x: CGFloat(origin.column) + overlay.origin.x, y: CGFloat(origin.row) + overlay.origin.y),
      clip: shifted.intersection(viewClip), style: style)
  }
}

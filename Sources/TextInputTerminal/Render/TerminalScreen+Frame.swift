public import Foundation

/// A cluster a frame drawing put on the screen: its range in the frame's
/// text (UTF-16 code units) and its cells.
public struct DrawnCluster: Hashable, Sendable {
  /// The cluster's range, UTF-16 code units of the frame's text.
  public var range: NSRange
  /// Its row, 0-based.
  public var row: Int
  /// Its cells, 0-based columns.
  public var columns: Range<Int>
  /// Whether it is a truncated line's ellipsis.
  public var isEllipsis: Bool
}

extension TerminalScreen {
  /// Draws a laid-out `frame` with its top-left corner at `origin` (cells;
  /// one point is one cell): each line's clusters in visual order
  /// (`placedClusters(ofLine:)`), each from its left edge rounded to the
  /// nearest cell, as many cells as its advance (a space, which a justified
  /// line widens, up to its right edge rounded: to the next cluster; a
  /// space with marks is drawn in the cells its `TerminalCellFont` gives
  /// it, blanks after), a
  /// truncated line's hidden text as its ellipsis. A cluster is drawn only
  /// when the centres of its cells lie inside `clip` (cells; the whole
  /// screen when nil) and it fits on the screen.
  ///
  /// - Parameters:
  ///   - frame: The laid-out text (points; one point is one cell).
  ///   - origin: Where the frame's top-left corner goes, in cells.
  ///   - clip: The cells clusters must lie in (centres), or nil for all.
  ///   - style: The style of the cells drawn.
  ///   - drawsSpaces: Whether clusters of white space are drawn (as blanks
  ///     in `style`); without, what is under them stays.
  /// - Returns: The clusters drawn, in drawing order.
  /// - Complexity: O(log lines + c) in the clusters c of the lines that
  ///   show.
  @discardableResult
  public mutating func draw(
    _ frame: TextFrame, at origin: CGPoint, clip: CGRect? = nil, style: TerminalStyle = .plain,
    drawsSpaces: Bool = true
  ) -> [DrawnCluster] {
    let clip =
      clip ?? CGRect(x: 0, y: 0, width: CGFloat(columns), height: CGFloat(rows))
    var drawn: [DrawnCluster] = []
    // Lines go down the screen: the first one that can show is found by a
    // binary search, and the loop ends at the first below the clip.
    let lines = frame.lineFragments
    let top = clip.minY.isFinite ? Swift.min(Swift.max(clip.minY - 0.5, 0), CGFloat(rows)) : 0
    let topRow = Int(top.rounded(.up))
    let first = lines.partitioningIndex {
      TerminalEditorRenderer.cell(origin.y + $0.rect.minY, .down) >= topRow
    }
    for index in first..<lines.count {
      let line = lines[index]
      let row = TerminalEditorRenderer.cell(origin.y + line.rect.minY, .down)
      let centreY = CGFloat(row) + 0.5
      if row >= rows || centreY > clip.maxY { break }
      guard row >= 0, centreY >= clip.minY else { continue }
      // Only the clusters that can reach the clip are placed (a long
      // single line is measured around it; `placedClusters(ofLine:reaching:)`).
      // A clip wholly left or right of the screen reaches none.
      let clusters: [PlacedCluster]?
      if clip.minX.isFinite && clip.maxX.isFinite && origin.x.isFinite {
        let left = Swift.max(clip.minX, 0) - origin.x - 2
        let right = Swift.min(clip.maxX, CGFloat(columns)) - origin.x + 2
        guard left <= right else { continue }
        clusters = frame.placedClusters(ofLine: index, reaching: left...right)
      } else {
        clusters = frame.placedClusters(ofLine: index)
      }
      for cluster in clusters ?? [] {
        // A cluster that starts with U+0020 is a space to justification.
        let location = cluster.range.location
        let isSpace =
          !cluster.isEllipsis && cluster.range.length > 0 && location >= 0
          && location < frame.utf16.count && frame.utf16[location] == 0x20
        let (column, width) = TerminalEditorRenderer.cells(
          of: cluster, isSpace: isSpace, at: origin.x)
        // Clipped before its text is made: a long line's clusters outside
        // the view cost their placement only.
        guard width > 0, column >= 0, column + width <= columns,
          CGFloat(column) + 0.5 >= clip.minX, CGFloat(column + width) - 0.5 <= clip.maxX
        else { continue }
        let text =
          cluster.isEllipsis
          ? Truncation.ellipsis : TerminalEditorRenderer.substring(frame.utf16, cluster.range)
        if !drawsSpaces, text.allSatisfy(\.isWhitespace) { continue }
        if isSpace, text != " ", width > 1 {
          // A space with marks, widened: the cluster in the cells the frame's
          // terminal font gives it, blanks after.
          let font = frame.style.font as? TerminalCellFont
          let natural = min(max(font?.profile.width(of: text) ?? 1, 1), width)
          fill(rows: row..<row + 1, columns: column..<column + width, style: style)
          put(text, width: natural, row: row, column: column, style: style)
        } else {
          put(text, width: width, row: row, column: column, style: style)
        }
        drawn.append(
          DrawnCluster(
            range: cluster.range, row: row, columns: column..<column + width,
            isEllipsis: cluster.isEllipsis))
      }
    }
    return drawn
  }
}

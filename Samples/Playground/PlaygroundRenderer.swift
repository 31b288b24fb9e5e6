import Foundation
import TextInputKit

/// One frame of the playground: the text view as a grid of terminal cells
/// (one cell = one point), where the caret is, and a status line.
struct PlaygroundScreen: Hashable, Sendable {
  /// How a cell is drawn.
  enum Style: Hashable, Sendable {
    /// Typed text, or empty.
    case text
    /// The placeholder, its abbreviation or its title: grey.
    case placeholder
    /// A link: underlined.
    case link
    /// The pressed or selected link: reverse video.
    case pressedLink
  }

  /// A cell's place: row and column, 0-based.
  struct Position: Hashable, Sendable {
    var row: Int
    var column: Int
  }

  /// One terminal cell: a grapheme cluster, " ", or "" after a wide cluster.
  struct Cell: Hashable, Sendable {
    var text: String
    var style: Style

    static let blank = Cell(text: " ", style: .text)
  }

  /// The view's cells, `height` rows of `width`.
  var cells: [[Cell]]
  /// The caret's cell in the view, or nil when it is scrolled out of sight.
  var caret: Position?
  /// What the view shows: mode, alignment, direction, length, visibility.
  var status: String

  /// The SGR sequence for the placeholder's grey.
  static let grey = "\u{1B}[90m"
  /// The SGR sequence that ends it.
  static let reset = "\u{1B}[0m"

  /// The SGR sequence of a style.
  static func sgr(_ style: Style) -> String {
    switch style {
    case .text: return reset
    case .placeholder: return grey
    case .link: return "\u{1B}[4m"
    case .pressedLink: return "\u{1B}[7m"
    }
  }

  /// The view in a border, then the status line. With `ansi`, placeholder
  /// cells are grey (SGR 90), links underlined, the pressed link in reverse
  /// video; without, the rows are plain text.
  func rows(ansi: Bool) -> [String] {
    let width = cells.first?.count ?? 0
    let border = "+" + String(repeating: "-", count: width) + "+"
    var rows = [border]
    for line in cells {
      var row = "|"
      var style = Style.text
      for cell in line {
        if ansi, cell.style != style {
          if style != .text { row += Self.reset }
          style = cell.style
          if style != .text { row += Self.sgr(style) }
        }
        row += cell.text
      }
      if style != .text { row += Self.reset }
      rows.append(row + "|")
    }
    return rows + [border, status]
  }

  /// The caret in `rows(ansi:)`: inside the border.
  var caretInRows: Position? {
    caret.map { Position(row: $0.row + 1, column: $0.column + 1) }
  }
}

/// Draws an editor with a `TextPlaceholder` as a `PlaygroundScreen`. Pure: the
/// placeholder's values are read at `placeholder`'s time, the rest from the
/// editor's state.
///
/// - The typed text: laid out by `TextFrame` in the text container's width
///   with the line fragment padding, the view's alignment (resolved against
///   its direction, as `TextPlaceholder` lays out typed text) and direction
///   (first strong character, else the view's); clusters placed by visual
///   run, so CJK and emoji take two cells and RTL runs read right to left.
///   Scrolled up just enough to keep the caret's line in the container.
/// - The caret: `caretRect(at: selection.location)`, its x the cell edge,
///   kept inside the lines' text area (see `caretX(_:in:)`).
/// - The placeholder: its layout at `layoutOrigin`, clipped to its frame,
///   drawn when its alpha is at least 0.5; likewise the bouncy abbreviation.
///   A floating title (scale < 1) is drawn unscaled (a cell cannot shrink) in
///   the row its frame starts in, the top inset row, anchored as its text is.
enum PlaygroundRenderer {
  static func screen(of editor: Editor) -> PlaygroundScreen {
    let state = editor.state
    let bounds = state.geometry.bounds
    let width = max(Int(bounds.width), 0)
    let height = max(Int(bounds.height), 0)
    var grid = Grid(
      cells: [[PlaygroundScreen.Cell]](
        repeating: [PlaygroundScreen.Cell](repeating: .blank, count: width), count: height))
    let content = state.geometry.contentInset.inset(bounds)
    let container = state.geometry.textContainerRect
    let shown = editor.placeholder

    if let shown {
      drawPlaceholder(shown, state: state, content: content, into: &grid)
    }

    // The text as drawn (behaviours' display substitutions applied), scrolled
    // to keep the caret's line in sight.
    let typed = editor.layout()
    let caretRect = typed.caretRect(at: state.selection.location)
    let overflow = caretRect.maxY - container.height
    let scroll = overflow > 0 ? overflow.rounded(.up) : 0
    draw(
      typed, origin: CGPoint(x: container.minX, y: container.minY - scroll), clip: container,
      style: .text, into: &grid)

    var caret: PlaygroundScreen.Position?
    let row = Int((container.minY + caretRect.minY - scroll).rounded(.down))
    let column = Int((container.minX + caretX(caretRect, in: typed.container)).rounded(.down))
    if row >= 0, row < height, width > 0 {
      caret = PlaygroundScreen.Position(row: row, column: min(max(column, 0), width - 1))
    }
    return PlaygroundScreen(cells: grid.cells, caret: caret, status: status(of: editor))
  }

  /// The x where the caret is drawn (points, in the text container): the
  /// edge `caretRect` gives, kept inside the lines' text area (the container
  /// less its line fragment padding), as UIKit draws it at the text's edge.
  /// Spaces at the end of a line hang past it (past the right edge of a
  /// right-aligned line, the left edge of a right-to-left one), so a caret
  /// after them would otherwise sit in the padding or the inset — while with
  /// RightAlignedSpaces, whose no-break spaces do not hang, it sits at the
  /// edge.
  static func caretX(_ caretRect: CGRect, in container: TextContainer) -> CGFloat {
    let start = container.clampedPadding
    let end = start + container.lineWidth
    return min(max(caretRect.midX, start), end)
  }

  /// `mode static · align natural · LTR · utf16 0 · graphemes 0 · isVisible true`.
  static func status(of editor: Editor) -> String {
    let state = editor.state
    let shown = editor.placeholder
    return [
      "mode \(shown?.mode.rawValue ?? "none")",
      "align \(state.alignment.rawValue)",
      state.layoutDirection == .leftToRight ? "LTR" : "RTL",
      "utf16 \(state.utf16Count)",
      "graphemes \(max(state.graphemeBoundaries.count - 1, 0))",
      "isVisible \(shown?.isVisible ?? false)",
    ].joined(separator: " · ")
  }

  // MARK: The placeholder

  static func drawPlaceholder(
    _ shown: PlaceholderPresentation, state: EditorState, content: CGRect, into grid: inout Grid
  ) {
    let layer = shown.placeholder
    if layer.alpha >= 0.5 {
      if layer.scale < 1 {
        drawTitle(shown, state: state, content: content, into: &grid)
      } else {
        draw(
          shown.layout, origin: layer.layoutOrigin, clip: layer.frame, style: .placeholder,
          into: &grid)
      }
    }
    if let abbreviation = shown.abbreviation, abbreviation.layer.alpha >= 0.5 {
      draw(
        abbreviation.layout, origin: abbreviation.layer.layoutOrigin,
        clip: abbreviation.layer.frame, style: .placeholder, into: &grid)
    }
  }

  /// The floating title: the placeholder's first line at full size in the
  /// row its (scaled) frame starts in, placed where the scaled line is
  /// anchored (its leading edge, centre or trailing edge), clipped to the
  /// content rect's width.
  static func drawTitle(
    _ shown: PlaceholderPresentation, state: EditorState, content: CGRect, into grid: inout Grid
  ) {
    let layer = shown.placeholder
    guard let line = shown.layout.lineFragments.first else { return }
    let used = line.usedWidth
    let scaledMinX = layer.layoutOrigin.x + line.usedRect.minX * layer.scale
    let scaledMaxX = layer.layoutOrigin.x + line.usedRect.maxX * layer.scale
    let start: CGFloat
    switch state.alignment.resolved(for: state.layoutDirection) {
    case .right: start = scaledMaxX - used
    case .center: start = (scaledMinX + scaledMaxX - used) / 2
    default: start = scaledMinX
    }
    let row = Int(layer.frame.minY.rounded(.down))
    for cluster in VisualClusters.of(shown.layout, line: 0) {
      let column = Int((start + cluster.x - line.usedRect.minX).rounded())
      if Double(column) >= content.minX, Double(column + cluster.width) <= content.maxX {
        grid.put(cluster.text, width: cluster.width, row: row, column: column, style: .placeholder)
      }
    }
  }

  // MARK: Drawing laid-out text

  /// Draws `frame`'s lines with their top-left corner at `origin` (view
  /// points), keeping only cells inside `clip`.
  static func draw(
    _ frame: TextFrame, origin: CGPoint, clip: CGRect, style: PlaygroundScreen.Style,
    into grid: inout Grid
  ) {
    for (index, line) in frame.lineFragments.enumerated() {
      let row = Int((origin.y + line.rect.minY).rounded())
      guard Double(row) >= clip.minY - 0.5, Double(row + 1) <= clip.maxY + 0.5 else { continue }
      for cluster in VisualClusters.of(frame, line: index) {
        let column = Int((origin.x + cluster.x).rounded())
        guard Double(column) >= clip.minX - 0.5,
          Double(column + cluster.width) <= clip.maxX + 0.5
        else { continue }
        grid.put(cluster.text, width: cluster.width, row: row, column: column, style: style)
      }
    }
  }

  /// The cells being drawn.
  struct Grid {
    var cells: [[PlaygroundScreen.Cell]]

    /// Puts a cluster `width` cells wide at (row, column) if it fits; a wide
    /// cluster it cuts in half is blanked.
    mutating func put(
      _ text: String, width: Int, row: Int, column: Int, style: PlaygroundScreen.Style
    ) {
      guard cells.indices.contains(row), column >= 0, width > 0,
        column + width <= cells[row].count
      else { return }
      // A wide cluster whose second cell is overwritten loses its first.
      if cells[row][column].text.isEmpty, column > 0 {
        cells[row][column - 1] = .blank
      }
      // Cells continuing a wide cluster that starts under the new one.
      var end = column + width
      while end < cells[row].count, cells[row][end].text.isEmpty {
        cells[row][end] = .blank
        end += 1
      }
      cells[row][column] = PlaygroundScreen.Cell(text: text, style: style)
      for extra in 1..<width {
        cells[row][column + extra] = PlaygroundScreen.Cell(text: "", style: style)
      }
    }
  }
}

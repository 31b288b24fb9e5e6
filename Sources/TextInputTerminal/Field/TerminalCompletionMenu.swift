import TextInputCore

/// The completion menu a `TerminalTextField` shows under its text after a
/// second Tab: the candidates, which one is selected, and how they are laid
/// out in cells.
///
/// Candidates without descriptions are laid out row by row in columns of
/// one width (the widest candidate's display width, as the field's
/// `TerminalWidthProfile` measures it, so that columns line up with emoji
/// and CJK text), two cells apart; with descriptions, one a row, the
/// descriptions aligned after the widest candidate. At most `maximumRows`
/// rows show; the menu scrolls to keep the selection in sight and then
/// shows a row with the selection's number.
public struct TerminalCompletionMenu: Hashable, Sendable {
  /// The candidates, in the completer's order.
  public let candidates: [Completion]
  /// The selected candidate's index.
  public internal(set) var selected = 0
  /// The first row shown (the menu's scroll).
  public internal(set) var firstRow = 0
  /// The most rows of candidates shown at once (at least 1).
  public let maximumRows: Int
  /// The widest candidate's text, in cells.
  let textWidth: Int
  /// The widest description, in cells (0 for none).
  let descriptionWidth: Int

  /// The cells between two columns, and between a candidate and its
  /// description.
  static let gap = 2

  /// A menu of `candidates` measured by `profile`.
  ///
  /// - Complexity: O(c) in the candidates' clusters (each is measured once).
  init(candidates: [Completion], maximumRows: Int, profile: TerminalWidthProfile) {
    self.candidates = candidates
    self.maximumRows = max(maximumRows, 1)
    var textWidth = 1
    var descriptionWidth = 0
    for candidate in candidates {
      textWidth = max(textWidth, Self.width(of: candidate.text, profile: profile))
      if let description = candidate.description {
        descriptionWidth = max(descriptionWidth, profile.width(in: description))
      }
    }
    self.textWidth = textWidth
    self.descriptionWidth = descriptionWidth
  }

  /// The display width of `text`: its length for printable ASCII (every
  /// profile draws it one cell a character), else the profile's.
  static func width(of text: String, profile: TerminalWidthProfile) -> Int {
    var ascii = true
    for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
      ascii = false
      break
    }
    return ascii ? text.utf8.count : profile.width(in: text)
  }

  /// Whether candidates are listed one a row with their descriptions.
  var listsDescriptions: Bool { descriptionWidth > 0 }

  /// The width of one column in a menu `width` cells wide.
  func columnWidth(in width: Int) -> Int {
    listsDescriptions ? max(width, 1) : min(textWidth, max(width, 1))
  }

  /// How many columns fit in `width` cells.
  public func columns(in width: Int) -> Int {
    guard !listsDescriptions else { return 1 }
    return max(1, (max(width, 1) + Self.gap) / (columnWidth(in: width) + Self.gap))
  }

  /// How many rows the candidates take in `width` cells.
  public func rows(in width: Int) -> Int {
    let columns = columns(in: width)
    return (candidates.count + columns - 1) / columns
  }

  /// The rows drawn in `width` cells: the candidates' shown rows, and one
  /// for the selection's number when they do not all show.
  public func height(in width: Int) -> Int {
    let rows = rows(in: width)
    return min(rows, maximumRows) + (rows > maximumRows ? 1 : 0)
  }

  /// Selects candidate `index` (clamped) and scrolls to it in `width` cells.
  mutating func select(_ index: Int, width: Int) {
    guard !candidates.isEmpty else { return }
    selected = min(max(index, 0), candidates.count - 1)
    let row = selected / columns(in: width)
    if row < firstRow { firstRow = row }
    if row >= firstRow + maximumRows { firstRow = row - maximumRows + 1 }
    firstRow = max(0, min(firstRow, rows(in: width) - min(rows(in: width), maximumRows)))
  }

  /// The candidate drawn at menu row `row` (0 is the first shown) and cell
  /// `column` (0 is the menu's left edge), if any.
  public func candidate(row: Int, column: Int, width: Int) -> Int? {
    let columns = columns(in: width)
    let cell = columnWidth(in: width) + Self.gap
    guard row >= 0, row < min(rows(in: width), maximumRows), column >= 0 else { return nil }
    let index = (firstRow + row) * columns + column / cell
    guard column / cell < columns, column % cell < columnWidth(in: width) || listsDescriptions,
      index < candidates.count
    else { return nil }
    return index
  }

  /// Draws the menu with its top-left cell at (`row`, `column`), `width`
  /// cells wide: the selected candidate in `theme.selection`,
  /// descriptions in `theme.placeholder`.
  ///
  /// - Complexity: O(r·w) in the rows shown and their cells.
  func draw(
    into screen: inout TerminalScreen, row top: Int, column left: Int, width: Int,
    theme: TerminalTheme, profile: TerminalWidthProfile
  ) {
    let columns = columns(in: width)
    let columnWidth = columnWidth(in: width)
    let rows = rows(in: width)
    let shown = min(rows, maximumRows)
    screen.fill(
      rows: top..<top + height(in: width), columns: left..<left + width, style: theme.text)
    var describedStyle = theme.text
    theme.placeholder.apply(to: &describedStyle)
    for line in 0..<shown {
      for slot in 0..<columns {
        let index = (firstRow + line) * columns + slot
        guard index < candidates.count else { break }
        let candidate = candidates[index]
        let start = left + slot * (columnWidth + Self.gap)
        let end = min(start + (listsDescriptions ? width : columnWidth), left + width)
        let after = screen.write(
          candidate.text, row: top + line, column: start, style: theme.text, profile: profile,
          maximumColumn: end)
        if listsDescriptions, let description = candidate.description {
          let column = max(start + textWidth + Self.gap, after + 1)
          screen.write(
            description, row: top + line, column: column, style: describedStyle,
            profile: profile, maximumColumn: left + width)
        }
        if index == selected {
          let through = listsDescriptions ? min(start + textWidth, end) : end
          screen.restyle(row: top + line, columns: start..<through) {
            theme.selection.apply(to: &$0)
          }
        }
      }
    }
    if rows > shown {
      screen.write(
        "\(selected + 1)/\(candidates.count)", row: top + shown, column: left,
        style: describedStyle, profile: profile, maximumColumn: left + width)
    }
  }
}

import Foundation
import TextInputBase
import TextInputKit

/// A cluster shown in a sample's table column. Escaping itself is the
/// package's one policy, `ControlCharacters` (`escaped`, `quoted`): `\n`,
/// `\r`, `\t`, else `\u{XXXX}`.
enum Escape {
  /// One cluster as it can be shown in a cell column: a cluster with a
  /// control or another scalar `ControlCharacters.escape(_:)` escapes, or of
  /// zero width, as the
  /// escapes of its scalars (`\r`, `\u{0301}`).
  static func shown(_ cluster: String) -> String {
    let width = DisplayWidth.width(in: cluster)
    if width == 0 || DisplayWidth.measurement(in: cluster).containsControl
      || cluster.unicodeScalars.contains(where: ControlCharacters.breaksPrintedLine)
    {
      return cluster.unicodeScalars.map {
        ControlCharacters.escape($0) ?? ControlCharacters.codePointEscape($0)
      }.joined()
    }
    return cluster
  }
}

/// Left-aligned columns measured in terminal cells (so CJK and emoji align).
enum Table {
  /// Pads each cell to its column's width in cells; a width of 0 means no padding.
  static func row(_ cells: [String], _ widths: [Int]) -> String {
    var out = ""
    for (index, cell) in cells.enumerated() {
      let width = index < widths.count ? widths[index] : 0
      out += index == cells.count - 1 ? cell : pad(cell, to: width)
    }
    return out
  }

  static func pad(_ text: String, to width: Int) -> String {
    let used = DisplayWidth.width(in: text)
    return width > used ? text + String(repeating: " ", count: width - used) : text + " "
  }
}

import Foundation
import TextInputBase
import TextInputKit

/// Escaping for showing text in a terminal: controls and invisible code points
/// become escapes so every row stays one line and aligned. One notation
/// everywhere: `\n`, `\r`, `\t`, else `\u{XXXX}`.
enum Escape {
  /// The escape of a scalar that must not reach the terminal raw, or nil: C0
  /// and C1 controls and DEL (a CR would return to the row's start), the line
  /// and paragraph separators, and the bidi controls (which would reorder the
  /// row).
  static func escape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    default:
      let properties = scalar.properties
      guard
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
          || properties.generalCategory == .lineSeparator
          || properties.generalCategory == .paragraphSeparator || properties.isBidiControl
      else { return nil }
      return "\\u{\(CodePointNotation.digits(scalar.value))}"
    }
  }

  /// The text with every scalar `escape(_:)` escapes shown as its escape
  /// (`\r`, `\u{001B}`), so a value from the user quoted in a message or
  /// printed on a line never reaches the terminal as a raw control. With
  /// `keepingLines`, a line feed stays one (for text of several lines).
  static func visible(_ text: String, keepingLines: Bool = false) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if keepingLines && scalar == "\n" {
        out += "\n"
      } else if let escaped = escape(scalar) {
        out += escaped
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// The text as a Swift string literal, with controls escaped.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      default:
        if let escaped = escape(scalar) {
          out += escaped
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// One cluster as it can be shown in a cell column: a cluster with a
  /// control or another scalar `escape(_:)` escapes, or of zero width, as the
  /// escapes of its scalars (`\r`, `\u{0301}`).
  static func shown(_ cluster: String) -> String {
    let width = DisplayWidth.width(in: cluster)
    if width == 0 || DisplayWidth.measurement(in: cluster).containsControl
      || cluster.unicodeScalars.contains(where: { escape($0) != nil })
    {
      return cluster.unicodeScalars.map {
        escape($0) ?? "\\u{\(CodePointNotation.digits($0.value))}"
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

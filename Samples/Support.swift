import Foundation
import TextInputKit

/// Escaping for showing text in a terminal: controls and invisible code points
/// become escapes so every row stays one line and aligned. One notation
/// everywhere: `\n`, `\r`, `\t`, else `\u{XXXX}`.
enum Escape {
  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

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
      return "\\u{\(hex(scalar.value))}"
    }
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
      return cluster.unicodeScalars.map { escape($0) ?? "\\u{\(hex($0.value))}" }.joined()
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

/// The grapheme clusters of a laid-out line in visual order, for drawing it
/// into terminal cells (the playground and the tour sections share it).
enum VisualClusters {
  /// One grapheme cluster of a line in visual order: its x from the line's
  /// left (points), text and width in cells; "…" for a truncated line's
  /// hidden text.
  struct PlacedCluster {
    var x: CGFloat
    var text: String
    var width: Int
  }

  /// The clusters of line `index` of `frame`, left to right, by visual run.
  static func of(_ frame: TextFrame, line index: Int) -> [PlacedCluster] {
    let fragment = frame.lineFragments[index]
    let hidden = fragment.truncation.map {
      NSRange(
        location: NSMaxRange($0.head), length: $0.tail.location - NSMaxRange($0.head))
    }
    var placed: [PlacedCluster] = []
    let units = frame.utf16
    for run in frame.visualRuns(ofLine: index) ?? [] {
      if let hidden, run.range == hidden {
        placed.append(
          PlacedCluster(x: run.rect.minX, text: Truncation.ellipsis, width: Int(run.rect.width)))
        continue
      }
      let piece = Array(units[run.range.location..<NSMaxRange(run.range)])
      var clusters = Graphemes.clusters(utf16: piece)
      if run.isRightToLeft { clusters.reverse() }
      var x = run.rect.minX
      for cluster in clusters {
        let text = String(
          decoding: piece[cluster.range.location..<NSMaxRange(cluster.range)], as: UTF16.self)
        // Nothing to draw for spaces, line breaks and zero-width clusters;
        // nothing past the run (a cluster the layout measured otherwise).
        if cluster.width > 0, !cluster.isControl, !text.allSatisfy(\.isWhitespace),
          x + CGFloat(cluster.width) <= run.rect.maxX + 0.5
        {
          placed.append(PlacedCluster(x: x, text: text, width: cluster.width))
        }
        x += CGFloat(cluster.width)
      }
    }
    return placed
  }
}

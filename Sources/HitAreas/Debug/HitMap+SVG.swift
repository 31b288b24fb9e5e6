public import Foundation

extension HitMap {
  /// The colours regions are filled with, by label (cycled).
  static let palette = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf",
  ]

  /// The map as an SVG document in the root's coordinates (points): each
  /// labelled view's region as runs of cells in a group titled with its id
  /// (own bounds opaque, enlarged area pale), its transformed bounds
  /// outlined, and its letter and id written at its bounds' centre; probes
  /// as numbered dots.
  ///
  /// - Complexity: O(c + n · d) in the cells, and the views and their depth.
  public func svg(probes: [CGPoint] = []) -> String {
    var out = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" "
        + "viewBox=\"\(n(region.minX)) \(n(region.minY)) \(n(region.width)) \(n(region.height))\" "
        + "width=\(quote(n(region.width * 4))) height=\(quote(n(region.height * 4)))>",
      "<rect x=\(quote(n(region.minX))) y=\(quote(n(region.minY))) "
        + "width=\(quote(n(region.width))) height=\(quote(n(region.height))) fill=\"#ffffff\"/>",
    ]
    let fontSize = Swift.max(Swift.min(region.width, region.height) / 40, 1)
    for (number, entry) in labels.enumerated() {
      let colour = Self.palette[number % Self.palette.count]
      let id = Self.escape(tree[entry.view].id)
      out.append(
        "<g id=\"region-\(number)\" fill=\"\(colour)\"><title>\(entry.label) \(id)</title>")
      for row in 0..<rows {
        var column = 0
        while column < columns {
          let result = results[row * columns + column]
          guard let result, result.view == entry.view else {
            column += 1
            continue
          }
          var end = column + 1
          while end < columns, results[row * columns + end] == result { end += 1 }
          let x = region.minX + CGFloat(column) * cellSize.width
          let y = region.minY + CGFloat(row) * cellSize.height
          out.append(
            "<rect x=\(quote(n(x))) y=\(quote(n(y))) width=\(quote(n(CGFloat(end - column) * cellSize.width))) "
              + "height=\(quote(n(cellSize.height))) fill-opacity=\"\(result.isInOwnBounds ? "0.55" : "0.2")\"/>"
          )
          column = end
        }
      }
      out.append("</g>")
      let view = tree[entry.view]
      let corners = view.corners(of: view.bounds).map { tree.rootPoint($0, from: entry.view) }
      let points = corners.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
      out.append(
        "<polygon points=\"\(points)\" fill=\"none\" stroke=\"\(colour)\" "
          + "stroke-width=\"\(n(fontSize / 8))\"/>")
      let centre = tree.rootPoint(
        CGPoint(x: view.bounds.midX, y: view.bounds.midY), from: entry.view)
      if centre.x.isFinite, centre.y.isFinite {
        out.append(
          "<text x=\(quote(n(centre.x))) y=\(quote(n(centre.y))) font-size=\(quote(n(fontSize))) "
            + "text-anchor=\"middle\" dominant-baseline=\"middle\" font-family=\"monospace\">"
            + "\(entry.label) \(id)</text>")
      }
    }
    for (number, probe) in probes.enumerated() where probe.x.isFinite && probe.y.isFinite {
      out.append(
        "<circle cx=\(quote(n(probe.x))) cy=\(quote(n(probe.y))) r=\(quote(n(fontSize / 3))) "
          + "fill=\"#000000\"><title>probe \(number + 1)</title></circle>")
    }
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }

  private func n(_ value: CGFloat) -> String { GeometryText.number(value) }

  private func quote(_ text: String) -> String { "\"" + text + "\"" }

  /// `text` with XML's special characters escaped.
  static func escape(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      default: out.append(character)
      }
    }
    return out
  }
}

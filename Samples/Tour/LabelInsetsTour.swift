import Foundation
import TextInputKit
import TextInputTerminal

/// Label content insets: a label drawn as a box of terminal cells.
enum LabelInsetsTour: TourSection {
  static let title = "LabelInsets — a label's text rect, drawing rect and fitting size"

  static func run(_ out: inout TourPrinter) {
    out.line("One cell = one point. '·' is inset space, '+-|' the label's bounds.")
    out.line()
    let insets = DirectionalEdgeInsets(top: 1, leading: 4, bottom: 1, trailing: 2)
    for (text, direction) in [
      ("Insets that sizeThatFits knows about.", LayoutDirection.leftToRight),
      ("\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{5E2}\u{5D5}\u{5DC}\u{5DD}, 2026", .rightToLeft),
    ] {
      var label = InsetLabel(
        text: text, insets: .directional(insets), layoutDirection: direction, numberOfLines: 0)
      let fitting = label.sizeThatFits(CGSize(width: 24, height: 0))
      label.bounds = CGRect(origin: .zero, size: fitting)
      out.line(
        "\(direction.rawValue), directional insets \(insets) → \(label.resolvedInsets); "
          + "sizeThatFits(24 wide) = \(Int(fitting.width))×\(Int(fitting.height))")
      for row in draw(label) { out.line("  " + row) }
      out.line()
    }
    let tight = InsetLabel(
      text: "Hello", bounds: CGRect(x: 0, y: 0, width: 6, height: 2),
      insets: .fixed(EdgeInsets(top: 3, left: 5, bottom: 3, right: 5)))
    out.line(
      "Insets {3, 5, 3, 5} on a 6×2 label: drawing rect at (\(Int(tight.drawingRect.minX)), "
        + "\(Int(tight.drawingRect.minY))), size \(Int(tight.drawingRect.width))×"
        + "\(Int(tight.drawingRect.height)) — empty, its origin inside the bounds")
  }

  /// The label's bounds as rows of cells, its text placed as it is laid out.
  static func draw(_ label: InsetLabel) -> [String] {
    let width = Int(label.bounds.width)
    let height = Int(label.bounds.height)
    var screen = TerminalScreen(columns: width, rows: height)
    let inner = label.drawingRect
    for y in 0..<height {
      for x in 0..<width
      where !(Int(inner.minY)..<Int(inner.maxY)).contains(y)
        || !(Int(inner.minX)..<Int(inner.maxX)).contains(x)
      {
        screen.put("·", width: 1, row: y, column: x)
      }
    }
    let frame = label.textLayout()
    screen.draw(frame, at: label.textOrigin(of: frame), drawsSpaces: false)
    let grid = (0..<height).map { y in (0..<width).map { screen[y, $0].text } }
    let border = "+" + String(repeating: "-", count: width) + "+"
    return [border] + grid.map { "|" + $0.joined() + "|" } + [border]
  }
}

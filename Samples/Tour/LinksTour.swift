import Foundation
import TextInputBase
import TextInputKit
import TextInputTerminal

/// Links in wrapped text: detection, one rect per line, taps with tolerance.
enum LinksTour: TourSection {
  static let title = "TextLinks — links in wrapped text: detection, rects, taps, \"…more\""

  static func run(_ out: inout TourPrinter) {
    let text =
      "Docs at www.example.com/guide/links-and-taps, or mail help@example.org, "
      + "call +1 555 010 0199 #swift and read the rest of this long paragraph."
    let detector = LinkDetector()
    let links = detector.links(in: text)
    out.line("One cell = one point; a line is 1 point high; tolerance 0.4 points.")
    out.line(
      "Detected: " + links.map { "\($0.kind.rawValue) \($0.target.string)" }.joined(separator: ", ")
    )
    out.line()
    let truncated = TruncatedLinkText(
      utf16: Array(text.utf16), links: links,
      container: TextContainer(width: 26, maximumNumberOfLines: 4))
    let layout = truncated.layout
    out.line(
      "Laid out 26 wide in at most 4 lines, \"…more\" as a link of its own; digits mark links:")
    for row in draw(truncated) { out.line("  " + row) }
    out.line()
    out.line("Rects (one per line and run, exactly the link's clusters):")
    for (index, link) in layout.links.enumerated() {
      let rects = layout.rects(ofLink: index).map {
        "(\(format($0.minX)), \(format($0.minY)), \(format($0.width))×\(format($0.height)))"
      }
      out.line(
        "  \(index) \(link.kind.rawValue) \(ControlCharacters.quoted(shown(truncated, link))): "
          + rects.joined(separator: " "))
    }
    out.line()
    out.line("Taps:")
    let tolerance: CGFloat = 0.4
    let firstRect = layout.rects(ofLink: 0).first ?? .zero
    let email = layout.rects(ofLink: 1).first ?? .zero
    let secondLine = layout.rects(ofLink: 0).dropFirst().first ?? .zero
    let lastLine = truncated.frame.lineFragments.first ?? LineFragment.empty
    let token = truncated.tokenLinkIndex.map { layout.rects(ofLink: $0).first ?? .zero } ?? .zero
    let taps: [(String, CGPoint)] = [
      ("on the link", CGPoint(x: firstRect.midX, y: firstRect.midY)),
      ("in the tolerance band, right of the e-mail", CGPoint(x: email.maxX + 0.3, y: email.midY)),
      ("past the first line's end", CGPoint(x: lastLine.usedRect.maxX + 1.5, y: 0.5)),
      ("on the wrapped link's second line", CGPoint(x: secondLine.midX, y: secondLine.midY)),
      ("on \"…more\"", CGPoint(x: token.midX, y: token.midY)),
      ("on plain text (\"mail\")", CGPoint(x: 2.5, y: 2.5)),
    ]
    for (what, point) in taps {
      let result: String
      if let hit = layout.hit(at: point, tolerance: tolerance) {
        result =
          "link \(hit.linkIndex) \(layout.links[hit.linkIndex].target.string) "
          + (hit.isExact ? "(exact)" : "(tolerance, \(format(hit.distance)) away)")
      } else {
        result = "nothing"
      }
      out.line("  \(what) at (\(format(point.x)), \(format(point.y))) → \(result)")
    }
    out.line()
    var press = LinkPressGesture(configuration: .init(tolerance: tolerance))
    let down = press.handle(.down(CGPoint(x: firstRect.midX, y: firstRect.midY), at: 0), in: layout)
    let up = press.handle(.up(CGPoint(x: 2.5, y: 2.5), at: 0.1), in: layout)
    out.line("Press on link 0, release on plain text: \(down) then \(up) — nothing opens.")
  }

  static func format(_ value: CGFloat) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.2f", Double(value))
  }

  static func shown(_ truncated: TruncatedLinkText, _ link: Link) -> String {
    (truncated.frame.text as NSString).substring(with: link.range)
  }

  /// Each line between bars, and under it the index of the link each cell shows.
  static func draw(_ truncated: TruncatedLinkText) -> [String] {
    let frame = truncated.frame
    let layout = truncated.layout
    let width = Int(frame.container.width)
    var rows: [String] = []
    var screen = TerminalScreen(columns: width, rows: frame.lineFragments.count)
    screen.draw(
      frame, at: CGPoint(x: 0, y: -(frame.lineFragments.first?.rect.minY ?? 0)), drawsSpaces: false)
    for index in frame.lineFragments.indices {
      let cells = (0..<width).map { screen[index, $0].text }
      var marks = [String](repeating: " ", count: width)
      let y = frame.lineFragments[index].rect.midY
      for x in 0..<width {
        if let hit = layout.hit(at: CGPoint(x: CGFloat(x) + 0.5, y: y), tolerance: 0) {
          marks[x] = String(hit.linkIndex % 10)
        }
      }
      rows.append("|" + cells.joined() + "|")
      rows.append(" " + marks.joined())
    }
    return rows
  }
}

extension LineFragment {
  /// A line of nothing, for the tour's fallbacks.
  static let empty = LineFragment(
    range: NSRange(location: 0, length: 0), rect: .zero, usedRect: .zero, baseline: 0,
    usedWidth: 0, direction: .leftToRight, endsParagraph: true)
}

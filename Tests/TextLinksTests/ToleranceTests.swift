import Foundation
import Testing
import TextLinks

/// The tap tolerance is in the font's terms: a quarter of its line height.
/// With every font a tap on plain text a line away from a link, past the end
/// of a line, or far below the text never activates a link.
@Suite("Link tap tolerance in the font's terms")
struct ToleranceTests {
  /// The shipped cell font (one point per cell and line), and a 17-point
  /// font's metrics (10-point cells, 21-point lines).
  static let fonts: [CellFont] = [
    .terminal, CellFont(cellWidth: 10, lineHeight: 21, pointSize: 17),
  ]

  /// "Docs: read" on line 0, "www.example.com/a" on line 1, "more" on line 2.
  static func layout(_ font: CellFont) -> LinkLayout {
    let text = "Docs: read www.example.com/a more"
    let frame = TextFrame(
      text, container: TextContainer(width: 20 * font.cellWidth), style: LayoutStyle(font: font))
    return LinkLayout(frame: frame, links: LinkDetector().links(in: text))
  }

  @Test(arguments: fonts)
  func theDefaultIsAQuarterLine(font: CellFont) {
    let layout = Self.layout(font)
    #expect(layout.defaultTolerance == font.lineHeight / 4)
    #expect(layout.links.count == 1)
    #expect(layout.frame.lineFragments.count == 3)
  }

  @Test(arguments: fonts)
  func aTapOnTheLinkHitsIt(font: CellFont) throws {
    let layout = Self.layout(font)
    let rect = try #require(layout.rects(ofLink: 0).first)
    #expect(layout.hit(at: CGPoint(x: rect.midX, y: rect.midY))?.linkIndex == 0)
    // On the link's line just right of it (on the space after it), within
    // a quarter line: still the link; a point in another line's band is not.
    let beside = CGPoint(x: rect.maxX + font.lineHeight / 8, y: rect.midY)
    #expect(layout.hit(at: beside)?.linkIndex == 0)
    let above = CGPoint(x: rect.midX, y: rect.minY - font.lineHeight / 8)
    #expect(layout.hit(at: above) == nil)
  }

  @Test(arguments: fonts)
  func plainTextALineAwayNeverHits(font: CellFont) {
    let layout = Self.layout(font)
    let lines = layout.frame.lineFragments
    // "Docs" on line 0 and "more" on line 2, at the centre of each cluster.
    for (line, cells) in [(0, 0..<4), (2, 0..<4)] {
      for cell in cells {
        let point = CGPoint(x: (CGFloat(cell) + 0.5) * font.cellWidth, y: lines[line].rect.midY)
        #expect(layout.hit(at: point) == nil, "cell \(cell) of line \(line)")
      }
    }
  }

  @Test(arguments: fonts)
  func pastTheEndOfALineNeverHits(font: CellFont) {
    let layout = Self.layout(font)
    let first = layout.frame.lineFragments[0]
    // Anywhere right of line 0's text, on line 0's band, down to its bottom.
    for dy in [0.5, 0.99] as [CGFloat] {
      for cells in [0.1, 1, 5] as [CGFloat] {
        let point = CGPoint(
          x: first.usedRect.maxX + cells * font.cellWidth,
          y: first.rect.minY + dy * first.rect.height)
        #expect(layout.hit(at: point) == nil, "past line 0 by \(cells) cells at \(dy)")
      }
    }
  }

  @Test(arguments: fonts)
  func farBelowTheTextNeverHits(font: CellFont) {
    let layout = Self.layout(font)
    let bottom = layout.frame.lineFragments.last?.rect.maxY ?? 0
    for x in stride(from: 0, to: 20, by: 1) {
      let point = CGPoint(x: (CGFloat(x) + 0.5) * font.cellWidth, y: bottom + 5 * font.lineHeight)
      #expect(layout.hit(at: point) == nil)
    }
  }

  /// The editor's tap goes through the same tolerance, in line heights.
  @Test(arguments: fonts)
  func theEditorsTapUsesTheFontsTolerance(font: CellFont) throws {
    var editor = Editor(
      text: "Docs: read www.example.com/a more", font: font,
      geometry: ViewGeometry(
        bounds: CGRect(x: 0, y: 0, width: 20 * font.cellWidth, height: 10 * font.lineHeight),
        textContainerInset: .zero, lineFragmentPadding: 0),
      behaviours: [EditorLinks()])
    let presentation = try #require(editor.linkPresentation)
    #expect(presentation.tolerance == font.lineHeight / 4)
    editor.tap(at: CGPoint(x: 1.5 * font.cellWidth, y: 0.5 * font.lineHeight))
    #expect(editor.behaviour(EditorLinks.self)?.activatedLink == nil)
    let rect = try #require(presentation.rects(ofLink: 0).first)
    editor.tap(at: CGPoint(x: rect.midX, y: rect.midY))
    #expect(editor.behaviour(EditorLinks.self)?.activatedLink == presentation.links.first)
  }
}

import Foundation
import PropertyBased
import Testing
import TextLinks
import UnicodeTestSupport

/// Points to probe a layout with, in cells of `cellFont` (10 × 20 points).
let pointGen = Gen.int(in: -20...400).array(of: 12...12)
/// Container widths in points (0: one cluster per line).
let widthInPoints = Gen.int(in: 0...30).map { CGFloat($0 * 10) }

@Suite("Link layout properties on generated text")
struct LayoutPropertyTests {
  static let detector = LinkDetector(kinds: Set(LinkKind.allCases))

  static func layout(_ text: String, _ width: CGFloat) -> (TextFrame, LinkLayout) {
    let laid = frame(text, width: width)
    return (
      laid, LinkLayout(frame: laid, links: detector.links(in: text), origin: CGPoint(x: 3, y: 8))
    )
  }

  static func points(_ values: [Int]) -> [CGPoint] {
    stride(from: 0, to: values.count - 1, by: 2).map {
      CGPoint(x: CGFloat(values[$0]) * 2.5, y: CGFloat(values[$0 + 1]) * 1.5)
    }
  }

  @Test("A link's rects are its selection rects: one per line and run, exactly its clusters")
  func rectsAreSelectionRects() async {
    await propertyCheck(
      count: CheckScale.cases(40, full: 200), input: LinkGen.text, widthInPoints
    ) { text, width in
      let (laid, layout) = Self.layout(text, width)
      for (index, link) in layout.links.enumerated() {
        let expected = laid.selectionRects(for: link.range).map { $0.offsetBy(dx: 3, dy: 8) }
        #expect(layout.rects(ofLink: index) == expected, "\(link) in \(text.debugDescription)")
      }
    }
  }

  @Test("Every point inside a link's rect hits that link, exactly")
  func insideHitsTheLink() async {
    let fractions = Gen.int(in: 0...99).array(of: 2...2)
    await propertyCheck(
      count: CheckScale.cases(40, full: 200), input: LinkGen.text, widthInPoints, fractions
    ) {
      text, width, fraction in
      let (_, layout) = Self.layout(text, width)
      let fx = CGFloat(fraction[0]) / 100
      let fy = CGFloat(fraction[1]) / 100
      for (index, rects) in layout.rectsByLink.enumerated() {
        for rect in rects {
          for point in [
            CGPoint(x: rect.minX + fx * rect.width, y: rect.minY + fy * rect.height),
            CGPoint(x: rect.minX, y: rect.minY),
            CGPoint(x: rect.maxX - 0.01, y: rect.maxY - 0.01),
          ] {
            let hit = layout.hit(at: point)
            #expect(
              hit?.linkIndex == index && hit?.isExact == true,
              "\(point) in \(text.debugDescription)")
          }
        }
      }
    }
  }

  @Test("The indexed hit test equals a scan of every rect; beyond the tolerance, nothing")
  func indexEqualsBruteForce() async {
    await propertyCheck(
      count: 300, input: LinkGen.text, widthInPoints, pointGen, Gen.int(in: 0...25)
    ) {
      text, width, values, tolerance in
      let (_, layout) = Self.layout(text, width)
      let tolerance = CGFloat(tolerance)
      for point in Self.points(values) {
        let indexed = layout.hit(at: point, tolerance: tolerance)
        #expect(indexed == layout.hitByScanning(at: point, tolerance: tolerance), "\(point)")
        // Brute force: the distance to the nearest rect of any link.
        let nearest = layout.rectsByLink.flatMap { $0 }.map { rect -> CGFloat in
          let dx = max(rect.minX - point.x, 0, point.x - rect.maxX)
          let dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
          return (dx * dx + dy * dy).squareRoot()
        }.min()
        if nearest.map({ $0 > tolerance }) ?? true {
          #expect(indexed == nil, "\(point) is beyond \(tolerance) of every rect")
        }
      }
    }
  }

  @Test("A point past a line's last cluster hits no link on that line with no tolerance")
  func pastTheLineEndHitsNothing() async {
    await propertyCheck(
      count: CheckScale.cases(40, full: 200), input: LinkGen.text, widthInPoints
    ) { text, width in
      let (laid, layout) = Self.layout(text, width)
      for index in laid.lineFragments.indices {
        guard let clusters = laid.placedClusters(ofLine: index), let last = clusters.last else {
          continue
        }
        let point = CGPoint(
          x: last.maxX + 3 + 0.5, y: laid.lineFragments[index].rect.midY + 8)
        #expect(layout.hit(at: point, tolerance: 0) == nil)
      }
    }
  }
}

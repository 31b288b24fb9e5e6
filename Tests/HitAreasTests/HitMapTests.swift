import Foundation
import HitAreas
import Testing

@Suite("Debug rendering: the character map and SVG")
struct HitMapTests {
  static func tree() -> HitTree {
    var tree = HitTree(root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 12, height: 4)))
    tree.add(
      HitView(
        id: "button", frame: CGRect(x: 4, y: 1, width: 2, height: 2),
        hitArea: HitArea(insets: .outset(left: 1, right: 1))))
    tree.add(HitView(id: "<label>", frame: CGRect(x: 9, y: 0, width: 3, height: 4)))
    return tree
  }

  @Test("The map: letters in paint order, lower case for enlarged areas, probes as digits")
  func map() {
    let map = HitMap(Self.tree())
    #expect(map.region == CGRect(x: 0, y: 0, width: 12, height: 4))
    #expect(
      map.lines(probes: [CGPoint(x: 0.5, y: 0.5), CGPoint(x: 100, y: 100)]) == [
        "1AAAAAAAACCC",
        "AAAbBBbAACCC",
        "AAAbBBbAACCC",
        "AAAAAAAAACCC",
      ])
    #expect(map.legend == ["A  root", "B  button (b: enlarged)", "C  <label>"])
  }

  @Test("Every cell shows what its centre hits, for every policy")
  func cellsAgreeWithHitTest() {
    for seed in UInt64(1)...UInt64(CheckScale.cases(10, full: 40)) {
      let tree = RandomTree.make(seed: seed)
      for (_, policy) in HitTestPolicy.named {
        let map = HitMap(tree, policy: policy, cellSize: CGSize(width: 3, height: 5))
        let lines = map.lines()
        for row in 0..<map.rows {
          let characters = Array(lines[row])
          for column in 0..<map.columns {
            let hit = tree.hitTest(map.centre(column: column, row: row), policy: policy)
            let shown = characters[column]
            if let hit, let label = map.label(of: hit.view) {
              #expect(shown == (hit.isInOwnBounds ? label : Character(label.lowercased())))
            } else {
              #expect(shown == ".", "seed \(seed)")
            }
          }
        }
      }
    }
  }

  @Test("Bad regions and cell sizes fall back; huge grids are coarsened")
  func badRegions() {
    let tree = Self.tree()
    let nan = HitMap(tree, region: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
    #expect(nan.region == HitMap.extent(of: tree))
    let zero = HitMap(tree, cellSize: CGSize(width: 0, height: -1))
    #expect(zero.cellSize == CGSize(width: 1, height: 1))
    let huge = HitMap(
      tree, region: CGRect(x: 0, y: 0, width: 100_000, height: 100_000),
      cellSize: CGSize(width: 1, height: 1))
    #expect(huge.columns * huge.rows <= HitMap.maximumCells)
  }

  @Test("The SVG labels every region with its view, escaped")
  func svg() {
    let svg = HitMap(Self.tree()).svg(probes: [CGPoint(x: 1, y: 1)])
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 12 4\""))
    #expect(svg.contains("<title>A root</title>"))
    #expect(svg.contains("<title>B button</title>"))
    #expect(svg.contains("<title>C &lt;label&gt;</title>"))
    #expect(svg.contains(">C &lt;label&gt;</text>"))
    #expect(svg.contains("<title>probe 1</title>"))
    #expect(!svg.contains("<label>"))
    #expect(svg.components(separatedBy: "<g ").count == svg.components(separatedBy: "</g>").count)
    #expect(svg.hasSuffix("</svg>\n"))
  }
}

@Suite("Debug rendering of huge geometry")
struct HugeMapTests {
  @Test("A region of 1e300 points is coarsened, never an Int overflow")
  func hugeRegion() {
    var tree = HitTree(
      root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 1e300, height: 1e300)))
    tree.add(HitView(id: "a", frame: CGRect(x: 0, y: 0, width: 5e299, height: 5e299)))
    let map = HitMap(tree, cellSize: CGSize(width: 1, height: 1))
    #expect(map.columns * map.rows <= HitMap.maximumCells)
    #expect(map.lines().first?.first == "B")
  }
}

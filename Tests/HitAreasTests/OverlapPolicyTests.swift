import Foundation
import HitAreas
import Testing

@Suite("Enlarged areas: reaching outside an ancestor, and overlap policies")
struct OverlapPolicyTests {
  static func root() -> HitTree {
    HitTree(root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
  }

  @Test("An enlarged area crossing its superview's edge takes touches there, by opt-in")
  func reachOutside() {
    var tree = Self.root()
    let card = tree.add(HitView(id: "card", frame: CGRect(x: 20, y: 20, width: 60, height: 40)))
    // Root x 70…80; enlarged 60…90, past the card's right edge at 80.
    tree.add(
      HitView(
        id: "button", frame: CGRect(x: 50, y: 30, width: 10, height: 10),
        hitArea: HitArea(insets: .outset(by: 10))), to: card)
    let outside = CGPoint(x: 85, y: 55)
    #expect(hitID(tree, CGPoint(x: 65, y: 55)) == "button")
    #expect(hitID(tree, outside) == "root", "no opt-in: dead outside the card, as UIKit")
    tree[card].allowsSubviewHitsOutside = true
    #expect(hitID(tree, outside, .standard) == "button")
    #expect(hitID(tree, outside, .frontMost) == "button")
    #expect(hitID(tree, outside, .uikit) == "root", "the category cannot reach outside")
    tree[card].clipsToBounds = true
    #expect(hitID(tree, outside, .standard) == "root", "never through a clipping ancestor")
  }

  @Test("A real view under the point beats an enlarged area, even one in front")
  func realBeatsEnlarged() {
    var tree = Self.root()
    tree.add(HitView(id: "label", frame: CGRect(x: 30, y: 10, width: 20, height: 10)))
    tree.add(
      HitView(
        id: "button", frame: CGRect(x: 10, y: 10, width: 10, height: 10),
        hitArea: HitArea(insets: .outset(by: 15))))
    #expect(hitID(tree, CGPoint(x: 32, y: 15), .standard) == "label")
    #expect(hitID(tree, CGPoint(x: 32, y: 15), .uikit) == "button")
    #expect(hitID(tree, CGPoint(x: 32, y: 15), .frontMost) == "button")
    // Over the root's own background, the button's enlarged area wins: a
    // subview beats its superview.
    #expect(hitID(tree, CGPoint(x: 25, y: 28), .standard) == "button")
    let result = tree.hitTest(CGPoint(x: 25, y: 28))
    #expect(result?.isInOwnBounds == false)
    #expect(tree.hitTest(CGPoint(x: 12, y: 12))?.isInOwnBounds == true)
  }

  @Test("Two enlarged siblings: the nearer bounds win, then the front-most")
  func twoEnlargedSiblings() {
    var tree = Self.root()
    let enlarged = HitArea(insets: .outset(by: 10))
    // L's bounds x 10…20, R's (in front) 26…36; enlarged 0…30 and 16…46.
    tree.add(
      HitView(id: "L", frame: CGRect(x: 10, y: 10, width: 10, height: 10), hitArea: enlarged))
    tree.add(
      HitView(id: "R", frame: CGRect(x: 26, y: 10, width: 10, height: 10), hitArea: enlarged))
    #expect(hitID(tree, CGPoint(x: 22, y: 15), .standard) == "L")  // 2 from L, 4 from R
    #expect(hitID(tree, CGPoint(x: 24, y: 15), .standard) == "R")  // 4 from L, 2 from R
    #expect(hitID(tree, CGPoint(x: 23, y: 15), .standard) == "R")  // a tie: the front-most
    for x in [22.0, 23, 24] {
      #expect(hitID(tree, CGPoint(x: x, y: 15), .uikit) == "R")
      #expect(hitID(tree, CGPoint(x: x, y: 15), .frontMost) == "R")
    }
  }

  @Test("Distances are measured in the root's coordinates, through transforms")
  func distanceThroughScale() {
    var tree = Self.root()
    // A is scaled 3×: its bounds x 10…40 on screen; enlarged by 4 local points = 12 on screen.
    tree.add(
      HitView(
        id: "A", frame: CGRect(x: 20, y: 20, width: 10, height: 10), transform: .scale(x: 3, y: 3),
        hitArea: HitArea(insets: .outset(by: 4))))
    tree.add(
      HitView(
        id: "B", frame: CGRect(x: 50, y: 20, width: 10, height: 10),
        hitArea: HitArea(insets: .outset(by: 10))))
    // x = 43: 3 points from A's scaled bounds (x 10…40), 7 from B's (x 50…60).
    #expect(hitID(tree, CGPoint(x: 43, y: 25), .standard) == "A")
    #expect(hitID(tree, CGPoint(x: 43, y: 25), .uikit) == "B")
  }

  @Test("The named policies")
  func names() {
    #expect(HitTestPolicy(name: "uikit") == .uikit)
    #expect(HitTestPolicy(name: "standard") == .standard)
    #expect(HitTestPolicy(name: "frontMost") == .frontMost)
    #expect(HitTestPolicy(name: "UIKit") == nil)
    #expect(HitTestPolicy.uikit.description == "uikit")
    let custom = HitTestPolicy(
      reachesOutsideAncestors: false, ownBoundsWin: true, enlargedOrder: .frontMost)
    #expect(
      custom.description
        == "HitTestPolicy(reachesOutsideAncestors: false, ownBoundsWin: true, enlargedOrder: frontMost)"
    )
  }

  @Test("The uikit policy is the category: pointInside = inset bounds ∪ rects ∪ minimum ∪ shapes")
  func uikitIsTheCategory() {
    // The category's recursion written out, as a reference.
    func category(_ tree: HitTree, _ index: HitTree.Index, _ point: CGPoint) -> HitTree.Index? {
      let view = tree[index]
      guard view.takesTouches, view.hitAreaContains(point) else { return nil }
      for subview in tree.subviews(of: index).reversed() {
        guard let local = tree[subview].localPoint(fromSuperview: point) else { continue }
        if let hit = category(tree, subview, local) { return hit }
      }
      return index
    }
    for seed in UInt64(1)...300 {
      let tree = RandomTree.make(seed: seed)
      var random = SeededRandom(seed: seed ^ 0xABCD)
      for point in RandomTree.points(&random, count: 60) {
        #expect(
          tree.hitTest(point, policy: .uikit)?.view == category(tree, tree.root, point),
          "seed \(seed), point \(point)")
      }
    }
  }
}

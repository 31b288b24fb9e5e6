import Foundation
import HitAreas
import PropertyBased
import Testing

/// Every bad input has a documented result: never a trap, never unbounded
/// recursion.
@Suite("Bad input: NaN, infinities, empty and negative sizes, singular transforms, deep trees")
struct BadInputTests {
  static func tree(with view: HitView) -> HitTree {
    var tree = HitTree(
      root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
    let index = tree.add(view)
    tree.add(HitView(id: "child", frame: CGRect(x: 0, y: 0, width: 5, height: 5)), to: index)
    return tree
  }

  @Test(
    "A NaN or infinite point hits nothing",
    arguments: [
      CGPoint(x: CGFloat.nan, y: 1), CGPoint(x: 1, y: CGFloat.infinity),
      CGPoint(x: -CGFloat.infinity, y: 1),
    ])
  func nonFinitePoint(point: CGPoint) {
    let tree = Self.tree(with: HitView(id: "A", frame: CGRect(x: 0, y: 0, width: 50, height: 50)))
    for (_, policy) in HitTestPolicy.named {
      #expect(tree.hitTest(point, policy: policy) == nil)
      #expect(HitIndex(tree).hitTest(point, policy: policy) == nil)
    }
  }

  @Test("A view with NaN or infinite geometry is skipped with its subviews")
  func nonFiniteGeometry() {
    let bad: [HitView] = [
      HitView(id: "A", frame: CGRect(x: CGFloat.nan, y: 0, width: 50, height: 50)),
      HitView(id: "A", frame: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 50)),
      HitView(
        id: "A", frame: CGRect(x: 0, y: 0, width: 50, height: 50),
        transform: HitTransform(a: 1, b: 0, c: 0, d: 1, tx: .nan, ty: 0)),
      HitView(id: "A", frame: CGRect(x: 0, y: 0, width: 50, height: 50), alpha: .nan),
    ]
    for view in bad {
      let tree = Self.tree(with: view)
      #expect(hitID(tree, CGPoint(x: 2, y: 2)) == "root")
      #expect(HitIndex(tree).hitTest(CGPoint(x: 2, y: 2)) == tree.hitTest(CGPoint(x: 2, y: 2)))
    }
    let badRoot = HitTree(
      root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 100)))
    #expect(badRoot.hitTest(CGPoint(x: 1, y: 1)) == nil)
  }

  @Test("A zero size contains nothing, but a minimum size still applies")
  func zeroSize() {
    var tree = Self.tree(with: HitView(id: "A", frame: CGRect(x: 50, y: 50, width: 0, height: 0)))
    #expect(hitID(tree, CGPoint(x: 50, y: 50)) == "root")
    tree[tree.indices[1]].hitArea.minimumSize = HitArea.appleMinimumSize
    #expect(hitID(tree, CGPoint(x: 45, y: 50)) == "A")
    #expect(hitID(tree, CGPoint(x: 28, y: 50)) == "A")
    // The subview at A's origin, now reached through A's minimum-size area.
    #expect(hitID(tree, CGPoint(x: 50, y: 50)) == "child")
    #expect(hitID(tree, CGPoint(x: 72, y: 50)) == "root")
  }

  @Test("A negative size spans back from the origin, as CGRect.contains reads it")
  func negativeSize() {
    // Frame {{30, 30}, {-10, -10}}: the view covers 20…30.
    let tree = Self.tree(
      with: HitView(id: "A", frame: CGRect(x: 30, y: 30, width: -10, height: -10)))
    #expect(hitID(tree, CGPoint(x: 22, y: 22)) == "A")
    #expect(hitID(tree, CGPoint(x: 31, y: 31)) == "root")
    #expect(hitID(tree, CGPoint(x: 19, y: 25)) == "root")
  }

  @Test("A singular transform removes the view and its subviews")
  func singularTransform() {
    let tree = Self.tree(
      with: HitView(
        id: "A", frame: CGRect(x: 0, y: 0, width: 50, height: 50), transform: .scale(x: 0, y: 1)))
    for (_, policy) in HitTestPolicy.named {
      #expect(hitID(tree, CGPoint(x: 25, y: 25), policy) == "root")
      #expect(hitID(tree, CGPoint(x: 2, y: 2), policy) == "root")
    }
    #expect(HitIndex(tree).hitTest(CGPoint(x: 25, y: 25))?.view == tree.root)
  }

  @Test("A tree 10 000 views deep: built, hit-tested, indexed, updated and freed without recursion")
  func deepTree() {
    var tree = HitTree(root: HitView(id: "v0", frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
    var parent = tree.root
    for depth in 1..<10_000 {
      var view = HitView(id: "v\(depth)", frame: CGRect(x: 0, y: 0, width: 100, height: 100))
      if depth % 2 == 0 { view.hitArea.insets = .outset(by: 1) }
      view.allowsSubviewHitsOutside = depth % 3 == 0
      parent = tree.add(view, to: parent)
    }
    #expect(tree.depth(of: parent) == 9_999)
    for (_, policy) in HitTestPolicy.named {
      #expect(hitID(tree, CGPoint(x: 50, y: 50), policy) == "v9999")
    }
    var index = HitIndex(tree)
    #expect(index.hitTest(CGPoint(x: 50, y: 50))?.view == parent)
    // Hide a view half way: the one above it answers.
    var middle = tree[tree.indices[5_000]]
    middle.isHidden = true
    index.update(tree.indices[5_000], to: middle)
    #expect(index.tree[index.hitTest(CGPoint(x: 50, y: 50))?.view ?? parent].id == "v4999")
    #expect(index.hitTest(CGPoint(x: 50, y: 50)) == index.tree.hitTest(CGPoint(x: 50, y: 50)))
    #expect(index.tree != tree)
    #expect(tree.paintOrder().count == 10_000)
  }
}

/// Untrusted text: random damage to a good tree's JSON and to shape strings
/// gives a value or an error, never a trap.
@Suite("Damaged JSON and shape text")
struct DamagedTextTests {
  @Test("Damaged JSON reads or throws; what reads can be hit-tested")
  func damagedJSON() async {
    let good = Array(JSONTests.example.utf8)
    await propertyCheck(
      count: CheckScale.cases(80, full: 400), input: Gen<UInt64>.value(in: 0...UInt64.max)
    ) { seed in
      var random = SeededRandom(seed: seed)
      var bytes = good
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        let position = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes[position] = UInt8.random(in: 0x20...0x7E, using: &random)
        case 1: bytes.remove(at: position)
        default:
          bytes.insert(
            Array("{}[],:\"-0.e".utf8).randomElement(using: &random) ?? 0x30, at: position)
        }
      }
      if let tree = try? HitTree(json: Data(bytes)) {
        for point in RandomTree.points(&random, count: 20) {
          #expect(HitIndex(tree).hitTest(point) == tree.hitTest(point), "seed \(seed)")
        }
      }
    }
  }

  @Test("Damaged shape text reads or throws")
  func damagedShapes() async {
    let texts = [
      "circle {22, 22} 22", "roundedRect {{0, 0}, {80, 44}} 12.5",
      "polygon evenOdd [{0, 0}, {10, 0}, {5, 10}]", "ellipse {{-4, 0}, {52, 44}}",
    ]
    await propertyCheck(
      count: CheckScale.cases(80, full: 400), input: Gen<UInt64>.value(in: 0...UInt64.max)
    ) { seed in
      var random = SeededRandom(seed: seed)
      var text = Array(texts[Int.random(in: 0..<texts.count, using: &random)])
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let position = Int.random(in: 0..<text.count, using: &random)
        if random.chance(0.5) {
          text.remove(at: position)
        } else {
          text.insert(Array("{}[], -.e9x").randomElement(using: &random) ?? " ", at: position)
        }
      }
      if let shape = try? HitShape(text: String(text)) {
        _ = shape.contains(CGPoint(x: 5, y: 5))
        #expect((try? HitShape(text: shape.description)) == shape, "seed \(seed): \(String(text))")
      }
    }
  }
}

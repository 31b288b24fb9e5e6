import Foundation
import HitAreas
import Testing

/// `hitTest(_:)` with UIKit's semantics: the cases `UIView.hitTest(_:with:)`
/// documents, each under every policy unless the case is about the policy.
@Suite("Hit-testing with UIKit's semantics")
struct UIKitSemanticsTests {
  static let policies = HitTestPolicy.named.map(\.policy)

  /// A 100 × 100 root with one subview A at {{10, 10}, {20, 20}} holding B,
  /// which fills it.
  static func nested(_ configure: (inout HitView) -> Void) -> HitTree {
    var tree = HitTree(
      root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
    var a = HitView(id: "A", frame: CGRect(x: 10, y: 10, width: 20, height: 20))
    configure(&a)
    let index = tree.add(a)
    tree.add(HitView(id: "B", frame: CGRect(x: 0, y: 0, width: 20, height: 20)), to: index)
    return tree
  }

  @Test("A hidden view takes no touches, nor do its subviews", arguments: policies)
  func hidden(policy: HitTestPolicy) {
    #expect(hitID(Self.nested { _ in }, CGPoint(x: 15, y: 15), policy) == "B")
    #expect(hitID(Self.nested { $0.isHidden = true }, CGPoint(x: 15, y: 15), policy) == "root")
  }

  @Test(
    "Alpha below 0.01 removes the view and its subviews; 0.01 does not",
    arguments: [
      (0.0, "root"), (0.005, "root"), (0.009_999_9, "root"), (0.01, "B"), (0.010_000_1, "B"),
      (1.0, "B"), (Double.nan, "root"),
    ])
  func alpha(alpha: Double, expected: String) {
    for policy in Self.policies {
      let tree = Self.nested { $0.alpha = CGFloat(alpha) }
      #expect(hitID(tree, CGPoint(x: 15, y: 15), policy) == expected, "alpha \(alpha), \(policy)")
    }
  }

  @Test("Interaction disabled removes the view and its subviews", arguments: policies)
  func interactionDisabled(policy: HitTestPolicy) {
    let tree = Self.nested { $0.isUserInteractionEnabled = false }
    #expect(hitID(tree, CGPoint(x: 15, y: 15), policy) == "root")
  }

  @Test("Rect edges are half-open: min inclusive, max exclusive", arguments: policies)
  func halfOpenEdges(policy: HitTestPolicy) {
    var tree = HitTree(
      root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
    tree.add(HitView(id: "A", frame: CGRect(x: 10, y: 10, width: 20, height: 20)))
    #expect(hitID(tree, CGPoint(x: 10, y: 10), policy) == "A")
    #expect(hitID(tree, CGPoint(x: 29.999, y: 29.999), policy) == "A")
    #expect(hitID(tree, CGPoint(x: 30, y: 15), policy) == "root")
    #expect(hitID(tree, CGPoint(x: 15, y: 30), policy) == "root")
    #expect(hitID(tree, CGPoint(x: 9.999, y: 15), policy) == "root")
    #expect(hitID(tree, CGPoint(x: 100, y: 50), policy) == "-")
    #expect(hitID(tree, CGPoint(x: 0, y: 0), policy) == "root")
  }

  @Test("The front-most subview wins; a later subview is in front", arguments: policies)
  func zOrder(policy: HitTestPolicy) {
    var tree = HitTree(
      root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
    tree.add(HitView(id: "back", frame: CGRect(x: 0, y: 0, width: 50, height: 50)))
    let front = tree.add(HitView(id: "front", frame: CGRect(x: 25, y: 25, width: 50, height: 50)))
    #expect(hitID(tree, CGPoint(x: 30, y: 30), policy) == "front")
    #expect(hitID(tree, CGPoint(x: 10, y: 10), policy) == "back")
    tree[front].isHidden = true
    #expect(hitID(tree, CGPoint(x: 30, y: 30), policy) == "back")
  }

  @Test("A point outside a view is never passed to its subviews", arguments: policies)
  func outsideNotPassed(policy: HitTestPolicy) {
    var tree = HitTree(
      root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
    let a = tree.add(HitView(id: "A", frame: CGRect(x: 10, y: 10, width: 20, height: 20)))
    // B sticks out of A to the right: root x 40..60.
    tree.add(HitView(id: "B", frame: CGRect(x: 30, y: 0, width: 20, height: 20)), to: a)
    #expect(hitID(tree, CGPoint(x: 45, y: 15), policy) == "root")
  }

  @Test("Clipping to bounds: a clipped subview is touched only inside its superview")
  func clipping() {
    var tree = HitTree(
      root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
    let a = tree.add(
      HitView(
        id: "A", frame: CGRect(x: 10, y: 10, width: 20, height: 20), clipsToBounds: true,
        allowsSubviewHitsOutside: true))
    tree.add(HitView(id: "B", frame: CGRect(x: 10, y: 0, width: 20, height: 20)), to: a)
    for policy in Self.policies {
      #expect(hitID(tree, CGPoint(x: 25, y: 15), policy) == "B")
      #expect(hitID(tree, CGPoint(x: 35, y: 15), policy) == "root", "\(policy)")
    }
    tree[a].clipsToBounds = false
    #expect(hitID(tree, CGPoint(x: 35, y: 15), .standard) == "B")
    #expect(hitID(tree, CGPoint(x: 35, y: 15), .uikit) == "root")
  }

  @Test("The bounds' origin is the scroll offset", arguments: policies)
  func scrollOffset(policy: HitTestPolicy) {
    var tree = HitTree(
      root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
    let scroll = tree.add(
      HitView(
        id: "scroll", frame: CGRect(x: 0, y: 50, width: 100, height: 50),
        boundsOrigin: CGPoint(x: 0, y: 100)))
    // Content at y 100…120 shows at root y 50…70.
    tree.add(HitView(id: "row", frame: CGRect(x: 0, y: 100, width: 100, height: 20)), to: scroll)
    tree.add(HitView(id: "above", frame: CGRect(x: 0, y: 0, width: 100, height: 20)), to: scroll)
    #expect(hitID(tree, CGPoint(x: 5, y: 50), policy) == "row")
    #expect(hitID(tree, CGPoint(x: 5, y: 69.5), policy) == "row")
    #expect(hitID(tree, CGPoint(x: 5, y: 70), policy) == "scroll")
    #expect(hitID(tree, CGPoint(x: 5, y: 10), policy) == "root")
    #expect(tree.localPoint(CGPoint(x: 5, y: 55), in: scroll) == CGPoint(x: 5, y: 105))
  }

  @Test("A scaled view takes touches over its scaled extent, half-open", arguments: policies)
  func scale(policy: HitTestPolicy) {
    var tree = HitTree(
      root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
    let scaled = tree.add(
      HitView(
        id: "S", frame: CGRect(x: 40, y: 40, width: 20, height: 20), transform: .scale(x: 2, y: 2)))
    #expect(tree[scaled].frame == CGRect(x: 30, y: 30, width: 40, height: 40))
    #expect(hitID(tree, CGPoint(x: 30, y: 30), policy) == "S")
    #expect(hitID(tree, CGPoint(x: 69.9, y: 50), policy) == "S")
    #expect(hitID(tree, CGPoint(x: 70, y: 50), policy) == "root")
    #expect(hitID(tree, CGPoint(x: 29.9, y: 50), policy) == "root")
  }

  @Test("A rotated view takes touches where it is drawn, about its centre", arguments: policies)
  func rotation(policy: HitTestPolicy) {
    var tree = HitTree(
      root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 100, height: 100)))
    // 40 × 10 centred at (60, 45), turned a quarter: x 55…65, y 25…65.
    tree.add(
      HitView(
        id: "R", frame: CGRect(x: 40, y: 40, width: 40, height: 10), transform: .rotation(.pi / 2)))
    #expect(hitID(tree, CGPoint(x: 60, y: 28), policy) == "R")
    #expect(hitID(tree, CGPoint(x: 60, y: 62), policy) == "R")
    #expect(hitID(tree, CGPoint(x: 45, y: 45), policy) == "root")
    #expect(hitID(tree, CGPoint(x: 75, y: 45), policy) == "root")
  }

  @Test("Subviews are converted through every level: scale, offset and rotation together")
  func composedConversion() throws {
    var tree = HitTree(
      root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 400, height: 400)))
    let outer = tree.add(
      HitView(
        id: "outer", frame: CGRect(x: 100, y: 100, width: 100, height: 100),
        boundsOrigin: CGPoint(x: 10, y: 0), transform: .scale(x: 2, y: 2)))
    let inner = tree.add(
      HitView(
        id: "inner", frame: CGRect(x: 40, y: 40, width: 20, height: 20),
        transform: .rotation(.pi / 4)), to: outer)
    for point in [CGPoint(x: 3, y: 4), CGPoint(x: 10, y: 10), CGPoint(x: 19, y: 1)] {
      let root = tree.rootPoint(point, from: inner)
      let back = try #require(tree.localPoint(root, in: inner))
      #expect(abs(back.x - point.x) < 1e-9 && abs(back.y - point.y) < 1e-9)
      #expect(hitID(tree, root) == "inner")
    }
  }
}

@Suite("HitView frame of unbounded views")
struct UnboundedFrameTests {
  @Test("Infinite bounds turned by a rotation have the whole plane as their frame")
  func rotatedInfiniteBounds() {
    let view = HitView(
      id: "wide", center: CGPoint(x: 5, y: 5),
      bounds: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10),
      transform: .rotation(0.5))
    let frame = view.frame
    #expect(frame.minX == -.infinity && frame.minY == -.infinity)
    #expect(frame.width == .infinity && frame.height == .infinity)
    // Unturned, the same bounds keep their finite edges.
    let flat = HitView(
      id: "flat", center: CGPoint(x: 5, y: 5),
      bounds: CGRect(x: 0, y: 0, width: 10, height: 10))
    #expect(flat.frame == CGRect(x: 0, y: 0, width: 10, height: 10))
  }
}

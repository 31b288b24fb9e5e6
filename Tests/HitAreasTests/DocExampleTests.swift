import Foundation
import HitAreas
import Testing

/// The README's and the doc comments' examples, with the results they print.
@Suite("Documentation examples")
struct DocExampleTests {
  @Test("README: the close button's minimum size, past the bar's edge")
  func readme() {
    var tree = HitTree(
      root: HitView(id: "window", frame: CGRect(x: 0, y: 0, width: 320, height: 480)))
    let bar = tree.add(
      HitView(
        id: "bar", frame: CGRect(x: 0, y: 0, width: 320, height: 44),
        allowsSubviewHitsOutside: true))
    var close = HitView(id: "close", frame: CGRect(x: 8, y: 20, width: 24, height: 24))
    close.hitArea.minimumSize = HitArea.appleMinimumSize
    tree.add(close, to: bar)
    #expect(hitID(tree, CGPoint(x: 40, y: 30)) == "close")
    #expect(hitID(tree, CGPoint(x: 20, y: 50)) == "close")
    #expect(hitID(tree, CGPoint(x: 20, y: 50), .uikit) == "window")
  }

  @Test("HitTree's example")
  func hitTree() {
    var tree = HitTree(
      root: HitView(id: "window", frame: CGRect(x: 0, y: 0, width: 320, height: 480)))
    let bar = tree.add(HitView(id: "bar", frame: CGRect(x: 0, y: 0, width: 320, height: 44)))
    var close = HitView(id: "close", frame: CGRect(x: 8, y: 10, width: 24, height: 24))
    close.hitArea.minimumSize = HitArea.appleMinimumSize
    tree.add(close, to: bar)
    #expect(hitID(tree, CGPoint(x: 40, y: 20)) == "close")
    #expect(hitID(tree, CGPoint(x: 60, y: 20)) == "bar")
  }

  @Test("HitView's example: the scroll offset")
  func hitView() {
    var list = HitView(id: "list", frame: CGRect(x: 0, y: 100, width: 320, height: 400))
    list.bounds.origin.y = 250
    #expect(list.localPoint(fromSuperview: CGPoint(x: 10, y: 110)) == CGPoint(x: 10, y: 260))
  }

  @Test("HitTree(json:)'s example")
  func json() throws {
    let tree = try HitTree(
      json: Data(
        #"""
        {"id": "root", "frame": "{{0, 0}, {320, 480}}", "subviews": [
          {"id": "close", "frame": "{{8, 10}, {24, 24}}", "minimumHitSize": "{44, 44}"}]}
        """#.utf8))
    #expect(hitID(tree, CGPoint(x: 40, y: 20)) == "close")
  }

  @Test("README: Samples hit-test's example tree")
  func samplesExample() throws {
    let tree = try HitTree(
      json: Data(
        #"""
        {"id": "window", "frame": "{{0, 0}, {320, 200}}", "subviews": [
          {"id": "card", "frame": "{{20, 20}, {200, 100}}", "allowsSubviewHitsOutside": true, "subviews": [
            {"id": "close", "frame": "{{176, 4}, {20, 20}}", "hitTestEdgeInsets": "{-12, -12, -12, -12}"},
            {"id": "avatar", "frame": "{{10, 10}, {44, 44}}", "hitShape": "circle {22, 22} 22",
             "hitIncludesBounds": false}]}]}
        """#.utf8))
    #expect(hitID(tree, CGPoint(x: 224, y: 30)) == "close")
    #expect(hitID(tree, CGPoint(x: 21, y: 21)) == "card")
    #expect(hitID(tree, CGPoint(x: 40, y: 40)) == "avatar")
    #expect(hitID(tree, CGPoint(x: 224, y: 30), .uikit) == "window")
  }

  @Test("HitMap's example")
  func hitMap() {
    var tree = HitTree(root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 12, height: 4)))
    tree.add(
      HitView(
        id: "button", frame: CGRect(x: 4, y: 1, width: 2, height: 2),
        hitArea: HitArea(insets: .outset(left: 1, right: 1))))
    tree.add(HitView(id: "<label>", frame: CGRect(x: 9, y: 0, width: 3, height: 4)))
    #expect(
      HitMap(tree).text(probes: [CGPoint(x: 0.5, y: 0.5)])
        == """
        1AAAAAAAACCC
        AAAbBBbAACCC
        AAAbBBbAACCC
        AAAAAAAAACCC
        A  root
        B  button (b: enlarged)
        C  <label>
        """)
  }

  @Test("GeometryText's and HitTransform's examples")
  func geometry() throws {
    #expect(
      try GeometryText.rect(from: "{{-10, 0}, {64, 44}}")
        == CGRect(x: -10, y: 0, width: 64, height: 44))
    #expect(
      GeometryText.string(from: CGRect(x: 0.5, y: 0, width: 20, height: 10))
        == "{{0.5, 0}, {20, 10}}")
    #expect(GeometryText.number(44) == "44" && GeometryText.number(-0.5) == "-0.5")
    #expect(HitTransform(text: "[1, 0, 0, 1, 5, -2]") == .translation(x: 5, y: -2))
    #expect(HitTransform.scale(x: 2, y: 3).inverted?.a == 0.5)
  }
}

import Foundation
import HitAreas
import Testing

@Suite("Reading a view tree from JSON")
struct JSONTests {
  static let example = """
    {"id": "window", "frame": "{{0, 0}, {320, 200}}", "subviews": [
      {"id": "card", "frame": "{{20, 20}, {200, 100}}", "allowsSubviewHitsOutside": true,
       "subviews": [
        {"id": "close", "frame": "{{176, 4}, {20, 20}}", "hitTestEdgeInsets": "{-12, -12, -12, -12}"},
        {"id": "avatar", "frame": "{{10, 10}, {44, 44}}", "hitShape": ["circle {22, 22} 22"],
         "hitIncludesBounds": false}]},
      {"id": "list", "frame": "{{0, 130}, {320, 70}}", "bounds": "{0, 60}", "clipsToBounds": true,
       "subviews": [
        {"id": "row0", "frame": "{{0, 0}, {320, 44}}"},
        {"id": "row1", "frame": "{{0, 44}, {320, 44}}", "hitTestExpandRects": ["{{0, 44}, {40, 10}}"]},
        {"id": "row2", "frame": "{{0, 88}, {320, 44}}", "hidden": true, "alpha": 0.5,
         "transform": [1, 0, 0, 1, 0, 0], "userInteractionEnabled": false,
         "minimumHitSize": "{44, 44}"}]}]}
    """

  static func decode(_ text: String) throws(HitTreeDecodingError) -> HitTree {
    try HitTree(json: Data(text.utf8))
  }

  @Test("The example reads into the tree it describes")
  func example() throws {
    let tree = try Self.decode(Self.example)
    #expect(tree.count == 8)
    #expect(
      tree.paintOrder().map { tree[$0].id } == [
        "window", "card", "close", "avatar", "list", "row0", "row1", "row2",
      ])
    let list = try #require(tree.first(id: "list"))
    #expect(tree[list].bounds == CGRect(x: 0, y: 60, width: 320, height: 70))
    #expect(tree[list].clipsToBounds)
    let close = try #require(tree.first(id: "close"))
    #expect(tree[close].hitArea.insets == .outset(by: 12))
    #expect(tree.parent(of: close) == tree.first(id: "card"))
    let row2 = try #require(tree.first(id: "row2"))
    #expect(tree[row2].isHidden && tree[row2].alpha == 0.5 && !tree[row2].isUserInteractionEnabled)
    #expect(tree[row2].hitArea.minimumSize == HitArea.appleMinimumSize)
    for (x, y, id) in [
      (224.0, 30.0, "close"), (225, 10, "window"), (21, 21, "card"), (40, 40, "avatar"),
      (10, 135, "row1"), (10, 165, "row1"), (-1, -1, "-"),
    ] {
      #expect(hitID(tree, CGPoint(x: x, y: y)) == id, "(\(x), \(y))")
    }
    #expect(hitID(tree, CGPoint(x: 224, y: 30), .uikit) == "window")
  }

  @Test(
    "A malformed tree is an error naming the view and the key",
    arguments: [
      (
        #"{"id": "w", "frame": "{{0, 0}, {9, 9}}", "subviews": [{"id": "b", "frame": "{{0, 0}, {1}}"}]}"#,
        #"view 'b', key 'frame': expected a rect string "{{x, y}, {width, height}}", got "{{0, 0}, {1}}""#
      ),
      (
        #"{"id": "w", "frame": "{{0, 0}, {9, 9}}", "hidde": true}"#,
        "view 'w', key 'hidde': unknown key; did you mean 'hidden'?"
      ),
      (
        #"{"id": "w", "frame": "{{0, 0}, {9, 9}}", "subviews": [{"frame": "{{0, 0}, {1, 1}}"}]}"#,
        "view subviews[0] of 'w', key 'id': expected a string, got null"
      ),
      (
        #"{"id": "w", "frame": "{{0, 0}, {9, 9}}", "hidden": 1}"#,
        "view 'w', key 'hidden': expected true or false, got 1"
      ),
      (
        #"{"id": "w", "frame": "{{0, 0}, {9, 9}}", "hitShape": "polygon [{0, 0}, {1, 1}]"}"#,
        "view 'w', key 'hitShape': a polygon of 2 point(s): expected at least 3"
      ),
      (
        #"{"id": "w", "frame": "{{0, 0}, {9, 9}}", "transform": [1, 0, 0, 1]}"#,
        #"view 'w', key 'transform': expected a transform "[a, b, c, d, tx, ty]" or six numbers, got a list of 4"#
      ),
      (
        #"{"id": "w", "frame": "{{0, 0}, {9, 9}}", "minimumHitSize": "{-1, 44}"}"#,
        #"view 'w', key 'minimumHitSize': expected a size "{width, height}" of 0 or more, got "{-1, 44}""#
      ),
      (#"[1, 2]"#, "view the root: expected a view object {\"id\": …}, got a list of 2"),
    ])
  func malformed(json: String, message: String) {
    #expect(throws: HitTreeDecodingError.self) { try Self.decode(json) }
    do {
      _ = try Self.decode(json)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("Not JSON at all is an error, not a crash")
  func notJSON() {
    #expect(throws: HitTreeDecodingError.self) { try Self.decode("{\"id\": ") }
  }

  @Test("Nesting: 200 views deep reads; 10 000 deep is refused with an error, never a crash")
  func deepJSON() throws {
    func chain(_ depth: Int) -> String {
      let open = String(
        repeating: #"{"id": "v", "frame": "{{0, 0}, {9, 9}}", "subviews": ["#, count: depth - 1)
      let close = String(repeating: "]}", count: depth - 1)
      return open + #"{"id": "leaf", "frame": "{{0, 0}, {9, 9}}"}"# + close
    }
    let tree = try Self.decode(chain(200))
    #expect(tree.count == 200 && hitID(tree, CGPoint(x: 1, y: 1)) == "leaf")
    #expect(throws: HitTreeDecodingError.self) { try Self.decode(chain(10_000)) }
  }
}

import Foundation
import TextInputKit

/// Hit areas: a small screen's view tree drawn as a map of what each point
/// hits, with probes, under the standard policy and the category's.
enum HitAreasTour: TourSection {
  static let title = "HitAreas — touch areas beyond a view's bounds, and hit-testing a view tree"

  /// A 320 × 240 screen: a toolbar whose menu button's enlarged area crosses
  /// the toolbar's bottom edge, two enlarged buttons that overlap over a
  /// caption, a round play button, and a list scrolled by 100 points.
  static func screen() -> HitTree {
    var tree = HitTree(
      root: HitView(id: "screen", frame: CGRect(x: 0, y: 0, width: 320, height: 240)))
    let toolbar = tree.add(
      HitView(
        id: "toolbar", frame: CGRect(x: 0, y: 0, width: 320, height: 44),
        allowsSubviewHitsOutside: true))
    tree.add(
      HitView(
        id: "menu", frame: CGRect(x: 276, y: 24, width: 36, height: 16),
        hitArea: HitArea(insets: .outset(by: 14))), to: toolbar)
    tree.add(HitView(id: "caption", frame: CGRect(x: 40, y: 120, width: 140, height: 20)))
    let enlarged = HitArea(insets: .outset(by: 20))
    tree.add(
      HitView(id: "like", frame: CGRect(x: 40, y: 80, width: 60, height: 30), hitArea: enlarged))
    tree.add(
      HitView(id: "share", frame: CGRect(x: 120, y: 80, width: 60, height: 30), hitArea: enlarged))
    tree.add(
      HitView(
        id: "play", frame: CGRect(x: 230, y: 80, width: 60, height: 60),
        hitArea: HitArea(
          includesBounds: false, shapes: [.circle(center: CGPoint(x: 30, y: 30), radius: 30)])))
    let list = tree.add(
      HitView(
        id: "list", frame: CGRect(x: 0, y: 160, width: 320, height: 80),
        boundsOrigin: CGPoint(x: 0, y: 100), clipsToBounds: true))
    for row in 0..<5 {
      tree.add(
        HitView(
          id: "row \(row)", frame: CGRect(x: 0, y: CGFloat(row) * 40, width: 320, height: 40)),
        to: list)
    }
    return tree
  }

  /// Points to try, with what they show.
  static let probes: [(point: CGPoint, note: String)] = [
    (CGPoint(x: 300, y: 50), "below the toolbar, in the menu's enlarged area"),
    (CGPoint(x: 108, y: 95), "between like and share, nearer like"),
    (CGPoint(x: 112, y: 95), "between like and share, nearer share"),
    (CGPoint(x: 110, y: 125), "on the caption, under both enlarged areas"),
    (CGPoint(x: 234, y: 84), "the play button's corner, off its circle"),
    (CGPoint(x: 260, y: 110), "inside the play button's circle"),
    (CGPoint(x: 20, y: 170), "the list's first visible row (scrolled 100 pt)"),
    (CGPoint(x: 20, y: 200), "the row below it"),
  ]

  static func run(_ out: inout TourPrinter) {
    let tree = screen()
    out.line("A 320 × 240 pt screen; one column = 5 pt, one row = 10 pt. Upper case: a view's")
    out.line("own bounds; lower case: its enlarged area only; 1-8: the probes below.")
    out.line()
    let map = HitMap(
      tree, region: CGRect(x: 0, y: 0, width: 320, height: 240),
      cellSize: CGSize(width: 5, height: 10))
    for line in map.lines(probes: probes.map(\.point)) { out.line("  " + line) }
    out.line()
    for line in map.legend { out.line("  " + line) }
    out.line()
    let index = HitIndex(tree)
    for (number, probe) in probes.enumerated() {
      let standard = index.hitTest(probe.point).map { tree[$0.view].id } ?? "-"
      let uikit = index.hitTest(probe.point, policy: .uikit).map { tree[$0.view].id } ?? "-"
      out.line(
        "  \(number + 1) (\(GeometryText.number(probe.point.x)), \(GeometryText.number(probe.point.y)))"
          + " → \(standard)  [uikit: \(uikit)]  — \(probe.note)")
    }
    out.line()
    out.line("The standard policy: the toolbar opts in, so the menu takes touches past its edge;")
    out.line("a real view (the caption) beats enlarged areas; the nearer bounds win between")
    out.line("like and share. The uikit policy is the swizzled category: the front-most wins.")
  }
}

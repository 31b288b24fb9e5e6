import Foundation
import HitAreas

// A close button 24 pt square with Apple's minimum touch target, at the
// right end of a toolbar that lets it reach past its bottom edge.
var tree = HitTree(
  root: HitView(id: "window", frame: CGRect(x: 0, y: 0, width: 320, height: 200)))
let toolbar = tree.add(
  HitView(
    id: "toolbar", frame: CGRect(x: 0, y: 0, width: 320, height: 44),
    allowsSubviewHitsOutside: true))
var close = HitView(id: "close", frame: CGRect(x: 288, y: 20, width: 24, height: 24))
close.hitArea.minimumSize = HitArea.appleMinimumSize
tree.add(close, to: toolbar)
let probe = CGPoint(x: 300, y: 50)  // below the toolbar, inside the 44 × 44 area
let hits = [HitTestPolicy.standard, .uikit].map { policy in
  tree.hitTest(probe, policy: policy).map { tree[$0.view].id } ?? "-"
}
// The plugin's configuration comes with it (TextInputBase, re-exported).
var area = HitArea()
try area.configure(
  PluginConfiguration(
    pluginID: HitArea.pluginID, values: ["minimumHitSize": .size(CGSize(width: 48, height: 48))]))
guard hits == ["close", "window"], area.minimumSize == HitArea.materialMinimumSize,
  HitIndex(tree).hitTest(probe)?.view == tree.hitTest(probe)?.view
else {
  print("HitAreas alone: \(hits), minimum size \(area.minimumSize)")
  exit(1)
}
print("HitAreas alone: ok")

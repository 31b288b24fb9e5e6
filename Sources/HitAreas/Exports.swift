// HitAreas: touch areas beyond a view's bounds, and hit-testing a view tree
// with UIKit's semantics (the swizzled `pointInside:withEvent:` category's
// logic, as values). Folders by concern:
// - Geometry/: transforms, insets with named signs, `GeometryText` (the
//   `NSStringFromCGRect` forms), plane geometry.
// - Shapes/: `HitShape` and its text form.
// - HitArea.swift, HitArea+Plugin.swift: the composable area and the plugin.
// - Tree/: `HitView`, the flat `HitTree`.
// - HitTesting/: the walk, `HitTestPolicy`, `HitIndex`.
// - Debug/: `HitMap`, its character map and SVG.
// - JSON/: `HitTree(json:)` for hierarchies dumped from an app.
//
// Users of HitAreas get the configuration and registry types with it (and
// nothing that measures text: TextInputBase needs only Foundation).
@_exported public import TextInputBase

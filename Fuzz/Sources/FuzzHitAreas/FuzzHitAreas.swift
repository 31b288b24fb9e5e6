// Fuzz target: view trees, hit areas and hit-testing, the JSON tree reader and
// the shape, geometry and transform string parsers.
//
// Families (first byte):
// - arbitrary bytes as a JSON tree;
// - arbitrary text for `HitShape(text:)`, `GeometryText` and
//   `HitTransform(text:)`;
// - a tree built from the input: frames, bounds and transforms with extreme
//   values, hidden, alpha, clipping, interaction, opting in to subview hits
//   outside, hit areas with insets, extra rects, minimum sizes, shapes
//   (polygons under both fill rules, circles, ellipses, rounded rects) and
//   exclusions, deep chains; printed as JSON too.
//
// Invariants: no trap; `HitIndex` answers what the walk answers for every
// policy, also after `update(_:to:)`; the view hit takes touches, as do its
// superviews (none hidden, non-interactive, or with an alpha below 0.01, NaN
// or infinite), its hit area holds the point, `isInOwnBounds` is whether its
// bounds do, no subview of it takes the point, a clipping superview's area
// holds the point, and under `.uikit` every superview's area does; a shape,
// rect, point, size or transform read from text prints back as text that
// reads to the same value; a tree printed as JSON reads back equal.

import Foundation
import FuzzSupport
import HitAreas
import TextInputBase

let policies: [HitTestPolicy] =
  [.standard, .uikit, .frontMost]
  + HitTestPolicy.EnlargedOrder.allCases.flatMap { order in
    [false, true].flatMap { reaches in
      [false, true].map {
        HitTestPolicy(reachesOutsideAncestors: reaches, ownBoundsWin: $0, enlargedOrder: order)
      }
    }
  }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHitAreas(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  switch input.byte() % 6 {
  case 0:
    let bytes = input.rest()
    do {
      let tree = try HitTree(json: Data(bytes))
      checkTree(tree, &input)
    } catch {
      fuzzCheck(!error.description.isEmpty, "empty error")
    }
  case 1:
    checkTexts(&input)
  default:
    let (tree, json) = buildTree(&input)
    if let json { checkJSON(tree, json) }
    checkTree(tree, &input)
  }
  return 0
}

// MARK: - Text forms

func checkTexts(_ input: inout FuzzInput) {
  let text = shapeText(&input)
  if let shape = try? HitShape(text: text) {
    let printed = shape.description
    do {
      let again = try HitShape(text: printed)
      fuzzCheck(
        again == shape,
        "shape \(text.debugDescription) read as \(shape), printed \(printed.debugDescription), "
          + "read back as \(again)")
    } catch {
      fuzzCheck(false, "printed shape \(printed.debugDescription) refused: \(error)")
    }
    checkShape(shape, &input)
  }
  if let rect = try? GeometryText.rect(from: text) {
    fuzzCheck(
      (try? GeometryText.rect(from: GeometryText.string(from: rect))) == rect,
      "rect \(rect) does not print back")
  }
  if let point = try? GeometryText.point(from: text) {
    fuzzCheck(
      (try? GeometryText.point(from: GeometryText.string(from: point))) == point,
      "point \(point) does not print back")
  }
  if let size = try? GeometryText.size(from: text) {
    fuzzCheck(
      (try? GeometryText.size(from: GeometryText.string(from: size))) == size,
      "size \(size) does not print back")
  }
  if let transform = HitTransform(text: text) {
    fuzzCheck(
      HitTransform(text: transform.description) == transform,
      "transform \(transform) does not print back")
  }
}

func number(_ input: inout FuzzInput) -> String {
  switch input.byte() % 4 {
  case 0:
    return input.pick([
      "0", "-0", "1e308", "1e309", "nan", "inf", "-1", "0.5", "1e-320", "22", "44", "-1e300", "",
      "1.7976931348623157e308", "9007199254740993",
    ])
  default: return GeometryText.number(input.cgFloat().isFinite ? input.cgFloat() : 3)
  }
}

func shapeText(_ input: inout FuzzInput) -> String {
  func point() -> String { "{\(number(&input)), \(number(&input))}" }
  func rect() -> String { "{\(point()), \(point())}" }
  var text = ""
  for _ in 0..<1 + input.below(4) {
    switch input.byte() % 12 {
    case 0: text += input.pick(["rect", "circle", "ellipse", "roundedRect", "polygon", "exclude"])
    case 1: text += input.pick([" ", "  ", "\t", "\u{A0}", ""])
    case 2: text += point()
    case 3: text += rect()
    case 4: text += number(&input)
    case 5: text += "[" + (0..<input.below(6)).map { _ in point() }.joined(separator: ", ") + "]"
    case 6: text += input.pick(["evenOdd", "nonZero", "evenOddnonZero", "[", "]", "}}", "{", ","])
    case 7: text += input.text(maximumPieces: 2)
    case 8:
      text += "[" + (0..<input.below(7)).map { _ in number(&input) }.joined(separator: ", ") + "]"
    default: text += shapeValue(&input).description
    }
  }
  return text
}

// MARK: - Shapes and areas

func finiteNumber(_ input: inout FuzzInput) -> CGFloat {
  let value = input.cgFloat()
  return value.isFinite ? value : CGFloat(input.below(80)) - 20
}

/// A shape; with `finite`, one whose text form reads back (finite numbers,
/// at least three vertices).
func shapeValue(_ input: inout FuzzInput, finite: Bool = false) -> HitShape {
  func n() -> CGFloat { finite ? finiteNumber(&input) : input.cgFloat() }
  func p() -> CGPoint { CGPoint(x: n(), y: n()) }
  func r() -> CGRect { CGRect(x: n(), y: n(), width: n(), height: n()) }
  switch input.byte() % 5 {
  case 0: return .rect(r())
  case 1:
    let count = (finite ? 3 : 0) + input.below(8)
    return .polygon((0..<count).map { _ in p() }, rule: input.bool() ? .evenOdd : .nonZero)
  case 2: return .circle(center: p(), radius: n())
  case 3: return .ellipse(in: r())
  default: return .roundedRect(r(), cornerRadius: finite ? n() : input.cgFloat())
  }
}

/// Containment against the documented rules, for points around the shape.
func checkShape(_ shape: HitShape, _ input: inout FuzzInput) {
  let box = shape.boundingRect
  for _ in 0..<4 {
    let point =
      box.isNull || input.byte() % 4 == 0
      ? input.point()
      : CGPoint(
        x: input.pick([box.minX, box.maxX, box.midX, box.minX.nextDown, box.maxX.nextUp]),
        y: input.pick([box.minY, box.maxY, box.midY, box.minY.nextDown, box.maxY.nextUp]))
    let inside = shape.contains(point)
    if inside {
      fuzzCheck(!box.isNull, "\(shape) contains \(point) but its bounding rect is null")
      // The bounding rect is closed for circles and polygons.
      fuzzCheck(
        point.x >= box.minX && point.x <= box.maxX && point.y >= box.minY && point.y <= box.maxY,
        "\(shape) contains \(point) outside its bounding rect \(box)")
    }
    if case .polygon(let points, let rule) = shape, points.count >= 3,
      (points + [point]).allSatisfy({ abs($0.x) <= 1e6 && abs($0.y) <= 1e6 }),
      !onEdge(point, of: points)
    {
      // A polygon and its reverse hold the same points under both rules
      // (for moderate coordinates: near ±greatestFiniteMagnitude the side
      // test cancels catastrophically, and only exact predicates would agree).
      fuzzCheck(
        HitShape.polygon(points.reversed(), rule: rule).contains(point) == inside,
        "\(shape) and its reverse disagree at \(point)")
      if rule == .evenOdd, inside {
        fuzzCheck(
          HitShape.polygon(points, rule: .nonZero).contains(point),
          "\(point) inside \(shape) by even-odd but not by non-zero")
      }
    }
  }
  _ = try? shape.validate()
}

/// Whether `point` lies on an edge of the polygon (within rounding), where the
/// crossing rule's answer depends on the edges' direction.
func onEdge(_ point: CGPoint, of points: [CGPoint]) -> Bool {
  for (index, a) in points.enumerated() {
    let b = points[(index + 1) % points.count]
    let cross = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
    let scale =
      max(abs(b.x - a.x), abs(b.y - a.y), 1) * max(abs(point.x - a.x), abs(point.y - a.y), 1)
    if abs(cross) <= scale * 1e-9, point.x >= min(a.x, b.x) - 1e-9, point.x <= max(a.x, b.x) + 1e-9,
      point.y >= min(a.y, b.y) - 1e-9, point.y <= max(a.y, b.y) + 1e-9
    {
      return true
    }
  }
  return false
}

func hitArea(_ input: inout FuzzInput, finite: Bool) -> HitArea {
  var area = HitArea()
  guard input.byte() % 3 != 0 else { return area }
  func n() -> CGFloat { finite ? finiteNumber(&input) : input.cgFloat() }
  area.includesBounds = input.byte() % 6 != 0
  if input.bool() { area.insets = EdgeInsets(top: n(), left: n(), bottom: n(), right: n()) }
  for _ in 0..<input.below(3) {
    area.extraRects.append(CGRect(x: n(), y: n(), width: n(), height: n()))
  }
  if input.bool() {
    area.minimumSize = input.bool() ? HitArea.appleMinimumSize : CGSize(width: n(), height: n())
    if finite {
      area.minimumSize = CGSize(
        width: abs(area.minimumSize.width), height: abs(area.minimumSize.height))
    }
  }
  for _ in 0..<input.below(3) { area.shapes.append(shapeValue(&input, finite: finite)) }
  for _ in 0..<input.below(2) { area.exclusions.append(shapeValue(&input, finite: finite)) }
  return area
}

// MARK: - Trees

/// A tree from the input and, when every number in it is finite and
/// printable, its JSON form.
func buildTree(_ input: inout FuzzInput) -> (HitTree, Data?) {
  let finite = input.byte() % 3 == 0
  func n() -> CGFloat { finite ? finiteNumber(&input) : input.cgFloat() }
  func makeView(_ id: String) -> (HitView, [String: Any]) {
    let frame =
      input.byte() % 4 == 0
      ? CGRect(x: n(), y: n(), width: n(), height: n())
      : CGRect(
        x: CGFloat(input.below(200)) - 20, y: CGFloat(input.below(200)) - 20,
        width: CGFloat(input.below(120)), height: CGFloat(input.below(80)))
    let boundsOrigin = input.byte() % 4 == 0 ? CGPoint(x: n(), y: n()) : .zero
    var view = HitView(id: id, frame: frame, boundsOrigin: boundsOrigin)
    var object: [String: Any] = [
      "id": id, "frame": GeometryText.string(from: frame),
      "bounds": GeometryText.string(from: boundsOrigin),
    ]
    switch input.byte() % 8 {
    case 0: view.transform = .scale(x: input.pick([2, 0.5, 0, -1]), y: input.pick([1, 3, 0]))
    case 1: view.transform = .rotation(input.pick([0.5, CGFloat.pi / 2, CGFloat.pi, -1]))
    case 2: view.transform = .translation(x: n(), y: n())
    case 3:
      view.transform = HitTransform(a: n(), b: n(), c: n(), d: n(), tx: n(), ty: n())
    default: break
    }
    if view.transform != .identity { object["transform"] = view.transform.description }
    let flags = input.byte()
    if flags & 0x01 != 0 && flags & 0x10 != 0 {
      view.isHidden = true
      object["hidden"] = true
    }
    if flags & 0x02 != 0 && flags & 0x20 != 0 {
      view.isUserInteractionEnabled = false
      object["userInteractionEnabled"] = false
    }
    if flags & 0x04 != 0 {
      view.clipsToBounds = true
      object["clipsToBounds"] = true
    }
    if flags & 0x08 != 0 {
      view.allowsSubviewHitsOutside = true
      object["allowsSubviewHitsOutside"] = true
    }
    if flags & 0x40 != 0 {
      view.alpha = input.pick([0, 0.005, 0.01, 0.5, 1])
      object["alpha"] = Double(view.alpha)
    }
    if flags & 0x80 != 0 && !finite {
      view.alpha = input.pick([.nan, .infinity, -.infinity, -1, .greatestFiniteMagnitude])
    }
    view.hitArea = hitArea(&input, finite: finite)
    let area = view.hitArea
    if !area.extraRects.isEmpty {
      object["hitTestExpandRects"] = area.extraRects.map { GeometryText.string(from: $0) }
    }
    if area.insets != .zero {
      object["hitTestEdgeInsets"] = ConfigurationValue.insets(area.insets).description
    }
    if area.minimumSize != .zero {
      object["minimumHitSize"] = GeometryText.string(from: area.minimumSize)
    }
    let shapes =
      area.shapes.map(\.description) + area.exclusions.map { "exclude " + $0.description }
    if !shapes.isEmpty { object["hitShape"] = shapes }
    if !area.includesBounds { object["hitIncludesBounds"] = false }
    return (view, object)
  }
  let (root, rootObject) = makeView("root")
  var tree = HitTree(root: root)
  var jsonObjects = [rootObject]
  var parents = [-1]
  let deep = input.byte() % 8 == 0
  let count = deep ? 20 + input.below(120) : input.below(12)
  for index in 1...max(count, 1) where index <= count {
    let parent = deep ? index - 1 : input.below(index)
    let (view, object) = makeView("v\(index)")
    tree.add(view, to: tree.indices[parent])
    jsonObjects.append(object)
    parents.append(parent)
  }
  // Nest the objects: children in the order added (back to front).
  var nested = jsonObjects
  for index in stride(from: nested.count - 1, through: 1, by: -1) {
    var parent = nested[parents[index]]
    var subviews = parent["subviews"] as? [[String: Any]] ?? []
    subviews.insert(nested[index], at: 0)
    parent["subviews"] = subviews
    nested[parents[index]] = parent
  }
  guard finite, !deep, JSONSerialization.isValidJSONObject(nested[0]),
    let data = try? JSONSerialization.data(withJSONObject: nested[0])
  else { return (tree, nil) }
  return (tree, data)
}

func checkJSON(_ tree: HitTree, _ data: Data) {
  do {
    let read = try HitTree(json: data)
    // The reader adds views depth first; compare the trees in paint order.
    func painted(_ tree: HitTree) -> [(HitView, Int)] {
      tree.paintOrder().map { (tree[$0], tree.depth(of: $0)) }
    }
    let (a, b) = (painted(read), painted(tree))
    fuzzCheck(
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 },
      "JSON round trip differs:\n\(String(decoding: data, as: UTF8.self))\n\(tree.views)\n\(read.views)"
    )
  } catch {
    fuzzCheck(false, "printed JSON refused: \(error)\n\(String(decoding: data, as: UTF8.self))")
  }
}

// MARK: - Hit-testing

/// Points on and around the views, in root coordinates, and extremes.
func probePoint(_ tree: HitTree, _ input: inout FuzzInput) -> CGPoint {
  guard input.byte() % 4 != 0 else { return input.point() }
  let index = input.pick(tree.indices)
  let view = tree[index]
  let area = view.hitArea.boundingRect(bounds: view.bounds)
  let box = input.bool() || area.isNull ? view.bounds.standardized : area
  let local = CGPoint(
    x: input.pick([
      box.minX, box.maxX, box.midX, box.minX.nextDown, box.maxX.nextDown, box.minX + 1,
    ]),
    y: input.pick([
      box.minY, box.maxY, box.midY, box.minY.nextDown, box.maxY.nextDown, box.maxY - 1,
    ]))
  return tree.rootPoint(local, from: index)
}

func checkTree(_ tree: HitTree, _ input: inout FuzzInput) {
  guard tree.count > 0 else { return }
  var index = HitIndex(tree)
  for _ in 0..<1 + input.below(6) {
    let point = probePoint(tree, &input)
    for policy in input.bool() || tree.count > 16 ? [input.pick(policies)] : policies {
      checkHit(tree, index, point, policy)
    }
  }
  // Move a view and update the index.
  if input.bool(), tree.count > 1 {
    var tree = tree
    let moved = tree.indices[input.below(tree.count)]
    var view = tree[moved]
    switch input.byte() % 4 {
    case 0: view.frame.origin.x += input.cgFloat()
    case 1: view.isHidden.toggle()
    case 2: view.hitArea = hitArea(&input, finite: false)
    default: view.transform = .rotation(0.3)
    }
    tree[moved] = view
    index.update(moved, to: view)
    for _ in 0..<1 + input.below(4) {
      let point = probePoint(tree, &input)
      let policy = input.pick(policies)
      let fresh = HitIndex(tree).hitTest(point, policy: policy)
      fuzzCheck(
        index.hitTest(point, policy: policy) == fresh,
        "updated index differs from a fresh one at \(point), \(policy)")
      checkHit(tree, index, point, policy)
    }
  }
}

func checkHit(_ tree: HitTree, _ index: HitIndex, _ point: CGPoint, _ policy: HitTestPolicy) {
  let walked = tree.hitTest(point, policy: policy)
  let indexed = index.hitTest(point, policy: policy)
  fuzzCheck(
    walked == indexed,
    "\(policy) at \(point): walk \(String(describing: walked)), index \(String(describing: indexed))"
      + " in \(tree.views)")
  guard let result = walked else { return }
  guard point.x.isFinite, point.y.isFinite else {
    fuzzCheck(false, "a non-finite point \(point) hit \(result)")
    return
  }
  let view = tree[result.view]
  guard let local = tree.localPoint(point, in: result.view) else {
    fuzzCheck(false, "hit \(result.view) whose transforms do not map \(point)")
    return
  }
  fuzzCheck(view.hitAreaContains(local), "\(policy): hit \(view.id) whose area lacks \(local)")
  fuzzCheck(
    result.isInOwnBounds == view.bounds.contains(local),
    "\(policy): isInOwnBounds \(result.isInOwnBounds) for \(local) in \(view.bounds)")
  // No subview of the answer takes the point itself.
  for child in tree.subviews(of: result.view) {
    let subview = tree[child]
    guard subview.takesTouches, let inner = subview.localPoint(fromSuperview: local) else {
      continue
    }
    fuzzCheck(
      !subview.hitAreaContains(inner),
      "\(policy): hit \(view.id) at \(point) though its subview \(subview.id) takes it")
  }
  // It and its superviews take touches; clipping superviews hold the point.
  var current: HitTree.Index? = result.view
  while let at = current {
    let ancestor = tree[at]
    fuzzCheck(ancestor.takesTouches, "\(policy): hit under \(ancestor.id), which takes no touches")
    // Written from the documentation, not read from `takesTouches`: a hidden
    // or non-interactive view, an alpha below 0.01, NaN or infinite, removes
    // the view and its subviews.
    fuzzCheck(
      !ancestor.isHidden && ancestor.isUserInteractionEnabled && ancestor.alpha.isFinite
        && ancestor.alpha >= 0.01,
      "\(policy): hit under \(ancestor.id) (hidden \(ancestor.isHidden), interactive "
        + "\(ancestor.isUserInteractionEnabled), alpha \(ancestor.alpha))")
    if at != result.view, let inside = tree.localPoint(point, in: at) {
      let holds = ancestor.hitAreaContains(inside)
      let passes =
        policy.reachesOutsideAncestors && ancestor.allowsSubviewHitsOutside
        && !ancestor.clipsToBounds
      fuzzCheck(
        holds || passes,
        "\(policy): hit \(view.id) at \(point) through \(ancestor.id)'s outside")
    }
    current = tree.parent(of: at)
  }
}

import Foundation
import HitAreas
import PropertyBased
import Testing

/// Properties on random trees (see `RandomTree`): each input is a seed, which
/// a failure prints.
@Suite("Hit-testing properties on random trees")
struct PropertyTests {
  static let seeds = Gen<UInt64>.value(in: 0...UInt64.max)

  @Test("The index gives the walk's answer, before and after frame changes")
  func indexEqualsWalk() async {
    await propertyCheck(
      count: CheckScale.cases(60, full: 300), input: Self.seeds
    ) { seed in
      let tree = RandomTree.make(seed: seed, views: 2...40)
      var random = SeededRandom(seed: seed &+ 1)
      var index = HitIndex(tree)
      for round in 0..<4 {
        for point in RandomTree.points(&random, count: 80) {
          for (name, policy) in HitTestPolicy.named {
            #expect(
              index.hitTest(point, policy: policy) == index.tree.hitTest(point, policy: policy),
              "seed \(seed), round \(round), \(name), point \(point)")
          }
        }
        // Move, resize, re-transform or restyle one view and update the index.
        let changed = index.tree.indices[Int.random(in: 0..<index.tree.count, using: &random)]
        var view = index.tree[changed]
        if random.chance(0.5) {
          view.frame = CGRect(
            x: random.coordinate(-30...160), y: random.coordinate(-30...160),
            width: random.coordinate(0...90), height: random.coordinate(0...90))
        } else {
          view = RandomTree.view(&random, id: view.id)
        }
        index.update(changed, to: view)
      }
    }
  }

  @Test("A point inside a view's own bounds, covered by nothing in front, hits it")
  func uncoveredOwnBoundsHit() async {
    await propertyCheck(
      count: CheckScale.cases(60, full: 300), input: Self.seeds
    ) { seed in
      let tree = RandomTree.make(seed: seed)
      var random = SeededRandom(seed: seed &+ 2)
      let order = tree.paintOrder()
      for (position, index) in order.enumerated() {
        let view = tree[index]
        let bounds = view.bounds.standardized
        guard bounds.width > 0, bounds.height > 0 else { continue }
        for _ in 0..<6 {
          let local = CGPoint(
            x: CGFloat.random(in: bounds.minX..<bounds.maxX, using: &random),
            y: CGFloat.random(in: bounds.minY..<bounds.maxY, using: &random))
          let point = tree.rootPoint(local, from: index)
          guard Self.reaches(tree, index, point, inOwnBounds: true) else { continue }
          // Covering: a view in front whose own area takes the point (its
          // superviews' areas need not: opted-in views reach outside them).
          let covered = order[(position + 1)...].contains {
            Self.reaches(tree, $0, point, ownAreaOnly: true)
          }
          guard !covered else { continue }
          for (name, policy) in HitTestPolicy.named {
            #expect(
              tree.hitTest(point, policy: policy)?.view == index,
              "seed \(seed), \(view.id), \(name), point \(point)")
          }
        }
      }
    }
  }

  /// Whether `index` and every superview take touches and map `point`, and
  /// the hit areas of the view and all its superviews take it (with
  /// `inOwnBounds`, the view's own bounds too; with `ownAreaOnly`, the
  /// superviews' areas are not asked).
  static func reaches(
    _ tree: HitTree, _ index: HitTree.Index, _ point: CGPoint, inOwnBounds: Bool = false,
    ownAreaOnly: Bool = false
  ) -> Bool {
    var current: HitTree.Index? = index
    var first = true
    while let view = current {
      guard tree[view].takesTouches, let local = tree.localPoint(point, in: view),
        (ownAreaOnly && !first) || tree[view].hitAreaContains(local)
      else { return false }
      if first, inOwnBounds, !tree[view].bounds.contains(local) { return false }
      first = false
      current = tree.parent(of: view)
    }
    return true
  }

  @Test("Growing a hit area never loses a point it had")
  func growingNeverLoses() async {
    await propertyCheck(
      count: CheckScale.cases(60, full: 300), input: Self.seeds
    ) { seed in
      let tree = RandomTree.make(seed: seed)
      var random = SeededRandom(seed: seed &+ 3)
      let index = tree.indices[Int.random(in: 0..<tree.count, using: &random)]
      var grown = tree
      grown[index].hitArea = Self.grow(tree[index].hitArea, &random)
      let bounds = tree[index].bounds
      for point in RandomTree.points(&random, count: 200) {
        // The area alone, in the view's coordinates…
        let local = CGPoint(x: point.x - 50, y: point.y - 50)
        if tree[index].hitArea.contains(local, bounds: bounds) {
          #expect(grown[index].hitArea.contains(local, bounds: bounds), "seed \(seed), \(local)")
        }
        // …and the tree: a point the view took goes to it or a subview of it.
        for (name, policy) in HitTestPolicy.named
        where tree.hitTest(point, policy: policy)?.view == index {
          let after = grown.hitTest(point, policy: policy)?.view
          #expect(
            after.map { grown.isAncestor(index, of: $0) } == true,
            "seed \(seed), \(tree[index].id), \(name), point \(point)")
        }
      }
    }
  }

  /// `area` grown by one random step: outset insets, another rect, a larger
  /// minimum size, another shape, one exclusion fewer, or the bounds included.
  static func grow(_ area: HitArea, _ random: inout SeededRandom) -> HitArea {
    var area = area
    switch Int.random(in: 0..<6, using: &random) {
    case 0:
      let more = random.coordinate(0...20)
      area.insets.top -= more
      area.insets.left -= random.coordinate(0...20)
      area.insets.right -= more / 2
    case 1: area.extraRects.append(RandomTree.rect(&random))
    case 2:
      area.minimumSize.width += random.coordinate(0...60)
      area.minimumSize.height += random.coordinate(0...60)
    case 3: area.shapes.append(RandomTree.shape(&random))
    case 4: if !area.exclusions.isEmpty { area.exclusions.removeLast() }
    default: area.includesBounds = true
    }
    return area
  }

  @Test("Every shape's containment equals a brute-force winding number")
  func shapesMatchWinding() async {
    await propertyCheck(
      count: CheckScale.cases(80, full: 400), input: Self.seeds
    ) { seed in
      var random = SeededRandom(seed: seed)
      let shape = RandomTree.shape(&random)
      let reference = Reference(shape)
      for _ in 0..<200 {
        let point = CGPoint(
          x: CGFloat.random(in: -40...100, using: &random),
          y: CGFloat.random(in: -40...100, using: &random))
        guard let expected = reference.contains(point) else { continue }
        #expect(shape.contains(point) == expected, "seed \(seed), \(shape), point \(point)")
      }
    }
  }
}

/// A shape as a polygon (curves as 2 048-gons), with containment by the sum
/// of the angles its edges subtend at the point (the winding number by brute
/// force); nil for points too near the boundary to tell.
struct Reference {
  var polygon: [CGPoint] = []
  var rule = HitFillRule.nonZero
  var tolerance: CGFloat = 1e-7

  init(_ shape: HitShape) {
    let steps = 2_048
    switch shape {
    case .rect(let rect):
      guard rect.width != 0, rect.height != 0 else { return }
      let rect = rect.standardized
      polygon = [
        CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
        CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
      ]
    case .polygon(let points, let rule):
      polygon = points.count >= 3 ? points : []
      self.rule = rule
    case .circle(let center, let radius):
      guard radius > 0 else { return }
      let rect = CGRect(
        x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)
      polygon = (0..<steps).map { step in
        let angle = CGFloat(step) * 2 * .pi / CGFloat(steps)
        return CGPoint(x: rect.midX + radius * cos(angle), y: rect.midY + radius * sin(angle))
      }
      tolerance = radius * 2e-5
    case .ellipse(let rect):
      let rect = rect.standardized
      guard rect.width > 0, rect.height > 0 else { return }
      polygon = (0..<steps).map { step in
        let angle = CGFloat(step) * 2 * .pi / CGFloat(steps)
        return CGPoint(
          x: rect.midX + rect.width / 2 * cos(angle), y: rect.midY + rect.height / 2 * sin(angle))
      }
      tolerance = Swift.max(rect.width, rect.height) * 2e-5
    case .roundedRect(let rect, let cornerRadius):
      let rect = rect.standardized
      guard rect.width > 0, rect.height > 0 else { return }
      let radius = Swift.min(Swift.max(cornerRadius, 0), Swift.min(rect.width, rect.height) / 2)
      let centres = [
        CGPoint(x: rect.maxX - radius, y: rect.maxY - radius),
        CGPoint(x: rect.minX + radius, y: rect.maxY - radius),
        CGPoint(x: rect.minX + radius, y: rect.minY + radius),
        CGPoint(x: rect.maxX - radius, y: rect.minY + radius),
      ]
      for (corner, centre) in centres.enumerated() {
        for step in 0...(steps / 4) {
          let angle = (CGFloat(corner) + CGFloat(step) / CGFloat(steps / 4)) * .pi / 2
          polygon.append(
            CGPoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle)))
        }
      }
      tolerance = Swift.max(radius * 2e-5, 1e-7)
    }
  }

  func contains(_ point: CGPoint) -> Bool? {
    guard polygon.count >= 3 else { return false }
    var total: Double = 0
    for index in polygon.indices {
      let a = polygon[index]
      let b = polygon[(index + 1) % polygon.count]
      if distance(point, a, b) <= tolerance { return nil }
      let angleA = atan2(Double(a.y - point.y), Double(a.x - point.x))
      let angleB = atan2(Double(b.y - point.y), Double(b.x - point.x))
      var delta = angleB - angleA
      while delta > .pi { delta -= 2 * .pi }
      while delta < -.pi { delta += 2 * .pi }
      total += delta
    }
    let winding = Int((total / (2 * .pi)).rounded())
    return rule == .nonZero ? winding != 0 : winding % 2 != 0
  }

  private func distance(_ p: CGPoint, _ a: CGPoint, _ b: CGPoint) -> CGFloat {
    let dx = b.x - a.x
    let dy = b.y - a.y
    let length = dx * dx + dy * dy
    let t =
      length > 0 ? Swift.min(Swift.max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length, 0), 1) : 0
    return hypot(a.x + t * dx - p.x, a.y + t * dy - p.y)
  }
}

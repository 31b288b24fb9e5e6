import Foundation
import HitAreas

/// SplitMix64: the random trees and points of the property tests come from
/// one seed, which `propertyCheck` draws and prints on a failure.
struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  /// A coordinate: mostly whole or half points (so edges are hit exactly),
  /// sometimes any double.
  mutating func coordinate(_ range: ClosedRange<Double>) -> CGFloat {
    let value = Double.random(in: range, using: &self)
    return CGFloat(chance(0.7) ? (value * 2).rounded() / 2 : value)
  }
}

/// Random view trees for the property tests: every property a hit test
/// reads, odd values included (zero and negative sizes, alpha around 0.01,
/// scroll offsets, rotations, singular scales, enlarged areas of every kind).
enum RandomTree {
  static func make(seed: UInt64, views: ClosedRange<Int> = 2...24) -> HitTree {
    var random = SeededRandom(seed: seed)
    var tree = HitTree(
      root: HitView(
        id: "root", frame: CGRect(x: 0, y: 0, width: 200, height: 200),
        hitArea: random.chance(0.3) ? area(&random, size: CGSize(width: 200, height: 200)) : .bounds
      ))
    let count = Int.random(in: views, using: &random)
    for number in 1..<count {
      let parent = tree.indices[Int.random(in: 0..<tree.count, using: &random)]
      tree.add(view(&random, id: "v\(number)"), to: parent)
    }
    if random.chance(0.15) { tree[tree.root].allowsSubviewHitsOutside = true }
    return tree
  }

  static func view(_ random: inout SeededRandom, id: String) -> HitView {
    var width = random.coordinate(0...90)
    var height = random.coordinate(0...90)
    if random.chance(0.05) { width = -width }
    if random.chance(0.05) { height = 0 }
    let frame = CGRect(
      x: random.coordinate(-30...160), y: random.coordinate(-30...160), width: width, height: height
    )
    var view = HitView(id: id, frame: frame)
    if random.chance(0.2) {
      view.bounds.origin = CGPoint(x: random.coordinate(-20...40), y: random.coordinate(-20...40))
    }
    if random.chance(0.25) {
      switch Int.random(in: 0..<4, using: &random) {
      case 0: view.transform = .rotation(random.coordinate(-3.2...3.2))
      case 1:
        view.transform = .scale(x: random.coordinate(0.25...3), y: random.coordinate(0.25...3))
      case 2:
        view.transform = .translation(
          x: random.coordinate(-20...20), y: random.coordinate(-20...20))
      default: view.transform = .scale(x: 0, y: 1)  // singular
      }
    }
    if random.chance(0.08) { view.isHidden = true }
    if random.chance(0.12) {
      view.alpha = [0, 0.005, 0.0099, 0.01, 0.011, 0.5][Int.random(in: 0..<6, using: &random)]
    }
    if random.chance(0.08) { view.isUserInteractionEnabled = false }
    if random.chance(0.2) { view.clipsToBounds = true }
    if random.chance(0.3) { view.allowsSubviewHitsOutside = true }
    if random.chance(0.6) { view.hitArea = area(&random, size: frame.size) }
    return view
  }

  static func area(_ random: inout SeededRandom, size: CGSize) -> HitArea {
    var area = HitArea()
    if random.chance(0.1) { area.includesBounds = false }
    if random.chance(0.5) {
      area.insets =
        random.chance(0.7)
        ? .outset(
          top: random.coordinate(0...15), left: random.coordinate(0...15),
          bottom: random.coordinate(0...15), right: random.coordinate(0...15))
        : .inset(by: random.coordinate(0...10))
    }
    if random.chance(0.3) { area.extraRects.append(rect(&random)) }
    if random.chance(0.3) {
      area.minimumSize = random.chance(0.5) ? HitArea.appleMinimumSize : HitArea.materialMinimumSize
    }
    if random.chance(0.3) { area.shapes.append(shape(&random)) }
    if random.chance(0.15) { area.exclusions.append(shape(&random)) }
    return area
  }

  static func rect(_ random: inout SeededRandom) -> CGRect {
    CGRect(
      x: random.coordinate(-30...60), y: random.coordinate(-30...60),
      width: random.coordinate(-10...50), height: random.coordinate(-10...50))
  }

  static func shape(_ random: inout SeededRandom) -> HitShape {
    switch Int.random(in: 0..<5, using: &random) {
    case 0: return .rect(rect(&random))
    case 1:
      return .circle(
        center: CGPoint(x: random.coordinate(-10...60), y: random.coordinate(-10...60)),
        radius: random.coordinate(-2...30))
    case 2: return .ellipse(in: rect(&random))
    case 3: return .roundedRect(rect(&random), cornerRadius: random.coordinate(-2...20))
    default:
      let points = (0..<Int.random(in: 0...7, using: &random)).map { _ in
        CGPoint(x: random.coordinate(-20...70), y: random.coordinate(-20...70))
      }
      return .polygon(points, rule: random.chance(0.5) ? .evenOdd : .nonZero)
    }
  }

  /// Points over the tree's neighbourhood (root coordinates).
  static func points(_ random: inout SeededRandom, count: Int) -> [CGPoint] {
    (0..<count).map { _ in
      CGPoint(x: random.coordinate(-60...260), y: random.coordinate(-60...260))
    }
  }
}

/// The id the hit test at `point` finds, or "-".
func hitID(_ tree: HitTree, _ point: CGPoint, _ policy: HitTestPolicy = .standard) -> String {
  tree.hitTest(point, policy: policy).map { tree[$0.view].id } ?? "-"
}

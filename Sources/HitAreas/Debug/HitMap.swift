public import Foundation

/// The hit regions of a tree, sampled on a grid, for debugging: drawn as a
/// character map for the terminal (`text`) or as SVG (`svg()`), each region
/// labelled with its view.
///
/// Each cell is sampled at its centre (root coordinates, points). A view hit
/// in the map gets a letter in paint order, `A`…`Z` (then `#` for all
/// others): upper case where the point is in its own bounds, lower case where
/// only its enlarged area takes it; `.` where nothing is hit. Probes are
/// drawn over the map as `1`…`9` (then `*`).
///
/// ```swift
/// var tree = HitTree(root: HitView(id: "root", frame: CGRect(x: 0, y: 0, width: 12, height: 4)))
/// tree.add(HitView(id: "button", frame: CGRect(x: 4, y: 1, width: 2, height: 2),
///                  hitArea: HitArea(insets: .outset(left: 1, right: 1))))
/// tree.add(HitView(id: "<label>", frame: CGRect(x: 9, y: 0, width: 3, height: 4)))
/// print(HitMap(tree).text(probes: [CGPoint(x: 0.5, y: 0.5)]))
/// // 1AAAAAAAACCC
/// // AAAbBBbAACCC
/// // AAAbBBbAACCC
/// // AAAAAAAAACCC
/// // A  root
/// // B  button (b: enlarged)
/// // C  <label>
/// ```
public struct HitMap: Sendable {
  /// The most cells a map samples; a finer grid is coarsened to fit.
  public static let maximumCells = 250_000

  /// The tree drawn.
  public let tree: HitTree
  /// The policy the hit tests used.
  public let policy: HitTestPolicy
  /// The region drawn, in the root's coordinates (points).
  public let region: CGRect
  /// One cell's size, in points.
  public let cellSize: CGSize
  /// The number of columns.
  public let columns: Int
  /// The number of rows.
  public let rows: Int
  /// What each cell's centre hits, row by row from the top.
  public let results: [HitTestResult?]
  /// The views hit somewhere in the map, in paint order, with their letters.
  public let labels: [(view: HitTree.Index, label: Character)]

  /// Samples `tree` over `region` (root coordinates, points; by default the
  /// box of every hit area, whole points) in cells of `cellSize` points.
  /// NaN, infinite or empty regions and cell sizes fall back to the default
  /// region and 1 × 1; a grid of more than `maximumCells` is coarsened.
  ///
  /// - Complexity: O(c · q) for c cells and q the cost of one indexed query.
  public init(
    _ tree: HitTree, policy: HitTestPolicy = .standard, region: CGRect? = nil,
    cellSize: CGSize = CGSize(width: 1, height: 1)
  ) {
    self.tree = tree
    self.policy = policy
    var region = region.map { $0.standardized } ?? Self.extent(of: tree)
    if !Planar.isFinite(region) || region.width <= 0 || region.height <= 0 {
      region = Self.extent(of: tree)
    }
    var cell = cellSize
    if !(cell.width.isFinite && cell.width > 0 && cell.height.isFinite && cell.height > 0) {
      cell = CGSize(width: 1, height: 1)
    }
    // Counted in floating point first: a huge region must not overflow Int.
    func counts(_ cell: CGSize) -> (CGFloat, CGFloat) {
      (
        Swift.max(1, (region.width / cell.width).rounded(.up)),
        Swift.max(1, (region.height / cell.height).rounded(.up))
      )
    }
    while counts(cell).0 * counts(cell).1 > CGFloat(Self.maximumCells) {
      cell = CGSize(width: cell.width * 2, height: cell.height * 2)
    }
    let columns = Int(counts(cell).0)
    let rows = Int(counts(cell).1)
    self.region = region
    self.cellSize = cell
    self.columns = columns
    self.rows = rows
    let index = HitIndex(tree)
    var results: [HitTestResult?] = []
    results.reserveCapacity(columns * rows)
    for row in 0..<rows {
      for column in 0..<columns {
        results.append(index.hitTest(Self.centre(column, row, region, cell), policy: policy))
      }
    }
    self.results = results
    let hit = Set(results.compactMap { $0?.view })
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    labels = tree.paintOrder().filter { hit.contains($0) }.enumerated().map { number, view in
      (view, number < letters.count ? letters[number] : "#")
    }
  }

  /// The centre of a cell, in root coordinates (points).
  public func centre(column: Int, row: Int) -> CGPoint {
    Self.centre(column, row, region, cellSize)
  }

  /// The cell holding `point` (root coordinates), or nil outside the map.
  public func cell(of point: CGPoint) -> (column: Int, row: Int)? {
    let column = ((point.x - region.minX) / cellSize.width).rounded(.down)
    let row = ((point.y - region.minY) / cellSize.height).rounded(.down)
    guard column.isFinite, row.isFinite, column >= 0, row >= 0, column < CGFloat(columns),
      row < CGFloat(rows)
    else { return nil }
    return (Int(column), Int(row))
  }

  /// The letter of `view`, or nil if it is hit nowhere in the map.
  public func label(of view: HitTree.Index) -> Character? {
    labels.first { $0.view == view }?.label
  }

  /// The map's rows, with `probes` (root coordinates) drawn as `1`…`9`,
  /// then `*`; probes outside the map are not drawn.
  ///
  /// - Complexity: O(c + p) in the cells and probes.
  public func lines(probes: [CGPoint] = []) -> [String] {
    var letters: [HitTree.Index: Character] = [:]
    for (view, label) in labels { letters[view] = label }
    var grid = results.map { result -> Character in
      guard let result, let letter = letters[result.view] else { return "." }
      return result.isInOwnBounds ? letter : Character(letter.lowercased())
    }
    for (number, probe) in probes.enumerated() {
      guard let (column, row) = cell(of: probe) else { continue }
      grid[row * columns + column] = number < 9 ? Character(String(number + 1)) : "*"
    }
    return (0..<rows).map { String(grid[($0 * columns)..<(($0 + 1) * columns)]) }
  }

  /// One line a labelled view: its letter and id, and whether it has an
  /// enlarged area in the map.
  public var legend: [String] {
    labels.map { view, label in
      let enlarged = results.contains { $0?.view == view && $0?.isInOwnBounds == false }
      let lower = Character(label.lowercased())
      return "\(label)  \(tree[view].id)"
        + (enlarged ? (label == lower ? " (also enlarged)" : " (\(lower): enlarged)") : "")
    }
  }

  /// The map's rows with probes, then the legend, one line each.
  public func text(probes: [CGPoint] = []) -> String {
    (lines(probes: probes) + legend).joined(separator: "\n")
  }

  static func centre(_ column: Int, _ row: Int, _ region: CGRect, _ cell: CGSize) -> CGPoint {
    CGPoint(
      x: region.minX + (CGFloat(column) + 0.5) * cell.width,
      y: region.minY + (CGFloat(row) + 0.5) * cell.height)
  }

  /// The box of every hit area that can take touches, in root coordinates,
  /// rounded out to whole points (at least 1 × 1 at the origin).
  ///
  /// - Complexity: O(n · d) in the views and their depth.
  public static func extent(of tree: HitTree) -> CGRect {
    var box = CGRect.null
    for index in tree.indices where tree[index].takesTouches {
      let view = tree[index]
      let area = view.hitArea.boundingRect(bounds: view.bounds)
      guard !area.isNull else { continue }
      let corners = view.corners(of: area).map { tree.rootPoint($0, from: index) }
      let rect = Planar.boundingRect(of: corners)
      if Planar.isFinite(rect) { box = box.union(rect) }
    }
    guard !box.isNull, box.width > 0, box.height > 0 else {
      return CGRect(x: 0, y: 0, width: 1, height: 1)
    }
    let minX = box.minX.rounded(.down)
    let minY = box.minY.rounded(.down)
    return CGRect(
      x: minX, y: minY, width: box.maxX.rounded(.up) - minX, height: box.maxY.rounded(.up) - minY)
  }
}

import ArgumentParser
import Foundation
import TextInputBase
import TextInputKit

/// `swift run Samples hit-test TREE.json`: what each point hits in a view tree
/// dumped from an app.
struct HitTest: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "hit-test",
    abstract: "Hit-test points (x y, one a line, from stdin) against a view tree given as JSON.",
    usage: """
      Samples hit-test <tree> [--map] [--svg <FILE>] [--policy <NAME>]
        [--screen] [--cell-width <POINTS>]
      """,
    discussion: """
      The tree is JSON: one object a view, with "id", "frame" and "bounds" (rect \
      strings as NSStringFromCGRect writes them, "{{x, y}, {w, h}}"; the bounds' \
      origin is the scroll offset, its size defaults to the frame's), optional \
      "transform" ("[a, b, c, d, tx, ty]"), "hidden", "alpha", \
      "userInteractionEnabled", "clipsToBounds", "allowsSubviewHitsOutside", the \
      hitAreas plugin's keys ("hitTestExpandRects": rect strings in the view's own \
      coordinates; "hitTestEdgeInsets": "{top, left, bottom, right}" with \
      UIEdgeInsetsInsetRect's sign, negative grows; "minimumHitSize": "{w, h}"; \
      "hitShape": a shape or a list, e.g. "circle {22, 22} 22", \
      "exclude rect {{0, 0}, {4, 4}}"), "hitIncludesBounds", and "subviews", back \
      to front.

      Points are read from standard input, "x y" a line (blank lines skipped), \
      in the root view's coordinates (points, origin top-left, y down: what \
      hitTest(_:with:) on the root receives). Each prints "x y ID", or "x y -" \
      where nothing is hit. --map draws the character map of the hit regions \
      (upper case: a view's own bounds; lower case: its enlarged area; the \
      points as 1-9, then *); --svg FILE writes them as SVG. When standard \
      input is a terminal and --map or --svg is given, no points are read.

      --screen shows the map in the terminal instead: a mouse click shows the \
      view it hits and highlights its region, Tab changes the policy, q quits. \
      When standard input is not a terminal, --screen reads it as the events' \
      bytes (a left press is ESC [ < 0 ; column ; row M, 1-based screen cells) \
      and prints the final screen as plain text (the region as #, the click as @).

      The tree's path may be '-' (standard input; then no points are read). \
      JSON that is not valid is an error naming its line and column; a \
      malformed tree, the view's id and the key; a malformed point line, its \
      line (exit status 65). Ids are printed with controls escaped (\\u{001B}).

      \(SamplesError.statusHelp)
      """
  )

  @Argument(help: "The view tree, as JSON.")
  var tree: String

  @Flag(help: "Draw the character map of the hit regions, with the points.")
  var map = false

  @Option(help: ArgumentHelp("Write the hit regions as SVG to FILE.", valueName: "FILE"))
  var svg: String?

  @Option(
    help: ArgumentHelp(
      "The overlap policy: standard (reaches outside opted-in ancestors; own bounds win; "
        + "nearest bounds), uikit (exactly the swizzled category) or frontMost.",
      valueName: "NAME"))
  var policy = HitTestPolicy.standard

  @Flag(help: "Show the map in the terminal; a mouse click shows what it hits.")
  var screen = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Points per map column (rows are twice as tall); by default the map is at most 80 wide.",
      valueName: "POINTS"))
  var cellWidth: Double?

  func validate() throws {
    if let cellWidth, !(cellWidth.isFinite && cellWidth > 0) {
      throw ValidationError(
        "--cell-width \(GeometryText.number(CGFloat(cellWidth))): expected a number of points above 0"
      )
    }
  }

  func run() throws {
    let tree = try Self.tree(from: Input.bytes(of: self.tree), path: self.tree)
    let extent = HitMap.extent(of: tree)
    let width = cellWidth.map { CGFloat($0) } ?? Swift.max(1, (extent.width / 80).rounded(.up))
    if screen {
      let view = HitTestScreen(tree: tree, policy: policy, cellWidth: width)
      if isatty(STDIN_FILENO) == 1 {
        guard isatty(STDOUT_FILENO) == 1 else {
          throw SamplesError.usage("--screen needs a terminal, or events on standard input")
        }
        try HitTestScreen.runInteractive(view)
      } else {
        let input = try Input.bytes(of: Input.standardInput)
        for row in HitTestScreen.runScript(input, screen: view) {
          print(ControlCharacters.escaped(row))
        }
      }
      return
    }
    var points: [CGPoint] = []
    if !(isatty(STDIN_FILENO) == 1 && (map || svg != nil)) {
      let text = try Input.text(of: [Input.standardInput])
      let index = HitIndex(tree)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
        .enumerated()
      {
        let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        if fields.isEmpty { continue }
        guard fields.count == 2, let x = Double(fields[0]), let y = Double(fields[1]),
          x.isFinite, y.isFinite
        else {
          throw SamplesError.badData(
            "standard input, line \(number + 1): expected 'x y' (two finite numbers), got "
              + "'\(ControlCharacters.escaped(String(line)))'")
        }
        let point = CGPoint(x: x, y: y)
        points.append(point)
        let hit = index.hitTest(point, policy: policy).map { tree[$0.view].id } ?? "-"
        print("\(fields[0]) \(fields[1]) \(ControlCharacters.escaped(hit))")
      }
    }
    guard map || svg != nil else { return }
    let hitMap = HitMap(
      tree, policy: policy, region: extent, cellSize: CGSize(width: width, height: 2 * width))
    if map {
      print(
        "map of \(GeometryText.string(from: hitMap.region)), one column = "
          + "\(GeometryText.number(hitMap.cellSize.width)) pt, one row = "
          + "\(GeometryText.number(hitMap.cellSize.height)) pt, policy \(policy):")
      print(ControlCharacters.escaped(hitMap.text(probes: points), keepingLineFeeds: true))
    }
    if let svg {
      let document = HitMap(
        tree, policy: policy, region: extent,
        cellSize: CGSize(width: width / 4, height: width / 4)
      ).svg(probes: points)
      guard FileManager.default.createFile(atPath: svg, contents: Data(document.utf8)) else {
        throw SamplesError(
          status: .cannotCreate,
          message: "cannot write '\(ControlCharacters.escaped(svg))': expected a writable path")
      }
    }
  }

  /// The tree in `bytes`, read from `path`.
  ///
  /// - Throws: `SamplesError` (status 65): JSON that is not valid, by line
  ///   and column (`JSONSyntax` finds where, after `HitTree(json:)` refused
  ///   it); a malformed view, by its id and key.
  static func tree(from bytes: [UInt8], path: String) throws(SamplesError) -> HitTree {
    do {
      return try HitTree(json: Data(bytes))
    } catch {
      if error.key == nil, error.problem.hasPrefix("not valid JSON"),
        let problem = JSONSyntax.message(for: bytes)
      {
        throw .badData("\(Input.name(path)), \(problem)")
      }
      throw .badData("\(Input.name(path)): \(ControlCharacters.escaped(error.description))")
    }
  }
}

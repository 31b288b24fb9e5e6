import Foundation
import Testing
import TextPlaceholder

/// Inputs fuzzing the public API found (issue 23), each a broken documented
/// promise, written out as values.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
  @Test(
    "Bounds at the edge of the coordinate space give finite frames inside them",
    arguments: PlaceholderMode.allCases)
  func boundsAtTheLargestCoordinate(mode: PlaceholderMode) throws {
    // PlaceholderLayer.frame "always lies inside the view's bounds". Bounds at
    // x = greatestFiniteMagnitude, as wide again, gave a rest frame of width
    // +infinity (their maxX overflows), then NaN in bouncy mode.
    let huge = CGFloat.greatestFiniteMagnitude
    let bounds = CGRect(x: huge, y: 0, width: huge, height: 10)
    var editor = Editor(behaviours: [TextPlaceholder("Hi", abbreviated: "H")])
    editor.resize(to: bounds)
    editor.updatePlaceholder { $0.mode = mode }
    for text in ["", "x"] {
      if !text.isEmpty { editor.insert(text) }
      let shown = try editor.shown
      var frames = [shown.frame, shown.restFrame]
      if let title = shown.titleFrame { frames.append(title) }
      if let abbreviation = shown.abbreviation { frames.append(abbreviation.layer.frame) }
      for frame in frames {
        let values = [frame.minX, frame.minY, frame.maxX, frame.maxY, frame.width, frame.height]
        let finite = values.allSatisfy { $0.isFinite }
        #expect(finite, "\(describe(frame))")
        #expect(frame.minX >= bounds.minX && frame.minY >= bounds.minY, "\(describe(frame))")
        #expect(frame.maxY <= bounds.maxY, "\(describe(frame))")
      }
    }
  }

  @Test(
    "A frame moving across the coordinate space stays finite at every moment",
    arguments: PlaceholderMode.allCases)
  func framesStayFiniteWhileMoving(mode: PlaceholderMode) throws {
    // FuzzEditor: bounds {-1, 0, greatestFiniteMagnitude, 0}, bouncy, text
    // typed: mid-slide the layer's x and width were each finite, but x +
    // width rounded past greatestFiniteMagnitude (maxX = +infinity).
    let clock = ManualClock()
    let bounds = CGRect(x: -1, y: 0, width: CGFloat.greatestFiniteMagnitude, height: 0)
    var editor = placeholderEditor(
      style: PlaceholderStyle(text: "Hi", mode: mode, abbreviated: "H"), clock: clock,
      geometry: ViewGeometry(bounds: bounds))
    editor.insert("x")
    let start = clock.time
    for step in 0...1000 {
      let shown = try editor.placeholder(at: start + Double(step) / 1000)
      var frames = [shown.frame, shown.restFrame]
      if let title = shown.titleFrame { frames.append(title) }
      if let abbreviation = shown.abbreviation { frames.append(abbreviation.layer.frame) }
      for frame in frames {
        let values = [frame.minX, frame.minY, frame.maxX, frame.maxY]
        let finite = values.allSatisfy { $0.isFinite }
        #expect(finite, "at step \(step): \(describe(frame))")
        if !finite { return }
      }
    }
  }
}

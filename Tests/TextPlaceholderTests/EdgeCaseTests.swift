import Foundation
import Testing
import TextPlaceholder

/// Edge cases where the library once missed what its documentation promises
/// (found by these tests, then fixed): each states the promise.
@Suite("Edge cases: insets larger than the bounds, narrow lines, exact rest frames")
struct EdgeCaseTests {
  @Test("Insets larger than the bounds: the frames stay inside the bounds")
  func titleInsideContent() throws {
    // PlaceholderLayer.frame: "It always lies inside the view's bounds less
    // its (non-negative) insets"; TextPlaceholder: "the placeholder never
    // leaves the bounds". Bounds 40 × 6 with UIKit's text container inset
    // {8, 0, 8, 0}: the container collapses to a zero-height rect at y = 8.
    let bounds = CGRect(x: 0, y: 0, width: 40, height: 6)
    let clock = ManualClock()
    var editor = placeholderEditor(
      style: PlaceholderStyle(text: "Write a message…", mode: .floating), clock: clock,
      geometry: ViewGeometry(bounds: bounds))
    let rest = try editor.shown.frame
    #expect(rest.size.height == 0)
    editor.insert("Hi")
    clock.advance(by: 0.6)
    let title = try #require(try editor.shown.titleFrame)
    #expect(try editor.shown.frame == title)
    // The container's origin is kept inside the content rect: at y = 6.
    #expect(rest == CGRect(x: 5, y: 6, width: 30, height: 0))
    #expect(title == CGRect(x: 5, y: 5.25, width: 22.5, height: 0.75))
    #expect(isInside(rest, bounds), "rest \(describe(rest))")
    #expect(isInside(title, bounds), "title \(describe(title))")
  }

  @Test(
    "An abbreviation wider than the line stays inside the text container",
    arguments: LayoutDirection.allCases)
  func abbreviationInsideContainer(direction: LayoutDirection) throws {
    // PlaceholderAbbreviation.layer is a PlaceholderLayer, whose frame "always
    // lies inside the view's bounds less its (non-negative) insets". A 6-point
    // container with padding 1 has a 4-point line; one 7-point cell (or the
    // ellipsis) does not fit it.
    let geometry = ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: 6, height: 20), textContainerInset: .zero,
      lineFragmentPadding: 1)
    let editor = placeholderEditor(
      text: "x", style: PlaceholderStyle(text: "Message", mode: .bouncy, abbreviated: "Msg"),
      font: CellFont(cellWidth: 7, lineHeight: 1), geometry: geometry, direction: direction)
    let frame = try #require(try editor.shown.abbreviation?.layer.frame)
    // Clipped to the 4-point line, at x = 1 in either direction.
    #expect(frame == CGRect(x: 1, y: 0, width: 4, height: 1))
    #expect(isInside(frame, geometry.bounds), "\(describe(frame))")
  }

  @Test("After the float ends, the placeholder's frame is exactly the title frame")
  func floatingTitleExactlyAtRest() throws {
    // The brief and TextPlaceholder: once the animation ends the presentation
    // is the rest state; floating with text, frame == titleFrame. The layer is
    // mix(rest, title, 1) = rest + (title − rest) × 1, which rounds.
    let clock = ManualClock()
    var editor = placeholderEditor(
      style: PlaceholderStyle(text: "one two three four five six seven", mode: .floating),
      clock: clock,
      geometry: ViewGeometry(
        bounds: CGRect(x: 0.3, y: 0.7, width: 10.1, height: 9.9),
        textContainerInset: EdgeInsets(top: 2.9, left: 0.1, bottom: 0.2, right: 0.3),
        lineFragmentPadding: 0.7))
    editor.insert("x")
    clock.advance(by: 0.6)
    let shown = try editor.shown
    let title = try #require(shown.titleFrame)
    #expect(!shown.isAnimating)
    #expect(shown.placeholder.scale == 0.75)
    #expect(title.minY == 0.7)  // the content rect's top
    #expect(abs(shown.frame.minY - title.minY) < 1e-9)
    #expect(shown.frame == title, "\(describe(shown.frame)) ≠ \(describe(title))")
  }
}

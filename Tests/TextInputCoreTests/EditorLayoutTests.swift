import Foundation
import Testing
import TextInputCore

@Suite("Editor.layout(): the editor's text laid out in its text container")
struct EditorLayoutTests {
  static let geometry = ViewGeometry(
    bounds: CGRect(x: 0, y: 0, width: 30, height: 10),
    textContainerInset: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2), lineFragmentPadding: 1)

  @Test("It wraps at the container's width less the padding, with the editor's font")
  func wrapsInTheContainer() {
    let editor = Editor(text: "the quick brown fox jumps", geometry: Self.geometry)
    let frame = editor.layout()
    #expect(frame.container.width == 26)
    #expect(frame.container.lineFragmentPadding == 1)
    #expect(frame.lineFragments.count == 2)
    #expect(editor.textContainerOrigin == CGPoint(x: 2, y: 1))
  }

  @Test(
    "natural aligns to the view's leading edge, whatever the text's script",
    arguments: [
      ("abc", LayoutDirection.leftToRight, false), ("abc", .rightToLeft, true),
      ("\u{5D0}\u{5D1}", .leftToRight, false), ("\u{5D0}\u{5D1}", .rightToLeft, true),
    ])
  func naturalFollowsTheView(text: String, direction: LayoutDirection, flushRight: Bool) throws {
    let editor = Editor(text: text, geometry: Self.geometry, layoutDirection: direction)
    let line = try #require(editor.layout().lineFragments.first)
    let width = editor.layout().container.width
    if flushRight {
      #expect(line.usedRect.maxX == width - 1)
    } else {
      #expect(line.usedRect.minX == 1)
    }
  }

  @Test("An explicit alignment is kept; the style is the one views share")
  func explicitAlignment() {
    let editor = Editor(
      text: "abc", geometry: Self.geometry, alignment: .center, layoutDirection: .rightToLeft)
    #expect(editor.layout().style.alignment == .center)
    let natural = LayoutStyle(
      font: CellFont.terminal, alignment: .natural, layoutDirection: .rightToLeft)
    #expect(natural.alignment == .right)
    #expect(natural.direction == .firstStrong(fallback: .rightToLeft))
  }
}

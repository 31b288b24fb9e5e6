import Foundation
import Testing
import TextPlaceholder

@Suite struct SmokeTests {
  @Test func visibleWhenEmpty() {
    var editor = Editor(
      geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 40, height: 6)),
      behaviours: [TextPlaceholder("Write a message…")])
    #expect(editor.placeholder?.isVisible == true)
    editor.insert("Hi")
    #expect(editor.placeholder?.isVisible == false)
  }
}

import Foundation
import Testing
import TextPlaceholder

/// The TextPlaceholder example in the README, with its results.
@Suite("README example: TextPlaceholder")
struct TextPlaceholderReadmeTests {
  @Test func readmeExample() throws {
    let clock = ManualClock()
    var notes = Editor(
      geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 40, height: 20)),
      behaviours: [
        TextPlaceholder(
          style: PlaceholderStyle(text: "Write a message…", mode: .bouncy, abbreviated: "Msg"),
          clock: .manual(clock))
      ])
    let shown = try #require(notes.placeholder)
    #expect(notes.presentation[PlaceholderPresentation.self]?.frame == shown.frame)
    #expect(shown.isVisible)
    #expect(shown.frame == CGRect(x: 5, y: 8, width: 30, height: 1))
    #expect(shown.color.description == "#3C3C4399")
    #expect(shown.accessibilityValue == "Write a message…")
    try notes.setMarkedText("に", selectedRange: NSRange(location: 1, length: 0))
    #expect(notes.placeholder?.isVisible == false)
    notes.unmarkText()
    clock.advance(by: 0.6)
    #expect(notes.placeholder?.frame == CGRect(x: 19, y: 8, width: 16, height: 1))
    #expect(notes.placeholder?.alpha == 0)
    #expect(
      notes.placeholder?.abbreviation?.layer.frame == CGRect(x: 32, y: 8, width: 3, height: 1))
    #expect(notes.placeholder?.abbreviation?.layer.alpha == 1)
    notes.deleteBackward()
    #expect(notes.placeholder?.isAnimating == true)
    notes.tap(at: CGPoint(x: 3, y: 3))
    #expect(notes.isEditing)
    notes.updatePlaceholder { $0.mode = .floating }
    notes.insert("Hi")
    clock.advance(by: 0.6)
    #expect(notes.placeholder?.frame == CGRect(x: 5, y: 7.25, width: 22.5, height: 0.75))
  }

  @Test func readmeConfigurationAndMarkupError() throws {
    var configuration = Configuration(plugins: [
      Editor.descriptor, TextPlaceholder.descriptor,
    ])
    try configuration.load(
      """
      placeholder.placeholder = "Write a message…"
      placeholder.placeholderColor = #8E8E93
      placeholder.attributedPlaceholder = "Write a *message* [(required)](#FF3B30)"
      placeholder.location = {4, 0}
      placeholder.numberOfLines = 2
      placeholder.mode = bouncy
      placeholder.abbreviatedPlaceholder = "Msg"
      """)
    let style = try PlaceholderStyle(configuration: configuration.plugin("placeholder"))
    #expect(style.shownText == "Write a message (required)")
    #expect(style.color == Color(hex: "#8E8E93"))
    #expect(style.location == CGPoint(x: 4, y: 0))
    #expect(style.numberOfLines == 2)
    #expect(style.mode == .bouncy)
    #expect(style.abbreviated == "Msg")
    let runs = try #require(style.attributed?.runs)
    #expect(
      runs.map(\.range) == [NSRange(location: 8, length: 7), NSRange(location: 16, length: 10)])
    #expect(runs.map(\.isBold) == [true, false])
    #expect(runs.map(\.color) == [nil, Color(hex: "#FF3B30")])
    #expect(throws: PlaceholderError.unclosedMarker("*", offset: 8)) {
      try AttributedPlaceholder(markup: "Write a *message")
    }
    #expect(
      PlaceholderError.unclosedMarker("*", offset: 8).description
        == "attributedPlaceholder: * at character 8 is never closed: expected a closing *")
  }
}

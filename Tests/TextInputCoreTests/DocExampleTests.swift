import Foundation
import Testing
import TextInputKit

/// The examples in the doc comments and the README, with their results.
@Suite struct DocExampleTests {
  @Test func editorExample() {
    var editor = Editor(text: "Hi 👋🏽")
    editor.deleteBackward()
    #expect(editor.text == "Hi ")
    editor.insert("there")
    #expect(editor.text == "Hi there")
    #expect(editor.selection == NSRange(location: 8, length: 0))
    editor.move(.backward(.word), extending: true)
    #expect(editor.selection == NSRange(location: 3, length: 5))
    editor.undo()
    #expect(editor.text == "Hi ")
    #expect(editor.selection == NSRange(location: 3, length: 0))
    editor.undo()
    #expect(editor.text == "Hi 👋🏽")
    #expect(editor.selection == NSRange(location: 7, length: 0))
  }

  @Test func readmeExample() throws {
    let registry = PluginRegistry.standard
    var configuration = Configuration(plugins: registry.descriptors)
    try configuration.load(
      """
      editor.alignment = right
      editor.textContainerInset = {8, 4, 8, 4}
      """)
    let behaviours = try registry.makeBehaviours(for: ["editor"], configuration: configuration)
    var editor = Editor(text: "Hi 👋🏽", behaviours: behaviours)
    try editor.configure(configuration.plugin("editor"))
    editor.deleteBackward()
    #expect(editor.text == "Hi ")
    editor.insert("there")
    #expect(editor.selection == NSRange(location: 8, length: 0))
    editor.undo()
    #expect(editor.text == "Hi ")
    #expect(editor.state.alignment == .right)
  }

  @Test func valueExamples() throws {
    #expect(try ConfigurationValue(parsing: "{5, 0}", as: .point) == .point(CGPoint(x: 5, y: 0)))
    #expect(try ConfigurationValue(parsing: "#8E8E93", as: .color).description == "#8E8E93")
    #expect(
      ConfigurationValue.rect(CGRect(x: 0, y: 0, width: 320, height: 44)).description
        == "{{0, 0}, {320, 44}}")
    #expect(Color(hex: "#8E8E93")?.description == "#8E8E93")
    #expect(Color(hex: "#F00") == Color(red: 255, green: 0, blue: 0, alpha: 255))
    let insets = DirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 10)
    #expect(insets.resolved(for: .rightToLeft).description == "{0, 10, 0, 4}")
    #expect(SemanticVersion("1.2.3")?.minor == 2)
    let registry = PluginRegistry()
    try registry.register(Editor.plugin)
    #expect(try registry.resolve(["editor"]).map(\.id) == ["editor"])
  }
}

/// The behaviour example in the README.
@Suite("README behaviour example")
struct ReadmeBehaviourExampleTests {
  struct NoDigits: EditorBehaviour {
    func review(_ edit: TextEdit, in editor: EditorState) -> EditDecision {
      edit.replacement.contains(where: \.isNumber) ? .reject : .accept
    }
  }

  @Test func noDigits() {
    var form = Editor(text: "", behaviours: [NoDigits()])
    form.insert("a1")
    #expect(form.text == "")
    form.insert("ab")
    #expect(form.text == "ab")
    #expect(form.selection == NSRange(location: 2, length: 0))
  }
}

/// The configuration file in the README loads as written.
@Suite("README configuration file")
struct ReadmeConfigurationFileTests {
  @Test func loads() throws {
    let registry = PluginRegistry.standard
    var configuration = Configuration(plugins: registry.descriptors)
    try configuration.load(
      """
      # A right-aligned field. Comments are whole lines: a value may start with #.
      editor.alignment = right
      editor.lineFragmentPadding = 5
      # insets {top, left, bottom, right}, in points
      editor.textContainerInset = {8, 4, 8, 4}
      # rect {{x, y}, {w, h}}
      editor.bounds = {{0, 0}, {320, 44}}
      """)
    var editor = Editor(text: "")
    try editor.configure(configuration.plugin("editor"))
    #expect(editor.state.alignment == .right)
    #expect(editor.state.geometry.bounds == CGRect(x: 0, y: 0, width: 320, height: 44))
  }
}

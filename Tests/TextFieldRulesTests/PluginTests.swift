import Foundation
import Testing
import TextInputKit

@Suite struct PluginTests {
  /// The three plugins are in the standard registry, with their keys and
  /// defaults, and make their behaviours from configuration text.
  @Test func standardRegistryMakesTheRules() throws {
    let registry = PluginRegistry.makeStandard()
    for id in [SecureEntry.pluginID, CharacterLimit.pluginID, Validation.pluginID] {
      #expect(registry.plugin(id: id)?.hasBehaviour == true, "\(id)")
      #expect(registry.plugin(id: id)?.descriptor.dependencies == ["editor"])
    }
    var configuration = Configuration(plugins: registry.descriptors)
    try configuration.load(
      """
      secureEntry.mask = *
      characterLimit.limit = 4
      characterLimit.showsCount = true
      validation.required = true
      validation.pattern = "^[a-z]*$"
      validation.message = Letters only
      validation.timing = onEndEditing
      """)
    let behaviours = try registry.makeBehaviours(
      for: [SecureEntry.pluginID, CharacterLimit.pluginID, Validation.pluginID],
      configuration: configuration)
    var editor = Editor(isEditing: true, behaviours: behaviours)
    editor.insert("abc12")
    #expect(editor.text == "abc1")
    #expect(editor.displayedText == "****")
    #expect(
      editor.presentation[CharacterCount.self] == CharacterCount(count: 4, limit: 4, isShown: true))
    #expect(editor.presentation[ValidationStatus.self] == nil)
    editor.endEditing()
    #expect(editor.presentation[ValidationStatus.self]?.message == "Letters only")
  }

  @Test func defaultsMakeInertRules() throws {
    let registry = PluginRegistry.makeStandard()
    let behaviours = try registry.makeBehaviours(
      for: [CharacterLimit.pluginID, Validation.pluginID])
    var editor = Editor(behaviours: behaviours)
    editor.insert(String(repeating: "x", count: 300))
    #expect(editor.text.count == 300)
    #expect(editor.presentation[ValidationStatus.self]?.isValid == true)
    #expect(editor.presentation[CharacterCount.self]?.text == "300")
  }
}

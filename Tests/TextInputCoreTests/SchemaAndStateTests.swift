import Foundation
import Testing
import TextInputBase
import TextInputCore
import TextInputKit

/// A plugin's schema checking a hand-made configuration, configuration keys
/// as set members, and the queries of `EditorState` that a renderer or a
/// behaviour reads.
@Suite("Plugin schemas, configuration keys and EditorState queries")
struct SchemaAndStateTests {
  static let descriptor = PluginDescriptor(
    id: "field", name: "Field", version: SemanticVersion(1, 0, 0), summary: "",
    configuration: [
      ConfigurationKey(
        "alignment", .enumeration(["left", "right"]), default: .enumeration("left"), doc: ""),
      ConfigurationKey("padding", .number, default: .number(0), doc: "Points."),
    ])

  @Test("A configuration with an undeclared key: unknownKey, qualified, with a suggestion")
  func undeclaredKey() {
    let typo = PluginConfiguration(pluginID: "field", values: ["paddng": .number(4)])
    #expect(throws: ConfigurationError.unknownKey("field.paddng", suggestion: "field.padding")) {
      try Self.descriptor.check(typo)
    }
    #expect(
      ConfigurationError.unknownKey("field.paddng", suggestion: "field.padding").description
        == "unknown key 'field.paddng'; did you mean 'field.padding'?")
    let unrelated = PluginConfiguration(pluginID: "field", values: ["colour": .string("red")])
    #expect(throws: ConfigurationError.unknownKey("field.colour", suggestion: nil)) {
      try Self.descriptor.check(unrelated)
    }
    // A plugin's behaviour factory runs the same check.
    #expect(
      throws: ConfigurationError.unknownKey(
        "placeholder.placholder", suggestion: "placeholder.placeholder")
    ) {
      try PluginRegistry.makeStandard().plugin(id: "placeholder")?.makeBehaviour(
        PluginConfiguration(pluginID: "placeholder", values: ["placholder": .string("x")]))
    }
    // Declared keys of the right type pass.
    #expect(throws: Never.self) {
      try Self.descriptor.check(
        PluginConfiguration(pluginID: "field", values: ["padding": .number(4)]))
    }
  }

  @Test("qualifiedKeys lists the schema's keys as id.key, in declaration order")
  func qualifiedKeys() {
    #expect(Self.descriptor.qualifiedKeys == ["field.alignment", "field.padding"])
    #expect(Editor.descriptor.qualifiedKeys.allSatisfy { $0.hasPrefix("editor.") })
    #expect(Editor.descriptor.qualifiedKeys.count == Editor.descriptor.configuration.count)
  }

  @Test("Equal configuration keys hash equally; the rule takes no part")
  func configurationKeysInSets() {
    let plain = ConfigurationKey("padding", .number, default: .number(0), doc: "Points.")
    let ruled = ConfigurationKey(
      "padding", .number, default: .number(0), doc: "Points.",
      rule: { value throws(ConfigurationKey.Refusal) in
        guard (value.numberValue ?? 0) >= 0 else { throw ConfigurationKey.Refusal("negative") }
        return value
      })
    #expect(plain == ruled)
    #expect(plain.hashValue == ruled.hashValue)
    let others = [
      ConfigurationKey("margin", .number, default: .number(0), doc: "Points."),
      ConfigurationKey("padding", .integer, default: .integer(0), doc: "Points."),
      ConfigurationKey("padding", .number, default: .number(1), doc: "Points."),
      ConfigurationKey("padding", .number, default: .number(0), doc: "Other."),
    ]
    #expect(Set([plain, ruled] + others).count == 1 + others.count)
    #expect(Set(Self.descriptor.configuration + Self.descriptor.configuration).count == 2)
  }

  @Test("Equal configurations hash equally; reading a value wrongly names the key")
  func configurationsInSetsAndMisreadValues() throws {
    var a = Configuration(plugins: [Editor.descriptor])
    var b = Configuration(plugins: [Editor.descriptor])
    #expect(a == b && a.hashValue == b.hashValue)
    try a.load("editor.alignment = right")
    #expect(a != b)
    try b.load("editor.alignment = right")
    #expect(Set([a, b]).count == 1)
    #expect(Set([a.plugin("editor"), b.plugin("editor")]).count == 1)
    let other = PluginConfiguration(pluginID: "other", values: a.plugin("editor").values)
    #expect(other != a.plugin("editor"))
    #expect(Set([other, a.plugin("editor")]).count == 2)
    // `parsed` before `PluginDescriptor.check(_:)`: a mistake in the plugin, named.
    let unchecked = PluginConfiguration(pluginID: "editor", values: ["alignment": .string("right")])
    #expect(
      throws: ConfigurationError.rejectedValue(
        key: "editor.alignment", value: "right",
        reason: "expected a value its rule read as Int; "
          + "check the configuration with PluginDescriptor.check(_:) first")
    ) { try unchecked.parsed("alignment", as: Int.self) }
    // `value` with a reader the value does not fit.
    #expect(
      throws: ConfigurationError.typeMismatch(
        key: "editor.alignment", value: "right", expected: .boolean)
    ) { try unchecked.value("alignment", \.booleanValue, expected: .boolean) }
    #expect(try unchecked.value("missing", \.booleanValue, expected: .boolean) == nil)
  }

  @Test("A value is read by its key's rule once on its way to the plugin's behaviour")
  func valuesAreParsedOnce() throws {
    let reads = Locked<[String]>([])
    let descriptor = PluginDescriptor(
      id: "counted", name: "Counted", version: SemanticVersion(1, 0, 0), summary: "",
      configuration: [
        ConfigurationKey(
          "digits", .string, default: .string("0"), doc: "Digits.",
          rule: { value throws(ConfigurationKey.Refusal) in
            let text = value.stringValue ?? ""
            reads.withLock { $0.append(text) }
            guard let number = Int(text) else { throw ConfigurationKey.Refusal("expected digits") }
            return number
          })
      ])
    let made = Locked<[Int]>([])
    let plugin = Plugin(descriptor) { configuration throws(ConfigurationError) in
      // What a plugin's `init(configuration:)` does: check, then take the typed value.
      let checked = try descriptor.check(configuration)
      let digits = (try? checked.parsed("digits", as: Int.self)) ?? -1
      made.withLock { $0.append(digits) }
      return SecureEntry()
    }
    let registry = try PluginRegistry([Editor.plugin, plugin])
    // Registering checked the default: a schema is refused with a bad one.
    #expect(reads.withLock { $0 } == ["0"])
    reads.withLock { $0 = [] }
    var configuration = Configuration(plugins: registry.descriptors)
    try configuration.load("counted.digits = \"42\"\n")
    #expect(reads.withLock { $0 } == ["42"])
    _ = try registry.makeBehaviours(for: ["counted"], configuration: configuration)
    // Loaded once; neither makeBehaviour's check nor the factory's read it again.
    #expect(reads.withLock { $0 } == ["42"])
    #expect(made.withLock { $0 } == [42])
    // A configuration made by hand is read once too, default included.
    reads.withLock { $0 = [] }
    _ = try plugin.makeBehaviour(PluginConfiguration(pluginID: "counted", values: [:]))
    #expect(reads.withLock { $0 } == ["0"])
    #expect(made.withLock { $0 } == [42, 0])
    // A refused value names the key, the value and the rule's reason.
    #expect(
      throws: ConfigurationError.line(
        1, .rejectedValue(key: "counted.digits", value: "4x", reason: "expected digits"))
    ) { try configuration.load("counted.digits = \"4x\"") }
  }

  @Test("EditorState: marked text, and grapheme boundaries before, after and at offsets")
  func stateQueries() throws {
    var editor = Editor(text: "ae\u{301}👍🏽")  // a, e + combining acute, thumbs up + tone
    let state = editor.state
    #expect(state.graphemeBoundaries == [0, 1, 3, 7])
    #expect(
      [0, 1, 2, 3, 4, 5, 6, 7].map(state.isGraphemeBoundary) == [
        true, true, false, true, false, false, false, true,
      ])
    #expect(!state.isGraphemeBoundary(-1))
    #expect(!state.isGraphemeBoundary(8))
    #expect(state.graphemeBoundary(before: 0) == nil)
    #expect(state.graphemeBoundary(before: 2) == 1)
    #expect(state.graphemeBoundary(before: 7) == 3)
    #expect(state.graphemeBoundary(after: 0) == 1)
    #expect(state.graphemeBoundary(after: 5) == 7)
    #expect(state.graphemeBoundary(after: 7) == nil)
    #expect(state.markedText == nil)

    editor.select(NSRange(location: 1, length: 0))
    try editor.setMarkedText("にほ", selectedRange: NSRange(location: 2, length: 0))
    #expect(editor.state.markedText == "にほ")
    #expect(editor.state.markedSelection == NSRange(location: 2, length: 0))
    try editor.setMarkedText("日本", selectedRange: NSRange(location: 1, length: 1))
    #expect(editor.state.markedText == "日本")
    #expect(editor.text == "a日本e\u{301}👍🏽")
    editor.unmarkText()
    #expect(editor.state.markedText == nil)
  }
}

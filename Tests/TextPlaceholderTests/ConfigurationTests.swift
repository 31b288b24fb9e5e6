import Foundation
import Testing
import TextPlaceholder

@Suite("Configuration: PlaceholderStyle(configuration:) and the placeholder plugin")
struct ConfigurationTests {
  static func configuration(_ text: String) throws -> Configuration {
    var configuration = Configuration(plugins: [
      Editor.descriptor, TextPlaceholder.descriptor,
    ])
    try configuration.load(text)
    return configuration
  }

  static func style(_ values: [String: ConfigurationValue]) throws(ConfigurationError)
    -> PlaceholderStyle
  {
    try PlaceholderStyle(
      configuration: PluginConfiguration(pluginID: "placeholder", values: values))
  }

  @Test("One key from a file; the others keep their defaults")
  func modeOnly() throws {
    let configuration = try Self.configuration("placeholder.mode = bouncy")
    let style = try PlaceholderStyle(configuration: configuration.plugin("placeholder"))
    #expect(style.mode == .bouncy)
    #expect(style.text == "")
    #expect(style.attributed == nil)
    #expect(style.color == .placeholderGrey)
    #expect(style.location == .zero)
    #expect(style.numberOfLines == 0)
    #expect(style.abbreviated == "")
    #expect(style.font == nil)
  }

  @Test("Every key from a file")
  func everyKey() throws {
    let configuration = try Self.configuration(
      """
      # A placeholder with everything set.
      placeholder.placeholder = Write a message…
      placeholder.placeholderColor = #8E8E93
      placeholder.attributedPlaceholder = "Write a _message_ [now](#F00)"
      placeholder.location = {4, 2.5}
      placeholder.numberOfLines = 2
      placeholder.mode = floating
      placeholder.abbreviatedPlaceholder = Msg
      """)
    let placeholder = try TextPlaceholder(configuration: configuration.plugin("placeholder"))
    let style = placeholder.style
    #expect(style.text == "Write a message…")
    #expect(style.color == Color(red: 0x8E, green: 0x8E, blue: 0x93))
    #expect(style.shownText == "Write a message now")
    #expect(
      style.attributed?.runs.map(RunValue.init) == [
        RunValue(8, 7, italic: true), RunValue(16, 3, color: "#FF0000"),
      ])
    #expect(style.location == CGPoint(x: 4, y: 2.5))
    #expect(style.numberOfLines == 2)
    #expect(style.mode == .floating)
    #expect(style.abbreviated == "Msg")
  }

  @Test("Defaults: the plugin's schema gives the default style")
  func defaults() throws {
    let style = try PlaceholderStyle(
      configuration: PluginConfiguration(defaultsOf: TextPlaceholder.descriptor))
    #expect(style.text == "" && style.attributed == nil && style.mode == .static)
    #expect(style.color == .placeholderGrey)
    #expect(style.color == Color(red: 0x3C, green: 0x3C, blue: 0x43, alpha: 0x99))
    #expect(style.color.description == "#3C3C4399")
    #expect(PlaceholderStyle().color == .placeholderGrey)
    // An empty attributedPlaceholder means none.
    #expect(try Self.style(["attributedPlaceholder": .string("")]).attributed == nil)
  }

  @Test(
    "Values of the wrong type: a PlaceholderError naming the key, value and expected type",
    arguments: [
      (
        "placeholder", ConfigurationValue.integer(3),
        "'placeholder.placeholder' = '3': expected a string"
      ),
      (
        "attributedPlaceholder", .boolean(true),
        "'placeholder.attributedPlaceholder' = 'true': expected a string"
      ),
      (
        "abbreviatedPlaceholder", .number(1.5),
        "'placeholder.abbreviatedPlaceholder' = '1.5': expected a string"
      ),
      (
        "placeholderColor", .string("grey"),
        "'placeholder.placeholderColor' = 'grey': expected a colour #RGB, "
          + "#RRGGBB or #RRGGBBAA"
      ),
      (
        "location", .size(CGSize(width: 1, height: 2)),
        "'placeholder.location' = '{1, 2}': expected a point {x, y}"
      ),
      (
        "numberOfLines", .number(2.5),
        "'placeholder.numberOfLines' = '2.5': expected an integer"
      ),
      (
        "mode", .integer(1),
        "'placeholder.mode' = '1': expected one of static, bouncy, floating"
      ),
    ])
  func wrongType(key: String, value: ConfigurationValue, message: String) {
    #expect {
      try Self.style([key: value])
    } throws: { error in
      guard let error = error as? ConfigurationError, case .typeMismatch(let named, _, _) = error
      else {
        return false
      }
      return named == "placeholder." + key && error.description == message
    }
  }

  @Test("An unknown mode: refused by the file's schema, and by the style")
  func unknownMode() throws {
    // Through a file, the schema's enumeration refuses it first.
    #expect(
      throws: ConfigurationError.line(
        1,
        .typeMismatch(
          key: "placeholder.mode", value: "wobbly",
          expected: .enumeration(["static", "bouncy", "floating"])))
    ) {
      try Self.configuration("placeholder.mode = wobbly")
    }
    // Values made in code meet the same check, with the same error.
    let modes = ConfigurationType.enumeration(["static", "bouncy", "floating"])
    for value in [ConfigurationValue.string("wobbly"), .enumeration("wobbly")] {
      #expect(
        throws: ConfigurationError.typeMismatch(
          key: "placeholder.mode", value: "wobbly", expected: modes)
      ) { try Self.style(["mode": value]) }
    }
    #expect(
      throws: ConfigurationError.typeMismatch(
        key: "placeholder.mode", value: "Bouncy", expected: modes)
    ) {
      try Self.style(["mode": .string("Bouncy")])
    }
  }

  @Test("Wrong types in a file are refused by the schema before the style sees them")
  func wrongTypesInAFile() {
    for line in [
      "placeholder.numberOfLines = many", "placeholder.location = {1}",
      "placeholder.placeholderColor = grey",
    ] {
      #expect(throws: ConfigurationError.self) { try Self.configuration(line) }
    }
  }

  @Test("A negative numberOfLines is refused at load and in the style, naming the value")
  func negativeLineCount() throws {
    let error = ConfigurationError.rejectedValue(
      key: "placeholder.numberOfLines", value: "-3", reason: "expected an integer of 0 or more")
    #expect(throws: ConfigurationError.line(1, error)) {
      try Self.configuration("placeholder.numberOfLines = -3")
    }
    #expect(throws: error) { try Self.style(["numberOfLines": .integer(-3)]) }
    #expect(try Self.style(["numberOfLines": .integer(0)]).numberOfLines == 0)
  }

  @Test("Bad markup in attributedPlaceholder is refused at load, with its line and key")
  func badMarkup() throws {
    let reason = PlaceholderError.unclosedMarker("*", offset: 3).description
    #expect(
      throws: ConfigurationError.line(
        2,
        .rejectedValue(
          key: "placeholder.attributedPlaceholder", value: "Hi *there", reason: reason))
    ) {
      try Self.configuration(
        "placeholder.mode = bouncy\nplaceholder.attributedPlaceholder = Hi *there")
    }
    // Made in code, the same value meets the same rule in the style.
    #expect(
      throws: ConfigurationError.rejectedValue(
        key: "placeholder.attributedPlaceholder", value: "Hi *there", reason: reason)
    ) {
      try Self.style(["attributedPlaceholder": .string("Hi *there")])
    }
  }

  @Test("The plugin: registered in a fresh registry, its behaviour made from configuration")
  func plugin() throws {
    let registry = PluginRegistry()
    try registry.register(Editor.plugin)
    try registry.register(TextPlaceholder.plugin)
    #expect(TextPlaceholder.plugin.id == "placeholder")
    #expect(TextPlaceholder.descriptor.dependencies == ["editor"])
    #expect(try registry.resolve(["placeholder"]).map(\.id) == ["editor", "placeholder"])

    var configuration = Configuration(plugins: registry.descriptors)
    try configuration.load(
      """
      placeholder.placeholder = Add a caption
      placeholder.numberOfLines = 1
      placeholder.mode = bouncy
      placeholder.abbreviatedPlaceholder = Cap
      """)
    let behaviours = try registry.makeBehaviours(for: ["placeholder"], configuration: configuration)
    #expect(behaviours.map(\.id) == ["placeholder"])
    let placeholder = try #require(behaviours.first as? TextPlaceholder)
    #expect(placeholder.style.text == "Add a caption")
    #expect(placeholder.style.numberOfLines == 1)
    #expect(placeholder.style.mode == .bouncy)
    #expect(placeholder.style.abbreviated == "Cap")

    // Installed, it works (the shape only: the plugin's clock is the system's).
    var editor = Editor(
      geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 40, height: 20)),
      behaviours: behaviours)
    #expect(try editor.shown.isVisible)
    #expect(try editor.shown.text == "Add a caption")
    #expect(try editor.shown.frame == CGRect(x: 5, y: 8, width: 30, height: 1))
    #expect(try editor.shown.abbreviation?.text == "Cap")
    editor.insert("x")
    #expect(try !editor.shown.isVisible)

    // Defaults when nothing is set.
    let plain = try registry.makeBehaviours(for: ["placeholder"])
    let defaults = try #require(plain.first as? TextPlaceholder)
    #expect(defaults.style.mode == .static && defaults.style.text == "")

    // A bad value is refused at load, with its line and key, before any
    // behaviour is made.
    var bad = Configuration(plugins: registry.descriptors)
    #expect(
      throws: ConfigurationError.line(
        1,
        .rejectedValue(
          key: "placeholder.attributedPlaceholder", value: "[x](red)",
          reason: PlaceholderError.badColor("red", offset: 4).description))
    ) {
      try bad.load("placeholder.attributedPlaceholder = [x](red)")
    }

    // Without the editor plugin it depends on, resolving fails.
    let alone = PluginRegistry()
    try alone.register(TextPlaceholder.plugin)
    #expect(throws: RegistryError.unknownPlugin("editor", requiredBy: "placeholder")) {
      try alone.makeBehaviours(for: ["placeholder"])
    }
  }

  @Test("The descriptor's keys are the category's inspectable properties, with their types")
  func descriptor() {
    let keys = TextPlaceholder.descriptor.configuration
    #expect(
      keys.map(\.name) == [
        "placeholder", "placeholderColor", "attributedPlaceholder", "location", "numberOfLines",
        "mode", "abbreviatedPlaceholder",
      ])
    let mode = keys.first { $0.name == "mode" }
    #expect(mode?.type == .enumeration(["static", "bouncy", "floating"]))
    #expect(mode?.defaultValue == .enumeration("static"))
    #expect(keys.first { $0.name == "placeholderColor" }?.defaultValue == .color(.placeholderGrey))
  }
}

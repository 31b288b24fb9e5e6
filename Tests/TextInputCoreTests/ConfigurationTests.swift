import Foundation
import PropertyBased
import Testing
import TextInputCore

@Suite struct ConfigurationTests {
  static let modes = ["static", "bouncy", "floating"]

  /// Every value form: (text, type, value, canonical printed text).
  static let forms: [(String, ConfigurationType, ConfigurationValue, String)] = [
    ("Type here", .string, .string("Type here"), "Type here"),
    ("  spaced out  ", .string, .string("spaced out"), "spaced out"),
    ("\"  padded\\n\"", .string, .string("  padded\n"), "\"  padded\\n\""),
    ("\"\"", .string, .string(""), "\"\""),
    ("\"a\" b", .string, .string("\"a\" b"), "\"\\\"a\\\" b\""),
    ("12", .number, .number(12), "12"),
    ("-0.5", .number, .number(-0.5), "-0.5"),
    ("1e3", .number, .number(1000), "1000"),
    ("3", .integer, .integer(3), "3"),
    ("-7", .integer, .integer(-7), "-7"),
    ("true", .boolean, .boolean(true), "true"),
    ("NO", .boolean, .boolean(false), "false"),
    ("#F00", .color, .color(Color(red: 255, green: 0, blue: 0)), "#FF0000"),
    ("#8e8e93", .color, .color(Color(red: 0x8E, green: 0x8E, blue: 0x93)), "#8E8E93"),
    (
      "#3C3C4399", .color, .color(Color(red: 0x3C, green: 0x3C, blue: 0x43, alpha: 0x99)),
      "#3C3C4399"
    ),
    ("{5, 0}", .point, .point(CGPoint(x: 5, y: 0)), "{5, 0}"),
    ("{ -1.5 ,2 }", .point, .point(CGPoint(x: -1.5, y: 2)), "{-1.5, 2}"),
    ("{320, 44}", .size, .size(CGSize(width: 320, height: 44)), "{320, 44}"),
    (
      "{{0, 10}, {320, 44.5}}", .rect, .rect(CGRect(x: 0, y: 10, width: 320, height: 44.5)),
      "{{0, 10}, {320, 44.5}}"
    ),
    (
      "{8, 0, 8, 0}", .insets, .insets(EdgeInsets(top: 8, left: 0, bottom: 8, right: 0)),
      "{8, 0, 8, 0}"
    ),
    (
      "{1, 2, 3, 4}", .directionalInsets,
      .directionalInsets(DirectionalEdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)),
      "{1, 2, 3, 4}"
    ),
    ("bouncy", .enumeration(modes), .enumeration("bouncy"), "bouncy"),
    ("[1, 2.5]", .list(.number), .list([.number(1), .number(2.5)]), "[1, 2.5]"),
    ("[]", .list(.color), .list([]), "[]"),
    (
      "[a, \"b, c\"]", .list(.string), .list([.string("a"), .string("b, c")]),
      "[a, \"b, c\"]"
    ),
    (
      "[{1, 2}, {3, 4}]", .list(.point),
      .list([.point(CGPoint(x: 1, y: 2)), .point(CGPoint(x: 3, y: 4))]), "[{1, 2}, {3, 4}]"
    ),
    ("[[1], []]", .list(.list(.integer)), .list([.list([.integer(1)]), .list([])]), "[[1], []]"),
  ]

  @Test(arguments: 0..<forms.count)
  func everyValueForm(index: Int) throws {
    let (text, type, value, printed) = Self.forms[index]
    let parsed = try ConfigurationValue(parsing: text, as: type)
    #expect(parsed == value)
    #expect(parsed.conforms(to: type))
    #expect(parsed.description == printed)
    #expect(try ConfigurationValue(parsing: printed, as: type) == value)
  }

  static let invalid: [(String, ConfigurationType)] = [
    ("twelve", .number), ("nan", .number), ("inf", .number), ("0x10", .number), ("", .number),
    ("1.5", .integer), ("maybe", .boolean), ("#GG0000", .color), ("#12345", .color),
    ("red", .color), ("{5}", .point), ("{1, 2, 3}", .size), ("{1, 2", .point),
    ("{{0, 0}, {1}}", .rect), ("{1, 2, 3}", .insets), ("{1, 2, 3, x}", .directionalInsets),
    ("wobbly", .enumeration(modes)), ("[1, x]", .list(.number)), ("1, 2", .list(.number)),
    ("\"open", .list(.string)),
  ]

  @Test(arguments: 0..<invalid.count)
  func invalidValuesAreNamed(index: Int) {
    let (text, type) = Self.invalid[index]
    #expect(throws: ConfigurationError.invalidValue(text, expected: type)) {
      try ConfigurationValue(parsing: text, as: type)
    }
  }

  static let schema = PluginDescriptor(
    id: "placeholder", name: "Placeholder", version: SemanticVersion(1, 0, 0),
    summary: "A placeholder.",
    configuration: [
      ConfigurationKey("text", .string, default: .string(""), doc: "The text."),
      ConfigurationKey(
        "color", .color, default: .color(Color.placeholderGrey), doc: "The colour."),
      ConfigurationKey(
        "location", .point, default: .point(.zero), doc: "Offset from the text origin, points."),
      ConfigurationKey("numberOfLines", .integer, default: .integer(0), doc: "0: no limit."),
      ConfigurationKey("mode", .enumeration(modes), default: .enumeration("static"), doc: "Mode."),
    ])

  @Test func typedDecodingWithDefaults() throws {
    var configuration = Configuration(plugins: [Self.schema, Editor.descriptor])
    #expect(configuration["placeholder.color"] == .color(Color.placeholderGrey))
    try configuration.set("placeholder.location", text: "{5, 0}")
    try configuration.set("placeholder.mode", to: .enumeration("floating"))
    #expect(try configuration.value("placeholder.location").pointValue == CGPoint(x: 5, y: 0))
    let own = configuration.plugin("placeholder")
    #expect(own["mode"]?.stringValue == "floating")
    #expect(own["text"] == .string(""))
    #expect(own.values.count == 5)
    configuration.reset("placeholder.mode")
    #expect(configuration["placeholder.mode"] == .enumeration("static"))
  }

  @Test func errorMessages() {
    var configuration = Configuration(plugins: [Self.schema])
    #expect(
      throws: ConfigurationError.unknownKey("placeholder.colour", suggestion: "placeholder.color")
    ) {
      try configuration.set("placeholder.colour", text: "#fff")
    }
    #expect(
      throws: ConfigurationError.typeMismatch(
        key: "placeholder.location", value: "{5}", expected: .point)
    ) {
      try configuration.set("placeholder.location", text: " {5} ")
    }
    #expect(
      throws: ConfigurationError.typeMismatch(
        key: "placeholder.mode", value: "wobbly", expected: .enumeration(Self.modes))
    ) {
      try configuration.set("placeholder.mode", to: .enumeration("wobbly"))
    }
    // "Did you mean" suggests only a key within a few edits of the unknown one.
    #expect(throws: ConfigurationError.unknownKey("x", suggestion: nil)) {
      try configuration.value("x")
    }
    #expect(throws: ConfigurationError.unknownKey("unknown.key", suggestion: nil)) {
      try configuration.value("unknown.key")
    }
    #expect(
      throws: ConfigurationError.unknownKey("placeholder.txt", suggestion: "placeholder.text")
    ) {
      try configuration.value("placeholder.txt")
    }
    #expect(
      ConfigurationError.unknownKey("placeholder.colour", suggestion: "placeholder.color")
        .description == "unknown key 'placeholder.colour'; did you mean 'placeholder.color'?")
    #expect(ConfigurationError.unknownKey("k", suggestion: nil).description == "unknown key 'k'")
    #expect(
      ConfigurationError.typeMismatch(key: "placeholder.location", value: "{5}", expected: .point)
        .description == "'placeholder.location' = '{5}': expected a point {x, y}")
    #expect(
      ConfigurationError.invalidValue("wobbly", expected: .enumeration(Self.modes)).description
        == "'wobbly': expected one of static, bouncy, floating")
    #expect(
      ConfigurationError.malformedLine("colour #fff").description
        == "expected 'key = value', got 'colour #fff'")
    #expect(ConfigurationError.duplicateKey("a.b").description == "key 'a.b' is set twice")
    #expect(
      ConfigurationError.line(3, .duplicateKey("a.b")).description
        == "line 3: key 'a.b' is set twice")
    let expectedForms: [(ConfigurationType, String)] = [
      (.string, "a string"), (.number, "a number"), (.integer, "an integer"),
      (.boolean, "a boolean (true or false)"), (.color, "a colour #RGB, #RRGGBB or #RRGGBBAA"),
      (.size, "a size {width, height}"), (.rect, "a rect {{x, y}, {width, height}}"),
      (.insets, "insets {top, left, bottom, right}"),
      (.directionalInsets, "directional insets {top, leading, bottom, trailing}"),
      (.list(.color), "a list [...] of a colour #RGB, #RRGGBB or #RRGGBBAA"),
    ]
    for (type, text) in expectedForms { #expect(type.description == text) }
  }

  @Test func configurationFile() throws {
    var configuration = Configuration(plugins: [Self.schema])
    try configuration.load(
      """
      # The placeholder of the notes field.
      placeholder.text = Write a note…

      placeholder.color = #8E8E93\r
         placeholder.location = {5, 0}
      placeholder.numberOfLines=2
      """)
    #expect(configuration["placeholder.text"] == .string("Write a note…"))
    #expect(configuration["placeholder.numberOfLines"] == .integer(2))
    var reloaded = Configuration(plugins: [Self.schema])
    try reloaded.load(configuration.fileText)
    #expect(reloaded == configuration)
  }

  @Test func configurationFileErrorsHaveLineNumbers() {
    var configuration = Configuration(plugins: [Self.schema])
    let before = configuration
    #expect(throws: ConfigurationError.line(2, .malformedLine("placeholder.text Hi"))) {
      try configuration.load("# comment\nplaceholder.text Hi")
    }
    #expect(
      throws: ConfigurationError.line(
        3, .unknownKey("placeholder.txt", suggestion: "placeholder.text"))
    ) {
      try configuration.load("placeholder.mode = bouncy\n\nplaceholder.txt = Hi")
    }
    #expect(
      throws: ConfigurationError.line(
        1, .typeMismatch(key: "placeholder.color", value: "grey", expected: .color))
    ) {
      try configuration.load("placeholder.color = grey")
    }
    #expect(throws: ConfigurationError.line(2, .duplicateKey("placeholder.text"))) {
      try configuration.load("placeholder.text = a\nplaceholder.text = b")
    }
    #expect(throws: ConfigurationError.line(1, .malformedLine("= 3"))) {
      try configuration.load("= 3")
    }
    // A file with an error changes nothing.
    #expect(configuration == before)
  }

  // MARK: - print(parse(x)) round trip

  static let number = Gen.int(in: -100_000...100_000).map { Double($0) / 8 }
  static let string = Gen.element(of: [
    "", " ", "a", "Type here", "\"", "\\", "\n", "\t", "é", "👍🏽", "[", "]", "{", "}", ",", "#",
    "\u{A0}", "\u{2028}", "\u{7}", "=",
  ]).array(of: 0...6).map { $0.compactMap { $0 }.joined() }

  static func value(_ kind: Int, _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ s: String)
    -> (ConfigurationType, ConfigurationValue)
  {
    let byte = UInt8(Int(Swift.abs(a * 8)) % 256)
    switch kind {
    case 0: return (.string, .string(s))
    case 1: return (.number, .number(a))
    case 2: return (.integer, .integer(Int(a * 8)))
    case 3: return (.boolean, .boolean(a > 0))
    case 4:
      return (
        .color,
        .color(
          Color(
            red: byte, green: UInt8(Int(Swift.abs(b * 8)) % 256), blue: 7,
            alpha: c > 0 ? 255 : byte))
      )
    case 5: return (.point, .point(CGPoint(x: a, y: b)))
    case 6: return (.size, .size(CGSize(width: a, height: b)))
    case 7: return (.rect, .rect(CGRect(x: a, y: b, width: c, height: d)))
    case 8: return (.insets, .insets(EdgeInsets(top: a, left: b, bottom: c, right: d)))
    case 9:
      return (
        .directionalInsets,
        .directionalInsets(DirectionalEdgeInsets(top: a, leading: b, bottom: c, trailing: d))
      )
    case 10: return (.enumeration(modes), .enumeration(modes[Int(Swift.abs(a * 8)) % 3]))
    default: return (.list(.string), .list(s.split(separator: "\"").map { .string(String($0)) }))
    }
  }

  @Test func printThenParseGivesTheValueBack() async {
    await propertyCheck(
      count: 300,
      input: zip(
        Gen.int(in: 0...11), Self.number, Self.number, Self.number, Self.number, Self.string)
    ) { kind, a, b, c, d, s in
      let (type, value) = Self.value(kind, a, b, c, d, s)
      let printed = value.description
      let parsed = try? ConfigurationValue(parsing: printed, as: type)
      #expect(parsed == value, "\(printed)")
      // And print(parse(x)) == x for printed text.
      #expect(parsed?.description == printed)
      if case .list = type {
        let list = ConfigurationValue.list([value, value])
        let reparsed = try? ConfigurationValue(parsing: list.description, as: .list(type))
        #expect(reparsed == list)
      }
    }
  }

  @Test func editDistanceSuggestsNearest() {
    var configuration = Configuration(plugins: [Self.schema, Editor.descriptor])
    #expect(
      throws: ConfigurationError.unknownKey("editor.aligment", suggestion: "editor.alignment")
    ) {
      try configuration.set("editor.aligment", text: "right")
    }
    #expect(
      throws: ConfigurationError.unknownKey(
        "placeholder.numberOfLine", suggestion: "placeholder.numberOfLines")
    ) {
      try configuration.set("placeholder.numberOfLine", text: "1")
    }
    #expect(throws: ConfigurationError.unknownKey("x", suggestion: nil)) {
      var empty = Configuration(plugins: [])
      try empty.set("x", text: "1")
    }
  }

  @Test(
    "A quote that is never closed, or a bad escape in quotes, is an error",
    arguments: [#""Hello"#, #""bad \q escape""#, #"""#, #""Write a *message"#])
  func unterminatedQuoteIsAnError(text: String) {
    #expect(throws: ConfigurationError.invalidValue(text, expected: .string)) {
      try ConfigurationValue(parsing: text, as: .string)
    }
    var configuration = Configuration(plugins: [Self.schema])
    #expect(
      throws: ConfigurationError.line(
        2, .typeMismatch(key: "placeholder.text", value: text, expected: .string))
    ) {
      try configuration.load("# a comment\nplaceholder.text = \(text)")
    }
  }

  @Test("Quoted and unquoted strings still read as before")
  func quotedStrings() throws {
    #expect(try ConfigurationValue(parsing: #" "a \"b\" c" "#, as: .string) == .string(#"a "b" c"#))
    #expect(try ConfigurationValue(parsing: "plain text", as: .string) == .string("plain text"))
    #expect(try ConfigurationValue(parsing: #"say "hi""#, as: .string) == .string(#"say "hi""#))
  }
}

import Foundation
import Testing
import TextInputCore

/// Inputs FuzzConfiguration found (Fuzz/), each a broken documented promise,
/// written out as values.
@Suite struct FuzzRegressionTests {
  /// A configuration with one string key, for file round trips.
  private func stringConfiguration() -> Configuration {
    Configuration(plugins: [
      PluginDescriptor(
        id: "fuzz", name: "Fuzz", version: SemanticVersion(1, 0, 0), summary: "",
        configuration: [ConfigurationKey("text", .string, default: .string(""), doc: "Text.")])
    ])
  }

  /// `"` then a variation selector (or emoji modifier) is one character, so a
  /// `hasPrefix("\"")` test missed the quote of the printed form.
  @Test(arguments: ["\u{FE0F}a\t", "🏽\u{2028}x", "\u{301}\n"])
  func quotedStringStartingWithAnExtenderReadsBack(_ string: String) throws {
    let value = ConfigurationValue.string(string)
    #expect(value.description.unicodeScalars.first == "\"")
    #expect(try ConfigurationValue(parsing: value.description, as: .string) == value)
    var configuration = stringConfiguration()
    try configuration.set("fuzz.text", to: value)
    var reloaded = stringConfiguration()
    try reloaded.load(configuration.fileText)
    #expect(reloaded == configuration)
  }

  /// U+200B is not white space to Unicode, but `CharacterSet.whitespaces`
  /// (which the parser trims) holds it: a string starting or ending with it
  /// must be quoted.
  @Test(arguments: ["\u{200B}\"", "a\u{200B}", "\u{200B}"])
  func stringWithEdgeZeroWidthSpaceReadsBack(_ string: String) throws {
    let value = ConfigurationValue.string(string)
    #expect(try ConfigurationValue(parsing: value.description, as: .string) == value)
    let list = ConfigurationValue.list([value])
    #expect(try ConfigurationValue(parsing: list.description, as: .list(.string)) == list)
    var configuration = stringConfiguration()
    try configuration.set("fuzz.text", to: value)
    var reloaded = stringConfiguration()
    try reloaded.load(configuration.fileText)
    #expect(reloaded == configuration)
  }

  /// A key whose doc has several lines: `fileText` commented only the first,
  /// and `load(_:)` read the next one as a setting.
  @Test(arguments: ["Two\nlines = 2", "CR\rline", "CRLF\r\nfuzz.text = 1"])
  func multiLineDocIsCommentedOut(_ doc: String) throws {
    let plugin = PluginDescriptor(
      id: "fuzz", name: "Fuzz", version: SemanticVersion(1, 0, 0), summary: "",
      configuration: [ConfigurationKey("text", .string, default: .string(""), doc: doc)])
    var configuration = Configuration(plugins: [plugin])
    var reloaded = configuration
    try reloaded.load(configuration.fileText)
    #expect(reloaded == configuration)
    try configuration.set("fuzz.text", to: .string("set"))
    try reloaded.load(configuration.fileText)
    #expect(reloaded == configuration)
  }
}

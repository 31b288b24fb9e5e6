// Fuzz target: the configuration file format, every value parser and printer,
// the standard plugins' factories, and the placeholder markup.
//
// Families (first byte):
// - a file: arbitrary bytes loaded into the standard registry's configuration;
// - a key of the standard registry set from fuzzed value text (a grammar of
//   braces, brackets, quotes, escapes and extreme numbers);
// - a value of a random type printed and parsed back, alone and through a file;
// - placeholder markup, arbitrary or generated with a known meaning.
//
// Invariants: no trap; errors are `ConfigurationError`s whose message names
// the bad key or value; a value the parser accepted prints and parses back to
// itself; a loaded configuration's `fileText` loads back to an equal
// configuration; every standard plugin's factory takes a loaded configuration
// (or throws a `ConfigurationError`); markup parses to the text and
// attributes it was generated from, with flattened, sorted, merged runs.

import Foundation
import FuzzSupport
import TextInputKit

let registry = PluginRegistry.makeStandard()
let descriptors = registry.descriptors
let standard = Configuration(plugins: descriptors)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  switch input.byte() % 6 {
  case 0:
    checkFile(String(decoding: input.rest(), as: UTF8.self))
  case 1:
    checkFile(fileText(&input))
  case 2, 3:
    checkKeyText(&input)
  case 4:
    checkValueRoundTrip(&input)
  default:
    checkMarkup(&input)
  }
  return 0
}

// MARK: - Files

/// A file of lines: keys of the registry (some misspelt), values from the
/// grammar, comments, blank lines, odd separators.
func fileText(_ input: inout FuzzInput) -> String {
  var text = ""
  for _ in 0..<input.below(8) where !input.isAtEnd {
    switch input.byte() % 8 {
    case 0: text += "# " + input.text(maximumPieces: 3)
    case 1: text += input.pick(["", "  ", "\t", "=", " = x", "#"])
    default:
      var key = input.pick(standard.keys)
      if input.byte() % 8 == 0 { key = misspelt(key, &input) }
      let type = standard.schema[key]?.type ?? .string
      text += input.pick(["", " ", "\t"]) + key + input.pick([" = ", "=", " =", "\t=\t"])
      text += valueText(for: type, &input, depth: 0)
    }
    text += input.pick(["\n", "\r\n", "\r", "\n\n", "\u{2028}", "\u{85}"])
  }
  return text
}

func misspelt(_ key: String, _ input: inout FuzzInput) -> String {
  var characters = Array(key)
  guard !characters.isEmpty else { return key }
  let at = input.below(characters.count)
  switch input.byte() % 3 {
  case 0: characters.remove(at: at)
  case 1: characters.insert(Character(input.scalar()), at: at)
  default: characters[at] = Character(input.scalar())
  }
  return String(characters)
}

func checkFile(_ text: String) {
  var configuration = standard
  do {
    try configuration.load(text)
  } catch {
    checkLoadError(error, text: text)
    return
  }
  // Every line was checked: every value set conforms to its key's type and rule.
  for (key, value) in configuration.values {
    guard let entry = configuration.schema[key] else {
      fuzzCheck(false, "loaded a value for unknown key \(key.debugDescription)")
      return
    }
    fuzzCheck(
      (try? entry.check(value, as: key)) != nil,
      "loaded \(key) = \(value), which its key refuses")
  }
  checkFileRoundTrip(configuration)
  checkPlugins(configuration)
}

/// `fileText` loads back to an equal configuration.
func checkFileRoundTrip(_ configuration: Configuration) {
  let printed = configuration.fileText
  var reloaded = Configuration(plugins: descriptors)
  do {
    try reloaded.load(printed)
  } catch {
    fuzzCheck(false, "fileText does not load back: \(error)\n---\n\(printed)---")
    return
  }
  fuzzCheck(
    reloaded.values == configuration.values,
    "fileText round trip: \(configuration.values) became \(reloaded.values)\n---\n\(printed)---")
}

/// The error of a file that did not load: a line number inside the file and
/// an error naming what was bad.
func checkLoadError(_ error: ConfigurationError, text: String) {
  guard case .line(let number, let inner) = error else {
    fuzzCheck(false, "load threw \(error), not a line error")
    return
  }
  let lines = text.split(
    omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
  fuzzCheck(number >= 1 && number <= lines.count, "line \(number) of \(lines.count)")
  let message = error.description
  switch inner {
  case .unknownKey(let key, let suggestion):
    fuzzCheck(names(message, key), "message \(message.debugDescription) does not name the key")
    if let suggestion {
      fuzzCheck(standard.keys.contains(suggestion), "suggested unknown key \(suggestion)")
    }
  case .typeMismatch(let key, let value, _), .rejectedValue(let key, let value, _):
    fuzzCheck(standard.schema[key] != nil, "type error for unknown key \(key)")
    fuzzCheck(
      names(message, key) && names(message, value),
      "message \(message.debugDescription) does not name the key and value")
  case .malformedLine(let line), .duplicateKey(let line):
    fuzzCheck(names(message, line), "message \(message.debugDescription) does not name the line")
  case .invalidValue, .line:
    fuzzCheck(false, "load threw \(error): expected a key's error on a line")
  }
}

/// Whether `message` quotes `part` (an empty part is always named: `''`).
func names(_ message: String, _ part: String) -> Bool {
  part.isEmpty || message.contains(part)
}

/// Every standard plugin's factory and `configure` takes a loaded configuration.
func checkPlugins(_ configuration: Configuration) {
  // Every rule ran when the value was set: no factory refuses it later.
  let behaviours: [any EditorBehaviour]
  do {
    behaviours = try registry.makeBehaviours(
      for: descriptors.map(\.id), configuration: configuration)
  } catch {
    fuzzCheck(false, "makeBehaviours refused a configuration that loaded: \(error)")
    return
  }
  // The behaviours at work in an editor.
  var editor = Editor(text: "a b ", behaviours: behaviours)
  _ = try? editor.configure(configuration.plugin(Editor.pluginID))
  _ = editor.layout()
  _ = editor.insert(" x.co  ")
  _ = editor.deleteBackward()
  editor.beginEditing()
  _ = editor.insert("\n@who ")
  _ = editor.tap(at: CGPoint(x: 3, y: 10))
  _ = editor.undo()
  editor.endEditing()
  _ = editor.layout()
  _ = editor.presentation
  editor.setText("")
  _ = editor.presentation
  var label = InsetLabel(text: "label")
  _ = try? label.configure(configuration.plugin(InsetLabel.pluginID))
  _ = label.textLayout()
  _ = label.sizeThatFits(CGSize(width: 100, height: 100))
  var area = HitArea()
  if (try? area.configure(configuration.plugin(HitArea.pluginID))) != nil {
    // The area's keys print back as a configuration that configures the same area.
    var again = HitArea()
    do {
      try again.configure(area.configuration)
      fuzzCheck(again == area, "HitArea.configuration round trip: \(area) became \(again)")
    } catch {
      fuzzCheck(false, "HitArea.configuration of \(area) refused: \(error)")
    }
  }
}

// MARK: - One key from text

/// Value text shaped like `type`'s form, often slightly wrong.
func valueText(for type: ConfigurationType, _ input: inout FuzzInput, depth: Int) -> String {
  if input.byte() % 8 == 0 || depth > 3 { return anyValueText(&input, depth: depth + 1) }
  let spaces = input.byte() % 4 == 0 ? input.pick([" ", "  ", "\t", "\u{A0}", "\u{3000}"]) : ""
  func numbers(_ count: Int) -> String {
    "{" + (0..<count).map { _ in numberText(&input) }.joined(separator: ", ") + "}"
  }
  let body: String
  switch type {
  case .string: body = stringText(&input)
  case .number: body = numberText(&input)
  case .integer:
    body = input.pick([
      "0", "-1", "+7", "9223372036854775807", "-9223372036854775808",
      "9223372036854775808", "1.0", "1e3", String(input.rawInt()), "٣", "１",
    ])
  case .boolean: body = input.pick(["true", "false", "YES", "no", "True", "1", "", "truex"])
  case .color:
    body = input.pick([
      "#fff", "#FFFFFF", "#12345678", "#1234567", "#GGG", "#", "fff",
      "#ＦＦＦ", "#8E8E93",
    ])
  case .point, .size: body = numbers(input.byte() % 8 == 0 ? 3 : 2)
  case .rect: body = "{" + numbers(2) + ", " + numbers(input.byte() % 8 == 0 ? 1 : 2) + "}"
  case .insets, .directionalInsets: body = numbers(input.byte() % 8 == 0 ? 2 : 4)
  case .enumeration(let names):
    body = names.isEmpty || input.byte() % 8 == 0 ? stringText(&input) : input.pick(names)
  case .list(let element):
    body =
      "["
      + (0..<input.below(4)).map { _ in valueText(for: element, &input, depth: depth + 1) }
      .joined(separator: input.pick([", ", ",", " ,"])) + (input.byte() % 16 == 0 ? "" : "]")
  }
  return spaces + body + spaces
}

/// Text of any shape: nested groups and lists, quotes, atoms.
func anyValueText(_ input: inout FuzzInput, depth: Int) -> String {
  switch depth > 40 ? 0 : input.byte() % 6 {
  case 0: return input.text(maximumPieces: 4)
  case 1: return numberText(&input)
  case 2: return quotedText(&input)
  case 3:
    return "{"
      + (0..<input.below(5)).map { _ in anyValueText(&input, depth: depth + 1) }
      .joined(separator: ", ") + "}"
  case 4:
    return "["
      + (0..<input.below(5)).map { _ in anyValueText(&input, depth: depth + 1) }
      .joined(separator: ", ") + "]"
  default: return stringText(&input)
  }
}

func numberText(_ input: inout FuzzInput) -> String {
  switch input.byte() % 4 {
  case 0:
    return input.pick([
      "0", "-0", "1e308", "1e309", "-1e400", "1e-400", "5e-324", "nan", "inf", "-inf", "0x10",
      "1.5", "+3", ".5", "5.", "1e", "--1", "1e+20", "9007199254740993", "1_000", "1,5", "١",
      "17976931348623157e292", "-1.7976931348623157e+308", "",
    ])
  case 1: return String(Double(bitPattern: UInt64(bitPattern: Int64(input.rawInt()))))
  default: return Double(input.cgFloat()).description
  }
}

/// Strings with the characters the printer must quote or escape.
func stringText(_ input: inout FuzzInput) -> String {
  var text = ""
  for _ in 0..<input.below(6) where !input.isAtEnd {
    switch input.byte() % 5 {
    case 0:
      text += input.pick([
        "\"", "\\", "#", "=", ",", "[", "]", "{", "}", " ", "\t", "\n", "\r", "\u{0}", "\u{85}",
        "\u{2028}", "\u{A0}", "\u{3000}", "\u{1680}", "\u{FEFF}", "\u{301}", "U+0020", "\\u{41}",
        "\\n", "'", "# not a comment",
      ])
    case 1: text.unicodeScalars.append(input.scalar())
    default: text += input.text(maximumPieces: 2)
    }
  }
  return text
}

func quotedText(_ input: inout FuzzInput) -> String {
  var text = "\""
  for _ in 0..<input.below(6) {
    switch input.byte() % 4 {
    case 0:
      text += input.pick([
        "\\\"", "\\\\", "\\n", "\\r", "\\t", "\\u{41}", "\\u{D800}", "\\u{110000}", "\\u{}",
        "\\u{+41}", "\\u41", "\\x", "\\", "\"",
      ])
    default: text += stringText(&input)
    }
  }
  return text + (input.byte() % 8 == 0 ? "" : "\"")
}

func checkKeyText(_ input: inout FuzzInput) {
  var configuration = standard
  var key = input.pick(standard.keys)
  let fuzzedKey = input.byte() % 16 == 0
  if fuzzedKey { key = misspelt(key, &input) }
  let type = standard.schema[key]?.type ?? .string
  let text = valueText(for: type, &input, depth: 0)
  do {
    try configuration.set(key, text: text)
  } catch {
    let message = error.description
    switch error {
    case .unknownKey(let name, let suggestion):
      fuzzCheck(name == key && standard.schema[key] == nil, "unknownKey \(name) for \(key)")
      checkSuggestion(suggestion, for: key)
    case .typeMismatch(let name, let value, let expected):
      fuzzCheck(name == key && expected == type, "typeMismatch \(error) for \(key)")
      fuzzCheck(
        value == text.trimmingCharacters(in: .whitespaces)
          || (try? ConfigurationValue(
            parsing: text, as: type))?.description == value,
        "typeMismatch names \(value.debugDescription), not the text \(text.debugDescription)")
      fuzzCheck(names(message, value), "message \(message.debugDescription) lacks the value")
    case .rejectedValue(let name, let value, let reason):
      fuzzCheck(name == key, "rejectedValue names \(name) for \(key)")
      fuzzCheck(!reason.isEmpty && names(message, value), "rejectedValue message \(message)")
    default:
      fuzzCheck(false, "set(_:text:) threw \(error)")
    }
    return
  }
  guard let value = configuration.values[key] else {
    fuzzCheck(false, "set(\(key), text:) kept no value")
    return
  }
  fuzzCheck(value.conforms(to: type), "\(key) = \(value) does not conform to \(type)")
  // Printing the accepted value and parsing it again gives it back.
  checkPrintParse(value, type)
  var again = standard
  do {
    try again.set(key, text: value.description)
    fuzzCheck(again == configuration, "set from the printed value \(value.description) differs")
  } catch {
    fuzzCheck(
      false, "printed value \(value.description.debugDescription) of \(key) refused: \(error)")
  }
  checkFileRoundTrip(configuration)
  checkPlugins(configuration)
}

/// The documented suggestion: the first nearest key, if within a third of
/// the key's length in edits (at least 1, at most 4).
func checkSuggestion(_ suggestion: String?, for key: String) {
  let limit = min(4, max(1, key.count / 3))
  var best: (String, Int)?
  for candidate in standard.keys {
    let d = editDistance(Array(key), Array(candidate))
    if best == nil || d < best?.1 ?? .max { best = (candidate, d) }
  }
  let expected = best.flatMap { $0.1 <= limit ? $0.0 : nil }
  fuzzCheck(
    suggestion == expected,
    "suggestion for \(key.debugDescription): \(String(describing: suggestion)), expected "
      + "\(String(describing: expected))")
}

func editDistance(_ a: [Character], _ b: [Character]) -> Int {
  var row = Array(0...b.count)
  for i in a.indices {
    var next = [i + 1] + Array(repeating: 0, count: b.count)
    for j in b.indices {
      next[j + 1] = min(row[j + 1] + 1, next[j] + 1, row[j] + (a[i] == b[j] ? 0 : 1))
    }
    row = next
  }
  return row[b.count]
}

// MARK: - Values of every type

func randomType(_ input: inout FuzzInput, depth: Int = 0) -> ConfigurationType {
  switch input.byte() % 13 {
  case 0: return .number
  case 1: return .integer
  case 2: return .boolean
  case 3: return .color
  case 4: return .point
  case 5: return .size
  case 6: return .rect
  case 7: return .insets
  case 8: return .directionalInsets
  case 9: return .enumeration(["static", "bouncy", "a-b", "x_1"])
  case 10: return depth < 3 ? .list(randomType(&input, depth: depth + 1)) : .string
  default: return .string
  }
}

func randomDouble(_ input: inout FuzzInput) -> Double {
  switch input.byte() % 4 {
  case 0: return Double(bitPattern: UInt64(bitPattern: Int64(input.rawInt())))
  case 1:
    return input.pick([
      9_007_199_254_740_992, 9_007_199_254_740_994, -9_007_199_254_740_992, 1e300, -1e-300,
      .leastNonzeroMagnitude, .greatestFiniteMagnitude, -0.0, 0.1, 1.0 / 3, 4.35,
      123_456_789.123_456_789,
      Double(Int64.max), Double(Int64.min), 2e19,
    ])
  default: return Double(input.cgFloat())
  }
}

func randomValue(of type: ConfigurationType, _ input: inout FuzzInput) -> ConfigurationValue {
  func number() -> CGFloat { CGFloat(randomDouble(&input)) }
  switch type {
  case .string: return .string(stringText(&input))
  case .number: return .number(randomDouble(&input))
  case .integer: return .integer(input.byte() % 2 == 0 ? input.rawInt() : input.below(100) - 50)
  case .boolean: return .boolean(input.bool())
  case .color:
    return .color(
      Color(red: input.byte(), green: input.byte(), blue: input.byte(), alpha: input.byte()))
  case .point: return .point(CGPoint(x: number(), y: number()))
  case .size: return .size(CGSize(width: number(), height: number()))
  case .rect: return .rect(CGRect(x: number(), y: number(), width: number(), height: number()))
  case .insets:
    return .insets(EdgeInsets(top: number(), left: number(), bottom: number(), right: number()))
  case .directionalInsets:
    return .directionalInsets(
      DirectionalEdgeInsets(top: number(), leading: number(), bottom: number(), trailing: number()))
  case .enumeration(let names): return .enumeration(input.pick(names))
  case .list(let element):
    return .list((0..<input.below(5)).map { _ in randomValue(of: element, &input) })
  }
}

func checkPrintParse(_ value: ConfigurationValue, _ type: ConfigurationType) {
  let text = value.description
  do {
    let parsed = try ConfigurationValue(parsing: text, as: type)
    fuzzCheck(
      parsed == value,
      "print/parse round trip of \(type.name): \(String(reflecting: value)) printed "
        + "\(text.debugDescription), parsed as \(String(reflecting: parsed))")
  } catch {
    fuzzCheck(
      false,
      "printed \(type.name) \(String(reflecting: value)) as \(text.debugDescription), "
        + "which does not parse: \(error)")
  }
}

/// Schema docs: one line, or several (a file's comment must hold them all).
let docs = [
  "A key # with \"quotes\".", "Two\nlines = 2", "CR\rline", "CRLF\r\nfuzz.key = 1", "",
  "Unicode line\u{2028}separator",
]

func checkValueRoundTrip(_ input: inout FuzzInput) {
  let type = randomType(&input)
  let value = randomValue(of: type, &input)
  guard value.conforms(to: type) else {
    // A value of the type that does not conform (NaN, infinite) is refused by `set`.
    let plugin = PluginDescriptor(
      id: "fuzz", name: "Fuzz", version: SemanticVersion(1, 0, 0), summary: "",
      configuration: [ConfigurationKey("key", type, default: value, doc: "A key.")])
    var configuration = Configuration(plugins: [plugin])
    do {
      try configuration.set("fuzz.key", to: value)
      fuzzCheck(false, "set accepted \(String(reflecting: value)), which does not conform")
    } catch {
      fuzzCheck(
        error.description.contains("fuzz.key"), "error \(error) does not name the key")
    }
    return
  }
  checkPrintParse(value, type)
  // Through a file: the value set, printed with its key and loaded back.
  let plugin = PluginDescriptor(
    id: "fuzz", name: "Fuzz", version: SemanticVersion(1, 0, 0), summary: "",
    configuration: [
      ConfigurationKey("key", type, default: value, doc: input.pick(docs)),
      ConfigurationKey("other", .string, default: .string(""), doc: "Another."),
    ])
  var configuration = Configuration(plugins: [plugin])
  do {
    try configuration.set("fuzz.key", to: value)
    if input.bool() { try configuration.set("fuzz.other", to: .string(stringText(&input))) }
  } catch {
    fuzzCheck(false, "set refused the conforming \(String(reflecting: value)): \(error)")
    return
  }
  var reloaded = Configuration(plugins: [plugin])
  do {
    try reloaded.load(configuration.fileText)
    fuzzCheck(
      reloaded == configuration,
      "file round trip: \(String(reflecting: configuration.values)) became "
        + "\(String(reflecting: reloaded.values))\n---\n\(configuration.fileText)---")
  } catch {
    fuzzCheck(false, "fileText does not load: \(error)\n---\n\(configuration.fileText)---")
  }
}

// MARK: - Placeholder markup

/// Attributes of one UTF-16 code unit of the placeholder text.
struct UnitStyle: Equatable {
  var bold = false
  var italic = false
  var color: Color?
}

func checkMarkup(_ input: inout FuzzInput) {
  if input.bool() {
    let markup = input.byte() % 4 == 0 ? stringText(&input) : markupNoise(&input)
    checkArbitraryMarkup(markup)
  } else {
    checkGeneratedMarkup(&input)
  }
}

func markupNoise(_ input: inout FuzzInput) -> String {
  var text = ""
  for _ in 0..<input.below(16) where !input.isAtEnd {
    text += input.pick([
      "*", "_", "[", "]", "](#F00)", "](#12345678)", "](#GG0)", "](", ")", "(", "\\", "\\*", "a",
      " ", "e\u{301}", "\u{301}", "👍🏽", "🇫🇷", "\r\n",
    ])
  }
  return text
}

/// Runs are sorted, non-empty, inside the text, and neighbours differ.
func checkRuns(_ placeholder: AttributedPlaceholder, markup: String) {
  let count = placeholder.text.utf16.count
  var previous: PlaceholderRun?
  for run in placeholder.runs {
    fuzzCheck(
      run.range.location >= 0 && run.range.length > 0 && NSMaxRange(run.range) <= count,
      "run \(run.range) outside text of \(count) units, markup \(markup.debugDescription)")
    if let previous {
      fuzzCheck(
        NSMaxRange(previous.range) <= run.range.location,
        "runs overlap or unsorted: \(placeholder.runs)")
      fuzzCheck(
        NSMaxRange(previous.range) < run.range.location || previous.isBold != run.isBold
          || previous.isItalic != run.isItalic || previous.color != run.color,
        "neighbouring runs not merged: \(placeholder.runs), markup \(markup.debugDescription)")
    }
    previous = run
  }
}

func checkArbitraryMarkup(_ markup: String) {
  let characters = Array(markup)
  do {
    let placeholder = try AttributedPlaceholder(markup: markup)
    checkRuns(placeholder, markup: markup)
  } catch {
    let message = error.description
    switch error {
    case .unclosedMarker(let marker, let offset), .misnestedMarker(let marker, let offset, _),
      .unexpectedMarker(let marker, let offset):
      fuzzCheck(
        characters.indices.contains(offset) && String(characters[offset]) == marker,
        "\(error): the character at \(offset) is not \(marker) in \(markup.debugDescription)")
    case .badColor(let found, let offset):
      fuzzCheck(offset >= 0 && offset <= characters.count, "\(error): offset out of the markup")
      fuzzCheck(names(message, found.debugDescription), "message lacks \(found)")
    case .danglingEscape(let offset):
      fuzzCheck(
        offset == characters.count - 1 && characters.last == "\\",
        "\(error) in \(markup.debugDescription)")
    }
    fuzzCheck(message.contains("character"), "message \(message) names no place")
  }
}

/// Escapes every marker character of plain text.
func escaped(_ text: String) -> String {
  var out = ""
  for character in text {
    if "\\*_[]".contains(character) { out.append("\\") }
    out.append(character)
  }
  return out
}

/// Markup generated as nested spans over escaped text, with the text and
/// attributes it means.
func generateMarkup(
  _ input: inout FuzzInput, depth: Int, style: UnitStyle, open: Set<String>,
  tokens: inout [String], text: inout String, styles: inout [UnitStyle]
) {
  for _ in 0..<input.below(4) where !input.isAtEnd {
    let choice = depth > 4 ? 0 : input.byte() % 4
    switch choice {
    case 1 where !open.contains("*"), 2 where !open.contains("_"), 3:
      let marker = choice == 1 ? "*" : choice == 2 ? "_" : "["
      var inner = style
      var color: Color?
      if choice == 1 { inner.bold = true }
      if choice == 2 { inner.italic = true }
      if choice == 3 {
        color = Color(
          red: input.byte(), green: input.byte(), blue: input.byte(),
          alpha: input.bool() ? 255 : input.byte())
        inner.color = color
      }
      tokens.append(marker)
      generateMarkup(
        &input, depth: depth + 1, style: inner, open: open.union([marker]), tokens: &tokens,
        text: &text, styles: &styles)
      if let color {
        tokens.append(
          "](" + (input.bool() ? color.description.lowercased() : color.description) + ")")
      } else {
        tokens.append(marker)
      }
    default:
      let plain = input.text(maximumPieces: 3) + (input.byte() % 4 == 0 ? stringText(&input) : "")
      tokens.append(escaped(plain))
      text += plain
      styles += Array(repeating: style, count: plain.utf16.count)
    }
  }
}

func checkGeneratedMarkup(_ input: inout FuzzInput) {
  var tokens: [String] = []
  var text = ""
  var styles: [UnitStyle] = []
  generateMarkup(
    &input, depth: 0, style: UnitStyle(), open: [], tokens: &tokens, text: &text, styles: &styles)
  let markup = tokens.joined()
  // Markers are characters of their own only when no token merges with the
  // next into one grapheme cluster (`*` then a combining mark is text).
  guard Array(markup).count == tokens.reduce(0, { $0 + Array($1).count }) else {
    checkArbitraryMarkup(markup)
    return
  }
  let placeholder: AttributedPlaceholder
  do {
    placeholder = try AttributedPlaceholder(markup: markup)
  } catch {
    fuzzCheck(false, "generated markup \(markup.debugDescription) refused: \(error)")
    return
  }
  checkRuns(placeholder, markup: markup)
  fuzzCheck(
    placeholder.text == text,
    "markup \(markup.debugDescription) gave text \(placeholder.text.debugDescription), "
      + "expected \(text.debugDescription)")
  var found = Array(repeating: UnitStyle(), count: placeholder.text.utf16.count)
  for run in placeholder.runs where NSMaxRange(run.range) <= found.count && run.range.location >= 0
  {
    for unit in run.range.location..<NSMaxRange(run.range) {
      found[unit] = UnitStyle(bold: run.isBold, italic: run.isItalic, color: run.color)
    }
  }
  fuzzCheck(
    found == styles,
    "markup \(markup.debugDescription): runs \(placeholder.runs) do not give the styles written")
  // The plain text escaped reads back as itself, unstyled.
  do {
    let plain = try AttributedPlaceholder(markup: escaped(text))
    fuzzCheck(
      plain.text == text && plain.runs.isEmpty,
      "escaped \(text.debugDescription) read back as \(plain.text.debugDescription), \(plain.runs)")
  } catch {
    fuzzCheck(false, "escaped text \(escaped(text).debugDescription) refused: \(error)")
  }
}

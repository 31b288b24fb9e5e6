import Foundation
import PropertyBased
import Testing
import TextInputKit
import UnicodeTestSupport

@testable import TextFieldRules

@Suite struct ValidationTests {
  @Test func whileEditing() {
    var editor = Editor(behaviours: [Validation(Validation.nonEmpty("Required"))])
    #expect(editor.behaviour(Validation.self)?.result == .invalid("Required"))
    #expect(editor.presentation[ValidationStatus.self]?.message == "Required")
    editor.insert("a")
    #expect(editor.behaviour(Validation.self)?.result == .valid)
    #expect(editor.presentation[ValidationStatus.self]?.isValid == true)
    editor.deleteBackward()
    #expect(editor.presentation[ValidationStatus.self]?.message == "Required")
  }

  @Test func onEndEditing() {
    var editor = Editor(
      isEditing: true,
      behaviours: [Validation(Validation.nonEmpty("Required"), timing: .onEndEditing)])
    #expect(editor.presentation[ValidationStatus.self] == nil)
    editor.insert(" ")
    #expect(editor.presentation[ValidationStatus.self] == nil)
    editor.endEditing()
    #expect(editor.presentation[ValidationStatus.self]?.message == "Required")
    editor.beginEditing()
    editor.insert("x")
    #expect(editor.presentation[ValidationStatus.self]?.message == "Required")  // until the end
    editor.endEditing()
    #expect(editor.presentation[ValidationStatus.self]?.isValid == true)
  }

  @Test func compositionIsValidatedWhenCommitted() throws {
    var editor = Editor(behaviours: [Validation(Validation.predicate("Too long") { $0.count < 2 })])
    try editor.setMarkedText("ab", selectedRange: NSRange(location: 2, length: 0))
    #expect(editor.behaviour(Validation.self)?.result == .valid)  // still the empty text's
    editor.unmarkText()
    #expect(editor.behaviour(Validation.self)?.result == .invalid("Too long"))
  }

  @Test func matching() throws {
    let digits = try Validation.matching("^[0-9]*$", message: "Digits only")
    #expect(digits("123") == .valid)
    #expect(digits("") == .valid)
    #expect(digits("12a") == .invalid("Digits only"))
    #expect(throws: TextFieldRulesError.self) { try Validation.matching("[0-9", message: "") }
    do {
      _ = try Validation.matching("(", message: "")
    } catch {
      guard case .invalidPattern(let pattern, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(pattern == "(")
      #expect(error.description.hasPrefix("pattern \"(\" is not a regular expression ("))
    }
  }

  @Test func plugin() throws {
    var configuration = Configuration(plugins: [Validation.descriptor])
    try configuration.load(
      "validation.required = true\nvalidation.pattern = \"^[a-z]*$\"\nvalidation.message = Letters")
    let validation = try Validation(configuration: configuration.plugin(Validation.pluginID))
    #expect(validation.validator("") == .invalid("Letters"))
    #expect(validation.validator("abc") == .valid)
    #expect(validation.validator("ab1") == .invalid("Letters"))
    #expect(validation.timing == .whileEditing)
    #expect(throws: ConfigurationError.self) {
      try configuration.set("validation.pattern", text: "[")
    }
    #expect(
      throws: ConfigurationError.typeMismatch(
        key: "validation.timing", value: "later",
        expected: .enumeration(["whileEditing", "onEndEditing"]))
    ) { try configuration.set("validation.timing", text: "later") }
    let defaults = try Validation(
      configuration: PluginConfiguration(defaultsOf: Validation.descriptor))
    #expect(defaults.validator("") == .valid)
  }

  /// A message's control characters reach the terminal only as their
  /// visible forms.
  @Test func controlsInAMessageAreDrawnVisibly() {
    let evil = "bad\u{1B}]0;pwned\u{7}\u{1B}[2J\u{9B}x"
    let editor = terminalField(
      "a", columns: 30, rows: 2, behaviours: [Validation { _ in .invalid(evil) }])
    let screen = drawnScreen(editor)
    #expect(screen.text(ofRow: 1).hasPrefix("bad␛]0;pwned␇␛[2J�x"))
    let bytes = TerminalWriter.update(from: nil, to: screen)
    #expect(!bytes.contains("\u{1B}]0;"))
    #expect(!bytes.contains("\u{7}"))
    #expect(!bytes.unicodeScalars.contains("\u{9B}"))
    #expect(!bytes.contains("pwned\u{7}"))
  }

  /// (c) The published state is the validator applied to the text, after
  /// any sequence of steps, whenever no composition is in progress.
  @Test func stateIsTheValidatorOfTheText() async {
    let validator: Validation.Validator = { text in
      text.count % 3 == 0 ? .valid : .invalid("\(text.count % 3) over")
    }
    await propertyCheck(
      count: CheckScale.cases(30, full: 150), input: FieldStep.generator.array(of: 0...20)
    ) { steps in
      var editor = Editor(behaviours: [Validation(validator)])
      for step in steps {
        step.run(on: &editor)
        guard editor.markedRange == nil else { continue }
        #expect(
          editor.presentation[ValidationStatus.self]?.result == validator(editor.text),
          "after \(step) in \(steps)")
      }
    }
  }

  @Test func requiredRefusesABlankTextReadingTheUnitsInPlace() {
    var editor = Editor(behaviours: [Validation.required("Required")])
    #expect(editor.behaviour(Validation.self)?.result == .invalid("Required"))
    editor.insert(" \u{A0}\r\n\u{3000}")
    #expect(editor.presentation[ValidationStatus.self]?.message == "Required")
    editor.insert("a")
    #expect(editor.behaviour(Validation.self)?.result == .valid)
    // The same validator as a function of a string.
    #expect(Validation.required("R").validator(" \u{2028}") == .invalid("R"))
    #expect(Validation.required("R").validator("\u{200B}") == .valid)  // not White_Space
    // A UTF-16 validator is given the editor's units.
    var counted = Editor(
      text: "héllo",
      behaviours: [Validation.utf16 { $0.count == 5 ? .valid : .invalid("\($0.count) units") }])
    #expect(counted.behaviour(Validation.self)?.result == .valid)
    counted.insert("👍🏽")
    #expect(counted.behaviour(Validation.self)?.result == .invalid("9 units"))
  }

  /// `required` refuses exactly the texts `nonEmpty` refuses, lone
  /// surrogates included (a string decodes them to U+FFFD, not white space).
  @Test func requiredAgreesWithNonEmpty() async {
    let spaces =
      [" ", "\t", "\n", "\r\n", "\u{A0}", "\u{3000}", "\u{2028}", "\u{85}", "\u{B}"]
      .map { Array($0.utf16) } + [[0xD83D], [0xDC4D], [0xDC4D, 0xD83D]]
    let piece: Generator<[UInt16], Shrink.None<[UInt16]>> = Generator { rng in
      if Int.random(in: 0..<6, using: &rng) == 0 {
        return Array(UnicodeFragmentKind.weightedRandom(using: &rng).generate(using: &rng).utf16)
      }
      return spaces[Int.random(in: 0..<spaces.count, using: &rng)]
    }
    let nonEmpty = Validation.nonEmpty("m")
    let required = Validation.required("m")
    await propertyCheck(count: 300, input: piece.array(of: 0...8)) { pieces in
      let units = pieces.flatMap { $0 }
      let text = String(decoding: units, as: UTF16.self)
      let editor = Editor(text: text, behaviours: [required])
      #expect(
        Validation.isBlank(UTF16Buffer(units)) == (nonEmpty(text) != .valid),
        "\(units.map { String($0, radix: 16) })")
      #expect(editor.behaviour(Validation.self)?.result == nonEmpty(text))
    }
  }
}

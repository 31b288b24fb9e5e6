import Foundation
import PropertyBased
import Testing
import TextInputKit
import UnicodeTestSupport

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
}

import Foundation
import Testing
import TextInputKit

/// Issue 37: a refusal in plain mode never carries a masked value.
@Suite struct PlainRefusalTests {
  func pipe(_ bytes: String) -> Int32 { pipeHolding(bytes) }

  func options(_ input: Int32) -> TerminalPromptOptions { plainOptions(reading: input) }

  /// An empty password, or one of only line breaks, was returned in the
  /// error (`value: ""`, `value: "\n\n"`): nothing of it was masked, but
  /// the field masks it.
  @Test func aMaskedRefusalCarriesNoValue() {
    let required = Validation(Validation.nonEmpty("Required"))
    let line = pipe("\n")
    defer { close(line) }
    #expect(throws: TerminalPromptError.refused(label: "Password", message: "Required", value: nil))
    {
      try TerminalPrompt.readLine(
        "Password", behaviours: [SecureEntry(), required], options: options(line))
    }
    let lines = pipe("\n\n\n")
    defer { close(lines) }
    #expect(throws: TerminalPromptError.refused(label: "Password", message: "Required", value: nil))
    {
      try TerminalPrompt.readText(
        "Password", behaviours: [SecureEntry(), required], options: options(lines))
    }
    // Unmasked (the toggle off), the value is given.
    let shown = pipe("\n")
    defer { close(shown) }
    #expect(throws: TerminalPromptError.refused(label: "Password", message: "Required", value: ""))
    {
      try TerminalPrompt.readLine(
        "Password", behaviours: [SecureEntry(isSecure: false), required], options: options(shown))
    }
  }
}

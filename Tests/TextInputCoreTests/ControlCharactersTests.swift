import PropertyBased
import Testing
import TextInputBase
import UnicodeTestSupport

/// The package's one control policy: what a printed line escapes and what a
/// terminal cell draws, for any text the generators reach (controls, CRLF,
/// line separators, bidi controls among emoji, CJK and RTL text).
@Suite("ControlCharacters: one policy for printed lines and cells")
struct ControlCharactersTests {
  @Test("The escapes of the issue's examples, and a quoted literal")
  func examples() {
    #expect(ControlCharacters.escaped("a\rb\u{1B}[2J") == "a\\rb\\u{001B}[2J")
    #expect(
      ControlCharacters.escaped("x\u{202E}y\u{2028}\u{85}") == "x\\u{202E}y\\u{2028}\\u{0085}")
    #expect(ControlCharacters.escaped("1\n2\t", keepingLineFeeds: true) == "1\n2\\t")
    #expect(ControlCharacters.quoted("say \"hi\" \\ \n") == "\"say \\\"hi\\\" \\\\ \\n\"")
    #expect(ControlCharacters.pictures("\u{1B}]0;t\u{07}\u{7F}\u{9B}") == "␛]0;t␇␡\u{FFFD}")
    #expect(ControlCharacters.pictures("plain 👍🏽") == "plain 👍🏽")
  }

  @Test("An escaped text has no scalar that would break or reorder its line")
  func escapedTextIsOneLine() async {
    await propertyCheck(count: CheckScale.cases(200, full: 2_000), input: UnicodeGen.text) { text in
      let escaped = ControlCharacters.escaped(text)
      #expect(!escaped.unicodeScalars.contains(where: ControlCharacters.breaksPrintedLine))
      let kept = ControlCharacters.escaped(text, keepingLineFeeds: true)
      #expect(
        kept.unicodeScalars.filter(ControlCharacters.breaksPrintedLine).count
          == text.unicodeScalars.filter { $0 == "\n" }.count)
      // Text with nothing to escape is left as it is.
      if !text.unicodeScalars.contains(where: ControlCharacters.breaksPrintedLine) {
        #expect(escaped == text)
      }
    }
  }

  @Test("Pictures keep the scalar count and leave no control")
  func picturesReplaceOneForOne() async {
    await propertyCheck(count: CheckScale.cases(200, full: 2_000), input: UnicodeGen.text) { text in
      let drawn = ControlCharacters.pictures(text)
      #expect(drawn.unicodeScalars.count == text.unicodeScalars.count)
      #expect(!drawn.unicodeScalars.contains(where: ControlCharacters.isControl))
    }
  }
}

@Suite("One \\u{XXXX} and U+XXXX writer")
struct CodePointWritersTests {
  @Test("A configuration string quotes a control as ControlCharacters escapes it")
  func configurationEscape() {
    let value = ConfigurationValue.string("a\u{7}b\u{2028}")
    #expect(value.description == "\"a\\u{0007}b\\u{2028}\"")
    #expect(value.description.contains(ControlCharacters.codePointEscape("\u{7}")))
  }
}

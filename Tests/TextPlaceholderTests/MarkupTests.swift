import Foundation
import Testing
import TextPlaceholder

/// A run as plain values, for comparing.
struct RunValue: Hashable, CustomStringConvertible {
  var location: Int
  var length: Int
  var bold = false
  var italic = false
  var color: String?

  init(
    _ location: Int, _ length: Int, bold: Bool = false, italic: Bool = false, color: String? = nil
  ) {
    self.location = location
    self.length = length
    self.bold = bold
    self.italic = italic
    self.color = color
  }

  init(_ run: PlaceholderRun) {
    self.init(
      run.range.location, run.range.length, bold: run.isBold, italic: run.isItalic,
      color: run.color?.description)
  }

  var description: String {
    let traits = (bold ? " bold" : "") + (italic ? " italic" : "") + (color.map { " " + $0 } ?? "")
    return "{\(location), \(length)\(traits)}"
  }
}

@Suite("AttributedPlaceholder(markup:): bold, italic, colour, escapes and errors")
struct MarkupTests {
  static let parsed: [(String, String, [RunValue])] = [
    ("plain text", "plain text", []),
    ("", "", []),
    ("Your *name*", "Your name", [RunValue(5, 4, bold: true)]),
    ("an _italic_ word", "an italic word", [RunValue(3, 6, italic: true)]),
    ("[red](#FF3B30) text", "red text", [RunValue(0, 3, color: "#FF3B30")]),
    ("[short](#f00)", "short", [RunValue(0, 5, color: "#FF0000")]),
    ("[alpha](#11223380)", "alpha", [RunValue(0, 5, color: "#11223380")]),
    (
      "Your *name* [(required)](#FF3B30)", "Your name (required)",
      [RunValue(5, 4, bold: true), RunValue(10, 10, color: "#FF3B30")]
    ),
    // Nesting: each piece carries every attribute over it.
    (
      "*bold _and italic_*", "bold and italic",
      [RunValue(0, 5, bold: true), RunValue(5, 10, bold: true, italic: true)]
    ),
    ("[*red bold*](#FF3B30)", "red bold", [RunValue(0, 8, bold: true, color: "#FF3B30")]),
    (
      "_a *b [c](#00F) d* e_", "a b c d e",
      [
        RunValue(0, 2, italic: true), RunValue(2, 2, bold: true, italic: true),
        RunValue(4, 1, bold: true, italic: true, color: "#0000FF"),
        RunValue(5, 2, bold: true, italic: true), RunValue(7, 2, italic: true),
      ]
    ),
    // An inner colour wins over an outer one.
    (
      "[a [b](#00F) c](#F00)", "a b c",
      [
        RunValue(0, 2, color: "#FF0000"), RunValue(2, 1, color: "#0000FF"),
        RunValue(3, 2, color: "#FF0000"),
      ]
    ),
    // Neighbours with the same attributes merge; empty spans give no run.
    ("*a**b*", "ab", [RunValue(0, 2, bold: true)]),
    ("x**y__z[](#000)", "xyz", []),
    // Escapes: the character itself.
    (#"\*not bold\* \_ \[ \] \\"#, #"*not bold* _ [ ] \"#, []),
    (#"*a\*b*"#, "a*b", [RunValue(0, 3, bold: true)]),
    (#"\e\m"#, "em", []),
    // UTF-16 ranges: 👩‍👩‍👧 is 8 code units, 🇫🇷 4, 👍🏽 4, é (e + U+0301) 2.
    ("👩‍👩‍👧 *hi*", "👩‍👩‍👧 hi", [RunValue(9, 2, bold: true)]),
    ("*🇫🇷*_👍🏽_", "🇫🇷👍🏽", [RunValue(0, 4, bold: true), RunValue(4, 4, italic: true)]),
    ("e\u{301} [日本](#123)", "e\u{301} 日本", [RunValue(3, 2, color: "#112233")]),
    ("*𠀀*", "𠀀", [RunValue(0, 2, bold: true)]),
  ]

  @Test("Markup parses into text and flattened runs", arguments: parsed)
  func parse(markup: String, text: String, runs: [RunValue]) throws {
    let parsed = try AttributedPlaceholder(markup: markup)
    #expect(parsed.text == text)
    #expect(parsed.runs.map(RunValue.init) == runs)
    // Runs never overlap, are in order, and lie inside the text's UTF-16.
    var end = 0
    for run in parsed.runs {
      #expect(run.range.location >= end && run.range.length > 0)
      end = NSMaxRange(run.range)
      #expect(run.font == nil)
    }
    #expect(end <= text.utf16.count)
  }

  static let colourForms = "expected [text](#RGB), [text](#RRGGBB) or [text](#RRGGBBAA)"

  static let errors: [(String, PlaceholderError, String)] = [
    (
      "*abc", .unclosedMarker("*", offset: 0),
      "attributedPlaceholder: * at character 0 is never closed: expected a closing *"
    ),
    (
      "a *b _c", .unclosedMarker("*", offset: 2),
      "attributedPlaceholder: * at character 2 is never closed: expected a closing *"
    ),
    (
      "ab _c", .unclosedMarker("_", offset: 3),
      "attributedPlaceholder: _ at character 3 is never closed: expected a closing _"
    ),
    (
      "ab [x", .unclosedMarker("[", offset: 3),
      "attributedPlaceholder: [ at character 3 is never closed: expected a closing ](#RRGGBB)"
    ),
    // Offsets count characters: the family emoji is one.
    (
      "👩‍👩‍👧 *x", .unclosedMarker("*", offset: 2),
      "attributedPlaceholder: * at character 2 is never closed: expected a closing *"
    ),
    (
      "*a _b* c_", .misnestedMarker("*", offset: 5, open: "_"),
      "attributedPlaceholder: * at character 5 closes across _, which is still open: "
        + "expected _ first (spans must nest)"
    ),
    (
      "[a *b](#F00)*", .misnestedMarker("]", offset: 5, open: "*"),
      "attributedPlaceholder: ] at character 5 closes across *, which is still open: "
        + "expected * first (spans must nest)"
    ),
    (
      "_[x_](#F00)", .misnestedMarker("_", offset: 3, open: "["),
      "attributedPlaceholder: _ at character 3 closes across [, which is still open: "
        + "expected ](#RRGGBB) first (spans must nest)"
    ),
    (
      "a ] b", .unexpectedMarker("]", offset: 2),
      "attributedPlaceholder: ] at character 2 closes nothing: expected a [ before it "
        + #"(write \] for the character itself)"#
    ),
    (
      "[x](red)", .badColor("red", offset: 4),
      "attributedPlaceholder: colour \"red\" at character 4 is not a colour: "
        + colourForms
    ),
    (
      "[x](#12345)", .badColor("#12345", offset: 4),
      "attributedPlaceholder: colour \"#12345\" at character 4 is not a colour: "
        + colourForms
    ),
    (
      "[x](#GG0000)", .badColor("#GG0000", offset: 4),
      "attributedPlaceholder: colour \"#GG0000\" at character 4 is not a colour: "
        + colourForms
    ),
    (
      "[x]", .badColor("", offset: 3),
      "attributedPlaceholder: colour \"\" at character 3 is not a colour: "
        + colourForms
    ),
    (
      "[x] and more", .badColor(" and more", offset: 3),
      "attributedPlaceholder: colour \" and more\" at character 3 is not a colour: "
        + colourForms
    ),
    (
      "[x](#FF0000", .badColor("(#FF0000", offset: 3),
      "attributedPlaceholder: colour \"(#FF0000\" at character 3 is not a colour: "
        + colourForms
    ),
    (
      #"abc\"#, .danglingEscape(offset: 3),
      #"attributedPlaceholder: \ at character 3 escapes nothing: "#
        + #"expected a character after it (write \\ for a backslash)"#
    ),
    (
      #"🇫🇷\"#, .danglingEscape(offset: 1),
      #"attributedPlaceholder: \ at character 1 escapes nothing: "#
        + #"expected a character after it (write \\ for a backslash)"#
    ),
  ]

  @Test("Each PlaceholderError names the bad marker and its offset", arguments: errors)
  func error(markup: String, error: PlaceholderError, message: String) {
    #expect(throws: error) { try AttributedPlaceholder(markup: markup) }
    #expect(error.description == message)
  }

  @Test("A ] with no [ before it closes nothing, even inside another span")
  func closingBracketWithoutOpening() {
    // PlaceholderError.unexpectedMarker: "A `]` with no `[` before it."
    #expect(throws: PlaceholderError.unexpectedMarker("]", offset: 0)) {
      try AttributedPlaceholder(markup: "]")
    }
    #expect(throws: PlaceholderError.unexpectedMarker("]", offset: 2)) {
      try AttributedPlaceholder(markup: "*a]*")
    }
  }

  @Test("A marker joined by a combining mark into one character is text, as documented")
  func markerWithCombiningMark() throws {
    // `*` + U+0301 is one grapheme cluster: text, so the later `*` opens a
    // span that never closes.
    let plain = try AttributedPlaceholder(markup: "*\u{301}a")
    #expect(plain.text == "*\u{301}a" && plain.runs.isEmpty)
    #expect(throws: PlaceholderError.unclosedMarker("*", offset: 2)) {
      try AttributedPlaceholder(markup: "*\u{301}a*")
    }
    // A mark after the span's first character keeps the marker a marker.
    let bold = try AttributedPlaceholder(markup: "*a\u{301}*")
    #expect(bold.text == "a\u{301}" && bold.runs.count == 1)
  }
}

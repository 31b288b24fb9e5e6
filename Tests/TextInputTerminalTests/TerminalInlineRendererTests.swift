import Foundation
import PropertyBased
import Testing
import TextInputKit
import UnicodeTestSupport

/// A terminal that understands what the inline renderer writes (CR, LF,
/// CUU, CUD, CUF, ED 0, cursor show / hide; SGR and OSC 8 are skipped),
/// with rows that scroll up at the bottom: enough to see what is left on
/// screen and where the cursor is.
struct InlineTerminalModel {
  var rows: [[String]]
  var row: Int
  var column = 0
  var cursorShown = true
  /// Rows that scrolled off the top.
  var scrolled = 0
  let columns: Int

  init(columns: Int, rows: Int, lines: [String]) {
    self.columns = columns
    self.rows = (0..<rows).map { index in
      let text = index < lines.count ? Array(lines[index]).map(String.init) : []
      return (0..<columns).map { $0 < text.count ? text[$0] : " " }
    }
    row = lines.count
  }

  var text: [String] { rows.map { $0.joined().replacingOccurrences(of: "\u{0}", with: "") } }

  mutating func lineFeed() {
    if row == rows.count - 1 {
      rows.removeFirst()
      rows.append(Array(repeating: " ", count: columns))
      scrolled += 1
    } else {
      row += 1
    }
  }

  mutating func feed(_ bytes: String) {
    var scalars = Array(bytes.unicodeScalars)[...]
    var clusterBuffer = ""
    func flushText() {
      for character in clusterBuffer {
        let width = TerminalWidthProfile.graphemeClusters.width(of: String(character))
        guard width > 0 else { continue }
        if column + width > columns { continue }
        rows[row][column] = String(character)
        for extra in 1..<width { rows[row][column + extra] = "\u{0}" }
        column += width
      }
      clusterBuffer = ""
    }
    while let scalar = scalars.popFirst() {
      switch scalar {
      case "\r":
        flushText()
        column = 0
      case "\n":
        flushText()
        lineFeed()
      case "\u{1B}":
        flushText()
        guard let kind = scalars.popFirst() else { return }
        if kind == "]" {
          // OSC … ST (ESC \)
          while let next = scalars.popFirst() {
            if next == "\u{1B}" {
              _ = scalars.popFirst()
              break
            }
          }
          continue
        }
        guard kind == "[" else { continue }
        var parameters = ""
        var final: Unicode.Scalar = " "
        while let next = scalars.popFirst() {
          if (0x40...0x7E).contains(next.value) {
            final = next
            break
          }
          parameters.unicodeScalars.append(next)
        }
        let number = Int(parameters) ?? 1
        switch final {
        case "A": row = max(row - number, 0)
        case "B": row = min(row + number, rows.count - 1)
        case "C": column = min(column + number, columns - 1)
        case "J":
          for index in column..<columns { rows[row][index] = " " }
          for below in (row + 1)..<rows.count {
            rows[below] = Array(repeating: " ", count: columns)
          }
        case "h" where parameters == "?25": cursorShown = true
        case "l" where parameters == "?25": cursorShown = false
        default: break
        }
      default:
        clusterBuffer.unicodeScalars.append(scalar)
      }
    }
    flushText()
  }
}

@Suite struct TerminalInlineRendererTests {
  func frame(_ lines: [String], columns: Int = 20, cursor: TerminalPosition? = nil)
    -> TerminalScreen
  {
    var screen = TerminalScreen(columns: columns, rows: lines.count)
    for (row, line) in lines.enumerated() { screen.write(line, row: row, column: 0) }
    screen.cursor = cursor
    return screen
  }

  /// What the shell printed stays; the region starts on the cursor's row;
  /// growing, shrinking and finishing keep it in place.
  @Test func framesStayBelowTheShellsOutput() {
    var terminal = InlineTerminalModel(columns: 20, rows: 8, lines: ["$ seq 1 2", "1", "2"])
    var inline = TerminalInlineRenderer()
    terminal.feed(inline.update(to: frame(["Name: A"], cursor: .init(row: 0, column: 7))))
    #expect(
      terminal.text[0...3].map { $0.trimmingCharacters(in: .whitespaces) } == [
        "$ seq 1 2", "1", "2", "Name: A",
      ])
    #expect(terminal.row == 3 && terminal.column == 7 && terminal.cursorShown)
    terminal.feed(
      inline.update(to: frame(["Notes:", "one", "two"], cursor: .init(row: 1, column: 3))))
    #expect(
      terminal.text[3...5].map { $0.trimmingCharacters(in: .whitespaces) } == [
        "Notes:", "one", "two",
      ])
    #expect(terminal.row == 4 && terminal.column == 3)
    terminal.feed(inline.update(to: frame(["Notes:", "x"], cursor: .init(row: 1, column: 1))))
    #expect(
      terminal.text[3...5].map { $0.trimmingCharacters(in: .whitespaces) } == [
        "Notes:", "x", "",
      ])
    terminal.feed(inline.finish())
    #expect(terminal.row == 5 && terminal.column == 0 && terminal.cursorShown)
    #expect(terminal.text[0] == "$ seq 1 2" + String(repeating: " ", count: 11))
  }

  /// At the bottom of the screen, a growing region scrolls the terminal and
  /// stays whole on screen.
  @Test func aRegionAtTheBottomScrollsTheTerminal() {
    var terminal = InlineTerminalModel(
      columns: 10, rows: 4, lines: ["a", "b", "c"])
    var inline = TerminalInlineRenderer()
    terminal.feed(inline.update(to: frame(["1"], columns: 10)))
    terminal.feed(
      inline.update(to: frame(["1", "2", "3"], columns: 10, cursor: .init(row: 2, column: 1))))
    #expect(terminal.scrolled == 2)
    #expect(terminal.text.map { $0.trimmingCharacters(in: .whitespaces) } == ["c", "1", "2", "3"])
    #expect(terminal.row == 3 && terminal.column == 1)
  }

  /// After `invalidate()` (a resize, Ctrl-L) the region is cleared from its
  /// top and drawn whole.
  @Test func invalidateRedrawsFromTheTop() {
    var terminal = InlineTerminalModel(columns: 12, rows: 6, lines: ["$"])
    var inline = TerminalInlineRenderer()
    terminal.feed(inline.update(to: frame(["abc", "def"], columns: 12)))
    inline.invalidate()
    terminal.feed(inline.update(to: frame(["xy"], columns: 12)))
    #expect(
      terminal.text[0...2].map { $0.trimmingCharacters(in: .whitespaces) } == [
        "$", "xy", "",
      ])
  }

  /// Made narrower, a reflowing terminal wraps each row wider than the new
  /// width: the region's top is that many rows up. Rows are written only up
  /// to their last visible cell, so a short row stays one row.
  @Test func aNarrowerTerminalCountsWrappedRows() {
    var inline = TerminalInlineRenderer()
    let wide = frame(
      ["Notes:", String(repeating: "x", count: 30), "ab"], columns: 40,
      cursor: .init(row: 2, column: 2))
    let bytes = inline.update(to: wide)
    #expect(!bytes.contains("Notes:" + String(repeating: " ", count: 10)))
    inline.resize(columns: 12)
    // "Notes:" 1 row, 30 x's 3 rows: the cursor's row is 4 rows below the top.
    #expect(inline.cursorRow == 4)
    #expect(inline.rowsTaken == 5)
    #expect(inline.shown == nil)
    inline.resize(columns: 50)
    #expect(inline.cursorRow == 4)
  }

  /// Random frames of hard text: after each, the model terminal shows the
  /// frame under the shell's lines, and the cursor is on the frame's cursor.
  @Test func randomFramesReplayExactly() async {
    let lines = Generator<[[String]], Shrink.None<[[String]]>> { rng in
      let pieces = ["日本", "👍🏽", "a", "e\u{301}", "🇫🇷", " ", "مرحبا", "\t"]
      return (0..<Int.random(in: 1...6, using: &rng)).map { _ in
        (0..<Int.random(in: 1...3, using: &rng)).map { _ in
          (0..<Int.random(in: 0...5, using: &rng)).map { _ in
            pieces.randomElement(using: &rng) ?? "a"
          }.joined()
        }
      }
    }
    await propertyCheck(count: CheckScale.cases(60, full: 600), input: lines) { frames in
      var terminal = InlineTerminalModel(columns: 12, rows: 10, lines: ["$ run"])
      var inline = TerminalInlineRenderer()
      for rows in frames {
        let screen = frame(rows, columns: 12, cursor: .init(row: rows.count - 1, column: 0))
        terminal.feed(inline.update(to: screen))
        let top = 1 - terminal.scrolled
        for index in 0..<screen.rows where top + index >= 0 {
          let expected = (0..<12).map { column -> String in
            let cell = screen[index, column]
            return cell.isContinuation ? "" : cell.text
          }.joined()
          #expect(terminal.text[top + index] == expected)
        }
        #expect(terminal.row == top + rows.count - 1 && terminal.column == 0)
        if top > 0 { #expect(terminal.text[0].hasPrefix("$ run")) }
      }
    }
  }
}

@Suite struct TerminalPromptPlainTests {
  func pipe(_ bytes: String) -> Int32 { pipeHolding(bytes) }

  func options(_ input: Int32) -> TerminalPromptOptions { plainOptions(reading: input) }

  @Test func plainLinesAreReadOneAfterAnother() throws {
    let input = pipe("Ann\r\nsecret\nline 1\nline 2\n")
    defer { close(input) }
    #expect(try TerminalPrompt.readLine("Name", options: options(input)) == "Ann")
    #expect(
      try TerminalPrompt.readLine(
        "Password", behaviours: [SecureEntry(), try CharacterLimit(limit: 4)],
        options: options(input)) == "secr")
    #expect(try TerminalPrompt.readText("Notes", options: options(input)) == "line 1\nline 2")
    #expect(try TerminalPrompt.readLine("More", options: options(input)) == nil)
  }

  @Test func aRefusedLineThrowsWithItsMessage() throws {
    let input = pipe("\n\u{1B}x\n")
    defer { close(input) }
    let validation = Validation(Validation.nonEmpty("Required"))
    #expect(throws: TerminalPromptError.refused(label: "Name", message: "Required", value: "")) {
      try TerminalPrompt.readLine("Name", behaviours: [validation], options: options(input))
    }
    // A control character is U+FFFD, never itself.
    #expect(try TerminalPrompt.readLine("Name", options: options(input)) == "\u{FFFD}x")
    // A masked value is not repeated in the error.
    let masked = pipe("ab\n")
    defer { close(masked) }
    let long = Validation(Validation.predicate("Too short") { $0.count >= 3 })
    #expect(
      throws: TerminalPromptError.refused(label: "Password", message: "Too short", value: nil)
    ) {
      try TerminalPrompt.readLine(
        "Password", behaviours: [SecureEntry(), long], options: options(masked))
    }
  }

  @Test func errorsNameTheValueVisibly() {
    let error = TerminalPromptError.refused(label: "Name", message: "Bad\u{7}", value: "a\u{1B}b")
    #expect(error.description == "Name: Bad␇ (got \"a␛b\")")
    let empty = TerminalPromptError.refused(label: "Name", message: "Required", value: "")
    #expect(empty.description == "Name: Required")
    let masked = TerminalPromptError.refused(label: "Password", message: "Too short", value: nil)
    #expect(masked.description == "Password: Too short")
    #expect(TerminalPromptError.interruptedExitStatus == 130)
  }

  @Test func plainModeIsChosenWithoutATerminal() {
    #expect(TerminalPrompt.usesPlainMode(input: -1, output: -1, environment: [:]))
    #expect(TerminalPrompt.usesPlainMode(environment: ["TEXTINPUTKIT_PLAIN": "1"]))
    #expect(TerminalPrompt.usesPlainMode(environment: ["TERM": "dumb"]))
  }
}

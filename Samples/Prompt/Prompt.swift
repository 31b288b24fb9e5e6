import ArgumentParser
import Foundation
import TextInputKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `swift run Samples prompt`: three fields asked inline, printed as JSON.
struct Prompt: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "prompt",
    abstract: "Ask for a name, a password and notes inline; print them as JSON.",
    usage: """
      Samples prompt [--width-profile <profile>] [--show-password]
                     [--history <file>]
      """,
    discussion: """
      Three fields, drawn below what the terminal shows (TerminalPrompt): Name (a \
      placeholder, must not be empty), Password (masked, at most 12 characters) and \
      Notes (several lines, links underlined; Alt-Enter, or Esc then Enter, submits). \
      Enter submits a one-line field; Ctrl-C cancels (exit status 130); Ctrl-D on an \
      empty field ends the input; Ctrl-Z suspends (fg resumes). The fields are drawn \
      on the terminal whatever standard output is, so $(…), > file and | jq work. \
      Standard output gets one JSON object: \
      {"name":…,"password_set":…,"notes":…}: name and notes are strings (null for a \
      field ended by Ctrl-D), password_set is true when a password was entered, false \
      when it was empty, null when ended. The password itself is printed only with \
      --show-password, as "password" after "password_set".

      When standard input is not a terminal (or TEXTINPUTKIT_PLAIN=1, or TERM=dumb), \
      no escape sequence is written: the name is the first line of standard input, \
      the password the second and the notes the lines after, up to an empty line. A \
      password typed at a terminal is not echoed. A refused value (an empty name) is \
      an error naming the field and the message (exit status 65).

      \(SamplesError.statusHelp) 130: cancelled with Ctrl-C.
      """
  )

  @Option(
    help: ArgumentHelp(
      "How cluster widths are measured: probe (ask the terminal; the default), clusters "
        + "(the library's), tmux.", valueName: "profile"))
  var widthProfile: Playground.WidthProfileChoice?

  @Flag(help: "Print the password in the JSON (\"password\"); by default only whether one was set.")
  var showPassword = false

  @Option(
    help: ArgumentHelp(
      "A history file: ↑ and Ctrl-R recall earlier names and notes, → accepts a hint; "
        + "each answer is appended (never the password).", valueName: "file"))
  var history: String?

  /// The three fields' behaviours, in the order they are asked.
  static func fields() throws -> [(
    key: String, label: String, multiLine: Bool,
    behaviours: [any EditorBehaviour]
  )] {
    [
      (
        "name", "Name", false,
        [TextPlaceholder("Your name"), Validation.required("Required")]
      ),
      ("password", "Password", false, [SecureEntry(), try CharacterLimit(limit: 12)]),
      ("notes", "Notes", true, [EditorLinks()]),
    ]
  }

  func run() throws {
    var options = TerminalPromptOptions()
    if let history {
      do {
        let file = try FileHistory(path: history)
        options.history = file
        options.hinter = HistoryHinter(file)
      } catch {
        throw SamplesError.noInput(history, reason: error.reason)
      }
    }
    switch widthProfile {
    case .clusters?: options.profile = .graphemeClusters
    case .tmux?: options.profile = .tmux
    case .probe?, nil: break
    }
    var values: [String?] = []
    for field in try Self.fields() {
      do {
        var fieldOptions = options
        // Tab in the notes completes a word or URL typed earlier in them.
        if field.multiLine { fieldOptions.completer = TypedWordCompleter() }
        values.append(
          field.multiLine
            ? try TerminalPrompt.readText(
              field.label, behaviours: field.behaviours, options: fieldOptions)
            : try TerminalPrompt.readLine(
              field.label, behaviours: field.behaviours, options: options)
        )
      } catch .interrupted {
        // Only when SIGINT is handled or ignored: by default Ctrl-C ends
        // the program with status 130 before the call returns.
        Foundation.exit(TerminalPromptError.interruptedExitStatus)
      } catch .refused(_, let message, _) {
        throw SamplesError.badData("\(field.label): \(message)")
      } catch .terminal(let error) {
        throw SamplesError(status: .ioError, message: "cannot set up the terminal: \(error)")
      }
    }
    print(Self.json(values, showPassword: showPassword))
  }

  /// `{"name":…,"password_set":…,"notes":…}`: name and notes as JSON
  /// strings or null; password_set true, false or null; with
  /// `showPassword`, `"password"` (a string or null) after it.
  static func json(_ values: [String?], showPassword: Bool = false) -> String {
    func value(_ index: Int) -> String? { values.indices.contains(index) ? values[index] : nil }
    let password = value(1)
    let set: Bool? = password.map { !$0.isEmpty }
    guard showPassword else {
      return OrderedJSON.object(["name": value(0), "password_set": set, "notes": value(2)])
    }
    return OrderedJSON.object([
      "name": value(0), "password_set": set, "password": password, "notes": value(2),
    ])
  }
}

/// Completes the word before the caret from the words already in the text
/// (white-space-delimited, so a URL is one word), newest first: Tab in the
/// notes repeats a name or a link typed earlier.
struct TypedWordCompleter: Completer {
  func completions(for text: String, caret: Int) -> [Completion] {
    let units = Array(text.utf16)
    let caret = min(max(caret, 0), units.count)
    var start = caret
    while start > 0, !Self.isSpace(units[start - 1]) { start -= 1 }
    guard start < caret else { return [] }
    let typed = Array(units[start..<caret])
    var seen = Set<String>()
    var words: [String] = []
    var end = units.count
    // Every other word, from the end of the text back.
    while end > 0 {
      while end > 0, Self.isSpace(units[end - 1]) { end -= 1 }
      var wordStart = end
      while wordStart > 0, !Self.isSpace(units[wordStart - 1]) { wordStart -= 1 }
      let word = Array(units[wordStart..<end])
      if wordStart != start, word.count > typed.count, word.starts(with: typed) {
        let text = String(decoding: word, as: UTF16.self)
        if seen.insert(text).inserted { words.append(text) }
      }
      end = wordStart
    }
    let range = NSRange(location: start, length: caret - start)
    return words.map { Completion(range: range, text: $0) }
  }

  static func isSpace(_ unit: UInt16) -> Bool {
    unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D
  }
}

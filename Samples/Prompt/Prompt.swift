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

  /// The three fields' behaviours, in the order they are asked.
  static func fields() throws -> [(
    key: String, label: String, multiLine: Bool,
    behaviours: [any EditorBehaviour]
  )] {
    [
      (
        "name", "Name", false,
        [TextPlaceholder("Your name"), Validation(Validation.nonEmpty("Required"))]
      ),
      ("password", "Password", false, [SecureEntry(), try CharacterLimit(limit: 12)]),
      ("notes", "Notes", true, [EditorLinks()]),
    ]
  }

  func run() throws {
    var options = TerminalPromptOptions()
    switch widthProfile {
    case .clusters?: options.profile = .graphemeClusters
    case .tmux?: options.profile = .tmux
    case .probe?, nil: break
    }
    var values: [String?] = []
    for field in try Self.fields() {
      do {
        values.append(
          field.multiLine
            ? try TerminalPrompt.readText(
              field.label, behaviours: field.behaviours, options: options)
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

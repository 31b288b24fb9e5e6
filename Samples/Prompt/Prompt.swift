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
      Notes (several lines, links underlined; Alt-Enter submits). Enter submits a \
      one-line field; Ctrl-C cancels (exit status 130); Ctrl-D on an empty field ends \
      the input. Standard output gets one JSON object: \
      {"name":…,"password":…,"notes":…} (null for a field ended by Ctrl-D).

      When standard input or output is not a terminal (or TEXTINPUTKIT_PLAIN=1), no \
      escape sequence is written: the name is the first line of standard input, the \
      password the second and the notes the rest. A refused value (an empty name) is \
      an error naming the field and the message (exit status 65).

      \(SamplesError.statusHelp) 130: cancelled with Ctrl-C.
      """
  )

  @Option(
    help: ArgumentHelp(
      "How cluster widths are measured: probe (ask the terminal; the default), clusters "
        + "(the library's), tmux.", valueName: "profile"))
  var widthProfile: Playground.WidthProfileChoice?

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
        Foundation.exit(TerminalPromptError.interruptedExitStatus)
      } catch .refused(let message, _) {
        throw SamplesError.badData("\(field.label): \(message)")
      } catch .terminal(let error) {
        throw SamplesError(status: .ioError, message: "cannot set up the terminal: \(error)")
      }
    }
    print(Self.json(values))
  }

  /// `{"name":…,"password":…,"notes":…}`: each value a JSON string, or null.
  static func json(_ values: [String?]) -> String {
    func value(_ index: Int) -> String? { values.indices.contains(index) ? values[index] : nil }
    return OrderedJSON.object(["name": value(0), "password": value(1), "notes": value(2)])
  }
}

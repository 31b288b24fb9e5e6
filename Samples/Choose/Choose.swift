import ArgumentParser
import Foundation
import TextInputKit

/// `swift run Samples choose`: a choice asked inline, printed as JSON.
struct Choose: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "choose",
    abstract: "Ask for one of the items, several (--multi) or yes/no (--confirm); print JSON.",
    usage: """
      Samples choose [--label <label>] [--multi] <items> ...
        Samples choose --confirm [--default yes|no] <question> ...
      """,
    discussion: """
      The items are drawn below what the terminal shows (TerminalPrompt.select): \
      ↑/↓ move, typing filters, Enter or a click chooses; with --multi Space checks \
      and Enter submits. Standard output gets {"indices":[…],"choices":[…]} (null for \
      both when ended with Ctrl-D). With --confirm the items are the question, y or n \
      answers and Enter takes --default; standard output gets {"answer":true|false|null}.

      When standard input is not a terminal (or TEXTINPUTKIT_PLAIN=1, or TERM=dumb), a \
      line is read: a number or an item's text (--multi: numbers separated by spaces \
      or commas; --confirm: y, yes, n or no). An answer that is none of those is an \
      error (exit status 65).

      \(SamplesError.statusHelp) 130: cancelled with Ctrl-C.
      """
  )

  @Option(help: "The label drawn before the list.")
  var label = "Choose"

  @Flag(help: "Check any number of items (Space checks, Enter submits).")
  var multi = false

  @Flag(help: "Ask the items, joined by spaces, as a yes-or-no question.")
  var confirm = false

  @Option(
    help: ArgumentHelp(
      "With --confirm, what Enter answers: yes or no (default: none).", valueName: "answer"))
  var `default`: String?

  @Argument(help: "The items to choose from (with --confirm, the question's words).")
  var items: [String] = []

  func validate() throws {
    guard !items.isEmpty else {
      throw ValidationError(confirm ? "give the question" : "give at least one item")
    }
    if let answer = `default`, answer != "yes", answer != "no" {
      throw ValidationError("--default must be yes or no, not '\(answer)'")
    }
    if `default` != nil, !confirm { throw ValidationError("--default goes with --confirm") }
  }

  func run() throws {
    do {
      if confirm {
        let answer = try TerminalPrompt.confirm(
          items.joined(separator: " "), defaultAnswer: `default`.map { $0 == "yes" })
        print(OrderedJSON.object(["answer": answer]))
        return
      }
      let indices: [Int]?
      if multi {
        indices = try TerminalPrompt.multiSelect(label, choices: items)
      } else {
        indices = try TerminalPrompt.select(label, choices: items).map { [$0] }
      }
      print(
        OrderedJSON.object(["indices": indices, "choices": indices.map { $0.map { items[$0] } }]))
    } catch .interrupted {
      // Only when SIGINT is handled or ignored: by default Ctrl-C ends the
      // program with status 130 before the call returns.
      Foundation.exit(TerminalPromptError.interruptedExitStatus)
    } catch .refused(let label, let message, _) {
      throw SamplesError.badData("\(label): \(message)")
    } catch .terminal(let error) {
      throw SamplesError(status: .ioError, message: "cannot set up the terminal: \(error)")
    }
  }
}

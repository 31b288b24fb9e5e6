import Foundation
import Testing

/// `Samples prompt` in plain mode (standard input not a terminal): its
/// documented JSON object, its errors and its exit statuses.
@Suite("Samples: prompt")
struct PromptTests {
  @Test("prompt, piped: one JSON object, no escape sequence")
  func piped() throws {
    let run = try SamplesProgram.run(["prompt"], input: "Ann\nsecret\nline 1\nline 2\n")
    #expect(run.status == 0)
    #expect(
      run.stdout
        == "{\"name\":\"Ann\",\"password_set\":true,\"notes\":\"line 1\\nline 2\"}\n")
    #expect(!run.stdout.utf8.contains(0x1B))
    #expect(!run.stderr.utf8.contains(0x1B))
  }

  @Test("prompt: the password is printed only with --show-password; notes end on an empty line")
  func showPassword() throws {
    let run = try SamplesProgram.run(
      ["prompt", "--show-password"], input: "Ann\n\nline 1\n\nnot read\n")
    #expect(run.status == 0)
    #expect(
      run.stdout
        == "{\"name\":\"Ann\",\"password_set\":false,\"password\":\"\",\"notes\":\"line 1\"}\n")
  }

  @Test("prompt: hard text and controls are kept as JSON escapes; a long password is cut")
  func hardText() throws {
    let run = try SamplesProgram.run(
      ["prompt", "--show-password"],
      input: "👩‍👩‍👧 مرحبا\u{1B}[A\u{202E}\n0123456789abcdef\nhttps://example.com")
    #expect(run.status == 0)
    // ESC was typed as a key (the field keeps U+FFFD); the bidi override
    // would reorder the printed line, so the JSON escapes it.
    #expect(
      run.stdout
        == "{\"name\":\"👩‍👩‍👧 مرحبا\u{FFFD}[A\\u202E\",\"password_set\":true,"
        + "\"password\":\"0123456789ab\",\"notes\":\"https://example.com\"}\n")
    // The cut is said on standard error, without the value.
    #expect(run.stderr == "Password: cut to 12 of 16 characters\n")
  }

  @Test("prompt: an empty name is refused with the validation message, status 65")
  func emptyName() throws {
    let run = try SamplesProgram.run(["prompt"], input: "\nsecret\n")
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == "Samples: error: Name: Required\n")
  }

  @Test("prompt: fields with no input left are null")
  func endOfInput() throws {
    let run = try SamplesProgram.run(["prompt"], input: "Ann\n")
    #expect(run.status == 0)
    #expect(run.stdout == "{\"name\":\"Ann\",\"password_set\":null,\"notes\":null}\n")
  }

  @Test("choose, piped: the item numbered or named on the line, as JSON")
  func choosePiped() throws {
    let one = try SamplesProgram.run(["choose", "red", "green", "日本"], input: "3\n")
    #expect(one.status == 0)
    #expect(one.stdout == "{\"indices\":[2],\"choices\":[\"日本\"]}\n")
    let named = try SamplesProgram.run(["choose", "red", "green"], input: "GREEN\n")
    #expect(named.stdout == "{\"indices\":[1],\"choices\":[\"green\"]}\n")
    let multi = try SamplesProgram.run(["choose", "--multi", "a", "b", "c"], input: "3,1\n")
    #expect(multi.stdout == "{\"indices\":[0,2],\"choices\":[\"a\",\"c\"]}\n")
    let ended = try SamplesProgram.run(["choose", "a"], input: "")
    #expect(ended.stdout == "{\"indices\":null,\"choices\":null}\n")
    let bad = try SamplesProgram.run(["choose", "--label", "Colour", "a", "b"], input: "7\n")
    #expect(bad.status == 65)
    #expect(bad.stderr == "Samples: error: Colour: choose a number from 1 to 2\n")
  }

  @Test("choose --confirm, piped: y, n, the default, or an error")
  func confirmPiped() throws {
    let yes = try SamplesProgram.run(["choose", "--confirm", "Sure?"], input: "Yes\n")
    #expect(yes.stdout == "{\"answer\":true}\n")
    let fallback = try SamplesProgram.run(
      ["choose", "--confirm", "--default", "no", "Sure?"], input: "\n")
    #expect(fallback.stdout == "{\"answer\":false}\n")
    let bad = try SamplesProgram.run(["choose", "--confirm", "Sure?"], input: "maybe\n")
    #expect(bad.status == 65)
    #expect(bad.stderr == "Samples: error: Sure?: answer y or n\n")
    let usage = try SamplesProgram.run(["choose"])
    #expect(usage.status == 64)
  }

  @Test("repl, piped: each line echoed, the history listed, quit ends")
  func replPiped() throws {
    let run = try SamplesProgram.run(["repl"], input: "select 1\nhistory\nquit\nnot read\n")
    #expect(run.status == 0)
    #expect(run.stdout == "=> select 1\nselect 1\nhistory\n")
  }

  @Test("prompt --history: the name and notes are kept, never the password")
  func promptHistory() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("prompt-history-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: file) }
    let run = try SamplesProgram.run(
      ["prompt", "--history", file], input: "Ann\nsecret3\nsee you\n\n")
    #expect(run.status == 0)
    let listed = try SamplesProgram.run(["history", file])
    #expect(listed.stdout == "Ann\nsee you\n")
    let bytes = try String(contentsOfFile: file, encoding: .utf8)
    #expect(!bytes.contains("secret3"))
  }

  @Test("Every help line fits 80 columns")
  func helpFits() throws {
    for command in [
      "", "measure", "links", "plugins", "playground", "prompt", "choose", "repl", "hit-test",
      "tour",
    ] {
      let run = try SamplesProgram.run(command.isEmpty ? ["--help"] : [command, "--help"])
      for line in run.stdout.split(separator: "\n") {
        #expect(line.count <= 80, "\(command): \(line)")
      }
    }
  }
}

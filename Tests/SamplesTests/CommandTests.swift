import Foundation
import Testing

/// The command line itself: the tour, unknown subcommands, options' values.
@Suite("Samples: the command line")
struct CommandTests {
  @Test("The tour (the default subcommand) has every module's section")
  func tour() throws {
    let run = try SamplesProgram.run([])
    #expect(run.status == 0)
    for section in [
      "TextInputBase", "TextMetrics", "TextLayout", "TextInputCore", "RightAlignedSpaces",
      "LabelInsets", "TextPlaceholder", "TextLinks", "TextFieldRules", "HitAreas",
      "TextInputTerminal",
    ] {
      #expect(run.stdout.contains("## \(section)"), "the tour lacks its \(section) section")
    }
    // It ends by naming the subcommands.
    for command in [
      "measure", "links", "plugins", "playground", "prompt", "choose", "repl", "hit-test",
      "identify",
    ] {
      #expect(run.stdout.contains("swift run Samples \(command):"))
    }
  }

  @Test("An unknown subcommand is a usage error listing the subcommands")
  func unknownSubcommand() throws {
    let run = try SamplesProgram.run(["bogus"])
    #expect(run.status == ExitStatus.usage)
    #expect(
      run.stderr.hasPrefix(
        "Samples: error: unknown subcommand 'bogus'. The subcommands are: tour (the default), "
          + "measure, links, plugins, playground, prompt, choose, repl, hit-test, identify, history."
      ))
    let near = try SamplesProgram.run(["mesure"])
    #expect(near.status == ExitStatus.usage)
    #expect(
      near.stderr.hasPrefix("Samples: error: unknown subcommand 'mesure'; did you mean 'measure'?"))
    let escaped = try SamplesProgram.run(["b\u{1B}[31mx"])
    #expect(escaped.stderr.hasPrefix(#"Samples: error: unknown subcommand 'b\u{001B}[31mx'."#))
    #expect(!hasRawControl(escaped.stderr))
  }

  @Test("--help documents the exit statuses")
  func help() throws {
    let run = try SamplesProgram.run(["--help"])
    #expect(run.status == 0)
    let text = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for status in ["64 a usage error", "65 malformed input", "66 an input file"] {
      #expect(text.contains(status))
    }
  }

  @Test(
    "Negative numbers are option values, refused by their range",
    arguments: [
      (["playground", "--width", "-5"], "--width -5 is out of range: use 10…200 cells"),
      (["playground", "--height", "-1"], "--height -1 is out of range: use 3…60 cells"),
      (
        ["hit-test", "tree.json", "--cell-width", "-2"],
        "--cell-width -2: expected a number of points above 0"
      ),
    ])
  func negativeValues(arguments: [String], message: String) throws {
    let run = try SamplesProgram.run(arguments)
    #expect(run.status == ExitStatus.usage)
    #expect(run.stderr.hasPrefix("Samples: error: " + message + "\n"))
  }

  @Test("identify outside a terminal, and a bad cluster list, are errors naming them")
  func identifyErrors() throws {
    let notATerminal = try SamplesProgram.run(["identify"], input: "")
    #expect(notATerminal.status == 74)
    #expect(notATerminal.stderr.hasPrefix("Samples: error: cannot set up the terminal: "))
    let zero = try SamplesProgram.run(["identify", "--batch", "0"])
    #expect(zero.status == ExitStatus.usage)
    #expect(zero.stderr.hasPrefix("Samples: error: --batch must be at least 1, not 0\n"))
    let missing = try SamplesProgram.run(["identify", "--clusters", "/nonexistent/list.txt"])
    #expect(missing.status == ExitStatus.noInput)
    #expect(missing.stderr.contains("/nonexistent/list.txt"))
  }

  @Test("playground --password --limit: one • per grapheme cluster, the count below")
  func passwordAndLimit() throws {
    let arguments = ["playground", "--script", "--password", "--limit", "5"]
    let run = try SamplesProgram.run(
      arguments + ["--width", "20", "--height", "4"], input: "ab\u{1F44D}\u{1F3FD}cdefgh")
    #expect(run.status == 0)
    #expect(run.lines.contains("|  •••••             |"))
    #expect(run.lines.contains("|                 5/5|"))
    #expect(run.lines.last == "caret row 1, column 7")
    // A password is not a link: typed as a URL, a click on it (once the view
    // no longer edits) opens nothing.
    let url = try SamplesProgram.run(
      ["playground", "--script", "--password"],
      input: "www.a.org\u{1B}[<0;60;12M\u{1B}[<0;60;12m\u{1B}[<0;5;3M\u{1B}[<0;5;3m")
    #expect(!url.stdout.contains("www.a.org"), "\(url.stdout)")
    #expect(url.lines.contains("|  •••••••••                             |"), "\(url.stdout)")
    let negative = try SamplesProgram.run(["playground", "--limit", "-2"])
    #expect(negative.status == ExitStatus.usage)
    #expect(
      negative.stderr.contains(
        "'characterLimit.limit' = '-2': character limit -2 is negative: expected 0 (no limit) "
          + "or more grapheme clusters"))
  }

  @Test(
    "An enumerated option refuses another value, listing the valid ones; --help lists them",
    arguments: [
      (["links", "--rules", "strict"], "'extended'", "links"),
      (["links", "--kinds", "url,bogus"], "hashtag", "links"),
      (["hit-test", "t.json", "--policy", "nah"], "'frontMost'", "hit-test"),
      (["playground", "--mode", "wobbly"], "'floating'", "playground"),
      (["playground", "--align", "middle"], "natural", "playground"),
    ])
  func enumeratedOptions(arguments: [String], listed: String, subcommand: String) throws {
    let run = try SamplesProgram.run(arguments)
    #expect(run.status == ExitStatus.usage)
    #expect(run.stderr.hasPrefix("Samples: error: The value '\(arguments[arguments.count - 1])'"))
    #expect(run.stderr.contains(listed.trimmingCharacters(in: CharacterSet(charactersIn: "'"))))
    let help = try SamplesProgram.run([subcommand, "--help"])
    #expect(help.stdout.contains("(values: "))
  }

  @Test("plugins lists the standard registry as a table and as JSON")
  func plugins() throws {
    let table = try SamplesProgram.run(["plugins"])
    #expect(table.status == 0)
    #expect(table.lines.first?.hasPrefix("id") == true)
    for id in ["editor", "hitAreas", "labelInsets", "links", "placeholder", "rightAlignedSpaces"] {
      #expect(table.lines.contains { $0.hasPrefix(id + " ") }, "no row for \(id)")
    }
    let json = try SamplesProgram.run(["plugins", "--json"])
    #expect(json.status == 0)
    let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
    #expect(decoded?.compactMap { $0["id"] as? String }.contains("editor") == true)
  }
}

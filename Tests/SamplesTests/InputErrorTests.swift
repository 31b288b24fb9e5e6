import Foundation
import Testing

/// Every subcommand that reads input reads it through one reader and fails
/// one way: a missing file, a directory, empty input and malformed input.
@Suite("Samples: input errors, one style")
struct InputErrorTests {
  /// The subcommands that read a file, each with the arguments that make it
  /// read `path`.
  struct Reader: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: @Sendable (String) -> [String]
    var testDescription: String { name }
  }

  static let readers: [Reader] = [
    Reader(name: "measure") { ["measure", $0] },
    Reader(name: "measure --summary") { ["measure", "--summary", $0] },
    Reader(name: "links") { ["links", $0] },
    Reader(name: "links --json") { ["links", "--json", $0] },
    Reader(name: "hit-test") { ["hit-test", $0] },
    Reader(name: "playground --config") { ["playground", "--script", "--config", $0] },
  ]

  @Test("A missing file: the system's reason, status 66", arguments: readers)
  func missingFile(reader: Reader) throws {
    let folder = try TemporaryFolder()
    let run = try SamplesProgram.run(reader.arguments(folder.missing))
    #expect(run.status == ExitStatus.noInput)
    #expect(run.stdout == "")
    #expect(
      run.stderr
        == "Samples: error: cannot read '\(folder.missing)': No such file or directory\n")
  }

  @Test("A directory: 'Is a directory', status 66", arguments: readers)
  func directory(reader: Reader) throws {
    let folder = try TemporaryFolder()
    let run = try SamplesProgram.run(reader.arguments(folder.url.path))
    #expect(run.status == ExitStatus.noInput)
    #expect(run.stderr == "Samples: error: cannot read '\(folder.url.path)': Is a directory\n")
  }

  @Test("A file name with controls is quoted with them escaped", arguments: readers)
  func controlsInAPath(reader: Reader) throws {
    let run = try SamplesProgram.run(reader.arguments("/nonexistent/a\u{1B}]0;x\u{07}b"))
    #expect(run.status == ExitStatus.noInput)
    #expect(run.stderr.contains(#"'/nonexistent/a\u{001B}]0;x\u{0007}b'"#))
    #expect(!hasRawControl(run.stderr))
  }

  @Test("Empty input: measure and links print nothing, status 0")
  func emptyText() throws {
    for arguments in [["measure"], ["measure", "--json"], ["links"], ["links", "--json"]] {
      let run = try SamplesProgram.run(arguments)
      #expect(run.status == 0, "\(arguments)")
      #expect(run.stdout == "", "\(arguments)")
      #expect(run.stderr == "", "\(arguments)")
    }
    let summary = try SamplesProgram.run(["measure", "--summary", "-"])
    #expect(summary.lines == ["bytes=0 utf16=0 graphemes=0 width=0 lineBreaks=0"])
  }

  @Test("Empty input: an empty tree is malformed JSON at line 1, column 1")
  func emptyTree() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("tree.json", "")
    let run = try SamplesProgram.run(["hit-test", path])
    #expect(run.status == ExitStatus.badData)
    #expect(
      run.stderr
        == "Samples: error: '\(path)', line 1, column 1: not valid JSON: empty input: "
        + "expected a JSON value\n")
    // No points on standard input: nothing printed, status 0.
    let tree = try folder.write("ok.json", #"{"id": "w", "frame": "{{0, 0}, {9, 9}}"}"#)
    let none = try SamplesProgram.run(["hit-test", tree])
    #expect(none.status == 0 && none.stdout == "" && none.stderr == "")
  }

  @Test("Empty input: an empty --config file is the defaults")
  func emptyConfig() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("empty.conf", "")
    let run = try SamplesProgram.run(["playground", "--script", "--config", path])
    #expect(run.status == 0)
    #expect(run.lines.contains("|  Type something…                       |"))
  }

  @Test(
    "Malformed JSON: the line and column of the first error, status 65",
    arguments: [
      (#"{"id": "w","# + "\n" + #" "frame": "#, "line 2, column 11", "unexpected end of input"),
      (#"{"id": "w" "frame": "{{0, 0}, {1, 1}}"}"#, "line 1, column 12", "expected ',' or '}'"),
      ("[1,\n\n   x]", "line 3, column 4", "expected a value"),
      (#"{"id": "é"} x"#, "line 1, column 13", "expected the end of the input"),
    ])
  func malformedJSON(json: String, position: String, problem: String) throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("tree.json", json)
    let run = try SamplesProgram.run(["hit-test", path])
    #expect(run.status == ExitStatus.badData)
    #expect(run.stderr.hasPrefix("Samples: error: '\(path)', \(position): not valid JSON: "))
    #expect(run.stderr.contains(problem))
  }

  @Test("Malformed JSON on standard input ('-') is named so")
  func malformedJSONOnStandardInput() throws {
    let run = try SamplesProgram.run(["hit-test", "-"], input: "{\"id\": ")
    #expect(run.status == ExitStatus.badData)
    #expect(run.stderr.hasPrefix("Samples: error: standard input, line 1, column 8: "))
  }

  @Test("A malformed tree names the view and the key, status 65")
  func malformedTree() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "bad.json",
      #"{"id": "w", "frame": "{{0, 0}, {9, 9}}", "subviews": [{"id": "b", "frame": "{{0, 0}, {1}}"}]}"#
    )
    let run = try SamplesProgram.run(["hit-test", path])
    #expect(run.status == ExitStatus.badData)
    #expect(run.stderr.hasPrefix("Samples: error: '\(path)': view 'b', key 'frame': "))
  }

  @Test("A malformed point line names its line, controls escaped, status 65")
  func malformedPoint() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("tree.json", #"{"id": "w", "frame": "{{0, 0}, {9, 9}}"}"#)
    let run = try SamplesProgram.run(["hit-test", path], input: "1 1\nfoo\u{1B}\n")
    #expect(run.status == ExitStatus.badData)
    #expect(run.stdout == "1 1 w\n")
    #expect(
      run.stderr
        == #"Samples: error: standard input, line 2: expected 'x y' (two finite numbers), got 'foo\u{001B}'"#
        + "\n")
  }

  @Test("A malformed --config line names the file, line and key, status 65")
  func malformedConfig() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("bad.conf", "# a typo\neditor.alignmnet = right\n")
    let run = try SamplesProgram.run(["playground", "--script", "--config", path])
    #expect(run.status == ExitStatus.badData)
    #expect(
      run.stderr.contains(
        "'\(path)': line 2: unknown key 'editor.alignmnet'; did you mean 'editor.alignment'?"))
  }

  @Test("Malformed text (invalid UTF-8) decodes to U+FFFD in measure and links")
  func invalidUTF8() throws {
    let measure = try SamplesProgram.run(["measure", "--json"], input: [0xFF, 0x0A])
    #expect(measure.status == 0)
    #expect(
      measure.lines == [
        #"{"utf16":1,"graphemes":[0,1],"widths":[1],"width":1,"lineBreaks":[1],"words":[0,1]}"#
      ])
    let links = try SamplesProgram.run(
      ["links", "--json"], input: [0x61, 0x20, 0xFF, 0x20] + Array("www.a.org\n".utf8))
    #expect(
      links.lines == [
        #"{"range":[4,9],"kind":"url","text":"www.a.org","target":"http://www.a.org"}"#
      ])
  }
}

import Foundation
import Testing

/// `hit-test` and `playground --script`: their documented outputs.
@Suite("Samples: hit-test and playground")
struct HitTestPlaygroundTests {
  /// A card whose close button's enlarged area crosses the card's edge, a
  /// round avatar, and a scrolled list (the HitAreas guide's example).
  static let tree = #"""
    {"id": "window", "frame": "{{0, 0}, {320, 200}}", "subviews": [
      {"id": "card", "frame": "{{20, 20}, {200, 100}}", "allowsSubviewHitsOutside": true, "subviews": [
        {"id": "close", "frame": "{{176, 4}, {20, 20}}", "hitTestEdgeInsets": "{-12, -12, -12, -12}"},
        {"id": "avatar", "frame": "{{10, 10}, {44, 44}}", "hitShape": "circle {22, 22} 22",
         "hitIncludesBounds": false}]},
      {"id": "list", "frame": "{{0, 130}, {320, 70}}", "bounds": "{0, 60}", "clipsToBounds": true,
       "subviews": [
        {"id": "row0", "frame": "{{0, 0}, {320, 44}}"},
        {"id": "row1", "frame": "{{0, 44}, {320, 44}}", "hitTestExpandRects": ["{{0, 44}, {40, 10}}"]},
        {"id": "row2", "frame": "{{0, 88}, {320, 44}}", "hidden": true}]}]}
    """#

  @Test("hit-test: what each point hits")
  func points() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("tree.json", Self.tree)
    let run = try SamplesProgram.run(
      ["hit-test", path], input: "224 30\n225 10\n21 21\n40 40\n10 135\n10 165\n-1 -1\n")
    #expect(run.status == 0)
    #expect(
      run.lines == [
        "224 30 close", "225 10 window", "21 21 card", "40 40 avatar", "10 135 row1",
        "10 165 row1", "-1 -1 -",
      ])
    let uikit = try SamplesProgram.run(["hit-test", path, "--policy", "uikit"], input: "224 30\n")
    #expect(uikit.lines == ["224 30 window"])
  }

  @Test("hit-test --map and --svg show the close button's region")
  func mapAndSVG() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("tree.json", Self.tree)
    let svg = folder.url.appendingPathComponent("map.svg").path
    let run = try SamplesProgram.run(["hit-test", path, "--map", "--svg", svg], input: "224 30\n")
    #expect(run.status == 0)
    #expect(run.lines.contains("C  close (c: enlarged)"))
    #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("<title>C close</title>"))
    let unwritable = try SamplesProgram.run(
      ["hit-test", path, "--svg", folder.missing], input: "")
    #expect(unwritable.status == 73)
    #expect(unwritable.stderr.hasPrefix("Samples: error: cannot write '\(folder.missing)'"))
  }

  @Test("hit-test --screen, scripted: a click shows the view; Tab the next policy")
  func screen() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write("tree.json", Self.tree)
    let click = try SamplesProgram.run(["hit-test", path, "--screen"], input: "\u{1B}[<0;57;5M")
    #expect(click.lines.contains("click (226, 28) → close (its enlarged area)"))
    #expect(
      click.lines.contains {
        $0.hasPrefix("AAAAABBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB##########@A")
      })
    let tab = try SamplesProgram.run(["hit-test", path, "--screen"], input: "\u{1B}[<0;57;5M\t")
    #expect(tab.lines.contains("click (226, 28) → window (its own bounds)"))
  }

  @Test("hit-test: a view id with controls is printed escaped")
  func escapedID() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "tree.json", #"{"id": "w\u001b[31m", "frame": "{{0, 0}, {9, 9}}"}"#)
    let run = try SamplesProgram.run(["hit-test", path, "--map"], input: "1 1\n")
    #expect(run.lines.first == #"1 1 w\u{001B}[31m"#)
    #expect(!hasRawControl(run.stdout))
  }

  /// The last line of `playground --script` (the caret's cell).
  static func caret(_ keys: String, _ arguments: [String] = ["--width", "14", "--height", "6"])
    throws -> String?
  {
    try SamplesProgram.run(["playground", "--script"] + arguments, input: keys).lines.last
  }

  @Test("playground --script: typing, deleting and moving")
  func typing() throws {
    let run = try SamplesProgram.run(
      ["playground", "--script"], input: "Hi\u{7F}\u{7F}salut 日本\u{1B}[D\u{1B}[Dx")
    #expect(run.lines.contains("|  salut x日本                           |"))
    #expect(run.lines.last == "caret row 1, column 9")
    let empty = try SamplesProgram.run(["playground", "--script"])
    #expect(empty.lines.contains("|  Type something…                       |"))
  }

  @Test(
    "playground: Home/End/↑/↓ by laid-out line, ↑/↓ keeping their x",
    arguments: [
      ("abcdefgh\nab\nabcdefgh\u{1B}[A\u{1B}[A", "caret row 1, column 10"),
      ("abcdefgh\nab\nabcdefgh\u{1B}[A\u{1B}[A\u{1B}[H", "caret row 1, column 2"),
      ("abcdefgh\nab\nabcdefgh\u{1B}[A\u{1B}[A\u{1B}[H\u{1B}[B", "caret row 2, column 2"),
      (
        "abcdefgh\nab\nabcdefgh\u{1B}[A\u{1B}[A\u{1B}[H\u{1B}[B\u{1B}[F",
        "caret row 2, column 4"
      ),
      ("abcdefgh\nab\nabcdefgh\u{1B}[1~", "caret row 3, column 2"),
      ("abcdefgh\nab\nabcdefgh\u{1B}[1~\u{1B}[4~", "caret row 3, column 10"),
      ("abcdefgh\nab\nabcdefgh\u{1B}OA\u{1B}OA\u{1B}OH\u{1B}OB\u{1B}OF", "caret row 2, column 4"),
      ("hello world foo bar\u{1B}[A\u{1B}[F", "caret row 2, column 11"),
      ("hello world foo bar\u{1B}[A\u{1B}[H", "caret row 2, column 2"),
      ("abc\u{1B}[D\u{1B}[A", "caret row 1, column 2"),
      ("ab\ncd\u{1B}[A\u{1B}[B\u{1B}[B", "caret row 2, column 4"),
    ])
  func caretMoves(keys: String, expected: String) throws {
    #expect(try Self.caret(keys) == expected)
  }

  @Test(
    "playground: a right-aligned field's caret is at the text's edge in every mode",
    arguments: ["static", "bouncy", "floating"], [false, true])
  func rightAlignedCaret(mode: String, spaces: Bool) throws {
    let arguments =
      ["--align", "right", "--mode", mode, "--width", "20", "--height", "3"]
      + (spaces ? ["--right-aligned-spaces"] : [])
    #expect(try Self.caret("ab  ", arguments) == "caret row 1, column 18")
  }

  @Test("playground: a resize in a script redraws at the new size")
  func resize() throws {
    let run = try SamplesProgram.run(
      ["playground", "--script"], input: "hello world foo\u{1B}[8;10;30t")
    #expect(run.lines.contains("+" + String(repeating: "-", count: 28) + "+"))
    #expect(run.lines.count { $0.hasPrefix("|") && $0.hasSuffix("|") } == 6)
    #expect(run.lines.contains("|  hello world foo           |"))
  }

  @Test("playground --config: the file's keys are applied")
  func config() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(
      "right.conf",
      """
      # A right-aligned field with its own placeholder.
      editor.alignment = right
      placeholder.placeholder = "Write here"
      rightAlignedSpaces.activation = always

      """)
    let arguments = ["playground", "--script", "--config", path, "--width", "20", "--height", "3"]
    let empty = try SamplesProgram.run(arguments)
    #expect(empty.lines.contains("|        Write here  |"))
    let typed = try SamplesProgram.run(arguments, input: "ab ")
    #expect(typed.lines.contains("|               ab   |"))
    #expect(
      typed.lines.contains(
        "mode static · align right · LTR · utf16 3 · graphemes 3 · isVisible false"))
    #expect(typed.lines.last == "caret row 1, column 18")
  }

  @Test("playground: the links screen opens a clicked link; a release elsewhere cancels")
  func linksScreen() throws {
    let open = try SamplesProgram.run(
      ["playground", "--script"], input: "\u{1B}OQ\u{1B}[<0;12;3M\u{1B}[<0;12;3m")
    #expect(
      open.lines.contains("links 5 · tap 0 · opened http://www.example.com/a/long/path (tap)"))
    let cancel = try SamplesProgram.run(
      ["playground", "--script"], input: "\u{1B}2\u{1B}[<0;12;3M\u{1B}[<0;12;8m")
    #expect(cancel.lines.contains("links 5 · cancelled 0"))
  }

  @Test("playground: the hit areas screen shows a click's view; Tab the next policy")
  func hitAreasScreen() throws {
    let run = try SamplesProgram.run(
      ["playground", "--script"], input: "\u{1B}[13~\u{1B}[<0;36;5M\t")
    #expect(run.stdout.contains("|click (276, 40) → menu (its enlarged area)"))
    #expect(run.stdout.contains("#@#"))
    #expect(run.lines.contains("hit areas · policy uikit · Tab: next policy"))
  }

  @Test(
    "playground: a click puts the caret before the clicked cluster, a drag selects",
    arguments: [
      ("hello world\u{1B}[<0;10;3MX", "|  hello Xworld "),
      ("日本語\u{1B}[<0;7;3MX", "|  日X本語 "),
      ("hello world\u{1B}[<0;4;3M\u{1B}[<32;9;3M\u{1B}[<0;9;3mX", "|  X world "),
      ("ab\u{1B}[<0;30;3MX", "|  abX "),
      // The border is the view's hit area: the nearest place inside.
      ("hello\u{1B}[<0;1;3MX", "|  Xhello "),
      ("hello\u{1B}[<0;9;1MX", "|  helloX "),
    ])
  func clicks(_ keys: String, _ row: String) throws {
    let run = try SamplesProgram.run(["playground", "--script"], input: keys)
    #expect(run.lines.contains { $0.hasPrefix(row) }, "\(run.stdout)")
  }

  @Test("playground: a click outside stops editing; then a click on a typed link opens it")
  func linkInTheTextView() throws {
    let outside = "go www.a.org\u{1B}[<0;60;12M\u{1B}[<0;60;12m"
    let stopped = try SamplesProgram.run(["playground", "--script"], input: outside)
    #expect(stopped.lines.contains("not editing"), "\(stopped.stdout)")
    #expect(stopped.lines.last == "caret hidden")
    let opened = try SamplesProgram.run(
      ["playground", "--script"], input: outside + "\u{1B}[<0;7;3M\u{1B}[<0;7;3m")
    #expect(
      opened.lines.contains("not editing · opened http://www.a.org"),
      "\(opened.stdout)")
    // A click in the text beside the link edits again, with the caret there.
    let again = try SamplesProgram.run(
      ["playground", "--script"], input: outside + "\u{1B}[<0;5;3M\u{1B}[<0;5;3mX")
    #expect(again.lines.contains { $0.hasPrefix("|  gXo www.a.org ") }, "\(again.stdout)")
    #expect(!again.stdout.contains("not editing"))
  }

  @Test("playground: a paste is one edit; a typed OSC is consumed, never text")
  func pasteAndOSC() throws {
    let run = try SamplesProgram.run(
      ["playground", "--script"],
      input: "a\u{1B}[200~b\u{1B}[Ac\u{1B}[201~\u{1B}]0;pwned\u{7}d")
    #expect(run.lines.contains { $0.hasPrefix("|  ab\u{FFFD}[Acd ") }, "\(run.stdout)")
    #expect(!run.stdout.contains("pwned"))
  }
}

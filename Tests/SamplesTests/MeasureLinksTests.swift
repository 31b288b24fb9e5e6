import Foundation
import Testing

/// `measure` and `links`: their documented outputs.
@Suite("Samples: measure and links")
struct MeasureLinksTests {
  @Test("measure --json: the documented line")
  func measureJSON() throws {
    let run = try SamplesProgram.run(["measure", "--json"], input: "e\u{301}👍🏽!\n")
    #expect(run.status == 0)
    #expect(
      run.lines == [
        #"{"utf16":7,"graphemes":[0,2,6,7],"widths":[1,2,1],"width":4,"lineBreaks":[2,7],"words":[0,2,6,7]}"#
      ])
  }

  @Test("measure --json: an empty line has no line-break opportunity, as documented")
  func measureJSONOfAnEmptyLine() throws {
    let run = try SamplesProgram.run(["measure", "--json"], input: "\nab\n")
    #expect(run.status == 0)
    #expect(
      run.lines == [
        #"{"utf16":0,"graphemes":[0],"widths":[],"width":0,"lineBreaks":[],"words":[0]}"#,
        #"{"utf16":2,"graphemes":[0,1,2],"widths":[1,1],"width":2,"lineBreaks":[2],"words":[0,2]}"#,
      ])
  }

  @Test("measure --json: a process's first Japanese line has the words of its second")
  func measureJSONFirstJapaneseLine() throws {
    // ICU 72 segments words with its CJK dictionary differently the first
    // time a process loads it when the first dictionary run starts with
    // U+30FC: a fresh process shows it.
    let run = try SamplesProgram.run(["measure", "--json"], input: "ーぬｸ\nーぬｸ\n")
    #expect(run.status == 0)
    #expect(run.lines.count == 2)
    #expect(run.lines.first == run.lines.last)
    #expect(run.lines.first?.hasSuffix(#""words":[0,1,2,3]}"#) == true)
  }

  @Test("measure --summary, from standard input and from '-'")
  func measureSummary() throws {
    for arguments in [["measure", "--summary"], ["measure", "--summary", "-"]] {
      let run = try SamplesProgram.run(arguments, input: "hello world\n")
      #expect(run.lines == ["bytes=12 utf16=12 graphemes=12 width=11 lineBreaks=2"])
    }
  }

  @Test("measure reads files in order as one input")
  func measureFiles() throws {
    let folder = try TemporaryFolder()
    let first = try folder.write("a.txt", "hello ")
    let second = try folder.write("b.txt", "world\n")
    let run = try SamplesProgram.run(["measure", "--summary", first, second])
    #expect(run.lines == ["bytes=12 utf16=12 graphemes=12 width=11 lineBreaks=2"])
  }

  @Test("measure's table shows line endings and controls escaped")
  func measureTable() throws {
    let run = try SamplesProgram.run(["measure"], input: "a\r\nb\u{1B}\n")
    #expect(run.status == 0)
    #expect(run.lines.contains(#""a\r\n"  utf16=2 graphemes=2 width=1"#))
    #expect(run.stdout.contains(#"0 ctl  \u{001B}"#))
    #expect(!hasRawControl(run.stdout))
  }

  @Test("measure: --json and --summary together are a usage error")
  func measureExclusiveFlags() throws {
    let run = try SamplesProgram.run(["measure", "--json", "--summary"])
    #expect(run.status == ExitStatus.usage)
    #expect(run.stderr.hasPrefix("Samples: error: --json and --summary cannot be used together"))
  }

  @Test("links --json: the documented lines")
  func linksJSON() throws {
    let run = try SamplesProgram.run(
      ["links", "--json"], input: "Mail ann@example.com, see www.a.org/x.\n")
    #expect(run.status == 0)
    #expect(
      run.lines == [
        #"{"range":[5,15],"kind":"email","text":"ann@example.com","target":"mailto:ann@example.com"}"#,
        #"{"range":[26,11],"kind":"url","text":"www.a.org/x","target":"http://www.a.org/x"}"#,
      ])
  }

  @Test("links: text without links prints nothing")
  func linksNone() throws {
    let run = try SamplesProgram.run(["links", "--json"], input: "no links here\n")
    #expect(run.status == 0 && run.stdout == "")
  }

  @Test("links: the marked text and the table, controls escaped")
  func linksTable() throws {
    let run = try SamplesProgram.run(["links"], input: "hi \u{1B}]0;pwned\u{07} www.a.org\u{7F}\n")
    #expect(run.status == 0)
    #expect(run.lines.first == #"hi \u{001B}]0;pwned\u{0007} ⟦www.a.org⟧\u{007F}"#)
    #expect(run.lines.contains { $0.hasPrefix("0   14..<23     url") })
    #expect(!hasRawControl(run.stdout))
  }

  @Test("links --region reads national phone numbers of that region, in the same JSON")
  func linksRegion() throws {
    let text = "我的电话号码是415-666-7777\n"
    let us = try SamplesProgram.run(
      ["links", "--json", "--kinds", "phone", "--region", "us"], input: text)
    #expect(us.status == 0)
    #expect(
      us.lines == [
        #"{"range":[7,12],"kind":"phone","text":"415-666-7777","target":"tel:+14156667777"}"#
      ])
    // GB requires the national prefix for (20) numbers: only the second is a link.
    let gb = try SamplesProgram.run(
      ["links", "--json", "--region", "GB"], input: "(20) 3346 1234 or (020) 3346 1234\n")
    #expect(
      gb.lines == [
        #"{"range":[18,15],"kind":"phone","text":"(020) 3346 1234","target":"tel:+442033461234"}"#
      ])
    let help = try SamplesProgram.run(["links", "--help"])
    #expect(help.stdout.contains("--region <cc>"))
  }

  @Test("links --region: a code libphonenumber does not know is a usage error naming it")
  func linksBadRegion() throws {
    for value in ["XX", "USA", "1"] {
      let run = try SamplesProgram.run(["links", "--region", value], input: "415-666-7777\n")
      #expect(run.status == ExitStatus.usage)
      #expect(
        run.stderr.hasPrefix(
          "Samples: error: --region '\(value)': expected an ISO 3166 alpha-2 region code"),
        "\(run.stderr)")
    }
  }

  @Test("links --kinds and --rules choose the detectors")
  func linksOptions() throws {
    let text = "Mail ann@example.com, see www.a.org/x.\n"
    let urls = try SamplesProgram.run(["links", "--json", "--kinds", "url"], input: text)
    #expect(urls.lines.count == 1 && urls.lines[0].contains(#""kind":"url""#))
    // GFM's rules need "www." or a scheme: a bare domain is not a link.
    let gfm = try SamplesProgram.run(["links", "--json", "--rules", "gfm"], input: "see a.org\n")
    #expect(gfm.stdout == "")
  }
}

import ArgumentParser
import Foundation
import TextInputKit

/// `swift run Samples links`: the links the detectors find in text from stdin.
struct Links: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the links TextLinks' detectors find in UTF-8 text from stdin (or files).",
    discussion: """
      Input is read as UTF-8; invalid bytes decode to U+FFFD, as `measure` \
      decodes them. Named files are read in order as one input. Detection runs \
      on the whole input; ranges are UTF-16 code units of the whole input.

      Default: the text with each link marked ⟦like this⟧, then a table of the \
      links (range, kind, text, target).
      --json: one JSON object per link, in text order: \
      {"range":[location,length],"kind":"url","text":"…","target":"…"}; kind is \
      one of url, email, phone, mention, hashtag, cashtag, custom; target is the \
      URL (a scheme added where the text had none), mailto: and the address, \
      tel: and the number, or the name, tag or symbol without its sigil.
      Text with no link prints nothing and exits 0.
      """
  )

  @Flag(help: "One JSON object per link.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "The detectors, comma-separated: url, email, phone, mention, hashtag, cashtag.",
      valueName: "kinds"))
  var kinds = "url,email,phone,mention,hashtag"

  @Option(help: "URL rules: extended (scheme-less domains, TLD-checked) or gfm (strict GFM).")
  var rules = LinkDetector.URLRules.extended.rawValue

  @Argument(help: "Files to read instead of standard input.")
  var files: [String] = []

  func validate() throws {
    do {
      _ = try LinkKind.parseList(kinds)
    } catch {
      throw ValidationError(error.description)
    }
    guard LinkDetector.URLRules(rawValue: rules) != nil else {
      throw ValidationError(
        "--rules \(rules.debugDescription) is unknown: expected one of "
          + LinkDetector.URLRules.allCases.map(\.rawValue).joined(separator: ", "))
    }
  }

  func run() throws {
    let chosen = (try? LinkKind.parseList(kinds)) ?? LinkDetector.defaultKinds
    let detector = LinkDetector(
      kinds: chosen, urlRules: LinkDetector.URLRules(rawValue: rules) ?? .extended)
    let text = try readInput()
    let units = Array(text.utf16)
    let links = detector.links(utf16: units)
    guard !links.isEmpty else { return }
    if json {
      for link in links { print(Self.jsonLine(link, units)) }
    } else {
      print(Self.marked(units, links))
      print("")
      print(Self.table(units, links))
    }
  }

  private func readInput() throws -> String {
    var data = Data()
    if files.isEmpty {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      for file in files {
        guard let contents = FileManager.default.contents(atPath: file) else {
          throw ValidationError("cannot read '\(file)': expected a readable file")
        }
        data.append(contents)
      }
    }
    return String(decoding: data, as: UTF8.self)
  }

  static func text(_ units: [UInt16], _ range: NSRange) -> String {
    String(decoding: units[range.location..<(range.location + range.length)], as: UTF16.self)
  }

  /// `{"range":[location,length],"kind":"…","text":"…","target":"…"}`.
  static func jsonLine(_ link: Link, _ units: [UInt16]) -> String {
    "{\"range\":[\(link.range.location),\(link.range.length)],\"kind\":\"\(link.kind.rawValue)\","
      + "\"text\":\(jsonString(text(units, link.range))),"
      + "\"target\":\(jsonString(link.target.string))}"
  }

  /// A JSON string literal: `"` and `\` escaped, controls as `\n`, `\t`,
  /// `\r` or `\uXXXX`; everything else as UTF-8.
  static func jsonString(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
          out += "\\u" + CodePointNotation.digits(scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// The text with each link between ⟦ and ⟧.
  static func marked(_ units: [UInt16], _ links: [Link]) -> String {
    var out: [UInt16] = []
    var next = 0
    for link in links {
      out += units[next..<link.range.location]
      out += Array("⟦".utf16) + units[link.range.location..<link.end] + Array("⟧".utf16)
      next = link.end
    }
    out += units[next...]
    var text = String(decoding: out, as: UTF16.self)
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  static func table(_ units: [UInt16], _ links: [Link]) -> String {
    let columns = [4, 12, 9, 28, 0]
    var rows = [Table.row(["#", "utf16", "kind", "text", "target"], columns)]
    for (index, link) in links.enumerated() {
      rows.append(
        Table.row(
          [
            String(index), "\(link.range.location)..<\(link.end)", link.kind.rawValue,
            Escape.quoted(text(units, link.range)), link.target.string,
          ], columns))
    }
    return rows.joined(separator: "\n")
  }
}

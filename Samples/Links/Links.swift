import ArgumentParser
import Foundation
import TextInputBase
import TextInputKit

/// `swift run Samples links`: the links the detectors find in text from stdin.
struct Links: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "links",
    abstract: "List the links TextLinks' detectors find in UTF-8 text from stdin (or files).",
    usage: """
      Samples links [--json] [--kinds <kinds>] [--rules <rules>]
        [--region <cc>] [<files> ...]
      """,
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
      --region CC reads national phone numbers as written in that region \
      (ISO 3166 alpha-2: US, GB, DE…), as libphonenumber's matcher does at \
      leniency VALID: `415-666-7777` with --region US is tel:+14156667777. \
      A code libphonenumber's metadata does not know is a usage error.
      Text with no link (or empty input) prints nothing and exits 0. Controls \
      in the text are shown escaped (\\u{001B}); in JSON, as JSON escapes.

      \(SamplesError.statusHelp)
      """
  )

  @Flag(help: "One JSON object per link.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "The detectors, comma-separated.",
      valueName: "kinds"))
  var kinds = LinkKinds(LinkDetector.defaultKinds)

  @Option(
    help: ArgumentHelp(
      "URL rules: uts58 (Unicode's link detection, the library's default), extended "
        + "(scheme-less domains, TLD-checked) or gfm (GitHub's autolinks, as cmark-gfm)."))
  var rules = LinkDetector.URLRules.uts58

  @Option(
    help: ArgumentHelp(
      "The region national phone numbers are read in, as libphonenumber's matcher reads "
        + "them (ISO 3166 alpha-2: US, GB; default: none, numbers without '+' by a heuristic).",
      valueName: "cc"))
  var region: String?

  @Argument(help: "Files to read instead of standard input ('-' reads standard input).")
  var files: [String] = []

  func run() throws {
    let phoneRegion = try region.map(Self.phoneRegion)
    let detector = LinkDetector(
      kinds: kinds.set, urlRules: rules, defaultPhoneRegion: phoneRegion)
    let units = Array(try Input.text(of: files).utf16)
    let links = detector.links(utf16: units)
    guard !links.isEmpty else { return }
    if json {
      for link in links { print(Self.jsonLine(link, units)) }
    } else {
      print(ControlCharacters.escaped(Self.marked(units, links), keepingLineFeeds: true))
      print("")
      print(Self.table(units, links))
    }
  }

  /// `--region`'s value upper-cased, when libphonenumber's metadata knows
  /// it; a usage error naming the value otherwise.
  static func phoneRegion(_ value: String) throws(SamplesError) -> String {
    let code = value.uppercased()
    guard code.utf8.count == 2, code.utf8.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }),
      LinkDetector.phoneRegions.contains(code)
    else {
      throw .usage(
        "--region '\(value)': expected an ISO 3166 alpha-2 region code that libphonenumber's "
          + "metadata knows, such as US, GB or DE")
    }
    return code
  }

  static func text(_ units: [UInt16], _ range: NSRange) -> String {
    String(decoding: units[range.location..<(range.location + range.length)], as: UTF16.self)
  }

  /// `{"range":[location,length],"kind":"…","text":"…","target":"…"}`, in
  /// that order (`JSONEncoder` writes the values).
  static func jsonLine(_ link: Link, _ units: [UInt16]) -> String {
    OrderedJSON.object([
      "range": [link.range.location, link.range.length],
      "kind": link.kind.rawValue,
      "text": text(units, link.range),
      "target": link.target.string,
    ])
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
            ControlCharacters.quoted(text(units, link.range)),
            ControlCharacters.escaped(link.target.string),
          ], columns))
    }
    return rows.joined(separator: "\n")
  }
}

/// `--kinds`: a comma-separated list of link kinds (`url,email`); spaces
/// around names are ignored.
struct LinkKinds: ExpressibleByArgument, Sendable {
  var set: Set<LinkKind>

  init(_ set: Set<LinkKind>) { self.set = set }

  init?(argument: String) {
    guard let set = try? LinkKind.parseList(argument) else { return nil }
    self.set = set
  }

  /// The kinds in declaration order, as `--help` shows the default.
  var defaultValueDescription: String {
    LinkKind.allCases.filter(set.contains).map(\.rawValue).joined(separator: ",")
  }

  /// The names a list may hold (`custom` is a caller's own detector's).
  static var allValueStrings: [String] {
    LinkKind.allCases.filter { $0 != .custom }.map(\.rawValue)
  }
}

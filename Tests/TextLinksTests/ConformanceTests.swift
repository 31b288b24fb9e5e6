import Foundation
import Testing
import TextLinks

/// The two conformance suites in Resources/ (see its README for their sources
/// and licenses). Every case runs; a case TextLinks decides not to follow is
/// listed in `Exceptions` with the reason, and the number of cases each
/// exception explains is asserted, so a fix or a regression shows up.
enum Corpus {
  static func load(_ name: String) throws -> [String: Any] {
    let url = try #require(
      Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources"))
    let data = try Data(contentsOf: url)
    return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  static func range(_ value: Any?) -> NSRange? {
    guard let pair = value as? [Int], pair.count == 2 else { return nil }
    return NSRange(location: pair[0], length: pair[1] - pair[0])
  }

  static func text(_ input: String, _ range: NSRange) -> String {
    (input as NSString).substring(with: range)
  }
}

struct GFMConformanceTests {
  static let detector = LinkDetector(kinds: [.url, .email], urlRules: .gfm)

  /// Cases of the published spec (0.29-gfm §6.9) where cmark-gfm, which
  /// `.gfm` follows, departs from it: cmark-gfm's result (as
  /// `Scripts/gfm-differential.py` renders it with `cmarkgfm` 2025.10.22).
  /// An `@` in an xmpp: resource restarts the address there (and the link
  /// keeps no `mailto:`); a `/` in the resource is kept.
  static let cmarkDepartures: [String: [String]] = [
    "site-634.2": ["txt@bin {17, 7} txt@bin"],
    "site-634.3": ["txt@bin.com {17, 11} txt@bin.com"],
    "site-635.1": ["xmpp:foo@bar.baz/txt/bin {0, 24} xmpp:foo@bar.baz/txt/bin"],
  ]

  @Test func everyGFMCasePasses() throws {
    let corpus = try Corpus.load("gfm-autolinks")
    let cases = try #require(corpus["cases"] as? [[String: Any]])
    #expect(cases.count == 45)
    var failures: [String] = []
    for testCase in cases {
      let id = testCase["id"] as? String ?? "?"
      let input = try #require(testCase["input"] as? String)
      let expected = try #require(testCase["links"] as? [[String: Any]])
      let found = Self.detector.links(in: input)
      let want = expected.map { link in
        "\(link["text"] as? String ?? "") \(Corpus.range(link["range_utf16"]) ?? NSRange()) "
          + ((link["url"] as? String)?.removingPercentEncoding ?? "")
      }
      let got = found.map { link in
        "\(Corpus.text(input, link.range)) \(link.range) \(link.target.string)"
      }
      let wanted = Self.cmarkDepartures[id] ?? want
      if wanted != got {
        failures.append("\(id): \(input.debugDescription) want \(wanted) got \(got)")
      }
    }
    #expect(
      failures.isEmpty,
      Comment(rawValue: "\(failures.count) GFM cases fail:\n" + failures.joined(separator: "\n")))
  }
}

/// A twitter-text case TextLinks does not follow, and why.
struct TwitterException: Sendable {
  var reason: String
  var expectedCount: Int
  var applies: @Sendable (_ section: String, _ input: String) -> Bool
}

struct TwitterConformanceTests {
  static let detector = LinkDetector(kinds: Set(LinkKind.allCases), urlRules: .extended)

  static let exceptions: [TwitterException] = [
    TwitterException(
      reason: """
        t.co is Twitter's own shortener, whose links twitter-text cuts to a slug of at most 40 \
        ASCII letters and digits (then an optional query): a rule of that service, not of \
        links. TextLinks treats t.co as any host, so it keeps `'s`, `-`, `+c`, `.x` and `#a` \
        after a t.co slug and links a 41-character slug, as it would on any other domain
        """,
      expectedCount: 4,
      applies: { section, input in
        section.hasPrefix("urls")
          && (input.contains("t.co/pbY2NfTZ's") || input.contains("t.co/FNkPfmii-")
            || input.contains("abcdefghijklmnopqrstuvwxyz012345678901234"))
      }),
    TwitterException(
      reason: """
        twitter-text wants a top-level domain after a scheme too; TextLinks links a \
        single-label host after a scheme (`http://no-tld`, `http://localhost`), as browsers \
        and linkify-it do (LinkifyItTests)
        """,
      expectedCount: 1,
      applies: { section, input in section.hasPrefix("urls") && input == "text http://no-tld" }),
  ]

  struct Outcome {
    var failures: [String] = []
    var excepted: [Int] = []
    var passed = 0
  }

  /// The entity values (without sigils) of kind `kind`, in order.
  static func values(_ links: [Link], _ kind: LinkKind, _ input: String) -> [String] {
    links.filter { $0.kind == kind }.map { link in
      switch link.target {
      case .mention(let name): return String(name.prefix { $0 != "/" })
      case .url: return Corpus.text(input, link.range)
      default: return link.target.string
      }
    }
  }

  static func kind(ofSection section: String) -> LinkKind? {
    if section.hasPrefix("mention") || section == "replies" { return .mention }
    if section.hasPrefix("url") || section.hasPrefix("tco") { return .url }
    if section.hasPrefix("hashtag") { return .hashtag }
    if section.hasPrefix("cashtag") { return .cashtag }
    return nil
  }

  static func check(section: String, testCase: [String: Any], into outcome: inout Outcome) throws {
    let input = try #require(testCase["input"] as? String)
    let sectionKind = kind(ofSection: section)
    let kind = try #require(sectionKind, "unknown section \(section)")
    let links = detector.links(in: input)
    let ok: Bool
    var got = ""
    if section == "replies" {
      // The reply target: a mention that only white space precedes.
      let first = links.first { $0.kind == .mention }
      var reply: String?
      if let first,
        Corpus.text(input, NSRange(location: 0, length: first.range.location))
          .allSatisfy(\.isWhitespace)
      {
        reply = values([first], .mention, input).first
      }
      ok = reply == testCase["expected"] as? String
      got = reply ?? "nil"
    } else if let expected = testCase["expected"] as? [String] {
      let found = values(links, kind, input)
      ok = found == expected
      got = "\(found)"
    } else {
      let expected = try #require(testCase["expected"] as? [[String: Any]])
      let want = expected.map { entity in
        "\(entity["matched_text"] as? String ?? "") \(Corpus.range(entity["range_utf16"]) ?? NSRange())"
      }
      let found = links.filter { $0.kind == kind }.map {
        "\(Corpus.text(input, $0.range)) \($0.range)"
      }
      ok = want == found
      got = "\(found)"
    }
    if ok {
      outcome.passed += 1
    } else if let index = exceptions.firstIndex(where: { $0.applies(section, input) }) {
      outcome.excepted.append(index)
    } else {
      outcome.failures.append("\(section): \(input.debugDescription) got \(got)")
    }
  }

  @Test func everyTwitterCasePassesOrIsListed() throws {
    let corpus = try Corpus.load("twitter-extract")
    let sections = try #require(corpus["sections"] as? [String: [[String: Any]]])
    var outcome = Outcome()
    var total = 0
    for (section, cases) in sections.sorted(by: { $0.key < $1.key }) {
      for testCase in cases {
        total += 1
        try Self.check(section: section, testCase: testCase, into: &outcome)
      }
    }
    let supplementary = try #require(
      (corpus["supplementary"] as? [String: Any])?["cases"] as? [[String: Any]])
    for testCase in supplementary {
      total += 1
      let section = try #require(testCase["section"] as? String)
      try Self.check(section: section, testCase: testCase, into: &outcome)
    }
    #expect(total == 241)
    #expect(
      outcome.failures.isEmpty,
      Comment(
        rawValue: "\(outcome.failures.count) twitter-text cases fail:\n"
          + outcome.failures.joined(separator: "\n")))
    for (index, exception) in Self.exceptions.enumerated() {
      #expect(
        outcome.excepted.filter { $0 == index }.count == exception.expectedCount,
        "exception \(index) (\(exception.reason.prefix(40))…)")
    }
    #expect(outcome.passed + outcome.excepted.count + outcome.failures.count == total)
  }
}

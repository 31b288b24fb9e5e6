import Foundation
import Testing
import TextLinks

/// libphonenumber's own matcher cases with a default region
/// (`Resources/libphonenumber-matcher.json`: the inputs of
/// `PhoneNumberMatcherTest.java`, Apache-2.0, with what libphonenumber 9.0.43
/// finds in each at leniency VALID on its real metadata — the metadata
/// `PhoneMetadataTables.swift` holds; `Scripts/phone-matcher-cases.py` writes
/// it). Each text runs through a detector of phone numbers with the case's
/// region; its links (UTF-16 range and target) must be libphonenumber's
/// matches, unless the case is listed in `departures` with the reason.
struct PhoneMatcherTests {
  struct Case {
    var group: String
    var test: String
    var text: String
    var region: String
    /// Where the test put its number (UTF-16 code units).
    var planted: NSRange
    /// libphonenumber's matches: range and E.164 target (`;ext=` and an extension).
    var expected: [String]
  }

  /// Cases where TextLinks finds other links than libphonenumber, and why.
  /// libphonenumber reads these at VALID only (its stricter leniencies refuse
  /// them); TextLinks joins groups with one separator each, so a run of
  /// separators ends a number.
  static let departures: [String: String] = [
    "650//253-1234": "two slashes between groups",
    "9002309. 158": "a period and a space between groups",
    "12.1 - 23.71 - 23.45": "' - ' between groups (and dotted groups are decimals)",
    "03 0 -3 2 23 12 34": "' -' between groups",
    "(0)3 0 -3 2 23 12 34": "' -' between groups",
    "0 3 0 -3 2 23 12 34": "' -' between groups",
  ]

  static func cases() throws -> [Case] {
    let corpus = try Corpus.load("libphonenumber-matcher")
    let source = try #require(corpus["source"] as? [String: Any])
    #expect(source["libphonenumber"] as? String == "9.0.43")
    #expect((source["license"] as? String)?.hasPrefix("Apache-2.0") == true)
    let items = try #require(corpus["cases"] as? [[String: Any]])
    return try items.map { item in
      let matches = try #require(item["libphonenumber"] as? [[Any]])
      return Case(
        group: try #require(item["group"] as? String), test: try #require(item["test"] as? String),
        text: try #require(item["text"] as? String),
        region: try #require(item["region"] as? String),
        planted: try #require(Corpus.range(item["planted"])),
        expected: try matches.map { match in
          let start = try #require(match[0] as? Int)
          let end = try #require(match[1] as? Int)
          let target = try #require(match[2] as? String)
          return "\(start)..<\(end) tel:\(target)"
        })
    }
  }

  static func found(_ item: Case) -> [String] {
    LinkDetector(kinds: [.phone], defaultPhoneRegion: item.region).links(in: item.text).map {
      "\($0.range.location)..<\($0.end) \($0.target.string)"
    }
  }

  @Test func everyCaseFindsWhatLibphonenumberFindsOrIsListed() throws {
    let cases = try Self.cases()
    #expect(cases.count == 128)
    var failures: [String] = []
    var departing: Set<String> = []
    for item in cases {
      let found = Self.found(item)
      if found == item.expected { continue }
      if Self.departures[item.text] != nil {
        departing.insert(item.text)
      } else {
        failures.append(
          "\(item.text.debugDescription) \(item.region): \(found), want \(item.expected)")
      }
    }
    #expect(failures.isEmpty, Comment(rawValue: failures.joined(separator: "\n")))
    // A listed case that starts agreeing shows up too.
    #expect(departing == Set(Self.departures.keys))
  }

  /// The numbers the tests put in context (`Hello 415-666-7777`,
  /// `我的电话号码是415-666-7777`, `É(415)6667777.`): each one
  /// libphonenumber finds at VALID is found with its exact range, and none
  /// it refuses (a Latin letter, `%` or a currency sign against it) is.
  @Test func numbersInContextAreFoundWithTheirExactRange() throws {
    let contexts = try Self.cases().filter { $0.group == "context" }
    #expect(contexts.count == 56)
    var exact = 0
    var refused = 0
    for item in contexts {
      let range = "\(item.planted.location)..<\(item.planted.location + item.planted.length) "
      let libphonenumber = item.expected.first?.hasPrefix(range) == true
      let textLinks = Self.found(item).first?.hasPrefix(range) == true
      #expect(libphonenumber == textLinks, "\(item.text.debugDescription)")
      if libphonenumber { exact += textLinks ? 1 : 0 } else { refused += textLinks ? 0 : 1 }
    }
    #expect(exact == 36)
    #expect(refused == 20)
  }

  @Test func regionOnlyChangesNumbersWithoutPlus() {
    let us = LinkDetector(kinds: [.phone], defaultPhoneRegion: "US")
    // With a region, a `+` number the metadata refuses is no link (no heuristic).
    #expect(us.links(in: "+33 3 34 2312").isEmpty)
    #expect(LinkDetector(kinds: [.phone]).links(in: "+33 3 34 2312").count == 1)
    // An extension is part of the link, its target RFC 3966's.
    let text = "call 415-666-7777 ext. 503 or 650x2531234"
    #expect(
      us.links(in: text).map { "\($0.text(in: text))→\($0.target.string)" } == [
        "415-666-7777 ext. 503→tel:+14156667777;ext=503"
      ])
    #expect(us.links(in: text).first?.target.phoneRegion == "US")
    // Other forms of extension, as libphonenumber 9.0.43 reads them; `extra` is none.
    for (text, found) in [
      ("call 415-666-7777;ext=12 now", "415-666-7777;ext=12→tel:+14156667777;ext=12"),
      ("call 415-666-7777 #12 now", "415-666-7777 #12→tel:+14156667777;ext=12"),
      ("call 415-666-7777 extension: 7 now", "415-666-7777 extension: 7→tel:+14156667777;ext=7"),
      ("call 415-666-7777 extra", "415-666-7777→tel:+14156667777"),
      ("tel ４１５-６６６-７７７７ 我", "４１５-６６６-７７７７→tel:+14156667777"),
    ] {
      #expect(us.links(in: text).map { "\($0.text(in: text))→\($0.target.string)" } == [found])
    }
    // A slashed date is no number, though 3101984 is a valid number in CA.
    let ca = LinkDetector(kinds: [.phone], defaultPhoneRegion: "CA")
    #expect(ca.links(in: "born 3/10/1984").isEmpty)
    #expect(ca.links(in: "call 310-1984").map(\.target) == [.phone("+13101984")])
    // The national prefix where the format requires it.
    let gb = LinkDetector(kinds: [.phone], defaultPhoneRegion: "GB")
    #expect(gb.links(in: "(20) 3346 1234").isEmpty)
    #expect(gb.links(in: "(020) 3346 1234").map(\.target) == [.phone("+442033461234")])
  }
}

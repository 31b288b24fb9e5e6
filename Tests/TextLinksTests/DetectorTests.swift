import Foundation
import Testing
import TextLinks

/// Cases from real text: what each detector finds, with its target.
struct DetectorTests {
  static let detector = LinkDetector(kinds: Set(LinkKind.allCases))

  struct Case: Sendable, CustomTestStringConvertible {
    var input: String
    var found: [String]
    var testDescription: String { input.debugDescription }
  }

  /// `kind:text→target` for each link.
  static func describe(_ text: String, _ detector: LinkDetector = detector) -> [String] {
    detector.links(in: text).map { "\($0.kind.rawValue):\($0.text(in: text))→\($0.target.string)" }
  }

  static let realText: [Case] = [
    Case(
      input: "Docs at https://swift.org/documentation/ (see the FAQ).",
      found: ["url:https://swift.org/documentation/→https://swift.org/documentation/"]),
    Case(
      input: "Mail ann.lee+news@example.co.uk, or call +44 20 7946 0958.",
      found: [
        "email:ann.lee+news@example.co.uk→mailto:ann.lee+news@example.co.uk",
        "phone:+44 20 7946 0958→tel:+442079460958",
      ]),
    Case(
      input: "Call (555) 010-0199 or 1-800-555-0199 today",
      found: ["phone:(555) 010-0199→tel:5550100199", "phone:1-800-555-0199→tel:18005550199"]),
    Case(input: "Сайт президент.рф открыт", found: ["url:президент.рф→http://президент.рф"]),
    Case(
      input: "router at 192.168.0.1:8080/admin.",
      found: ["url:192.168.0.1:8080/admin→http://192.168.0.1:8080/admin"]),
    Case(
      input: "@swiftlang shipped #Swift6 — $AAPL up",
      found: ["mention:@swiftlang→swiftlang", "hashtag:#Swift6→Swift6", "cashtag:$AAPL→AAPL"]),
    Case(
      input: "Wikipedia: en.wikipedia.org/wiki/Foo_(bar))",
      found: [
        "url:en.wikipedia.org/wiki/Foo_(bar)→http://en.wikipedia.org/wiki/Foo_(bar)"
      ]),
    Case(
      input: "a link to example.com/#frag and #tag",
      found: [
        "url:example.com/#frag→http://example.com/#frag", "hashtag:#tag→tag",
      ]),
    // UTS #58 (the default) knows http(s) and mailto: an xmpp: address is
    // an e-mail address there (`.gfm` and `.extended` keep xmpp: URLs).
    Case(
      input: "xmpp:me@jabber.org/home chat",
      found: ["email:me@jabber.org→mailto:me@jabber.org"]),
    Case(
      input: "mailto:team@swift.org.", found: ["email:mailto:team@swift.org→mailto:team@swift.org"]),
    // Never a phone number: dates, times, versions, prices, short runs, IPs, quantities.
    Case(input: "On 2024-01-15 at 12:30, v10.0.19041.1", found: []),
    Case(input: "Due 15.01.2024; build 10.0.19041.1; pin 1234; zip 94105", found: []),
    Case(input: "Price $1,234,567 or 1 234 567 € or € 555 1234 or 555 1234 €", found: []),
    Case(input: "That is 12.5% off 5551234 items, 1 234 567 in all", found: []),
    Case(input: "ISBN 978-3-16-148410-0 and 3.14159265", found: []),
    Case(input: "From 1999-2024, in 2020 2021 2022; at 48.8566, 2.3522", found: []),
    Case(
      input: "Paris +33 1 23 45 67 89, Berlin 030 12345678, HK 9123 4567, US 555-0123",
      found: [
        "phone:+33 1 23 45 67 89→tel:+33123456789", "phone:030 12345678→tel:03012345678",
        "phone:9123 4567→tel:91234567", "phone:555-0123→tel:5550123",
      ]),
    Case(input: "Not links: file.txt, a.b, foo.bar1, hello@world, @, #, #123", found: []),
    Case(input: "e.g. i.e. etc. Mr.Smith", found: []),
  ]

  @Test(arguments: realText)
  func findsWhatRealTextHolds(_ testCase: Case) {
    #expect(Self.describe(testCase.input) == testCase.found)
  }

  @Test(arguments: [LinkDetector.URLRules.uts58, .extended])
  func fileNameLikeHostsAreNotLinksUnlessAllowed(_ rules: LinkDetector.URLRules) {
    let detector = LinkDetector(kinds: [.url, .email], urlRules: rules)
    let files = "See README.md, main.py, setup.sh, lib.rs, photos.zip and clip.mov"
    #expect(detector.links(in: files).isEmpty)
    #expect(detector.links(in: "NOTES.MD and Makefile.mk").isEmpty)
    // A www., a path, a port or a scheme makes such a host a link; so does the option.
    #expect(
      Self.describe("www.example.md example.md/page example.md:8080 https://example.sh", detector)
        == [
          "url:www.example.md→http://www.example.md", "url:example.md/page→http://example.md/page",
          "url:example.md:8080→http://example.md:8080", "url:https://example.sh→https://example.sh",
        ])
    // E-mail domains are not file names.
    #expect(
      Self.describe("ann@example.md", detector) == ["email:ann@example.md→mailto:ann@example.md"])
    var allowing = detector
    allowing.allowsFileNameHosts = true
    #expect(
      allowing.links(in: files).map(\.target.string) == [
        "http://README.md", "http://main.py", "http://setup.sh", "http://lib.rs",
        "http://photos.zip", "http://clip.mov",
      ])
  }

  @Test func versionsAndDottedNumbersAreNotLinks() {
    #expect(Self.describe("version 1.2.3.4, v2.0.1 and 10.0.19041.1") == [])
    #expect(
      Self.describe("router at 192.168.0.1:8080 or 10.0.0.1/admin, http://1.2.3.4")
        == [
          "url:192.168.0.1:8080→http://192.168.0.1:8080",
          "url:10.0.0.1/admin→http://10.0.0.1/admin",
          "url:http://1.2.3.4→http://1.2.3.4",
        ])
  }

  @Test func uts58KeepsNonLatinPathsAndAddresses() {
    let detector = LinkDetector(kinds: [.url, .email])
    #expect(
      Self.describe(
        "https://zh.wikipedia.org/wiki/中文 www.example.com/中文 αβγ.δεζ@example.com "
          + "アルベルト.アルベルト@example.com john.@example.com", detector)
        == [
          "url:https://zh.wikipedia.org/wiki/中文→https://zh.wikipedia.org/wiki/中文",
          "url:www.example.com/中文→http://www.example.com/中文",
          "email:αβγ.δεζ@example.com→mailto:αβγ.δεζ@example.com",
          "email:アルベルト.アルベルト@example.com→mailto:アルベルト.アルベルト@example.com",
        ])
    #expect(
      Self.describe("example.com/α[(β])γ/δ and example.com。次 jane.de@example.com", detector) == [
        "url:example.com/α[(β→http://example.com/α[(β", "url:example.com→http://example.com",
        "email:jane.de@example.com→mailto:jane.de@example.com",
      ])
  }

  /// Results of cmark-gfm (cmarkgfm 2025.10.22) that depart from the
  /// published spec or from `.extended`; `Scripts/gfm-differential.py` checks
  /// many more against cmark-gfm itself.
  @Test func gfmFollowsCmarkGFM() {
    let gfm = LinkDetector(kinds: [.url, .email], urlRules: .gfm)
    let cases: [(String, [String])] = [
      ("see http://a.b/c\u{A0}d e", ["url:http://a.b/c\u{A0}d→http://a.b/c\u{A0}d"]),
      ("https://x.y/a。b，c", ["url:https://x.y/a。b，c→https://x.y/a。b，c"]),
      ("http://ドメイン_x.y", ["url:http://ドメイン_x.y→http://ドメイン_x.y"]),
      // The last byte of a paragraph is not checked for an underscore.
      ("x www.ab.c_\n\nwww.d.e", ["url:www.ab.c→http://www.ab.c", "url:www.d.e→http://www.d.e"]),
      ("x www.ab.c_ y\nz", []),
      ("a.mailto:b@c.de", ["url:a.mailto:b@c.de→a.mailto:b@c.de"]),
      ("xmpp:foo@bar.baz/txt@bin", ["url:txt@bin→txt@bin"]),
    ]
    for (input, found) in cases {
      #expect(Self.describe(input, gfm) == found, "\(input.debugDescription)")
    }
  }

  /// International numbers valid by libphonenumber's metadata, with their
  /// regions (as libphonenumber 9.0.43 gives them).
  @Test func internationalNumbersByLibphonenumberMetadata() {
    let detector = LinkDetector(kinds: [.phone])
    let text = "SA +27711234567, AE +971501234567, SE +46 8 12 34 56, UK +44 20 7946 0958 2024"
    let links = detector.links(in: text)
    #expect(
      links.map { "\($0.text(in: text))→\($0.target.string) \($0.target.phoneRegion ?? "-")" } == [
        "+27711234567→tel:+27711234567 ZA", "+971501234567→tel:+971501234567 AE",
        "+46 8 12 34 56→tel:+468123456 SE", "+44 20 7946 0958→tel:+442079460958 GB",
      ])
    // A national prefix after the calling code is not part of the E.164 form.
    #expect(
      detector.links(in: "call +44 (0)20 7946 0958").map(\.target) == [.phone("+442079460958")])
    #expect(LinkTarget.phone("+15550100").phoneRegion == nil)
    #expect(LinkTarget.url("https://a.org").phoneRegion == nil)
  }

  /// National numbers with a default region: valid there by libphonenumber's
  /// metadata (as libphonenumber 9.0.43 parses them), E.164 targets.
  @Test func nationalNumbersForADefaultRegion() {
    let gb = LinkDetector(kinds: [.phone], defaultPhoneRegion: "GB")
    let text = "call 020 7946 0958 or 07911 123456, not 2024-01-15 nor 555-0123"
    #expect(gb.links(in: text).map(\.target) == [.phone("+442079460958"), .phone("+447911123456")])
    // libphonenumber reads 07911 as a Guernsey mobile number (+44 is shared).
    #expect(gb.links(in: text).map(\.target.phoneRegion) == ["GB", "GG"])
    let us = LinkDetector(kinds: [.phone], defaultPhoneRegion: "US")
    #expect(
      us.links(in: "(202) 555-0123 and 555-0123").map(\.target) == [.phone("+12025550123")])
    let de = LinkDetector(kinds: [.phone], defaultPhoneRegion: "DE")
    #expect(de.links(in: "Berlin 030 12345678").map(\.target) == [.phone("+493012345678")])
    // International numbers are read as before; an unknown region finds no national number.
    #expect(
      LinkDetector(kinds: [.phone], defaultPhoneRegion: "XX").links(
        in: "020 7946 0958 +44 20 7946 0958"
      )
      .map(\.target) == [.phone("+442079460958")])
  }

  @Test func strictGFMFindsNoSchemelessHostsButAnyTLD() {
    let gfm = LinkDetector(kinds: [.url, .email], urlRules: .gfm)
    #expect(
      Self.describe("example.com and www.example.zzz", gfm) == [
        "url:www.example.zzz→http://www.example.zzz"
      ])
    #expect(
      Self.describe("example.com and www.example.zzz") == ["url:example.com→http://example.com"])
  }

  @Test func kindsCanBeChosen() {
    let text = "@a #b $C x@y.com +1 555 010 0199 http://z.org"
    let only = LinkDetector(kinds: [.hashtag, .phone])
    #expect(only.links(in: text).map(\.kind) == [.hashtag, .phone])
    #expect(
      LinkDetector().links(in: text).map(\.kind) == [.mention, .hashtag, .email, .phone, .url])
    #expect(LinkDetector(kinds: []).links(in: text).isEmpty)
  }

  @Test func overlapsResolveByPriority() throws {
    // The custom detector comes first, then URLs, phones, then social.
    let ticket = try CustomDetector(name: "ticket", pattern: "#[0-9]+|example\\.com")
    let detector = LinkDetector(customDetectors: [ticket])
    let text = "see example.com/x and #42 and #tag"
    let links = detector.links(in: text)
    // The custom match takes example.com (the URL example.com/x loses) and #42.
    #expect(links.map { $0.text(in: text) } == ["example.com", "#42", "#tag"])
    #expect(links.map(\.kind) == [.custom, .custom, .hashtag])
    // A hashtag inside a URL loses to the URL.
    #expect(Self.describe("http://a.org/#x") == ["url:http://a.org/#x→http://a.org/#x"])
  }

  @Test func customDetectorsTakeTheirFirstGroupAndPayload() throws {
    let detector = try CustomDetector(
      name: "issue", pattern: "issue ([0-9]+)", options: [.caseInsensitive], payload: 7)
    let links = LinkDetector(kinds: [], customDetectors: [detector]).links(in: "Issue 12, issue 3")
    #expect(
      links.map(\.range) == [NSRange(location: 0, length: 8), NSRange(location: 10, length: 7)])
    #expect(
      links.first?.target == .custom(CustomLinkTarget(name: "issue", value: "12", payload: 7)))
    #expect(
      links.first?.target != .custom(CustomLinkTarget(name: "issue", value: "12", payload: 8)))
  }

  @Test func badPatternsAndKindsAreErrorsNamingTheValue() {
    #expect(throws: LinkDetectorError.invalidPattern(name: "x", pattern: "(")) {
      try CustomDetector(name: "x", pattern: "(")
    }
    #expect(throws: LinkDetectorError.emptyName(pattern: "a")) {
      try CustomDetector(name: "", pattern: "a")
    }
    #expect(throws: LinkDetectorError.unknownKind("urls")) { try LinkKind.parseList("url, urls") }
    #expect(LinkDetectorError.unknownKind("urls").description.contains("\"urls\""))
    #expect(LinkDetectorError.unknownKind("urls").description.contains("url, email, phone"))
    #expect(LinkDetectorError.invalidPattern(name: "x", pattern: "(").description.contains("\"(\""))
    #expect((try? LinkKind.parseList(" url,,email ")) == [.url, .email])
  }

  @Test func edgeInputsHaveDocumentedResults() {
    #expect(LinkDetector().links(in: "").isEmpty)
    // A lone surrogate reads as U+FFFD and does not stop detection.
    let units: [UInt16] = [0xD800] + Array(" see a.org ".utf16) + [0xDC00]
    #expect(LinkDetector().links(utf16: units).map(\.range) == [NSRange(location: 6, length: 5)])
    // A match ending inside a cluster is widened to it, its target unchanged.
    let joined = LinkDetector().links(in: "a@b.org\u{200D}!")
    #expect(joined.map(\.range) == [NSRange(location: 0, length: 8)])
    #expect(joined.map(\.target) == [.email("a@b.org")])
    // A range outside the text is clamped.
    let text = Array("a.org b.org".utf16)
    #expect(
      LinkDetector().links(utf16: text, in: NSRange(location: 6, length: 99)).map(\.range) == [
        NSRange(location: 6, length: 5)
      ])
    #expect(LinkDetector().links(utf16: text, in: NSRange(location: NSNotFound, length: 1)).isEmpty)
    #expect(
      LinkDetector().links(utf16: text, in: NSRange(location: -5, length: Int.max)).count == 2)
  }

  @Test func callerLinksAreNormalized() {
    let text = Array("e\u{301}xy example".utf16)
    let links = Link.normalized(
      [
        Link(range: NSRange(location: 4, length: 100), target: .url("b")),
        Link(range: NSRange(location: 1, length: 1), target: .url("a")),
        Link(range: NSRange(location: 0, length: 3), target: .url("c")),
        Link(range: NSRange(location: NSNotFound, length: 3), target: .url("d")),
        Link(range: NSRange(location: 6, length: -3), target: .url("e")),
      ], utf16: text)
    // {1,1} splits é: widened to {0,2}; {0,3} is longer at the same location and wins.
    #expect(
      links == [
        Link(range: NSRange(location: 0, length: 3), target: .url("c")),
        Link(range: NSRange(location: 4, length: 8), target: .url("b")),
      ])
  }

  @Test func attributedStringLinksAreRead() throws {
    var attributed = AttributedString("Read 🇫🇷 the docs and more")
    let docs = try #require(attributed.range(of: "the docs"))
    attributed[docs].link = URL(string: "https://example.org/docs")
    let more = try #require(attributed.range(of: "more"))
    attributed[more].link = URL(string: "https://example.org/more")
    let links = Link.links(in: attributed)
    let text = String(attributed.characters)
    #expect(links.map { $0.text(in: text) } == ["the docs", "more"])
    #expect(
      links.map(\.target) == [.url("https://example.org/docs"), .url("https://example.org/more")])
  }

  /// `.extended` keeps `mailto:` addresses as e-mail and `xmpp:` addresses
  /// (with a resource after `/`) as URLs, each only when its kind is asked for.
  @Test func extendedMailtoAndXMPPSchemes() {
    let both = LinkDetector(kinds: [.url, .email], urlRules: .extended)
    let text = "write mailto:ann@example.org or xmpp:me@jabber.org/home. now"
    #expect(
      both.links(in: text).map { "\($0.kind):\($0.target.string)" } == [
        "email:mailto:ann@example.org", "url:xmpp:me@jabber.org/home",
      ])
    let urls = LinkDetector(kinds: [.url], urlRules: .extended)
    #expect(urls.links(in: text).map(\.target) == [.url("xmpp:me@jabber.org/home")])
    let emails = LinkDetector(kinds: [.email], urlRules: .extended)
    #expect(
      emails.links(in: text).map(\.target) == [
        .email("ann@example.org"), .email("me@jabber.org"),
      ])
    // No local part, no link; a scheme glued to letters is not one.
    #expect(both.links(in: "mailto:@example.org xmailto:a@b.org").map(\.kind) == [.email])
  }

  @Test func targetsAsURLs() {
    #expect(LinkTarget.url("http://президент.рф/a b").url != nil)
    #expect(LinkTarget.email("a@b.org").url?.absoluteString == "mailto:a@b.org")
    #expect(LinkTarget.hashtag("x").url == nil)
  }
}

/// Issue 31, item 11: as cmark-gfm, `.gfm` URLs run through VT, FF, NEL,
/// U+2028 and U+2029 (only LF and CR end its lines), where the other rules
/// end a link at any paragraph separator; `LinkTracker` keeps both in sync.
@Suite struct ParagraphSeparatorLinkTests {
  static let separators = ["\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

  @Test(arguments: separators)
  func gfmLinksRunThroughSeparatorsOtherRulesStop(separator: String) {
    let text = "see www.ab.cd/x" + separator + "yz q"
    let whole = "www.ab.cd/x" + separator + "yz"
    let gfm = LinkDetector(kinds: [.url], urlRules: .gfm)
    #expect(gfm.links(in: text).map(\.range) == [NSRange(location: 4, length: whole.utf16.count)])
    let uts58 = LinkDetector(kinds: [.url])
    let extended = LinkDetector(kinds: [.url], urlRules: .extended)
    #expect(uts58.links(in: text).map(\.range) == [NSRange(location: 4, length: 11)])
    #expect(extended.links(in: text).map(\.range) == [NSRange(location: 4, length: 11)])
    // The tracker, after an edit in the second paragraph, equals detection
    // of the whole text under each rule.
    for detector in [gfm, uts58, extended] {
      var tracker = LinkTracker(detector: detector, utf16: Array(text.utf16))
      let edited = "see www.ab.cd/x" + separator + "yzw q"
      tracker.replaceCharacters(
        in: NSRange(location: text.utf16.count - 2, length: 0), replacementLength: 1,
        newText: Array(edited.utf16))
      #expect(tracker.links == detector.links(in: edited))
    }
  }
}

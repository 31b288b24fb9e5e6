import Foundation
import Testing
import TextLinks

/// linkify-it's fixture lines for URLs with user information and
/// single-label hosts after a scheme (`Resources/linkify-it-5.0.0/`, MIT), read
/// as linkify-it's own test reads them, under the default rules and
/// `.extended`: the first link of an input is one URL whose text is the
/// expected link; a line of `not_links.txt` holds no link.
struct LinkifyItTests {
  static let rules: [LinkDetector.URLRules] = [.uts58, .extended]

  static func lines(_ name: String) throws -> [String] {
    let url = try #require(
      Bundle.module.url(
        forResource: name, withExtension: "txt", subdirectory: "Resources/linkify-it-5.0.0"))
    return try String(contentsOf: url, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasPrefix("%") ? "" : String($0) }
  }

  /// (input, expected link) pairs, as linkify-it's test pairs lines.
  static func links() throws -> [(String, String)] {
    let lines = try Self.lines("links")
    var pairs: [(String, String)] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      index += 1
      guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
      let next = index < lines.count ? lines[index] : ""
      if next.trimmingCharacters(in: .whitespaces).isEmpty {
        pairs.append((line, line))
      } else {
        pairs.append((line, next))
        index += 1
      }
    }
    return pairs
  }

  @Test(arguments: rules)
  func linksAreOneURLEach(_ rules: LinkDetector.URLRules) throws {
    let detector = LinkDetector(kinds: [.url, .email], urlRules: rules)
    let pairs = try Self.links()
    #expect(pairs.count == 9)
    for (input, expected) in pairs {
      for text in [input, "\n" + input + "\n"] {
        let first = detector.links(in: text).first
        #expect(first?.kind == .url, "\(text.debugDescription)")
        #expect(first.map { $0.text(in: text) } == expected, "\(text.debugDescription)")
        #expect(first?.target == .url(expected), "\(text.debugDescription)")
      }
    }
  }

  @Test(arguments: rules)
  func notLinksHoldNoLink(_ rules: LinkDetector.URLRules) throws {
    let detector = LinkDetector(kinds: [.url, .email], urlRules: rules)
    let lines = try Self.lines("not_links").filter {
      !$0.trimmingCharacters(in: .whitespaces).isEmpty
    }
    #expect(lines.count == 9)
    for line in lines {
      #expect(detector.links(in: line).isEmpty, "\(line.debugDescription)")
    }
  }

  /// User information is part of the URL, never an e-mail address; it needs
  /// a host after it, and is only read after a scheme.
  @Test(arguments: rules)
  func userInformation(_ rules: LinkDetector.URLRules) {
    let detector = LinkDetector(kinds: [.url, .email], urlRules: rules)
    func links(_ text: String) -> [String] {
      detector.links(in: text).map { "\($0.kind.rawValue):\($0.text(in: text))" }
    }
    #expect(
      links("see ftp://anonymous@ftp.example.org/pub.") == [
        "url:ftp://anonymous@ftp.example.org/pub"
      ])
    #expect(links("x http://user@host-name/p y") == ["url:http://user@host-name/p"])
    #expect(links("http://@example.com").isEmpty)
    #expect(links("http://user:pass@-bad.com").isEmpty)
    // Without a scheme, `user@example.com` is an address.
    #expect(links("user@example.com") == ["email:user@example.com"])
  }
}

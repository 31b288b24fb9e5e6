import Foundation
import Testing
import TextLinks

/// The value types of a link: the order of kinds, a target as a Foundation
/// URL, and custom targets in sets.
@Suite("Link values: kind order, target URLs, custom targets as set members")
struct LinkValueTests {
  @Test("Kinds order as they are declared, url first and custom last")
  func kindOrder() {
    #expect(LinkKind.allCases.shuffled().sorted() == LinkKind.allCases)
    #expect([LinkKind.custom, .phone, .url, .email].sorted() == [.url, .email, .phone, .custom])
    #expect(LinkKind.url < .email)
    #expect(!(LinkKind.email < .url))
    #expect(!(LinkKind.hashtag < .hashtag))
  }

  @Test("A target as a URL: percent-encoded where needed, nil for non-URL kinds")
  func targetURLs() throws {
    #expect(LinkTarget.url("http://www.a.org/x").url?.absoluteString == "http://www.a.org/x")
    #expect(LinkTarget.email("ann@example.com").url?.absoluteString == "mailto:ann@example.com")
    #expect(LinkTarget.phone("+15551234567").url?.absoluteString == "tel:+15551234567")
    #expect(LinkTarget.url("http://a.org/a b").url?.absoluteString == "http://a.org/a%20b")
    // A string URL(string:) refuses as it is: the bracket is percent-encoded.
    let bracket = try #require(LinkTarget.url("http://[a").url)
    #expect(bracket.absoluteString == "http://%5Ba")
    #expect(LinkTarget.mention("@ann").url == nil)
    #expect(LinkTarget.hashtag("#tag").url == nil)
    #expect(LinkTarget.cashtag("$AAPL").url == nil)
    #expect(LinkTarget.custom(CustomLinkTarget(name: "ticket", value: "JIRA-1")).url == nil)
  }

  @Test("Equal custom targets hash equally; a non-Hashable payload takes no part")
  func customTargetsInSets() {
    struct Opaque: Sendable {}
    let plain = CustomLinkTarget(name: "ticket", value: "JIRA-42")
    let numbered = CustomLinkTarget(name: "ticket", value: "JIRA-42", payload: 42)
    let opaque = CustomLinkTarget(name: "ticket", value: "JIRA-42", payload: Opaque())
    let otherOpaque = CustomLinkTarget(name: "ticket", value: "JIRA-42", payload: Opaque())
    #expect(numbered == CustomLinkTarget(name: "ticket", value: "JIRA-42", payload: 42))
    #expect(
      numbered.hashValue
        == CustomLinkTarget(name: "ticket", value: "JIRA-42", payload: 42).hashValue)
    #expect(opaque == otherOpaque)
    #expect(opaque.hashValue == otherOpaque.hashValue)
    #expect(plain != numbered)
    #expect(numbered != CustomLinkTarget(name: "ticket", value: "JIRA-42", payload: 43))
    #expect(numbered != opaque)
    let set: Set = [
      plain, numbered, opaque, otherOpaque,
      CustomLinkTarget(name: "ticket", value: "JIRA-42", payload: 42),
      CustomLinkTarget(name: "ticket", value: "JIRA-43"),
      CustomLinkTarget(name: "issue", value: "JIRA-42"),
    ]
    #expect(set.count == 5)
  }
}

import Foundation
import Testing
import TextLinks

/// The examples in the README and the doc comments, with their stated results.
struct DocExampleTests {
  @Test func readmeExample() {
    let text = "Docs at www.example.com/guide, or mail help@example.org"
    let links = LinkDetector().links(in: text)
    #expect(
      links.map(\.target) == [.url("http://www.example.com/guide"), .email("help@example.org")])
    let frame = TextFrame(text, container: TextContainer(width: 20))
    let layout = LinkLayout(frame: frame, links: links, origin: CGPoint(x: 0, y: 8))
    #expect(
      layout.rects(ofLink: 0) == [
        CGRect(x: 0, y: 9, width: 16, height: 1), CGRect(x: 0, y: 10, width: 5, height: 1),
      ])
    #expect(
      layout.hit(at: CGPoint(x: 3, y: 10.5)) == LinkHit(linkIndex: 0, distance: 0, isExact: true))
    var press = LinkPressGesture(configuration: .init(tolerance: 0.5))
    #expect(press.handle(.down(CGPoint(x: 3, y: 10.5), at: 0), in: layout) == .pressed(0))
    #expect(press.handle(.up(CGPoint(x: 4, y: 10.5), at: 0.08), in: layout) == .tapped(0))
  }

  @Test func linkLayoutExample() {
    let text = "Read example.com today"
    let frame = TextFrame(text, container: TextContainer(width: 10))
    let layout = LinkLayout(frame: frame, links: LinkDetector().links(in: text))
    #expect(
      layout.rects(ofLink: 0) == [
        CGRect(x: 0, y: 1, width: 10, height: 1), CGRect(x: 0, y: 2, width: 1, height: 1),
      ])
    #expect(layout.hit(at: CGPoint(x: 1, y: 1.5))?.linkIndex == 0)
    #expect(layout.hit(at: CGPoint(x: 9.5, y: 2.5), tolerance: 0) == nil)
  }

  @Test func detectorExample() {
    #expect(
      LinkDetector().links(in: "see www.a.org, call +1 555 010 0199 #swift").map(\.target) == [
        .url("http://www.a.org"), .phone("+15550100199"), .hashtag("swift"),
      ])
    let links = LinkDetector().links(in: "Mail ann@example.com")
    #expect(links[0].range == NSRange(location: 5, length: 15))
    #expect(links[0].kind == .email)
    #expect(links[0].target == .email("ann@example.com"))
    #expect(LinkTarget.email("a@b.org").string == "mailto:a@b.org")
    #expect(LinkTarget.phone("+15551234567").string == "tel:+15551234567")
  }

  @Test func customDetectorExample() throws {
    let tickets = try CustomDetector(name: "ticket", pattern: #"\b[A-Z]+-[0-9]+\b"#)
    #expect(
      LinkDetector(customDetectors: [tickets]).links(in: "fixes TIK-42")[0].target
        == .custom(CustomLinkTarget(name: "ticket", value: "TIK-42")))
  }

  @Test func normalizedExample() {
    #expect(
      Link.normalized(
        [Link(range: NSRange(location: 1, length: 1), target: .url("a"))],
        utf16: Array("e\u{301}x".utf16))[0].range == NSRange(location: 0, length: 2))
  }
}

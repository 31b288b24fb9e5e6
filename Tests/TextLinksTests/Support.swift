import Foundation
import PropertyBased
import TextLinks
import UnicodeTestSupport

/// Pieces that make detectors fire (and nearly fire), mixed with
/// `UnicodeGen` fragments so links meet emoji, combining marks, CJK, RTL,
/// NBSP and CRLF at their edges.
enum LinkGen {
  static let pieces: [String] = [
    "http://", "https://", "www.", "example.com", "президент.рф", "t.co/abc", "/path", "?q=1",
    "(", ")", ".", ",", ";", "&amp;", "@", "@user", "#tag", "$CASH", "mailto:", "xmpp:", "a@b.org",
    "+1 555 010 0199", "(555) 010-0199", "2024-01-15", "10.0.1", "+", "-", " ", "\u{A0}", "\r\n",
    "\n", "\u{301}", "🇫🇷", "👩‍👩‍👧", "日本語", "עברית", "1", "0", "com", "org", "'", "\"", "<", "_",
    "~", "*", ":", "//", "ﾊﾟ", "\u{200D}", "\u{FE0F}", "192.168.0.1", ":8080", "é",
    "user:pass@", "host-name", "415-666-7777", " ext. 12", "x", "４１５", "/", "我", "$", "%",
  ]

  static let piece: Generator<String, Shrink.None<String>> = Generator { rng in
    if Int.random(in: 0..<3, using: &rng) == 0 {
      return UnicodeFragmentKind.weightedRandom(using: &rng).generate(using: &rng)
    }
    return pieces[Int.random(in: 0..<pieces.count, using: &rng)]
  }

  /// Text of 0–30 pieces.
  static let text = piece.array(of: 0...30).map { $0.joined() }
}

extension Link {
  /// The link's text in `text`.
  func text(in text: String) -> String { (text as NSString).substring(with: range) }
}

/// Checks a result: sorted, non-overlapping, non-empty, inside the text, on
/// grapheme boundaries. Returns what is wrong, or nil.
func problems(_ links: [Link], utf16: [UInt16]) -> String? {
  let boundaries = Graphemes.boundaries(utf16: utf16)
  var previousEnd = 0
  for link in links {
    if link.range.length <= 0 { return "empty \(link)" }
    if link.range.location < previousEnd { return "overlaps or unsorted \(link)" }
    if link.end > utf16.count { return "past the end \(link)" }
    if !boundaries.isBoundary(link.range.location) || !boundaries.isBoundary(link.end) {
      return "splits a cluster \(link)"
    }
    previousEnd = link.end
  }
  return nil
}

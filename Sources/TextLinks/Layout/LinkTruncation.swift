public import Foundation
public import TextLayout
import TextMetrics

/// The token a line-limited text ends with when it is cut ("…more"), laid
/// out as real text with its own range, rects and target.
///
/// An empty token is allowed: the text is then cut without a mark, and
/// `TruncatedLinkText` still reports the cut (`isTruncated`, and an empty
/// `tokenRange` at the cut) but adds no token link.
public struct TruncationToken: Sendable {
  /// The token's text and attributes. Its `.link`, if it has one, is its
  /// target; otherwise `target` is.
  public var text: AttributedString
  /// What tapping the token does when `text` carries no `.link`.
  public var target: LinkTarget

  /// The default token, "…more", whose target is
  /// `.custom(CustomLinkTarget(name: "truncation", value: "more"))`.
  public static let more = TruncationToken(
    text: AttributedString("\u{2026}more"),
    target: .custom(CustomLinkTarget(name: "truncation", value: "more")))

  /// Creates a token.
  public init(text: AttributedString, target: LinkTarget) {
    self.text = text
    self.target = target
  }

  /// Creates a token from plain text.
  public init(_ text: String, target: LinkTarget) {
    self.init(text: AttributedString(text), target: target)
  }

  /// The token's target: its text's first `.link`, else `target`.
  public var resolvedTarget: LinkTarget {
    for run in text.runs {
      if let url = run.link { return .url(url.absoluteString) }
    }
    return target
  }
}

/// Text with links laid out in a line-limited container, ending with a
/// truncation token when it does not fit.
///
/// Offsets are **UTF-16 code units**: of the original text for `shownLength`,
/// of the shown text (the kept prefix, then the token) for `frame`, `layout`
/// and `tokenRange`. The kept prefix is the longest run of whole grapheme
/// clusters that, less trailing white space, fits in the line limit with the
/// token after it and does not join the token's first character into its
/// last cluster (as a prepended mark such as U+0600 would; a token starting
/// with a combining mark is therefore shown alone). Links are kept where they
/// lie in the prefix, cut at its end (a link cut there keeps its target); the
/// token is the last link (an empty token has no link).
public struct TruncatedLinkText: Sendable {
  /// The shown text, laid out.
  public let frame: TextFrame
  /// Its links (the token last, when truncated), rects and hit-test index.
  public let layout: LinkLayout
  /// How much of the original text is shown, in UTF-16 code units.
  public let shownLength: Int
  /// The token's range in the shown text, or nil when the text fits. A cut
  /// text always has one: with an empty token it is the empty range at the
  /// cut, `{shownLength, 0}`.
  public let tokenRange: NSRange?

  /// Whether the text was cut (whatever the token, an empty one included).
  public var isTruncated: Bool { tokenRange != nil }

  /// The index of the token's link in `layout.links`, or nil when the text
  /// fits or the token is empty (an empty token has no link).
  public var tokenLinkIndex: Int? {
    guard let tokenRange, tokenRange.length > 0 else { return nil }
    return layout.links.lastIndex { $0.range == tokenRange }
  }

  /// Lays out `utf16` with `links` in `container`, whose
  /// `maximumNumberOfLines` (0: no limit) decides whether the token is
  /// needed. The style's line break mode is used for wrapping; a truncating
  /// mode wraps by words (the token replaces TextLayout's own ellipsis).
  ///
  /// - Complexity: O(log n) layouts of at most the container's lines, n the
  ///   number of grapheme clusters, plus one `LinkLayout`.
  public init(
    utf16: [UInt16], links: [Link], container: TextContainer, style: LayoutStyle = .init(),
    token: TruncationToken = .more, origin: CGPoint = .zero
  ) {
    var style = style
    if style.lineBreakMode.truncates { style.lineBreakMode = .wordWrap }
    let full = TextFrame(utf16: utf16, container: container, style: style)
    guard full.isTruncated else {
      frame = full
      layout = LinkLayout(frame: full, links: links, origin: origin)
      shownLength = utf16.count
      tokenRange = nil
      return
    }
    let tokenUnits = Array(String(token.text.characters).utf16)
    let boundaries = Graphemes.boundaries(utf16: utf16).offsets
    // The prefix of the first k clusters less trailing white space, then the
    // token; stepped back a cluster at a time while its end would not be a
    // cluster boundary of the shown text (a prepended mark such as U+0600
    // joins the token's first character to it, GB9b; a token starting with
    // a combining mark joins any prefix).
    func shown(_ k: Int) -> (units: [UInt16], kept: Int) {
      var k = k
      while true {
        var end = boundaries[k]
        while end > 0, Self.isTrailingSpace(utf16[end - 1]) { end -= 1 }
        if end == 0 || !joinsToken(end, below: k) {
          return (Array(utf16[0..<end]) + tokenUnits, end)
        }
        k -= 1
      }
    }
    // Whether the token's first character would join the cluster ending at
    // `end` (≤ boundaries[k]): only that cluster decides it (the boundaries
    // before `end` do not depend on what follows it), so only it is segmented
    // with the token.
    func joinsToken(_ end: Int, below k: Int) -> Bool {
      guard !tokenUnits.isEmpty else { return false }
      var index = k
      while index > 0, boundaries[index] >= end { index -= 1 }
      let start = boundaries[index]
      let window = Array(utf16[start..<end]) + tokenUnits
      return !Graphemes.boundaries(utf16: window).isBoundary(end - start)
    }
    func fits(_ k: Int) -> Bool {
      !TextFrame(utf16: shown(k).units, container: container, style: style).isTruncated
    }
    // The largest k whose prefix fits (k = 0, the token alone, is taken even
    // when it does not fit).
    var low = 0
    var high = boundaries.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if fits(mid) { low = mid } else { high = mid - 1 }
    }
    let (units, kept) = shown(low)
    let range = NSRange(location: kept, length: tokenUnits.count)
    var cut: [Link] = []
    for var link in Link.normalized(links, utf16: utf16) where link.range.location < kept {
      link.range.length = min(link.end, kept) - link.range.location
      cut.append(link)
    }
    if range.length > 0 { cut.append(Link(range: range, target: token.resolvedTarget)) }
    frame = TextFrame(utf16: units, container: container, style: style)
    layout = LinkLayout(frame: frame, links: cut, origin: origin)
    shownLength = kept
    // Reported even for an empty token: a cut text says it was cut.
    tokenRange = range
  }

  private static func isTrailingSpace(_ unit: UInt16) -> Bool {
    unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0xA0
      || unit == 0x3000 || unit == 0x2028 || unit == 0x2029
  }
}

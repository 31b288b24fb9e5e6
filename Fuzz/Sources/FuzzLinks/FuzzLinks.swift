// Fuzz target: link detection, link rects and hit-testing, the press state
// machine, and the incremental link tracker (alone and in an editor).
//
// Families (first byte):
// - detection of fuzzed text (every kind, both URL rules, custom detectors):
//   links sorted, non-overlapping, non-empty, on grapheme boundaries, of the
//   kinds asked for; a sub-range finds what the slice alone finds, shifted;
//   a link's target is derived from its own text only (a phone target's
//   digits are digits of its text; its text alone detects the same target);
//   `Link.normalized` of arbitrary ranges keeps its promises; links read from
//   attributed runs cut at any scalar equal their normalized form;
// - links laid out in a frame of any width and line limit: the indexed hit
//   test equals the linear scan and a scan of our own over `rectsByLink`
//   (exact beats tolerance, then nearest, then the earlier link; an infinite
//   tolerance reaches the nearest link anywhere), for points on and around
//   the rects and extreme points and tolerances; a truncated text with any
//   token (an empty one included) reports its cut exactly when the whole
//   text does not fit;
// - the press machine fed event sequences (NaN and infinite times, extreme
//   points), against a model written from its documentation;
// - `LinkTracker` and the `links` editor behaviour after edits (splitting CR
//   LF and surrogate pairs, undo, redo): their links equal a fresh detection.

import Foundation
import FuzzSupport
import TextInputCore
import TextLayout
import TextLinks
import TextMetrics

/// Custom patterns, compiled once: word-ish tickets, a capture group that may
/// not take part, empty matches, lookbehind, a match across a line break.
let customDetectors: [CustomDetector] = [
  #"\b[A-Z]+-[0-9]+\b"#, #"(\d+)|(z)"#, "a*", "(?<=a)b", "\\n.", ".", "#\\w+", "e\u{301}",
].enumerated().compactMap { index, pattern in
  try? CustomDetector(name: "custom\(index)", pattern: pattern)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinks(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let family = input.byte() % 5
  let detector = makeDetector(&input)
  let units = textUnits(&input)
  switch family {
  case 0: checkDetection(units, detector, &input)
  case 1, 2: checkLayout(units, detector, &input)
  case 3: checkTracker(units, detector, &input)
  default: checkEditor(units, detector, &input)
  }
  return 0
}

func makeDetector(_ input: inout FuzzInput) -> LinkDetector {
  let flags = input.byte()
  var kinds = Set<LinkKind>()
  if flags & 0x80 != 0 {
    kinds = LinkDetector.defaultKinds
  } else {
    for (bit, kind) in LinkKind.allCases.enumerated() where flags & (1 << bit) != 0 {
      kinds.insert(kind)
    }
  }
  let rules = input.pick(LinkDetector.URLRules.allCases)
  var custom: [CustomDetector] = []
  if input.byte() % 4 == 0 {
    for _ in 0..<1 + input.below(2) { custom.append(input.pick(customDetectors)) }
  }
  return LinkDetector(kinds: kinds, urlRules: rules, customDetectors: custom)
}

/// Text rich in link material: URLs, addresses, numbers, @ and # mixed with
/// the hard Unicode pieces; sometimes raw UTF-16 with lone surrogates.
func textUnits(_ input: inout FuzzInput) -> [UInt16] {
  switch input.byte() % 4 {
  case 0: return input.utf16(maximumPieces: 16)
  case 1: return Array(linkText(&input).utf16)
  default:
    var text = ""
    for _ in 0..<input.below(12) where !input.isAtEnd {
      text += input.bool() ? linkText(&input) : input.text(maximumPieces: 2)
    }
    return Array(text.utf16)
  }
}

func linkText(_ input: inout FuzzInput) -> String {
  input.pick([
    "http://x.co/a?b=c#d", "https://例え.jp/パス", "www.example.com", "example.com/p(a)th)",
    "ftp://a.b", "mailto:a@b.org", "xmpp:a@b.c/r", "a.b-c_d@a.b.", "президент.рф",
    "192.168.0.1:8080",
    "localhost", "http://localhost:80", "t.co", "中国語t.co", "example.comです", "a.org\nb.org",
    "+1 555 010 0199", "(555) 010-0199", "555-0100", "+44 20 7946 0958", "@who", "@who/list",
    "#tag", "#タグ", "$AAPL", "＠全角", "＃全角", "&amp;", "x.co;", "x.co.", "'x.co'", "<x.co>",
    "TIK-42", "a@b", "@", "#", ".", "-", "www.", "http://", "x.co/\u{200D}", "x.co\u{301}",
    "👍x.co", "🇫🇷@a.fr", "e\u{301}.com", "\r\n", "\u{2028}", "\u{85}", " ", "  ", "\t",
  ])
}

// MARK: - Detection

func checkLinks(
  _ links: [Link], units: [UInt16], in range: NSRange, detector: LinkDetector, _ what: String
) {
  let boundaries = Set(Graphemes.boundaries(utf16: units).offsets)
  var previousEnd = range.location
  for link in links {
    fuzzCheck(
      link.range.length > 0 && link.range.location >= previousEnd
        && link.end <= NSMaxRange(range),
      "\(what): link \(link.range) unsorted, overlapping, empty or outside \(range): "
        + "\(links.map(\.range))")
    fuzzCheck(
      boundaries.contains(link.range.location) && boundaries.contains(link.end),
      "\(what): link \(link.range) \(link.target) not on grapheme boundaries of "
        + "\(String(decoding: units, as: UTF16.self).debugDescription)")
    fuzzCheck(
      link.kind == .custom ? !detector.customDetectors.isEmpty : detector.kinds.contains(link.kind),
      "\(what): link of kind \(link.kind) not asked for (\(detector.kinds))")
    previousEnd = link.end
  }
}

func checkDetection(_ units: [UInt16], _ detector: LinkDetector, _ input: inout FuzzInput) {
  let links = detector.links(utf16: units)
  checkLinks(
    links, units: units, in: NSRange(location: 0, length: units.count), detector: detector,
    "links(utf16:)")
  for link in links { checkTargetFromOwnText(link, units: units, detector: detector) }
  checkAttributedRuns(units, &input)
  if let text = String(validating: units, as: UTF16.self) {
    fuzzCheck(detector.links(in: text) == links, "links(in:) differs from links(utf16:)")
  }
  // A sub-range: what the slice alone holds, shifted.
  let range = input.range(near: units.count)
  let inRange = detector.links(utf16: units, in: range)
  let clamped = range.clamped(toLength: units.count)
  if !clamped.isEmpty {
    let start = clamped.lowerBound
    let slice = Array(units[start..<clamped.upperBound])
    let expected = detector.links(utf16: slice).map {
      Link(
        range: NSRange(location: $0.range.location + start, length: $0.range.length),
        target: $0.target)
    }
    fuzzCheck(
      inRange == expected,
      "links(utf16:in: \(range)) \(inRange.map(\.range)) != slice's \(expected.map(\.range))")
  } else {
    fuzzCheck(inRange.isEmpty, "links in an empty range \(range): \(inRange.map(\.range))")
  }
  // Normalizing arbitrary ranges.
  var given: [Link] = []
  for _ in 0..<input.below(6) {
    given.append(Link(range: input.range(near: units.count), target: .url("u\(given.count)")))
  }
  let normalized = Link.normalized(given, utf16: units)
  checkNormalized(normalized, units: units)
  fuzzCheck(
    Link.normalized(normalized, utf16: units) == normalized, "normalized is not idempotent")
}

/// A link's target is derived from its own text only: a phone target's
/// digits are a subsequence of the digits of the link's text (its `+` only
/// when the text has one), and when the link's text detected alone gives one
/// link over all of it, that link has the same target.
func checkTargetFromOwnText(_ link: Link, units: [UInt16], detector: LinkDetector) {
  let own = Array(units[link.range.location..<link.end])
  let ownText = String(decoding: own, as: UTF16.self)
  if case .phone(let number) = link.target {
    let digits = ownText.unicodeScalars.filter { ("0"..."9").contains($0) }
    var wanted = number.unicodeScalars[...]
    if wanted.first == "+" {
      fuzzCheck(
        ownText.contains("+"),
        "phone target \(number) has a + that \(ownText.debugDescription) lacks")
      wanted = wanted.dropFirst()
    }
    var rest = digits[...]
    for digit in wanted {
      guard let found = rest.firstIndex(of: digit) else {
        fuzzCheck(
          false,
          "phone target \(number) is not made of the digits of its text \(ownText.debugDescription) "
            + "at \(link.range) of \(String(decoding: units, as: UTF16.self).debugDescription)")
        return
      }
      rest = rest[rest.index(after: found)...]
    }
  }
  // cmark-gfm reads an address after an `xmpp:` resource as a URL whose text
  // is the address (one of its departures, followed here), so with `.gfm`
  // rules only the target's text is compared.
  let alone = detector.links(utf16: own)
  let whole = alone.count == 1 && alone[0].range == NSRange(location: 0, length: own.count)
  if whole, detector.urlRules == .gfm, case .url(let text) = link.target,
    case .email(let address) = alone[0].target
  {
    fuzzCheck(
      text == address,
      "link \(link.range) \(ownText.debugDescription) has target \(link.target) in "
        + "\(String(decoding: units, as: UTF16.self).debugDescription), \(alone[0].target) alone")
  } else if whole, link.range.location == 0 || isSpace(units[link.range.location - 1]) {
    // Only where the link starts the text or follows white space is its text
    // alone in the same context: the rules read the character before a link
    // (GFM's `www.` needs white space before it; after `"`, the same text is
    // an e-mail address), so elsewhere a target may differ from the alone one.
    fuzzCheck(
      alone[0].target == link.target,
      "link \(link.range) \(ownText.debugDescription) has target \(link.target) in "
        + "\(String(decoding: units, as: UTF16.self).debugDescription), \(alone[0].target) alone")
  }
}

/// Whether `unit` is white space as every rule set reads it before a link.
func isSpace(_ unit: UInt16) -> Bool {
  unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D
}

/// Links read from attributed runs (`Link.links(in:)`) equal the normalized
/// form of the runs' UTF-16 ranges: runs are cut at arbitrary scalars, inside
/// grapheme clusters too (a `.link` run ending before a combining mark).
func checkAttributedRuns(_ units: [UInt16], _ input: inout FuzzInput) {
  let scalars = Array(String(decoding: units, as: UTF16.self).unicodeScalars)
  var attributed = AttributedString()
  var given: [Link] = []
  var start = 0
  var offset = 0
  var previous: Int?
  while start < scalars.count {
    let end = min(scalars.count, start + 1 + input.below(6))
    var piece = String.UnicodeScalarView()
    piece.append(contentsOf: scalars[start..<end])
    let text = String(piece)
    var run = AttributedString(text)
    let length = text.utf16.count
    let target = input.byte() % 3 == 0 ? nil : input.below(3)
    if let target, let url = URL(string: "https://x.co/\(target)") {
      run.link = url
      // Runs of one URL next to each other are one run.
      if previous == target, let last = given.popLast() {
        given.append(
          Link(
            range: NSRange(location: last.range.location, length: last.range.length + length),
            target: last.target))
      } else {
        given.append(
          Link(range: NSRange(location: offset, length: length), target: .url(url.absoluteString)))
      }
    }
    previous = target
    attributed += run
    offset += length
    start = end
  }
  let text = Array(String(attributed.characters).utf16)
  let read = Link.links(in: attributed)
  let expected = Link.normalized(given, utf16: text)
  fuzzCheck(
    read == expected && Link.normalized(read, utf16: text) == read,
    "links(in:) of runs \(given.map(\.range)) gave \(read.map(\.range)), normalized "
      + "\(expected.map(\.range)) in \(String(decoding: text, as: UTF16.self).debugDescription)")
}

func checkNormalized(_ links: [Link], units: [UInt16]) {
  let boundaries = Set(Graphemes.boundaries(utf16: units).offsets)
  var previousEnd = 0
  for link in links {
    fuzzCheck(
      link.range.length > 0 && link.range.location >= previousEnd && link.end <= units.count
        && boundaries.contains(link.range.location) && boundaries.contains(link.end),
      "normalized link \(link.range) of \(units.count) units: \(links.map(\.range))")
    previousEnd = link.end
  }
}

// MARK: - Layout and hit-testing

func makeFrame(_ units: [UInt16], _ input: inout FuzzInput) -> TextFrame {
  let widths: [CGFloat] = [.infinity, 0, 1, 3, 10, 40, .nan, -5, 2.5]
  let width = input.bool() ? input.pick(widths) : input.cgFloat()
  let container = TextContainer(
    width: width, maximumNumberOfLines: input.pick([0, 0, 1, 2, 3, -1, Int.max]),
    lineFragmentPadding: input.byte() % 4 == 0 ? input.cgFloat() : 0)
  let direction: Bidi.BaseDirection = input.pick([
    .fixed(.leftToRight), .fixed(.rightToLeft), .firstStrong(fallback: .leftToRight),
    .firstStrong(fallback: .rightToLeft),
  ])
  let style = LayoutStyle(
    font: CellFont.terminal, alignment: input.pick(TextAlignment.allCases), direction: direction,
    lineBreakMode: input.pick(LineBreakMode.allCases))
  return TextFrame(utf16: units, container: container, style: style)
}

/// The distance from a point to a closed rect, without overflow.
func distance(from point: CGPoint, to rect: CGRect) -> CGFloat {
  let dx = max(rect.minX - point.x, 0, point.x - rect.maxX)
  let dy = max(rect.minY - point.y, 0, point.y - rect.maxY)
  let squared = dx * dx + dy * dy
  if squared.isFinite { return squared.squareRoot() }
  let scale = max(dx, dy)
  guard scale.isFinite else { return scale }
  let (x, y) = (dx / scale, dy / scale)
  return scale * (x * x + y * y).squareRoot()
}

/// The hit by the documented rules, scanning every rect of every link.
func expectedHit(_ layout: LinkLayout, at point: CGPoint, tolerance: CGFloat) -> LinkHit? {
  guard point.x.isFinite, point.y.isFinite else { return nil }
  // The model tells a line's rects by their y in the view; past 2^52 points
  // of origin, lines round to one y, and only the layout's own line index
  // tells them apart: there the layout's answer is taken.
  guard abs(layout.origin.x) < 0x1p52, abs(layout.origin.y) < 0x1p52 else {
    return layout.hit(at: point, tolerance: tolerance)
  }
  var tolerance = tolerance
  if tolerance.isNaN || tolerance < 0 { tolerance = 0 }
  if tolerance == .infinity { tolerance = .greatestFiniteMagnitude }
  // A point in a line's band hits only that line's links, and nothing left of
  // its first cluster or right of its last.
  let local = CGPoint(x: point.x - layout.origin.x, y: point.y - layout.origin.y)
  var band: CGRect?
  for (index, line) in layout.frame.lineFragments.enumerated()
  where line.rect.minY <= local.y && local.y < line.rect.maxY {
    let shown = (layout.frame.placedClusters(ofLine: index) ?? []).filter { $0.maxX > $0.minX }
    guard let left = shown.map(\.minX).min(), let right = shown.map(\.maxX).max(),
      local.x >= left, local.x < right
    else { return nil }
    band = line.rect
    break
  }
  var best: LinkHit?
  for (link, rects) in layout.rectsByLink.enumerated() {
    for rect in rects {
      if let band, rect.minY != band.minY + layout.origin.y { continue }
      let exact =
        point.x >= rect.minX && point.x < rect.maxX && point.y >= rect.minY && point.y < rect.maxY
      let d = exact ? 0 : distance(from: point, to: rect)
      guard exact || (tolerance > 0 && d <= tolerance) else { continue }
      let candidate = LinkHit(linkIndex: link, distance: d, isExact: exact)
      if let current = best {
        if current.isExact != exact {
          if exact { best = candidate }
        } else if d < current.distance || (d == current.distance && link < current.linkIndex) {
          best = candidate
        }
      } else {
        best = candidate
      }
    }
  }
  return best
}

/// Points on, inside and just outside the layout's rects, and extremes.
func probePoint(_ layout: LinkLayout, _ input: inout FuzzInput) -> CGPoint {
  let rects = layout.rectsByLink.flatMap { $0 }
  guard !rects.isEmpty, input.byte() % 4 != 0 else { return input.point() }
  let rect = input.pick(rects)
  let xs = [
    rect.minX, rect.maxX, rect.midX, rect.minX.nextDown, rect.maxX.nextDown,
    rect.maxX.nextUp, rect.minX - 10, rect.maxX + 10, rect.minX - 10.5,
  ]
  let ys = [
    rect.minY, rect.maxY, rect.midY, rect.minY.nextDown, rect.maxY.nextDown,
    rect.maxY.nextUp, rect.minY - 10, rect.maxY + 10, rect.maxY + 7,
  ]
  return CGPoint(x: input.pick(xs), y: input.pick(ys))
}

func probeTolerance(_ input: inout FuzzInput) -> CGFloat {
  input.bool() ? input.pick([0, 10, 0.5, 1, 100, -1, .nan, .infinity]) : input.cgFloat()
}

func checkLayout(_ units: [UInt16], _ detector: LinkDetector, _ input: inout FuzzInput) {
  let frame = makeFrame(units, &input)
  var links = detector.links(utf16: units)
  if input.byte() % 4 == 0 {
    for _ in 0..<input.below(4) {
      links.append(Link(range: input.range(near: units.count), target: .url("given")))
    }
  }
  let origin = input.byte() % 4 == 0 ? input.point() : CGPoint(x: 5, y: 8)
  let layout = LinkLayout(frame: frame, links: links, origin: origin)
  fuzzCheck(
    layout.links == Link.normalized(links, utf16: units), "layout links are not the normalized ones"
  )
  fuzzCheck(layout.rectsByLink.count == layout.links.count, "one rect list per link")
  for rects in layout.rectsByLink {
    for rect in rects {
      fuzzCheck(
        rect.width > 0 && rect.height >= 0 && rect.origin.x.isFinite && rect.origin.y.isFinite,
        "bad link rect \(rect)")
      // One line's band: a line fragment's rect moved by the origin.
      let sanitized = CGPoint(
        x: layout.origin.x.isFinite ? layout.origin.x : 0,
        y: layout.origin.y.isFinite ? layout.origin.y : 0)
      fuzzCheck(
        frame.lineFragments.contains {
          $0.rect.minY + sanitized.y == rect.minY && $0.rect.height == rect.height
        },
        "link rect \(rect) is on no line band")
    }
  }
  if input.byte() % 2 == 0 {
    checkPress(layout, &input)
    return
  }
  for _ in 0..<1 + input.below(8) {
    let point = probePoint(layout, &input)
    let tolerance = probeTolerance(&input)
    let hit = layout.hit(at: point, tolerance: tolerance)
    let scan = layout.hitByScanning(at: point, tolerance: tolerance)
    fuzzCheck(
      hit == scan,
      "hit(at: \(point), tolerance: \(tolerance)) = \(String(describing: hit)), scan "
        + "\(String(describing: scan)); rects \(layout.rectsByLink)")
    let expected = expectedHit(layout, at: point, tolerance: tolerance)
    fuzzCheck(
      hit == expected,
      "hit(at: \(point), tolerance: \(tolerance)) = \(String(describing: hit)), expected "
        + "\(String(describing: expected)); rects \(layout.rectsByLink)")
    // The same test in a scaled and offset space.
    let scale = input.pick([CGFloat(1), 2, 0.5, 3])
    let offset = CGPoint(x: input.pick([0, 16, -7.5]), y: input.pick([0, 20, -3]))
    let moved = CGPoint(x: point.x * scale + offset.x, y: point.y * scale + offset.y)
    if scale == 1, offset == .zero, tolerance.isFinite {
      fuzzCheck(
        layout.hit(at: moved, offset: offset, scale: scale, tolerance: tolerance) == hit,
        "hit(at:offset:scale:) with the identity differs")
    } else {
      _ = layout.hit(at: moved, offset: offset, scale: scale, tolerance: tolerance)
    }
  }
  _ = layout.rectsByLink(offset: input.point(), scale: input.cgFloat())
  let token = truncationToken(&input)
  let truncated = TruncatedLinkText(
    utf16: units, links: links, container: frame.container, style: frame.style, token: token)
  // A cut text reports its cut, for every token (an empty one included): it
  // is cut exactly when the whole text does not fit.
  var wrapping = frame.style
  if wrapping.lineBreakMode.truncates { wrapping.lineBreakMode = .wordWrap }
  let fits = !TextFrame(utf16: units, container: frame.container, style: wrapping).isTruncated
  let tokenUnits = String(token.text.characters).utf16.count
  fuzzCheck(
    truncated.isTruncated == !fits,
    "isTruncated \(truncated.isTruncated), the whole text fits \(fits), token "
      + "\(String(token.text.characters).debugDescription), shown \(truncated.shownLength) of "
      + "\(units.count)")
  fuzzCheck(
    truncated.shownLength >= 0 && truncated.shownLength <= units.count
      && Graphemes.boundaries(utf16: units).offsets.contains(truncated.shownLength),
    "truncated shown length \(truncated.shownLength) of \(units.count) is not a boundary")
  if let tokenRange = truncated.tokenRange {
    // The token is the last link, at the end of the shown text, after a
    // prefix of the original text.
    fuzzCheck(tokenRange.length == tokenUnits, "token range \(tokenRange), token of \(tokenUnits)")
    fuzzCheck(
      tokenUnits == 0
        ? truncated.tokenLinkIndex == nil
        : truncated.tokenLinkIndex == truncated.layout.links.count - 1,
      "token link \(String(describing: truncated.tokenLinkIndex)) of \(truncated.layout.links.count)"
    )
    let shown = truncated.frame.utf16
    fuzzCheck(
      NSMaxRange(tokenRange) == shown.count && tokenRange.location <= truncated.shownLength
        && Array(shown[..<tokenRange.location]) == Array(units[..<tokenRange.location]),
      "token \(tokenRange) in \(shown.count) shown units, \(truncated.shownLength) kept")
  }
  fuzzCheck(
    truncated.isTruncated || truncated.shownLength == units.count,
    "not truncated but shows \(truncated.shownLength) of \(units.count)")
}

/// A truncation token: the default, an empty one (which the configuration
/// key accepts), one starting with a combining or a prepended mark, spaces,
/// or fuzzed text.
func truncationToken(_ input: inout FuzzInput) -> TruncationToken {
  switch input.byte() % 4 {
  case 0: return .more
  case 1:
    let text = input.pick(["", "\u{2026}more", "\u{301}more", "\u{600}", " ", "\r\n", "🇫", "x"])
    return TruncationToken(text, target: .url("token"))
  default: return TruncationToken(input.text(maximumPieces: 2), target: .url("token"))
  }
}

// MARK: - The press machine

/// The press machine as its documentation describes it.
struct PressModel {
  var configuration: LinkPressGesture.Configuration
  var link: Int?
  var start = CGPoint.zero
  var startTime: TimeInterval = 0
  var longPressed = false
  var lastTime: TimeInterval = 0

  mutating func time(_ time: TimeInterval) -> TimeInterval {
    var time = time.isFinite ? time : lastTime
    if link != nil, time < startTime { time = startTime }
    lastTime = time
    return time
  }

  func stillOn(_ point: CGPoint, _ layout: LinkLayout) -> Bool {
    guard point.x.isFinite, point.y.isFinite else { return false }
    let moved = distance(from: point, to: CGRect(origin: start, size: .zero))
    guard moved <= configuration.allowableMovement else { return false }
    return expectedHit(layout, at: point, tolerance: configuration.tolerance(in: layout))?.linkIndex
      == link
  }

  mutating func handle(_ event: LinkPressGesture.Event, in layout: LinkLayout)
    -> LinkPressGesture.Outcome
  {
    switch event {
    case .down(let point, let at):
      let now = time(at)
      guard link == nil else { return .unchanged }
      guard let hit = expectedHit(layout, at: point, tolerance: configuration.tolerance(in: layout))
      else {
        return .notClaimed
      }
      (link, start, startTime, longPressed) = (hit.linkIndex, point, now, false)
      return .pressed(hit.linkIndex)
    case .moved(let point, let at):
      let now = time(at)
      guard let current = link else { return .unchanged }
      guard stillOn(point, layout) else {
        link = nil
        return .cancelled(current)
      }
      return longPressIfDue(now)
    case .tick(let at):
      let now = time(at)
      guard link != nil else { return .unchanged }
      return longPressIfDue(now)
    case .up(let point, let at):
      let now = time(at)
      guard let current = link else { return .unchanged }
      let on = stillOn(point, layout)
      link = nil
      if longPressed || !on { return .cancelled(current) }
      let held = max(now - startTime, 0)
      if held >= configuration.longPressDuration { return .longPressed(current) }
      if held < configuration.minimumPressDuration { return .cancelled(current) }
      return .tapped(current)
    case .cancelled(let at):
      _ = time(at)
      guard let current = link else { return .unchanged }
      link = nil
      return .cancelled(current)
    }
  }

  mutating func longPressIfDue(_ now: TimeInterval) -> LinkPressGesture.Outcome {
    guard let current = link, !longPressed, now - startTime >= configuration.longPressDuration
    else { return .unchanged }
    longPressed = true
    return .longPressed(current)
  }
}

func checkPress(_ layout: LinkLayout, _ input: inout FuzzInput) {
  func seconds() -> TimeInterval {
    input.bool()
      ? input.pick([0, 0.005, 0.01, 0.1, 0.5, 0.6, 1, .nan, .infinity, -.infinity, -1, 1e300])
      : Double(input.cgFloat()) / 100
  }
  let configuration =
    input.byte() % 4 == 0
    ? LinkPressGesture.Configuration(
      minimumPressDuration: seconds(), longPressDuration: seconds(),
      allowableMovement: input.cgFloat(), tolerance: probeTolerance(&input))
    : LinkPressGesture.Configuration()
  var machine = LinkPressGesture(configuration: configuration)
  var model = PressModel(configuration: machine.configuration)
  var clock: TimeInterval = 0
  var fired = 0
  for _ in 0..<input.below(12) where !input.isAtEnd {
    if input.bool() { clock += input.pick([0.005, 0.01, 0.2, 0.5, 1]) }
    let time = input.byte() % 8 == 0 ? seconds() : clock
    let point = probePoint(layout, &input)
    let event: LinkPressGesture.Event
    switch input.byte() % 6 {
    case 0, 1: event = .down(point, at: time)
    case 2: event = .moved(point, at: time)
    case 3: event = .up(point, at: time)
    case 4: event = .tick(at: time)
    default: event = .cancelled(at: time)
    }
    let pressedBefore = machine.highlightedLinkIndex
    let outcome = machine.handle(event, in: layout)
    let expected = model.handle(event, in: layout)
    fuzzCheck(
      outcome == expected,
      "press \(event) gave \(outcome), the documented machine \(expected); rects "
        + "\(layout.rectsByLink), configuration \(machine.configuration)")
    fuzzCheck(
      machine.highlightedLinkIndex == model.link,
      "highlight \(String(describing: machine.highlightedLinkIndex)) after \(event)")
    switch outcome {
    case .tapped(let index), .longPressed(let index):
      fuzzCheck(
        index == pressedBefore, "fired link \(index), pressed \(String(describing: pressedBefore))")
      fired += 1
    default: break
    }
    if case .down = event, case .pressed = outcome { fired = 0 }
    fuzzCheck(fired <= 1, "one press fired twice")
  }
}

// MARK: - Incremental updates

/// A real edit of `units`: a range (possibly splitting a CR LF pair or a
/// surrogate pair) and its replacement.
func makeEdit(_ units: [UInt16], _ input: inout FuzzInput) -> (NSRange, [UInt16]) {
  let location = input.below(units.count + 1)
  let length = input.byte() % 4 == 0 ? 0 : input.below(units.count - location + 1)
  let replacement: [UInt16]
  switch input.byte() % 4 {
  case 0: replacement = []
  case 1:
    replacement = Array(input.pick(["\n", "\r", "\r\n", "\u{2028}", ".org", " ", "@", "#"]).utf16)
  case 2: replacement = input.utf16(maximumPieces: 2)
  default: replacement = Array(linkText(&input).utf16)
  }
  return (NSRange(location: location, length: length), replacement)
}

func checkTracker(_ units: [UInt16], _ detector: LinkDetector, _ input: inout FuzzInput) {
  // Custom patterns may match across a paragraph break, which is not kept in sync.
  let detector = LinkDetector(kinds: detector.kinds, urlRules: detector.urlRules)
  var tracker = LinkTracker(detector: detector, utf16: units)
  var text = units
  var history =
    "start \(String(decoding: units, as: UTF16.self).debugDescription), "
    + "rules \(detector.urlRules), kinds \(detector.kinds.map(\.rawValue).sorted())"
  for _ in 0..<1 + input.below(6) where !input.isAtEnd {
    if input.byte() % 8 == 0 {
      // An edit that does not fit: the whole text is detected again.
      let bad = NSRange(
        location: input.pick([NSNotFound, -1, Int.min]), length: input.pick([0, 1, -1]))
      tracker.replaceCharacters(
        in: bad, replacementLength: input.pick([0, -1, Int.max]), newText: text)
      history += "; bad edit"
    } else {
      let (range, replacement) = makeEdit(text, &input)
      history +=
        "; replace \(range) with \(String(decoding: replacement, as: UTF16.self).debugDescription)"
      text.replaceSubrange(range.location..<NSMaxRange(range), with: replacement)
      tracker.replaceCharacters(in: range, replacementLength: replacement.count, newText: text)
    }
    let fresh = detector.links(utf16: text)
    fuzzCheck(
      tracker.links == fresh,
      "tracker \(tracker.links.map(\.range)) != fresh \(fresh.map(\.range)) of "
        + "\(String(decoding: text, as: UTF16.self).debugDescription) after \(history)")
  }
}

func checkEditor(_ units: [UInt16], _ detector: LinkDetector, _ input: inout FuzzInput) {
  let detector = LinkDetector(kinds: detector.kinds, urlRules: detector.urlRules)
  var editor = Editor(
    text: String(decoding: units, as: UTF16.self),
    geometry: ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: input.pick([40, 100, 7]), height: 200)),
    behaviours: [EditorLinks(detector: detector)])
  for _ in 0..<1 + input.below(8) where !input.isAtEnd {
    switch input.byte() % 8 {
    case 0: _ = editor.insert(String(decoding: makeEdit([], &input).1, as: UTF16.self))
    case 1: _ = editor.deleteBackward()
    case 2: _ = editor.undo()
    case 3: _ = editor.redo()
    case 4: editor.select(input.range(near: editor.state.utf16Count))
    case 5: _ = editor.tap(at: input.point())
    default:
      let (range, replacement) = makeEdit(editor.state.utf16.array, &input)
      _ = editor.replace(range, with: String(decoding: replacement, as: UTF16.self))
    }
    guard let links = editor.behaviour(EditorLinks.self) else {
      fuzzCheck(false, "the links behaviour is gone")
      return
    }
    let fresh = Link.normalized(
      detector.links(utf16: editor.state.utf16), utf16: editor.state.utf16.array)
    fuzzCheck(
      links.links == fresh,
      "editor links \(links.links.map(\.range)) != fresh \(fresh.map(\.range)) of "
        + "\(editor.text.debugDescription)")
    let layout = links.layout(in: editor.state)
    fuzzCheck(layout.links == fresh, "editor layout links are stale")
    fuzzCheck(layout.frame.utf16 == editor.displayedUTF16, "the links are not on the drawn text")
  }
}

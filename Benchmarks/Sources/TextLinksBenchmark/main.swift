// TextLinks: detection of a 1 MB text holding 100 000 links, against the same
// kinds of pattern run through NSRegularExpression (the usual approach) in the
// same run; rects and the hit-test index for every link; hit tests at 100 and
// at 100 000 links against a linear scan of the rects; and a one-character
// edit against a full detection.
//
//     swift run -c release --package-path Benchmarks TextLinksBenchmark
//
// Every figure is checked, or the program exits with status 1: detection must
// find exactly the links the corpus was built with, every link must have
// rects, the index must agree with the linear scan on every probe, the
// indexed test at 100 000 links must take at most 3 times as long as at 100,
// and the edit must take at most 1/100 of a full detection and give the links
// a fresh detection of the edited text gives.

import BenchmarkSupport
import Foundation
import TextLinks

let linkCount = 100_000
let targetBytes = 1_000_000

/// A corpus of about `targetBytes` with exactly `count` links (10 bytes a
/// link with what separates them), six kinds in turn, short plain words
/// between them where there is room, a line feed every 60–90 bytes; and the
/// links as the detector must report them.
func corpus(links count: Int) -> (text: String, expected: [(NSRange, LinkKind, String)]) {
  var rng = SplitMix64(seed: 7)
  let words = ["so", "and", "to", "in", "a", "we", "it", "or"]
  var out = ""
  out.reserveCapacity(targetBytes + 100)
  var utf16 = 0
  var expected: [(NSRange, LinkKind, String)] = []
  var line = 0
  let perLink = targetBytes / max(count, 1)
  for index in 0..<count {
    let n = Int.random(in: 10...99, using: &rng)
    let link: (String, LinkKind, String)
    switch index % 6 {
    case 0: link = ("x\(n).io", .url, "http://x\(n).io")
    case 1: link = ("b\(n)@c.io", .email, "mailto:b\(n)@c.io")
    case 2: link = ("@u\(n)", .mention, "u\(n)")
    case 3: link = ("#t\(n)", .hashtag, "t\(n)")
    case 4: link = ("http://e.io/\(n)", .url, "http://e.io/\(n)")
    default: link = ("+1 555 0\(n)", .phone, "tel:+15550\(n)")
    }
    let length = link.0.utf16.count
    expected.append((NSRange(location: utf16, length: length), link.1, link.2))
    out += link.0
    utf16 += length
    line += length
    // Plain words while the text is short of 10 bytes a link.
    while utf16 + 3 < (index + 1) * perLink {
      let word = words[Int.random(in: 0..<words.count, using: &rng)]
      out += " " + word
      utf16 += word.utf16.count + 1
      line += word.utf16.count + 1
    }
    if line > Int.random(in: 60...90, using: &rng) {
      out += "\n"
      line = 0
    } else {
      out += " "
      line += 1
    }
    utf16 += 1
  }
  return (out, expected)
}

func best(_ rounds: Int, _ body: () -> Void) -> Double {
  BenchmarkSupport.best(rounds: rounds, body).seconds
}

let (text, expected) = corpus(links: linkCount)
let units = Array(text.utf16)
let megabytes = Double(text.utf8.count) / 1_000_000
print(
  "TextLinks benchmark: \(text.utf8.count) bytes, \(units.count) UTF-16 units, \(expected.count) links"
)

// MARK: Detection against NSRegularExpression

let detector = LinkDetector()
var found: [Link] = []
let detection = best(5) { found = detector.links(utf16: units) }
check(found.count == expected.count, "detected \(found.count) links, expected \(expected.count)")
for (link, want) in zip(found, expected)
where link.range != want.0 || link.kind != want.1 || link.target.string != want.2 {
  check(false, "link \(link) differs from the corpus's \(want)")
  break
}

// The same kinds of pattern, compiled once, as apps run them.
let patterns = [
  #"\b(?:https?://|www\.)[^\s<]+[^\s<.,:;"')\]!?]"#,  // URLs with a scheme or www.
  #"\b[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.(?:com|org|io|net)(?:/[^\s<]*[^\s<.,:;"')\]!?])?"#,
  #"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}"#,  // e-mail
  #"\+?[0-9][0-9 ().-]{6,}[0-9]"#,  // phone
  #"(?<![A-Za-z0-9_])@[A-Za-z0-9_]{1,20}"#,  // mention
  #"(?<![\p{L}\p{N}_&])#[\p{L}\p{M}\p{Nd}_]*\p{L}[\p{L}\p{M}\p{Nd}_]*"#,  // hashtag
]
let expressions = patterns.compactMap { try? NSRegularExpression(pattern: $0) }
check(expressions.count == patterns.count, "a regular expression did not compile")
let nsText = text as NSString
var regexMatches = 0
let regex = best(3) {
  regexMatches = 0
  for expression in expressions {
    regexMatches += expression.numberOfMatches(
      in: text, range: NSRange(location: 0, length: nsText.length))
  }
}
check(regexMatches >= expected.count, "the regular expressions found only \(regexMatches) matches")
print(
  String(
    format: "detection: %.1f MB/s (%.2f ms); NSRegularExpression, same kinds: %.1f MB/s "
      + "(%.2f ms, %d matches before overlap resolution); ratio %.1f×",
    megabytes / detection, detection * 1000, megabytes / regex, regex * 1000, regexMatches,
    regex / detection))

// The other rule sets on the same corpus in the same run: `.extended` (the
// default before UTS #58) and `.gfm` (cmark-gfm's rules: no scheme-less hosts,
// so fewer links).
for rules in [LinkDetector.URLRules.extended, .gfm] {
  let other = LinkDetector(urlRules: rules)
  var otherFound: [Link] = []
  let time = best(5) { otherFound = other.links(utf16: units) }
  print(
    "detection with .\(rules.rawValue) rules: "
      + String(
        format: "%.1f MB/s (%.2f ms, %d links)", megabytes / time, time * 1000, otherFound.count))
}

// MARK: Rects and index

let frame = TextFrame(
  utf16: units, container: TextContainer(width: 600),
  style: LayoutStyle(font: CellFont(cellWidth: 10, lineHeight: 20)))
var layout = LinkLayout(frame: frame, links: [])
let layoutTime = best(2) { layout = LinkLayout(frame: frame, links: found) }
let rectCount = layout.rectsByLink.reduce(0) { $0 + $1.count }
check(layout.rectsByLink.allSatisfy { !$0.isEmpty }, "a link has no rects")
print(
  String(
    format: "rects and index for %d links: %.1f ms (%d rects)", layout.links.count,
    layoutTime * 1000, rectCount))

// MARK: Hit tests: 100 links against 100 000, index against linear scan

/// The first `count` links' layout: the text up to the end of link `count`.
@MainActor func smallLayout(_ count: Int) -> LinkLayout {
  let end = found[count - 1].end
  let small = TextFrame(
    utf16: Array(units[0..<end]), container: TextContainer(width: 600),
    style: LayoutStyle(font: CellFont(cellWidth: 10, lineHeight: 20)))
  return LinkLayout(frame: small, links: Array(found.prefix(count)))
}

/// Taps as a user makes them: on the screen a text view shows (40 lines,
/// 800 points, of the container's width), at 10 scroll positions, 1/10 of
/// the taps each. With `screen: false`, spread evenly over the whole text.
func probes(_ layout: LinkLayout, _ count: Int, screen: Bool = true) -> [CGPoint] {
  var rng = SplitMix64(seed: 99)
  let height = layout.rectsByLink.last?.last?.maxY ?? 0
  let view = screen ? min(800, height) : height
  var points: [CGPoint] = []
  for _ in 0..<10 {
    let scroll = Double.random(in: 0...(height - view), using: &rng)
    for _ in 0..<(count / 10) {
      points.append(
        CGPoint(
          x: Double.random(in: 0..<600, using: &rng),
          y: scroll + Double.random(in: 0..<view, using: &rng)))
    }
  }
  return points
}

let small = smallLayout(100)
let probeCount = 50_000
let layouts = [small, layout]
let points = layouts.map { probes($0, probeCount) }
let spread = probes(layout, probeCount, screen: false)
// Rounds alternate between the sizes, so both see the same machine load.
var indexedTimes = [Double](repeating: .infinity, count: 3)
var hitCounts = [0, 0, 0]
for _ in 0..<7 {
  for (n, (current, taps)) in zip(layouts + [layout], points + [spread]).enumerated() {
    var hits = 0
    let time = seconds {
      for point in taps where current.hit(at: point) != nil { hits += 1 }
    }
    indexedTimes[n] = min(indexedTimes[n], time)
    hitCounts[n] = hits
  }
}
var timings: [(links: Int, indexed: Double, linear: Double)] = []
for (n, current) in layouts.enumerated() {
  let linearPoints = Array(points[n].prefix(current.links.count > 1000 ? 200 : 5000))
  let linear =
    best(1) {
      for point in linearPoints { _ = current.hitByScanning(at: point) }
    } / Double(linearPoints.count)
  for point in linearPoints {
    check(
      current.hit(at: point) == current.hitByScanning(at: point),
      "index and scan disagree at \(point)")
  }
  check(hitCounts[n] > 0, "no probe hit a link among \(current.links.count)")
  timings.append((current.links.count, indexedTimes[n] / Double(probeCount), linear))
}
for timing in timings {
  print(
    String(
      format: "hit test at %d links: %.3f µs indexed, %.3f µs linear scan (%.0f×)",
      timing.links, timing.indexed * 1e6, timing.linear * 1e6, timing.linear / timing.indexed))
}
let growth = timings[1].indexed / timings[0].indexed
print(String(format: "indexed hit test, 100 000 links / 100 links: %.2f (at most 3)", growth))
// Taps spread over all the lines at once instead of a screen: each reads
// memory no other tap did, so the figure is the machine's memory latency.
print(
  String(
    format: "  (taps spread over the whole 100 000-link text, not a screen: %.3f µs, %.2f× the "
      + "100-link figure: cache misses, not the search)",
    indexedTimes[2] / Double(probeCount) * 1e6,
    indexedTimes[2] / Double(probeCount) / timings[0].indexed))
check(growth <= 3, "the indexed hit test grew \(growth)× from 100 to 100 000 links")

// MARK: The complaint: a 3000-character paragraph hanging on a tap

// One paragraph of 3000 characters full of links, 40 cells wide (no line
// feed: every line of the paragraph is measured with the whole paragraph).
var paragraph = ""
var paragraphLinks = 0
while paragraph.utf16.count < 3000 {
  paragraph +=
    paragraphLinks % 2 == 0 ? "see x\(paragraphLinks).io and " : "ask @u\(paragraphLinks) "
  paragraphLinks += 1
}
let paragraphUnits = Array(paragraph.utf16)
let paragraphFrame = TextFrame(
  utf16: paragraphUnits, container: TextContainer(width: 400),
  style: LayoutStyle(font: CellFont(cellWidth: 10, lineHeight: 20)))
var paragraphLayout = LinkLayout(frame: paragraphFrame, links: [])
let paragraphBuild = best(3) {
  paragraphLayout = LinkLayout(frame: paragraphFrame, links: detector.links(utf16: paragraphUnits))
}
let paragraphTaps = probes(paragraphLayout, 10_000)
let paragraphTap =
  best(3) { for point in paragraphTaps { _ = paragraphLayout.hit(at: point) } } / 10_000
check(paragraphLayout.links.count == paragraphLinks, "the paragraph's links were not all found")
print(
  String(
    format: "a 3000-character paragraph, %d links, %d lines: detection + rects + index "
      + "%.2f ms once, then %.3f µs a tap",
    paragraphLinks, paragraphFrame.lineFragments.count, paragraphBuild * 1000,
    paragraphTap * 1e6))

// MARK: One-character edit against a full detection

let middle = found[found.count / 2].range.location + 1
var edited = units
edited.insert(0x78, at: middle)  // "x" inside the middle link
// Each round edits a tracker of its own, uniquely referenced (as an editor's
// is), so no round pays for copying another's links.
var trackers = (0..<7).map { _ in LinkTracker(detector: detector, utf16: units) }
var round = 0
let edit = best(7) {
  trackers[round].replaceCharacters(
    in: NSRange(location: middle, length: 0), replacementLength: 1, newText: edited)
  round += 1
}
let tracker = trackers[0]
check(
  tracker.links == detector.links(utf16: edited), "the edit's links differ from a fresh detection")
let editRatio = edit / detection
print(
  String(
    format: "one-character edit: %.3f ms, %.4f of a full detection (at most 0.01), "
      + "paragraph detected again: %d units",
    edit * 1000, editRatio, tracker.lastDetectedRange?.length ?? 0))
check(editRatio <= 0.01, "the edit took \(editRatio) of a full detection")

Checks.finish(success: "TextLinks benchmark: all checks passed")

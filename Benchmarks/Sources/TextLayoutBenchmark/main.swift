// TextLayout: full layout of a mixed-script text at 60 cells against the
// three measuring passes over the same text (clusters, widths, line-break
// opportunities), its linearity (1 MB against 100 KB), relayout after a
// one-character edit against the full layout, and peak memory, measured in
// the same run.
//
//     swift run -c release --package-path Benchmarks TextLayoutBenchmark [MB]
//     swift run -c release --package-path Benchmarks TextLayoutBenchmark [MB] --layout-only N
//     swift run -c release --package-path Benchmarks TextLayoutBenchmark [MB] --passes-only N
//
// `--layout-only N` lays the corpus out N times and nothing else, and
// `--passes-only N` runs the three measuring passes N times, for a profiler
// that counts instructions (see the README's Performance section).
//
// Every figure is checked: the lines must tile the text, fit the width (or be
// one cluster), and the relayout after an edit must equal a fresh layout of
// the edited text, or the program exits with status 1.

import BenchmarkSupport
import Foundation
import TextLayout

#if canImport(Glibc)
import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let megabytes = arguments.first.flatMap(Double.init) ?? 1
/// The count after `flag` in the arguments (1 if missing), or nil without the flag.
func repetitions(_ flag: String) -> Int? {
  arguments.firstIndex(of: flag).map { index in
    index + 1 < arguments.count ? Int(arguments[index + 1]) ?? 1 : 1
  }
}
let layoutOnly = repetitions("--layout-only")
let passesOnly = repetitions("--passes-only")
let size = max(Int(megabytes * 1_000_000), 10_000)
let width: CGFloat = 60

/// A deterministic PRNG (SplitMix64).
/// About `bytes` of UTF-8: English, CJK, kana, Hangul, Hebrew, Arabic words,
/// emoji sequences and combining marks, with a line feed every 200–600 bytes.
func corpus(bytes: Int) -> String {
  let words = [
    "the", "layout", "of", "text", "in", "a", "container", "caret", "selection", "insets",
    "日本語", "東京は晴れ", "テキスト", "한국어", "문장", "שלום", "עולם", "مرحبا", "بالعالم",
    "👩‍👩‍👧", "👍🏽", "🇫🇷", "e\u{301}te\u{301}", "naïve", "2026", "3.14", "(yes)", "—",
  ]
  var rng = SplitMix64(seed: 42)
  var out = ""
  out.reserveCapacity(bytes + 64)
  var paragraph = 0
  var target = Int.random(in: 200...600, using: &rng)
  while out.utf8.count < bytes {
    let word = words[Int.random(in: 0..<words.count, using: &rng)]
    out += word
    paragraph += word.utf8.count + 1
    if paragraph >= target {
      out += "\n"
      paragraph = 0
      target = Int.random(in: 200...600, using: &rng)
    } else {
      out += " "
    }
  }
  return out
}

/// The CPU time of one call of `body` on this thread, in seconds. This
/// machine's two cores are often shared with other work: the thread's own
/// CPU time is steadier than the wall clock there.
func cpuSeconds(_ body: () -> Void) -> Double {
  var start = timespec()
  var end = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
  body()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
  return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) * 1e-9
}

/// The least CPU time of `rounds` calls of `body`, in seconds.
func best(_ rounds: Int, _ body: () -> Void) -> Double {
  (0..<max(rounds, 1)).reduce(Double.infinity) { fastest, _ in min(fastest, cpuSeconds(body)) }
}

/// The current resident set size, in MB (from /proc/self/statm).
func residentMB() -> Double {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return 0
  }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
  return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

/// Line fragments equal, baselines within rounding (moved lines add a shift).
func sameLines(_ a: [LineFragment], _ b: [LineFragment]) -> Bool {
  a.count == b.count
    && zip(a, b).allSatisfy { x, y in
      var x = x
      guard abs(x.baseline - y.baseline) < 1e-6 else { return false }
      x.baseline = y.baseline
      return x == y
    }
}

/// The peak resident set size of this process so far, in MB.
func peakMB() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_maxrss) / 1024
}

/// The three measuring passes over `text`: clusters, clusters with widths,
/// line-break opportunities. Returns a sum of their results, so that none is
/// optimised away.
@inline(never)
func measuringPasses(_ text: String) -> Int {
  Graphemes.count(in: text) + DisplayWidth.measurement(in: text).width
    + LineBreaks.opportunities(in: text).count
}

/// Lines tile the text and fit the width (or hold one visible cluster).
func verify(_ frame: TextFrame, _ name: String) {
  var next = 0
  for line in frame.lineFragments {
    check(line.range.location == next, "\(name): line at \(line.range.location), expected \(next)")
    next = NSMaxRange(line.range)
    if line.usedWidth > width {
      let piece = Array(frame.utf16[line.range.location..<NSMaxRange(line.range)])
      check(
        Graphemes.clusters(utf16: piece).filter { $0.width > 0 }.count == 1,
        "\(name): line \(line.range) is \(line.usedWidth) wide")
    }
  }
  check(next == frame.utf16.count, "\(name): lines end at \(next) of \(frame.utf16.count)")
}

let container = TextContainer(width: width)
let big = corpus(bytes: size)
let small = corpus(bytes: size / 10)
let bigBytes = big.utf8.count
let smallBytes = small.utf8.count
let bigUnits = Array(big.utf16)
let smallUnits = Array(small.utf16)
if layoutOnly != nil || passesOnly != nil {
  // Warm up the one-time tables outside the profiled functions.
  let warm = "warm שלום 日本 👍🏽"
  _ = DisplayWidth.measurement(utf16: Array(warm.utf16))
  _ = LineBreaks.opportunities(utf16: Array(warm.utf16))
  _ = Bidi.paragraph(in: warm)
  var total = 0
  for _ in 0..<(layoutOnly ?? 0) {
    total += TextFrame(utf16: bigUnits, container: container).lineFragments.count
  }
  for _ in 0..<(passesOnly ?? 0) { total += measuringPasses(big) }
  print("done: \(total)")
  exit(0)
}
let rssBefore = residentMB()

print("TextLayout benchmark — width \(Int(width)) cells, CellFont, word wrap; thread CPU time")
print("corpus: \(bigBytes) bytes (\(bigUnits.count) UTF-16 units) and \(smallBytes) bytes")
print("")

// Full layout, checked.
var full = TextFrame(utf16: bigUnits, container: container)
verify(full, "1 MB")
let rssAfter = residentMB()
let lines = full.lineFragments.count

// The three measuring passes over the same text, each once per round:
// clusters (`Graphemes.count`), clusters with widths
// (`DisplayWidth.measurement`) and line-break opportunities
// (`LineBreaks.opportunities`), over the string and over its UTF-16.
let measured = DisplayWidth.measurement(in: big)
check(measured.graphemeCount == Graphemes.count(in: big), "cluster counts differ")
check(
  measured == DisplayWidth.measurement(utf16: bigUnits), "UTF-8 and UTF-16 measurements differ")
let opportunityCount = LineBreaks.opportunities(in: big).count
check(
  opportunityCount == LineBreaks.opportunities(utf16: bigUnits).count,
  "UTF-8 and UTF-16 opportunities differ")
check(opportunityCount > lines, "fewer break opportunities than lines")
// Five rounds, each timing the layout and every pass once, so that a change
// of load on the machine weighs on all of them alike.
var fullSeconds = Double.infinity
var clustersSeconds = Double.infinity
var widthsSeconds = Double.infinity
var breaksSeconds = Double.infinity
var clusters16Seconds = Double.infinity
var widths16Seconds = Double.infinity
var breaks16Seconds = Double.infinity
for _ in 0..<5 {
  fullSeconds = min(fullSeconds, best(1) { _ = TextFrame(utf16: bigUnits, container: container) })
  clustersSeconds = min(clustersSeconds, best(1) { _ = Graphemes.count(in: big) })
  widthsSeconds = min(widthsSeconds, best(1) { _ = DisplayWidth.measurement(in: big) })
  breaksSeconds = min(breaksSeconds, best(1) { _ = LineBreaks.opportunities(in: big) })
  clusters16Seconds = min(clusters16Seconds, best(1) { _ = Graphemes.boundaries(utf16: bigUnits) })
  widths16Seconds = min(widths16Seconds, best(1) { _ = DisplayWidth.measurement(utf16: bigUnits) })
  breaks16Seconds = min(breaks16Seconds, best(1) { _ = LineBreaks.opportunities(utf16: bigUnits) })
}
let passesSeconds = clustersSeconds + widthsSeconds + breaksSeconds
let passes16Seconds = clusters16Seconds + widths16Seconds + breaks16Seconds

let smallFrame = TextFrame(utf16: smallUnits, container: container)
verify(smallFrame, "100 KB")
let smallSeconds = best(5) { _ = TextFrame(utf16: smallUnits, container: container) }

// Relayout after a one-character edit in the middle: insert, then delete it.
let middle = bigUnits.count / 2
var editSeconds = Double.infinity
for round in 0..<20 {
  let offset = middle + round * 97
  editSeconds = min(
    editSeconds,
    cpuSeconds { full.replaceCharacters(in: NSRange(location: offset, length: 0), with: "x") })
  editSeconds = min(
    editSeconds,
    cpuSeconds { full.replaceCharacters(in: NSRange(location: offset, length: 1), with: "") })
}
full.replaceCharacters(in: NSRange(location: middle, length: 0), with: "wide words here ")
let fresh = TextFrame(utf16: full.utf16, container: container)
check(
  sameLines(full.lineFragments, fresh.lineFragments),
  "relayout after an edit differs from a full layout")
check(full.utf16.count == bigUnits.count + 16, "edited length")

// Queries: the caret at every offset of one line, on a frame whose queries
// have not met the line's paragraph yet (cold: it is measured) and again (warm:
// it is kept); then the clusters of every line, and the memory that leaves.
let queryLine = smallFrame.lineFragments.count / 2
let queryRange = smallFrame.lineFragments[queryLine].range
/// The sum of the carets' x at every offset of the query line.
func caretsOfQueryLine(_ frame: TextFrame, _ range: NSRange) -> CGFloat {
  var sum: CGFloat = 0
  for offset in range.location..<NSMaxRange(range) {
    sum += frame.caretRect(at: offset).minX
  }
  return sum
}
var caretSum: CGFloat = 0
var coldSeconds = Double.infinity
var warmSeconds = Double.infinity
for _ in 0..<5 {
  let frame = TextFrame(utf16: smallUnits, container: container)
  coldSeconds = min(coldSeconds, cpuSeconds { caretSum += caretsOfQueryLine(frame, queryRange) })
  warmSeconds = min(warmSeconds, cpuSeconds { caretSum -= caretsOfQueryLine(frame, queryRange) })
}
check(caretSum == 0, "caret rects of a cold and a warm frame differ")
let rssBeforeQueries = residentMB()
var placedCount = 0
for line in full.lineFragments.indices {
  placedCount += full.placedClusters(ofLine: line)?.count ?? 0
}
let rssAfterQueries = residentMB()
let hardBreaks = full.utf16.filter { $0 == 0x0A }.count
check(
  placedCount == Graphemes.count(in: full.text) - hardBreaks,
  "placed clusters: \(placedCount), expected every cluster but the \(hardBreaks) line feeds")

let perMB = fullSeconds * 1e3 / (Double(bigBytes) / 1e6)
print(String(format: "full layout, 1 MB:          %8.1f ms  (%d lines)", fullSeconds * 1e3, lines))
print(String(format: "time per MB:                %8.1f ms/MB", perMB))
print("the three measuring passes over the same 1 MB (string / UTF-16):")
print(
  String(
    format: "  clusters (Graphemes):     %8.1f ms / %.1f ms", clustersSeconds * 1e3,
    clusters16Seconds * 1e3))
print(
  String(
    format: "  widths (measurement):     %8.1f ms / %.1f ms", widthsSeconds * 1e3,
    widths16Seconds * 1e3))
print(
  String(
    format: "  breaks (LineBreaks):      %8.1f ms / %.1f ms", breaksSeconds * 1e3,
    breaks16Seconds * 1e3))
print(
  String(
    format: "  sum:                      %8.1f ms / %.1f ms", passesSeconds * 1e3,
    passes16Seconds * 1e3))
print(
  String(
    format: "full layout / passes:       %8.2f×  / %.2f× (target ≤ 2× the string passes: %@)",
    fullSeconds / passesSeconds, fullSeconds / passes16Seconds,
    fullSeconds <= 2 * passesSeconds ? "met" : "NOT met"))
print(String(format: "full layout, 100 KB:        %8.1f ms", smallSeconds * 1e3))
print(
  String(
    format: "1 MB / 100 KB time:         %8.2f×  (bytes ratio %.2f×; linear ≈ 10×)",
    fullSeconds / smallSeconds, Double(bigBytes) / Double(smallBytes)))
print(String(format: "relayout after 1-char edit: %8.3f ms", editSeconds * 1e3))
print(
  String(
    format: "edit / full layout:         %8.5f   (target ≤ 0.01: %@)", editSeconds / fullSeconds,
    editSeconds / fullSeconds <= 0.01 ? "met" : "NOT met"))
print(
  String(
    format: "carets of one line (%d), cold: %8.3f ms; warm: %.3f ms (%.1f× faster)",
    queryRange.length, coldSeconds * 1e3, warmSeconds * 1e3, coldSeconds / warmSeconds))
print(
  String(
    format: "placedClusters of all %d lines: RSS %+.1f MB", full.lineFragments.count,
    rssAfterQueries - rssBeforeQueries))
print(
  String(
    format:
      "memory: RSS %.1f MB before the 1 MB layout, %.1f MB holding it (+%.1f MB); peak RSS %.1f MB",
    rssBefore, rssAfter, rssAfter - rssBefore, peakMB()))
Checks.finish(success: "All outputs checked: lines tile the text and fit, relayout equals layout.")

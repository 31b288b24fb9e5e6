// TextMetrics throughput against ICU's own break iterators (ubrk over UTF-16)
// and Swift's String.count, on two 10 MB corpora, measured in the same run.
//
//     swift run -c release --package-path Benchmarks TextMetricsBenchmark [MB] [ascii|mixed]
//
// The optional second argument runs one corpus only (for profiling, e.g. under
// `valgrind --tool=callgrind`, whose instruction counts are repeatable).
//
// Every figure is checked: the Swift grapheme boundaries and line-break
// opportunities (offsets and mandatory/allowed kinds) must equal ICU's, the
// counts must agree, and the clusters and widths of the run loop must equal the
// general path's (every code point through the state machine), cluster by
// cluster, or the program exits with status 1.

import BenchmarkSupport
import Foundation
@_spi(Reference) import TextMetrics

let megabytes = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 10
let size = max(1, megabytes) * 1_000_000
let rounds = 5
let only = CommandLine.arguments.dropFirst(2).first

/// The best of `rounds` timings of `body` after a warm-up (which also builds
/// the ICU property table), in seconds, and its result.
func best<R>(_ body: () -> R) -> (seconds: Double, result: R) {
  BenchmarkSupport.best(rounds: rounds, warmUp: true, body)
}

func mbps(_ bytes: Int, _ seconds: Double) -> String {
  String(format: "%9.1f MB/s", Double(bytes) / 1e6 / seconds)
}

func ratio(_ baseline: Double, _ ours: Double) -> String {
  String(format: "%6.2f×", baseline / ours)
}

print("TextMetrics benchmark — Unicode \(UnicodeVersions.unicode), ICU \(UnicodeVersions.icu)")
print("MB = 10^6 bytes of UTF-8 input; best of \(rounds) rounds; × = ICU time / our time.")
let firstUse = Date()
_ = LineBreaks.count(in: "a b")
print(
  String(
    format: "First line-break call (builds the class table and the automaton): %.1f ms",
    Date().timeIntervalSince(firstUse) * 1000))
print("")

let corpora: [(key: String, name: String, make: () -> String)] = [
  ("ascii", "English-like ASCII", { Corpus.english(bytes: size) }),
  ("mixed", "mixed CJK/kana/Hangul/emoji/combining", { Corpus.mixed(bytes: size) }),
]
for (key, name, make) in corpora where only == nil || only == key {
  let text = make()
  let bytes = text.utf8.count
  let units = Array(text.utf16)
  print("\(name): \(bytes) bytes, \(units.count) UTF-16 units")

  // Correctness first: identical boundaries.
  let ours = Graphemes.boundaries(in: text).offsets
  let reference = units.withUnsafeBufferPointer { ICUReference.boundaries(.character, utf16: $0) }
  check(ours == reference, "\(name): grapheme boundaries differ from ICU's")

  let swiftCount = best { text.count }
  let icuCharacters = best {
    units.withUnsafeBufferPointer { ICUReference.count(.character, utf16: $0) }
  }
  let graphemes = best { Graphemes.count(in: text) }
  let measured = best { DisplayWidth.measurement(in: text) }
  let icuLines = best { units.withUnsafeBufferPointer { ICUReference.count(.line, utf16: $0) } }
  let lines = best { LineBreaks.count(in: text) }
  let lineList = best { LineBreaks.opportunities(in: text) }
  let icuLineList = ICUReference.lineOpportunities(utf16: units)
  check(
    lineList.result == icuLineList,
    "\(name): line-break opportunities (offsets and kinds) differ from ICU's")
  // What `Samples measure --summary` computes, against ICU doing the same.
  let summary = best { (DisplayWidth.measurement(in: text), LineBreaks.count(in: text)) }
  let icuSummary = best { units.withUnsafeBufferPointer { ICUReference.summary(utf16: $0) } }

  // The run loop against the general path: whole measurements (both width
  // options) and every cluster's end and width (through a digest).
  for options in [WidthOptions.standard, .eastAsian] {
    let general = ScanReference.measurement(in: text, options: options, runs: false)
    check(
      DisplayWidth.measurement(in: text, options: options) == general,
      "\(name): measurement differs from the general path (\(options))")
    check(
      ScanReference.clusterDigest(in: text, options: options, runs: true)
        == ScanReference.clusterDigest(in: text, options: options, runs: false),
      "\(name): cluster ends or widths differ from the general path (\(options))")
  }
  check(
    DisplayWidth.measurement(utf16: units)
      == ScanReference.measurement(utf16: units, options: .standard, runs: false),
    "\(name): UTF-16 measurement differs from the general path")
  check(summary.result.0 == measured.result, "\(name): summary measurement differs")
  check(summary.result.1 == icuSummary.result.lineBreaks, "\(name): summary line breaks differ")
  check(
    summary.result.0.graphemeCount == icuSummary.result.graphemes,
    "\(name): summary grapheme count differs from ICU")

  check(graphemes.result == icuCharacters.result, "\(name): grapheme count differs from ICU")
  check(measured.result.graphemeCount == icuCharacters.result, "\(name): measure count differs")
  check(measured.result.utf16Count == units.count, "\(name): measure UTF-16 length differs")
  check(lines.result == icuLines.result, "\(name): line-break count differs from ICU")
  check(measured.result.width > 0, "\(name): width is zero")

  let rows: [(String, Double, String)] = [
    ("ICU ubrk character (baseline)", icuCharacters.seconds, ""),
    (
      "Swift String.count (naive)", swiftCount.seconds,
      ratio(icuCharacters.seconds, swiftCount.seconds)
    ),
    ("Graphemes.count", graphemes.seconds, ratio(icuCharacters.seconds, graphemes.seconds)),
    (
      "graphemes + width (DisplayWidth.measurement)", measured.seconds,
      ratio(icuCharacters.seconds, measured.seconds)
    ),
    ("ICU ubrk line (baseline)", icuLines.seconds, ""),
    ("LineBreaks.count (Swift rules)", lines.seconds, ratio(icuLines.seconds, lines.seconds)),
    (
      "LineBreaks.opportunities (into an array)", lineList.seconds,
      ratio(icuLines.seconds, lineList.seconds)
    ),
    ("ICU summary: character+width, line (baseline)", icuSummary.seconds, ""),
    (
      "measure --summary (measurement + LineBreaks)", summary.seconds,
      ratio(icuSummary.seconds, summary.seconds)
    ),
  ]
  for (label, seconds, x) in rows {
    print(
      "  \(label.padding(toLength: 46, withPad: " ", startingAt: 0)) \(mbps(bytes, seconds))  \(x)")
  }
  print(
    "  clusters=\(measured.result.graphemeCount) width=\(measured.result.width) lineBreaks=\(lines.result)"
  )
  print("")
}

Checks.finish(
  success:
    "All outputs checked: boundaries, line-break opportunities and counts equal ICU's; clusters and widths equal the general path's."
)

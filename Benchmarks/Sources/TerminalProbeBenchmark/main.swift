// TerminalProbe's cost, case by case: round trips and bytes written for a
// terminal that answers nothing, each known terminal (cursor reports only), an
// unknown one (measured per composition) and a multiplexer, and the time of
// the pure step; then a known terminal's width of a cluster (ucs-detect's
// tables, and a table measured here) against the library's own
// (DisplayWidth), the baseline measured in the same run.
//
//     swift run -c release --package-path Benchmarks TerminalProbeBenchmark

import BenchmarkSupport
import Foundation
import TextInputTerminal

/// A terminal that answers only cursor position reports, with `width`: the
/// width of what was printed since the last control sequence.
func answers(to bytes: [UInt8], width: (String) -> Int) -> [TerminalEvent] {
  var events: [TerminalEvent] = []
  var printed: [UInt8] = []
  var index = 0
  while index < bytes.count {
    guard bytes[index] == 0x1B else {
      printed.append(bytes[index])
      index += 1
      continue
    }
    // A CSI sequence: up to its final byte (0x40...0x7E).
    var end = index + 2
    while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
    if bytes[(index + 2)..<min(end + 1, bytes.count)].elementsEqual(Array("6n".utf8)) {
      events.append(
        .cursorPosition(row: 1, column: 1 + width(String(decoding: printed, as: UTF8.self))))
    }
    printed = []
    index = end + 1
  }
  return events
}

/// Runs the conversation; the identification, with bytes and round trips.
func identify(environment: [String: String] = [:], width: (String) -> Int)
  -> TerminalProbe.Identification?
{
  var identifier = TerminalProbe.Identifier(environment: environment)
  var step = identifier.start()
  for _ in 0..<4 {
    switch step {
    case .done(let found): return found
    case .write(let bytes, _): step = identifier.receive(answers(to: bytes, width: width))
    }
  }
  return nil
}

print("## TerminalProbe: what recognising a terminal costs, case by case")
let reports = TerminalProbe.identificationClusters.count
/// One line per case: round trips, bytes written, reports expected.
func line(_ name: String, _ found: TerminalProbe.Identification?) {
  print(
    "\(name): \(found?.roundTrips ?? 0) round trip(s), \(found?.bytesWritten ?? 0) bytes, "
      + "\(reports) reports asked · \(found?.source.rawValue ?? "-")")
}

// 1. A terminal that answers nothing: the caller's timeout, then the policy.
var silent = TerminalProbe.Identifier(environment: [:])
_ = silent.start()
if case .done(let found) = silent.receive([]) {
  check(found.source == .none && found.roundTrips == 1, "a silent terminal: \(found)")
  check(found.profile == .graphemeClusters, "a silent terminal: not the library's policy")
  line("answers nothing (then the timeout; the library's policy)", found)
} else {
  check(false, "a silent terminal took another round")
}

// 2. Every known terminal, answering cursor reports only.
var knownBytes: Set<Int> = []
for terminal in KnownTerminal.all {
  let found = identify { terminal.width(of: $0) }
  check(found?.source == .widths, "\(terminal.label): \(String(describing: found?.reason))")
  check(
    TerminalProbe.identificationClusters.allSatisfy {
      found?.terminal?.width(of: $0) == terminal.width(of: $0)
    }, "\(terminal.label): another terminal's widths")
  check(found?.roundTrips == 1, "\(terminal.label): \(found?.roundTrips ?? 0) round trips")
  if let found { knownBytes.insert(found.bytesWritten) }
}
let xterm379 = KnownTerminal.all.first { $0.label == "xterm 379" }!
line(
  "known (each of \(KnownTerminal.all.count), cursor reports only)",
  identify { xterm379.width(of: $0) })

// 3. An unknown terminal: composition rules no table has, learnt exactly.
let invented = TerminalComposition(
  wideUnicodeVersion: "13.0.0", modifierCells: 2, joinerCells: 1, vs16Widens: true,
  vs15Narrows: false, flagCells: 4, vs15NarrowsAnyEmoji: true, jamoCells: 1)
let unknown = identify { invented.width(of: $0) }
check(unknown?.source == .probes, "unknown: \(String(describing: unknown?.reason))")
check(
  unknown?.composition == invented, "unknown: learnt \(String(describing: unknown?.composition))")
line("unknown (measured per composition)", unknown)

// 4. A multiplexer: measured per composition too.
let tmux = identify(environment: ["TERM": "tmux-256color"]) {
  TerminalWidthProfile.tmux.width(of: $0)
}
check(tmux?.source == .probes && tmux?.roundTrips == 1, "tmux: \(String(describing: tmux))")
check(tmux?.profile.width(of: "👍🏽") == 4, "tmux: 👍🏽 not 4")
line("multiplexer (tmux 3.3a's widths)", tmux)
check(knownBytes.count == 1, "the bytes depend on the terminal: \(knownBytes)")

// The pure steps' time, against decoding the answers they read.
let kitty = KnownTerminal.named("kitty")!
let stepTime = best(rounds: 20, warmUp: true) {
  (0..<200).reduce(0) { total, _ in total + (identify { kitty.width(of: $0) }?.roundTrips ?? 0) }
}
check(stepTime.result == 200, "the steps gave \(stepTime.result) round trips")
// The baseline: decoding the answers themselves (one cursor report per cluster).
let answerBytes = Array(
  TerminalProbe.identificationClusters.map { _ in "\u{1B}[1;3R" }.joined().utf8)
let decodeTime = best(rounds: 20, warmUp: true) {
  (0..<200).reduce(0) { total, _ in
    var decoder = TerminalInputDecoder()
    return total + decoder.decode(answerBytes).count
  }
}
check(decodeTime.result == 200 * reports, "the answers decoded to \(decodeTime.result) events")
print(
  String(
    format:
      "identify (simulated answers): %.1f µs; decoding its answers: %.1f µs; ratio %.1f×",
    stepTime.seconds / 200 * 1e6, decodeTime.seconds / 200 * 1e6,
    stepTime.seconds / decodeTime.seconds)
)

// A known terminal's widths against the library's own, over mixed text.
print("\n## Widths: a known terminal's tables against DisplayWidth")
let sample = String(
  repeating: "Hello, 世界! 👩‍👩‍👧 ❤️ ⌚︎ 👍🏽 🇫🇷 é क्ष 한 ☝ 🫠 abc def ", count: 200)
let clusters = sample.map(String.init)
let kittyProfile = TerminalWidthProfile(terminal: kitty)
let library = best(rounds: 10, warmUp: true) {
  clusters.reduce(0) { $0 + TerminalWidthProfile.graphemeClusters.width(of: $1) }
}
let known = best(rounds: 10, warmUp: true) {
  clusters.reduce(0) { $0 + kittyProfile.width(of: $1) }
}
let xtermProfile = TerminalWidthProfile(terminal: xterm379)
let measuredHere = best(rounds: 10, warmUp: true) {
  clusters.reduce(0) { $0 + xtermProfile.width(of: $1) }
}
check(measuredHere.result == xterm379.width(in: sample), "xterm 379's profile and tables disagree")
check(known.result == kitty.width(in: sample), "kitty's profile and tables disagree")
check(
  library.result == DisplayWidth.width(in: sample), "the library profile and DisplayWidth disagree")
print(
  String(
    format: "%d clusters: library %.0f ns/cluster, kitty's tables %.0f ns/cluster, ratio %.2f×",
    clusters.count, library.seconds / Double(clusters.count) * 1e9,
    known.seconds / Double(clusters.count) * 1e9, known.seconds / library.seconds))
print(
  String(
    format:
      "%d clusters: xterm 379's measured table (composition rules) %.0f ns/cluster, ratio %.2f×",
    clusters.count, measuredHere.seconds / Double(clusters.count) * 1e9,
    measuredHere.seconds / library.seconds))

Checks.finish(success: "all checks passed")

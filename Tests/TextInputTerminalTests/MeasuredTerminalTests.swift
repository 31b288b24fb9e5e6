import Foundation
import PropertyBased
import Testing
import TextInputTerminal
import UnicodeTestSupport

/// The widths measured here in Debian's real terminals
/// (`Scripts/data/measured/*.txt`, written by `Scripts/real-terminals.py
/// measure`), read from the repository.
struct MeasuredWidths: Sendable {
  var file: String
  var header: [String: String]
  /// (cluster, width) in file order.
  var clusters: [(text: String, width: Int)]

  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scripts/data/measured")

  static let files: [String] =
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
    .filter { $0.hasSuffix(".txt") }.sorted()

  static func load(_ file: String) -> MeasuredWidths? {
    guard
      let text = try? String(
        contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
    else { return nil }
    var header: [String: String] = [:]
    var clusters: [(text: String, width: Int)] = []
    for line in text.split(separator: "\n") {
      if line.hasPrefix("# ") {
        let parts = line.dropFirst(2).split(separator: ":", maxSplits: 1)
        if parts.count == 2 {
          header[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        continue
      }
      let fields = line.split(separator: "\t")
      guard fields.count == 2, let width = Int(fields[1]) else { continue }
      var cluster = ""
      cluster.unicodeScalars.append(
        contentsOf: fields[0].split(separator: ".").compactMap {
          UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
        })
      clusters.append((cluster, width))
    }
    return MeasuredWidths(file: file, header: header, clusters: clusters)
  }

  /// The known terminal generated from this file.
  var terminal: KnownTerminal? {
    KnownTerminal.all.first {
      $0.isMeasuredHere && $0.name == header["terminal"] && $0.version == header["version"]
    }
  }

  /// Each cluster's width, keyed by its scalars (a `String` key would take
  /// `ᄀ` + `ᅡ` for the canonically equivalent `가`).
  var byScalars: [[UInt32]: Int] {
    Dictionary(
      clusters.map { ($0.text.unicodeScalars.map(\.value), $0.width) },
      uniquingKeysWith: { first, _ in first })
  }
}

@Suite struct MeasuredTerminalTests {
  @Test func theSevenDebianTerminalsAreMeasured() {
    #expect(
      MeasuredWidths.files == [
        "alacritty-0.11.0.txt", "foot-1.13.1.txt", "kitty-0.26.5.txt", "mlterm-3.9.0.txt",
        "st-0.9.txt", "urxvt-9.30.txt", "xterm-379.txt",
      ])
  }

  /// The generated table (composition rules and their exceptions) gives
  /// every width the terminal drew: the Swift rules are the generator's
  /// (`Scripts/terminal_composition.py`). A failure's message gives the
  /// rules alone: what an unknown terminal drawing so would get from its
  /// probes.
  @Test(arguments: MeasuredWidths.files)
  func theTableGivesEveryMeasuredWidth(file: String) throws {
    let measured = try #require(MeasuredWidths.load(file))
    let terminal = try #require(measured.terminal)
    let composition = try #require(terminal.composition)
    #expect(measured.clusters.count > 11_000)
    var wrong: [String] = []
    var byRules = 0
    for (text, width) in measured.clusters {
      if terminal.width(of: text) != width, wrong.count < 5 {
        wrong.append(text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "."))
      }
      if composition.width(of: text) == width { byRules += 1 }
    }
    // The rules alone (what an unknown terminal drawing so gets from its
    // probes) are in the message, shown on a failure: a passing run prints
    // nothing.
    #expect(
      wrong.isEmpty,
      "\(terminal.label): \(wrong); rules alone \(byRules)/\(measured.clusters.count) (\(composition))"
    )
  }

  /// Each Debian terminal, answering as it did here (XTVERSION where it
  /// answered, cursor reports with its measured widths), is identified as
  /// itself or one drawing exactly alike, by its widths, in one round trip,
  /// and its profile gives every measured width.
  @Test(arguments: MeasuredWidths.files)
  func aDebianTerminalIsIdentified(file: String) throws {
    let measured = try #require(MeasuredWidths.load(file))
    let terminal = try #require(measured.terminal)
    let widths = measured.byScalars
    let simulated = RecordedTerminal(
      terminal: terminal, column: 0, reportsOnly: false,
      width: { widths[$0.unicodeScalars.map(\.value)] })
    let found = try #require(simulated.identify())
    #expect(found.source == .widths, "\(terminal.label): \(found.reason)")
    #expect(found.roundTrips == 1)
    let chosen = try #require(found.terminal)
    if terminal.softwareName != nil { #expect(chosen == terminal, "\(found.reason)") }
    // A cluster that starts with a mark or a modifier is drawn on U+00A0
    // (`VisibleControls.cellText(_:)`), not alone as it was measured.
    let right = measured.clusters.filter {
      VisibleControls.joinsCellBefore($0.text) || found.profile.width(of: $0.text) == $0.width
    }.count
    #expect(
      right == measured.clusters.count,
      "\(terminal.label) as \(chosen.label): \(found.summary) · \(found.reason)")
  }

  /// A terminal whose XTVERSION names kitty 0.26.5 but which draws as
  /// xterm 379 gets neither table: its widths are measured.
  @Test func theNameAndTheWidthsDisagree() throws {
    let kitty = try #require(KnownTerminal.all.first { $0.label == "kitty 0.26.5" })
    let xterm = try #require(KnownTerminal.all.first { $0.label == "xterm 379" })
    let simulated = RecordedTerminal(
      terminal: kitty, column: 0, reportsOnly: false, width: { xterm.width(of: $0) })
    let found = try #require(simulated.identify())
    #expect(found.source == .probes)
    #expect(found.terminal == nil)
    #expect(found.reason.contains("names kitty, but no table of it agrees"), "\(found.reason)")
    #expect(found.profile.width(of: "\u{1F44D}\u{1F3FD}") == 4)
    #expect(found.profile.width(of: "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}") == 6)
  }

  /// XTVERSION picks among a terminal's versions: the same version, else
  /// the closest whose widths agree.
  @Test func theClosestVersionThatAgreesIsChosen() throws {
    let old = try #require(KnownTerminal.all.first { $0.label == "xterm 379" })
    let new = try #require(KnownTerminal.all.first { $0.label == "xterm 390" })
    let between = try #require(Self.identify(answering: "XTerm(385)", drawingAs: old))
    #expect(between.terminal == old)
    #expect(between.reason.contains("the closest version that agrees"))
    let newer = try #require(Self.identify(answering: "XTerm(400)", drawingAs: new))
    #expect(newer.terminal == new)
    let same = try #require(Self.identify(answering: "XTerm(379)", drawingAs: old))
    #expect(same.terminal == old)
    #expect(same.reason.contains("the same version"))
    // xterm 385 drawing as xterm 390 gets 390's table, not 379's.
    let drawsNew = try #require(Self.identify(answering: "XTerm(385)", drawingAs: new))
    #expect(drawsNew.terminal == new)
  }

  /// The identification of a terminal answering XTVERSION `answer` and
  /// cursor reports as `terminal` draws.
  static func identify(answering answer: String, drawingAs terminal: KnownTerminal)
    -> TerminalProbe.Identification?
  {
    let simulated = RecordedTerminal(
      terminal: terminal, column: 0, reportsOnly: true, width: { terminal.width(of: $0) })
    var identifier = TerminalProbe.Identifier()
    guard case .write(let bytes, _) = identifier.start() else { return nil }
    var decoder = TerminalInputDecoder()
    let answers = Array("\u{1B}P>|\(answer)\u{1B}\\".utf8) + simulated.answers(to: bytes)
    guard case .done(let found) = identifier.receive(decoder.decode(answers) + decoder.flush())
    else { return nil }
    return found
  }

  static let compositions = Generator<TerminalComposition, Shrink.None<TerminalComposition>> {
    rng in
    let versions: [String?] =
      [nil, "12.1.0"] + TerminalProbe.wideVersionProbes.dropLast().map(\.version)
    return TerminalComposition(
      wideUnicodeVersion: versions.randomElement(using: &rng) ?? nil,
      modifierCells: [0, 2].randomElement(using: &rng) ?? 0,
      joinerCells: [nil, 0, 1, 2].randomElement(using: &rng) ?? nil,
      vs16Widens: Bool.random(using: &rng), vs15Narrows: Bool.random(using: &rng),
      flagCells: [1, 2, 4].randomElement(using: &rng) ?? 2,
      vs15NarrowsAnyEmoji: Bool.random(using: &rng), jamoCells: Int.random(in: 0...2, using: &rng))
  }

  /// A terminal no table describes, drawing by any composition rules, is
  /// measured in the same single round trip, and its rules are learnt
  /// exactly; one a table describes gets a table that agrees with it.
  @Test func anUnknownTerminalsRulesAreLearnt() async {
    await propertyCheck(count: CheckScale.cases(60, full: 300), input: Self.compositions) {
      rules in
      let kitty = KnownTerminal.all[0]
      let simulated = RecordedTerminal(
        terminal: kitty, column: 0, reportsOnly: true, width: { rules.width(of: $0) })
      guard let found = simulated.identify() else {
        Issue.record("no identification")
        return
      }
      #expect(found.roundTrips == 1)
      switch found.source {
      case .probes:
        #expect(found.composition == rules, "\(found.reason)")
        #expect(
          found.profile.width(of: "\u{1F44D}\u{1F3FD}") == rules.width(of: "\u{1F44D}\u{1F3FD}"))
      case .widths:
        let table = found.terminal
        for cluster in TerminalProbe.identificationClusters {
          #expect(table?.width(of: cluster) == rules.width(of: cluster))
        }
      default:
        Issue.record("\(found.source): \(found.reason)")
      }
    }
  }
}

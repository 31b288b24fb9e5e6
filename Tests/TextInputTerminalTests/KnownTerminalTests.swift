import Foundation
import PropertyBased
import Testing
import TextLayout
import UnicodeTestSupport

@testable import TextInputTerminal

/// Each known terminal's published widths (python wcwidth 0.9.4 over
/// ucs-detect's measurements), read from `Resources/terminal-widths.txt`.
struct PublishedWidths: Sendable {
  struct Cluster: Sendable {
    var tags: [String]
    var text: String
    /// The width in each terminal, in `terminals` order.
    var widths: [Int]
  }

  var terminals: [String]
  var clusters: [Cluster]
  /// The width of each cluster in each terminal, keyed by its scalars (a
  /// `String` key would take `ᄀ` + `ᅡ` for the canonically equivalent `가`).
  var byText: [[UInt32]: [Int]]

  /// The widths of `text` in each terminal, if it is in the file.
  func widths(of text: String) -> [Int]? { byText[text.unicodeScalars.map(\.value)] }

  static let shared: PublishedWidths = load()

  static func load() -> PublishedWidths {
    guard
      let url = Bundle.module.url(forResource: "Resources/terminal-widths", withExtension: "txt"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return PublishedWidths(terminals: [], clusters: [], byText: [:]) }
    var terminals: [String] = []
    var clusters: [Cluster] = []
    for line in text.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      if fields.first == "terminals", fields.count == 2 {
        terminals = fields[1].split(separator: " ").map(String.init)
        continue
      }
      guard fields.count == 3 else { continue }
      let scalars = fields[1].split(separator: ".").compactMap {
        UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
      }
      var cluster = ""
      cluster.unicodeScalars.append(contentsOf: scalars)
      let widths = fields[2].compactMap { $0.hexDigitValue ?? Int(String($0), radix: 36) }
      clusters.append(
        Cluster(
          tags: fields[0].split(separator: ",").map(String.init), text: cluster, widths: widths))
    }
    var byText: [[UInt32]: [Int]] = [:]
    for cluster in clusters { byText[cluster.text.unicodeScalars.map(\.value)] = cluster.widths }
    return PublishedWidths(terminals: terminals, clusters: clusters, byText: byText)
  }

  /// Every cluster with the full checks (`TEXTINPUTKIT_FULL_CHECKS=1`, as CI
  /// runs), else every fifth, so that `swift test` stays fast.
  var checked: [Cluster] {
    if ProcessInfo.processInfo.environment["TEXTINPUTKIT_FULL_CHECKS"] == "1" { return clusters }
    return clusters.enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
  }
}

/// A terminal simulated from its recorded answers: it answers cursor
/// position reports with its published widths, and, unless `reportsOnly`,
/// XTVERSION and DECRQM 2027 as ucs-detect recorded them.
struct RecordedTerminal {
  var terminal: KnownTerminal
  var column: Int
  var reportsOnly: Bool
  /// The width of a cluster in this terminal (nil: not recorded).
  var width: (String) -> Int?

  /// The answers to `bytes`, as a terminal writes them on its output.
  func answers(to bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    var printed: [UInt8] = []
    var row = 1
    var index = 0
    func sequence(_ text: String) -> Bool {
      let pattern = Array(text.utf8)
      guard bytes[index...].starts(with: pattern) else { return false }
      index += pattern.count
      return true
    }
    while index < bytes.count {
      if sequence("\u{1B}[>0q") {
        if !reportsOnly, let name = terminal.softwareName {
          let version = terminal.softwareVersion.map { "(\($0))" } ?? ""
          out += Array("\u{1B}P>|\(name)\(version)\u{1B}\\".utf8)
        }
      } else if sequence("\u{1B}[>c") {
        // DA2 is not recorded: no answer.
      } else if sequence("\u{1B}[?2027$p") {
        if !reportsOnly, let mode = terminal.graphemeClusterMode {
          out += Array("\u{1B}[?2027;\(mode)$y".utf8)
        }
      } else if sequence("\u{1B}[6n") {
        let cluster = String(decoding: printed, as: UTF8.self)
        let cells = width(cluster) ?? -1000
        out += Array("\u{1B}[\(row);\(1 + cells)R".utf8)
      } else if sequence("\u{1B}[2K") {
        printed = []
      } else if bytes[index] == 0x1B, bytes[index...].dropFirst().first == UInt8(ascii: "[") {
        // CUP: ESC [ row ; 1 H
        var end = index + 2
        while end < bytes.count, bytes[end] != UInt8(ascii: "H") { end += 1 }
        let parameters = String(decoding: bytes[(index + 2)..<min(end, bytes.count)], as: UTF8.self)
        row = Int(parameters.split(separator: ";").first ?? "1") ?? 1
        printed = []
        index = end + 1
      } else {
        printed.append(bytes[index])
        index += 1
      }
    }
    return out
  }

  /// Runs the identification against this terminal.
  func identify(environment: [String: String] = [:]) -> TerminalProbe.Identification? {
    var identifier = TerminalProbe.Identifier(environment: environment)
    var step = identifier.start()
    for _ in 0..<4 {
      switch step {
      case .done(let identification): return identification
      case .write(let bytes, _):
        var decoder = TerminalInputDecoder()
        var events = decoder.decode(answers(to: bytes))
        events += decoder.flush()
        step = identifier.receive(events)
      }
    }
    return nil
  }
}

@Suite struct KnownTerminalTests {
  /// The terminals ucs-detect measured (those measured here are checked
  /// by `MeasuredTerminalTests`).
  static let names = KnownTerminal.all.filter { !$0.isMeasuredHere }.map(\.name)

  /// The tags the acceptance figure is taken over (every emoji-test
  /// qualification level, VS15 and VS16, keycaps, modifiers, flags, CJK,
  /// combining sequences), and the others reported alongside.
  static let requiredTags = [
    "fully-qualified", "minimally-qualified", "unqualified", "component", "vs15", "vs16",
    "keycap", "modifier", "flag", "cjk", "combining",
  ]

  @Test func theWidthsFileListsEveryKnownTerminal() {
    let published = PublishedWidths.shared
    #expect(published.terminals == Self.names)
    #expect(published.clusters.count > 8_000)
    #expect(KnownTerminal.all.count == 30)
    #expect(KnownTerminal.all.filter(\.isMeasuredHere).count == 7)
  }

  /// For each terminal ucs-detect measured: its recorded answers (cursor
  /// reports only) fed to the probe, the profile it learns checked against
  /// its published widths, tag by tag.
  @Test(arguments: names)
  func learnedProfileDrawsAsThePublishedWidths(name: String) throws {
    let published = PublishedWidths.shared
    let column = try #require(published.terminals.firstIndex(of: name))
    let terminal = try #require(KnownTerminal.named(name))
    let simulated = RecordedTerminal(
      terminal: terminal, column: column, reportsOnly: true,
      width: { published.widths(of: $0)?[column] })
    let identification = try #require(simulated.identify())
    #expect(identification.source == .widths)
    #expect(identification.roundTrips == 1)
    let profile = identification.profile
    var total: [String: (right: Int, all: Int)] = [:]
    var wrong: [String] = []
    // A cluster that starts with a mark or a modifier is drawn on U+00A0
    // (`VisibleControls.cellText(_:)`), not as ucs-detect printed it.
    for cluster in published.checked where !VisibleControls.joinsCellBefore(cluster.text) {
      let isRight = profile.width(of: cluster.text) == cluster.widths[column]
      if !isRight, wrong.count < 5 {
        let hex = cluster.text.unicodeScalars.map { String($0.value, radix: 16) }
        wrong.append(
          "\(hex.joined(separator: " ")): \(profile.width(of: cluster.text)) "
            + "for \(cluster.widths[column])")
      }
      for tag in cluster.tags {
        total[tag, default: (0, 0)].all += 1
        if isRight { total[tag, default: (0, 0)].right += 1 }
      }
    }
    let figures = total.keys.sorted().map { tag in
      let (right, all) = total[tag] ?? (0, 0)
      return "\(tag) \(right)/\(all)"
    }
    // The figures of every tag show on a failure only (a passing run
    // prints nothing).
    let learned = "learned as \(identification.terminal?.name ?? "-")"
    for tag in Self.requiredTags {
      let (right, all) = total[tag] ?? (0, 0)
      guard all > 0 else { continue }
      #expect(
        Double(right) >= 0.995 * Double(all),
        "\(name) (\(learned)) \(tag): \(right)/\(all) \(wrong); \(figures.joined(separator: ", "))")
    }
  }

  /// With XTVERSION and DECRQM 2027 answered as recorded, the terminal (or
  /// one drawing exactly alike) is found, with its mode.
  @Test(arguments: names)
  func recordedAnswersNameTheTerminal(name: String) throws {
    let published = PublishedWidths.shared
    let column = try #require(published.terminals.firstIndex(of: name))
    let terminal = try #require(KnownTerminal.named(name))
    let simulated = RecordedTerminal(
      terminal: terminal, column: column, reportsOnly: false,
      width: { published.widths(of: $0)?[column] })
    let identification = try #require(simulated.identify())
    let found = try #require(identification.terminal)
    #expect(
      TerminalProbe.identifyingWidths(found) == TerminalProbe.identifyingWidths(terminal))
    if terminal.softwareName != nil { #expect(found == terminal) }
    #expect(identification.graphemeClusterMode == terminal.graphemeClusterMode)
  }

  @Test func aTerminalThatAnswersNothingFallsBackOnItsName() {
    var identifier = TerminalProbe.Identifier(environment: ["TERM_PROGRAM": "WezTerm"])
    guard case .write(let bytes, let expected) = identifier.start() else {
      Issue.record("no bytes to write")
      return
    }
    #expect(expected == TerminalProbe.identificationClusters.count)
    #expect(bytes.count == identifier.bytesWritten)
    guard case .done(let identification) = identifier.receive([]) else {
      Issue.record("a second round after no answer")
      return
    }
    #expect(identification.terminal?.name == "wezterm")
    #expect(identification.source == .name)
    #expect(identification.profile.width(of: "\u{2764}\u{FE0F}") == 1)

    var silent = TerminalProbe.Identifier(environment: [:])
    _ = silent.start()
    guard case .done(let none) = silent.receive([.text("q")]) else {
      Issue.record("a second round after no answer")
      return
    }
    #expect(none.source == .none)
    #expect(none.profile == .graphemeClusters)
    #expect(none.terminal == nil)
    #expect(silent.otherEvents == [.text("q")])
    #expect(none.otherEvents == [.text("q")])
  }

  @Test func aMultiplexerIsMeasuredNotLookedUp() throws {
    // tmux 3.3a's widths (its own grid): VS16 and VS15 ignored, a modifier
    // drawn as its own character.
    let tmux = TerminalWidthProfile.tmux
    let kitty = try #require(KnownTerminal.named("kitty"))
    let simulated = RecordedTerminal(
      terminal: kitty, column: 0, reportsOnly: true,
      width: { tmux.width(of: $0) })
    let identification = try #require(simulated.identify(environment: ["TERM": "tmux-256color"]))
    #expect(identification.source == .probes)
    #expect(identification.roundTrips == 1)
    #expect(identification.terminal == nil)
    #expect(identification.reason.hasPrefix("a multiplexer (tmux)"))
    #expect(identification.multiplexer == "tmux")
    #expect(
      identification.summary.hasPrefix("identified: tmux (a multiplexer, measured) by probes"))
    let profile = identification.profile
    #expect(profile.width(of: "\u{2764}\u{FE0F}") == 1)
    #expect(profile.width(of: "\u{1F44D}\u{1F3FD}") == 4)
    #expect(profile.width(of: "\u{231A}\u{FE0E}") == 2)
  }

  @Test func aMultiplexerIsNamedByItsXTVersionAnswer() {
    // tmux 3.3a answers XTVERSION itself, and cursor reports in its grid.
    var identifier = TerminalProbe.Identifier(environment: ["TERM": "xterm-256color"])
    _ = identifier.start()
    var events: [TerminalEvent] = [.unknown(Array("\u{1B}P>|tmux 3.3a\u{1B}\\".utf8))]
    for cluster in TerminalProbe.identificationClusters {
      events.append(
        .cursorPosition(row: 1, column: 1 + TerminalWidthProfile.tmux.width(of: cluster)))
    }
    guard case .done(let found) = identifier.receive(events) else {
      Issue.record("another round")
      return
    }
    #expect(found.terminal == nil)
    #expect(found.multiplexer == "tmux 3.3a")
    #expect(found.reason.hasPrefix("a multiplexer (tmux 3.3a) draws in its own grid"))
    #expect(
      found.summary.hasPrefix(
        "identified: tmux 3.3a (a multiplexer, measured) by probes · XTVERSION tmux 3.3a"))
    // Screen, from the environment only, with no cursor report.
    var silent = TerminalProbe.Identifier(environment: ["STY": "1.pts-0", "TERM": "screen"])
    _ = silent.start()
    guard case .done(let none) = silent.receive([]) else { return }
    #expect(none.multiplexer == "screen")
    #expect(none.summary.hasPrefix("identified: screen (a multiplexer) by none"))
    // Outside one, nil.
    var plain = TerminalProbe.Identifier(environment: ["TERM": "xterm-256color"])
    _ = plain.start()
    guard case .done(let other) = plain.receive([]) else { return }
    #expect(other.multiplexer == nil)
  }

  @Test func anUnknownTerminalGetsItsWideVersionFromOneCharacterPerVersion() throws {
    // Draws as the library, but knows wide characters up to Unicode 14.0 only.
    let wide14 = TerminalProbe.wideVersionProbes.filter { $0.version <= "14.0.0" }
    let kitty = try #require(KnownTerminal.named("kitty"))
    let simulated = RecordedTerminal(
      terminal: kitty, column: 0, reportsOnly: true,
      width: { cluster in
        if let probe = TerminalProbe.wideVersionProbes.first(where: {
          String(Character($0.scalar)) == cluster
        }) {
          return wide14.contains { $0.scalar == probe.scalar } ? 2 : 1
        }
        return TerminalWidthProfile.graphemeClusters.width(of: cluster) + 7
      })
    let identification = try #require(simulated.identify())
    #expect(identification.source == .probes)
    #expect(identification.composition.wideUnicodeVersion == "14.0.0")
    let version16 = try #require(TerminalProbe.wideVersionProbes.first { $0.version == "16.0.0" })
    #expect(identification.profile.width(of: String(Character(version16.scalar))) == 1)
  }

  @Test func xtversionAndDA2AnswersAreRead() {
    var decoder = TerminalInputDecoder()
    let events = decoder.decode(Array("\u{1B}P>|kitty(0.43.1)\u{1B}\\\u{1B}[>1;4000;29c".utf8))
    var identifier = TerminalProbe.Identifier()
    _ = identifier.start()
    guard case .done(let identification) = identifier.receive(events) else {
      Issue.record("a second round after no report")
      return
    }
    #expect(identification.softwareName == "kitty(0.43.1)")
    #expect(identification.secondaryDeviceAttributes == [1, 4000, 29])
    #expect(identification.terminal?.name == "kitty")
    #expect(identifier.otherEvents.isEmpty)
  }

  @Test func namesAliasesAndMultiplexers() {
    #expect(KnownTerminal.named("xterm-kitty")?.name == "kitty")
    #expect(KnownTerminal.named("vscode")?.name == "xterm.js")
    #expect(KnownTerminal.named("Apple_Terminal")?.name == "apple_terminal")
    #expect(KnownTerminal.named("xterm-256color") == nil)
    #expect(KnownTerminal.fromXTVersion("XTerm(390)")?.name == "xterm")
    #expect(KnownTerminal.fromXTVersion("VTE(7600)")?.name == "vte")
    #expect(KnownTerminal.fromEnvironment(["TERM_PROGRAM": "tmux", "TERM": "xterm-kitty"]) == nil)
    #expect(KnownTerminal.fromEnvironment(["TERM": "xterm-kitty"])?.name == "kitty")
  }

  /// The facts the issue quotes, from the tables.
  @Test func quotedFacts() throws {
    let kitty = try #require(KnownTerminal.named("kitty"))
    #expect(kitty.width(of: "\u{261D}\u{FE0E}") == 2)
    let wezterm = try #require(KnownTerminal.named("wezterm"))
    #expect(wezterm.width(of: "\u{2764}\u{FE0F}") == 1)
    let apple = try #require(KnownTerminal.named("apple_terminal"))
    // 👩‍👩‍👧 as its parts: three emoji and two ZWJs drawn as a cell each.
    #expect(apple.width(of: "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}") == 8)
    let xtermJS = try #require(KnownTerminal.named("xterm.js"))
    #expect(xtermJS.width(of: "\u{1FAE0}") == 1)
  }
}

@Suite struct LibraryPolicyTests {
  /// Where the library's policy is the mode-2027 terminals' (see
  /// `DisplayWidth`): every ZWJ sequence, RGI or not, flags, keycaps,
  /// combining sequences and jamo.
  static let agreeing = [
    "zwj", "minimally-qualified", "unqualified", "flag", "keycap",
    "combining", "jamo",
  ]

  /// The library's own widths (`DisplayWidth`, the `graphemeClusters`
  /// profile) against what the mode-2027 terminals ucs-detect measured draw;
  /// the figures of the other tags are in a failure's message (see
  /// `DisplayWidth` for why they differ).
  @Test(arguments: ["foot", "ghostty", "contour"])
  func libraryWidthsAreMode2027Widths(name: String) throws {
    let published = PublishedWidths.shared
    let column = try #require(published.terminals.firstIndex(of: name))
    var total: [String: (right: Int, all: Int)] = [:]
    var wrong: [String: [String]] = [:]
    for cluster in published.clusters {
      let library = TerminalWidthProfile.graphemeClusters.width(of: cluster.text)
      let isRight = library == cluster.widths[column]
      for tag in cluster.tags {
        total[tag, default: (0, 0)].all += 1
        if isRight {
          total[tag, default: (0, 0)].right += 1
        } else if wrong[tag, default: []].count < 3 {
          let hex = cluster.text.unicodeScalars.map { String($0.value, radix: 16) }
          wrong[tag, default: []].append(
            "\(hex.joined(separator: " ")) \(library)≠\(cluster.widths[column])")
        }
      }
    }
    // The other tags' figures show on a failure only (a passing run prints
    // nothing).
    let figures = total.keys.sorted().map { tag in
      "\(tag) \(total[tag]?.right ?? 0)/\(total[tag]?.all ?? 0) \(wrong[tag] ?? [])"
    }
    for tag in Self.agreeing {
      let (right, all) = total[tag] ?? (0, 0)
      #expect(
        all > 0 && Double(right) >= 0.995 * Double(all),
        "\(name) \(tag): \(wrong[tag] ?? []); \(figures.joined(separator: ", "))")
    }
  }
}

@Suite struct KnownTerminalFontTests {
  /// A BMP character that Unicode 16 made wide (U+2630) is 1 cell for the
  /// library (ICU's Unicode 15) but 2 in a terminal that knows it: the cell
  /// font measures it with the terminal's tables, not the library's.
  @Test func theCellFontMeasuresWithTheTerminalsTables() throws {
    let text = "a\u{2630}b"
    let kitty = try #require(KnownTerminal.named("kitty"))
    #expect(kitty.width(of: "\u{2630}") == 2)
    let font = TerminalCellFont(profile: TerminalWidthProfile(terminal: kitty))
    let frame = TextFrame(text, style: LayoutStyle(font: font))
    #expect(frame.usedSize.width == 4)
    var older = TerminalWidthProfile.graphemeClusters
    older.wideUnicodeVersion = "15.0.0"
    #expect(older.width(of: "\u{2630}") == 1)
    older.wideUnicodeVersion = "16.0.0"
    #expect(older.width(of: "\u{2630}") == 2)
    let olderFrame = TextFrame(text, style: LayoutStyle(font: TerminalCellFont(profile: older)))
    #expect(olderFrame.usedSize.width == 4)
  }
}

@Suite struct IdentifierPropertyTests {
  static let position = Generator<(Int, Int), Shrink.None<(Int, Int)>> { rng in
    (
      Int.random(in: 0...TerminalProbe.identificationClusters.count, using: &rng),
      Int.random(in: 0..<KnownTerminal.all.count, using: &rng)
    )
  }

  /// Keys typed while the answers arrive (any text, at any place among
  /// them) change nothing the probe finds, and come back as they were.
  @Test func keysAmongTheAnswersChangeNothing() async {
    await propertyCheck(count: 100, input: UnicodeGen.text(fragments: 1...4), Self.position) {
      text, spot in
      let (place, which) = spot
      // No ESC: typed keys, not sequences that could be answers.
      let typed = text.replacingOccurrences(of: "\u{1B}", with: "")
      let terminal = KnownTerminal.all[which]
      var decoder = TerminalInputDecoder()
      let keys = decoder.decode(Array(typed.utf8)) + decoder.flush()
      let reports = TerminalProbe.identificationClusters.map {
        TerminalEvent.cursorPosition(row: 1, column: terminal.width(of: $0) + 1)
      }
      var plain = TerminalProbe.Identifier()
      _ = plain.start()
      var typing = TerminalProbe.Identifier()
      _ = typing.start()
      let cut = min(place, reports.count)
      let mixed = Array(reports[..<cut]) + keys + Array(reports[cut...])
      guard case .done(let expected) = plain.receive(reports),
        case .done(let found) = typing.receive(mixed)
      else {
        Issue.record("a known terminal took a second round")
        return
      }
      #expect(found.terminal == expected.terminal)
      #expect(found.profile == expected.profile)
      // Keys that decode as reports or answers are answers; the rest stay keys.
      let other = keys.filter {
        if case .cursorPosition = $0 { return false }
        if case .modeReport(2027, _, true) = $0 { return false }
        if case .unknown = $0 { return false }
        return true
      }
      #expect(found.otherEvents.filter { if case .unknown = $0 { false } else { true } } == other)
    }
  }

  /// Any text measures to a width of at least 0 in every known terminal,
  /// the sum of its clusters' widths.
  @Test func anyTextHasAWidthInEveryKnownTerminal() async {
    await propertyCheck(count: 40, input: UnicodeGen.text) { text in
      for terminal in KnownTerminal.all {
        let profile = TerminalWidthProfile(terminal: terminal)
        let total = profile.width(in: text)
        #expect(total >= 0)
        #expect(total == text.reduce(0) { $0 + profile.width(of: String($1)) })
      }
    }
  }
}

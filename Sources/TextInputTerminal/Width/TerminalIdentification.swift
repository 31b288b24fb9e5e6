extension TerminalProbe {
  /// Finds which terminal this is, and so how it draws every cluster, from
  /// its answers: a pure step machine, testable without a terminal. It
  /// gives the bytes to write; it is given the events read since (answers
  /// and keys mixed); it gives the next bytes, or the identification.
  ///
  /// One round trip: XTVERSION (`CSI > 0 q`), DA2 (`CSI > c`), DECRQM 2027
  /// (`CSI ? 2027 $ p`), then each of `identifyingClusters` and of
  /// `TerminalComposition.probes` printed at column 1 of the probe row and
  /// followed by a cursor position report request (`CSI 6 n`). The rule:
  ///
  /// 1. XTVERSION names a known terminal (`XTerm(379)`, `kitty(0.26.5)`):
  ///    of its tables (one per version measured, `KnownTerminal.versions(named:)`),
  ///    the exact version, else the closest, whose widths agree with every
  ///    width measured. If none agrees, the name and the widths disagree: the
  ///    widths are measured, never another terminal's table taken.
  /// 2. No name: the table whose widths agree with every width measured (the
  ///    identifying clusters tell apart every two tables that differ
  ///    anywhere in the corpus; the composition probes are a second sample).
  ///    Of several that draw alike, the one `TERM_PROGRAM`/`TERM` or the DA2
  ///    answer names, else the first.
  /// 3. No table agrees, or a multiplexer (tmux, screen: their widths are
  ///    their own grid's): measured per composition, the profile of the
  ///    `TerminalComposition` the probes' widths describe (a modifier beside
  ///    its base or not, a ZWJ sequence as its parts or not, VS16, VS15, the
  ///    flag, Hangul jamo, the Unicode version of the wide table).
  /// 4. No cursor report at all (the caller's timeout ends the round with
  ///    `receive([])`): the terminal XTVERSION (closest version) or the
  ///    environment names, else the library's own widths.
  ///
  /// `Identification.reason` says which step chose and why.
  ///
  /// Cost (`TerminalProbeBenchmark` prints it): always one round trip;
  /// `bytesWritten` bytes (about 380) and `expectedReports` cursor reports
  /// (`identifyingClusters.count` + `TerminalComposition.probes.count`).
  ///
  /// ```swift
  /// var probe = TerminalProbe.Identifier(environment: ["TERM_PROGRAM": "WezTerm"])
  /// var step = probe.start()
  /// // write step's bytes, read events until `expectedReports` cursor
  /// // reports arrived or the time is up, then:
  /// step = probe.receive(events)
  /// ```
  public struct Identifier: Sendable {
    /// What to do next.
    public enum Step: Hashable, Sendable {
      /// Write `bytes`, then read until `expectedReports` cursor position
      /// reports have arrived (or the time is up), and pass every event
      /// read to `receive(_:)`.
      case write(bytes: [UInt8], expectedReports: Int)
      /// The conversation is over.
      case done(Identification)
    }

    /// The environment it falls back on (`TERM_PROGRAM`, `TERM`, `TMUX`).
    public let environment: [String: String]
    /// The row (1-based) the probe clusters are printed on, then cleared.
    public let row: Int
    /// The bytes written so far.
    public private(set) var bytesWritten = 0
    /// The rounds written so far (1 once started).
    public private(set) var roundTrips = 0
    /// Events that were not answers (keys typed meanwhile), in order.
    public private(set) var otherEvents: [TerminalEvent] = []
    private var software: String?
    private var mode2027: Int?
    private var deviceAttributes: [Int]?

    /// A conversation using `environment` as the fallback, probing on `row`.
    public init(environment: [String: String] = [:], row: Int = 1) {
      self.environment = environment
      self.row = max(row, 1)
    }

    /// The first bytes to write.
    public mutating func start() -> Step {
      var out = "\u{1B}[>0q\u{1B}[>c\u{1B}[?2027$p"
      let clusters = TerminalProbe.identificationClusters
      out += TerminalProbe.printing(clusters, row: row)
      let bytes = Array(out.utf8)
      bytesWritten += bytes.count
      roundTrips += 1
      return .write(bytes: bytes, expectedReports: clusters.count)
    }

    /// Takes the events read since the bytes were written and gives the
    /// identification.
    ///
    /// - Complexity: O(e + k·p) in the events, the known terminals and the
    ///   probes.
    public mutating func receive(_ events: [TerminalEvent]) -> Step {
      var columns: [Int] = []
      for event in events {
        switch event {
        case .cursorPosition(_, let column):
          columns.append(max(column - 1, 0))
        case .modeReport(2027, let value, true) where mode2027 == nil:
          mode2027 = value
        case .unknown(let bytes):
          if let name = TerminalProbe.xtversion(bytes) {
            software = name
          } else if let attributes = TerminalProbe.secondaryAttributes(bytes) {
            deviceAttributes = attributes
          } else {
            otherEvents.append(event)
          }
        default:
          otherEvents.append(event)
        }
      }
      return .done(decide(columns))
    }

    /// The tables XTVERSION's name denotes, the best fit for its version
    /// first (see `byVersionFit`), and the version answered.
    private var namedByXTVersion: (terminals: [KnownTerminal], version: String?) {
      guard let software else { return ([], nil) }
      let name = String(software.prefix { $0 != "(" && $0 != " " })
      var version = String(software.dropFirst(name.count).drop { $0 == "(" || $0 == " " })
      if version.hasSuffix(")") { version.removeLast() }
      var terminals = KnownTerminal.versions(named: name)
      if terminals.isEmpty, software.lowercased().contains("vte") {
        terminals = KnownTerminal.versions(named: "vte")
      }
      let answered = version.isEmpty ? nil : version
      return (Self.byVersionFit(terminals, answered), answered)
    }

    /// `terminals` ordered by how well their version fits `version`: the
    /// same version first, then the nearest older ones, then the nearest
    /// newer ones, then those of no known version.
    static func byVersionFit(_ terminals: [KnownTerminal], _ version: String?) -> [KnownTerminal] {
      guard let version else { return terminals }
      func key(_ text: String) -> [Int] {
        text.split { !$0.isNumber }.compactMap { Int($0) }
      }
      let wanted = key(version)
      func rank(_ terminal: KnownTerminal) -> (Int, [Int]) {
        guard let own = terminal.version else { return (3, []) }
        if own == version { return (0, []) }
        let have = key(own)
        if have.lexicographicallyPrecedes(wanted) { return (1, have.map { -$0 }) }
        return (2, have)
      }
      return terminals.sorted { left, right in
        let (a, b) = (rank(left), rank(right))
        return a.0 != b.0 ? a.0 < b.0 : a.1.lexicographicallyPrecedes(b.1)
      }
    }

    /// The multiplexer the program runs in: XTVERSION's answer when it
    /// names tmux or screen (`tmux 3.3a`), else what the environment says
    /// (`TMUX`, `STY`, `TERM_PROGRAM`, `TERM`); nil outside one.
    private var multiplexer: String? {
      if let software, software.lowercased().hasPrefix("tmux") || software.hasPrefix("screen") {
        return software
      }
      guard KnownTerminal.isMultiplexer(environment) else { return nil }
      let term = environment["TERM"]?.lowercased() ?? ""
      let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
      if environment["STY"] != nil || (program != "tmux" && term.hasPrefix("screen")) {
        return "screen"
      }
      return "tmux"
    }

    private func identification(
      _ terminal: KnownTerminal?, _ how: Identification.Source, reason: String,
      composition: TerminalComposition? = nil, widths: [TerminalClusterKind: Int] = [:]
    ) -> Identification {
      let profile: TerminalWidthProfile
      if let terminal {
        profile = TerminalWidthProfile(terminal: terminal)
      } else if let composition, how == .probes {
        profile = TerminalWidthProfile(composition: composition)
      } else {
        profile = .graphemeClusters
      }
      return Identification(
        terminal: terminal, source: how, profile: profile,
        softwareName: software, graphemeClusterMode: mode2027,
        secondaryDeviceAttributes: deviceAttributes, widths: widths,
        roundTrips: roundTrips, bytesWritten: bytesWritten, otherEvents: otherEvents,
        reason: reason, composition: composition ?? .graphemeClusters, multiplexer: multiplexer)
    }

    private func decide(_ columns: [Int]) -> Identification {
      let clusters = TerminalProbe.identificationClusters
      let named = namedByXTVersion
      guard columns.count >= clusters.count else {
        // No (or not every) cursor report: the name is all there is.
        if let multiplexer {
          return identification(
            nil, .none,
            reason: "a multiplexer (\(multiplexer)) answered no cursor report: the library's widths"
          )
        }
        if let terminal = named.terminals.first, let software {
          return identification(
            terminal, .name,
            reason: "no cursor report; XTVERSION \(software) names \(terminal.label)")
        }
        if let terminal = KnownTerminal.fromEnvironment(environment) {
          return identification(
            terminal, .name, reason: "no cursor report; the environment names \(terminal.label)")
        }
        return identification(
          nil, .none, reason: "no cursor report and no name: the library's own widths")
      }
      let sample = Array(columns.prefix(clusters.count))
      let probes = Array(sample.suffix(TerminalComposition.probes.count))
      let composition = TerminalComposition(measured: probes)
      var widths: [TerminalClusterKind: Int] = [:]
      let kinds: [TerminalClusterKind] = [
        .emojiWithVS16, .textWithVS15, .emojiModifierSequence, .zwjSequence,
        .regionalIndicatorPair,
      ]
      for (kind, width) in zip(kinds, probes) { widths[kind] = width }
      let measuredHow = "measured per composition (\(composition))"
      if let multiplexer {
        return identification(
          nil, .probes,
          reason: "a multiplexer (\(multiplexer)) draws in its own grid: \(measuredHow)",
          composition: composition, widths: widths)
      }
      func differing(_ terminal: KnownTerminal) -> Int {
        zip(clusters, sample).reduce(0) { $0 + (terminal.width(of: $1.0) == $1.1 ? 0 : 1) }
      }
      func agrees(_ terminal: KnownTerminal) -> Bool {
        zip(clusters, sample).allSatisfy { terminal.width(of: $0.0) == $0.1 }
      }
      let count = clusters.count
      if let software, let best = named.terminals.first {
        if let fit = named.terminals.first(where: agrees) {
          let how =
            fit.version == named.version ? "the same version" : "the closest version that agrees"
          return identification(
            fit, .widths,
            reason: "XTVERSION \(software) names \(fit.label) (\(how)); its table agrees "
              + "with all \(count) widths measured",
            composition: composition, widths: widths)
        }
        return identification(
          nil, .probes,
          reason: "XTVERSION \(software) names \(best.name), but no table of it agrees with "
            + "the widths (\(best.label): \(differing(best)) of \(count) differ): \(measuredHow)",
          composition: composition, widths: widths)
      }
      let agreeing = KnownTerminal.all.filter(agrees)
      guard let first = agreeing.first else {
        return identification(
          nil, .probes,
          reason: "no known table agrees with the \(count) widths measured: \(measuredHow)",
          composition: composition, widths: widths)
      }
      let environmentName = KnownTerminal.fromEnvironment(environment)?.name
      let attributes = deviceAttributes.map { $0.map(String.init).joined(separator: ";") }
      let chosen =
        agreeing.first { $0.name == environmentName && environmentName != nil }
        ?? agreeing.first { attributes != nil && $0.deviceAttributes == attributes }
        ?? agreeing.first { $0.term != nil } ?? first
      let others = agreeing.filter { $0 != chosen }.map(\.label)
      let also = others.isEmpty ? "" : " (as do \(others.joined(separator: ", ")))"
      let nameNote =
        software.map { "XTVERSION \($0) names no known terminal" } ?? "no XTVERSION answer"
      return identification(
        chosen, .widths,
        reason: "\(nameNote); the widths agree with \(chosen.label)'s table on all \(count) "
          + "clusters measured\(also)",
        composition: composition, widths: widths)
    }
  }

  /// What a probe conversation found.
  public struct Identification: Hashable, Sendable {
    /// How the terminal was found.
    public enum Source: String, Hashable, Sendable {
      /// A known terminal's table agrees with every width measured (and
      /// with its XTVERSION name, if it answered one).
      case widths
      /// No widths were answered; XTVERSION or the environment named it.
      case name
      /// No table agrees with the widths (or with the XTVERSION name), or a
      /// multiplexer: the profile is the measured `composition`.
      case probes
      /// Nothing answered and nothing named it: the library's own widths.
      case none
    }

    /// The known terminal, or nil.
    public var terminal: KnownTerminal?
    /// How it was found.
    public var source: Source
    /// How to measure clusters for it.
    public var profile: TerminalWidthProfile
    /// The XTVERSION answer (`"kitty(0.43.1)"`), if any.
    public var softwareName: String?
    /// The DECRQM answer for mode 2027 (0 unknown, 1 set, 2 reset, 3
    /// permanently set, 4 permanently reset), or nil if not answered.
    public var graphemeClusterMode: Int?
    /// The DA2 answer's parameters (`CSI > Pp ; Pv ; Pc c`), if any.
    public var secondaryDeviceAttributes: [Int]?
    /// The widths measured for the composition probes of the kinds they
    /// stand for (VS16, VS15, modifier, ZWJ, flag), in cells; empty when no
    /// cursor report came.
    public var widths: [TerminalClusterKind: Int]
    /// Round trips used (1).
    public var roundTrips: Int
    /// Bytes written.
    public var bytesWritten: Int
    /// The events read meanwhile that were not answers (keys typed), in
    /// order: pass them on to the view.
    public var otherEvents: [TerminalEvent] = []
    /// Why this terminal (or none) was chosen, for logs: which rule of
    /// `TerminalProbe.Identifier` applied, with the name and the widths
    /// that decided it.
    public var reason: String = ""
    /// The composition rules the probes' widths describe (the profile when
    /// `source` is `.probes`); `.graphemeClusters` when no report came.
    public var composition: TerminalComposition = .graphemeClusters
    /// The multiplexer the program runs in (`tmux 3.3a` as XTVERSION names
    /// it, else `tmux` or `screen` as the environment says), or nil. In
    /// one, `terminal` is nil: the widths are the multiplexer's grid's,
    /// measured per composition.
    public var multiplexer: String? = nil

    /// Whether mode 2027 can be turned on and off: DECRQM answered 1 (set)
    /// or 2 (reset). A view turns it on while it runs when it was reset
    /// (`TerminalModes.graphemeClusters`) and turns it off again on exit.
    public var graphemeClusterModeIsSettable: Bool {
      graphemeClusterMode == 1 || graphemeClusterMode == 2
    }

    /// A line for logs: `identified: kitty 0.43.1 by widths · XTVERSION kitty(0.43.1) · mode 2027 0`;
    /// in a multiplexer, `identified: tmux 3.3a (a multiplexer, measured) by probes · …`.
    public var summary: String {
      let measured = source == .probes ? ", measured" : ""
      let who =
        terminal?.label
        ?? multiplexer.map { "\($0) (a multiplexer\(measured))" }
        ?? (source == .probes ? "unknown, measured" : "unknown")
      let version = profile.wideUnicodeVersion.map { " · wide \($0)" } ?? ""
      return "identified: \(who) by \(source.rawValue)"
        + " · XTVERSION \(softwareName ?? "no answer")"
        + " · mode 2027 \(graphemeClusterMode.map(String.init) ?? "no answer")" + version
    }
  }

  /// Every cluster `Identifier` prints, in order: `identifyingClusters`,
  /// then `TerminalComposition.probes`; one cursor report each.
  public static var identificationClusters: [String] {
    identifyingClusters + TerminalComposition.probes
  }

  /// The clusters whose widths tell the known terminals apart (chosen by
  /// `Scripts/generate-terminal-widths.py`), in the order probed.
  public static var identifyingClusters: [String] { KnownTerminalTables.probeClusters }

  /// What `terminal` answers for `identifyingClusters`, in cells.
  static func identifyingWidths(_ terminal: KnownTerminal) -> [Int] {
    let digits = KnownTerminalTables.probeWidths[terminal.index]
    return digits.compactMap { $0.hexDigitValue }
  }

  /// One character made wide in each Unicode version that some measured
  /// terminal does not know, oldest first.
  public static let wideVersionProbes: [(version: String, scalar: Unicode.Scalar)] =
    KnownTerminalTables.wideByVersion.compactMap { entry in
      entry.codePoints.first.flatMap(Unicode.Scalar.init).map { (entry.version, $0) }
    }

  /// Each cluster at column 1 of `row`, followed by `CSI 6 n`; then the row
  /// cleared.
  static func printing(_ clusters: [String], row: Int) -> String {
    var out = ""
    for cluster in clusters { out += "\u{1B}[\(row);1H\(cluster)\u{1B}[6n" }
    return out + "\u{1B}[\(row);1H\u{1B}[2K"
  }

  /// The name in an XTVERSION answer (`ESC P > | text ESC \`), or nil.
  static func xtversion(_ bytes: [UInt8]) -> String? {
    let prefix: [UInt8] = [0x1B, UInt8(ascii: "P"), UInt8(ascii: ">"), UInt8(ascii: "|")]
    guard bytes.starts(with: prefix) else { return nil }
    var body = bytes.dropFirst(prefix.count)
    if body.last == UInt8(ascii: "\\") { body = body.dropLast() }
    if body.last == 0x1B { body = body.dropLast() }
    if body.last == 0x07 { body = body.dropLast() }
    // Printable ASCII only: the name is shown in logs.
    let printable = body.filter { (0x20..<0x7F).contains($0) }
    return String(decoding: printable, as: UTF8.self)
  }

  /// The parameters of a DA2 answer (`ESC [ > 1 ; 4000 ; 0 c`), or nil.
  static func secondaryAttributes(_ bytes: [UInt8]) -> [Int]? {
    guard bytes.count >= 4, bytes[0] == 0x1B, bytes[1] == UInt8(ascii: "["),
      bytes[2] == UInt8(ascii: ">"), bytes.last == UInt8(ascii: "c")
    else { return nil }
    let body = String(decoding: bytes[3..<(bytes.count - 1)], as: UTF8.self)
    return body.split(separator: ";").map { Int($0) ?? 0 }
  }
}

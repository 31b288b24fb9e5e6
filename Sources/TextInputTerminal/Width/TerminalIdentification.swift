extension TerminalProbe {
  /// Finds which terminal this is, and so how it draws every cluster, from
  /// its answers: a pure step machine, testable without a terminal. It
  /// gives the bytes to write; it is given the events read since (answers
  /// and keys mixed); it gives the next bytes, or the identification.
  ///
  /// Round 1 (one round trip): XTVERSION (`CSI > 0 q`), DA2 (`CSI > c`),
  /// DECRQM 2027 (`CSI ? 2027 $ p`), then each of
  /// `identifyingClusters` printed at column 1 of the probe row and
  /// followed by a cursor position report request (`CSI 6 n`). The widths
  /// the reports give are matched against the widths ucs-detect measured
  /// in each `KnownTerminal`; the widths alone tell every pair of known
  /// terminals apart that draws anything differently, so a terminal that
  /// answers only cursor reports (over ssh, through a multiplexer's
  /// pass-through) is still recognised. Several terminals that draw alike
  /// are told apart by their XTVERSION name, then `TERM_PROGRAM`/`TERM`.
  ///
  /// Round 2, only when the widths match no known terminal, or in a
  /// multiplexer (tmux, screen: their widths are the host's, their own
  /// grid's): the kind probes of `TerminalProbe.clusters` and one character
  /// made wide in each Unicode version of `wideVersionProbes`, each with a
  /// cursor report; the profile is built from those
  /// (`TerminalWidthProfile.measured` and `wideUnicodeVersion`).
  ///
  /// A terminal that answers nothing: the caller's timeout ends round 1
  /// with no answers (`receive([])`), and the terminal is the one
  /// XTVERSION or the environment names, or unknown (the library's widths).
  ///
  /// Cost (`TerminalProbeBenchmark` checks it): round 1 writes 140 bytes
  /// and expects `identifyingClusters.count` (6) reports; round 2 writes 213
  /// more and expects 7 + `wideVersionProbes.count` (6) reports (see
  /// `bytesWritten` and `roundTrips`).
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
    /// The bytes written so far, in all rounds.
    public private(set) var bytesWritten = 0
    /// The rounds written so far.
    public private(set) var roundTrips = 0
    /// Events that were not answers (keys typed meanwhile), in order.
    public private(set) var otherEvents: [TerminalEvent] = []
    private var software: String?
    private var mode2027: Int?
    private var deviceAttributes: [Int]?
    private var round = 0

    /// A conversation using `environment` as the fallback, probing on `row`.
    public init(environment: [String: String] = [:], row: Int = 1) {
      self.environment = environment
      self.row = max(row, 1)
    }

    /// The first bytes to write.
    public mutating func start() -> Step {
      round = 1
      var out = "\u{1B}[>0q\u{1B}[>c\u{1B}[?2027$p"
      out += TerminalProbe.printing(TerminalProbe.identifyingClusters, row: row)
      return write(out, expecting: TerminalProbe.identifyingClusters.count)
    }

    private mutating func write(_ text: String, expecting reports: Int) -> Step {
      let bytes = Array(text.utf8)
      bytesWritten += bytes.count
      roundTrips += 1
      return .write(bytes: bytes, expectedReports: reports)
    }

    /// Takes the events read since the last step's bytes were written and
    /// gives the next step.
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
      if round == 1 { return afterIdentifying(columns) }
      return .done(measured(columns))
    }

    private var named: KnownTerminal? {
      if let software, let terminal = KnownTerminal.fromXTVersion(software) { return terminal }
      return KnownTerminal.fromEnvironment(environment)
    }

    private var isMultiplexer: Bool {
      KnownTerminal.isMultiplexer(environment)
        || software.map { $0.lowercased().hasPrefix("tmux") || $0.hasPrefix("screen") } == true
    }

    private func identification(
      _ terminal: KnownTerminal?, _ how: Identification.Source,
      profile: TerminalWidthProfile? = nil, widths: [TerminalClusterKind: Int] = [:]
    ) -> Identification {
      Identification(
        terminal: terminal, source: how,
        profile: profile ?? terminal.map(TerminalWidthProfile.init(terminal:))
          ?? .graphemeClusters,
        softwareName: software, graphemeClusterMode: mode2027,
        secondaryDeviceAttributes: deviceAttributes, widths: widths,
        roundTrips: roundTrips, bytesWritten: bytesWritten, otherEvents: otherEvents)
    }

    private mutating func afterIdentifying(_ columns: [Int]) -> Step {
      let expected = TerminalProbe.identifyingClusters.count
      guard columns.count >= expected else {
        // No (or not every) cursor report: the name is all there is.
        let terminal = isMultiplexer ? nil : named
        return .done(identification(terminal, terminal == nil ? .none : .name))
      }
      let widths = Array(columns.prefix(expected))
      if !isMultiplexer {
        let matches = KnownTerminal.all.filter { TerminalProbe.identifyingWidths($0) == widths }
        if !matches.isEmpty {
          // Terminals that draw alike: the one its name says, else one
          // ucs-detect recorded answers for (a better-known name).
          let preferred = named.flatMap { name in matches.first { $0 == name } }
          let recorded = matches.first { $0.term != nil }
          return .done(identification(preferred ?? recorded ?? matches[0], .widths))
        }
      }
      round = 2
      let clusters =
        TerminalProbe.clusters.map(\.cluster)
        + TerminalProbe.wideVersionProbes.map {
          String(Character($0.scalar))
        }
      return write(TerminalProbe.printing(clusters, row: row), expecting: clusters.count)
    }

    private mutating func measured(_ columns: [Int]) -> Identification {
      var widths: [TerminalClusterKind: Int] = [:]
      for (index, (kind, _)) in TerminalProbe.clusters.enumerated() where index < columns.count {
        widths[kind] = columns[index]
      }
      var profile = TerminalWidthProfile.measured(widths)
      let versions = columns.dropFirst(TerminalProbe.clusters.count)
      if versions.count == TerminalProbe.wideVersionProbes.count {
        // The latest version up to which every probe was drawn wide.
        var known: String? = nil
        for (probe, width) in zip(TerminalProbe.wideVersionProbes, versions) {
          guard width == 2 else { break }
          known = probe.version
        }
        profile.wideUnicodeVersion = known ?? "12.1.0"
      }
      return identification(nil, .probes, profile: profile, widths: widths)
    }
  }

  /// What a probe conversation found.
  public struct Identification: Hashable, Sendable {
    /// How the terminal was found.
    public enum Source: String, Hashable, Sendable {
      /// Its widths on the identifying clusters are a known terminal's.
      case widths
      /// No widths were answered; XTVERSION or the environment named it.
      case name
      /// Its widths match no known terminal (or it is a multiplexer): the
      /// profile is built from the kind probes.
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
    /// The DECRQM answer for mode 2027, if any (see
    /// `TerminalProbe.Result.graphemeClusterMode`).
    public var graphemeClusterMode: Int?
    /// The DA2 answer's parameters (`CSI > Pp ; Pv ; Pc c`), if any.
    public var secondaryDeviceAttributes: [Int]?
    /// The widths measured per kind in round 2 (empty otherwise).
    public var widths: [TerminalClusterKind: Int]
    /// Round trips used (1 or 2).
    public var roundTrips: Int
    /// Bytes written, in all rounds.
    public var bytesWritten: Int
    /// The events read meanwhile that were not answers (keys typed), in
    /// order: pass them on to the view.
    public var otherEvents: [TerminalEvent] = []

    /// Whether mode 2027 can be turned on and off: DECRQM answered 1 (set)
    /// or 2 (reset). A view turns it on while it runs when it was reset
    /// (`TerminalModes.graphemeClusters`) and turns it off again on exit.
    public var graphemeClusterModeIsSettable: Bool {
      graphemeClusterMode == 1 || graphemeClusterMode == 2
    }

    /// A line for logs: `identified: kitty by widths · XTVERSION kitty(0.43.1) · mode 2027 0`.
    public var summary: String {
      let who = terminal?.name ?? (source == .probes ? "unknown, measured" : "unknown")
      let version = profile.wideUnicodeVersion.map { " · wide \($0)" } ?? ""
      return "identified: \(who) by \(source.rawValue)"
        + " · XTVERSION \(softwareName ?? "no answer")"
        + " · mode 2027 \(graphemeClusterMode.map(String.init) ?? "no answer")" + version
    }
  }

  /// The clusters whose widths tell the known terminals apart (chosen by
  /// `Scripts/generate-terminal-widths.py`), in the order probed.
  public static var identifyingClusters: [String] { KnownTerminalTables.probeClusters }

  /// What `terminal` answers for `identifyingClusters`, in cells.
  public static func identifyingWidths(_ terminal: KnownTerminal) -> [Int] {
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

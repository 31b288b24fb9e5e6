/// Asks a terminal how it measures each `TerminalClusterKind`, as jquast's
/// `ucs-detect` does: it prints a probe cluster at the start of a row and
/// asks where the cursor went (`CSI 6 n`), once per kind; first it asks
/// whether grapheme-cluster mode 2027 is known (DECRQM `CSI ? 2027 $ p`).
///
/// The terminal's answers come back on its input, mixed with whatever the
/// user types: `TerminalProbe.result(from:)` reads them from decoded events
/// (a pure function), and gives back the other events. A terminal that does
/// not answer (tmux 3.3a does not answer DECRQM 2027; a pipe answers
/// nothing) costs only the timeout the caller waits (see
/// `TerminalSession.probe(timeoutMilliseconds:)`).
///
/// ```swift
/// let bytes = TerminalProbe.query(row: 1)  // write these, then read answers
/// let result = TerminalProbe.result(from: events)
/// result.profile                           // how this terminal measures
/// ```
public enum TerminalProbe {
  /// The probe cluster of each kind, in the order probed.
  public static let clusters: [(kind: TerminalClusterKind, cluster: String)] = [
    (.emojiWithVS16, "\u{2764}\u{FE0F}"),  // ❤️
    (.textWithVS15, "\u{231A}\u{FE0E}"),  // ⌚︎
    (.emojiModifierSequence, "\u{1F44D}\u{1F3FD}"),  // 👍🏽
    (.zwjSequence, "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"),  // 👩‍👩‍👧
    (.regionalIndicatorPair, "\u{1F1EB}\u{1F1F7}"),  // 🇫🇷
    (.combiningMarks, "e\u{301}"),  // é, decomposed
    (.wide, "\u{65E5}"),  // 日
  ]

  /// The probe cluster of `kind`, or nil for a kind that is not probed.
  public static func cluster(for kind: TerminalClusterKind) -> String? {
    clusters.first { $0.kind == kind }?.cluster
  }

  /// The bytes to write: DECRQM 2027, then for each probe cluster, the
  /// cursor at column 1 of `row` (1-based), the cluster and `CSI 6 n`; then
  /// the row is cleared. Draw it where the row may be overwritten (the
  /// alternate screen, before the first frame).
  public static func query(row: Int = 1) -> [UInt8] {
    let row = max(row, 1)
    var out = "\u{1B}[?2027$p"
    for (_, cluster) in clusters {
      out += "\u{1B}[\(row);1H\(cluster)\u{1B}[6n"
    }
    out += "\u{1B}[\(row);1H\u{1B}[2K"
    return Array(out.utf8)
  }

  /// What the terminal answered.
  public struct Result: Hashable, Sendable {
    /// The width measured for each kind that was answered, in cells.
    public var widths: [TerminalClusterKind: Int]
    /// The DECRQM value for mode 2027 (0 unknown, 1 set, 2 reset, 3
    /// permanently set, 4 permanently reset), or nil if not answered.
    public var graphemeClusterMode: Int?
    /// The events that were not answers (keys typed meanwhile), in order.
    public var otherEvents: [TerminalEvent]

    /// Whether every probe was answered.
    public var isComplete: Bool { widths.count == TerminalProbe.clusters.count }

    /// The profile the answers describe (`TerminalWidthProfile.measured`):
    /// each measured kind by its width, the others by the library's. With
    /// no width answered, that is `graphemeClusters`, whatever mode 2027
    /// says.
    public var profile: TerminalWidthProfile {
      .measured(widths)
    }

    /// Creates a result.
    public init(
      widths: [TerminalClusterKind: Int], graphemeClusterMode: Int?,
      otherEvents: [TerminalEvent] = []
    ) {
      self.widths = widths
      self.graphemeClusterMode = graphemeClusterMode
      self.otherEvents = otherEvents
    }
  }

  /// Reads the answers from `events`: the n-th cursor position report is
  /// the n-th probe's (its column minus 1 is the width in cells); a DECRQM
  /// reply for mode 2027 is the mode. Events after the last expected answer,
  /// and any that are not answers, are `otherEvents`.
  ///
  /// - Complexity: O(n) in the number of events.
  public static func result(from events: [TerminalEvent]) -> Result {
    var result = Result(widths: [:], graphemeClusterMode: nil)
    var answered = 0
    for event in events {
      switch event {
      case .cursorPosition(_, let column) where answered < clusters.count:
        result.widths[clusters[answered].kind] = max(column - 1, 0)
        answered += 1
      case .modeReport(2027, let value, true) where result.graphemeClusterMode == nil:
        result.graphemeClusterMode = value
      default:
        result.otherEvents.append(event)
      }
    }
    return result
  }

  /// A line for logs: `probe: emojiWithVS16 1, textWithVS15 2, … · mode 2027 none`.
  public static func summary(of result: Result) -> String {
    let widths = clusters.map { kind, _ in
      "\(kind.rawValue) \(result.widths[kind].map(String.init) ?? "-")"
    }
    let mode = result.graphemeClusterMode.map(String.init) ?? "no answer"
    return "probe: " + widths.joined(separator: ", ") + " · mode 2027 \(mode)"
  }
}

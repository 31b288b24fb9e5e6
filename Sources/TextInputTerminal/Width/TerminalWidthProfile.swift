/// The kinds of grapheme cluster on whose width terminals disagree.
public enum TerminalClusterKind: String, Hashable, Sendable, CaseIterable {
  /// An emoji with VS16 (U+FE0F), such as `❤️`, `☺️` or a keycap `1️⃣`.
  case emojiWithVS16
  /// A character with VS15 (U+FE0E), such as `⌚︎`.
  case textWithVS15
  /// An emoji modifier sequence, such as `👍🏽`.
  case emojiModifierSequence
  /// A ZWJ sequence, such as `👩‍👩‍👧`.
  case zwjSequence
  /// Two regional indicators: a flag, such as `🇫🇷`.
  case regionalIndicatorPair
  /// A base with combining marks (Mn, Me), such as `e\u{301}`.
  case combiningMarks
  /// A single wide character (East Asian Wide or Fullwidth), such as `日`.
  case wide
  /// A control character (C0, DEL, C1): drawn as its visible form (see
  /// `VisibleControls`); line endings take no cell.
  case control
  /// Anything else: the library's width.
  case `default`

  /// The cluster that stands for this kind when a terminal's widths are
  /// measured kind by kind (`TerminalWidthProfile.measured(_:name:options:)`),
  /// or nil for `control` and `default`, which are not measured.
  public var probeCluster: String? {
    switch self {
    case .emojiWithVS16: "\u{2764}\u{FE0F}"  // ❤️
    case .textWithVS15: "\u{231A}\u{FE0E}"  // ⌚︎
    case .emojiModifierSequence: "\u{1F44D}\u{1F3FD}"  // 👍🏽
    case .zwjSequence: "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"  // 👩‍👩‍👧
    case .regionalIndicatorPair: "\u{1F1EB}\u{1F1F7}"  // 🇫🇷
    case .combiningMarks: "e\u{301}"  // é, decomposed
    case .wide: "\u{65E5}"  // 日
    case .control, .default: nil
    }
  }

  /// The kind of a grapheme cluster, from TextMetrics' Unicode properties
  /// (`ScalarProperties`, the system ICU's), the same tables the widths
  /// come from.
  ///
  /// - Complexity: O(n) in the cluster's scalars.
  public static func of(_ cluster: some StringProtocol) -> TerminalClusterKind {
    let scalars = cluster.unicodeScalars
    guard let first = scalars.first else { return .default }
    if VisibleControls.isControl(first) { return .control }
    var count = 0
    var hasZWJ = false
    var hasVS16 = false
    var hasVS15 = false
    var hasModifier = false
    var hasMark = false
    var regionalIndicators = 0
    for scalar in scalars {
      count += 1
      switch scalar.value {
      case 0x200D: hasZWJ = true
      case 0xFE0F: hasVS16 = true
      case 0xFE0E: hasVS15 = true
      case 0x1F3FB...0x1F3FF: hasModifier = true
      case 0x1F1E6...0x1F1FF: regionalIndicators += 1
      default:
        if ScalarProperties.isCombiningMark(scalar) { hasMark = true }
      }
    }
    if count == 1 {
      return DisplayWidth.width(in: String(first)) == 2 ? .wide : .default
    }
    if hasZWJ && ScalarProperties.isEmoji(first) { return .zwjSequence }
    if regionalIndicators == 2 && count == 2 { return .regionalIndicatorPair }
    if hasModifier && ScalarProperties.isEmojiModifierBase(first) {
      return .emojiModifierSequence
    }
    if hasVS16 { return .emojiWithVS16 }
    if hasVS15 { return .textWithVS15 }
    if hasMark { return .combiningMarks }
    return .default
  }
}

/// How one terminal measures grapheme clusters, in cells, kind by kind.
///
/// Terminals disagree on the width of emoji sequences: tmux 3.3a draws `❤️`
/// in 1 cell, `👍🏽` in 4 and `⌚︎` in 2, where a grapheme-cluster terminal
/// (Ghostty, WezTerm, foot, Contour; mode 2027) and this library's
/// `DisplayWidth` count 2, 2 and 1. A text view that draws borders and a
/// caret must measure as the terminal in front of it does: a profile says
/// how, one `Rule` per `TerminalClusterKind`, and `TerminalCellFont` lays
/// text out with it. `TerminalSession.identify` finds one by asking the terminal.
///
/// ```swift
/// TerminalWidthProfile.tmux.width(of: "👍🏽")              // 4
/// TerminalWidthProfile.graphemeClusters.width(of: "👍🏽")  // 2
/// ```
///
/// Two profiles are equal when they measure alike; their names do not count.
public struct TerminalWidthProfile: Hashable, Sendable {
  /// How a kind of cluster is measured.
  public enum Rule: Hashable, Sendable {
    /// The library's width (`DisplayWidth`), which is a grapheme-cluster
    /// terminal's.
    case library
    /// The width of the cluster's first scalar alone (a terminal that ignores
    /// the variation selector: `❤️` is `❤`'s 1 cell).
    case firstScalar
    /// The sum of the widths of its scalars, each measured alone (a terminal
    /// that draws a modifier as its own character: `👍🏽` is 2 + 2).
    case sumOfScalars
    /// A fixed number of cells.
    case cells(Int)
  }

  /// A short name for messages (`"tmux"`, `"grapheme clusters"`, `"probed"`).
  public var name: String
  /// The rule of each kind; a kind not listed is `.library`.
  public var rules: [TerminalClusterKind: Rule]
  /// Whether East Asian Ambiguous characters are 2 cells (see `WidthOptions`).
  public var options: WidthOptions
  /// The known terminal whose tables measure every cluster (see
  /// `KnownTerminal`), or nil to measure by `rules`.
  public var terminal: KnownTerminal?
  /// For a terminal measured by `rules`: the latest Unicode version whose
  /// wide characters it draws wide (`TerminalProbe` finds it by printing one
  /// character made wide in each version), or nil for the library's own
  /// table. A character made wide in a later version is 1 cell.
  public var wideUnicodeVersion: String?
  /// The composition rules that measure every cluster (see
  /// `TerminalComposition`), for a terminal measured rather than looked
  /// up; nil to measure by `terminal` or `rules`.
  public var composition: TerminalComposition?

  /// Creates a profile.
  public init(
    name: String, rules: [TerminalClusterKind: Rule] = [:], options: WidthOptions = .standard
  ) {
    self.name = name
    self.rules = rules
    self.options = options
  }

  /// The profile of a known terminal: every cluster as it draws it (its
  /// generated tables; `options` is not used, ucs-detect measured with
  /// Ambiguous characters narrow).
  public init(terminal: KnownTerminal) {
    self.name = terminal.name
    self.rules = [:]
    self.options = .standard
    self.terminal = terminal
  }

  /// The profile of a terminal measured per composition: every cluster by
  /// `composition`'s rules (`options` is not used).
  public init(composition: TerminalComposition, name: String = "measured") {
    self.name = name
    self.rules = [:]
    self.options = .standard
    self.composition = composition
  }

  /// The library's own policy, that of a grapheme-cluster terminal (mode
  /// 2027: Ghostty, WezTerm, foot, Contour): every kind by `DisplayWidth`.
  public static let graphemeClusters = TerminalWidthProfile(name: "grapheme clusters")

  /// tmux 3.3a, as measured in its own grid: a variation selector is ignored
  /// (`❤️` 1 cell, `⌚︎` 2), a modifier is a character of its own (`👍🏽` 4);
  /// ZWJ sequences and flags are 2, as the library counts them.
  public static let tmux = TerminalWidthProfile(
    name: "tmux",
    rules: [
      .emojiWithVS16: .firstScalar, .textWithVS15: .firstScalar,
      .emojiModifierSequence: .sumOfScalars,
    ])

  /// Whether two profiles measure alike (their names aside).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.rules == rhs.rules && lhs.options == rhs.options && lhs.terminal == rhs.terminal
      && lhs.wideUnicodeVersion == rhs.wideUnicodeVersion && lhs.composition == rhs.composition
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(rules)
    hasher.combine(options)
    hasher.combine(terminal)
    hasher.combine(wideUnicodeVersion)
    hasher.combine(composition)
  }

  /// The rule for `kind`.
  public func rule(for kind: TerminalClusterKind) -> Rule {
    rules[kind] ?? .library
  }

  /// The width of one grapheme cluster in cells, as `TerminalScreen` draws
  /// it. A control character is its visible form's width (see
  /// `VisibleControls`: 1 cell, or 2 for a C1 control's U+FFFD where East
  /// Asian Ambiguous characters are wide), a line ending 0. A cluster that
  /// starts with a mark or a modifier (after a control or at the text's
  /// start) is measured as drawn, on U+00A0.
  ///
  /// - Complexity: O(n) in the cluster's length.
  public func width(of cluster: some StringProtocol) -> Int {
    if VisibleControls.joinsCellBefore(cluster) {
      // Drawn on U+00A0 (`VisibleControls.cellText(_:)`): measured so.
      return width(of: "\u{A0}" + cluster)
    }
    let kind = TerminalClusterKind.of(cluster)
    if kind == .control {
      if cluster.unicodeScalars.contains(where: HardBreaks.isBreak) { return 0 }
      return max(DisplayWidth.width(in: VisibleControls.visible(cluster), options: options), 1)
    }
    if let terminal { return terminal.width(of: cluster) }
    if let composition { return composition.width(of: cluster) }
    if let version = wideUnicodeVersion, let wide = Self.wideVersion(of: cluster) {
      return Self.isAtMost(wide, version) ? 2 : 1
    }
    return width(of: cluster, as: rule(for: kind))
  }

  /// The Unicode version that made the cluster's one scalar wide, if it is
  /// one of those `TerminalProbe` tells apart.
  static func wideVersion(of cluster: some StringProtocol) -> String? {
    let scalars = cluster.unicodeScalars
    guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex
    else { return nil }
    return KnownTerminalTables.wideByVersion.first {
      KnownTerminalTables.contains($0.codePoints, first.value)
    }?.version
  }

  /// Whether version `a` (`"15.1.0"`) is at most `b`.
  static func isAtMost(_ a: String, _ b: String) -> Bool {
    let left = a.split(separator: ".").map { Int($0) ?? 0 }
    let right = b.split(separator: ".").map { Int($0) ?? 0 }
    return left == right || left.lexicographicallyPrecedes(right)
  }

  /// The width of `cluster` measured by `rule`, in cells.
  func width(of cluster: some StringProtocol, as rule: Rule) -> Int {
    switch rule {
    case .library:
      return DisplayWidth.width(in: String(cluster), options: options)
    case .cells(let cells):
      return max(cells, 0)
    case .firstScalar:
      guard let first = cluster.unicodeScalars.first else { return 0 }
      return DisplayWidth.width(in: String(first), options: options)
    case .sumOfScalars:
      return cluster.unicodeScalars.reduce(0) {
        $0 + DisplayWidth.width(in: String($1), options: options)
      }
    }
  }

  /// The width of `text` in cells: the sum of its clusters' widths.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public func width(in text: String) -> Int {
    text.reduce(0) { $0 + width(of: String($1)) }
  }

  /// A profile from measured widths: for each kind, the rule that gives the
  /// width measured for its probe cluster (`TerminalClusterKind.probeCluster`), the
  /// library's if it agrees, else the first scalar's, the sum of the
  /// scalars', or the fixed number. A kind not measured keeps the library's.
  public static func measured(
    _ widths: [TerminalClusterKind: Int], name: String = "probed",
    options: WidthOptions = .standard
  ) -> TerminalWidthProfile {
    var profile = TerminalWidthProfile(name: name, options: options)
    for (kind, width) in widths {
      guard let probe = kind.probeCluster else { continue }
      let candidates: [Rule] = [.library, .firstScalar, .sumOfScalars]
      let rule =
        candidates.first { profile.width(of: probe, as: $0) == width } ?? .cells(width)
      if rule != .library { profile.rules[kind] = rule }
    }
    return profile
  }
}

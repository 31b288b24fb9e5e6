/// How a terminal composes a cluster's width from its scalars: a handful of
/// rules, each learnt from one probe cluster's width, that together give the
/// width of any cluster.
///
/// Terminals that do not draw grapheme clusters as one glyph differ in a few
/// ways, each a rule here: whether an emoji modifier is drawn on its base or
/// beside it (`👍🏽` 2 or 4 cells), whether a ZWJ sequence is one emoji or the
/// sum of its parts (`👩‍👩‍👧` 2, 6 or 8), whether VS16 widens and VS15
/// narrows, how wide a flag is, how wide Hangul jamo are, and up to which
/// Unicode version their wide table goes. Measured in Debian 12's xterm 379,
/// urxvt 9.30, st 0.9, mlterm 3.9.0, kitty 0.26.5, alacritty 0.11.0 and foot
/// 1.13.1, these rules alone give the terminal's own width for 98.7–99.97 %
/// of 11 110 clusters (see the KnownTerminals article).
///
/// A cluster is split at each ZWJ into parts; a part is a base scalar and
/// what follows it. A scalar's width is python wcwidth 0.9.4's base width
/// (0 for zero-width code points, 2 for East Asian Wide and Fullwidth, else
/// 1), except that a character made wide after `wideUnicodeVersion` is 1. A
/// part's width is its base's, changed by what follows: VS16 after a narrow
/// emoji that VS16 can widen makes it 2 if `vs16Widens`; VS15 after a wide
/// emoji that VS15 can narrow makes it 1 if `vs15Narrows`, after any other
/// wide pictographic emoji if `vs15NarrowsAnyEmoji`; an emoji modifier adds
/// `modifierCells`; a Hangul vowel or final jamo adds `jamoCells`; two
/// regional indicators are `flagCells` together;
/// any other scalar adds its own width (a combining mark 0). The cluster is
/// its first part alone when `joinerCells` is nil, else the sum of its parts
/// plus `joinerCells` per ZWJ. (`Scripts/terminal_composition.py` is the
/// same model in Python, for the generator.)
///
/// ```swift
/// let xterm = TerminalComposition(
///   wideUnicodeVersion: "14.0.0", modifierCells: 2, joinerCells: 0,
///   vs16Widens: false, vs15Narrows: false, flagCells: 2)
/// xterm.width(of: "👍🏽")  // 4
/// xterm.width(of: "👩‍👩‍👧")  // 6
/// TerminalComposition.graphemeClusters.width(of: "👩‍👩‍👧")  // 2
/// ```
public struct TerminalComposition: Hashable, Sendable, CustomStringConvertible {
  /// The latest Unicode version whose wide characters the terminal draws
  /// wide (one of `TerminalProbe.wideVersionProbes`' versions, or
  /// `"12.1.0"` for none of them), or nil for every wide character of
  /// wcwidth's table.
  public var wideUnicodeVersion: String? {
    didSet { narrowedRanges = Self.narrowedRanges(wideUnicodeVersion) }
  }
  /// The code points drawn narrow for being made wide after
  /// `wideUnicodeVersion` (kept with it).
  private var narrowedRanges: [UInt32] = []
  /// The cells an emoji modifier (U+1F3FB–1F3FF) adds to its base: 0 when
  /// drawn on it, 2 when drawn beside it.
  public var modifierCells: Int
  /// Nil when a ZWJ sequence is drawn as its first emoji (one glyph); else
  /// the sequence is the sum of its parts and each ZWJ adds this many cells.
  public var joinerCells: Int?
  /// Whether VS16 widens a narrow emoji to 2 cells (`❤️`).
  public var vs16Widens: Bool
  /// Whether VS15 narrows a wide emoji to 1 cell (`⌚︎`).
  public var vs15Narrows: Bool
  /// The cells of a pair of regional indicators (a flag, `🇫🇷`).
  public var flagCells: Int
  /// Whether VS15 also narrows a wide pictographic emoji that has no text
  /// variation sequence (`😀︎` 1 cell: kitty 0.26).
  public var vs15NarrowsAnyEmoji: Bool
  /// The cells each Hangul vowel or final jamo (U+1160–11FF, U+D7B0–D7FF)
  /// adds after its leading jamo (0: the syllable is 2 cells; 1 in kitty
  /// 0.26, where `가` is 3).
  public var jamoCells: Int

  /// Creates rules.
  public init(
    wideUnicodeVersion: String? = nil, modifierCells: Int = 0, joinerCells: Int? = nil,
    vs16Widens: Bool = true, vs15Narrows: Bool = true, flagCells: Int = 2,
    vs15NarrowsAnyEmoji: Bool = false, jamoCells: Int = 0
  ) {
    self.wideUnicodeVersion = wideUnicodeVersion
    self.modifierCells = modifierCells
    self.joinerCells = joinerCells
    self.vs16Widens = vs16Widens
    self.vs15Narrows = vs15Narrows
    self.flagCells = flagCells
    self.vs15NarrowsAnyEmoji = vs15NarrowsAnyEmoji
    self.jamoCells = jamoCells
    self.narrowedRanges = Self.narrowedRanges(wideUnicodeVersion)
  }

  /// A grapheme-cluster terminal's rules: a modifier on its base, a ZWJ
  /// sequence one emoji, VS16 widening, VS15 narrowing, a flag 2 cells.
  public static let graphemeClusters = TerminalComposition()

  /// The probe clusters, in the order probed: `❤️` (VS16), `⌚︎` (VS15),
  /// `👍🏽` (modifier), `👩‍👩‍👧` (ZWJ), `🇫🇷` (flag), `😀︎` (VS15 on an emoji
  /// without a text sequence), `가` (jamo); then one character made wide in
  /// each Unicode version (`TerminalProbe.wideVersionProbes`).
  public static var probes: [String] {
    [
      "\u{2764}\u{FE0F}", "\u{231A}\u{FE0E}", "\u{1F44D}\u{1F3FD}",
      "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F1EB}\u{1F1F7}",
      "\u{1F600}\u{FE0E}", "\u{1100}\u{1161}",
    ] + TerminalProbe.wideVersionProbes.map { String(Character($0.scalar)) }
  }

  /// The rules the widths measured for `probes` describe (in cells, in
  /// `probes` order): VS16 widens if `❤️` is 2, VS15 narrows if `⌚︎` is 1,
  /// a modifier adds what `👍🏽` has beyond `👍`, a ZWJ sequence is one emoji
  /// if `👩‍👩‍👧` is as wide as `👩`, else each ZWJ adds half of what is left
  /// beyond its three parts; the wide table goes up to the last version
  /// before the first probe drawn narrow. A width not answered (missing)
  /// keeps the grapheme-cluster rule.
  ///
  /// - Complexity: O(p) in the number of probes.
  public init(measured widths: [Int]) {
    self = .graphemeClusters
    let plain = TerminalComposition.graphemeClusters
    func measured(_ index: Int) -> Int? { index < widths.count ? widths[index] : nil }
    if let vs16 = measured(0) { vs16Widens = vs16 == 2 }
    if let vs15 = measured(1) { vs15Narrows = vs15 == 1 }
    if let modifier = measured(2) {
      modifierCells = max(modifier - plain.part([0x1F44D]), 0)
    }
    if let family = measured(3) {
      let parts: [UInt32] = [0x1F469, 0x1F469, 0x1F467]
      if family == plain.part([parts[0]]) {
        joinerCells = nil
      } else {
        joinerCells = max((family - parts.reduce(0) { $0 + plain.part([$1]) }) / 2, 0)
      }
    }
    if let flag = measured(4) { flagCells = flag }
    if let anyEmoji = measured(5) { vs15NarrowsAnyEmoji = anyEmoji == 1 }
    if let jamo = measured(6) { jamoCells = max(jamo - 2, 0) }
    let probes = TerminalProbe.wideVersionProbes
    let versions = widths.dropFirst(7)
    if versions.count >= probes.count, let last = probes.last {
      var known = "12.1.0"
      for (probe, width) in zip(probes, versions) {
        guard width == 2 else { break }
        known = probe.version
      }
      wideUnicodeVersion = known == last.version ? nil : known
    }
    narrowedRanges = Self.narrowedRanges(wideUnicodeVersion)
  }

  /// `wide 14.0.0 · modifier +2 · ZWJ parts+0 · VS16 ignored · VS15 ignored · flag 2`.
  public var description: String {
    let joiner = joinerCells.map { "parts+\($0)" } ?? "one emoji"
    return "wide \(wideUnicodeVersion ?? "all") · modifier +\(modifierCells) · ZWJ \(joiner)"
      + " · VS16 \(vs16Widens ? "widens" : "ignored") · VS15 \(vs15Narrows ? "narrows" : "ignored")"
      + (vs15NarrowsAnyEmoji ? " (any emoji)" : "") + " · flag \(flagCells)"
      + (jamoCells == 0 ? "" : " · jamo +\(jamoCells)")
  }

  /// For each version a terminal's wide table may end at, the code points
  /// made wide after it, as sorted inclusive ranges (flat pairs).
  private static let narrowedByVersion: [String: [UInt32]] = Dictionary(
    uniqueKeysWithValues: (["12.1.0"] + KnownTerminalTables.wideByVersion.map(\.version)).map {
      ($0, narrowed(after: $0))
    })

  /// The code points made wide after `version` (of those ucs-detect found
  /// some terminal drawing narrow), as sorted inclusive ranges (flat pairs).
  static func narrowed(after version: String) -> [UInt32] {
    var ranges: [(UInt32, UInt32)] = []
    for entry in KnownTerminalTables.wideByVersion
    where !TerminalWidthProfile.isAtMost(entry.version, version) {
      var index = 0
      while index + 1 < entry.codePoints.count {
        ranges.append((entry.codePoints[index], entry.codePoints[index + 1]))
        index += 2
      }
    }
    return ranges.sorted { $0.0 < $1.0 }.flatMap { [$0.0, $0.1] }
  }

  /// The code points drawn narrow for being made wide after
  /// `wideUnicodeVersion`.
  static func narrowedRanges(_ version: String?) -> [UInt32] {
    guard let version else { return [] }
    return narrowedByVersion[version] ?? narrowed(after: version)
  }

  /// The width of one scalar alone.
  private func scalar(_ value: UInt32, narrowed: [UInt32]) -> Int {
    let width = KnownTerminalTables.baseWidth(value)
    if width == 2, !narrowed.isEmpty, KnownTerminalTables.contains(narrowed, value) { return 1 }
    return width
  }

  /// One part being measured: its base, its width so far, its scalars.
  private struct Part {
    var base: UInt32 = 0
    var count = 0
    var width = 0
    var isFlag = false
  }

  /// Adds one scalar (not a ZWJ) to `part`.
  private func add(_ value: UInt32, to part: inout Part, narrowed: [UInt32]) {
    typealias T = KnownTerminalTables
    defer { part.count += 1 }
    if part.count == 0 {
      part.base = value
      part.width = scalar(value, narrowed: narrowed)
      return
    }
    if part.count == 1, T.isRegionalIndicator(part.base), T.isRegionalIndicator(value) {
      part.isFlag = true
      part.width = flagCells
      return
    }
    if part.isFlag {
      part.width += scalar(value, narrowed: narrowed)
      return
    }
    switch value {
    case 0xFE0F:
      if vs16Widens, part.width == 1, T.contains(T.vs16NarrowToWide, part.base) { part.width = 2 }
    case 0xFE0E:
      guard part.width == 2 else { break }
      if T.contains(T.vs15WideToNarrow, part.base) {
        if vs15Narrows { part.width = 1 }
      } else if vs15NarrowsAnyEmoji, T.contains(T.extendedPictographic, part.base) {
        part.width = 1
      }
    case 0x1F3FB...0x1F3FF:
      part.width += modifierCells
    case 0x1160...0x11FF, 0xD7B0...0xD7FF:
      part.width += jamoCells
    default:
      part.width += scalar(value, narrowed: narrowed)
    }
  }

  /// The width of one part of code points (a base and what follows it).
  func part(_ scalars: [UInt32]) -> Int {
    var part = Part()
    for value in scalars { add(value, to: &part, narrowed: []) }
    return part.width
  }

  /// The width of one grapheme cluster in cells, by these rules.
  ///
  /// - Complexity: O(n log r) in the cluster's scalars and the table ranges.
  public func width(of cluster: some StringProtocol) -> Int {
    let narrowed = narrowedRanges
    var total = 0
    var part = Part()
    for scalar in cluster.unicodeScalars {
      guard scalar.value == 0x200D else {
        add(scalar.value, to: &part, narrowed: narrowed)
        continue
      }
      guard let joinerCells else { return part.width }
      total += part.width + joinerCells
      part = Part()
    }
    return total + part.width
  }
}

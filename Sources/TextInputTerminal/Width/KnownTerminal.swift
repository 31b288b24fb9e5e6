/// A terminal whose widths jquast's `ucs-detect` measured, cluster by
/// cluster, with the tables that say how it draws every cluster.
///
/// The tables are generated (`Scripts/generate-terminal-widths.py`) from
/// python `wcwidth` 0.9.4's per-terminal tables, which are generated from
/// ucs-detect's published results, and from ucs-detect's recorded answers
/// (XTVERSION, DECRQM 2027, `TERM`). For each terminal they hold the wide
/// characters it does not know (the Unicode version of its wide table), the
/// emoji that VS16 does not widen and the ones VS15 does not narrow, its
/// code-point overrides (wider, narrower, zero), and the clusters it draws
/// otherwise than the common rule (ZWJ sequences drawn as their parts,
/// conjuncts, …).
///
/// ```swift
/// let kitty = KnownTerminal.named("kitty")
/// kitty?.width(of: "\u{261D}\u{FE0E}")  // 2: kitty draws ☝ wide even with VS15
/// KnownTerminal.named("WezTerm")?.width(of: "❤️")  // 1
/// ```
public struct KnownTerminal: Hashable, Sendable, CustomStringConvertible {
  /// The canonical name, as python wcwidth spells it (`"kitty"`, `"vte"`,
  /// `"xterm.js"`, `"apple_terminal"`).
  public let name: String
  /// Other names that denote it in `TERM_PROGRAM` or `TERM`
  /// (`"WezTerm"`, `"vscode"`, `"xterm-kitty"`).
  public let aliases: [String]
  /// The name it answers to XTVERSION (`CSI > 0 q`), as ucs-detect recorded
  /// it, or nil if it did not answer or was not recorded.
  public let softwareName: String?
  /// The version in that answer, as recorded.
  public let softwareVersion: String?
  /// Its recorded DECRQM answer for mode 2027 (0 not recognised, 1 set,
  /// 2 reset, 3 permanently set, 4 permanently reset), or nil.
  public let graphemeClusterMode: Int?
  /// The `TERM` it was recorded with.
  public let term: String?
  /// The latest Unicode version whose wide characters it draws wide, as
  /// ucs-detect measured it, or nil if not recorded.
  public let wideUnicodeVersion: String?

  /// The terminal's version: the one measured here (its Debian package's,
  /// `"379"`, `"0.26.5"`) or the one ucs-detect recorded from XTVERSION;
  /// nil if not known.
  public let version: String?
  /// Its DA2 answer's parameters as measured here (`"41;379;0"`), or nil.
  public let deviceAttributes: String?
  /// For a terminal measured here (`Scripts/real-terminals.py`): the
  /// composition rules its widths follow (its few exceptions are in the
  /// tables); nil for one whose tables come from ucs-detect.
  public let composition: TerminalComposition?

  let index: Int

  /// Whether its tables were measured here, in the real terminal, rather
  /// than taken from ucs-detect's published results.
  public var isMeasuredHere: Bool { composition != nil }

  /// Its name and version for messages: `"xterm 379"`, `"kitty 0.43.1"`,
  /// `"st"`.
  public var label: String { version.map { "\(name) \($0)" } ?? name }

  public var description: String { name }

  /// Two terminals are equal when they are the same entry.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.index == rhs.index }
  public func hash(into hasher: inout Hasher) { hasher.combine(index) }

  /// Every known terminal: those ucs-detect measured, sorted by name, then
  /// those measured here (`isMeasuredHere`), sorted by name and version.
  /// A name may appear twice, once per version measured (`"xterm"` 390 and
  /// 379).
  public static let all: [KnownTerminal] = KnownTerminalTables.terminals.enumerated().map {
    index, data in
    KnownTerminal(
      name: data.name, aliases: data.aliases, softwareName: data.software,
      softwareVersion: data.softwareVersion, graphemeClusterMode: data.mode2027,
      term: data.term, wideUnicodeVersion: data.wideVersion,
      version: data.version ?? data.softwareVersion, deviceAttributes: data.deviceAttributes,
      composition: data.composition, index: index)
  }

  /// Every known terminal called `name` (as `named(_:)` matches it), each
  /// version measured.
  ///
  /// - Complexity: O(k) in the number of known terminals.
  public static func versions(named name: String) -> [KnownTerminal] {
    let wanted = name.lowercased()
    guard !wanted.isEmpty else { return [] }
    return all.filter { terminal in
      terminal.name == wanted || terminal.aliases.contains { $0.lowercased() == wanted }
        || terminal.softwareName?.lowercased() == wanted
    }
  }

  /// The terminal called `name`: its canonical name, an alias, a
  /// `TERM_PROGRAM` or `TERM` value, or the name in its XTVERSION answer
  /// (compared without case; `"xterm-256color"` names no terminal, as many
  /// terminals set it). Nil if none is called so. Of several versions, the
  /// one ucs-detect measured (the newest); see `versions(named:)`.
  ///
  /// - Complexity: O(k) in the number of known terminals.
  public static func named(_ name: String) -> KnownTerminal? {
    let wanted = name.lowercased()
    guard !wanted.isEmpty else { return nil }
    return all.first { terminal in
      terminal.name == wanted || terminal.aliases.contains { $0.lowercased() == wanted }
        || terminal.softwareName?.lowercased() == wanted
    }
  }

  /// The terminal an XTVERSION answer names (`"kitty(0.43.1)"`,
  /// `"WezTerm 20240203-110809-5046fc22"`, `"XTerm(390)"`): the name before
  /// the first `(` or space. Nil if it names none.
  public static func fromXTVersion(_ answer: String) -> KnownTerminal? {
    let name = answer.prefix { $0 != "(" && $0 != " " }
    if let terminal = named(String(name)) { return terminal }
    // GNOME Terminal and its kin answer as VTE.
    return answer.lowercased().contains("vte") ? named("vte") : nil
  }

  /// The terminal the environment names: `TERM_PROGRAM`, then `TERM`. Nil
  /// if neither names a known terminal, and for a multiplexer (`tmux`,
  /// `screen`), whose widths are those of the terminal it runs in.
  public static func fromEnvironment(_ environment: [String: String]) -> KnownTerminal? {
    if isMultiplexer(environment) { return nil }
    if let program = environment["TERM_PROGRAM"], let terminal = named(program) {
      return terminal
    }
    if let term = environment["TERM"], let terminal = named(term) { return terminal }
    return nil
  }

  /// Whether the environment says the program runs in tmux or screen.
  static func isMultiplexer(_ environment: [String: String]) -> Bool {
    if environment["TMUX"] != nil || environment["STY"] != nil { return true }
    let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
    let term = environment["TERM"]?.lowercased() ?? ""
    return program == "tmux" || term.hasPrefix("tmux") || term.hasPrefix("screen")
  }

  /// The width of one grapheme cluster in this terminal, in cells, as
  /// ucs-detect measured it (python wcwidth's `width(cluster,
  /// term_program:)`). Control characters count 0 here; a profile draws
  /// them in their visible form (see `TerminalWidthProfile`).
  ///
  /// - Complexity: O(n) in the cluster's scalars (a binary search per
  ///   scalar in tables of at most a few hundred ranges, and at most two
  ///   dictionary lookups per cluster for its grapheme overrides).
  public func width(of cluster: some StringProtocol) -> Int {
    let data = KnownTerminalTables.terminals[index]
    if let composition = data.composition {
      if let first = cluster.unicodeScalars.first,
        KnownTerminalTables.measuredFirstScalars.contains(first.value),
        let width = KnownTerminalTables.measuredWidth(
          cluster.unicodeScalars.map(\.value), row: data.measured)
      {
        return width
      }
      return composition.width(of: cluster)
    }
    let measure = KnownTerminalWidth(data: KnownTerminalTables.terminals[index], table: index)
    let scalars = cluster.unicodeScalars
    if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
      // One scalar: its own width (no override is of one scalar).
      return measure.width(of: first.value)
    }
    return measure.width(of: scalars.map(\.value))
  }

  /// The width of `text` in cells: the sum of its clusters' widths.
  ///
  /// - Complexity: O(n) in the length of `text`.
  public func width(in text: String) -> Int {
    text.reduce(0) { $0 + width(of: String($1)) }
  }
}

/// One terminal's generated data (see `KnownTerminalTables.terminals`).
struct TerminalData: Sendable {
  var name: String
  var aliases: [String]
  var software: String?
  var softwareVersion: String?
  var mode2027: Int?
  var term: String?
  var wideVersion: String?
  var narrower: [UInt32]
  var vs16Narrower: [UInt32]
  var vs15Wider: [UInt32]
  var zeroer: [UInt32]
  var narrowWider: [UInt32]
  var narrowZeroer: [UInt32]
  /// The index of its grapheme overrides in `overrideWidths`, or -1.
  var overrides: Int
  /// The version measured here, or nil (ucs-detect's rows).
  var version: String? = nil
  /// The DA2 answer measured here, or nil.
  var deviceAttributes: String? = nil
  /// For a terminal measured here: its composition rules.
  var composition: TerminalComposition? = nil
  /// For a terminal measured here: its row of `measuredWidths`, or -1.
  var measured: Int = -1
}

/// The generated tables (`KnownTerminalTables.swift`) and lookups in them.
enum KnownTerminalTables {
  /// Whether `value` lies in one of the inclusive ranges of `table` (flat
  /// pairs, ascending).
  ///
  /// - Complexity: O(log r) in the number of ranges.
  static func contains(_ table: [UInt32], _ value: UInt32) -> Bool {
    var low = 0
    var high = table.count / 2 - 1
    while low <= high {
      let middle = (low + high) / 2
      if value < table[2 * middle] {
        high = middle - 1
      } else if value > table[2 * middle + 1] {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// The key of a cluster in the override tables: its scalars.
  struct Key: Hashable, Sendable {
    var scalars: [UInt32]
  }

  /// Each cluster of `overrideClusters` and its position.
  static let overrideIndex: [Key: Int] = {
    var index: [Key: Int] = [:]
    for (position, token) in overrideClusters.split(separator: " ").enumerated() {
      let scalars = token.split(separator: ".").compactMap { UInt32($0, radix: 16) }
      index[Key(scalars: scalars)] = position
    }
    return index
  }()

  /// The override widths of each table as bytes, for random access.
  static let overrideBytes: [[UInt8]] = overrideWidths.map { Array($0.utf8) }

  /// The override width of `scalars` in table `table`, if it has one.
  static func override(_ scalars: ArraySlice<UInt32>, table: Int) -> Int? {
    guard table >= 0, table < overrideBytes.count,
      let position = overrideIndex[Key(scalars: Array(scalars))]
    else { return nil }
    let bytes = overrideBytes[table]
    guard position < bytes.count else { return nil }
    switch bytes[position] {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(bytes[position] - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(bytes[position] - UInt8(ascii: "a")) + 10
    default: return nil
    }
  }

  /// Each cluster of `measuredClusters` and its position.
  static let measuredIndex: [Key: Int] = {
    var index: [Key: Int] = [:]
    for (position, token) in measuredClusters.split(separator: " ").enumerated() {
      let scalars = token.split(separator: ".").compactMap { UInt32($0, radix: 16) }
      index[Key(scalars: scalars)] = position
    }
    return index
  }()

  /// The first scalar of each cluster of `measuredClusters` (a cheap test
  /// before the lookup).
  static let measuredFirstScalars: Set<UInt32> = Set(measuredIndex.keys.compactMap(\.scalars.first))

  /// The measured widths of each terminal measured here, as bytes.
  static let measuredBytes: [[UInt8]] = measuredWidths.map { Array($0.utf8) }

  /// The width terminal row `row` (of `measuredWidths`) was measured to draw
  /// `scalars` in, where its composition rules say otherwise; nil if they
  /// do not.
  static func measuredWidth(_ scalars: [UInt32], row: Int) -> Int? {
    guard row >= 0, row < measuredBytes.count, scalars.count >= 1,
      let position = measuredIndex[Key(scalars: scalars)]
    else { return nil }
    let bytes = measuredBytes[row]
    guard position < bytes.count else { return nil }
    switch bytes[position] {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(bytes[position] - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(bytes[position] - UInt8(ascii: "a")) + 10
    default: return nil
    }
  }

  /// wcwidth's width of one code point, without terminal overrides:
  /// 0 for controls and zero-width code points, 2 for wide ones, else 1.
  static func baseWidth(_ scalar: UInt32) -> Int {
    if scalar >= 0x20 && scalar < 0x7F { return 1 }
    if scalar < 0x20 || (0x7F..<0xA0).contains(scalar) { return 0 }
    if contains(zeroWidth, scalar) { return 0 }
    if contains(wide, scalar) { return 2 }
    return 1
  }

  static func isRegionalIndicator(_ scalar: UInt32) -> Bool {
    (0x1F1E6...0x1F1FF).contains(scalar)
  }

  /// Extended_Pictographic or a regional indicator (wcwidth's `_EMOJI_ZWJ_SET`).
  static func isEmojiZWJBase(_ scalar: UInt32) -> Bool {
    isRegionalIndicator(scalar) || contains(extendedPictographic, scalar)
  }
}

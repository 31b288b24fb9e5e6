/// The extended grapheme cluster rules of UAX #29 (Unicode 15.0: GB3–GB13,
/// GB999) as a state machine over `BreakClass`.
///
/// The pair rules are a 16 × 16 table (`GraphemeRules.pairs`); only GB11
/// (emoji ZWJ sequences) and GB12/GB13 (regional indicator pairs) need state
/// beyond the previous class. It reproduces ICU's `UBRK_CHARACTER` iterator
/// (root locale): checked by the conformance tests on `GraphemeBreakTest.txt`,
/// by property tests on generated text, and by the benchmark on 10 MB corpora.
struct GraphemeBreakState {
  /// The previous code point's class, or `BreakClass.start`.
  private var previous: UInt8 = BreakClass.start
  /// 1 after `ExtPict Extend*`, 2 after `ExtPict Extend* ZWJ` (GB11), else 0.
  private var emoji: UInt8 = 0
  /// Whether an odd number of regional indicators precede (GB12, GB13).
  private var oddRegionalIndicators = false
  /// CLDR's Indic conjunct rule: 1 after `LinkingConsonant ExtCccZwj*`, 2 after
  /// `LinkingConsonant ExtCccZwj* Virama ExtCccZwj*`, else 0.
  private var conjunct: UInt8 = 0

  /// Whether the previous code point is Prepend (GB9b), which joins whatever follows.
  @inline(__always) var previousIsPrepend: Bool { previous == BreakClass.prepend }

  /// Whether the previous code point is CR, which joins a following LF (GB3).
  @inline(__always) var previousIsCR: Bool { previous == BreakClass.cr }

  /// The state after a code point of class Other (what printable ASCII leaves).
  @inline(__always) mutating func resetAfterOther() {
    resetAfterRun(BreakClass.other)
  }

  /// Whether a cluster boundary lies before a singleton starter (class Other,
  /// LV or LVT with no Indic conjunct part): always, except after Prepend
  /// (GB9b) or L (GB6). Conservative for Other after L, which also breaks.
  @inline(__always) var breaksBeforeSingleton: Bool {
    previous != BreakClass.prepend && previous != BreakClass.l
  }

  /// Whether a code point of these properties joins the cluster of a
  /// singleton starter and the marks already joined to it (GB9, GB9a): Extend,
  /// ZWJ or SpacingMark, and not an Indic linking consonant. After it the
  /// state is again one that `resetAfterRun` describes.
  @inline(__always) static func joinsRun(_ properties: CharacterProperties) -> Bool {
    let mask: UInt16 = 1 << 4 | 1 << 5 | 1 << 8  // extend, zwj, spacingMark
    return (1 << UInt16(properties.breakClass)) & mask != 0
      && properties.indicConjunctKind != IndicConjunctKind.linkingConsonant
  }

  /// The state after a cluster of the run loop (a singleton starter or a
  /// pictograph, then marks that `joinsRun` accepts and pictographs after
  /// ZWJ), whose last code point is of class `current`, with GB11 state
  /// `emoji`: what `advance` leaves (no regional indicator or Indic conjunct
  /// state, since a starter or a pictograph resets them and those marks keep
  /// them reset).
  @inline(__always) mutating func resetAfterRun(_ current: UInt8, emoji: UInt8 = 0) {
    previous = current
    self.emoji = emoji
    oddRegionalIndicators = false
    conjunct = 0
  }

  /// Feeds the next code point; returns whether a cluster boundary lies before it.
  @inline(__always)
  mutating func advance(_ properties: CharacterProperties, _ table: CharacterTable) -> Bool {
    let current = properties.breakClass
    let kind = properties.indicConjunctKind
    let rule = table.pairs[Int(previous) << 4 | Int(current)]
    var boundary: Bool
    if rule == GraphemeRules.breaks {
      boundary = true
    } else if rule == GraphemeRules.joins {
      boundary = false
    } else if rule == GraphemeRules.emojiSequence {
      boundary = emoji != 2  // GB11
    } else {
      boundary = !oddRegionalIndicators  // GB12, GB13
    }
    // CLDR's Indic conjunct rule (after GB9b, before GB11 in ICU's rules).
    if boundary, conjunct == 2, kind == IndicConjunctKind.linkingConsonant { boundary = false }
    conjunct = table.conjunctNext[Int(conjunct) << 2 | Int(kind)]
    emoji = table.emojiNext[Int(emoji) << 4 | Int(current)]
    oddRegionalIndicators = current == BreakClass.regionalIndicator && !oddRegionalIndicators
    previous = current
    return boundary
  }
}

/// The pair table and the GB11 and Indic conjunct state transitions, computed
/// once from the rules
/// (`CharacterTable` keeps unsafe copies of them for the hot loop).
enum GraphemeRules {
  static let breaks: UInt8 = 0
  static let joins: UInt8 = 1
  static let emojiSequence: UInt8 = 2
  static let regionalPair: UInt8 = 3

  /// `pairs[previous << 4 | current]`: break, join, or which stateful rule decides.
  static let pairs: [UInt8] = {
    var table = [UInt8](repeating: breaks, count: 256)
    for previous in UInt8(0)..<16 {
      for current in UInt8(0)..<16 {
        table[Int(previous) << 4 | Int(current)] = rule(previous, current)
      }
    }
    return table
  }()

  /// `emojiNext[state << 4 | current]`: the GB11 state after a code point.
  static let emojiNext: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 64)
    for state in UInt8(0)..<4 {
      for current in UInt8(0)..<16 {
        let next: UInt8
        if current == BreakClass.extendedPictographic {
          next = 1
        } else if current == BreakClass.extend, state == 1 {
          next = 1
        } else if current == BreakClass.zwj, state == 1 {
          next = 2
        } else {
          next = 0
        }
        table[Int(state) << 4 | Int(current)] = next
      }
    }
    return table
  }()

  /// `conjunctNext[state << 2 | kind]`: the Indic conjunct state after a code point.
  static let conjunctNext: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 16)
    for state in UInt8(0)..<4 {
      for kind in UInt8(0)..<4 {
        let next: UInt8
        switch kind {
        case IndicConjunctKind.linkingConsonant: next = 1
        case IndicConjunctKind.virama: next = state >= 1 ? 2 : 0
        case IndicConjunctKind.extendCccZWJ: next = state
        default: next = 0
        }
        table[Int(state) << 2 | Int(kind)] = next
      }
    }
    return table
  }()

  private static func rule(_ previous: UInt8, _ current: UInt8) -> UInt8 {
    typealias C = BreakClass
    if previous == C.start { return breaks }  // GB1
    if previous == C.cr, current == C.lf { return joins }  // GB3
    if previous == C.cr || previous == C.lf || previous == C.control { return breaks }  // GB4
    if current == C.cr || current == C.lf || current == C.control { return breaks }  // GB5
    if previous == C.l, [C.l, C.v, C.lv, C.lvt].contains(current) { return joins }  // GB6
    // GB7
    if previous == C.lv || previous == C.v, current == C.v || current == C.t { return joins }
    if previous == C.lvt || previous == C.t, current == C.t { return joins }  // GB8
    if current == C.extend || current == C.zwj { return joins }  // GB9
    if current == C.spacingMark { return joins }  // GB9a
    if previous == C.prepend { return joins }  // GB9b
    if previous == C.zwj, current == C.extendedPictographic { return emojiSequence }  // GB11
    // GB12, GB13
    if previous == C.regionalIndicator, current == C.regionalIndicator { return regionalPair }
    return breaks  // GB999
  }
}

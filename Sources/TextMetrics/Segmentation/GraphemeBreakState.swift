internal import CTextInputICU

/// The extended grapheme cluster rules of UAX #29 (Unicode 15.0: GB3–GB13,
/// GB999) as a state machine over `CharacterProperties`.
///
/// It reproduces ICU's `UBRK_CHARACTER` iterator (root locale); the equality is
/// checked by the conformance tests on `GraphemeBreakTest.txt`, by property tests
/// on generated text, and by the fuzz target.
struct GraphemeBreakState {
  /// Grapheme_Cluster_Break of the previous code point, or `start`.
  private var previous: UInt8 = Self.start
  /// 1 after `ExtPict Extend*`, 2 after `ExtPict Extend* ZWJ` (GB11), else 0.
  private var emoji: UInt8 = 0
  /// Whether an odd number of regional indicators precede (GB12, GB13).
  private var oddRegionalIndicators = false

  static let start: UInt8 = 0xFF

  private static let gcbCR = UInt8(CTII_GCB_CR)
  private static let gcbLF = UInt8(CTII_GCB_LF)
  private static let gcbControl = UInt8(CTII_GCB_CONTROL)
  private static let gcbL = UInt8(CTII_GCB_L)
  private static let gcbV = UInt8(CTII_GCB_V)
  private static let gcbT = UInt8(CTII_GCB_T)
  private static let gcbLV = UInt8(CTII_GCB_LV)
  private static let gcbLVT = UInt8(CTII_GCB_LVT)
  private static let gcbExtend = UInt8(CTII_GCB_EXTEND)
  private static let gcbZWJ = UInt8(CTII_GCB_ZWJ)
  private static let gcbSpacingMark = UInt8(CTII_GCB_SPACING_MARK)
  private static let gcbPrepend = UInt8(CTII_GCB_PREPEND)
  private static let gcbRI = UInt8(CTII_GCB_REGIONAL_INDICATOR)

  /// Whether the previous code point is Prepend (GB9b), which joins whatever follows.
  @inline(__always) var previousIsPrepend: Bool { previous == Self.gcbPrepend }

  /// Whether the previous code point is CR, which joins a following LF (GB3).
  @inline(__always) var previousIsCR: Bool { previous == Self.gcbCR }

  /// The state after a code point of Grapheme_Cluster_Break = Other that is not
  /// Extended_Pictographic (what printable ASCII leaves behind).
  @inline(__always) mutating func resetAfterOther() {
    previous = 0
    emoji = 0
    oddRegionalIndicators = false
  }

  /// Feeds the next code point; returns whether a cluster boundary lies before it.
  @inline(__always)
  mutating func advance(_ properties: CharacterProperties) -> Bool {
    let current = properties.graphemeBreak
    let boundary = Self.isBoundary(
      previous, current, emoji: emoji, oddRegionalIndicators: oddRegionalIndicators,
      pictographic: properties.isExtendedPictographic)

    if properties.isExtendedPictographic {
      emoji = 1
    } else if current == Self.gcbExtend, emoji == 1 {
      emoji = 1
    } else if current == Self.gcbZWJ, emoji == 1 {
      emoji = 2
    } else {
      emoji = 0
    }
    oddRegionalIndicators = current == Self.gcbRI ? !oddRegionalIndicators : false
    previous = current
    return boundary
  }

  @inline(__always)
  private static func isBoundary(
    _ previous: UInt8, _ current: UInt8, emoji: UInt8, oddRegionalIndicators: Bool,
    pictographic: Bool
  ) -> Bool {
    if previous == start { return true }  // GB1 (sot ÷)
    if previous == gcbCR, current == gcbLF { return false }  // GB3
    if previous == gcbCR || previous == gcbLF || previous == gcbControl { return true }  // GB4
    if current == gcbCR || current == gcbLF || current == gcbControl { return true }  // GB5
    if previous == gcbL,
      current == gcbL || current == gcbV || current == gcbLV || current == gcbLVT
    {
      return false  // GB6
    }
    // GB7
    if previous == gcbLV || previous == gcbV, current == gcbV || current == gcbT { return false }
    if previous == gcbLVT || previous == gcbT, current == gcbT { return false }  // GB8
    if current == gcbExtend || current == gcbZWJ { return false }  // GB9
    if current == gcbSpacingMark { return false }  // GB9a
    if previous == gcbPrepend { return false }  // GB9b
    if emoji == 2, pictographic { return false }  // GB11
    if previous == gcbRI, current == gcbRI, oddRegionalIndicators { return false }  // GB12, GB13
    return true  // GB999
  }
}

internal import CTextInputICU

/// The Unicode properties of one code point that the width policy reads,
/// from the system ICU (the same tables `DisplayWidth` and `Graphemes` use,
/// of Unicode version `UnicodeVersions.unicode`), for code outside
/// TextMetrics that classifies clusters (such as TextInputTerminal's
/// `TerminalClusterKind`): one Unicode source for the whole library, not
/// the standard library's own tables, whose version may differ.
///
/// ```swift
/// ScalarProperties.isEmoji("❤")                 // true
/// ScalarProperties.isEmojiModifierBase("👍")    // true
/// ScalarProperties.isCombiningMark("\u{301}")  // true
/// ```
public enum ScalarProperties {
  /// Whether `scalar` has the Emoji property.
  ///
  /// - Complexity: O(1): two table loads (the table is read from ICU once).
  public static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
    CharacterTable.shared.properties(scalar.value).isEmoji
  }

  /// Whether `scalar` has the Emoji_Presentation property (drawn as an emoji
  /// by default).
  ///
  /// - Complexity: O(1).
  public static func isEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool {
    CharacterTable.shared.properties(scalar.value).isEmojiPresentation
  }

  /// Whether `scalar` is Extended_Pictographic.
  ///
  /// - Complexity: O(1).
  public static func isExtendedPictographic(_ scalar: Unicode.Scalar) -> Bool {
    CharacterTable.shared.properties(scalar.value).breakClass == BreakClass.extendedPictographic
  }

  /// Whether `scalar` is East Asian Wide or Fullwidth (2 cells alone).
  ///
  /// - Complexity: O(1).
  public static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    CharacterTable.shared.properties(scalar.value).widthClass == .wide
  }

  /// Whether `scalar` is a nonspacing or enclosing mark (General_Category
  /// Mn or Me).
  ///
  /// - Complexity: O(1) (one ICU property lookup).
  public static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
    let category = ctii_int_property_value(CTII_PROP_GENERAL_CATEGORY, Int32(scalar.value))
    // ICU's UCharCategory: U_NON_SPACING_MARK 6, U_ENCLOSING_MARK 7.
    return category == 6 || category == 7
  }

  /// Whether `scalar` has the Emoji_Modifier_Base property (takes a skin tone).
  ///
  /// - Complexity: O(r) in ICU's ranges of the property (about 40, read once).
  public static func isEmojiModifierBase(_ scalar: Unicode.Scalar) -> Bool {
    modifierBases.contains { $0.contains(Int(scalar.value)) }
  }

  private static let modifierBases: [ClosedRange<Int>] = {
    var ranges: [ClosedRange<Int>] = []
    ICUPropertyRanges.forEach(CTII_BIN_EMOJI_MODIFIER_BASE) { ranges.append($0) }
    return ranges
  }()
}

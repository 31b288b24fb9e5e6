import Testing
import TextMetrics
import UnicodeTestSupport

@Suite struct ScalarPropertiesTests {
  @Test func examples() {
    #expect(ScalarProperties.isEmoji("\u{2764}"))
    #expect(!ScalarProperties.isEmojiPresentation("\u{2764}"))
    #expect(ScalarProperties.isEmojiPresentation("\u{1F600}"))
    #expect(ScalarProperties.isExtendedPictographic("\u{1F600}"))
    #expect(!ScalarProperties.isEmoji("a"))
    #expect(ScalarProperties.isWide("\u{65E5}") && !ScalarProperties.isWide("a"))
    #expect(ScalarProperties.isCombiningMark("\u{301}"))
    #expect(ScalarProperties.isCombiningMark("\u{20DD}"))  // Me
    #expect(!ScalarProperties.isCombiningMark("\u{903}"))  // Mc
    #expect(!ScalarProperties.isCombiningMark("a"))
    #expect(ScalarProperties.isEmojiModifierBase("\u{1F44D}"))
    #expect(!ScalarProperties.isEmojiModifierBase("\u{2764}"))
  }

  /// Every emoji of emoji-test.txt (the Unicode version ICU implements) is
  /// Emoji, and every base of a modifier sequence is Emoji_Modifier_Base.
  @Test func emojiTestAgrees() throws {
    var bases = 0
    for line in try UnicodeData.lines("emoji/emoji-test.txt") {
      let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let fields = (data.first ?? "").split(separator: ";")
      guard fields.count == 2, fields[1].contains("fully-qualified") else { continue }
      let scalars = fields[0].split(separator: " ").compactMap {
        UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
      }
      guard let first = scalars.first else { continue }
      #expect(ScalarProperties.isEmoji(first) || (0x1F1E6...0x1F1FF).contains(first.value))
      if scalars.count == 2, (0x1F3FB...0x1F3FF).contains(scalars[1].value) {
        bases += 1
        #expect(ScalarProperties.isEmojiModifierBase(first), "\(first.value)")
      }
    }
    #expect(bases > 500)
  }
}

import Foundation

/// Finds `@mentions`, `#hashtags` and `$cashtags` by twitter-text's
/// extraction rules (conformance/extract.yml of twitter-text 3.1.0), in one
/// pass. Offsets are UTF-16 code units.
///
/// - Mentions: `@` or `＠`, then 1–20 ASCII letters, digits or `_`, then
///   optionally a list slug `/` + an ASCII letter + up to 24 letters, digits,
///   `_` or `-`. Not after an ASCII letter, digit or `_ ! # $ % & * @ ＠`
///   (except after `RT`/`RT:` in any case, itself not after a word); not when
///   followed by `@`, `＠`, a Latin-1/Latin Extended-A/B letter or `://`.
///   A name of more than 20 characters is no mention.
/// - Hashtags: `#` or `＃`, not followed by U+FE0F or U+20E3 (a keycap), then
///   hashtag characters — letters, marks, decimal digits, `_`, ZWNJ, ZWJ and
///   U+A67E U+05BE U+05F3 U+05F4 U+FF5E U+301C U+309B U+309C U+30A0 U+30FB
///   U+3003 U+0F0B U+0F0C U+00B7 — with at least one letter or mark; not after
///   `&` or a hashtag character (a variation selector U+FE0E/U+FE0F, which
///   ends an emoji, is allowed); not followed by `#`, `＃` or `://`.
/// - Cashtags: `$` at the start or after white space, then 1–6 ASCII letters,
///   optionally `.` or `_` and 1–2 letters, then the end, white space or
///   ASCII punctuation (`$` included).
struct SocialScanner {
  var mentions: Bool
  var hashtags: Bool
  var cashtags: Bool

  func scan(_ reader: UTF16Reader, into links: inout [Link]) {
    var index = 0
    let count = reader.count
    while index < count {
      let unit = reader[index]
      guard unit == 0x40 || unit == 0xFF20 || unit == 0x23 || unit == 0xFF03 || unit == 0x24,
        let (range, target) = entity(reader, at: index)
      else {
        index += 1
        continue
      }
      links.append(
        Link(range: NSRange(location: range.lowerBound, length: range.count), target: target))
      index = range.upperBound
    }
  }

  /// The mention, hashtag or cashtag a sigil at `index` starts, if any.
  private func entity(_ reader: UTF16Reader, at index: Int) -> (Range<Int>, LinkTarget)? {
    switch reader[index] {
    case 0x40 where mentions, 0xFF20 where mentions:
      return mention(reader, at: index).map { ($0.0, .mention($0.1)) }
    case 0x23 where hashtags, 0xFF03 where hashtags:
      return hashtag(reader, at: index).map { ($0.0, .hashtag($0.1)) }
    case 0x24 where cashtags:
      return cashtag(reader, at: index).map { ($0.0, .cashtag($0.1)) }
    default:
      return nil
    }
  }

  // MARK: Mentions

  private static func isNameUnit(_ unit: UInt16) -> Bool {
    CharacterClass.isASCIIAlnum(unit) || unit == 0x5F
  }

  private func mention(_ reader: UTF16Reader, at index: Int) -> (Range<Int>, String)? {
    guard mentionMayFollow(reader, index) else { return nil }
    var end = index + 1
    while end < reader.count, Self.isNameUnit(reader[end]) { end += 1 }
    let length = end - index - 1
    guard length >= 1, length <= 20 else { return nil }
    // What may not follow the name.
    let next = reader[end]
    if next == 0x40 || next == 0xFF20 { return nil }
    if (next >= 0xC0 && next <= 0x24F) && next != 0xD7 && next != 0xF7 { return nil }
    if next == 0x3A, reader[end + 1] == 0x2F, reader[end + 2] == 0x2F { return nil }
    var name = reader.string((index + 1)..<end)
    // A list slug.
    if next == 0x2F, CharacterClass.isASCIILetter(reader[end + 1]) {
      var slugEnd = end + 2
      while slugEnd < reader.count, slugEnd - end - 1 < 25,
        Self.isNameUnit(reader[slugEnd]) || reader[slugEnd] == 0x2D
      {
        slugEnd += 1
      }
      name += reader.string(end..<slugEnd)
      end = slugEnd
    }
    return (index..<end, name)
  }

  /// Whether a mention may start at `index`: twitter-text's
  /// `validMentionPrecedingChars`.
  private func mentionMayFollow(_ reader: UTF16Reader, _ index: Int) -> Bool {
    guard index > 0 else { return true }
    let before = reader[index - 1]
    switch before {
    case 0x5F, 0x21, 0x23, 0x24, 0x25, 0x26, 0x2A, 0x40, 0xFF20: break  // _ ! # $ % & * @ ＠
    default: if !CharacterClass.isASCIIAlnum(before) { return true }
    }
    // RT@name, RT:@name, in any case, the RT not after a word.
    var rt = index
    if reader[rt - 1] == 0x3A { rt -= 1 }
    guard rt >= 2, reader[rt - 1] | 0x20 == 0x74, reader[rt - 2] | 0x20 == 0x72 else {
      return false
    }
    guard rt >= 3 else { return true }
    let word = reader[rt - 3]
    switch word {
    case 0x5F, 0x2B, 0x7E, 0x2E, 0x2D: return false  // _ + ~ . -
    default: return !CharacterClass.isASCIIAlnum(word)
    }
  }

  // MARK: Hashtags

  private static let hashtagExtras: Set<UInt32> = [
    0x5F, 0x200C, 0x200D, 0xA67E, 0x05BE, 0x05F3, 0x05F4, 0xFF5E, 0x301C, 0x309B, 0x309C, 0x30A0,
    0x30FB, 0x3003, 0x0F0B, 0x0F0C, 0x00B7,
  ]

  static func isHashtagScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 {
      return CharacterClass.isASCIIAlnum(UInt16(scalar.value)) || scalar.value == 0x5F
    }
    return CharacterClass.isWordCharacter(scalar) || hashtagExtras.contains(scalar.value)
  }

  private func hashtag(_ reader: UTF16Reader, at index: Int) -> (Range<Int>, String)? {
    if index > 0 {
      let (before, _) = reader.scalar(before: index)
      // A variation selector ends an emoji, which may precede a hashtag.
      let selector = before.value == 0xFE0E || before.value == 0xFE0F
      if before == "&" || (Self.isHashtagScalar(before) && !selector) { return nil }
    }
    let (first, _) = reader.scalar(at: index + 1)
    if first.value == 0xFE0F || first.value == 0x20E3 { return nil }
    var end = index + 1
    var hasLetter = false
    while end < reader.count {
      let (scalar, length) = reader.scalar(at: end)
      guard Self.isHashtagScalar(scalar) else { break }
      if scalar.value >= 0x80
        ? CharacterClass.isLetterOrMark(scalar)
        : CharacterClass.isASCIILetter(UInt16(scalar.value))
      {
        hasLetter = true
      }
      end += length
    }
    guard end > index + 1, hasLetter else { return nil }
    let next = reader[end]
    if next == 0x23 || next == 0xFF03 { return nil }
    if next == 0x3A, reader[end + 1] == 0x2F, reader[end + 2] == 0x2F { return nil }
    return (index..<end, reader.string((index + 1)..<end))
  }

  // MARK: Cashtags

  private func cashtag(_ reader: UTF16Reader, at index: Int) -> (Range<Int>, String)? {
    if index > 0 {
      let (before, _) = reader.scalar(before: index)
      guard CharacterClass.isSpace(before) else { return nil }
    }
    var end = index + 1
    while end < reader.count, CharacterClass.isASCIILetter(reader[end]), end - index <= 6 {
      end += 1
    }
    let letters = end - index - 1
    guard letters >= 1, letters <= 6 else { return nil }
    let separator = reader[end]
    if separator == 0x2E || separator == 0x5F {
      var suffix = end + 1
      while CharacterClass.isASCIILetter(reader[suffix]), suffix - end - 1 < 2 { suffix += 1 }
      if suffix > end + 1, Self.endsCashtag(reader, suffix) { end = suffix }
    }
    guard Self.endsCashtag(reader, end) else { return nil }
    return (index..<end, reader.string((index + 1)..<end))
  }

  /// The end of the text, white space, or ASCII punctuation (`$` included).
  private static func endsCashtag(_ reader: UTF16Reader, _ index: Int) -> Bool {
    guard index < reader.count else { return true }
    let (scalar, _) = reader.scalar(at: index)
    if CharacterClass.isSpace(scalar) { return true }
    guard scalar.value < 0x80 else { return false }
    let unit = UInt16(scalar.value)
    return (unit >= 0x21 && unit <= 0x2F) || (unit >= 0x3A && unit <= 0x40)
      || (unit >= 0x5B && unit <= 0x60) || (unit >= 0x7B && unit <= 0x7E)
  }
}

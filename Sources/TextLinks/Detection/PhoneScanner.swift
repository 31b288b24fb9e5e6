import Foundation

/// Finds telephone numbers by a written heuristic, and international ones by
/// libphonenumber's metadata (`PhoneMetadata`). Digits are ASCII; offsets
/// are UTF-16 code units.
///
/// An international number (`+`) that is valid by libphonenumber's metadata
/// — its calling code, then a national significant number of a possible
/// length matching one of the region's number types, a national prefix
/// after the code dropped (`+44 (0)20 …`) — is a link, its target the E.164
/// form; if the whole candidate is not valid, its longest valid run of first
/// groups is, when a space follows it. Otherwise the heuristic below decides.
///
/// A number is groups of digits joined by one separator each — a space,
/// NBSP, `-` or `.` — where one group may be in parentheses (`(555) 123-4567`,
/// `+44 (0)20 7946 0958`):
/// - **international**: `+`, then 7–15 digits in all (E.164 allows 15), the
///   first digit not 0;
/// - **national**: 7–12 digits in at least two groups (a run without
///   separators is never a phone number), every group but the first of 2 or
///   more digits, the first of 1 digit only when 3 or more groups follow it
///   (`1-800-555-0199`).
///
/// And never:
/// - after a letter, digit, `+`, `-`, `.`, `/`, `:`, `@`, `#`, `$` or a
///   currency symbol (with or without one space between), nor before a letter,
///   digit, `%` or a currency symbol, nor before a separator followed by a
///   digit (the number would go on);
/// - a date: three groups, one of 4 digits at either end and the other two of
///   1–2 digits (`2024-01-15`, `15.01.2024`);
/// - dotted groups other than `ddd.ddd.dddd` shapes: with `.` as a separator
///   there must be exactly three groups, the last of 4 digits and the others
///   of 2–3 (so no version `10.0.19041.1` and no IPv4 address);
/// - a national number grouped in thousands (first group 1–3 digits, every
///   other exactly 3: `1 234 567` is a quantity);
/// - a national run of years (every group 4 digits from 1000 to 2099:
///   `1999-2024`, `2020 2021 2022`);
/// - a time (`:` is no separator), a price (see the currency rule above) or a
///   short digit run (fewer than 7 digits).
///
/// With a default region (`LinkDetector.defaultPhoneRegion`) none of the
/// heuristic applies: numbers are read as libphonenumber's matcher reads them
/// at leniency VALID (valid by the metadata, the national prefix where the
/// number's format requires it, its context rules, extensions).
struct PhoneScanner {
  /// The region (CLDR code) national numbers are read in, or nil for the
  /// heuristic (`LinkDetector.defaultPhoneRegion`).
  var defaultRegion: String? = nil

  func scan(_ reader: UTF16Reader, into links: inout [Link]) {
    var index = 0
    let count = reader.count
    while index < count {
      let unit = reader[index]
      let starts = unit == 0x2B || unit == 0x28 || isDigit(unit)
      if starts, let (range, number) = phone(reader, at: index) {
        links.append(
          Link(
            range: NSRange(location: range.lowerBound, length: range.count), target: .phone(number))
        )
        index = range.upperBound
        continue
      }
      if starts {
        // Skip the rest of this run of number characters.
        index += 1
        while index < count, Self.isNumberUnit(reader[index]) || isDigit(reader[index]) {
          index += 1
        }
      } else {
        index += 1
      }
    }
  }

  private static func isNumberUnit(_ unit: UInt16) -> Bool {
    CharacterClass.isASCIIDigit(unit) || unit == 0x2D || unit == 0x2E || unit == 0x28
      || unit == 0x29
  }

  private static func isSeparator(_ unit: UInt16) -> Bool {
    unit == 0x20 || unit == 0xA0 || unit == 0x2D || unit == 0x2E
  }

  /// A separator between groups: with a default region `/` too
  /// (`415/666-7777`, as libphonenumber reads it).
  private func isGroupSeparator(_ unit: UInt16) -> Bool {
    Self.isSeparator(unit) || (defaultRegion != nil && unit == 0x2F)
  }

  /// An ASCII digit, or with a default region a fullwidth one (`４１５`), as
  /// libphonenumber reads any decimal digit.
  private func isDigit(_ unit: UInt16) -> Bool {
    CharacterClass.isASCIIDigit(unit) || (defaultRegion != nil && unit >= 0xFF10 && unit <= 0xFF19)
  }

  /// The ASCII digit of a digit `isDigit` accepts.
  private static func asciiDigit(_ unit: UInt16) -> UInt8 {
    UInt8(unit >= 0xFF10 ? unit - 0xFF10 + 0x30 : unit)
  }

  private static func isCurrency(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.generalCategory == .currencySymbol
  }

  private func phone(_ reader: UTF16Reader, at start: Int) -> (Range<Int>, String)? {
    guard precededWell(reader, start) else { return nil }
    var index = start
    let international = reader[index] == 0x2B
    if international { index += 1 }
    var groups: [Int] = []
    groups.reserveCapacity(6)
    // Group ends, kept only when the metadata is read (an allocation less).
    let metadata = international || defaultRegion != nil
    var groupEnds: [Int] = []
    if metadata { groupEnds.reserveCapacity(6) }
    var dotted = false
    var slashes = 0
    var digits = ""
    var parenthesised = false
    var end = index
    while true {
      var inParens = false
      if reader[index] == 0x28 {
        guard !parenthesised else { break }
        inParens = true
        index += 1
      }
      // A group's digits join the number only once the group is taken: a
      // parenthesised group given up on must not leak into the target.
      let groupStart = index
      while isDigit(reader[index]) { index += 1 }
      let length = index - groupStart
      guard length > 0 else { break }
      if inParens {
        guard reader[index] == 0x29 else { break }
        index += 1
        parenthesised = true
      }
      for offset in groupStart..<(groupStart + length) {
        digits.unicodeScalars.append(Unicode.Scalar(Self.asciiDigit(reader[offset])))
      }
      groups.append(length)
      if metadata { groupEnds.append(index) }
      end = index
      // One separator (or none after a closing parenthesis), then a group.
      let unit = reader[index]
      let next = reader[index + 1]
      if isGroupSeparator(unit), isDigit(next) || next == 0x28 {
        if unit == 0x2E { dotted = true }
        if unit == 0x2F { slashes += 1 }
        index += 1
      } else if inParens, isDigit(unit) {
        continue
      } else {
        break
      }
    }
    let total = groups.reduce(0, +)
    if international, let found = validInternational(reader, start, digits, groups, groupEnds) {
      return found
    }
    if let region = defaultRegion {
      // A default region: libphonenumber's leniency VALID, no heuristic. A
      // number must be valid, and a slashed date (`10/12/82`) is none.
      if international || (slashes > 0 && Self.isSlashedDate(groups)) { return nil }
      return validPrefix(reader, start, digits, groups, groupEnds) {
        PhoneMetadata.validNational($0, region: region)
      }
    }
    guard !groups.isEmpty, followedWell(reader, end) else { return nil }
    if international {
      guard total >= 7, total <= 15, digits.first != "0" else { return nil }
    } else {
      guard total >= 7, total <= 12, groups.count >= 2 else { return nil }
      if groups.dropFirst().contains(where: { $0 < 2 }) { return nil }
      if groups[0] == 1, groups.count < 4 { return nil }
      if groups[0] <= 3, groups.dropFirst().allSatisfy({ $0 == 3 }) { return nil }
      if groups.allSatisfy({ $0 == 4 }) {
        let years = stride(from: 0, to: digits.count, by: 4).allSatisfy { offset in
          let start = digits.index(digits.startIndex, offsetBy: offset)
          let year = Int(digits[start..<digits.index(start, offsetBy: 4)]) ?? 0
          return (1000...2099).contains(year)
        }
        if years { return nil }
      }
    }
    if groups.count == 3 {
      let short = { (n: Int) in n >= 1 && n <= 2 }
      if groups[0] == 4, short(groups[1]), short(groups[2]) { return nil }
      if groups[2] == 4, short(groups[0]), short(groups[1]) { return nil }
    }
    if dotted {
      guard groups.count == 3, groups[2] == 4, (2...3).contains(groups[0]),
        (2...3).contains(groups[1])
      else { return nil }
    }
    return (start..<end, (international ? "+" : "") + digits)
  }

  /// An international number valid by libphonenumber's metadata: the
  /// longest run of the candidate's first groups whose digits are one (so a
  /// number followed by another, `+44 20 7946 0958 2024`, ends where it is
  /// valid), ending at the candidate's end if that is followed well, or
  /// before a space or NBSP that another group follows. The target is its
  /// E.164 form.
  private func validInternational(
    _ reader: UTF16Reader, _ start: Int, _ digits: String, _ groups: [Int], _ groupEnds: [Int]
  ) -> (Range<Int>, String)? {
    validPrefix(reader, start, digits, groups, groupEnds) {
      PhoneMetadata.validInternational($0)?.e164
    }
  }

  /// The longest run of first groups whose digits `valid` turns into an
  /// E.164 form, ending at the candidate's end if that is followed well, or
  /// before a space or NBSP that another group follows.
  private func validPrefix(
    _ reader: UTF16Reader, _ start: Int, _ digits: String, _ groups: [Int], _ groupEnds: [Int],
    _ valid: (ArraySlice<UInt8>) -> String?
  ) -> (Range<Int>, String)? {
    let bytes = Array(digits.utf8)
    var count = bytes.count
    for taken in stride(from: groups.count, through: 1, by: -1) {
      defer { count -= groups[taken - 1] }
      guard count >= 4, let e164 = valid(bytes[0..<count]) else { continue }
      let end = groupEnds[taken - 1]
      if taken == groups.count {
        if defaultRegion != nil, let (extensionEnd, digits) = phoneExtension(reader, after: end) {
          return (start..<extensionEnd, e164 + ";ext=" + digits)
        }
        return followedWell(reader, end) ? (start..<end, e164) : nil
      }
      return reader[end] == 0x20 || reader[end] == 0xA0 ? (start..<end, e164) : nil
    }
    return nil
  }

  private func precededWell(_ reader: UTF16Reader, _ start: Int) -> Bool {
    guard start > 0 else { return true }
    if defaultRegion != nil { return Self.libphonenumberPrecededWell(reader, start) }
    var (before, length) = reader.scalar(before: start)
    if before == " " || before == "\u{A0}" {
      let (earlier, earlierLength) = reader.scalar(before: start - length)
      if earlierLength > 0, Self.isCurrency(earlier) { return false }
      return true
    }
    _ = length
    length = 0
    if CharacterClass.isWordCharacter(before) || Self.isCurrency(before) { return false }
    switch before.value {
    case 0x2B, 0x2D, 0x2E, 0x2F, 0x3A, 0x40, 0x23, 0x24, 0x2C: return false
    default: return true
    }
  }

  private func followedWell(_ reader: UTF16Reader, _ end: Int) -> Bool {
    guard end < reader.count else { return true }
    let (after, length) = reader.scalar(at: end)
    if defaultRegion != nil {
      // libphonenumber's matcher at leniency VALID: no Latin letter, `%` or
      // currency symbol right after (text of other scripts may follow).
      if Self.isLatinLetter(after) || Self.isCurrency(after) || after == "%" { return false }
    } else if CharacterClass.isWordCharacter(after) || Self.isCurrency(after) || after == "%" {
      return false
    }
    if after == " " || after == "\u{A0}" {
      let (later, _) = reader.scalar(at: end + length)
      if Self.isCurrency(later) || later == "%" { return false }
    }
    // A separator then a digit: the digits go on in a way the rules refused.
    if Self.isSeparator(reader[end]) || reader[end] == 0x2F || reader[end] == 0x3A
      || reader[end] == 0x2C
    {
      if isDigit(reader[end + 1]) { return false }
    }
    return true
  }

  // MARK: libphonenumber's rules (with a default region)

  /// `g/g/yy` or `g/g/yyyy` with groups of 1–2 digits: libphonenumber's
  /// slash-separated date, never a number.
  private static func isSlashedDate(_ groups: [Int]) -> Bool {
    groups.count == 3 && groups[0] <= 2 && groups[1] <= 2 && (groups[2] == 2 || groups[2] == 4)
  }

  /// An extension after a number ending at `end`: up to two spaces, `x`,
  /// `#`, `ext` or `extension` (any case) and an optional `.` or `:` — or
  /// `;ext=` — then up to two spaces and 1–7 digits, followed well. Its end
  /// and its digits; nil when none is there (libphonenumber reads `x` only
  /// so, or as a carrier code: `650x2531234` is no number).
  ///
  /// - Complexity: O(1): at most 20 code units are read.
  private func phoneExtension(_ reader: UTF16Reader, after end: Int) -> (Int, String)? {
    var index = end
    func spaces() {
      var count = 0
      while count < 2, reader[index] == 0x20 || reader[index] == 0xA0 {
        index += 1
        count += 1
      }
    }
    spaces()
    let lower = { (offset: Int) in reader[offset] | 0x20 }
    if reader[index] == 0x23 || (lower(index) == 0x78 && !Self.isLetterUnit(reader[index + 1])) {
      index += 1  // # or x
    } else if reader[index] == 0x3B, Self.matches(reader, index, ";ext=") {
      index += 5
    } else if Self.matches(reader, index, "ext") {
      index += 3
      if Self.matches(reader, index, "ension") { index += 6 }
      if Self.isLetterUnit(reader[index]) { return nil }
    } else {
      return nil
    }
    if reader[index] == 0x2E || reader[index] == 0x3A { index += 1 }  // . or :
    spaces()
    let digitsStart = index
    while CharacterClass.isASCIIDigit(reader[index]), index - digitsStart < 8 { index += 1 }
    let length = index - digitsStart
    guard length >= 1, length <= 7, followedWell(reader, index) else { return nil }
    return (index, reader.string(digitsStart..<index))
  }

  private static func isLetterUnit(_ unit: UInt16) -> Bool {
    (unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7A
  }

  /// Whether `ascii` (lower case) is at `start`, any case.
  private static func matches(_ reader: UTF16Reader, _ start: Int, _ ascii: String) -> Bool {
    var index = start
    for byte in ascii.utf8 {
      var unit = reader[index]
      if unit >= 0x41, unit <= 0x5A { unit += 0x20 }
      guard unit == UInt16(byte) else { return false }
      index += 1
    }
    return true
  }

  /// As libphonenumber's matcher at leniency VALID: a number that starts with
  /// `(` or `+` may follow anything; one that starts with a digit not a Latin
  /// letter or mark, `%` or a currency symbol (text of other scripts may come
  /// just before: `我的电话号码是415-666-7777`). A digit or `+` before would
  /// have been part of the number.
  private static func libphonenumberPrecededWell(_ reader: UTF16Reader, _ start: Int) -> Bool {
    let (before, _) = reader.scalar(before: start)
    if before.properties.numericType == .decimal || before == "+" { return false }
    if reader[start] == 0x28 || reader[start] == 0x2B { return true }
    return !(isLatinLetter(before) || isCurrency(before) || before == "%")
  }

  /// libphonenumber's `isLatinLetter`: a letter or non-spacing mark of the
  /// Basic Latin, Latin-1 Supplement, Latin Extended-A, -B and Additional
  /// blocks, or a combining diacritical mark.
  static func isLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark:
      break
    default: return false
    }
    switch scalar.value {
    case 0x0000...0x024F, 0x0300...0x036F, 0x1E00...0x1EFF: return true
    default: return false
    }
  }
}

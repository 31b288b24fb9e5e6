/// The rules a host name must follow in the detectors' extended mode (see
/// `LinkDetector.URLRules.extended`); the strict GFM mode uses `gfmDomainEnd`.
enum HostRules {
  /// Whether `scalar` may be part of a host label: an ASCII letter, digit,
  /// `-` or `_`; or a non-ASCII scalar that is not white space, punctuation,
  /// a control, a format character or a separator (as cmark-gfm's
  /// `is_valid_hostchar`, which lets `http://🍄.ga` and `http://✪df.ws` through).
  static func isLabelScalar(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 {
      let unit = UInt16(value)
      return CharacterClass.isASCIIAlnum(unit) || unit == 0x2D || unit == 0x5F
    }
    return !CharacterClass.isSpace(scalar) && !CharacterClass.isPunctuation(scalar)
      && !CharacterClass.isControlOrSeparator(scalar)
  }

  /// Whether `scalar` may be part of a scheme-less host label: as
  /// `isLabelScalar`, but non-ASCII only letters, marks and digits outside
  /// the scripts written without spaces.
  static func isSchemelessLabelScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return isLabelScalar(scalar) }
    return CharacterClass.isWordCharacter(scalar)
      && !CharacterClass.isContinuousScript(scalar.value)
  }

  /// What may not follow a domain's last label: a letter, digit or mark
  /// continuing a word (not one of a script written without spaces), `-`,
  /// `_`, `@` or `+`.
  static func continuesDomain(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 {
      let unit = UInt16(value)
      return CharacterClass.isASCIIAlnum(unit) || unit == 0x2D || unit == 0x5F || unit == 0x40
        || unit == 0x2B
    }
    if value == 0xFF20 { return true }  // ＠
    return CharacterClass.isWordCharacter(scalar) && !CharacterClass.isContinuousScript(value)
  }

  /// Scans a host starting at `start` in extended mode and returns where it
  /// ends, or nil when no valid host starts there.
  ///
  /// A host is labels separated by single dots; each label 1–63 code units,
  /// not beginning or ending with `-` or `_`, `xn--` labels ASCII only, no
  /// `_` in the last two labels; at least two labels, the last a top-level
  /// domain of the table (or its prefix when a scalar of a script written
  /// without spaces follows: `example.comです` ends after `com`). An IPv4
  /// address also counts, and, when `allowSingleLabel` (after a scheme), one
  /// valid label (`localhost`, `host-name`, `intranet2`). The longest valid
  /// host wins.
  ///
  /// - Complexity: O(k) in the length of the run of label characters.
  static func hostEnd(
    _ reader: UTF16Reader, from start: Int, schemeless: Bool, allowSingleLabel: Bool
  ) -> Int? {
    var labels: [Range<Int>] = []
    var index = start
    while true {
      let labelStart = index
      var continuous = false
      while index < reader.count {
        let (scalar, length) = reader.scalar(at: index)
        let isLabel =
          schemeless
          ? (isSchemelessLabelScalar(scalar)
            || (CharacterClass.isContinuousScript(scalar.value)
              && CharacterClass.isWordCharacter(scalar)))
          : isLabelScalar(scalar)
        guard isLabel else { break }
        if scalar.value >= 0x80, CharacterClass.isContinuousScript(scalar.value) {
          continuous = true
        }
        index += length
      }
      guard index > labelStart else { break }
      labels.append(labelStart..<index)
      // A scheme-less host ends with a label that runs into such text.
      if schemeless, continuous { break }
      guard reader[index] == 0x2E, index + 1 < reader.count else { break }
      let (next, _) = reader.scalar(at: index + 1)
      let nextIsLabel =
        schemeless
        ? isSchemelessLabelScalar(next) || CharacterClass.isContinuousScript(next.value)
        : isLabelScalar(next)
      guard nextIsLabel else { break }
      index += 1
    }
    guard let first = labels.first else { return nil }
    if let end = ipv4End(reader, labels) { return end }
    if allowSingleLabel, labels.count == 1, validLabel(reader, first),
      !followsInLabel(reader, first.upperBound)
    {
      return first.upperBound
    }
    guard labels.count >= 2 else { return nil }
    var last = labels.count - 1
    while last >= 1 {
      if let end = validHost(reader, labels[0...last]) { return end }
      last -= 1
    }
    return nil
  }

  private static func followsInLabel(_ reader: UTF16Reader, _ index: Int) -> Bool {
    let (scalar, length) = reader.scalar(at: index)
    return length > 0 && continuesDomain(scalar)
  }

  /// The end of the host made of `labels` when it is valid (the last label a
  /// TLD or a TLD followed by a scalar of a script written without spaces).
  private static func validHost(_ reader: UTF16Reader, _ labels: ArraySlice<Range<Int>>) -> Int? {
    for label in labels.dropLast() where !validLabel(reader, label) { return nil }
    // No underscore in the last two labels (GFM's rule).
    let secondLast = labels[labels.endIndex - 2]
    if secondLast.contains(where: { reader[$0] == 0x5F }) { return nil }
    let tld = labels[labels.endIndex - 1]
    if TopLevelDomains.contains(reader, tld), validLabel(reader, tld),
      !followsInLabel(reader, tld.upperBound)
    {
      return tld.upperBound
    }
    // A TLD that runs into text of a script written without spaces.
    var end = min(tld.upperBound, tld.lowerBound + TopLevelDomains.longest)
    while end > tld.lowerBound + 1 {
      let (next, _) = reader.scalar(at: end)
      if reader[end] < 0xDC00 || reader[end] > 0xDFFF,
        next.value >= 0x80, CharacterClass.isContinuousScript(next.value),
        TopLevelDomains.contains(reader, tld.lowerBound..<end),
        validLabel(reader, tld.lowerBound..<end)
      {
        return end
      }
      end -= 1
    }
    return nil
  }

  /// A label: 1–63 code units, no leading or trailing `-`/`_`, an `xn--`
  /// label ASCII only.
  static func validLabel(_ reader: UTF16Reader, _ label: Range<Int>) -> Bool {
    guard !label.isEmpty, label.count <= 63 else { return false }
    let first = reader[label.lowerBound]
    let last = reader[label.upperBound - 1]
    if first == 0x2D || first == 0x5F || last == 0x2D || last == 0x5F { return false }
    if label.count >= 4 {
      let start = label.lowerBound
      let isPunycode =
        reader[start] | 0x20 == 0x78 && reader[start + 1] | 0x20 == 0x6E
        && reader[start + 2] == 0x2D && reader[start + 3] == 0x2D
      if isPunycode, label.contains(where: { reader[$0] >= 0x80 }) { return false }
    }
    return true
  }

  /// The end of an IPv4 address (four decimal octets 0–255 without leading
  /// zeros) made of the first four labels, when they are one and nothing
  /// word-like follows.
  static func ipv4End(_ reader: UTF16Reader, _ labels: [Range<Int>]) -> Int? {
    guard labels.count == 4 else { return nil }
    for label in labels.prefix(4) {
      guard label.count >= 1, label.count <= 3,
        label.allSatisfy({ CharacterClass.isASCIIDigit(reader[$0]) })
      else { return nil }
      if label.count > 1, reader[label.lowerBound] == 0x30 { return nil }
      let value = label.reduce(0) { $0 * 10 + Int(reader[$1] - 0x30) }
      if value > 255 { return nil }
    }
    let end = labels[3].upperBound
    return followsInLabel(reader, end) ? nil : end
  }

  /// Where the user information of a URL starting at `start` (just after
  /// `scheme://`) ends: the index of its `@`, or nil when none is there. User
  /// information is one or more of RFC 3986's userinfo characters — ASCII
  /// letters and digits, `- . _ ~ %`, `! $ & ' ( ) * + , ; =` and `:` — then
  /// `@` (`http://user:pass@example.com`).
  ///
  /// - Complexity: O(k) in the length of the user information.
  static func userinfoEnd(_ reader: UTF16Reader, from start: Int) -> Int? {
    var index = start
    while index < reader.count, isUserinfoUnit(reader[index]) { index += 1 }
    return index > start && reader[index] == 0x40 ? index : nil
  }

  private static func isUserinfoUnit(_ unit: UInt16) -> Bool {
    if CharacterClass.isASCIIAlnum(unit) { return true }
    switch unit {
    // - . _ ~ % ! $ & ' ( ) * + , ; = :
    case 0x2D, 0x2E, 0x5F, 0x7E, 0x25, 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C,
      0x3B, 0x3D, 0x3A:
      return true
    default: return false
    }
  }

  /// The last labels that make a scheme-less host look like a file name:
  /// top-level domains that are also common file extensions (Markdown,
  /// Python, shell, Rust, zip archives, QuickTime movies,
  /// Perl modules, PostScript, makefiles).
  static let fileExtensionTLDs: Set<String> = [
    "md", "py", "sh", "rs", "zip", "mov", "pm", "ps", "mk",
  ]

  /// Whether the host `start..<end` looks like a file name: its last label is
  /// one of `fileExtensionTLDs` (any case) and it does not start with `www.`.
  /// The caller checks that no scheme, path or port goes with it.
  ///
  /// - Complexity: O(k) in the length of the host.
  static func looksLikeFileName(_ reader: UTF16Reader, _ start: Int, _ end: Int) -> Bool {
    var labelStart = end
    while labelStart > start, reader[labelStart - 1] != 0x2E { labelStart -= 1 }
    let length = end - labelStart
    guard labelStart > start, length >= 2, length <= 3 else { return false }
    var label = ""
    for index in labelStart..<end {
      let unit = reader[index]
      guard CharacterClass.isASCIILetter(unit) else { return false }
      label.unicodeScalars.append(Unicode.Scalar(UInt8(unit | 0x20)))
    }
    guard fileExtensionTLDs.contains(label) else { return false }
    let www =
      end - start > 4 && reader[start] | 0x20 == 0x77 && reader[start + 1] | 0x20 == 0x77
      && reader[start + 2] | 0x20 == 0x77 && reader[start + 3] == 0x2E
    return !www
  }
}

import Foundation

/// Finds URLs and e-mail addresses by the `.extended` rules in one
/// left-to-right pass (see `LinkDetector.URLRules`; `.gfm` and `.uts58`
/// have scanners of their own).
///
/// Triggers are `:` (a scheme before it), `@` (an e-mail address around it)
/// and `.` (a scheme-less host around it). A found link moves a floor no later link may start before, so
/// links never overlap; each run of host characters is tried as a scheme-less
/// host once, so the pass is O(n).
struct AutolinkScanner {
  var urls: Bool
  var emails: Bool
  /// Whether a scheme-less host that looks like a file name is a link
  /// (`LinkDetector.allowsFileNameHosts`).
  var fileNames: Bool = false

  func scan(_ reader: UTF16Reader, into links: inout [Link]) {
    let count = reader.count
    var index = 0
    var floor = 0
    // The start of the current run of scheme-less host characters, and the
    // run start already tried.
    var runStart = 0
    var triedRun = -1
    while index < count {
      let unit = reader[index]
      if unit == 0x3A || unit == 0x40 || unit == 0x2E,
        let (range, target) = trigger(
          reader, at: index, floor: floor, runStart: runStart, triedRun: &triedRun)
      {
        links.append(
          Link(range: NSRange(location: range.lowerBound, length: range.count), target: target))
        index = range.upperBound
        floor = index
        runStart = index
        continue
      }
      // Track the run of scheme-less host characters.
      if unit < 0x80 {
        if !(CharacterClass.isASCIIAlnum(unit) || unit == 0x2D || unit == 0x5F || unit == 0x2E) {
          runStart = index + 1
        }
        index += 1
      } else {
        let (scalar, length) = reader.scalar(at: index)
        if !HostRules.isSchemelessLabelScalar(scalar) { runStart = index + length }
        index += max(length, 1)
      }
    }
  }

  /// The link a trigger character at `index` starts, if any.
  private func trigger(
    _ reader: UTF16Reader, at index: Int, floor: Int, runStart: Int, triedRun: inout Int
  ) -> (Range<Int>, LinkTarget)? {
    switch reader[index] {
    case 0x3A:  // :
      return schemeLink(reader, colon: index, floor: floor)
    case 0x40 where emails:  // @
      return emailLink(reader, at: index, floor: floor)
    case 0x2E where urls:  // .
      let start = max(runStart, floor)
      guard start != triedRun, start < index else { return nil }
      triedRun = start
      return schemelessLink(reader, start: start)
    default:
      return nil
    }
  }

  // MARK: Schemes

  private static let schemes: [String] = ["http", "https", "ftp", "mailto", "xmpp"]

  private func schemeLink(_ reader: UTF16Reader, colon: Int, floor: Int) -> (
    Range<Int>, LinkTarget
  )? {
    var start = colon
    while start > floor, CharacterClass.isASCIILetter(reader[start - 1]), colon - start <= 6 {
      start -= 1
    }
    guard start < colon, colon - start <= 6 else { return nil }
    if start > 0, CharacterClass.isASCIILetter(reader[start - 1]) { return nil }
    if start > 0 {
      let (before, _) = reader.scalar(before: start)
      if Self.blocksLink(before)
        || (before.value < 0x80 && CharacterClass.isASCIIDigit(UInt16(before.value)))
      {
        return nil
      }
    }
    let scheme = reader.string(start..<colon).lowercased()
    switch scheme {
    case "http", "https", "ftp":
      guard urls, reader[colon + 1] == 0x2F, reader[colon + 2] == 0x2F else { return nil }
      var hostStart = colon + 3
      // User information before the host is part of the URL.
      if let at = HostRules.userinfoEnd(reader, from: hostStart) { hostStart = at + 1 }
      guard
        let hostEnd = HostRules.hostEnd(
          reader, from: hostStart, schemeless: false, allowSingleLabel: true)
      else { return nil }
      let end = trimmed(reader, start: start, end: pathEnd(reader, afterHost: hostEnd))
      guard end > hostStart else { return nil }
      return (start..<end, .url(reader.string(start..<end)))
    case "mailto", "xmpp":
      if scheme == "mailto", !emails { return nil }
      if scheme == "xmpp", !urls { return nil }
      var at = colon + 1
      while at < reader.count, Self.isLocalPartUnit(reader[at]) { at += 1 }
      guard at > colon + 1, reader[at] == 0x40, let domainEnd = emailDomainEnd(reader, at: at)
      else { return nil }
      if scheme == "mailto" {
        return (start..<domainEnd, .email(reader.string((colon + 1)..<domainEnd)))
      }
      var end = domainEnd
      if reader[end] == 0x2F {
        var resource = end + 1
        while resource < reader.count,
          CharacterClass.isASCIIAlnum(reader[resource]) || reader[resource] == 0x40
            || reader[resource] == 0x2E
        {
          resource += 1
        }
        while resource > end + 1, reader[resource - 1] == 0x2E { resource -= 1 }
        if resource > end + 1 { end = resource }
      }
      return (start..<end, .url(reader.string(start..<end)))
    default:
      return nil
    }
  }

  // MARK: Scheme-less hosts (extended)

  private func schemelessLink(_ reader: UTF16Reader, start: Int) -> (Range<Int>, LinkTarget)? {
    if start > 0 {
      let (before, _) = reader.scalar(before: start)
      if Self.blocksLink(before) || before == "/" || before == "\\" || before == ":" {
        return nil
      }
    }
    guard
      let hostEnd = HostRules.hostEnd(
        reader, from: start, schemeless: true, allowSingleLabel: false)
    else { return nil }
    let end = trimmed(reader, start: start, end: pathEnd(reader, afterHost: hostEnd))
    if !fileNames, end <= hostEnd, HostRules.looksLikeFileName(reader, start, hostEnd) {
      return nil
    }
    return (start..<end, .url("http://" + reader.string(start..<end)))
  }

  /// What may not come just before a URL in extended mode: `@`, `＠`, `$`,
  /// `#`, `＃` (twitter-text's rule: a mention, a cashtag or a hashtag is not
  /// a URL).
  static func blocksLink(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x40, 0xFF20, 0x24, 0x23, 0xFF03: return true
    default: return false
    }
  }

  // MARK: Paths

  /// The end of a URL's port, path, query and fragment after its host: a
  /// `:port`, then, after `/`, `?` or `#`, everything up to white space,
  /// `<`, a control, a format character or text of a script written without
  /// spaces.
  private func pathEnd(_ reader: UTF16Reader, afterHost hostEnd: Int) -> Int {
    var index = hostEnd
    if reader[index] == 0x3A, CharacterClass.isASCIIDigit(reader[index + 1]) {
      index += 1
      while CharacterClass.isASCIIDigit(reader[index]) { index += 1 }
    }
    let first = reader[index]
    guard first == 0x2F || first == 0x3F || first == 0x23 else { return index }
    while index < reader.count {
      let unit = reader[index]
      if unit < 0x80 {
        if unit <= 0x20 || unit == 0x3C || unit == 0x7F { break }
        index += 1
        continue
      }
      let (scalar, length) = reader.scalar(at: index)
      if CharacterClass.isSpace(scalar) { break }
      if CharacterClass.isControlOrSeparator(scalar)
        || CharacterClass.isContinuousScript(scalar.value)
      {
        break
      }
      index += length
    }
    return index
  }

  /// The trailing-punctuation rules GFM's autolinks use: drop trailing `? ! . , : * _ ~ ' "`,
  /// a `)` with more `)` than `(` in the link, and `;` (with the `&name`
  /// before it when it ends an entity-like `&name;`), repeatedly.
  private func trimmed(_ reader: UTF16Reader, start: Int, end: Int) -> Int {
    var end = end
    var open = 0
    var close = 0
    for index in start..<end {
      if reader[index] == 0x28 { open += 1 } else if reader[index] == 0x29 { close += 1 }
    }
    while end > start {
      let unit = reader[end - 1]
      switch unit {
      case 0x3F, 0x21, 0x2E, 0x2C, 0x3A, 0x2A, 0x5F, 0x7E, 0x27, 0x22:
        end -= 1
      case 0x29 where close > open:
        close -= 1
        end -= 1
      case 0x3B:
        var name = end - 1
        while name > start, CharacterClass.isASCIIAlnum(reader[name - 1]) { name -= 1 }
        if name < end - 1, name > start, reader[name - 1] == 0x26 {
          end = name - 1
        } else {
          end -= 1
        }
      default:
        return end
      }
    }
    return end
  }

  // MARK: E-mail

  static func isLocalPartUnit(_ unit: UInt16) -> Bool {
    CharacterClass.isASCIIAlnum(unit) || unit == 0x2E || unit == 0x2B || unit == 0x2D
      || unit == 0x5F
  }

  private func emailLink(_ reader: UTF16Reader, at: Int, floor: Int) -> (Range<Int>, LinkTarget)? {
    var start = at
    while start > floor, Self.isLocalPartUnit(reader[start - 1]) { start -= 1 }
    guard start < at, let end = emailDomainEnd(reader, at: at) else { return nil }
    return (start..<end, .email(reader.string(start..<end)))
  }

  /// The end of the domain after the `@` at `at`: a host as
  /// `HostRules.hostEnd` checks it.
  private func emailDomainEnd(_ reader: UTF16Reader, at: Int) -> Int? {
    HostRules.hostEnd(reader, from: at + 1, schemeless: true, allowSingleLabel: false)
  }
}

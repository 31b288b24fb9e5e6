import Foundation

/// Finds URLs and e-mail addresses by UTS #58, Unicode Link Detection and
/// Formatting (see `LinkDetector.URLRules.uts58` for the rules), in one
/// left-to-right pass.
///
/// Triggers are `:` followed by `//` (a scheme before it) and the end of a run
/// of host characters and periods (a scheme-less host, or an e-mail domain
/// when `@` comes before it). A found link, or a domain skipped because its
/// local part is invalid, moves a floor no later link may start before, so
/// links never overlap and each run is read a bounded number of times: O(n).
struct UTS58Scanner {
  var urls: Bool
  var emails: Bool
  /// Whether a scheme-less host that looks like a file name is a link
  /// (`LinkDetector.allowsFileNameHosts`).
  var fileNames: Bool = false

  func scan(_ reader: UTF16Reader, into links: inout [Link]) {
    let count = reader.count
    var index = 0
    var floor = 0
    // The start of the current run of host characters and periods, and
    // whether it holds a period.
    var runStart = 0
    var runHasPeriod = false
    while index <= count {
      let unit = reader[index]
      if index < count, unit == 0x3A, urls, reader[index + 1] == 0x2F, reader[index + 2] == 0x2F,
        let (range, target) = schemeLink(reader, colon: index, floor: floor)
      {
        links.append(Link(range: NSRange(range), target: target))
        (index, floor, runStart, runHasPeriod) = (
          range.upperBound, range.upperBound, range.upperBound, false
        )
        continue
      }
      var length = 1
      var isHost = false
      if index < count {
        if UTS58Properties.isLabelSeparator(unit) {
          runHasPeriod = true
          isHost = true
        } else if unit < 0x80 {
          isHost = CharacterClass.isASCIIAlnum(unit) || unit == 0x2D
        } else {
          let (scalar, scalarLength) = reader.scalar(at: index)
          length = max(scalarLength, 1)
          isHost = UTS58Properties.isHostScalar(scalar, after: reader.scalar(before: index).0)
        }
      }
      if isHost {
        index += length
        continue
      }
      // A run of host characters ends here.
      let start = max(runStart, floor)
      if runHasPeriod, start < index {
        switch runLink(reader, start: start, end: index, floor: floor) {
        case .link(let range, let target):
          links.append(Link(range: NSRange(range), target: target))
          (index, floor, runStart, runHasPeriod) = (
            range.upperBound, range.upperBound, range.upperBound, false
          )
          continue
        case .skip(let end):
          floor = max(floor, end)
          if end > index {
            (index, runStart, runHasPeriod) = (end, end, false)
            continue
          }
        case .none:
          break
        }
      }
      index += length
      runStart = index
      runHasPeriod = false
    }
  }

  /// What a run of host characters gives: a link, a domain to skip up to
  /// `end` (an e-mail domain whose local part is invalid), or nothing.
  private enum RunResult {
    case link(Range<Int>, LinkTarget)
    case skip(Int)
    case none
  }

  // MARK: Hosts

  /// The host `start..<end` (a run of host characters and periods): its end
  /// without a final period, and whether it is an IPv4 address; nil when it
  /// is not a valid host (labels of 1–63 code units separated by single
  /// periods, none starting or ending with `-`, an `xn--` label ASCII only,
  /// the last a top-level domain; or, when `ipv4`, four decimal octets).
  private func host(_ reader: UTF16Reader, _ start: Int, _ end: Int, ipv4: Bool) -> (
    end: Int, isIPv4: Bool
  )? {
    var hostEnd = end
    if UTS58Properties.isLabelSeparator(reader[hostEnd - 1]) { hostEnd -= 1 }
    guard hostEnd > start else { return nil }
    // Labels are checked as they are read; only the count, the last label
    // and whether all are 1–3 digits (an IPv4 candidate) are kept.
    var labelCount = 0
    var lastLabel = start..<start
    var allShortNumbers = true
    var labelStart = start
    for index in start...hostEnd
    where index == hostEnd || UTS58Properties.isLabelSeparator(reader[index]) {
      let label = labelStart..<index
      guard HostRules.validLabel(reader, label) else { return nil }
      if allShortNumbers,
        label.count > 3 || !label.allSatisfy({ CharacterClass.isASCIIDigit(reader[$0]) })
      {
        allShortNumbers = false
      }
      labelCount += 1
      lastLabel = label
      labelStart = index + 1
    }
    guard labelCount >= 2 else { return nil }
    if ipv4, allShortNumbers, labelCount == 4 {
      var labels: [Range<Int>] = []
      var labelStart = start
      for index in start...hostEnd
      where index == hostEnd || UTS58Properties.isLabelSeparator(reader[index]) {
        labels.append(labelStart..<index)
        labelStart = index + 1
      }
      if HostRules.ipv4End(reader, labels) != nil { return (hostEnd, true) }
    }
    guard TopLevelDomains.contains(reader, lastLabel) else { return nil }
    return (hostEnd, false)
  }

  /// The end of a `:port` (1–5 digits, at most 65535) at `index`, `index`
  /// when there is none, or nil when the digits make no port.
  private func portEnd(_ reader: UTF16Reader, at index: Int) -> Int? {
    guard reader[index] == 0x3A, CharacterClass.isASCIIDigit(reader[index + 1]) else {
      return index
    }
    var end = index + 1
    var value = 0
    while CharacterClass.isASCIIDigit(reader[end]) {
      value = value * 10 + Int(reader[end] - 0x30)
      end += 1
      if end - index > 6 || value > 65535 { return nil }
    }
    return end
  }

  // MARK: Scheme-less hosts and e-mail addresses

  private func runLink(_ reader: UTF16Reader, start: Int, end: Int, floor: Int) -> RunResult {
    // A run that `@` follows is a local part, not a host.
    if reader[end] == 0x40 { return .none }
    let afterAt = start > floor && reader[start - 1] == 0x40
    var end = end
    var found = host(reader, start, end, ipv4: !afterAt)
    // `。`, `．` and `｡` also end sentences: when the run is no host, try it
    // up to its last such stop (`example.com。次` → `example.com`), 4 times at most.
    var tries = 0
    while found == nil, tries < 4,
      let stop = (start..<end).last(where: {
        reader[$0] != 0x2E && UTS58Properties.isLabelSeparator(reader[$0])
      })
    {
      end = stop
      tries += 1
      if end > start { found = host(reader, start, end, ipv4: !afterAt) }
    }
    guard let (hostEnd, isIPv4) = found else { return .none }
    // A final period is kept only before a path, query or fragment.
    var linkEnd = hostEnd
    if reader[hostEnd] == 0x2E, Self.startsPath(reader[hostEnd + 1]) { linkEnd = hostEnd + 1 }
    guard let afterPort = portEnd(reader, at: linkEnd) else { return .none }
    if afterAt {
      return emailLink(reader, at: start - 1, domainEnd: hostEnd, skipTo: afterPort, floor: floor)
    }
    guard urls else { return .none }
    let linkStop = Self.linkEnd(
      hostEnd: hostEnd, beforePort: linkEnd, afterPort: afterPort,
      pathEnd: pathEnd(reader, from: afterPort))
    // A scheme-less IPv4 address needs a port or a path (`version 1.2.3.4` is no link).
    if isIPv4, linkStop == hostEnd { return .none }
    if !fileNames, linkStop == hostEnd, HostRules.looksLikeFileName(reader, start, hostEnd) {
      return .none
    }
    let range = start..<linkStop
    return .link(range, .url("http://" + reader.string(range)))
  }

  /// The e-mail address whose `@` is at `at` and whose domain ends at
  /// `domainEnd`: its local part is the `Link_Email` code points before the
  /// `@`, not empty, not starting or ending with `.`, without `..`; `mailto:`
  /// before it is part of the link. An invalid local part skips the domain.
  private func emailLink(
    _ reader: UTF16Reader, at: Int, domainEnd: Int, skipTo: Int, floor: Int
  ) -> RunResult {
    var localStart = at
    while localStart > floor {
      let (scalar, length) = reader.scalar(before: localStart)
      guard UTS58Properties.isEmail(scalar.value) else { break }
      localStart -= length
    }
    guard localStart < at, reader[localStart] != 0x2E, reader[at - 1] != 0x2E else {
      return .skip(skipTo)
    }
    for index in localStart..<(at - 1) where reader[index] == 0x2E && reader[index + 1] == 0x2E {
      return .skip(skipTo)
    }
    // `scheme://user@host`: a URL's user information, not an address.
    if reader[localStart] == 0x2F, reader[localStart + 1] == 0x2F, localStart > floor,
      reader[localStart - 1] == 0x3A
    {
      return .skip(skipTo)
    }
    guard emails else { return .skip(skipTo) }
    var start = localStart
    if localStart - 7 >= floor, Self.matches(reader, localStart - 7, "mailto:") {
      start = localStart - 7
    }
    return .link(start..<domainEnd, .email(reader.string(localStart..<domainEnd)))
  }

  // MARK: Schemes

  /// `http://`, `https://` or `ftp://` (not after an ASCII letter), user
  /// information (`user:pass@`, as `HostRules.userinfoEnd` reads it) and a
  /// host: a domain name, an IPv4 address or a single label (`localhost`,
  /// `host-name`); then a port and a path, query and fragment.
  private func schemeLink(_ reader: UTF16Reader, colon: Int, floor: Int) -> (
    Range<Int>, LinkTarget
  )? {
    var start = colon
    while start > floor, colon - start < 6, CharacterClass.isASCIILetter(reader[start - 1]) {
      start -= 1
    }
    if start > 0, CharacterClass.isASCIILetter(reader[start - 1]) { return nil }
    let scheme = reader.string(start..<colon).lowercased()
    guard scheme == "http" || scheme == "https" || scheme == "ftp" else { return nil }
    var hostStart = colon + 3
    if let at = HostRules.userinfoEnd(reader, from: hostStart) { hostStart = at + 1 }
    var runEnd = hostStart
    while runEnd < reader.count {
      let (scalar, length) = reader.scalar(at: runEnd)
      guard
        UTS58Properties.isLabelSeparator(reader[runEnd])
          || UTS58Properties.isHostScalar(scalar, after: reader.scalar(before: runEnd).0)
      else { break }
      runEnd += length
    }
    guard runEnd > hostStart, reader[runEnd] != 0x40 else { return nil }
    let hostEnd: Int
    if let (end, _) = host(reader, hostStart, runEnd, ipv4: true) {
      hostEnd = end
    } else if let end = singleLabelEnd(reader, hostStart, runEnd) {
      hostEnd = end
    } else {
      return nil
    }
    var linkEnd = hostEnd
    if reader[hostEnd] == 0x2E, Self.startsPath(reader[hostEnd + 1]) { linkEnd = hostEnd + 1 }
    guard let afterPort = portEnd(reader, at: linkEnd) else { return nil }
    let end = Self.linkEnd(
      hostEnd: hostEnd, beforePort: linkEnd, afterPort: afterPort,
      pathEnd: pathEnd(reader, from: afterPort))
    return (start..<end, .url(reader.string(start..<end)))
  }

  /// The end of the run `start..<end` of host characters when it is one
  /// valid label, less a final period (`http://host-name.`); nil otherwise.
  private func singleLabelEnd(_ reader: UTF16Reader, _ start: Int, _ end: Int) -> Int? {
    var labelEnd = end
    if UTS58Properties.isLabelSeparator(reader[labelEnd - 1]) { labelEnd -= 1 }
    guard labelEnd > start,
      !(start..<labelEnd).contains(where: { UTS58Properties.isLabelSeparator(reader[$0]) }),
      HostRules.validLabel(reader, start..<labelEnd)
    else { return nil }
    return labelEnd
  }

  /// Where a link ends: after its path, query or fragment if it has one,
  /// else after its port, else after its host (without a final period).
  static func linkEnd(hostEnd: Int, beforePort: Int, afterPort: Int, pathEnd: Int) -> Int {
    if pathEnd > afterPort { return pathEnd }
    return afterPort > beforePort ? afterPort : hostEnd
  }

  static func startsPath(_ unit: UInt16) -> Bool { unit == 0x2F || unit == 0x3F || unit == 0x23 }

  static func matches(_ reader: UTF16Reader, _ start: Int, _ ascii: StaticString) -> Bool {
    var index = start
    for byte in UnsafeBufferPointer(start: ascii.utf8Start, count: ascii.utf8CodeUnitCount) {
      var unit = reader[index]
      if unit >= 0x41, unit <= 0x5A { unit += 0x20 }
      guard unit == UInt16(byte) else { return false }
      index += 1
    }
    return true
  }

  // MARK: Path, query and fragment

  private enum Part { case path, query, fragment }

  /// The end of the path, query and fragment starting at `start` (at `/`,
  /// `?` or `#`; `start` itself when none starts there), by UTS #58's
  /// termination: `Link_Term` Include code points are kept, Soft ones only
  /// when something kept follows, a Hard one ends the link; an Open bracket
  /// is kept and pushed, a Close one is kept when it pairs (`Link_Bracket`)
  /// with the last one pushed and ends the link otherwise. The stack is
  /// cleared at each part (`?` starts the query, `#` the fragment) and at
  /// the part's own separators: `/` in the path, `=` and `&` in the query,
  /// `:~:` in the fragment.
  ///
  /// - Complexity: O(k) in the length of the link's tail.
  func pathEnd(_ reader: UTF16Reader, from start: Int) -> Int {
    var part: Part
    switch reader[start] {
    case 0x2F: part = .path
    case 0x3F: part = .query
    case 0x23: part = .fragment
    default: return start
    }
    // The `?` that starts a query is Soft, as any `?`: not kept at the end.
    var lastSafe = reader[start] == 0x3F ? start : start + 1
    var stack: [UInt32] = []
    var index = start + 1
    let count = reader.count
    while index < count {
      let unit = reader[index]
      var value = UInt32(unit)
      var length = 1
      if unit >= 0xD800, unit <= 0xDFFF {
        let (scalar, scalarLength) = reader.scalar(at: index)
        value = scalar.value
        length = max(scalarLength, 1)
      }
      // Interior syntax: a new part, or a separator clearing the stack.
      switch (part, unit) {
      case (.path, 0x3F):
        part = .query
        stack.removeAll(keepingCapacity: true)
        index += 1
        continue
      case (.path, 0x23), (.query, 0x23):
        part = .fragment
        stack.removeAll(keepingCapacity: true)
        lastSafe = index + 1
        index += 1
        continue
      case (.path, 0x2F), (.query, 0x3D), (.query, 0x26):
        stack.removeAll(keepingCapacity: true)
      case (.fragment, 0x3A) where reader[index + 1] == 0x7E && reader[index + 2] == 0x3A:
        stack.removeAll(keepingCapacity: true)
      default:
        break
      }
      switch UTS58Properties.linkTerm(value) {
      case .include:
        lastSafe = index + length
      case .soft:
        break
      case .hard:
        return lastSafe
      case .open:
        stack.append(value)
        lastSafe = index + length
      case .close:
        guard let open = stack.popLast(), UTS58Properties.opener(ofCloser: value) == open else {
          return lastSafe
        }
        lastSafe = index + length
      }
      index += length
    }
    return lastSafe
  }
}

extension NSRange {
  fileprivate init(_ range: Range<Int>) {
    self.init(location: range.lowerBound, length: range.count)
  }
}

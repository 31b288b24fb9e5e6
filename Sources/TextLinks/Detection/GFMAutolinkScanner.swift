import Foundation

/// Finds URLs and e-mail addresses as cmark-gfm's autolink extension does
/// (`extensions/autolink.c` of the cmark-gfm that the `cmarkgfm` 2025.10.22
/// package bundles; BSD-2-Clause), ported step for step on the UTF-8 bytes of
/// the text, which is what the C code reads. See `LinkDetector.URLRules.gfm`.
///
/// The text is read as Markdown paragraphs of plain text (blank lines
/// separate them; no other Markdown syntax is interpreted): `http://`,
/// `https://`, `ftp://` and `www.` links are found first, left to right,
/// in the whole paragraph; then e-mail, `mailto:` and `xmpp:` addresses in
/// the text between those links, line by line (cmark-gfm's text nodes).
///
/// - Complexity: O(n) in the length of the text, as cmark-gfm's own code
///   (which bounds its one quadratic case, a domain with underscores, at 10
///   periods).
struct GFMAutolinkScanner {
  var urls: Bool
  var emails: Bool

  func scan(_ reader: UTF16Reader, into links: inout [Link]) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(reader.count + reader.count / 4)
    // The UTF-16 offset of each byte offset (and of the end).
    var offsets: [Int] = []
    offsets.reserveCapacity(reader.count + reader.count / 4 + 1)
    var index = 0
    while index < reader.count {
      let (scalar, length) = reader.scalar(at: index)
      for byte in scalar.utf8 {
        bytes.append(byte)
        offsets.append(index)
      }
      index += max(length, 1)
    }
    offsets.append(reader.count)
    var found: [(Range<Int>, LinkTarget)] = []
    var start = 0
    while start < bytes.count {
      let end = Self.paragraphEnd(bytes, from: start)
      scanParagraph(bytes, start..<end, into: &found)
      start = end
    }
    for (range, target) in found {
      let location = offsets[range.lowerBound]
      links.append(
        Link(
          range: NSRange(location: location, length: offsets[range.upperBound] - location),
          target: target))
    }
  }

  // MARK: Paragraphs

  /// The end of the paragraph starting at `start`: after the blank line
  /// (only spaces and tabs) that ends it, or the end of the text.
  static func paragraphEnd(_ bytes: [UInt8], from start: Int) -> Int {
    var lineStart = start
    var sawText = false
    while lineStart < bytes.count {
      var lineEnd = lineStart
      var blank = true
      while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, bytes[lineEnd] != 0x0D {
        if bytes[lineEnd] != 0x20, bytes[lineEnd] != 0x09 { blank = false }
        lineEnd += 1
      }
      if lineEnd < bytes.count {
        lineEnd +=
          bytes[lineEnd] == 0x0D && lineEnd + 1 < bytes.count && bytes[lineEnd + 1] == 0x0A ? 2 : 1
      }
      if blank, sawText { return lineEnd }
      if !blank { sawText = true }
      lineStart = lineEnd
    }
    return bytes.count
  }

  private func scanParagraph(
    _ bytes: [UInt8], _ paragraph: Range<Int>, into found: inout [(Range<Int>, LinkTarget)]
  ) {
    // cmark-gfm's chunk: the paragraph less its trailing white space.
    var chunkEnd = paragraph.upperBound
    while chunkEnd > paragraph.lowerBound, Self.isSpace(bytes[chunkEnd - 1]) { chunkEnd -= 1 }
    var chunkStart = paragraph.lowerBound
    while chunkStart < chunkEnd, Self.isSpace(bytes[chunkStart]) { chunkStart += 1 }
    guard chunkStart < chunkEnd else { return }
    // The inline pass: `:` and `w` links, left to right.
    var inline: [(Range<Int>, LinkTarget)] = []
    if urls {
      var index = chunkStart
      var floor = chunkStart
      while index < chunkEnd {
        let byte = bytes[index]
        var link: (Range<Int>, LinkTarget)?
        if byte == 0x3A {
          link = urlMatch(bytes, colon: index, chunkStart: floor, chunkEnd: chunkEnd)
        } else if byte == 0x77 {
          link = wwwMatch(bytes, at: index, chunkStart: chunkStart, chunkEnd: chunkEnd)
        }
        if let link {
          inline.append(link)
          index = link.0.upperBound
          floor = index
        } else {
          index += 1
        }
      }
    }
    // The text nodes between those links, split at line breaks.
    var emailsFound: [(Range<Int>, LinkTarget)] = []
    var textStart = chunkStart
    for boundary in inline.map(\.0) + [chunkEnd..<chunkEnd] {
      var lineStart = textStart
      for index in textStart...boundary.lowerBound
      where index == boundary.lowerBound || bytes[index] == 0x0A || bytes[index] == 0x0D {
        if index > lineStart { postprocessText(bytes, lineStart..<index, into: &emailsFound) }
        lineStart = index + 1
      }
      textStart = boundary.upperBound
    }
    // Merge the two sorted lists.
    var merged: [(Range<Int>, LinkTarget)] = []
    var (i, j) = (0, 0)
    while i < inline.count || j < emailsFound.count {
      if j == emailsFound.count
        || (i < inline.count && inline[i].0.lowerBound < emailsFound[j].0.lowerBound)
      {
        merged.append(inline[i])
        i += 1
      } else {
        merged.append(emailsFound[j])
        j += 1
      }
    }
    found += merged
  }

  // MARK: Character classes (cmark's)

  /// `cmark_isspace`: tab, line feed, carriage return, space.
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  static func isAlpha(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
  }

  static func isAlnum(_ byte: UInt8) -> Bool {
    isAlpha(byte) || (byte >= 0x30 && byte <= 0x39)
  }

  /// `cmark_ispunct`: ASCII punctuation.
  static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40)
      || (byte >= 0x5B && byte <= 0x60) || (byte >= 0x7B && byte <= 0x7E)
  }

  /// `cmark_utf8proc_iterate`: the code point at `index`, reading at most
  /// `limit` bytes, or nil (a continuation byte, a cut or invalid sequence).
  static func decode(_ bytes: [UInt8], at index: Int, limit: Int) -> UInt32? {
    guard limit > 0, index < bytes.count else { return nil }
    let first = bytes[index]
    let length: Int
    switch first {
    case 0x00...0x7F: return UInt32(first)
    case 0xC0...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF7: length = 4
    default: return nil
    }
    guard length <= limit, index + length <= bytes.count else { return nil }
    var value = UInt32(first) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    switch length {
    case 2: return value < 0x80 ? nil : value
    case 3: return value < 0x800 || (0xD800..<0xE000).contains(value) ? nil : value
    default: return value < 0x10000 || value >= 0x110000 ? nil : value
    }
  }

  /// `cmark_utf8proc_is_space`.
  static func isUnicodeSpace(_ value: UInt32) -> Bool {
    switch value {
    case 9, 10, 12, 13, 32, 160, 5760, 8192...8202, 8239, 8287, 12288: return true
    default: return false
    }
  }

  /// `cmark_utf8proc_is_punctuation`: ASCII punctuation, and the code
  /// points of its table (inclusive pairs, ascending).
  static func isUnicodePunctuation(_ value: UInt32) -> Bool {
    if value < 128 { return isASCIIPunctuation(UInt8(value)) }
    var low = 0
    var high = punctuation.count / 2
    while low < high {
      let middle = (low + high) / 2
      if punctuation[middle * 2] <= value { low = middle + 1 } else { high = middle }
    }
    return low > 0 && value <= punctuation[(low - 1) * 2 + 1]
  }

  /// `is_valid_hostchar`: a code point that is neither space nor punctuation.
  static func isValidHostChar(_ bytes: [UInt8], at index: Int, limit: Int) -> Bool {
    guard let value = decode(bytes, at: index, limit: limit) else { return false }
    return !isUnicodeSpace(value) && !isUnicodePunctuation(value)
  }

  // MARK: autolink.c

  /// `autolink_delim`: the link `bytes[start..<start + end]` cut at `<`,
  /// less trailing `? ! . , : * _ ~ ' "`, unbalanced `)` and `;` (with an
  /// `&name` before it); returns the new length.
  static func delim(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
    var linkEnd = end
    var opening = 0
    var closing = 0
    for offset in 0..<linkEnd {
      let byte = bytes[start + offset]
      if byte == 0x3C {
        linkEnd = offset
        break
      } else if byte == 0x28 {
        opening += 1
      } else if byte == 0x29 {
        closing += 1
      }
    }
    while linkEnd > 0 {
      switch bytes[start + linkEnd - 1] {
      case 0x29:
        if closing <= opening { return linkEnd }
        closing -= 1
        linkEnd -= 1
      case 0x3F, 0x21, 0x2E, 0x2C, 0x3A, 0x2A, 0x5F, 0x7E, 0x27, 0x22:
        linkEnd -= 1
      case 0x3B:
        var newEnd = linkEnd - 2
        while newEnd > 0, isAlpha(bytes[start + newEnd]) { newEnd -= 1 }
        if newEnd < linkEnd - 2, newEnd >= 0, bytes[start + newEnd] == 0x26 {
          linkEnd = newEnd
        } else {
          linkEnd -= 1
        }
      default:
        return linkEnd
      }
    }
    return linkEnd
  }

  /// `check_domain`: the length of the domain at `start` (`size` bytes to
  /// the chunk's end), or 0 when it has an underscore in its last two
  /// segments (and at most 10 periods) or, unless `allowShort`, no period.
  static func checkDomain(_ bytes: [UInt8], _ start: Int, _ size: Int, allowShort: Bool) -> Int {
    var periods = 0
    var underscores1 = 0
    var underscores2 = 0
    var i = 1
    while i < size - 1 {
      if bytes[start + i] == 0x5C, i < size - 2 { i += 1 }
      let byte = bytes[start + i]
      if byte == 0x5F {
        underscores2 += 1
      } else if byte == 0x2E {
        underscores1 = underscores2
        underscores2 = 0
        periods += 1
      } else if !isValidHostChar(bytes, at: start + i, limit: size - i), byte != 0x2D {
        break
      }
      i += 1
    }
    if underscores1 > 0 || underscores2 > 0, periods <= 10 { return 0 }
    return allowShort || periods > 0 ? i : 0
  }

  /// `www_match`: `www.` after the chunk's start, white space or one of
  /// `* _ ~ (`, a domain with a period, then up to white space or `<`.
  private func wwwMatch(_ bytes: [UInt8], at index: Int, chunkStart: Int, chunkEnd: Int) -> (
    Range<Int>, LinkTarget
  )? {
    if index > chunkStart {
      let before = bytes[index - 1]
      guard
        before == 0x2A || before == 0x5F || before == 0x7E || before == 0x28 || Self.isSpace(before)
      else { return nil }
    }
    let size = chunkEnd - index
    guard size >= 4, bytes[index + 1] == 0x77, bytes[index + 2] == 0x77, bytes[index + 3] == 0x2E
    else { return nil }
    var linkEnd = Self.checkDomain(bytes, index, size, allowShort: false)
    guard linkEnd > 0 else { return nil }
    while linkEnd < size, !Self.isSpace(bytes[index + linkEnd]), bytes[index + linkEnd] != 0x3C {
      linkEnd += 1
    }
    linkEnd = Self.delim(bytes, index, linkEnd)
    guard linkEnd > 0 else { return nil }
    let range = index..<(index + linkEnd)
    return (range, .url("http://" + Self.string(bytes, range)))
  }

  /// `url_match`: `http://`, `https://` or `ftp://` (the letters before
  /// the `:`, any case), a valid host character, a domain, then up to white
  /// space or `<`.
  private func urlMatch(_ bytes: [UInt8], colon: Int, chunkStart: Int, chunkEnd: Int) -> (
    Range<Int>, LinkTarget
  )? {
    let size = chunkEnd - colon
    guard size >= 4, bytes[colon + 1] == 0x2F, bytes[colon + 2] == 0x2F else { return nil }
    var rewind = 0
    while rewind < colon - chunkStart, Self.isAlpha(bytes[colon - rewind - 1]) { rewind += 1 }
    let start = colon - rewind
    var safe = false
    for scheme in ["http://", "https://", "ftp://"] {
      let length = scheme.utf8.count
      guard size + rewind > length, start + length <= bytes.count else { continue }
      if zip(bytes[start..<(start + length)], scheme.utf8).allSatisfy({ $0 | 0x20 == $1 | 0x20 }),
        Self.isValidHostChar(bytes, at: start + length, limit: size + rewind - length)
      {
        safe = true
        break
      }
    }
    guard safe else { return nil }
    let domainLength = Self.checkDomain(bytes, colon + 3, size - 3, allowShort: true)
    guard domainLength > 0 else { return nil }
    var linkEnd = 3 + domainLength
    while linkEnd < size, !Self.isSpace(bytes[colon + linkEnd]), bytes[colon + linkEnd] != 0x3C {
      linkEnd += 1
    }
    linkEnd = Self.delim(bytes, colon, linkEnd)
    guard linkEnd > 0 else { return nil }
    let range = start..<(colon + linkEnd)
    return (range, .url(Self.string(bytes, range)))
  }

  /// `validate_protocol`: `protocol` (ending in `:`) ends `rewind` bytes
  /// before the `@` at `at`, at the text's start or after a byte that is not
  /// a letter or digit.
  private static func validateProtocol(
    _ proto: String, _ bytes: [UInt8], at: Int, rewind: Int, maxRewind: Int
  ) -> Bool {
    let length = proto.utf8.count
    guard length <= maxRewind - rewind else { return false }
    let start = at - rewind - length
    guard bytes[start..<(start + length)].elementsEqual(proto.utf8) else { return false }
    if length == maxRewind - rewind { return true }
    return !isAlnum(bytes[start - 1])
  }

  /// `postprocess_text`: e-mail addresses (and `mailto:`, `xmpp:`) in
  /// the text node `node`.
  private func postprocessText(
    _ bytes: [UInt8], _ node: Range<Int>, into found: inout [(Range<Int>, LinkTarget)]
  ) {
    guard emails || urls else { return }
    var start = node.lowerBound
    var remaining = node.count
    var offset = 0
    outer: while offset < remaining {
      guard
        let at = bytes[(start + offset)..<(start + remaining)].firstIndex(of: 0x40)
      else { break }
      var maxRewind = at - (start + offset)
      var autoMailto = true
      var isXMPP = false
      var periods = 0
      var linkEnd = 0
      var rewind = 0
      foundAt: while true {
        let atIndex = start + offset + maxRewind
        rewind = 0
        while rewind < maxRewind {
          let byte = bytes[atIndex - rewind - 1]
          if Self.isAlnum(byte) || byte == 0x2E || byte == 0x2B || byte == 0x2D || byte == 0x5F {
            rewind += 1
            continue
          }
          if byte == 0x3A {
            if Self.validateProtocol(
              "mailto:", bytes, at: atIndex, rewind: rewind, maxRewind: maxRewind)
            {
              autoMailto = false
              rewind += 1
              continue
            }
            if Self.validateProtocol(
              "xmpp:", bytes, at: atIndex, rewind: rewind, maxRewind: maxRewind)
            {
              autoMailto = false
              isXMPP = true
              rewind += 1
              continue
            }
          }
          break
        }
        if rewind == 0 {
          offset += maxRewind + 1
          continue outer
        }
        let limit = remaining - offset - maxRewind
        linkEnd = 1
        while linkEnd < limit {
          let byte = bytes[atIndex + linkEnd]
          if Self.isAlnum(byte) {
            linkEnd += 1
            continue
          }
          if byte == 0x40 {
            offset += maxRewind + 1
            maxRewind = linkEnd - 1
            continue foundAt
          } else if byte == 0x2E, linkEnd < limit - 1, Self.isAlnum(bytes[atIndex + linkEnd + 1]) {
            periods += 1
          } else if byte == 0x2F, isXMPP {
            linkEnd += 1
            continue
          } else if byte != 0x2D, byte != 0x5F {
            break
          }
          linkEnd += 1
        }
        break
      }
      let atIndex = start + offset + maxRewind
      let last = bytes[atIndex + linkEnd - 1]
      if linkEnd < 2 || periods == 0 || (!Self.isAlpha(last) && last != 0x2E) {
        offset += maxRewind + linkEnd
        continue
      }
      linkEnd = Self.delim(bytes, atIndex, linkEnd)
      if linkEnd == 0 {
        offset += maxRewind + 1
        continue
      }
      let range = (atIndex - rewind)..<(atIndex + linkEnd)
      let text = Self.string(bytes, range)
      let target: LinkTarget
      if autoMailto {
        target = .email(text)
      } else if !isXMPP, text.hasPrefix("mailto:") {
        target = .email(String(text.dropFirst(7)))
      } else {
        target = .url(text)
      }
      if target.kind == .email ? emails : urls { found.append((range, target)) }
      start += offset + maxRewind + linkEnd
      remaining -= offset + maxRewind + linkEnd
      offset = 0
    }
  }

  static func string(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// `cmark_utf8proc_is_punctuation`'s code points from U+0080, as
  /// inclusive (first, last) pairs, ascending.
  static let punctuation: [UInt32] = [
    0x00A1, 0x00A1, 0x00A7, 0x00A7, 0x00AB, 0x00AB, 0x00B6, 0x00B7, 0x00BB, 0x00BB,
    0x00BF, 0x00BF, 0x037E, 0x037E, 0x0387, 0x0387, 0x055A, 0x055F, 0x0589, 0x058A,
    0x05BE, 0x05BE, 0x05C0, 0x05C0, 0x05C3, 0x05C3, 0x05C6, 0x05C6, 0x05F3, 0x05F4,
    0x0609, 0x060A, 0x060C, 0x060D, 0x061B, 0x061B, 0x061E, 0x061F, 0x066A, 0x066D,
    0x06D4, 0x06D4, 0x0700, 0x070D, 0x07F7, 0x07F9, 0x0830, 0x083E, 0x085E, 0x085E,
    0x0964, 0x0965, 0x0970, 0x0970, 0x0AF0, 0x0AF0, 0x0DF4, 0x0DF4, 0x0E4F, 0x0E4F,
    0x0E5A, 0x0E5B, 0x0F04, 0x0F12, 0x0F14, 0x0F14, 0x0F3A, 0x0F3D, 0x0F85, 0x0F85,
    0x0FD0, 0x0FD4, 0x0FD9, 0x0FDA, 0x104A, 0x104F, 0x10FB, 0x10FB, 0x1360, 0x1368,
    0x1400, 0x1400, 0x166D, 0x166E, 0x169B, 0x169C, 0x16EB, 0x16ED, 0x1735, 0x1736,
    0x17D4, 0x17D6, 0x17D8, 0x17DA, 0x1800, 0x180A, 0x1944, 0x1945, 0x1A1E, 0x1A1F,
    0x1AA0, 0x1AA6, 0x1AA8, 0x1AAD, 0x1B5A, 0x1B60, 0x1BFC, 0x1BFF, 0x1C3B, 0x1C3F,
    0x1C7E, 0x1C7F, 0x1CC0, 0x1CC7, 0x1CD3, 0x1CD3, 0x2010, 0x2027, 0x2030, 0x2043,
    0x2045, 0x2051, 0x2053, 0x205E, 0x207D, 0x207E, 0x208D, 0x208E, 0x2308, 0x230B,
    0x2329, 0x232A, 0x2768, 0x2775, 0x27C5, 0x27C6, 0x27E6, 0x27EF, 0x2983, 0x2998,
    0x29D8, 0x29DB, 0x29FC, 0x29FD, 0x2CF9, 0x2CFC, 0x2CFE, 0x2CFF, 0x2D70, 0x2D70,
    0x2E00, 0x2E2E, 0x2E30, 0x2E42, 0x3001, 0x3003, 0x3008, 0x3011, 0x3014, 0x301F,
    0x3030, 0x3030, 0x303D, 0x303D, 0x30A0, 0x30A0, 0x30FB, 0x30FB, 0xA4FE, 0xA4FF,
    0xA60D, 0xA60F, 0xA673, 0xA673, 0xA67E, 0xA67E, 0xA6F2, 0xA6F7, 0xA874, 0xA877,
    0xA8CE, 0xA8CF, 0xA8F8, 0xA8FA, 0xA92E, 0xA92F, 0xA95F, 0xA95F, 0xA9C1, 0xA9CD,
    0xA9DE, 0xA9DF, 0xAA5C, 0xAA5F, 0xAADE, 0xAADF, 0xAAF0, 0xAAF1, 0xABEB, 0xABEB,
    0xFD3E, 0xFD3F, 0xFE10, 0xFE19, 0xFE30, 0xFE52, 0xFE54, 0xFE61, 0xFE63, 0xFE63,
    0xFE68, 0xFE68, 0xFE6A, 0xFE6B, 0xFF01, 0xFF03, 0xFF05, 0xFF0A, 0xFF0C, 0xFF0F,
    0xFF1A, 0xFF1B, 0xFF1F, 0xFF20, 0xFF3B, 0xFF3D, 0xFF3F, 0xFF3F, 0xFF5B, 0xFF5B,
    0xFF5D, 0xFF5D, 0xFF5F, 0xFF65, 0x10100, 0x10102, 0x1039F, 0x1039F, 0x103D0, 0x103D0,
    0x1056F, 0x1056F, 0x10857, 0x10857, 0x1091F, 0x1091F, 0x1093F, 0x1093F, 0x10A50, 0x10A58,
    0x10A7F, 0x10A7F, 0x10AF0, 0x10AF6, 0x10B39, 0x10B3F, 0x10B99, 0x10B9C, 0x11047, 0x1104D,
    0x110BB, 0x110BC, 0x110BE, 0x110C1, 0x11140, 0x11143, 0x11174, 0x11175, 0x111C5, 0x111C8,
    0x111CD, 0x111CD, 0x11238, 0x1123D, 0x114C6, 0x114C6, 0x115C1, 0x115C9, 0x11641, 0x11643,
    0x12470, 0x12474, 0x16A6E, 0x16A6F, 0x16AF5, 0x16AF5, 0x16B37, 0x16B3B, 0x16B44, 0x16B44,
    0x1BC9F, 0x1BC9F,
  ]
}

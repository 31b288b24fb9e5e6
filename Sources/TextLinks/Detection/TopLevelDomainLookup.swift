/// The top-level domains scheme-less links are checked against: the ICANN
/// section of the Public Suffix List, generated into `TopLevelDomains.all` by
/// `Scripts/generate-tlds.py` (the list's version is `listVersion`).
enum TopLevelDomains {
  /// The table as a set, built once on first use.
  static let set: Set<String> = Set(all)

  /// The longest entry, in UTF-16 code units.
  static let longest: Int = all.reduce(0) { max($0, $1.utf16.count) }

  /// Whether `units[range]` is a top-level domain, ignoring case.
  ///
  /// - Complexity: O(k) in the length of the range.
  static func contains(_ reader: UTF16Reader, _ range: Range<Int>) -> Bool {
    guard range.count >= 2, range.count <= longest else { return false }
    var ascii = true
    for index in range where reader[index] >= 0x80 {
      ascii = false
      break
    }
    if ascii {
      let lowered = String(unsafeUninitializedCapacity: range.count) { buffer in
        for (offset, index) in range.enumerated() {
          var unit = reader[index]
          if unit >= 0x41, unit <= 0x5A { unit += 0x20 }
          buffer[offset] = UInt8(truncatingIfNeeded: unit)
        }
        return range.count
      }
      return set.contains(lowered)
    }
    return set.contains(reader.string(range).lowercased())
  }
}

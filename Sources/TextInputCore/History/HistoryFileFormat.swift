/// How `FileHistory` writes entries: one record per entry, a line of UTF-8
/// ending in LF, with `\` written `\\`, LF `\n`, CR `\r` and U+0018
/// (CANCEL) `\c`, so that a multi-line entry is one record and reads back
/// exactly.
///
/// A record is written whole by one `write` under an exclusive lock, so
/// records of processes appending at once never interleave. A crash in
/// the middle of a write leaves a last line without its LF: readers skip
/// it, and the next writer ends it with U+0018 before its own record, which
/// marks the torn line as one to skip from then on.
enum HistoryFileFormat {
  static let lineFeed: UInt8 = 0x0A
  static let cancel: UInt8 = 0x18
  static let backslash: UInt8 = 0x5C

  /// `entry`'s record, its LF included.
  ///
  /// - Complexity: O(n) in the entry's UTF-8 bytes.
  static func record(_ entry: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(entry.utf8.count + 1)
    for byte in entry.utf8 {
      switch byte {
      case backslash: bytes += [backslash, backslash]
      case lineFeed: bytes += [backslash, 0x6E]  // \n
      case 0x0D: bytes += [backslash, 0x72]  // \r
      case cancel: bytes += [backslash, 0x63]  // \c
      default: bytes.append(byte)
      }
    }
    bytes.append(lineFeed)
    return bytes
  }

  /// The entries in a file's bytes, oldest first, and how many records
  /// (lines ending in LF) it holds, torn ones included. A last line without
  /// LF and a line holding U+0018 are torn records and skipped; an empty
  /// line is skipped; an unknown escape keeps its two characters.
  ///
  /// - Complexity: O(n) in the bytes.
  static func entries(in bytes: [UInt8]) -> (entries: [String], records: Int) {
    var entries: [String] = []
    var records = 0
    var line: [UInt8] = []
    var torn = false
    var escaped = false
    for byte in bytes {
      if byte == lineFeed {
        records += 1
        if escaped { line.append(backslash) }
        if !torn, !line.isEmpty { entries.append(String(decoding: line, as: UTF8.self)) }
        line.removeAll(keepingCapacity: true)
        torn = false
        escaped = false
        continue
      }
      if byte == cancel { torn = true }
      if escaped {
        escaped = false
        switch byte {
        case backslash: line.append(backslash)
        case 0x6E: line.append(lineFeed)
        case 0x72: line.append(0x0D)
        case 0x63: line.append(cancel)
        default: line += [backslash, byte]
        }
      } else if byte == backslash {
        escaped = true
      } else {
        line.append(byte)
      }
    }
    return (entries, records)
  }
}

import Foundation
import TextMetrics
import UnicodeTestSupport

/// One case of a `*BreakTest.txt` file: `÷ 0020 × 0308 ÷` and so on.
struct BreakTestCase: CustomStringConvertible, Sendable {
  /// The line number in the file (1-based).
  var line: Int
  /// The code points of the case.
  var scalars: [UInt32]
  /// The text as UTF-16; a surrogate code point is kept as one lone unit.
  var utf16: [UInt16]
  /// The UTF-16 offsets of every ÷ after the start, with 0 prepended.
  var expected: [Int]

  var description: String {
    let points = scalars.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    return "line \(line): [\(points)] expected \(expected)"
  }

  /// Parses the part of a line before `#`; nil for comment and empty lines.
  init?(_ text: Substring, line: Int) {
    let body = text.prefix { $0 != "#" }
    let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard !tokens.isEmpty else { return nil }
    self.line = line
    scalars = []
    utf16 = []
    expected = [0]
    for (index, token) in tokens.enumerated() {
      if token == "÷" {
        if index > 0 { expected.append(utf16.count) }
      } else if token == "×" {
        continue
      } else if let value = UInt32(token, radix: 16) {
        scalars.append(value)
        if let scalar = Unicode.Scalar(value) {
          utf16.append(contentsOf: Array(String(Character(scalar)).utf16))
        } else {
          utf16.append(UInt16(truncatingIfNeeded: value))  // a surrogate code point: a lone unit
        }
      } else {
        return nil
      }
    }
  }

  /// Every case of a break test file, and the file's Unicode version.
  static func load(_ name: String) throws -> (version: String?, cases: [BreakTestCase]) {
    let lines = try UnicodeData.lines("auxiliary/\(name)")
    let version = UnicodeData.version(of: lines)
    var cases: [BreakTestCase] = []
    for (index, text) in lines.enumerated() {
      if let test = BreakTestCase(text, line: index + 1) { cases.append(test) }
    }
    return (version, cases)
  }
}

extension BreakTestCase {
  /// The code point that starts at UTF-16 offset `offset`, or nil at the end.
  func scalar(at offset: Int) -> UInt32? {
    var position = 0
    for value in scalars {
      if position == offset { return value }
      position += value > 0xFFFF ? 2 : 1
    }
    return nil
  }

  /// The last code point before UTF-16 offset `offset` that is not a
  /// combining mark or a format character (the `X (Extend | Format)*` and
  /// `X CM*` of the break rules), or nil at the start.
  func base(before offset: Int) -> UInt32? {
    var position = 0
    var last: UInt32?
    for value in scalars {
      guard position < offset else { break }
      if !Self.isExtendOrFormat(value) { last = value }
      position += value > 0xFFFF ? 2 : 1
    }
    return last
  }

  /// Whether everything before `offset` is `scalar` then marks/formats alone.
  func startsWith(_ scalar: UInt32, upTo offset: Int) -> Bool {
    var position = 0
    for (index, value) in scalars.enumerated() {
      guard position < offset else { break }
      if index == 0 ? value != scalar : !Self.isExtendOrFormat(value) { return false }
      position += value > 0xFFFF ? 2 : 1
    }
    return offset > 0
  }

  static func isExtendOrFormat(_ value: UInt32) -> Bool {
    guard let scalar = Unicode.Scalar(value) else { return false }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .spacingMark, .format: return true
    default: return false
    }
  }

  static func isLetter(_ value: UInt32?) -> Bool {
    value.flatMap(Unicode.Scalar.init)?.properties.isAlphabetic ?? false
  }

  static func isDigit(_ value: UInt32?) -> Bool {
    value.flatMap(Unicode.Scalar.init)?.properties.numericType == .decimal
  }
}

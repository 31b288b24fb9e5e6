import Foundation
import TextInputBase

/// JSON for the samples' `--json` outputs: `JSONEncoder` writes every value
/// (so escaping is its), this writes an object's keys in a fixed order.
/// (`JSONEncoder` on Linux orders an object's keys by hash, or alphabetically
/// with `.sortedKeys`; the documented formats list them in another order.)
enum OrderedJSON {
  /// One object on one line, `{"key":value,…}`, its members in the order
  /// given; no spaces, slashes unescaped; DEL, C1 controls, U+2028, U+2029
  /// and bidi controls escaped as `\uXXXX` too (`ControlCharacters`), so no
  /// raw control reaches a terminal.
  static func object(_ members: KeyValuePairs<String, any Encodable>) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    func encoded(_ value: any Encodable) -> String {
      // Strings, numbers and arrays of them always encode.
      guard let data = try? encoder.encode(value) else { return "null" }
      var out = ""
      for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
        // JSONEncoder escapes C0; the rest of the package's policy here.
        if ControlCharacters.breaksPrintedLine(scalar) {
          out += "\\u" + CodePointNotation.digits(scalar.value)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
      return out
    }
    return "{" + members.map { encoded($0.key) + ":" + encoded($0.value) }.joined(separator: ",")
      + "}"
  }
}

/// Where JSON text first goes wrong, by line and column, for the messages of
/// a malformed file (`JSONDecoder`'s own error has no position).
enum JSONSyntax {
  /// The first problem: its byte offset and what was expected there.
  struct Problem: Error, Equatable {
    var offset: Int
    var message: String
  }

  /// The deepest nesting of arrays and objects read, as `HitTree(json:)` reads.
  static let maximumDepth = 512

  /// The first syntax error of `bytes` as JSON (RFC 8259), or nil when it is
  /// one valid JSON value.
  ///
  /// - Complexity: O(n) in the number of bytes.
  static func firstProblem(in bytes: [UInt8]) -> Problem? {
    var reader = Reader(bytes: bytes)
    do throws(Problem) {
      reader.skipSpace()
      guard reader.index < bytes.count else {
        return Problem(offset: 0, message: "empty input: expected a JSON value")
      }
      try reader.value(depth: 0)
      reader.skipSpace()
      if reader.index < bytes.count {
        throw reader.problem("expected the end of the input after the value")
      }
      return nil
    } catch {
      return error
    }
  }

  /// The 1-based line and column (in characters) of byte `offset`.
  static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let end = min(offset, bytes.count)
    let lineStart = bytes[..<end].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    let line = bytes[..<end].count(where: { $0 == UInt8(ascii: "\n") }) + 1
    let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
    return (line, column)
  }

  /// `line L, column C: not valid JSON: PROBLEM`, or nil for valid JSON.
  static func message(for bytes: [UInt8]) -> String? {
    guard let problem = firstProblem(in: bytes) else { return nil }
    let (line, column) = position(of: problem.offset, in: bytes)
    return "line \(line), column \(column): not valid JSON: \(problem.message)"
  }

  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    func problem(_ expected: String) -> Problem {
      guard index < bytes.count else {
        return Problem(offset: index, message: "unexpected end of input: " + expected)
      }
      // The character found, decoded from where it starts.
      let found =
        String(decoding: bytes[index..<min(index + 4, bytes.count)], as: UTF8.self)
        .first.map { String($0) } ?? "?"
      return Problem(
        offset: index, message: "\(expected), found '\(ControlCharacters.escaped(found))'")
    }

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func expect(_ byte: UInt8, _ expected: String) throws(Problem) {
      skipSpace()
      guard index < bytes.count, bytes[index] == byte else { throw problem(expected) }
      index += 1
    }

    mutating func value(depth: Int) throws(Problem) {
      skipSpace()
      guard index < bytes.count else { throw problem("expected a value") }
      switch bytes[index] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard depth < JSONSyntax.maximumDepth else {
          throw problem("nested deeper than \(JSONSyntax.maximumDepth) arrays and objects")
        }
        if bytes[index] == UInt8(ascii: "{") {
          try object(depth: depth + 1)
        } else {
          try array(depth: depth + 1)
        }
      case UInt8(ascii: "\""): try string()
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
      default:
        throw problem("expected a value (an object, array, string, number, true, false or null)")
      }
    }

    mutating func object(depth: Int) throws(Problem) {
      index += 1
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return
      }
      while true {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw problem("expected a key in double quotes")
        }
        try string()
        try expect(UInt8(ascii: ":"), "expected ':' after the key")
        try value(depth: depth)
        skipSpace()
        guard index < bytes.count else { throw problem("expected ',' or '}'") }
        if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return
        }
        guard bytes[index] == UInt8(ascii: ",") else { throw problem("expected ',' or '}'") }
        index += 1
      }
    }

    mutating func array(depth: Int) throws(Problem) {
      index += 1
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return
      }
      while true {
        try value(depth: depth)
        skipSpace()
        guard index < bytes.count else { throw problem("expected ',' or ']'") }
        if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return
        }
        guard bytes[index] == UInt8(ascii: ",") else { throw problem("expected ',' or ']'") }
        index += 1
      }
    }

    mutating func string() throws(Problem) {
      index += 1
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
          index += 1
          return
        case UInt8(ascii: "\\"):
          index += 1
          guard index < bytes.count else { throw problem("expected an escape") }
          if bytes[index] == UInt8(ascii: "u") {
            let unit = try hexEscape()
            if (0xDC00...0xDFFF).contains(unit) {
              throw problem("expected a high surrogate escape before a low one")
            }
            if (0xD800...0xDBFF).contains(unit) {
              // A high surrogate is one half of an escaped pair.
              guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"),
                bytes[index + 2] == UInt8(ascii: "u")
              else {
                index += 1
                throw problem("expected a low surrogate escape after a high one")
              }
              index += 2
              guard (0xDC00...0xDFFF).contains(try hexEscape()) else {
                throw problem("expected a low surrogate escape after a high one")
              }
            }
          } else if !Array(#""\/bfnrt"#.utf8).contains(bytes[index]) {
            throw problem(#"expected an escape (\" \\ \/ \b \f \n \r \t \uXXXX)"#)
          }
          index += 1
        case 0..<0x20:
          throw problem("expected a control character in a string to be escaped")
        default:
          index += 1
        }
      }
      throw problem("expected '\"' to end the string")
    }

    /// The four hexadecimal digits after `\\u` (at `index`), left on the last.
    mutating func hexEscape() throws(Problem) -> UInt32 {
      var value: UInt32 = 0
      for _ in 0..<4 {
        index += 1
        guard index < bytes.count, isHexDigit(bytes[index]),
          let digit = UInt32(String(UnicodeScalar(bytes[index])), radix: 16)
        else {
          throw problem("expected four hexadecimal digits after \\u")
        }
        value = value * 16 + digit
      }
      return value
    }

    mutating func number() throws(Problem) {
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count, isDigit(bytes[index]) else { throw problem("expected a digit") }
      if bytes[index] == UInt8(ascii: "0") {
        index += 1
      } else {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard index < bytes.count, isDigit(bytes[index]) else {
          throw problem("expected a digit after '.'")
        }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
      {
        index += 1
        if index < bytes.count,
          bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
        {
          index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
          throw problem("expected a digit in the exponent")
        }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
      }
    }

    mutating func literal(_ word: String) throws(Problem) {
      for byte in word.utf8 {
        guard index < bytes.count, bytes[index] == byte else { throw problem("expected '\(word)'") }
        index += 1
      }
    }

    func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    func isHexDigit(_ byte: UInt8) -> Bool {
      isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
  }
}

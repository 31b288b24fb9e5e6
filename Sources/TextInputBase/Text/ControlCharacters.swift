/// The package's one policy for text from users that reaches a terminal, a
/// log line or a message: which scalars must never be written raw, and the
/// two visible forms they take.
///
/// - A terminal **cell** draws a control as a picture (`picture(of:)`):
///   `ESC` is `␛`, so the drawn text keeps its width and nothing moves the
///   cursor (TextInputTerminal's `VisibleControls`).
/// - A **printed line** (a message, an error quoting a value, a sample's
///   output) shows it as a backslash escape (`escaped(_:keepingLineFeeds:)`):
///   `\r`, `\u{1B}`, so the line stays one line and can be read back.
///
/// ```swift
/// ControlCharacters.escaped("a\rb\u{1B}[2J")       // "a\\rb\\u{001B}[2J"
/// ControlCharacters.quoted("say \"hi\"\n")         // "\"say \\\"hi\\\"\\n\""
/// ControlCharacters.picture(of: "\u{1B}")          // "␛"
/// ```
package enum ControlCharacters {
  /// Whether `scalar` is a control character a terminal may act on: C0
  /// U+0000–U+001F, DEL U+007F or C1 U+0080–U+009F.
  ///
  /// - Complexity: O(1).
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// Whether writing `scalar` raw on a printed line would end or reorder the
  /// line: a control (`isControl(_:)`), U+2028 LINE SEPARATOR, U+2029
  /// PARAGRAPH SEPARATOR, or a bidi control (Bidi_Control: LRM, RLM, ALM,
  /// the embeddings, overrides and isolates).
  ///
  /// - Complexity: O(1).
  package static func breaksPrintedLine(_ scalar: Unicode.Scalar) -> Bool {
    isControl(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029
      || scalar.properties.isBidiControl
  }

  /// The scalar a terminal cell draws for `scalar`: itself, or for a control
  /// its picture — C0 U+0000–U+001F its Control Picture U+2400–U+241F, DEL
  /// `␡` U+2421, and C1 U+0080–U+009F, which have no picture, U+FFFD `�`
  /// (what a terminal shows for a C1 byte it does not act on). Every picture
  /// is one scalar.
  ///
  /// - Complexity: O(1).
  package static func picture(of scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x00...0x1F: return Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
    case 0x7F: return "\u{2421}"
    case 0x80...0x9F: return "\u{FFFD}"
    default: return scalar
    }
  }

  /// `text` with every control replaced by its picture (`picture(of:)`).
  ///
  /// - Complexity: O(n) in the number of scalars; text without controls is
  ///   returned as is.
  package static func pictures(_ text: some StringProtocol) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return String(text) }
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { out.append(picture(of: scalar)) }
    return String(out)
  }

  /// The backslash escape of a scalar that `breaksPrintedLine(_:)`: `\n`,
  /// `\r` and `\t` for LF, CR and TAB, else `\u{XXXX}` (at least four
  /// upper-case hex digits, as `CodePointNotation` writes them); nil for a
  /// scalar that prints as itself.
  ///
  /// - Complexity: O(1).
  package static func escape(_ scalar: Unicode.Scalar) -> String? {
    switch scalar {
    case "\n": return "\\n"
    case "\r": return "\\r"
    case "\t": return "\\t"
    default:
      guard breaksPrintedLine(scalar) else { return nil }
      return codePointEscape(scalar)
    }
  }

  /// `scalar` as the escape `\u{XXXX}` (at least four upper-case hex
  /// digits), whatever it is: the form `escape(_:)` gives a control other
  /// than LF, CR and TAB, for a caller that shows every scalar of a cluster.
  ///
  /// - Complexity: O(1).
  package static func codePointEscape(_ scalar: Unicode.Scalar) -> String {
    "\\u{\(CodePointNotation.digits(scalar.value))}"
  }

  /// `text` with every scalar `escape(_:)` escapes shown as its escape, so a
  /// value from a user quoted in a message, or printed on a line, never
  /// reaches a terminal as a raw control.
  ///
  /// - Parameters:
  ///   - text: The text to show.
  ///   - keepingLineFeeds: Whether LF stays a line feed (for text printed as
  ///     several lines).
  /// - Complexity: O(n) in the number of scalars.
  package static func escaped(_ text: some StringProtocol, keepingLineFeeds: Bool = false)
    -> String
  {
    var out = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if let escaped = escape(scalar), !(keepingLineFeeds && scalar == "\n") {
        out.append(contentsOf: escaped.unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  /// `text` as a Swift string literal: in double quotes, `"` and `\`
  /// escaped, and every scalar `escape(_:)` escapes shown as its escape.
  ///
  /// - Complexity: O(n) in the number of scalars.
  package static func quoted(_ text: some StringProtocol) -> String {
    var out = String.UnicodeScalarView()
    out.append("\"")
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "\\":
        out.append("\\")
        out.append(scalar)
      default:
        if let escaped = escape(scalar) {
          out.append(contentsOf: escaped.unicodeScalars)
        } else {
          out.append(scalar)
        }
      }
    }
    out.append("\"")
    return String(out)
  }
}

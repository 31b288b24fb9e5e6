import Foundation

extension ConfigurationValue {
  /// Reads `text` as a value of `type` (see `ConfigurationType` for each form).
  /// Spaces around the text and inside braces and brackets are ignored.
  ///
  /// - Throws: `ConfigurationError.invalidValue` naming the text and the
  ///   expected form (for a string: a quote that is never closed, or a bad
  ///   escape inside quotes).
  /// - Complexity: O(n) in the length of `text`.
  public init(parsing text: String, as type: ConfigurationType) throws(ConfigurationError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let failure = ConfigurationError.invalidValue(trimmed, expected: type)
    if type == .string {
      // A whole quoted string is unescaped; a quote that is never closed (or
      // holds a bad escape) is an error; any other text, even with quotes in
      // it (`"a" b`), is taken as it is. The quote is the first scalar, not
      // character: a quote and the combining mark or variation selector
      // after it are one character.
      guard trimmed.unicodeScalars.first == "\"" else {
        self = .string(trimmed)
        return
      }
      var parser = ValueParser(trimmed)
      guard case .quoted(let string)? = parser.parseNode() else { throw failure }
      self = .string(parser.atEnd ? string : trimmed)
      return
    }
    var parser = ValueParser(trimmed)
    guard let node = parser.parseNode(), parser.atEnd,
      let value = Self.convert(node, to: type)
    else { throw failure }
    self = value
  }

  private static func convert(_ node: ValueParser.Node, to type: ConfigurationType)
    -> ConfigurationValue?
  {
    switch (type, node) {
    case (.string, .atom(let text)), (.string, .quoted(let text)):
      return .string(text)
    case (.number, .atom(let text)):
      return number(text).map { .number($0) }
    case (.integer, .atom(let text)):
      guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }) else {
        return nil
      }
      return Int(text).map { .integer($0) }
    case (.boolean, .atom(let text)):
      switch text.lowercased() {
      case "true", "yes": return .boolean(true)
      case "false", "no": return .boolean(false)
      default: return nil
      }
    case (.color, .atom(let text)):
      return Color(hex: text).map { .color($0) }
    case (.point, _):
      guard let n = numbers(node, count: 2) else { return nil }
      return .point(CGPoint(x: n[0], y: n[1]))
    case (.size, _):
      guard let n = numbers(node, count: 2) else { return nil }
      return .size(CGSize(width: n[0], height: n[1]))
    case (.rect, .group(let parts)):
      guard parts.count == 2, let origin = numbers(parts[0], count: 2),
        let size = numbers(parts[1], count: 2)
      else { return nil }
      return .rect(CGRect(x: origin[0], y: origin[1], width: size[0], height: size[1]))
    case (.insets, _):
      guard let n = numbers(node, count: 4) else { return nil }
      return .insets(EdgeInsets(top: n[0], left: n[1], bottom: n[2], right: n[3]))
    case (.directionalInsets, _):
      guard let n = numbers(node, count: 4) else { return nil }
      return .directionalInsets(
        DirectionalEdgeInsets(top: n[0], leading: n[1], bottom: n[2], trailing: n[3]))
    case (.enumeration(let names), .atom(let name)), (.enumeration(let names), .quoted(let name)):
      return names.contains(name) ? .enumeration(name) : nil
    case (.list(let element), .list(let nodes)):
      var values: [ConfigurationValue] = []
      for node in nodes {
        guard let value = convert(node, to: element) else { return nil }
        values.append(value)
      }
      return .list(values)
    default:
      return nil
    }
  }

  private static func numbers(_ node: ValueParser.Node, count: Int) -> [CGFloat]? {
    guard case .group(let parts) = node, parts.count == count else { return nil }
    var values: [CGFloat] = []
    for part in parts {
      guard case .atom(let text) = part, let value = number(text) else { return nil }
      values.append(CGFloat(value))
    }
    return values
  }

  /// A finite decimal number: digits, sign, point and exponent only (no hex,
  /// `nan` or `inf`, which `Double.init` would take).
  private static func number(_ text: String) -> Double? {
    guard !text.isEmpty,
      text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
      let value = Double(text), value.isFinite
    else { return nil }
    return value
  }
}

/// A small recursive-descent reader of configuration value text into a tree
/// of brace groups, bracket lists, quoted strings and bare atoms.
struct ValueParser {
  indirect enum Node: Equatable {
    case atom(String)
    case quoted(String)
    case group([Node])
    case list([Node])
  }

  private let scalars: [Unicode.Scalar]
  private var position = 0

  init(_ text: String) {
    scalars = Array(text.unicodeScalars)
  }

  var atEnd: Bool {
    var probe = self
    probe.skipSpaces()
    return probe.position == probe.scalars.count
  }

  /// Reads one node; nil on malformed text. Nesting is limited to 32 levels.
  mutating func parseNode(depth: Int = 0) -> Node? {
    guard depth < 32 else { return nil }
    skipSpaces()
    guard position < scalars.count else { return nil }
    switch scalars[position] {
    case "{":
      return parseSequence(close: "}", depth: depth).map { .group($0) }
    case "[":
      return parseSequence(close: "]", depth: depth).map { .list($0) }
    case "\"":
      return parseQuoted().map { .quoted($0) }
    default:
      let start = position
      while position < scalars.count, !",{}[]\"".unicodeScalars.contains(scalars[position]) {
        position += 1
      }
      var text = String(String.UnicodeScalarView(scalars[start..<position]))
      text = text.trimmingCharacters(in: .whitespaces)
      return text.isEmpty ? nil : .atom(text)
    }
  }

  private mutating func parseSequence(close: Unicode.Scalar, depth: Int) -> [Node]? {
    position += 1
    var nodes: [Node] = []
    skipSpaces()
    if position < scalars.count, scalars[position] == close {
      position += 1
      return nodes
    }
    while true {
      guard let node = parseNode(depth: depth + 1) else { return nil }
      nodes.append(node)
      skipSpaces()
      guard position < scalars.count else { return nil }
      if scalars[position] == close {
        position += 1
        return nodes
      }
      guard scalars[position] == "," else { return nil }
      position += 1
    }
  }

  private mutating func parseQuoted() -> String? {
    position += 1
    var out = String.UnicodeScalarView()
    while position < scalars.count {
      let scalar = scalars[position]
      position += 1
      switch scalar {
      case "\"":
        return String(out)
      case "\\":
        guard position < scalars.count else { return nil }
        let escape = scalars[position]
        position += 1
        switch escape {
        case "\"", "\\": out.append(escape)
        case "n": out.append("\n")
        case "r": out.append("\r")
        case "t": out.append("\t")
        case "u":
          guard position < scalars.count, scalars[position] == "{",
            let close = scalars[position...].firstIndex(of: "}"),
            let value = UInt32(
              String(String.UnicodeScalarView(scalars[position + 1..<close])), radix: 16),
            let decoded = Unicode.Scalar(value)
          else { return nil }
          out.append(decoded)
          position = close + 1
        default: return nil
        }
      default:
        out.append(scalar)
      }
    }
    return nil
  }

  private mutating func skipSpaces() {
    while position < scalars.count, scalars[position].properties.isWhitespace { position += 1 }
  }
}

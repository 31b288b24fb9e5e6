public import Foundation

/// A configuration value: what an Interface Builder "user defined runtime
/// attribute" or an `@IBInspectable` property holds. Geometry is in points.
///
/// Values are written as text (`description`) and read back against a type
/// (`init(parsing:as:)`); printing then parsing gives the same value back.
///
/// ```swift
/// try ConfigurationValue(parsing: "{5, 0}", as: .point)        // .point(CGPoint(x: 5, y: 0))
/// try ConfigurationValue(parsing: "#8E8E93", as: .color).description  // "#8E8E93"
/// ConfigurationValue.rect(CGRect(x: 0, y: 0, width: 320, height: 44)).description
/// // "{{0, 0}, {320, 44}}"
/// ```
public indirect enum ConfigurationValue: Hashable, Sendable, CustomStringConvertible {
  /// Text.
  case string(String)
  /// A finite number.
  case number(Double)
  /// A whole number.
  case integer(Int)
  /// A boolean.
  case boolean(Bool)
  /// A colour.
  case color(Color)
  /// A point (points).
  case point(CGPoint)
  /// A size (points).
  case size(CGSize)
  /// A rect (points).
  case rect(CGRect)
  /// Insets (points).
  case insets(EdgeInsets)
  /// Directional insets (points).
  case directionalInsets(DirectionalEdgeInsets)
  /// An enumeration case, by name.
  case enumeration(String)
  /// A list of values of one type.
  case list([ConfigurationValue])

  /// Whether the value is of `type` (and finite, and an enumeration case it lists).
  ///
  /// - Complexity: O(n) in the elements of a list.
  public func conforms(to type: ConfigurationType) -> Bool {
    switch (self, type) {
    case (.string, .string), (.integer, .integer), (.boolean, .boolean), (.color, .color):
      return true
    case (.number(let value), .number): return value.isFinite
    case (.point(let point), .point): return [point.x, point.y].allSatisfy(\.isFinite)
    case (.size(let size), .size): return [size.width, size.height].allSatisfy(\.isFinite)
    case (.rect(let rect), .rect):
      return [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].allSatisfy(
        \.isFinite)
    case (.insets(let insets), .insets):
      return [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite)
    case (.directionalInsets(let insets), .directionalInsets):
      return [insets.top, insets.leading, insets.bottom, insets.trailing].allSatisfy(\.isFinite)
    case (.enumeration(let name), .enumeration(let names)): return names.contains(name)
    case (.list(let values), .list(let element)):
      return values.allSatisfy { $0.conforms(to: element) }
    default: return false
    }
  }

  /// The text form, which `init(parsing:as:)` reads back.
  ///
  /// A string prints as is unless it is empty, has edge spaces, starts with a
  /// quote or holds a control character; then it is quoted with `\"`, `\\`,
  /// `\n`, `\r`, `\t` and `\u{…}` escapes.
  public var description: String { text(inList: false) }

  func text(inList: Bool) -> String {
    switch self {
    case .string(let string):
      return Self.needsQuotes(string, inList: inList) ? Self.quote(string) : string
    case .number(let value): return value.configurationText
    case .integer(let value): return String(value)
    case .boolean(let value): return value ? "true" : "false"
    case .color(let color): return color.description
    case .point(let point):
      return "{\(point.x.configurationText), \(point.y.configurationText)}"
    case .size(let size):
      return "{\(size.width.configurationText), \(size.height.configurationText)}"
    case .rect(let rect):
      return "{\(ConfigurationValue.point(rect.origin)), \(ConfigurationValue.size(rect.size))}"
    case .insets(let insets): return insets.description
    case .directionalInsets(let insets): return insets.description
    case .enumeration(let name): return name
    case .list(let values):
      return "[" + values.map { $0.text(inList: true) }.joined(separator: ", ") + "]"
    }
  }

  private static func needsQuotes(_ string: String, inList: Bool) -> Bool {
    guard let first = string.unicodeScalars.first, let last = string.unicodeScalars.last
    else { return true }
    if isEdgeSpace(first) || isEdgeSpace(last) || first == "\"" {
      return true
    }
    return string.unicodeScalars.contains {
      $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
        || (inList && ",[]{}\"".unicodeScalars.contains($0))
    }
  }

  /// Whether a string starting or ending with `scalar` must be quoted: the
  /// parser trims `CharacterSet.whitespaces` (which holds U+200B on Linux)
  /// from the text and skips white space between list items.
  private static func isEdgeSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isWhitespace || CharacterSet.whitespaces.contains(scalar)
  }

  private static func quote(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.properties.generalCategory == .control || scalar == "\u{2028}"
          || scalar == "\u{2029}"
        {
          out += ControlCharacters.codePointEscape(scalar)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}

// MARK: - Typed accessors

extension ConfigurationValue {
  /// The text of a `.string` or `.enumeration`, else nil.
  public var stringValue: String? {
    switch self {
    case .string(let value), .enumeration(let value): return value
    default: return nil
    }
  }
  /// The value of a `.number` or `.integer`, else nil.
  public var numberValue: Double? {
    switch self {
    case .number(let value): return value
    case .integer(let value): return Double(value)
    default: return nil
    }
  }
  /// The value of an `.integer`, else nil.
  public var integerValue: Int? {
    if case .integer(let value) = self { return value }
    return nil
  }
  /// The value of a `.boolean`, else nil.
  public var booleanValue: Bool? {
    if case .boolean(let value) = self { return value }
    return nil
  }
  /// The value of a `.color`, else nil.
  public var colorValue: Color? {
    if case .color(let value) = self { return value }
    return nil
  }
  /// The value of a `.point`, else nil.
  public var pointValue: CGPoint? {
    if case .point(let value) = self { return value }
    return nil
  }
  /// The value of a `.size`, else nil.
  public var sizeValue: CGSize? {
    if case .size(let value) = self { return value }
    return nil
  }
  /// The value of a `.rect`, else nil.
  public var rectValue: CGRect? {
    if case .rect(let value) = self { return value }
    return nil
  }
  /// The value of `.insets`, else nil.
  public var insetsValue: EdgeInsets? {
    if case .insets(let value) = self { return value }
    return nil
  }
  /// The value of `.directionalInsets`, else nil.
  public var directionalInsetsValue: DirectionalEdgeInsets? {
    if case .directionalInsets(let value) = self { return value }
    return nil
  }
  /// The elements of a `.list`, else nil.
  public var listValue: [ConfigurationValue]? {
    if case .list(let value) = self { return value }
    return nil
  }
}

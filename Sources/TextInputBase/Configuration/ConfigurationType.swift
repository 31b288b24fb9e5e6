/// The type of a configuration key: which text forms its value may take.
public indirect enum ConfigurationType: Hashable, Sendable, CustomStringConvertible {
  /// Text: raw (`Type here`) or quoted with escapes (`"  padded\n"`).
  case string
  /// A finite decimal number (`12`, `-0.5`, `1e3`).
  case number
  /// A whole number (`3`, `-1`).
  case integer
  /// `true` or `false` (also `yes` / `no`, any case).
  case boolean
  /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
  case color
  /// `{x, y}` in points, as `NSStringFromCGPoint`.
  case point
  /// `{width, height}` in points, as `NSStringFromCGSize`.
  case size
  /// `{{x, y}, {width, height}}` in points, as `NSStringFromCGRect`.
  case rect
  /// `{top, left, bottom, right}` in points, as `NSStringFromUIEdgeInsets`.
  case insets
  /// `{top, leading, bottom, trailing}` in points, as `NSDirectionalEdgeInsets`.
  case directionalInsets
  /// One of the given case names (`static`, `bouncy`).
  case enumeration([String])
  /// `[a, b, c]`: values of the element type; strings inside a list are quoted
  /// when they hold `,`, brackets, braces, quotes or edge spaces.
  case list(ConfigurationType)

  /// The expected form, as error messages write it (`a point {x, y}`).
  public var description: String {
    switch self {
    case .string: return "a string"
    case .number: return "a number"
    case .integer: return "an integer"
    case .boolean: return "a boolean (true or false)"
    case .color: return "a colour #RGB, #RRGGBB or #RRGGBBAA"
    case .point: return "a point {x, y}"
    case .size: return "a size {width, height}"
    case .rect: return "a rect {{x, y}, {width, height}}"
    case .insets: return "insets {top, left, bottom, right}"
    case .directionalInsets: return "directional insets {top, leading, bottom, trailing}"
    case .enumeration(let names): return "one of " + names.joined(separator: ", ")
    case .list(let element): return "a list [...] of \(element)"
    }
  }

  /// A short name for tables (`point`, `enum(static|bouncy)`, `list<color>`).
  public var name: String {
    switch self {
    case .string: return "string"
    case .number: return "number"
    case .integer: return "integer"
    case .boolean: return "boolean"
    case .color: return "color"
    case .point: return "point"
    case .size: return "size"
    case .rect: return "rect"
    case .insets: return "insets"
    case .directionalInsets: return "directionalInsets"
    case .enumeration(let names): return "enum(" + names.joined(separator: "|") + ")"
    case .list(let element): return "list<\(element.name)>"
    }
  }
}

/// Why a configuration value, key or file was refused.
///
/// Every message names the bad key or value and what was expected:
///
/// ```swift
/// // unknown key 'placeholder.colour'; did you mean 'placeholder.color'?
/// // 'placeholder.location' = '{5}': expected a point {x, y}
/// // line 3: expected 'key = value', got 'colour #fff'
/// ```
public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No schema declares the key; `suggestion` is the nearest known key by edit
  /// distance, if any key is known.
  case unknownKey(String, suggestion: String?)
  /// The value's text is not of the key's type.
  case typeMismatch(key: String, value: String, expected: ConfigurationType)
  /// The text is not of the type (no key involved: `ConfigurationValue(parsing:as:)`).
  case invalidValue(String, expected: ConfigurationType)
  /// A configuration file line is neither blank, a `#` comment, nor `key = value`.
  case malformedLine(String)
  /// A configuration file sets the same key twice.
  case duplicateKey(String)
  /// An error on a line (1-based) of a configuration file.
  indirect case line(Int, ConfigurationError)

  public var description: String {
    switch self {
    case .unknownKey(let key, let suggestion?):
      return "unknown key '\(key)'; did you mean '\(suggestion)'?"
    case .unknownKey(let key, nil):
      return "unknown key '\(key)'"
    case .typeMismatch(let key, let value, let expected):
      return "'\(key)' = '\(value)': expected \(expected)"
    case .invalidValue(let value, let expected):
      return "'\(value)': expected \(expected)"
    case .malformedLine(let text):
      return "expected 'key = value', got '\(text)'"
    case .duplicateKey(let key):
      return "key '\(key)' is set twice"
    case .line(let number, let error):
      return "line \(number): \(error)"
    }
  }
}

/// Why a configuration value, key or file was refused: the one error of every
/// configuration, whether it is loaded from a file, set in code, or read by a
/// plugin (`Editor.configure(_:)`, `InsetLabel.configure(_:)` and every plugin's
/// behaviour factory throw it for a value they cannot use).
///
/// Every message names the bad key or value and what was expected:
///
/// ```swift
/// // unknown key 'placeholder.placeholderColour'; did you mean 'placeholder.placeholderColor'?
/// // 'placeholder.location' = '{5}': expected a point {x, y}
/// // 'rightAlignedSpaces.characters' = '[xy]': expected a single character or U+XXXX, got 'xy'
/// // line 3: expected 'key = value', got 'colour #fff'
/// ```
public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No schema declares the key; `suggestion` is a known key within a few
  /// edits of it (see `Configuration.suggestion(for:in:)`), if there is one.
  case unknownKey(String, suggestion: String?)
  /// The value's text is not of the key's type.
  case typeMismatch(key: String, value: String, expected: ConfigurationType)
  /// The value is of the key's type but its plugin's rule refuses it
  /// (`reason` says what was expected).
  case rejectedValue(key: String, value: String, reason: String)
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
    case .rejectedValue(let key, let value, let reason):
      return "'\(key)' = '\(value)': \(reason)"
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

import TextInputBase

/// Why a text-field rule refused a setting. Each message names the bad value
/// and what was expected. (A bad configuration value is a
/// `ConfigurationError` whose reason is this error's message.)
public enum TextFieldRulesError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A character limit below 0 (`CharacterLimit`).
  case negativeLimit(Int)
  /// A mask that is not one character drawn in one cell that starts a
  /// grapheme cluster of its own (`SecureEntry`).
  case unusableMask(String)
  /// A validation pattern that is not a regular expression; `reason` is the
  /// parser's message.
  case invalidPattern(String, reason: String)

  public var description: String {
    switch self {
    case .negativeLimit(let limit):
      return "character limit \(limit) is negative: expected 0 (no limit) or more grapheme clusters"
    case .unusableMask(let mask):
      return
        "mask \(mask.debugDescription) cannot mask a cluster: expected one character of one "
        + "UTF-16 code unit, one cell wide, that starts a grapheme cluster (such as \"•\" U+2022 or \"*\")"
    case .invalidPattern(let pattern, let reason):
      return
        "pattern \(pattern.debugDescription) is not a regular expression (\(reason)): expected a "
        + "Swift Regex such as ^[0-9]+$"
    }
  }
}

/// Why placeholder markup was refused (a bad configuration value is a
/// `ConfigurationError`, whose reason is this error's message for markup). Each message names
/// the bad value and what was expected; markup offsets count **characters**
/// (grapheme clusters) of the markup, from 0.
public enum PlaceholderError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A `*`, `_` or `[` that is never closed.
  case unclosedMarker(String, offset: Int)
  /// A closing `*`, `_` or `]` while another span opened inside it is still
  /// open (`*a _b* c_`): spans must nest.
  case misnestedMarker(String, offset: Int, open: String)
  /// A `]` with no `[` before it.
  case unexpectedMarker(String, offset: Int)
  /// A colour span whose `(…)` is missing or does not hold `#RGB`, `#RRGGBB`
  /// or `#RRGGBBAA`.
  case badColor(String, offset: Int)
  /// A `\` at the end of the markup, escaping nothing.
  case danglingEscape(offset: Int)

  public var description: String {
    switch self {
    case .unclosedMarker(let marker, let offset):
      return
        "attributedPlaceholder: \(marker) at character \(offset) is never closed: expected a "
        + "closing \(Self.closing(marker))"
    case .misnestedMarker(let marker, let offset, let open):
      return
        "attributedPlaceholder: \(marker) at character \(offset) closes across \(open), which is "
        + "still open: expected \(Self.closing(open)) first (spans must nest)"
    case .unexpectedMarker(let marker, let offset):
      return
        "attributedPlaceholder: \(marker) at character \(offset) closes nothing: expected a [ "
        + "before it (write \\\(marker) for the character itself)"
    case .badColor(let found, let offset):
      return
        "attributedPlaceholder: colour \(found.debugDescription) at character \(offset) is not a "
        + "colour: expected [text](#RGB), [text](#RRGGBB) or [text](#RRGGBBAA)"
    case .danglingEscape(let offset):
      return
        "attributedPlaceholder: \\ at character \(offset) escapes nothing: expected a character "
        + "after it (write \\\\ for a backslash)"
    }
  }

  private static func closing(_ marker: String) -> String {
    marker == "[" ? "](#RRGGBB)" : marker
  }
}

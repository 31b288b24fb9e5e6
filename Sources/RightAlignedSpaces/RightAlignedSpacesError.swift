import TextInputBase

/// Why `RightAlignedSpaces` refused a character to substitute. Each message
/// names the bad value and the form expected. (A bad configuration value is a
/// `ConfigurationError` whose reason is this error's message.)
public enum RightAlignedSpacesError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A `characters` entry that is not one character: neither a single Unicode
  /// scalar nor `U+XXXX`.
  case notOneCharacter(String)
  /// A character that cannot be substituted: it is not a space that collapses
  /// at a line end (see `RightAlignedSpaces.substitutableCharacters`).
  case unsupportedCharacter(String)

  public var description: String {
    switch self {
    case .notOneCharacter(let entry):
      return
        "characters entry \(entry.debugDescription) is not one character: expected a single "
        + "character such as \" \" or a code point such as U+0020"
    case .unsupportedCharacter(let entry):
      return
        "character \(entry) cannot be substituted by U+00A0: expected one of "
        + RightAlignedSpaces.substitutableCharacters.map(CodePointNotation.format).joined(
          separator: ", ")
        + " (a space that collapses at a line end)"
    }
  }
}

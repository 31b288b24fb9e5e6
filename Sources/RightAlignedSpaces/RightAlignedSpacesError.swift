/// Why a `RightAlignedSpaces` configuration was refused. Each message names the
/// bad value and the form expected.
public enum RightAlignedSpacesError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A `characters` entry that is not one character: neither a single Unicode
  /// scalar nor `U+XXXX`.
  case notOneCharacter(String)
  /// A character that cannot be substituted: it is not a space that collapses
  /// at a line end (see `RightAlignedSpaces.substitutableCharacters`).
  case unsupportedCharacter(String)
  /// An `activation` value that is not one of `RightAlignedSpaces.Activation`'s cases.
  case unknownActivation(String)
  /// A configuration value of the wrong type for `key`.
  case wrongType(key: String, value: String)

  public var description: String {
    switch self {
    case .notOneCharacter(let entry):
      return
        "characters entry \(entry.debugDescription) is not one character: expected a single "
        + "character such as \" \" or a code point such as U+0020"
    case .unsupportedCharacter(let entry):
      return
        "character \(entry) cannot be substituted by U+00A0: expected one of "
        + RightAlignedSpaces.substitutableCharacters.map(RightAlignedSpaces.codePoint).joined(
          separator: ", ")
        + " (a space that collapses at a line end)"
    case .unknownActivation(let value):
      return
        "activation \(value.debugDescription) is unknown: expected one of "
        + RightAlignedSpaces.Activation.allCases.map(\.rawValue).joined(separator: ", ")
    case .wrongType(let key, let value):
      return
        "rightAlignedSpaces.\(key) = \(value) has the wrong type: expected "
        + (key == "characters" ? "a list [U+0020, …]" : "one of trailingAlignment, always, never")
    }
  }
}

import TextInputBase
public import TextInputCore

extension RightAlignedSpaces {
  /// The plugin's id: `rightAlignedSpaces`.
  public static let pluginID = "rightAlignedSpaces"

  /// The descriptor: id `rightAlignedSpaces`, with the keys `activation`
  /// (`trailingAlignment`, `always`, `never`) and `characters` (a list of
  /// single characters or code points, default `[U+0020]`).
  ///
  /// ```
  /// rightAlignedSpaces.activation = always
  /// rightAlignedSpaces.characters = [U+0020, U+2009]
  /// ```
  public static let descriptor = PluginDescriptor(
    id: pluginID, name: "Right-aligned spaces", version: SemanticVersion(0, 1, 0),
    summary:
      "Keeps typed spaces visible at a trailing edge: trailing spaces drawn as U+00A0, the text unchanged.",
    dependencies: ["editor"],
    configuration: [
      ConfigurationKey(
        "activation", .enumeration(Activation.allCases.map(\.rawValue)),
        default: .enumeration(Activation.trailingAlignment.rawValue),
        doc: "When spaces are substituted: at a trailing alignment, always or never."),
      ConfigurationKey(
        "characters", .list(.string), default: .list([.string("U+0020")]),
        doc: "The characters substituted by U+00A0: single characters or U+XXXX code points.",
        rule: { value throws(ConfigurationKey.Refusal) in
          do throws(RightAlignedSpacesError) {
            return try characters(in: value)
          } catch {
            throw ConfigurationKey.Refusal(error.description)
          }
        }),
    ])

  /// The plugin: its behaviour is made with `init(configuration:)`.
  public static let plugin = Plugin(descriptor) { configuration throws(ConfigurationError) in
    try RightAlignedSpaces(configuration: configuration)
  }

  /// Creates the behaviour from the plugin's configuration; keys not set take
  /// their defaults.
  ///
  /// - Throws: `ConfigurationError` naming the key: `.typeMismatch` for a
  ///   value of the wrong type or an unknown activation, `.rejectedValue` for
  ///   a `characters` entry that is not one character or cannot be
  ///   substituted (found by the key's rule, which reads the list once).
  /// - Complexity: O(c) in the number of characters.
  public init(configuration: PluginConfiguration) throws(ConfigurationError) {
    let configuration = try Self.descriptor.check(configuration)
    let activation =
      try configuration.value(
        "activation", { $0.stringValue.flatMap(Activation.init(rawValue:)) },
        expected: .enumeration(Activation.allCases.map(\.rawValue))) ?? .trailingAlignment
    let characters = try configuration.parsed("characters", as: [Unicode.Scalar].self)
    self.init(activation: activation, checkedCharacters: characters)
  }

  /// The characters a `characters` value lists, each checked to be one
  /// substitutable character.
  static func characters(in value: ConfigurationValue) throws(RightAlignedSpacesError)
    -> [Unicode.Scalar]
  {
    var characters: [Unicode.Scalar] = []
    for entry in value.listValue ?? [] {
      let character = try character(parsing: entry.stringValue ?? entry.description)
      guard substitutableCharacters.contains(character) else {
        throw .unsupportedCharacter(CodePointNotation.format(character))
      }
      characters.append(character)
    }
    return characters
  }

  /// One character from its configuration form: the character itself or
  /// `U+XXXX`.
  static func character(parsing text: String) throws(RightAlignedSpacesError) -> Unicode.Scalar {
    let scalars = text.unicodeScalars
    if scalars.count == 1, let scalar = scalars.first { return scalar }
    if let scalar = CodePointNotation.parse(text) { return scalar }
    throw .notOneCharacter(text)
  }
}

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
        rule: { value in
          do throws(RightAlignedSpacesError) {
            _ = try characters(in: value)
            return nil
          } catch {
            return error.description
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
  /// - Throws: `ConfigurationError` naming the key: `.typeMismatch` for a value
  ///   of the wrong type or an unknown activation, `.rejectedValue` for a
  ///   `characters` entry that is not one character or cannot be substituted.
  /// - Complexity: O(c) in the number of characters.
  public init(configuration: PluginConfiguration) throws(ConfigurationError) {
    try Self.descriptor.check(configuration)
    let activation =
      try configuration.value(
        "activation", { $0.stringValue.flatMap(Activation.init(rawValue:)) },
        expected: .enumeration(Activation.allCases.map(\.rawValue))) ?? .trailingAlignment
    // `check` has run the `characters` rule, which reads the list as below, so
    // neither step fails here; should one, it is the rule's error, not a trap.
    do throws(RightAlignedSpacesError) {
      var characters: [Unicode.Scalar] = [" "]
      if let value = configuration["characters"] { characters = try Self.characters(in: value) }
      try self.init(activation: activation, characters: characters)
    } catch {
      throw .rejectedValue(
        key: "\(Self.pluginID).characters", value: configuration["characters"]?.description ?? "",
        reason: error.description)
    }
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

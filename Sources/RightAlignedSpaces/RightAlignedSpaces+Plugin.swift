public import TextInputCore

extension RightAlignedSpaces {
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
      "Keeps typed spaces visible at a trailing edge: U+0020 ⇄ U+00A0 with an exact round trip.",
    dependencies: ["editor"],
    configuration: [
      ConfigurationKey(
        "activation", .enumeration(Activation.allCases.map(\.rawValue)),
        default: .enumeration(Activation.trailingAlignment.rawValue),
        doc: "When spaces are substituted: at a trailing alignment, always or never."),
      ConfigurationKey(
        "characters", .list(.string), default: .list([.string("U+0020")]),
        doc: "The characters substituted by U+00A0: single characters or U+XXXX code points."),
    ])

  /// The plugin: its behaviour is made with `init(configuration:)`.
  public static let plugin = Plugin(descriptor) { configuration in
    try RightAlignedSpaces(configuration: configuration)
  }

  /// Creates the behaviour from the plugin's configuration; keys not set take
  /// their defaults.
  ///
  /// - Throws: `RightAlignedSpacesError` naming a value of the wrong type, an
  ///   unknown activation, an entry that is not one character, or a character
  ///   that cannot be substituted.
  /// - Complexity: O(c) in the number of characters.
  public init(configuration: PluginConfiguration) throws(RightAlignedSpacesError) {
    var activation = Activation.trailingAlignment
    if let value = configuration["activation"] {
      guard let name = value.stringValue else {
        throw .wrongType(key: "activation", value: value.description)
      }
      guard let parsed = Activation(rawValue: name) else { throw .unknownActivation(name) }
      activation = parsed
    }
    var characters: [Unicode.Scalar] = [" "]
    if let value = configuration["characters"] {
      guard let list = value.listValue else {
        throw .wrongType(key: "characters", value: value.description)
      }
      characters = []
      for entry in list {
        guard let text = entry.stringValue else {
          throw .wrongType(key: "characters", value: value.description)
        }
        characters.append(try Self.character(parsing: text))
      }
    }
    try self.init(activation: activation, characters: characters)
  }

  /// One character from its configuration form: the character itself or
  /// `U+XXXX`.
  static func character(parsing text: String) throws(RightAlignedSpacesError) -> Unicode.Scalar {
    let scalars = text.unicodeScalars
    if scalars.count == 1, let scalar = scalars.first { return scalar }
    let upper = text.uppercased()
    if upper.hasPrefix("U+"), (6...8).contains(upper.count),
      let value = UInt32(upper.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value)
    {
      return scalar
    }
    throw .notOneCharacter(text)
  }
}

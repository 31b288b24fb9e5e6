import Foundation
public import TextInputCore

extension EditorLinks {
  /// The descriptor: id `links`, with the keys `detectors`, `tolerance`,
  /// `minimumPressDuration`, `longPressDuration`, `allowableMovement`,
  /// `highlightColor` and `truncationToken`.
  ///
  /// ```
  /// links.detectors = [url, email, phone]
  /// links.tolerance = 0.5
  /// links.minimumPressDuration = 0.01
  /// links.highlightColor = #007AFF33
  /// links.truncationToken = "… more"
  /// ```
  public static let descriptor = PluginDescriptor(
    id: pluginID, name: "Links", version: SemanticVersion(0, 1, 0),
    summary:
      "Links in wrapped text: detection kept in sync with edits, per-line rects, taps with "
      + "tolerance, press gestures, accessibility elements.",
    dependencies: ["editor"],
    configuration: [
      ConfigurationKey(
        "detectors", .list(.string),
        default: .list(
          LinkKind.allCases.filter { LinkDetector.defaultKinds.contains($0) }.map {
            .string($0.rawValue)
          }),
        doc: "The kinds detected: url, email, phone, mention, hashtag, cashtag.",
        rule: { value throws(ConfigurationKey.Refusal) in
          var kinds = Set<LinkKind>()
          for item in value.listValue ?? [] {
            let name = item.stringValue ?? item.description
            guard let kind = LinkKind(rawValue: name), kind != .custom else {
              throw ConfigurationKey.Refusal(LinkDetectorError.unknownKind(name).description)
            }
            kinds.insert(kind)
          }
          return kinds
        }),
      ConfigurationKey(
        "tolerance", .number, default: .number(0.25),
        doc:
          "How far around a link's rects a touch still hits it, in line heights of the font.",
        rule: nonNegative),
      ConfigurationKey(
        "minimumPressDuration", .number, default: .number(0.01),
        doc: "The shortest press that counts, in seconds.", rule: nonNegative),
      ConfigurationKey(
        "longPressDuration", .number, default: .number(0.5),
        doc: "How long a press lasts before it is a long press, in seconds.", rule: nonNegative),
      ConfigurationKey(
        "allowableMovement", .number, default: .number(10),
        doc: "How far a press may move before it is cancelled, in points.", rule: nonNegative),
      ConfigurationKey(
        "highlightColor", .color, default: .color(defaultHighlightColor),
        doc: "The colour over a pressed link's rects."),
      ConfigurationKey(
        "truncationToken", .string, default: .string("\u{2026}more"),
        doc: "The text a line-limited view ends cut text with; a link of its own."),
    ])

  private static let nonNegative: ConfigurationKey.Rule = {
    value throws(ConfigurationKey.Refusal) in
    guard let number = value.numberValue, number.isFinite, number >= 0 else {
      throw ConfigurationKey.Refusal("expected a finite number of 0 or more")
    }
    return number
  }

  /// The plugin: its behaviour is made with `init(configuration:)`.
  public static let plugin = Plugin(descriptor) { configuration throws(ConfigurationError) in
    try EditorLinks(configuration: configuration)
  }

  /// Creates the behaviour from the plugin's configuration; keys not set take
  /// their defaults.
  ///
  /// - Throws: `ConfigurationError` naming the key: `.typeMismatch` for a value
  ///   of the wrong type, `.rejectedValue` for an unknown detector kind or a
  ///   negative or non-finite duration or distance.
  public init(configuration: PluginConfiguration) throws(ConfigurationError) {
    let configuration = try Self.descriptor.check(configuration)
    // Every value below was read once, by its key's rule (defaults included).
    let kinds = try configuration.parsed("detectors", as: Set<LinkKind>.self)
    func number(_ key: String) throws(ConfigurationError) -> Double {
      try configuration.parsed(key, as: Double.self)
    }
    let press = LinkPressGesture.Configuration(
      minimumPressDuration: try number("minimumPressDuration"),
      longPressDuration: try number("longPressDuration"),
      allowableMovement: CGFloat(try number("allowableMovement")),
      tolerance: CGFloat(try number("tolerance")))
    let color =
      try configuration.value("highlightColor", \.colorValue, expected: .color)
      ?? Self.defaultHighlightColor
    var token = TruncationToken.more
    if let text = try configuration.value("truncationToken", \.stringValue, expected: .string) {
      token = TruncationToken(text, target: TruncationToken.more.target)
    }
    self.init(
      detector: LinkDetector(kinds: kinds), press: press, highlightColor: color,
      truncationToken: token)
  }
}

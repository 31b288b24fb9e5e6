// The library's own types as option values: ArgumentParser parses them, and
// `--help` lists their values. (Public imports: a conformance of a public type
// to a public protocol is public.)
public import ArgumentParser
public import TextInputKit

/// `links --rules extended|gfm`.
extension LinkDetector.URLRules: ExpressibleByArgument {}

/// `playground --mode static|bouncy|floating`.
extension PlaceholderMode: ExpressibleByArgument {}

/// `playground --align left|right|center|natural`.
extension TextAlignment: ExpressibleByArgument {}

/// `hit-test --policy standard|uikit|frontMost`.
extension HitTestPolicy: ExpressibleByArgument {
  /// The policy named `standard`, `uikit` or `frontMost`.
  public init?(argument: String) { self.init(name: argument) }

  /// The policy's name.
  public var defaultValueDescription: String { description }

  /// The named policies.
  public static var allValueStrings: [String] { named.map(\.name) }
}

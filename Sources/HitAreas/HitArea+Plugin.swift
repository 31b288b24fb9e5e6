import Foundation
public import TextInputBase

/// The `hitAreas` plugin: a view's hit area as configuration keys, the
/// swizzled category's properties as Interface Builder attributes. It installs
/// no editor behaviour; `HitArea.configure(_:)` reads it.
///
/// ```
/// hitAreas.hitTestExpandRects = [{{-10, 0}, {10, 44}}, {{44, 0}, {10, 44}}]
/// hitAreas.hitTestEdgeInsets = {-8, -8, -8, -8}
/// hitAreas.minimumHitSize = {44, 44}
/// hitAreas.hitShape = ["circle {22, 22} 22", "exclude rect {{0, 40}, {44, 4}}"]
/// ```
extension HitArea {
  /// The plugin's id: `hitAreas`.
  public static let pluginID = "hitAreas"

  /// The descriptor: id `hitAreas`, keys `hitTestExpandRects`,
  /// `hitTestEdgeInsets`, `minimumHitSize`, `hitShape`.
  public static let descriptor = PluginDescriptor(
    id: pluginID, name: "Hit areas", version: SemanticVersion(0, 1, 0),
    summary: "Touch areas beyond a view's bounds: rects, insets, shapes, minimum size.",
    configuration: [
      ConfigurationKey(
        "hitTestExpandRects", .list(.rect), default: .list([]),
        doc: "More rects that take touches, in the view's coordinates, in points."),
      ConfigurationKey(
        "hitTestEdgeInsets", .insets, default: .insets(.zero),
        doc:
          "Insets {top, left, bottom, right} of the bounds, in points, with "
          + "UIEdgeInsetsInsetRect's sign: negative grows the area."),
      ConfigurationKey(
        "minimumHitSize", .size, default: .size(.zero),
        doc:
          "The least hit area {width, height}, centred on the bounds, in points (44 × 44: Apple).",
        rule: { value throws(ConfigurationKey.Refusal) in
          guard let size = value.sizeValue, size.width < 0 || size.height < 0 else { return value }
          throw ConfigurationKey.Refusal("expected a width and height of 0 or more")
        }),
      ConfigurationKey(
        "hitShape", .list(.string), default: .list([]),
        doc:
          "Shapes added to the area, each quoted (\"circle {x, y} r\", ellipse, roundedRect, polygon, rect), "
          + "or removed with 'exclude', in the view's coordinates, in points.",
        rule: { value throws(ConfigurationKey.Refusal) in
          var entries: [(shape: HitShape, excluded: Bool)] = []
          for element in value.listValue ?? [] {
            do throws(HitShapeError) {
              entries.append(try HitArea.shapeEntry(element.stringValue ?? ""))
            } catch {
              throw ConfigurationKey.Refusal(error.description)
            }
          }
          return entries
        }),
    ])

  /// The plugin (no editor behaviour).
  public static let plugin = Plugin(descriptor)

  /// Applies the `hitAreas` configuration: `hitTestExpandRects` replaces
  /// `extraRects`, `hitTestEdgeInsets` `insets`, `minimumHitSize`
  /// `minimumSize`, and `hitShape` `shapes` and `exclusions`. Keys not set
  /// keep their current value; nothing is applied when one value is refused.
  ///
  /// - Throws: `ConfigurationError` naming the key qualified by `hitAreas`.
  public mutating func configure(_ configuration: PluginConfiguration) throws(ConfigurationError) {
    let configuration = try Self.descriptor.check(configuration)
    let rects = try configuration.value(
      "hitTestExpandRects", { $0.listValue.map { $0.compactMap(\.rectValue) } },
      expected: .list(.rect))
    let insets = try configuration.value("hitTestEdgeInsets", \.insetsValue, expected: .insets)
    let minimum = try configuration.value("minimumHitSize", \.sizeValue, expected: .size)
    // The shapes were read once, by the key's rule.
    let entries = try configuration.parsed(
      "hitShape", as: [(shape: HitShape, excluded: Bool)].self)
    if let rects { extraRects = rects }
    if let insets { self.insets = insets }
    if let minimum { minimumSize = minimum }
    if configuration["hitShape"] != nil {
      self.shapes = entries.filter { !$0.excluded }.map(\.shape)
      exclusions = entries.filter(\.excluded).map(\.shape)
    }
  }

  /// The area's keys as a `hitAreas` configuration (every key, the unset ones
  /// at their defaults); `configure(_:)` reads it back. `includesBounds` has
  /// no key and is not written.
  public var configuration: PluginConfiguration {
    PluginConfiguration(
      pluginID: Self.pluginID,
      values: [
        "hitTestExpandRects": .list(extraRects.map { .rect($0) }),
        "hitTestEdgeInsets": .insets(insets),
        "minimumHitSize": .size(minimumSize),
        "hitShape": .list(
          shapes.map { .string($0.description) }
            + exclusions.map { .string("exclude " + $0.description) }),
      ])
  }

  /// One `hitShape` entry: a shape, or `exclude` and a shape.
  ///
  /// - Throws: `HitShapeError` naming the text.
  static func shapeEntry(_ text: String) throws(HitShapeError) -> (shape: HitShape, excluded: Bool)
  {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("exclude ") {
      return (try HitShape(text: String(trimmed.dropFirst("exclude ".count))), true)
    }
    return (try HitShape(text: trimmed), false)
  }
}

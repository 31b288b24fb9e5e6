public import Foundation
import TextInputBase

extension HitTree {
  /// The keys a view object of the JSON form may have.
  public static let jsonKeys = [
    "id", "frame", "bounds", "transform", "hidden", "alpha", "userInteractionEnabled",
    "clipsToBounds", "allowsSubviewHitsOutside", "hitTestExpandRects", "hitTestEdgeInsets",
    "minimumHitSize", "hitShape", "hitIncludesBounds", "subviews",
  ]

  /// Reads a view hierarchy dumped from an app as JSON: one object a view,
  /// the root at the top. Geometry is in points, UIKit coordinates, as
  /// `NSStringFromCGRect` and friends write it.
  ///
  /// | key | value |
  /// |---|---|
  /// | `id` | a string (required) |
  /// | `frame` | `"{{x, y}, {w, h}}"` in the superview's coordinates (required); with a transform, only its midpoint is used (UIKit's frame is then the transformed box) |
  /// | `bounds` | `"{{x, y}, {w, h}}"` or `"{x, y}"`: the origin is the scroll offset; the size defaults to the frame's |
  /// | `transform` | `"[a, b, c, d, tx, ty]"` (`NSStringFromCGAffineTransform`) or six numbers |
  /// | `hidden`, `userInteractionEnabled`, `clipsToBounds`, `allowsSubviewHitsOutside` | booleans |
  /// | `alpha` | a number |
  /// | `hitTestExpandRects` | rect strings, in the view's own coordinates |
  /// | `hitTestEdgeInsets` | `"{top, left, bottom, right}"`, `UIEdgeInsetsInsetRect`'s sign: the bounds inset by them replace the bounds; negative grows |
  /// | `minimumHitSize` | `"{w, h}"` |
  /// | `hitShape` | a shape string or a list of them (see `HitShape(text:)`); `exclude <shape>` subtracts |
  /// | `hitIncludesBounds` | a boolean (default true; false for a view whose shape alone takes touches) |
  /// | `subviews` | view objects, back to front |
  ///
  /// ```swift
  /// let tree = try HitTree(json: Data(#"""
  ///   {"id": "root", "frame": "{{0, 0}, {320, 480}}", "subviews": [
  ///     {"id": "close", "frame": "{{8, 10}, {24, 24}}", "minimumHitSize": "{44, 44}"}]}
  ///   """#.utf8))
  /// tree.hitTest(CGPoint(x: 40, y: 20)).map { tree[$0.view].id }  // "close"
  /// ```
  ///
  /// The JSON reader nests at most 512 arrays and objects, so a tree deeper
  /// than about 250 views is refused with an error (never a crash).
  ///
  /// - Throws: `HitTreeDecodingError` naming the view (its id, or its place
  ///   when it has none) and the key, with the value found and what was
  ///   expected; unknown keys are refused with the nearest known key.
  /// - Complexity: O(n) in the size of the JSON.
  public init(json data: Data) throws(HitTreeDecodingError) {
    let value: JSONValue
    do {
      value = try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      throw HitTreeDecodingError(view: "the tree", key: nil, problem: "not valid JSON (\(error))")
    }
    var pending: [(value: JSONValue, parent: Index?, place: String)] = [(value, nil, "the root")]
    var tree: HitTree?
    while let (object, parent, place) = pending.popLast() {
      let (view, subviews) = try Self.view(from: object, place: place)
      let index: Index
      if let parent {
        // Only the root has no parent, and it is read first.
        index = tree?.add(view, to: parent) ?? parent
      } else {
        tree = HitTree(root: view)
        index = Index(0)
      }
      // Pushed back to front reversed, so they pop (and are added) back to front.
      for (position, subview) in subviews.enumerated().reversed() {
        pending.append((subview, index, "subviews[\(position)] of '\(view.id)'"))
      }
    }
    guard let tree else {
      throw HitTreeDecodingError(view: "the tree", key: nil, problem: "no root view")
    }
    self = tree
  }

  private static func view(from value: JSONValue, place: String) throws(HitTreeDecodingError)
    -> (HitView, [JSONValue])
  {
    guard case .object(let object) = value else {
      throw HitTreeDecodingError(
        view: place, key: nil, problem: "expected a view object {\"id\": …}, got \(value)")
    }
    var name = place
    if case .string(let id)? = object["id"] { name = "'\(id)'" }
    func fail(_ key: String, _ expected: String) -> HitTreeDecodingError {
      HitTreeDecodingError(
        view: name, key: key, problem: "expected \(expected), got \(object[key] ?? .null)")
    }
    for key in object.keys.sorted() where !jsonKeys.contains(key) {
      let suggestion = Configuration.suggestion(for: key, in: jsonKeys)
      throw HitTreeDecodingError(
        view: name, key: key,
        problem: "unknown key" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
    }
    guard case .string(let id)? = object["id"] else { throw fail("id", "a string") }
    guard case .string(let frameText)? = object["frame"],
      let frame = try? GeometryText.rect(from: frameText)
    else { throw fail("frame", "a rect string \"{{x, y}, {width, height}}\"") }
    var bounds = CGRect(origin: .zero, size: frame.size)
    if let value = object["bounds"] {
      guard case .string(let text) = value else { throw fail("bounds", "a rect or point string") }
      if let rect = try? GeometryText.rect(from: text) {
        bounds = rect
      } else if let origin = try? GeometryText.point(from: text) {
        bounds.origin = origin
      } else {
        throw fail("bounds", "a rect string \"{{x, y}, {width, height}}\" or a point \"{x, y}\"")
      }
    }
    var view = HitView(id: id, center: CGPoint(x: frame.midX, y: frame.midY), bounds: bounds)
    if let value = object["transform"] {
      let expected = "a transform \"[a, b, c, d, tx, ty]\" or six numbers"
      switch value {
      case .string(let text):
        guard let transform = HitTransform(text: text) else { throw fail("transform", expected) }
        view.transform = transform
      case .array(let items):
        let numbers = items.compactMap { item -> CGFloat? in
          if case .number(let number) = item, number.isFinite { return CGFloat(number) }
          return nil
        }
        guard numbers.count == 6, items.count == 6 else { throw fail("transform", expected) }
        view.transform = HitTransform(
          a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4],
          ty: numbers[5])
      default: throw fail("transform", expected)
      }
    }
    func boolean(_ key: String) throws(HitTreeDecodingError) -> Bool? {
      guard let value = object[key] else { return nil }
      guard case .bool(let flag) = value else { throw fail(key, "true or false") }
      return flag
    }
    if let flag = try boolean("hidden") { view.isHidden = flag }
    if let flag = try boolean("userInteractionEnabled") { view.isUserInteractionEnabled = flag }
    if let flag = try boolean("clipsToBounds") { view.clipsToBounds = flag }
    if let flag = try boolean("allowsSubviewHitsOutside") { view.allowsSubviewHitsOutside = flag }
    if let flag = try boolean("hitIncludesBounds") { view.hitArea.includesBounds = flag }
    if let value = object["alpha"] {
      guard case .number(let alpha) = value else { throw fail("alpha", "a number 0–1") }
      view.alpha = CGFloat(alpha)
    }
    if let value = object["hitTestExpandRects"] {
      let expected = "a list of rect strings [\"{{x, y}, {width, height}}\", …]"
      guard case .array(let items) = value else { throw fail("hitTestExpandRects", expected) }
      for item in items {
        guard case .string(let text) = item, let rect = try? GeometryText.rect(from: text) else {
          throw fail("hitTestExpandRects", expected)
        }
        view.hitArea.extraRects.append(rect)
      }
    }
    if let value = object["hitTestEdgeInsets"] {
      guard case .string(let text) = value,
        let insets = (try? ConfigurationValue(parsing: text, as: .insets))?.insetsValue,
        insets.isFinite
      else {
        throw fail("hitTestEdgeInsets", "insets \"{top, left, bottom, right}\"")
      }
      view.hitArea.insets = insets
    }
    if let value = object["minimumHitSize"] {
      guard case .string(let text) = value, let size = try? GeometryText.size(from: text),
        size.width >= 0, size.height >= 0
      else { throw fail("minimumHitSize", "a size \"{width, height}\" of 0 or more") }
      view.hitArea.minimumSize = size
    }
    if let value = object["hitShape"] {
      var texts: [String] = []
      switch value {
      case .string(let text): texts = [text]
      case .array(let items):
        for item in items {
          guard case .string(let text) = item else {
            throw fail("hitShape", "a shape string or a list of them")
          }
          texts.append(text)
        }
      default: throw fail("hitShape", "a shape string or a list of them")
      }
      for text in texts {
        do throws(HitShapeError) {
          let entry = try HitArea.shapeEntry(text)
          if entry.excluded {
            view.hitArea.exclusions.append(entry.shape)
          } else {
            view.hitArea.shapes.append(entry.shape)
          }
        } catch {
          throw HitTreeDecodingError(view: name, key: "hitShape", problem: error.description)
        }
      }
    }
    var subviews: [JSONValue] = []
    if let value = object["subviews"] {
      guard case .array(let items) = value else { throw fail("subviews", "a list of views") }
      subviews = items
    }
    return (view, subviews)
  }
}

/// A view tree's JSON that cannot be read: names the view (its id, or its
/// place in the tree when it has none) and the key, with what was found and
/// what was expected.
///
/// ```swift
/// // view 'close', key 'frame': expected a rect string "{{x, y}, {width, height}}", got "{{8, 10}, {24}}"
/// // view 'card', key 'hidde': unknown key; did you mean 'hidden'?
/// // view subviews[2] of 'card', key 'id': expected a string, got null
/// ```
public struct HitTreeDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The view: `'id'` in quotes, or its place (`subviews[2] of 'card'`,
  /// `the root`); `the tree` when the JSON itself is bad.
  public var view: String
  /// The key, or nil when the whole view or JSON is at fault.
  public var key: String?
  /// What was found and what was expected.
  public var problem: String

  /// Creates an error.
  public init(view: String, key: String?, problem: String) {
    self.view = view
    self.key = key
    self.problem = problem
  }

  public var description: String {
    if let key { return "view \(view), key '\(key)': \(problem)" }
    return "view \(view): \(problem)"
  }
}

/// A JSON value, read strictly (a boolean is never a number).
enum JSONValue: Decodable, CustomStringConvertible {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// The value as JSON text, shortened for messages.
  var description: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value): return GeometryText.number(CGFloat(value))
    case .string(let value):
      return "\"" + (value.count > 60 ? value.prefix(57) + "…" : Substring(value)) + "\""
    case .array(let items): return "a list of \(items.count)"
    case .object: return "an object"
    }
  }
}

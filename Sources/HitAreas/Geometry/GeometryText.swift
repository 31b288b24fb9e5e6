public import Foundation

/// The string forms UIKit writes geometry in — `NSStringFromCGRect`,
/// `NSStringFromCGSize`, `NSStringFromCGPoint` — printed and read back. Values
/// are in points.
///
/// Reading is strict where UIKit's `CGRectFromString` is lenient: a malformed
/// string, a missing number, or a NaN or infinite one is an error naming the
/// text and the form expected, never a silent zero.
///
/// ```swift
/// try GeometryText.rect(from: "{{-10, 0}, {64, 44}}")   // CGRect(x: -10, y: 0, width: 64, height: 44)
/// GeometryText.string(from: CGRect(x: 0.5, y: 0, width: 20, height: 10))
/// // "{{0.5, 0}, {20, 10}}"
/// try GeometryText.rect(from: "{{0, 0}, {44}}")
/// // throws: '{{0, 0}, {44}}': expected a rect {{x, y}, {width, height}}
/// ```
public enum GeometryText {
  /// `{{x, y}, {width, height}}`, as `NSStringFromCGRect`.
  public static func string(from rect: CGRect) -> String {
    "{\(string(from: rect.origin)), \(string(from: rect.size))}"
  }

  /// `{x, y}`, as `NSStringFromCGPoint`.
  public static func string(from point: CGPoint) -> String {
    "{\(number(point.x)), \(number(point.y))}"
  }

  /// `{width, height}`, as `NSStringFromCGSize`.
  public static func string(from size: CGSize) -> String {
    "{\(number(size.width)), \(number(size.height))}"
  }

  /// Reads `{{x, y}, {width, height}}` (spaces anywhere between tokens).
  ///
  /// - Throws: `GeometryTextError` naming the text, for any other form or a
  ///   NaN or infinite number. Negative sizes are kept (they read as
  ///   `CGRect.standardized` does when hit-testing).
  /// - Complexity: O(n) in the length of `text`.
  public static func rect(from text: String) throws(GeometryTextError) -> CGRect {
    let failure = GeometryTextError(text: text, expected: .rect)
    let compact = text.filter { !$0.isWhitespace }
    guard compact.hasPrefix("{{"), compact.hasSuffix("}}"), compact.count >= 4 else {
      throw failure
    }
    let inner = compact.dropFirst().dropLast()
    let halves = inner.components(separatedBy: "},{")
    guard halves.count == 2,
      let origin = numbers(in: halves[0] + "}", open: "{", close: "}"),
      let size = numbers(in: "{" + halves[1], open: "{", close: "}"),
      origin.count == 2, size.count == 2,
      (origin + size).allSatisfy(\.isFinite)
    else { throw failure }
    return CGRect(x: origin[0], y: origin[1], width: size[0], height: size[1])
  }

  /// Reads `{x, y}`.
  ///
  /// - Throws: `GeometryTextError` naming the text, for any other form or a
  ///   NaN or infinite number.
  /// - Complexity: O(n) in the length of `text`.
  public static func point(from text: String) throws(GeometryTextError) -> CGPoint {
    guard let values = numbers(in: text, open: "{", close: "}"), values.count == 2,
      values.allSatisfy(\.isFinite)
    else { throw GeometryTextError(text: text, expected: .point) }
    return CGPoint(x: values[0], y: values[1])
  }

  /// Reads `{width, height}`.
  ///
  /// - Throws: `GeometryTextError` naming the text, for any other form or a
  ///   NaN or infinite number.
  /// - Complexity: O(n) in the length of `text`.
  public static func size(from text: String) throws(GeometryTextError) -> CGSize {
    guard let values = numbers(in: text, open: "{", close: "}"), values.count == 2,
      values.allSatisfy(\.isFinite)
    else { throw GeometryTextError(text: text, expected: .size) }
    return CGSize(width: values[0], height: values[1])
  }

  /// A number as UIKit's string forms print it: integral values without a
  /// fraction (`5`, `-12`), others in Swift's shortest round-tripping form
  /// (`0.5`).
  static func number(_ value: CGFloat) -> String {
    let double = Double(value)
    if double == double.rounded(), Swift.abs(double) < 9_007_199_254_740_992 {
      return double == 0 ? "0" : String(Int64(double))
    }
    return double.description
  }

  /// The comma-separated numbers between `open` and `close` (spaces
  /// ignored), or nil when the text is not of that form. Numbers may be NaN
  /// or infinite here; callers check.
  static func numbers(in text: String, open: Character, close: Character) -> [CGFloat]? {
    let compact = text.filter { !$0.isWhitespace }
    guard compact.first == open, compact.last == close, compact.count >= 2 else { return nil }
    let body = compact.dropFirst().dropLast()
    guard !body.isEmpty else { return nil }
    var values: [CGFloat] = []
    for piece in body.split(separator: ",", omittingEmptySubsequences: false) {
      guard let value = Double(piece) else { return nil }
      values.append(CGFloat(value))
    }
    return values
  }
}

/// A geometry string that is not of the form expected: names the text and
/// the form.
///
/// ```swift
/// // '{{0, 0}, {44}}': expected a rect {{x, y}, {width, height}}
/// ```
public struct GeometryTextError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The forms geometry strings take.
  public enum Form: String, Hashable, Sendable {
    /// `{{x, y}, {width, height}}`.
    case rect = "a rect {{x, y}, {width, height}}"
    /// `{x, y}`.
    case point = "a point {x, y}"
    /// `{width, height}`.
    case size = "a size {width, height}"
    /// `{top, left, bottom, right}`.
    case insets = "insets {top, left, bottom, right}"
    /// `[a, b, c, d, tx, ty]`.
    case transform = "a transform [a, b, c, d, tx, ty]"
  }

  /// The text that was read.
  public var text: String
  /// The form it should have had.
  public var expected: Form

  /// Creates an error for `text`, which is not `expected`.
  public init(text: String, expected: Form) {
    self.text = text
    self.expected = expected
  }

  public var description: String { "'\(text)': expected \(expected.rawValue) of finite numbers" }
}

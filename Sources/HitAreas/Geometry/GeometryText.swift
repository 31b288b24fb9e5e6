public import Foundation
import TextInputBase

/// The string forms UIKit writes geometry in — `NSStringFromCGRect`,
/// `NSStringFromCGSize`, `NSStringFromCGPoint` — printed and read back. Values
/// are in points.
///
/// They are the configuration's own forms (`ConfigurationValue`'s `.rect`,
/// `.point`, `.size`), so a rect reads the same in a configuration file, in
/// `hitTestExpandRects` and in `Samples hit-test`'s JSON. Reading is strict
/// where UIKit's `CGRectFromString` is lenient: a malformed string, a missing
/// number, or a NaN or infinite one is an error naming the text and the form
/// expected, never a silent zero.
///
/// ```swift
/// try GeometryText.rect(from: "{{-10, 0}, {64, 44}}")   // CGRect(x: -10, y: 0, width: 64, height: 44)
/// GeometryText.string(from: CGRect(x: 0.5, y: 0, width: 20, height: 10))
/// // "{{0.5, 0}, {20, 10}}"
/// try GeometryText.rect(from: "{{0, 0}, {44}}")
/// // throws: '{{0, 0}, {44}}': expected a rect {{x, y}, {width, height}} of finite numbers
/// ```
public enum GeometryText {
  /// `{{x, y}, {width, height}}`, as `NSStringFromCGRect`.
  public static func string(from rect: CGRect) -> String {
    ConfigurationValue.rect(rect).description
  }

  /// `{x, y}`, as `NSStringFromCGPoint`.
  public static func string(from point: CGPoint) -> String {
    ConfigurationValue.point(point).description
  }

  /// `{width, height}`, as `NSStringFromCGSize`.
  public static func string(from size: CGSize) -> String {
    ConfigurationValue.size(size).description
  }

  /// Reads `{{x, y}, {width, height}}` (spaces anywhere between tokens), with
  /// the configuration's number rules (decimal, finite).
  ///
  /// - Throws: `GeometryTextError` naming the text, for any other form or a
  ///   NaN or infinite number. Negative sizes are kept (they read as
  ///   `CGRect.standardized` does when hit-testing).
  /// - Complexity: O(n) in the length of `text`.
  public static func rect(from text: String) throws(GeometryTextError) -> CGRect {
    guard let rect = (try? ConfigurationValue(parsing: text, as: .rect))?.rectValue else {
      throw GeometryTextError(text: text, expected: .rect)
    }
    return rect
  }

  /// Reads `{x, y}`.
  ///
  /// - Throws: `GeometryTextError` naming the text, for any other form or a
  ///   NaN or infinite number.
  /// - Complexity: O(n) in the length of `text`.
  public static func point(from text: String) throws(GeometryTextError) -> CGPoint {
    guard let point = (try? ConfigurationValue(parsing: text, as: .point))?.pointValue else {
      throw GeometryTextError(text: text, expected: .point)
    }
    return point
  }

  /// Reads `{width, height}`.
  ///
  /// - Throws: `GeometryTextError` naming the text, for any other form or a
  ///   NaN or infinite number.
  /// - Complexity: O(n) in the length of `text`.
  public static func size(from text: String) throws(GeometryTextError) -> CGSize {
    guard let size = (try? ConfigurationValue(parsing: text, as: .size))?.sizeValue else {
      throw GeometryTextError(text: text, expected: .size)
    }
    return size
  }

  /// A number as the string forms print it: integral values without a
  /// fraction (`5`, `-12`), others in Swift's shortest round-tripping form
  /// (`0.5`).
  ///
  /// ```swift
  /// GeometryText.number(44)    // "44"
  /// GeometryText.number(-0.5)  // "-0.5"
  /// ```
  public static func number(_ value: CGFloat) -> String {
    ConfigurationValue.number(Double(value)).description
  }

  /// The numbers of a bracket list `[a, b, …]` (spaces ignored), or nil when
  /// the text is not one or a number is not finite.
  static func numberList(_ text: String) -> [CGFloat]? {
    guard let values = (try? ConfigurationValue(parsing: text, as: .list(.number)))?.listValue
    else { return nil }
    return values.compactMap { $0.numberValue.map { CGFloat($0) } }
  }
}

/// A geometry string that is not of the form expected: names the text and
/// the form.
///
/// ```swift
/// // '{{0, 0}, {44}}': expected a rect {{x, y}, {width, height}} of finite numbers
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

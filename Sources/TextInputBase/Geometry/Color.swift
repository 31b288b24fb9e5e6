public import Foundation

/// An sRGB colour with 8-bit components, as configuration writes it
/// (`#RGB`, `#RRGGBB`, `#RRGGBBAA`).
///
/// ```swift
/// Color(hex: "#8E8E93")?.description  // "#8E8E93"
/// Color(hex: "#F00")                  // red 255, green 0, blue 0, alpha 255
/// ```
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// Red, 0–255.
  public var red: UInt8
  /// Green, 0–255.
  public var green: UInt8
  /// Blue, 0–255.
  public var blue: UInt8
  /// Alpha, 0 (transparent) – 255 (opaque).
  public var alpha: UInt8

  /// Creates a colour from 8-bit components.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA` (hex digits of either case); nil otherwise.
  public init?(hex: String) {
    guard hex.hasPrefix("#") else { return nil }
    let digits = hex.utf8.dropFirst().map { Self.hexValue($0) }
    guard digits.allSatisfy({ $0 != nil }) else { return nil }
    let values = digits.compactMap { $0 }
    func byte(_ index: Int) -> UInt8 { values[index] << 4 | values[index + 1] }
    switch values.count {
    case 3:
      self.init(
        red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
    case 6:
      self.init(red: byte(0), green: byte(2), blue: byte(4))
    case 8:
      self.init(red: byte(0), green: byte(2), blue: byte(4), alpha: byte(6))
    default:
      return nil
    }
  }

  /// `#RRGGBB` when opaque, else `#RRGGBBAA`; upper-case digits.
  public var description: String {
    let parts = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
    return "#" + parts.map { Self.hex($0) }.joined()
  }

  /// The components as fractions 0–1 (red, green, blue, alpha), for a renderer.
  public var components: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    (CGFloat(red) / 255, CGFloat(green) / 255, CGFloat(blue) / 255, CGFloat(alpha) / 255)
  }

  /// iOS's placeholder grey (`UIColor.placeholderText` in light mode, #3C3C4399).
  public static let placeholderGrey = Color(red: 0x3C, green: 0x3C, blue: 0x43, alpha: 0x99)

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  private static func hex(_ value: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(value >> 4)], digits[Int(value & 0xF)]])
  }
}

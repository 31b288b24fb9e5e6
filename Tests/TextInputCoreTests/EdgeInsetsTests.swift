import Foundation
import Testing
import TextInputCore

@Suite("EdgeInsets.inset(_:): the one rect inset")
struct EdgeInsetsTests {
  static let rect = CGRect(x: 10, y: 20, width: 6, height: 4)

  @Test(
    "Insets shrink, negative ones grow, and too-large ones leave an empty rect inside",
    arguments: [
      (EdgeInsets(top: 1, left: 2, bottom: 1, right: 1), CGRect(x: 12, y: 21, width: 3, height: 2)),
      (
        EdgeInsets(top: -1, left: -2, bottom: 0, right: 0), CGRect(x: 8, y: 19, width: 8, height: 5)
      ),
      (EdgeInsets(top: 0, left: 9, bottom: 0, right: 0), CGRect(x: 16, y: 20, width: 0, height: 4)),
      (EdgeInsets(top: 0, left: 0, bottom: 0, right: 9), CGRect(x: 10, y: 20, width: 0, height: 4)),
      (EdgeInsets(top: 3, left: 4, bottom: 3, right: 4), CGRect(x: 14, y: 23, width: 0, height: 0)),
      (EdgeInsets(top: 9, left: 9, bottom: 9, right: 9), CGRect(x: 16, y: 24, width: 0, height: 0)),
    ] as [(EdgeInsets, CGRect)])
  func inset(insets: EdgeInsets, expected: CGRect) {
    let result = insets.inset(Self.rect)
    #expect(result == expected)
    if insets.top >= 0, insets.left >= 0, insets.bottom >= 0, insets.right >= 0 {
      #expect(
        Self.rect.contains(result.origin) || result.origin.x == Self.rect.maxX
          || result.origin.y == Self.rect.maxY)
      #expect(result.maxX <= Self.rect.maxX && result.maxY <= Self.rect.maxY)
    }
  }
}

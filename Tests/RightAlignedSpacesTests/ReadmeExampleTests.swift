import Foundation
import Testing
import TextInputKit

/// The RightAlignedSpaces example in the README, with its results.
@Suite("README example: RightAlignedSpaces")
struct RightAlignedSpacesReadmeTests {
  @Test func readmeExample() {
    var field = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
    field.insert("Pay ")
    #expect(field.text == "Pay ")
    #expect(field.displayedText == "Pay\u{A0}")
    #expect(field.presentation[TrailingSpacePad.self]?.width == 1)
    field.insert("10")
    #expect(field.displayedText == "Pay 10")
    field.insert("\u{A0}")
    #expect(field.text == "Pay 10\u{A0}")
    field.setAlignment(.left)
    #expect(field.displayedText == "Pay 10\u{A0}")
    #expect(field.selection == NSRange(location: 7, length: 0))
  }
}

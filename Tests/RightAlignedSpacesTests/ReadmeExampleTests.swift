import Foundation
import Testing
import TextInputKit

/// The RightAlignedSpaces example in the README, with its results.
@Suite("README example: RightAlignedSpaces")
struct RightAlignedSpacesReadmeTests {
  @Test func readmeExample() {
    var field = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
    field.insert("Pay ")
    #expect(field.text == "Pay\u{A0}")
    #expect(RightAlignedSpaces.modelText(of: field) == "Pay ")
    #expect(field.presentation[TrailingSpacePad.self]?.width == 1)
    field.insert("\u{A0}")
    #expect(RightAlignedSpaces.modelText(of: field) == "Pay \u{A0}")
    field.setAlignment(.left)
    #expect(field.text == "Pay \u{A0}")
    #expect(field.selection == NSRange(location: 5, length: 0))
  }
}

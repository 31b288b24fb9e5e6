import Foundation
import RightAlignedSpaces

var field = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
field.insert("Pay ")
guard field.text == "Pay ", field.displayedText == "Pay\u{A0}" else {
  print("RightAlignedSpaces alone: \(field.displayedText.debugDescription)")
  exit(1)
}
print("RightAlignedSpaces alone: ok")

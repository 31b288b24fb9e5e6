import Foundation
import RightAlignedSpaces

var field = Editor(alignment: .right, behaviours: [RightAlignedSpaces()])
field.insert("Pay ")
guard field.text == "Pay\u{A0}", RightAlignedSpaces.modelText(of: field) == "Pay " else {
  print("RightAlignedSpaces alone: \(field.text.debugDescription)")
  exit(1)
}
print("RightAlignedSpaces alone: ok")

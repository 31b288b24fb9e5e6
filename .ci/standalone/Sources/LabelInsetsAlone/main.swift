import Foundation
import LabelInsets

var label = InsetLabel(text: "Hello, world")
label.insets = .fixed(EdgeInsets(top: 2, left: 4, bottom: 2, right: 4))
guard label.intrinsicContentSize == CGSize(width: 20, height: 5) else {
  print("LabelInsets alone: intrinsic size \(label.intrinsicContentSize), expected 20×5")
  exit(1)
}
print("LabelInsets alone: ok")

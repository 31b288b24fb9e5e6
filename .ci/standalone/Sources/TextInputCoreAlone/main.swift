import Foundation
import TextInputCore

var editor = Editor(text: "Hi 👋🏽")
editor.deleteBackward()
editor.insert("there")
guard editor.text == "Hi there", editor.selection == NSRange(location: 8, length: 0) else {
  print("TextInputCore alone: \(editor.text.debugDescription) \(editor.selection)")
  exit(1)
}
print("TextInputCore alone: ok")

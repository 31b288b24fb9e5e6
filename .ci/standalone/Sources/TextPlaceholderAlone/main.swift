import Foundation
import TextPlaceholder

let clock = ManualClock()
var notes = Editor(
  geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 40, height: 20)),
  behaviours: [TextPlaceholder("Write a message…", mode: .bouncy, clock: .manual(clock))])
let before = notes.placeholder
notes.insert("Hi")
clock.advance(by: 0.6)
let after = notes.placeholder
guard before?.isVisible == true, before?.frame == CGRect(x: 5, y: 8, width: 30, height: 1),
  after?.isVisible == false, after?.alpha == 0
else {
  print(
    "TextPlaceholder alone: \(String(describing: before?.frame)) \(String(describing: after?.alpha))"
  )
  exit(1)
}
print("TextPlaceholder alone: ok")

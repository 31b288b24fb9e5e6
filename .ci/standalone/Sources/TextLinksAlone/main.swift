import Foundation
import TextLinks

let text = "Read www.example.com/docs today"
let frame = TextFrame(text, container: TextContainer(width: 12))
let layout = LinkLayout(frame: frame, links: LinkDetector().links(in: text))
var press = LinkPressGesture()
let down = press.handle(.down(CGPoint(x: 1, y: 1.5), at: 0), in: layout)
let up = press.handle(.up(CGPoint(x: 1, y: 1.5), at: 0.1), in: layout)
guard layout.links.map(\.target) == [.url("http://www.example.com/docs")],
  layout.rects(ofLink: 0).count == 2, down == .pressed(0), up == .tapped(0)
else {
  print("TextLinks alone: \(layout.links) \(layout.rectsByLink) \(down) \(up)")
  exit(1)
}
print("TextLinks alone: ok")

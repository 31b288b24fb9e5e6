import Foundation
import TextMetrics

let text = "e\u{301}👍🏽!"
let counts = (Graphemes.count(in: text), DisplayWidth.width(in: text))
guard counts == (3, 4) else {
  print("TextMetrics alone: graphemes and width \(counts), expected (3, 4)")
  exit(1)
}
print("TextMetrics alone: ok")

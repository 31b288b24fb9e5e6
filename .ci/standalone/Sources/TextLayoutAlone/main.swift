import Foundation
import TextLayout

let frame = TextFrame("Hello wide world", container: TextContainer(width: 8))
let ranges = frame.lineFragments.map(\.range)
guard
  ranges == [
    NSRange(location: 0, length: 6), NSRange(location: 6, length: 5),
    NSRange(location: 11, length: 5),
  ],
  Graphemes.count(in: frame.text) == 16  // TextMetrics comes with it
else {
  print("TextLayout alone: lines \(ranges)")
  exit(1)
}
print("TextLayout alone: ok")

import Foundation
import TextInputKit

/// Caret moves by laid-out line, on the `TextFrame` the playground draws:
/// what the editor cannot do alone, since its own `.lineStart` / `.lineEnd`
/// know only hard lines. Offsets are UTF-16 code units; x and y are points in
/// the frame's coordinates. Pure.
enum PlaygroundLineMoves {
  /// The line the caret at `offset` is drawn on: its index, or nil on the
  /// empty line after a final hard break (and in empty text).
  static func line(of offset: Int, in frame: TextFrame) -> Int? {
    guard let index = frame.lineIndex(containing: offset) else { return nil }
    let caret = frame.caretRect(at: offset)
    return caret.minY < frame.lineFragments[index].rect.maxY ? index : nil
  }

  /// Home: the start of the laid-out line the caret is on (for a wrapped
  /// paragraph, the start of the row, not of the paragraph).
  static func lineStart(from offset: Int, in frame: TextFrame) -> Int {
    guard let index = line(of: offset, in: frame) else { return offset }
    return frame.lineFragments[index].range.location
  }

  /// End: the end of the laid-out line the caret is on, where the caret is
  /// still drawn on that line. That is the line's end for the last line; the
  /// grapheme boundary before its hard break for a line that ends with one;
  /// and before its last cluster for a wrapped line (its end is where the
  /// next line starts, and a caret there is drawn on the next line) — the
  /// space it wrapped at, or the cluster where a long word was cut.
  static func lineEnd(from offset: Int, in frame: TextFrame, state: EditorState) -> Int {
    guard let index = line(of: offset, in: frame) else { return offset }
    let fragment = frame.lineFragments[index]
    let end = NSMaxRange(fragment.range)
    if line(of: end, in: frame) == index { return end }
    let start = fragment.range.location
    return max(state.graphemeBoundary(before: end) ?? start, start)
  }

  /// ↑ / ↓: the offset on the line above or below nearest to `x` (nil: the
  /// caret's own x), by `offset(closestTo:)` at that line's middle. Above the
  /// first line is the start of the text, below the last its end, as text
  /// views do.
  static func vertical(
    from offset: Int, up: Bool, x: CGFloat?, in frame: TextFrame, utf16Count: Int
  ) -> Int {
    let caret = frame.caretRect(at: offset)
    let point = CGPoint(
      x: x ?? caret.midX, y: up ? caret.minY - caret.height / 2 : caret.maxY + caret.height / 2)
    if up, point.y < 0 { return 0 }
    let bottom = frame.caretRect(at: utf16Count).maxY
    if !up, point.y >= bottom { return utf16Count }
    return frame.offset(closestTo: point)
  }
}

// One keystroke in an editor holding every standard behaviour
// (RightAlignedSpaces, EditorLinks, TextPlaceholder and a hit region), then
// reading what a renderer reads: the layout, the placeholder, the trailing
// pad, the caret, and the links on the visible lines with their rects. At
// 1 KB, 100 KB and 1 MB of mixed text (paragraphs of words, links, e-mail
// addresses, emoji, CJK, Arabic and combining marks), measured in one run,
// against the naive approach the editor replaced: laying the whole displayed
// text out again after each keystroke.
//
//     swift run -c release --package-path Benchmarks EditorKeystrokeBenchmark
//
// Every run is checked: the text is what was typed, the layout kept edit by
// edit equals a fresh layout of the displayed text, the visible links' rects
// are the layout's selection rects of their ranges, and the naive approach
// lays out the same lines; otherwise the program exits with status 1. The
// targets (1 MB at most 3× 1 KB, and under 1 ms) are printed, not enforced:
// wall-clock time is noisy here.

import BenchmarkSupport
import Foundation
import HitAreas
import RightAlignedSpaces
import TextFieldRules
import TextInputCore
import TextLinks
import TextPlaceholder

/// About `count` UTF-16 code units of mixed text in paragraphs of 3 to 16 pieces
/// (with Arabic among them unless `rightToLeft` is false).
func mixedText(_ count: Int, rightToLeft: Bool = true) -> String {
  let pieces = [
    "hello", "world", "see", "www.example.com/docs", "mail", "ann@example.org", "😀", "👍🏽",
    "🇫🇷", "中文字", rightToLeft ? "العربية" : "ελληνικά", "café", "e\u{301}t\u{E9}", "x.org/a?b=1",
    "and", "the",
  ]
  return paragraphsOfPieces(count, pieces: pieces, seed: 0x9E37_79B9_7F4A_7C15)
}

/// `mixedText(count)` without Arabic as one paragraph: every line break a space.
func oneParagraph(_ count: Int) -> String {
  String(mixedText(count, rightToLeft: false).map { $0 == "\n" ? " " : $0 })
}

/// `mixedText(count)` as one paragraph, Arabic included: a paragraph that
/// needs the bidi algorithm, which resolves levels over the whole paragraph,
/// so an edit in it lays the whole paragraph out again (the documented case).
func oneBidiParagraph(_ count: Int) -> String {
  String(mixedText(count).map { $0 == "\n" ? " " : $0 })
}

/// An editor with the standard behaviours (and SecureEntry's mask when `masked`).
func makeEditor(_ text: String, masked: Bool = false) -> Editor {
  let standard: [any EditorBehaviour] = [
    RightAlignedSpaces(), EditorLinks(), TextPlaceholder("Write here"),
  ]
  var editor = Editor(
    text: text, geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 60, height: 24)),
    alignment: .right, isEditing: true,
    behaviours: standard + (masked ? [SecureEntry()] : []))
  editor.hitRegion = HitArea(insets: .outset(by: 2))
  // The caret in the middle of the text, on a grapheme boundary.
  let middle = editor.state.widened(NSRange(location: editor.state.utf16Count / 2, length: 0))
  editor.select(NSRange(location: middle.location, length: 0))
  return editor
}

/// What a renderer reads after a keystroke; returns a count so nothing is
/// optimized away. The visible lines are the 24 around the caret.
func render(_ editor: Editor) -> Int {
  let layout = editor.layout()
  var total = layout.lineFragments.count
  // The layout is of the displayed text: typed offsets go through the map.
  let caret = editor.state.caretRect(at: editor.selection.location)
  let caretLine =
    layout.lineIndex(
      containing: editor.state.displayMap.displayed(fromTyped: editor.selection.location))
    ?? 0
  let visible = max(caretLine - 23, 0)..<(caretLine + 1)
  for value in editor.presentation.values {
    if let links = value as? LinkPresentation {
      for index in links.layout.linkIndices(onLines: visible) {
        total &+= links.rects(ofLink: index).count
      }
      total &+= links.highlightRects.count
    } else if let placeholder = value as? PlaceholderPresentation {
      total &+= placeholder.isVisible ? 1 : 0
    } else if let pad = value as? TrailingSpacePad {
      total &+= Int(pad.width)
    }
  }
  total &+= editor.state.selectionRects(for: editor.selection).count
  return total &+ Int(caret.minY)
}

/// Types `keys` one at a time at the caret (the middle of the text), rendering after each; the median
/// keystroke, and the median of its two parts, in seconds.
func keystrokes(_ editor: inout Editor, _ keys: [String]) -> (
  total: Double, edit: Double, render: Double
) {
  var times: [Double] = []
  var edits: [Double] = []
  var renders: [Double] = []
  var sink = 0
  for key in keys {
    let edit = seconds { editor.insert(key) }
    let drawing = seconds { sink &+= render(editor) }
    edits.append(edit)
    renders.append(drawing)
    times.append(edit + drawing)
  }
  check(sink > 0, "nothing was rendered")
  func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
  return (median(times), median(edits), median(renders))
}

/// The naive approach: after each keystroke, the whole displayed text laid out again.
func naiveKeystrokes(_ editor: inout Editor, _ keys: [String]) -> Double {
  var times: [Double] = []
  var sink = 0
  for key in keys {
    times.append(
      seconds {
        editor.insert(key)
        sink &+=
          TextFrame(editor: editor.state, displayed: editor.displayedUTF16).lineFragments.count
      })
  }
  check(sink > 0, "the naive approach laid nothing out")
  return times.sorted()[times.count / 2]
}

func verify(_ editor: Editor, typed: String, label: String) {
  check(editor.text == typed, "\(label): the text is not what was typed")
  check(
    editor.state.graphemeBoundaries
      == Graphemes.boundaries(utf16: editor.state.utf16.array).offsets,
    "\(label): the grapheme index kept edit by edit differs from a fresh one")
  let fresh = TextFrame(editor: editor.state, displayed: editor.displayedUTF16)
  let kept = editor.layout()
  check(kept.utf16 == fresh.utf16, "\(label): the layout's text is not the displayed text")
  check(
    kept.lineFragments.map(\.range) == fresh.lineFragments.map(\.range)
      && kept.lineFragments.map(\.rect) == fresh.lineFragments.map(\.rect),
    "\(label): the layout kept edit by edit differs from a fresh one")
  guard let links = editor.linkPresentation else {
    check(false, "\(label): no link presentation")
    return
  }
  let caretLine =
    kept.lineIndex(
      containing: editor.state.displayMap.displayed(fromTyped: editor.selection.location))
    ?? 0
  let visible = max(caretLine - 23, 0)..<(caretLine + 1)
  let origin = editor.textContainerOrigin
  for index in links.layout.linkIndices(onLines: visible) {
    let drawn = kept.selectionRects(for: links.links[index].range).map {
      $0.offsetBy(dx: origin.x, dy: origin.y)
    }
    check(links.rects(ofLink: index) == drawn, "\(label): link \(index) is not where it is drawn")
  }
}

/// The text typed into: `text` with `keys` at its middle (where the editor put the caret).
func typed(_ text: String, _ keys: [String]) -> String {
  let editor = Editor(text: text)
  let middle = editor.state.widened(NSRange(location: editor.state.utf16Count / 2, length: 0))
  let units = Array(text.utf16)
  return String(decoding: units[..<middle.location], as: UTF16.self) + keys.joined()
    + String(decoding: units[middle.location...], as: UTF16.self)
}

// PROFILE_SHAPE=n (0 to 3) and PROFILE_SIZE=units run one case only, without
// the naive approach, for a profiler (perf, valgrind).
let environment = ProcessInfo.processInfo.environment
let profileShape = environment["PROFILE_SHAPE"].flatMap { Int($0) }
let sizes =
  environment["PROFILE_SIZE"].flatMap { Int($0) }.map { [$0] } ?? [1_000, 100_000, 1_000_000]
let letters = Array("abcdefghijklmnopqrstuvwxyz").map(String.init)
let keys: [String] = (0..<(profileShape == nil ? 200 : 3_000)).map { index in
  index % 6 == 5 ? " " : letters[index % 26]
}
print("One keystroke plus what a renderer reads, every standard behaviour installed;")
print("median of \(keys.count) keystrokes typed in the middle of the text.")
for (shape, make, targets, masked) in [
  ("paragraphs of 3 to 16 pieces", { mixedText($0) }, true, false),
  ("one paragraph", oneParagraph, true, false),
  ("one paragraph with Arabic (bidi: the whole paragraph again)", oneBidiParagraph, false, false),
  (
    "one paragraph masked by SecureEntry (a substitution over the whole paragraph)", oneParagraph,
    false, true
  ),
].enumerated().filter({ profileShape == nil || $0.offset == profileShape }).map(\.element)
  as [(String, (Int) -> String, Bool, Bool)]
{
  print("")
  print("\(shape):")
  var medians: [Double] = []
  for size in sizes {
    let text = make(size)
    var editor = makeEditor(text, masked: masked)
    // 15 keystrokes where each lays out 1 MB.
    let keys = targets || size < 1_000_000 ? keys : Array(keys.prefix(15))
    let (median, edit, rendering) = keystrokes(&editor, keys)
    verify(editor, typed: typed(text, keys), label: "\(shape), \(size) units")
    guard profileShape == nil else { continue }
    // The naive approach, on fewer keystrokes at 1 MB (each lays out 1 MB).
    var naive = makeEditor(text, masked: masked)
    let naiveKeys = size >= 1_000_000 ? Array(keys.prefix(5)) : Array(keys.prefix(40))
    let naiveMedian = naiveKeystrokes(&naive, naiveKeys)
    check(
      naive.layout().lineFragments.map(\.range)
        == TextFrame(editor: naive.state, displayed: naive.displayedUTF16).lineFragments.map(
          \.range),
      "\(shape), \(size) units: the naive layout has other lines")
    medians.append(median)
    print(
      String(
        format:
          "%9d units (%5d lines): %7.1f µs per keystroke (edit %7.1f, render %6.1f); "
          + "edit + full relayout (naive) %9.1f µs, %.1f× the keystroke",
        editor.state.utf16Count, editor.layout().lineFragments.count, median * 1e6, edit * 1e6,
        rendering * 1e6, naiveMedian * 1e6, naiveMedian / median))
  }
  guard medians.count == 3 else { continue }
  let ratio = medians[2] / medians[0]
  guard targets else {
    print(String(format: "  1 MB / 1 KB: %.0f× (no target: linear by design)", ratio))
    continue
  }
  print(
    String(format: "  1 MB / 1 KB: %.2f× (target at most 3×): ", ratio)
      + (ratio <= 3 ? "met" : "NOT met"))
  print(
    String(format: "  1 MB keystroke: %.3f ms (target under 1 ms): ", medians[2] * 1e3)
      + (medians[2] < 1e-3 ? "met" : "NOT met"))
}
// The storage: an edit typed at one place, and edits that jump between two
// far places, in a plain array (what the editor and its layout kept before)
// and in the gap buffer they keep now, on 1 MB of text.
if profileShape == nil {
  print("")
  print("storage of 1 MB of UTF-16 (median of 2 000 one-unit inserts):")
  let initial = Array(mixedText(1_000_000).utf16)
  func timeEdits<Storage: RangeReplaceableCollection>(
    _ storage: inout Storage, at places: (Int) -> Int
  ) -> Double where Storage.Element == UInt16, Storage.Index == Int {
    var times: [Double] = []
    for step in 0..<2_000 {
      let place = places(step)
      times.append(seconds { storage.insert(0x61, at: place) })
    }
    return times.sorted()[times.count / 2]
  }
  let middle = initial.count / 2
  let typing: (Int) -> Int = { middle + $0 }
  let jumping: (Int) -> Int = { step in step % 2 == 0 ? initial.count / 4 : initial.count * 3 / 4 }
  var array = initial
  var buffer = UTF16Buffer(initial)
  // A first edit makes the buffer's gap; it is not timed.
  buffer.insert(0x61, at: middle)
  array.insert(0x61, at: middle)
  let arrayTyping = timeEdits(&array, at: typing)
  let bufferTyping = timeEdits(&buffer, at: typing)
  let arrayJumping = timeEdits(&array, at: jumping)
  let bufferJumping = timeEdits(&buffer, at: jumping)
  check(buffer.elementsEqual(array), "storage: the gap buffer differs from the array")
  print(
    String(
      format: "  typing in the middle: [UInt16] %8.2f µs, UTF16Buffer %6.3f µs (%.0f× less)",
      arrayTyping * 1e6, bufferTyping * 1e6, arrayTyping / bufferTyping))
  print(
    String(
      format: "  jumping 1/4 ↔ 3/4:    [UInt16] %8.2f µs, UTF16Buffer %8.2f µs (%.2f×)",
      arrayJumping * 1e6, bufferJumping * 1e6, arrayJumping / bufferJumping))

  // Through the editor: each keystroke at the other of two far places.
  print("")
  print("a keystroke at alternate far places (1/4 and 3/4 of the text), 1 MB of paragraphs:")
  var editor = makeEditor(mixedText(1_000_000))
  var mirror = editor.state.utf16.array
  var times: [Double] = []
  var sink = 0
  for (step, key) in keys.prefix(100).enumerated() {
    let count = editor.state.utf16Count
    let place = editor.state.widened(
      NSRange(location: step % 2 == 0 ? count / 4 : count * 3 / 4, length: 0)
    ).location
    times.append(
      seconds {
        editor.select(NSRange(location: place, length: 0))
        editor.insert(key)
        sink &+= render(editor)
      })
    mirror.insert(contentsOf: Array(key.utf16), at: place)
  }
  check(sink > 0, "jumps: nothing was rendered")
  verify(editor, typed: String(decoding: mirror, as: UTF16.self), label: "jumps, 1 MB")
  print(
    String(
      format: "  %9d units: %7.1f µs per keystroke (median of %d)", editor.state.utf16Count,
      times.sorted()[times.count / 2] * 1e6, times.count))
}
print("")
Checks.finish(
  success:
    "All outputs checked: text = typed text, grapheme index = fresh, the kept layout = a fresh layout, visible link rects = their selection rects."
)

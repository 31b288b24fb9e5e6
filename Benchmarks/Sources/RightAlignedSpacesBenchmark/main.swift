// Typing into a right-aligned field 80 cells wide one keystroke at a time, a space every few
// characters, and reading what a renderer draws after every keystroke: the
// RightAlignedSpaces behaviour (the text is never rewritten; the displayed
// text substitutes the trailing spaces) against the naive method 2 (after
// every keystroke, replace every space in the whole text and restore the
// selection), measured in the same run.
//
//     swift run -c release --package-path Benchmarks RightAlignedSpacesBenchmark [characters]
//
// Every run is checked: the text must equal what was typed (and method 2's
// text, with its U+00A0 turned back, too), the displayed text must be the text
// with only its trailing space drawn as U+00A0, and the carets must agree;
// otherwise the program exits with status 1.

import BenchmarkSupport
import Foundation
import RightAlignedSpaces
import TextInputCore

let large =
  CommandLine.arguments.dropFirst().first.flatMap(Int.init).map { max($0, 100) } ?? 100_000
let small = large / 10
/// A field 80 cells wide.
let field = ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 80, height: 24))

/// `count` characters: words of 2 to 6 letters, each followed by a space,
/// and a line break instead of the space after every twelfth word (the
/// editor lays out the paragraph a keystroke is in again, so one paragraph of
/// 100 000 characters would measure that paragraph, not the fix).
func typedText(_ count: Int) -> [String] {
  var words = 0
  var out: [String] = []
  out.reserveCapacity(count)
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  while out.count < count {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let length = 2 + Int((state >> 33) % 5)
    for index in 0..<length where out.count < count {
      out.append(String(UnicodeScalar(UInt8(97 + (index * 7 + Int(state >> 40)) % 26))))
    }
    words += 1
    if out.count < count { out.append(words % 12 == 0 ? "\n" : " ") }
  }
  return out
}

/// Types `keys` with the behaviour, reading the displayed text (what a
/// renderer draws, O(n)) after one keystroke in `stride` and counting it
/// `stride` times, as method 2's rewrite is sampled; the best of `rounds`
/// timings and the editor.
func withBehaviour(_ keys: [String], rounds: Int, stride: Int = 1) -> (
  seconds: Double, editor: Editor
) {
  var best = Double.infinity
  var result = Editor()
  for _ in 0..<rounds {
    var editor = Editor(
      geometry: field, alignment: .right, isEditing: true, behaviours: [RightAlignedSpaces()])
    var total = 0.0
    var drawn = 0
    for (index, key) in keys.enumerated() {
      total += seconds { editor.insert(key) }
      if index % stride == stride / 2 || index == keys.count - 1 {
        let time = seconds { drawn &+= editor.displayedUTF16.count }
        total += index == keys.count - 1 ? time : time * Double(stride)
      }
    }
    check(drawn > 0, "no displayed text was read")
    best = min(best, total)
    result = editor
  }
  return (best, result)
}

/// Method 2's rewrite after a keystroke: every U+0020 of the whole text
/// becomes U+00A0, the text is set again, the selection restored.
func rewriteAll(_ editor: inout Editor) {
  let selection = editor.selection
  var units = editor.state.utf16
  for index in units.indices where units[index] == 0x20 { units[index] = 0xA0 }
  editor.setText(String(decoding: units, as: UTF16.self))
  editor.select(selection)
}

/// Types `keys` with method 2, timing every keystroke and rewrite.
func naiveMethod2(_ keys: [String]) -> (seconds: Double, editor: Editor) {
  var editor = Editor(geometry: field, alignment: .right, isEditing: true)
  let time = seconds {
    for key in keys {
      editor.insert(key)
      rewriteAll(&editor)
    }
  }
  return (time, editor)
}

/// Method 2's total time estimated from samples: every keystroke is typed and
/// timed, and the whole-text rewrite (O(n) at text length n, the same work
/// whatever the text) is timed after one keystroke in `stride` and counted
/// `stride` times. Running it after every keystroke at 100 000 characters
/// would take most of an hour here.
func naiveMethod2Sampled(_ keys: [String], stride: Int) -> (seconds: Double, editor: Editor) {
  var editor = Editor(geometry: field, alignment: .right, isEditing: true)
  var total = 0.0
  for (index, key) in keys.enumerated() {
    total += seconds { editor.insert(key) }
    if index % stride == stride / 2 || index == keys.count - 1 {
      let time = seconds { rewriteAll(&editor) }
      total += index == keys.count - 1 ? time : time * Double(stride)
    }
  }
  return (total, editor)
}

func verify(_ keys: [String], _ fixed: Editor, _ naive: Editor?, label: String) {
  let typed = keys.joined()
  check(fixed.text == typed, "\(label): the text differs from what was typed")
  var expected = Array(typed.utf16)
  var end = expected.count
  while end > 0, expected[end - 1] == 0x20 {
    expected[end - 1] = 0xA0
    end -= 1
  }
  check(
    fixed.displayedUTF16 == expected,
    "\(label): the displayed text is not the typed text with its trailing spaces substituted")
  check(
    fixed.selection == NSRange(location: typed.utf16.count, length: 0),
    "\(label): caret not at the end")
  if let naive {
    check(
      naive.text.replacingOccurrences(of: "\u{A0}", with: " ") == typed,
      "\(label): method 2 typed another text")
    check(naive.selection == fixed.selection, "\(label): method 2 caret differs")
  }
}

func format(_ seconds: Double) -> String { String(format: "%9.3f s", seconds) }
func perKey(_ seconds: Double, _ keys: Int) -> String {
  String(format: "%8.2f µs/key", seconds / Double(keys) * 1e6)
}

print("RightAlignedSpaces benchmark — typing one keystroke at a time into a right-aligned field")
print("(a space every 3 to 7 characters), the displayed text read after every keystroke;")
print("behaviour: best of 3 rounds; method 2: one round.")
print("")

let smallKeys = typedText(small)
let largeKeys = typedText(large)
let stride = 100
let oursSmall = withBehaviour(smallKeys, rounds: 3)
let oursLarge = withBehaviour(largeKeys, rounds: 3, stride: stride)
let naiveSmall = naiveMethod2(smallKeys)
let sampledSmall = naiveMethod2Sampled(smallKeys, stride: stride)
let sampledLarge = naiveMethod2Sampled(largeKeys, stride: stride)
verify(smallKeys, oursSmall.editor, naiveSmall.editor, label: "\(small) characters")
verify(smallKeys, oursSmall.editor, sampledSmall.editor, label: "\(small) characters, sampled")
verify(largeKeys, oursLarge.editor, sampledLarge.editor, label: "\(large) characters")

print("\(small) characters:")
print(
  "  naive method 2, every rewrite timed          \(format(naiveSmall.seconds))  \(perKey(naiveSmall.seconds, small))"
)
print(
  "  naive method 2, rewrites sampled 1 in \(stride)   \(format(sampledSmall.seconds))  \(perKey(sampledSmall.seconds, small))"
)
print(
  "  RightAlignedSpaces behaviour                 \(format(oursSmall.seconds))  \(perKey(oursSmall.seconds, small))"
)
print(
  String(
    format: "  behaviour is %.0f× faster than method 2 (sampled estimate / full timing = %.2f)",
    naiveSmall.seconds / oursSmall.seconds, sampledSmall.seconds / naiveSmall.seconds))
print("\(large) characters:")
print(
  "  naive method 2, rewrites sampled 1 in \(stride)   \(format(sampledLarge.seconds))  \(perKey(sampledLarge.seconds, large))"
)
print(
  "  RightAlignedSpaces, display sampled 1 in \(stride) \(format(oursLarge.seconds))  \(perKey(oursLarge.seconds, large))"
)
print(
  String(
    format: "  behaviour is %.0f× faster than method 2", sampledLarge.seconds / oursLarge.seconds))
print("")
print(
  String(
    format: "Growth, behaviour: %d vs %d characters = %.1f× the time (100× is quadratic)", large,
    small, oursLarge.seconds / oursSmall.seconds))
print(
  String(
    format: "Linearity, method 2:  %d vs %d characters = %.1f× the time (100× is quadratic)", large,
    small, sampledLarge.seconds / sampledSmall.seconds))
print("")
Checks.finish(
  success:
    "All outputs checked: text = typed text, trailing spaces displayed as U+00A0, method 2 agrees.")

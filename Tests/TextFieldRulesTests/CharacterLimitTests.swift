import Foundation
import PropertyBased
import Testing
import TextInputKit
import UnicodeTestSupport

@testable import TextFieldRules

@Suite struct CharacterLimitTests {
  func field(_ text: String = "", limit: Int) throws -> Editor {
    Editor(text: text, behaviours: [try CharacterLimit(limit: limit)])
  }

  @Test func typingPastTheLimitIsRejected() throws {
    var editor = try field(limit: 3)
    let done1 = editor.insert("abc")
    #expect(done1)
    let done2 = editor.insert("d")
    #expect(!done2)
    #expect(editor.text == "abc")
    // At the limit the count is shown, though `showsCount` is false: a
    // refused key is not swallowed silently.
    #expect(
      editor.presentation[CharacterCount.self]
        == CharacterCount(count: 3, limit: 3, isShown: true))
    #expect(editor.presentation[CharacterCount.self]?.statusText == "3/3")
    editor.deleteBackward()
    #expect(editor.presentation[CharacterCount.self]?.statusText == nil)
  }

  @Test func aPasteIsCutAtAClusterBoundary() throws {
    var editor = try field("ab", limit: 3)
    let done3 = editor.replace(editor.selection, with: "\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}")
    #expect(done3)
    #expect(editor.text == "ab\u{1F1EB}\u{1F1F7}")
    #expect(editor.selection == NSRange(location: 6, length: 0))
    editor.select(NSRange(location: 0, length: 2))
    let done4 = editor.replace(editor.selection, with: "e\u{301}f\u{1F469}\u{200D}\u{1F469}xyz")
    #expect(done4)
    #expect(editor.text == "e\u{301}f\u{1F1EB}\u{1F1F7}")
    #expect(editor.selection == NSRange(location: 3, length: 0))
  }

  @Test func whatJoinsTheClusterBeforeCountsNothing() throws {
    var editor = try field("ab\u{1F1EB}\u{1F1F7}", limit: 3)
    let done5 = editor.insert("\u{301}")  // joins the flag
    #expect(done5)
    #expect(editor.text == "ab\u{1F1EB}\u{1F1F7}\u{301}")
    editor = try field("ab\u{1F469}", limit: 3)
    let done6 = editor.insert("\u{200D}\u{1F467}")  // a ZWJ sequence: still one cluster
    #expect(done6)
    let done7 = editor.insert("\u{1F3FD}")  // an emoji modifier is Extend: it joins too
    #expect(done7)
    let rejected = editor.insert("x")
    #expect(!rejected)
    editor = try field("ab\u{1F1EB}", limit: 3)
    let done8 = editor.insert("\u{1F1F7}")  // the second regional indicator pairs
    #expect(done8)
    let done9 = editor.insert("\u{1F1E9}")
    #expect(!done9)
    #expect(editor.text == "ab\u{1F1EB}\u{1F1F7}")
  }

  @Test func anOddRegionalIndicatorRepairsTheFlagsAfterIt() throws {
    // RI RI RI RI after "a": two flags. One more RI in front re-pairs them:
    // 5 RIs make 3 clusters, so "a" + 3 = 4 clusters.
    var editor = try field("a\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}", limit: 3)
    editor.select(NSRange(location: 1, length: 0))
    let done10 = editor.insert("\u{1F1EC}")
    #expect(!done10)
    editor = try field("a\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}", limit: 4)
    editor.select(NSRange(location: 1, length: 0))
    let done11 = editor.insert("\u{1F1EC}")
    #expect(done11)
    #expect(clusterCount(editor.text) == 4)
  }

  @Test func compositionIsCutWhenCommittedAsItIs() throws {
    var editor = try field("ab", limit: 3)
    try editor.setMarkedText(
      "\u{304B}\u{304B}\u{304B}", selectedRange: NSRange(location: 3, length: 0))
    #expect(editor.text == "ab\u{304B}\u{304B}\u{304B}")  // composing past the limit
    #expect(editor.presentation[CharacterCount.self]?.isOverLimit == true)
    editor.unmarkText()
    #expect(editor.text == "ab\u{304B}")
    #expect(editor.markedRange == nil)
    editor.undo()
    #expect(editor.text == "ab")
  }

  @Test func compositionCommittedByTypingIsReviewed() throws {
    var editor = try field("ab", limit: 3)
    editor.beginEditing()
    try editor.setMarkedText("ka", selectedRange: NSRange(location: 2, length: 0))
    let done12 = editor.insert("\u{304B}\u{304D}")
    #expect(done12)
    #expect(editor.text == "ab\u{304B}")
    try editor.setMarkedText("x", selectedRange: NSRange(location: 1, length: 0))
    editor.endEditing()
    #expect(editor.text == "ab\u{304B}")
  }

  @Test func aLongerTextSetByTheProgramCanOnlyShrink() throws {
    var editor = try field(limit: 2)
    editor.setText("abcd")
    let done13 = editor.insert("e")
    #expect(!done13)
    let done14 = editor.deleteBackward()
    #expect(done14)
    #expect(editor.text == "abc")
    editor.select(NSRange(location: 0, length: 2))
    let done15 = editor.replace(editor.selection, with: "xyz")
    #expect(done15)
    #expect(editor.text == "xc")  // cut to fit: "x" + "c"
    editor.setText("abcd")
    editor.select(NSRange(location: 0, length: 1))
    let shortened = editor.replace(editor.selection, with: "xyz")
    #expect(shortened)
    #expect(editor.text == "bcd")  // only the deletion is kept: nothing inserted fits
  }

  @Test func noLimit() throws {
    var editor = try field(limit: 0)
    let done16 = editor.insert(String(repeating: "a", count: 500))
    #expect(done16)
    #expect(editor.presentation[CharacterCount.self]?.text == "500")
  }

  @Test func errors() throws {
    #expect(throws: TextFieldRulesError.negativeLimit(-1)) { try CharacterLimit(limit: -1) }
    #expect(
      TextFieldRulesError.negativeLimit(-1).description
        == "character limit -1 is negative: expected 0 (no limit) or more grapheme clusters")
    var configuration = Configuration(plugins: [CharacterLimit.descriptor])
    #expect(
      throws: ConfigurationError.rejectedValue(
        key: "characterLimit.limit", value: "-3",
        reason: TextFieldRulesError.negativeLimit(-3).description)
    ) { try configuration.set("characterLimit.limit", text: "-3") }
    #expect(
      throws: ConfigurationError.typeMismatch(
        key: "characterLimit.limit", value: "many", expected: .integer)
    ) { try configuration.set("characterLimit.limit", text: "many") }
    try configuration.load("characterLimit.limit = 5\ncharacterLimit.showsCount = yes")
    let limit = try CharacterLimit(configuration: configuration.plugin(CharacterLimit.pluginID))
    #expect(limit.limit == 5 && limit.showsCount)
    #expect(
      CharacterLimit.descriptor.configuration.map(\.defaultValue) == [.integer(0), .boolean(false)])
  }

  /// A range from one grapheme boundary of `editor`'s text to another,
  /// chosen by `a` and `b` (UTF-16 code units).
  static func clusterRange(in editor: Editor, _ a: Int, _ b: Int) -> NSRange {
    let bounds = editor.state.graphemeBoundaries
    let lower = bounds[a % bounds.count]
    let upper = bounds[max(a % bounds.count, b % bounds.count)]
    return NSRange(location: lower, length: upper - lower)
  }

  /// The count after an edit, found around the edit, equals the count of
  /// the whole new text segmented afresh.
  @Test func countAroundTheEditEqualsAFullCount() async {
    await propertyCheck(
      count: 300, input: UnicodeGen.text(fragments: 0...10), UnicodeGen.text(fragments: 0...3),
      Gen.int(in: 0...1000), Gen.int(in: 0...1000)
    ) { text, replacement, a, b in
      let editor = Editor(text: text)
      let range = Self.clusterRange(in: editor, a, b)
      var units = editor.state.utf16.array
      units.replaceSubrange(
        range.location..<NSMaxRange(range), with: Array(replacement.utf16))
      let expected = Graphemes.boundaries(utf16: units).offsets.count - 1
      #expect(
        ClusterCount.count(
          afterReplacing: range, with: Array(replacement.utf16)[...], in: editor.state) == expected,
        "\(text.debugDescription) \(range) ← \(replacement.debugDescription)")
    }
  }

  /// The count never falls as more of a non-empty prefix of a replacement
  /// is kept (cut at its own cluster boundaries), and the binary search
  /// finds the longest prefix that fits, as trying each one would. The
  /// empty prefix may count one more than the first cluster: a replacement
  /// that starts with Extend and ends with ZWJ, inserted between an emoji
  /// and a pictograph, joins them (`⌚︎|😀` ← `🏿‍`: 2 clusters, then 1).
  @Test func longerPrefixesNeverCountFewer() async {
    await propertyCheck(
      count: 300, input: UnicodeGen.text(fragments: 0...8), UnicodeGen.text(fragments: 0...6),
      Gen.int(in: 0...1000), Gen.int(in: 0...1000)
    ) { text, replacement, a, b in
      let editor = Editor(text: text)
      let range = Self.clusterRange(in: editor, a, b)
      let units = Array(replacement.utf16)
      let cuts = Graphemes.boundaries(utf16: units).offsets
      let counts = cuts.map {
        ClusterCount.count(afterReplacing: range, with: units[0..<$0], in: editor.state)
      }
      let described =
        "\(counts) for \(text.debugDescription) \(range) ← \(replacement.debugDescription)"
      #expect(zip(counts.dropFirst(), counts.dropFirst(2)).allSatisfy { $0 <= $1 }, "\(described)")
      if counts.count > 1 { #expect(counts[1] >= counts[0] - 1, "\(described)") }
      for limit in Set(counts) {
        let longest = counts.lastIndex { $0 <= limit }
        #expect(
          ClusterCount.longestFit(
            replacing: range, with: units, cuts: cuts, limit: limit, in: editor.state)
            == (counts[0] <= limit ? longest : nil),
          "limit \(limit): \(described)")
      }
    }
  }

  /// The case the property test found: the first cluster of the
  /// replacement joins the clusters either side of the insertion.
  @Test func aReplacementThatJoinsItsNeighboursCountsFewer() {
    let editor = Editor(text: "①⌚︎😀‍👩‍👨#️⃣")
    let range = NSRange(location: 3, length: 0)  // after "①⌚︎"
    let units = Array("\u{1F3FF}\u{200D}𑂽🏻".utf16)
    let cuts = Graphemes.boundaries(utf16: units).offsets
    let counts = cuts.map {
      ClusterCount.count(afterReplacing: range, with: units[0..<$0], in: editor.state)
    }
    #expect(counts == [4, 3, 5])
    #expect(
      ClusterCount.longestFit(replacing: range, with: units, cuts: cuts, limit: 4, in: editor.state)
        == 1)
  }

  /// (b) After any sequence of edits the text holds at most `limit` clusters
  /// whenever no composition is in progress, and a reviewed edit whose result
  /// fits is never changed.
  @Test func neverOverTheLimitAfterACommit() async {
    await propertyCheck(
      count: 150, input: Gen.int(in: 1...8), FieldStep.generator.array(of: 0...25)
    ) { limit, steps in
      guard var editor = try? Editor(behaviours: [CharacterLimit(limit: limit)]) else {
        Issue.record("no editor")
        return
      }
      for step in steps {
        let before = editor.text
        let selection = editor.selection
        let composing = editor.markedRange != nil
        step.run(on: &editor)
        if editor.markedRange == nil {
          #expect(
            clusterCount(editor.text) <= limit,
            "\(clusterCount(editor.text)) > \(limit) after \(step) in \(steps)")
        }
        // The same step without the limit: when its result fits, it is the result.
        if step.isReviewedEdit, !composing {
          var unlimited = Editor(text: before)
          unlimited.select(selection)
          step.run(on: &unlimited)
          if clusterCount(unlimited.text) <= limit {
            #expect(editor.text == unlimited.text, "\(step) changed in \(steps)")
          }
        }
      }
    }
  }
}

/// Issue 31, item 6: a composition ended or moved by a replacement range is
/// committed, and cut, like one committed by `unmarkText()`.
@Suite struct CharacterLimitReplacementRangeTests {
  func count(_ editor: Editor) -> CharacterCount? { editor.presentation[CharacterCount.self] }

  @Test func anEmptyCompositionElsewhereCommitsAndCuts() throws {
    var editor = Editor(behaviours: [try CharacterLimit(limit: 1)])
    try editor.setMarkedText("abc", selectedRange: NSRange(location: 3, length: 0))
    #expect(editor.text == "abc")
    try editor.setMarkedText(
      "", selectedRange: NSRange(location: 0, length: 0),
      replacementRange: NSRange(location: 0, length: 0))
    #expect(editor.markedRange == nil)
    #expect(editor.text == "a")
    #expect(count(editor)?.isOverLimit == false)
  }

  @Test func aCompositionMovedPastItsEndIsCutWhenCommitted() throws {
    var editor = Editor(behaviours: [try CharacterLimit(limit: 2)])
    try editor.setMarkedText("abc", selectedRange: NSRange(location: 3, length: 0))
    try editor.setMarkedText(
      "x", selectedRange: NSRange(location: 1, length: 0),
      replacementRange: NSRange(location: 3, length: 0))
    editor.unmarkText()
    #expect(editor.markedRange == nil)
    #expect(editor.text == "ab")
    #expect(count(editor) == CharacterCount(count: 2, limit: 2, isShown: true))
  }

  @Test func aCompositionMovedElsewhereCommitsTheOldOne() throws {
    var editor = Editor(text: "pq", behaviours: [try CharacterLimit(limit: 4)])
    editor.select(NSRange(location: 2, length: 0))
    try editor.setMarkedText("abcd", selectedRange: NSRange(location: 4, length: 0))
    #expect(editor.text == "pqabcd")
    // A new composition at the start: the old one is committed, and cut.
    try editor.setMarkedText(
      "x", selectedRange: NSRange(location: 1, length: 0),
      replacementRange: NSRange(location: 0, length: 0))
    #expect(editor.markedRange == NSRange(location: 0, length: 1))
    editor.unmarkText()
    #expect(editor.markedRange == nil)
    #expect(count(editor)?.isOverLimit == false)
    #expect(editor.text.hasPrefix("xpq"))
  }
}

extension CharacterLimitReplacementRangeTests {
  /// Found while writing FuzzFieldRules' invariant: typing over marked text that a
  /// replacement range set next to the composition commits all it composed.
  @Test func typingOverAMovedCompositionCutsAllItComposed() throws {
    var editor = Editor(behaviours: [try CharacterLimit(limit: 2)])
    try editor.setMarkedText("abc", selectedRange: NSRange(location: 3, length: 0))
    try editor.setMarkedText(
      "x", selectedRange: NSRange(location: 1, length: 0),
      replacementRange: NSRange(location: 3, length: 0))
    editor.insert("y")
    #expect(editor.markedRange == nil)
    #expect(count(editor)?.isOverLimit == false)
    #expect(editor.text == "ab")
  }
}

import Foundation
import PropertyBased
import Testing
import TextInputKit
import UnicodeTestSupport

/// A behaviour that draws each given cluster as one `*`, for the tests below.
private struct ClusterMask: EditorBehaviour {
  /// Whether it says it draws cluster by cluster (then it is asked for the
  /// re-segmented clusters of an edit only).
  var byCluster = false
  var substitutesDisplay: Bool { true }
  var substitutesClusterByCluster: Bool { byCluster }

  func displaySubstitution(inParagraphs paragraphs: NSRange, of editor: EditorState)
    -> DisplaySubstitution?
  {
    let bounds = editor.graphemeBoundaries
    let clusters = zip(bounds, bounds.dropFirst()).filter { start, end in
      start >= paragraphs.location && end <= NSMaxRange(paragraphs)
        && editor.utf16[start] != 0x0A
    }.map { NSRange(location: $0.0, length: $0.1 - $0.0) }
    return DisplaySubstitution(clusters: clusters, replacement: 0x2A)
  }
}

/// A unit-by-unit substitution of every space by U+00A0.
private struct Spaces: EditorBehaviour {
  var substitutesDisplay: Bool { true }

  func displaySubstitution(inParagraphs paragraphs: NSRange, of editor: EditorState)
    -> DisplaySubstitution?
  {
    let ranges = (paragraphs.location..<NSMaxRange(paragraphs)).filter {
      editor.utf16[$0] == 0x20
    }.map { NSRange(location: $0, length: 1) }
    return DisplaySubstitution(ranges: ranges, replacement: 0xA0)
  }
}

@Suite struct DisplaySubstitutionTests {
  @Test func unitByUnitKeepsTheLength() {
    var units = Array("ab  c".utf16)
    let substitution = DisplaySubstitution(
      ranges: [NSRange(location: 2, length: 2)], replacement: 0xA0)
    substitution.apply(to: &units)
    #expect(units == Array("ab\u{A0}\u{A0}c".utf16))
    #expect(substitution.form == .eachUnit)
    #expect(substitution.displayedLength(of: NSRange(location: 2, length: 2)) == 2)
  }

  @Test func rangeByRangeDrawsOneUnitPerCluster() {
    var units = Array("e\u{301}\u{1F1EB}\u{1F1F7}x".utf16)
    let substitution = DisplaySubstitution(
      clusters: [
        NSRange(location: 0, length: 2), NSRange(location: 2, length: 4),
        NSRange(location: 6, length: 1),
      ], replacement: 0x2022)
    substitution.apply(to: &units)
    #expect(units == [0x2022, 0x2022, 0x2022])
    #expect(substitution.form == .eachRange)
    #expect(substitution.displayedLength(of: NSRange(location: 2, length: 4)) == 1)
    // Ranges out of order or outside the text are skipped.
    var short = Array("abc".utf16)
    DisplaySubstitution(
      clusters: [NSRange(location: 1, length: 1), NSRange(location: 0, length: 1)],
      replacement: 0x2A
    ).apply(to: &short)
    #expect(short == Array("a*c".utf16))
  }

  @Test func theEditorAppliesClustersAfterUnits() {
    // In either order, the mask covers the space the other substitution draws.
    for behaviours: [any EditorBehaviour] in [
      [ClusterMask(), Spaces()], [Spaces(), ClusterMask()],
    ] {
      var editor = Editor(text: "a b\ne\u{301}", behaviours: behaviours)
      #expect(editor.displayedText == "***\n*")
      editor.insert(" ")
      #expect(editor.displayedText == "***\n**")
      #expect(editor.state.displayMap.displayed(fromTyped: 7) == 6)
      #expect(editor.state.displayMap.typed(fromDisplayed: 5) == 6)
    }
  }

  /// The map the editor keeps edit by edit equals one made afresh from the
  /// substitutions of the whole text.
  /// With a mask that draws cluster by cluster alone, it is asked for the
  /// clusters an edit segmented again only, and the map is the same.
  @Test(arguments: [false, true])
  func theKeptMapEqualsAFreshOne(clusterByCluster: Bool) async {
    await propertyCheck(
      count: CheckScale.cases(100, full: 500), input: UnicodeGen.text(fragments: 0...6),
      zip(Gen.int(in: 0...40), Gen.int(in: 0...3), UnicodeGen.text(fragments: 0...3))
        .array(of: 0...8)
    ) { text, edits in
      var editor = Editor(
        text: text,
        behaviours: clusterByCluster
          ? [ClusterMask(byCluster: true)] : [Spaces(), ClusterMask()])
      for (location, length, insert) in edits {
        editor.select(NSRange(location: location, length: length))
        editor.insert(insert.isEmpty ? " \n" : insert)
        var fresh = editor
        fresh.setFont(CellFont.terminal)  // lays out afresh
        #expect(
          editor.state.displayMap == fresh.state.displayMap, "\(editor.text.debugDescription)")
        #expect(editor.displayedUTF16 == fresh.displayedUTF16, "\(editor.text.debugDescription)")
        #expect(editor.state.displayMap.isOneToOne == fresh.state.displayMap.isOneToOne)
      }
    }
  }
}

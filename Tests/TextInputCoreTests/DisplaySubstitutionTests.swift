import Foundation
import Testing
import TextInputCore

/// A behaviour that draws each given cluster substituted, for the tests below.
private struct ClusterMask: EditorBehaviour {
  var substitutesDisplay: Bool { true }

  func displaySubstitution(inParagraphs paragraphs: NSRange, of editor: EditorState)
    -> DisplaySubstitution?
  {
    let bounds = editor.graphemeBoundaries
    let clusters = zip(bounds, bounds.dropFirst()).filter { start, end in
      start >= paragraphs.location && end <= NSMaxRange(paragraphs)
        && editor.utf16[start] != 0x0A
    }.map { NSRange(location: $0.0, length: $0.1 - $0.0) }
    return DisplaySubstitution(clusters: clusters, replacement: 0x2A, continuation: 0x034F)
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
  @Test func unitByUnitIsUnchanged() {
    var units = Array("ab  c".utf16)
    DisplaySubstitution(ranges: [NSRange(location: 2, length: 2)], replacement: 0xA0)
      .apply(to: &units)
    #expect(units == Array("ab\u{A0}\u{A0}c".utf16))
    #expect(
      DisplaySubstitution(ranges: [], replacement: 0xA0).continuation == nil)
  }

  @Test func clusterByClusterKeepsBoundaries() {
    var units = Array("e\u{301}\u{1F1EB}\u{1F1F7}x".utf16)
    let substitution = DisplaySubstitution(
      clusters: [
        NSRange(location: 0, length: 2), NSRange(location: 2, length: 4),
        NSRange(location: 6, length: 1),
      ], replacement: 0x2022, continuation: 0x034F)
    substitution.apply(to: &units)
    #expect(units == [0x2022, 0x034F, 0x2022, 0x034F, 0x034F, 0x034F, 0x2022])
    #expect(substitution.unit(at: 2, of: NSRange(location: 2, length: 4)) == 0x2022)
    #expect(substitution.unit(at: 5, of: NSRange(location: 2, length: 4)) == 0x034F)
  }

  @Test func theEditorAppliesClustersAfterUnits() {
    // In either order, the mask covers the space the other substitution draws.
    for behaviours: [any EditorBehaviour] in [
      [ClusterMask(), Spaces()], [Spaces(), ClusterMask()],
    ] {
      var editor = Editor(text: "a b\ne\u{301}", behaviours: behaviours)
      #expect(editor.displayedText == "***\n*\u{34F}")
      editor.insert(" ")
      #expect(editor.displayedText == "***\n*\u{34F}*")
    }
  }
}

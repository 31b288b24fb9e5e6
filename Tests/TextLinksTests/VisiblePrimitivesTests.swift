import Foundation
import PropertyBased
import Testing
import TextInputCore
import TextLinks

/// A renderer that shows a few lines asks only for their links' primitives:
/// they must be the ones of all the links that meet the visible range, in
/// the same order and with the same hyperlink ids.
@Suite("Link primitives of the visible text only")
struct VisiblePrimitivesTests {
  /// The ranges, roles, URIs and ids of `primitives` (the enum is not Equatable).
  static func summary(_ primitives: [DrawingPrimitive]) -> [String] {
    primitives.map { primitive in
      switch primitive {
      case .styledRange(let range, let role): return "style \(range) \(role)"
      case .hyperlink(let range, let uri, let id): return "link \(range) \(uri) \(id)"
      case .filledRect(let rect, _, let role): return "fill \(rect) \(role)"
      case .overlayText: return "overlay"
      }
    }
  }

  @Test func visiblePrimitivesAreTheMeetingOnes() async {
    let pieces = ["see", "a.org", "b.org/x", "ann@example.org", "a.org", "word", "+1 555 123 4567"]
    let text = (0..<300).map { pieces[($0 * 7 + $0 / 3) % pieces.count] }.joined(separator: " ")
    let editor = Editor(text: text, behaviours: [EditorLinks()])
    guard let presentation = editor.linkPresentation else {
      Issue.record("no link presentation")
      return
    }
    let all = presentation.drawingPrimitives(in: editor.state)
    let count = editor.state.utf16Count
    await propertyCheck(
      count: 100, input: Gen.int(in: 0...count), Gen.int(in: 0...400)
    ) { location, length in
      let visible = NSRange(location: location, length: min(length, count - location))
      let expected = all.filter { primitive in
        switch primitive {
        case .styledRange(let range, _), .hyperlink(let range, _, _):
          return range.location < NSMaxRange(visible) && NSMaxRange(range) > visible.location
        default: return true
        }
      }
      let shown = presentation.drawingPrimitives(in: editor.state, visibleRange: visible)
      #expect(Self.summary(shown) == Self.summary(expected), "\(visible)")
    }
  }
}

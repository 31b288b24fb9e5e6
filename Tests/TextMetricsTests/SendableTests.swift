import Foundation
import PropertyBased
import Testing
@_spi(Reference) import TextMetrics
import UnicodeTestSupport

/// Compile-time checks: this file builds only if the public types are `Sendable`.
@Suite("Public types are Sendable")
struct SendableTests {
  static func requireSendable<T: Sendable>(_: T.Type) {}

  @Test func publicTypesAreSendable() {
    Self.requireSendable(TextBoundaries.self)
    Self.requireSendable(SnapDirection.self)
    Self.requireSendable(MeasuredCluster.self)
    Self.requireSendable(WordSegment.self)
    Self.requireSendable(WordSegmentation.self)
    Self.requireSendable(LineBreakOpportunity.self)
    Self.requireSendable(LineBreakOpportunity.Kind.self)
    Self.requireSendable(TextOffsetError.self)
    Self.requireSendable(WidthOptions.self)
    Self.requireSendable(ClusterWidth.self)
    Self.requireSendable(TextMeasurement.self)
    Self.requireSendable(CellFont.self)
    Self.requireSendable((any FontMetrics).self)
    Self.requireSendable(ICUReference.Kind.self)
    Self.requireSendable(UnicodeFragmentKind.self)
    Self.requireSendable(type(of: UnicodeGen.text))
    Self.requireSendable(type(of: UnicodeGen.utf16))
    Self.requireSendable(type(of: UnicodeGen.fragment))
  }

  @Test("Segmentation and width from many tasks at once agree with one thread")
  func concurrentUse() async {
    let texts = ["क्ष 👩‍👩‍👧 日本", "e\u{301}\r\n🇫🇷", "Hello, wörld!", String(repeating: "a b ", count: 500)]
    let expected = texts.map {
      (Graphemes.boundaries(in: $0), DisplayWidth.width(in: $0), LineBreaks.opportunities(in: $0))
    }
    await withTaskGroup(of: Bool.self) { group in
      for round in 0..<32 {
        let index = round % texts.count
        let text = texts[index]
        let (boundaries, width, lines) = expected[index]
        group.addTask {
          Graphemes.boundaries(in: text) == boundaries && DisplayWidth.width(in: text) == width
            && LineBreaks.opportunities(in: text) == lines
            && Words.segmentation(in: text).boundaries.utf16Count == text.utf16.count
        }
      }
      for await agrees in group { #expect(agrees) }
    }
  }
}

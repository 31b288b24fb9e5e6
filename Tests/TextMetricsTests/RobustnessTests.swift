import Foundation
import PropertyBased
import Testing
@_spi(Reference) import TextMetrics
import UnicodeTestSupport

@Suite("Large and hostile input")
struct RobustnessTests {
  @Test("A 10 MB mixed text: measured, segmented and counted without trapping")
  func tenMegabytes() {
    let piece = "Hello, wörld! 日本語 한국어 👩‍👩‍👧 🇫🇷 e\u{301} क्ष مرحبا \r\n\u{0}\t"
    let repeats = 10_000_000 / piece.utf8.count + 1
    let text = String(repeating: piece, count: repeats)
    #expect(text.utf8.count >= 10_000_000)
    let measurement = DisplayWidth.measurement(in: text)
    #expect(measurement.utf16Count == text.utf16.count)
    #expect(measurement.graphemeCount == Graphemes.count(in: text))
    #expect(measurement.graphemeCount % repeats == 0)
    #expect(measurement.width == DisplayWidth.width(in: piece) * repeats)
    #expect(measurement.containsControl)
    #expect(LineBreaks.count(in: text) == LineBreaks.count(in: piece) * repeats)
  }

  @Test("One cluster of 10 000 combining marks")
  func tenThousandMarks() throws {
    let text = "a" + String(repeating: "\u{301}", count: 10_000)
    #expect(Graphemes.count(in: text) == 1)
    #expect(Graphemes.boundaries(in: text).offsets == [0, 10_001])
    #expect(DisplayWidth.width(in: text) == 1)
    let stack = "x" + String(repeating: "\u{301}\u{316}\u{20DD}", count: 3_334)
    #expect(DisplayWidth.width(in: stack) == 1)
    #expect(Graphemes.count(in: stack) == 1)
    let units = Array(text.utf16)
    #expect(units.withUnsafeBufferPointer { ICUReference.count(.character, utf16: $0) } == 1)
    #expect(LineBreaks.opportunities(in: text).map(\.offset) == [10_001])
    #expect(Words.segmentation(in: text).boundaries.offsets == [0, 10_001])
    let boundaries = Graphemes.boundaries(in: text)
    #expect(boundaries.snap(5_000, .nearest) == 0)
    #expect(boundaries.snap(5_001, .nearest) == 10_001)
    #expect(try TextOffsets.graphemeIndex(forUTF16Offset: 9_999, in: text) == 0)
  }

  @Test("Controls, NUL and lone surrogates everywhere")
  func controlsAndSurrogates() {
    let units: [UInt16] = [0, 0xD800, 0x0D, 0xDC00, 0x0A, 0x0D, 0x0A, 0xDBFF, 0xDFFF, 0x7F]
    let clusters = Graphemes.clusters(utf16: units)
    #expect(clusters.map(\.range.location) == [0, 1, 2, 3, 4, 5, 7, 9])
    #expect(clusters.map(\.width) == [0, 1, 0, 1, 0, 0, 1, 0])
    #expect(DisplayWidth.width(utf16: units) == 3)
    #expect(LineBreaks.opportunities(utf16: units).last?.offset == units.count)
    #expect(Words.segmentation(utf16: units).boundaries.utf16Count == units.count)
  }
}

@Suite("UnicodeTestSupport generators")
struct GeneratorTests {
  @Test("Every fragment kind produces what it promises")
  func fragmentKinds() {
    var rng: any SeededRandomNumberGenerator = Xoshiro(seed: (1, 2, 3, 4))
    for kind in UnicodeFragmentKind.allCases {
      for _ in 0..<50 {
        let fragment = kind.generate(using: &rng)
        switch kind {
        case .empty: #expect(fragment.isEmpty)
        case .ascii: #expect(fragment.utf8.allSatisfy { $0 < 0x80 } && !fragment.isEmpty)
        case .flag, .keycap, .emojiModifier, .tagSequence:
          #expect(Graphemes.count(in: fragment) == 1, "\(kind): \(fragment)")
        case .loneRegionalIndicator:
          #expect(fragment.unicodeScalars.count == 1 && DisplayWidth.width(in: fragment) == 1)
        case .controls: #expect(DisplayWidth.measurement(in: fragment).containsControl)
        case .newlines:
          #expect(LineBreaks.opportunities(in: fragment).allSatisfy { $0.kind == .mandatory })
        case .anyScalar: #expect(fragment.unicodeScalars.count == 1)
        default: #expect(!fragment.isEmpty, "\(kind)")
        }
      }
    }
  }

  @Test("The text generator reaches every kind and stays within its length")
  func textMix() {
    var rng = Xoshiro(seed: (5, 6, 7, 8))
    var anyRNG: any SeededRandomNumberGenerator = Xoshiro(seed: (5, 6, 7, 8))
    var sawEmpty = false
    var sawLong = false
    for _ in 0..<200 {
      let text = UnicodeGen.text.run(using: &rng)
      if text.isEmpty { sawEmpty = true }
      if Graphemes.count(in: text) > 40 { sawLong = true }
    }
    #expect(sawEmpty && sawLong)
    var kinds = Set<UnicodeFragmentKind>()
    for _ in 0..<2_000 { kinds.insert(UnicodeFragmentKind.weightedRandom(using: &anyRNG)) }
    #expect(kinds.count == UnicodeFragmentKind.allCases.count)
  }

  @Test("The UTF-16 generator produces unpaired surrogates")
  func loneSurrogates() {
    var rng = Xoshiro(seed: (9, 10, 11, 12))
    var invalid = 0
    for _ in 0..<100 {
      let units = UnicodeGen.utf16.run(using: &rng)
      if String(validating: units, as: UTF16.self) == nil { invalid += 1 }
    }
    #expect(invalid > 20)
  }
}

import Foundation
import PropertyBased
import Testing
import TextMetrics
import UnicodeTestSupport

@Suite("Bidi.paragraphDirection: the paragraph direction without the levels")
struct BidiDirectionTests {
  /// The UTF-16 code units of a scalar value (an unpaired surrogate as itself).
  func units(_ value: UInt32) -> [UInt16] {
    guard let scalar = Unicode.Scalar(value) else { return [UInt16(value)] }
    return Array(String(Character(scalar)).utf16)
  }

  /// ICU's paragraph direction of `units`.
  func icu(_ units: [UInt16], _ base: Bidi.BaseDirection) -> LayoutDirection {
    Bidi.paragraph(utf16: units, direction: base).direction
  }

  @Test("Every code point the quick scan classifies has that class in ICU")
  func quickClassesAgreeWithICU() {
    let hebrew: [UInt16] = [0x05D0]
    let latin: [UInt16] = [0x61]
    var checked = 0
    for value in UInt32(0)...0x1FFFF {
      let quick = Bidi.quickClass(value)
      guard quick != .unknown, !(0xD800...0xDFFF).contains(value) else { continue }
      let text = units(value)
      checked += 1
      switch quick {
      case .leftToRight:
        // Strong L: it decides before the Hebrew letter, and alone it
        // overrides a right-to-left fallback.
        #expect(icu(text + hebrew, .natural) == .leftToRight, "U+\(String(value, radix: 16))")
        #expect(
          icu(text, .firstStrong(fallback: .rightToLeft)) == .leftToRight,
          "U+\(String(value, radix: 16))")
      case .rightToLeft:
        #expect(icu(text + latin, .natural) == .rightToLeft, "U+\(String(value, radix: 16))")
      case .neutral:
        // Not strong, not a paragraph separator, not an isolate: the letter
        // after it decides, in either direction.
        #expect(icu(text + hebrew, .natural) == .rightToLeft, "U+\(String(value, radix: 16))")
        #expect(
          icu(text + latin, .firstStrong(fallback: .rightToLeft)) == .leftToRight,
          "U+\(String(value, radix: 16))")
      case .unknown: break
      }
    }
    #expect(checked > 40_000)
  }

  @Test("Equals BidiParagraph.direction on generated text, for every base direction")
  func equalsICU() async {
    let bases: [Bidi.BaseDirection] = [
      .natural, .firstStrong(fallback: .rightToLeft), .fixed(.leftToRight), .fixed(.rightToLeft),
    ]
    await propertyCheck(
      count: CheckScale.cases(100, full: 500), input: UnicodeGen.utf16
    ) { units in
      for base in bases {
        #expect(
          Bidi.paragraphDirection(utf16: units, base: base) == icu(units, base),
          "\(units) \(base)")
      }
    }
  }

  @Test("Isolates, separators and marks before the first letter")
  func examples() {
    let cases: [(String, LayoutDirection)] = [
      ("— שלום abc", .rightToLeft),
      ("123 abc", .leftToRight),
      ("\u{2067}abc\u{2069}שלום", .rightToLeft),
      ("\u{2066}שלום\u{2069}abc", .leftToRight),
      ("\u{2067}abc", .leftToRight),
      ("12\u{1C}שלום", .leftToRight),
      ("\u{200F}abc", .rightToLeft),
      ("", .leftToRight),
      ("👍🏽 مرحبا", .rightToLeft),
    ]
    for (text, expected) in cases {
      let units = Array(text.utf16)
      #expect(Bidi.paragraphDirection(utf16: units, base: .natural) == expected, "\(text)")
      #expect(icu(units, .natural) == expected, "\(text)")
    }
  }
}

import Foundation
import Testing
@_spi(Reference) import TextMetrics
import UnicodeTestSupport

/// A known difference between ICU's root-locale rules (which carry CLDR's
/// tailorings) and the untailored UAX rules that the Unicode test files encode.
///
/// A failing case is skipped only if *every* boundary on which ICU and the file
/// disagree is explained by one tailoring, and each tailoring's count of
/// skipped cases is asserted, so a new ICU (or a regression) shows up.
struct Tailoring: Sendable {
  var name: String
  var reason: String
  /// How many cases it explains with ICU 72 on the Unicode 15.0 files.
  var expectedCount: Int
  /// Whether a boundary at UTF-16 `offset` on which ICU and the file disagree
  /// is explained; `extra` is true when ICU has the boundary and the file not.
  var explains: @Sendable (_ test: BreakTestCase, _ offset: Int, _ extra: Bool) -> Bool
}

enum Tailorings {
  static let word: [Tailoring] = [
    Tailoring(
      name: "colon is not MidLetter",
      reason: """
        CLDR root removes U+003A COLON from MidLetter (ICU word.txt: $MidLetter = \
        [\\p{Word_Break = MidLetter} - [\\: \\uFE55 \\uFF1A]]; only Swedish and Finnish \
        keep it), so ICU breaks around ':' between letters where WB6/WB7 do not
        """,
      expectedCount: 15,
      explains: { test, offset, extra in
        guard extra else { return false }
        if test.scalar(at: offset) == 0x3A {
          return BreakTestCase.isLetter(test.base(before: offset))
        }
        return test.base(before: offset) == 0x3A && BreakTestCase.isLetter(test.scalar(at: offset))
      })
  ]

  static let line: [Tailoring] = [
    Tailoring(
      name: "no break after a leading hyphen",
      reason: """
        ICU's line rules (LB20.09, following CSS) suppress the break between a hyphen \
        and a following letter when a boundary precedes the hyphen (`-#`, `-§`, `-ก` at \
        the start of text); UAX #14 breaks after HY there
        """,
      expectedCount: 8,
      explains: { test, offset, extra in
        !extra && test.startsWith(0x2D, upTo: offset)
          && !BreakTestCase.isDigit(test.scalar(at: offset))
      }),
    Tailoring(
      name: "a number may start with IS",
      reason: """
        CLDR's LB25 tailoring lets a number start with an infix separator \
        ((PR|PO)? (OP|HY)? IS? NU (NU|SY|IS)* …), so ICU keeps `,0`, `.35` and `a.2` \
        together (and may break before such a `.` after a space), where UAX #14 15.0 \
        breaks between IS and NU
        """,
      expectedCount: 14,
      explains: { test, offset, extra in
        let separators: Set<UInt32> = [0x2C, 0x2E]
        if extra {
          return test.scalar(at: offset).map(separators.contains) ?? false
            && BreakTestCase.isDigit(test.scalar(at: offset + 1))
            && test.base(before: offset) == 0x20
        }
        return test.base(before: offset).map(separators.contains) ?? false
          && BreakTestCase.isDigit(test.scalar(at: offset))
      }),
  ]
}

@Suite("Unicode conformance (the Unicode test files of ICU's version)")
struct ConformanceTests {
  /// Checks every case of a break test file against `segment`; returns how many
  /// cases each tailoring skipped.
  static func check(
    _ file: String, tailorings: [Tailoring], segment: ([UInt16]) -> [Int],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (cases: Int, skipped: [String: Int]) {
    let (version, cases) = try BreakTestCase.load(file)
    try #require(
      version == UnicodeVersions.unicode,
      """
      \(file) is for Unicode \(version ?? "?") but ICU implements Unicode \
      \(UnicodeVersions.unicode): add that version's files to the test resources
      """, sourceLocation: sourceLocation)
    #expect(
      cases.count > 500, "\(file) has only \(cases.count) cases", sourceLocation: sourceLocation)
    var skipped: [String: Int] = [:]
    var failures = 0
    for test in cases {
      let actual = segment(test.utf16)
      guard actual != test.expected else { continue }
      let expected = Set(test.expected)
      let got = Set(actual)
      let differences =
        got.subtracting(expected).map { ($0, true) } + expected.subtracting(got).map { ($0, false) }
      if let tailoring = tailorings.first(where: { tailoring in
        differences.allSatisfy { tailoring.explains(test, $0.0, $0.1) }
      }) {
        skipped[tailoring.name, default: 0] += 1
        continue
      }
      failures += 1
      if failures <= 25 {
        Issue.record("\(file) \(test): got \(actual)", sourceLocation: sourceLocation)
      }
    }
    #expect(failures == 0, "\(file): \(failures) cases fail", sourceLocation: sourceLocation)
    for tailoring in tailorings {
      #expect(
        skipped[tailoring.name, default: 0] == tailoring.expectedCount,
        """
        \(file): the tailoring "\(tailoring.name)" explains \(skipped[tailoring.name, default: 0]) \
        cases, expected \(tailoring.expectedCount) (ICU \(UnicodeVersions.icu)): review the \
        skip-list
        """, sourceLocation: sourceLocation)
    }
    return (cases.count, skipped)
  }

  @Test("GraphemeBreakTest.txt: the Swift state machine, no skips")
  func graphemes() throws {
    let result = try Self.check("GraphemeBreakTest.txt", tailorings: []) {
      Graphemes.boundaries(utf16: $0).offsets
    }
    #expect(result.cases == 602)
  }

  @Test("GraphemeBreakTest.txt: ICU's own iterator, the reference, no skips")
  func graphemesReference() throws {
    _ = try Self.check("GraphemeBreakTest.txt", tailorings: []) { units in
      units.withUnsafeBufferPointer { ICUReference.boundaries(.character, utf16: $0) }
    }
  }

  @Test("WordBreakTest.txt, with the CLDR colon tailoring")
  func words() throws {
    let result = try Self.check("WordBreakTest.txt", tailorings: Tailorings.word) {
      Words.segmentation(utf16: $0).boundaries.offsets
    }
    #expect(result.skipped.values.reduce(0, +) == 15)
  }

  @Test("LineBreakTest.txt, with the CLDR hyphen and number tailorings")
  func lines() throws {
    let result = try Self.check("LineBreakTest.txt", tailorings: Tailorings.line) {
      [0] + LineBreaks.opportunities(utf16: $0).map(\.offset)
    }
    #expect(result.skipped.values.reduce(0, +) == 22)
  }

  @Test("Every tailoring has a reason")
  func tailoringsAreExplained() {
    for tailoring in Tailorings.word + Tailorings.line {
      #expect(tailoring.reason.count > 40, "\(tailoring.name)")
    }
  }

  @Test("emoji-test.txt: every fully-qualified sequence is one cluster of width 2")
  func emojiTest() throws {
    let lines = try UnicodeData.lines("emoji/emoji-test.txt")
    var version: String?
    var checked = 0
    for line in lines {
      if line.hasPrefix("# Version:") {
        version = line.dropFirst("# Version:".count).trimmingCharacters(in: .whitespaces)
      }
      guard !line.hasPrefix("#"), line.contains("; fully-qualified") else { continue }
      let points = line.prefix { $0 != ";" }.split(separator: " ")
      let scalars = points.compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
      try #require(scalars.count == points.count, "bad line: \(line)")
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars)
      checked += 1
      let count = Graphemes.count(in: text)
      let width = DisplayWidth.width(in: text)
      if count != 1 || width != 2 {
        Issue.record("\(line): \(count) clusters, width \(width); expected 1 cluster of width 2")
      }
    }
    #expect(version == UnicodeVersions.unicode, "emoji-test.txt is for Emoji \(version ?? "?")")
    #expect(checked > 3000, "only \(checked) fully-qualified sequences in emoji-test.txt")
  }
}

import PropertyBased
import Testing
import UnicodeTestSupport

@_spi(Reference) @testable import TextMetrics

/// The Swift line breaker (`LineBreakScanner`: ICU 72's rules run by
/// `LineBreakAutomaton`) against ICU's own line iterator, the reference: every
/// opportunity, offset and kind, must be the same.
@Suite("Line breaks in Swift equal ICU's line iterator")
struct LineBreakEngineTests {
  /// The lines of LineBreakTest.txt (Unicode 15.0) on which ICU 72's iterator
  /// itself disagrees with the file: CLDR's tailorings (a hyphen after a
  /// boundary does not break before a letter; numbers may start with IS). See
  /// `Tailorings.line` in ConformanceTests.
  static let linesWhereICUDiffersFromTheFile = 22

  static func icu(_ units: [UInt16]) -> [LineBreakOpportunity] {
    ICUReference.lineOpportunities(utf16: units)
  }

  static func describe(_ units: [UInt16]) -> String {
    var text = ""
    var index = 0
    while index < units.count {
      let (scalar, length) = SurrogatePairs.decode(units, at: index)
      text +=
        String(scalar, radix: 16, uppercase: true) + "("
        + String(LineClassTable.shared.lineClass(scalar)) + ") "
      index += length
    }
    return text
  }

  @Test("LineBreakTest.txt: Swift equals ICU on every line, kinds included")
  func conformanceAgainstICU() throws {
    let (_, cases) = try BreakTestCase.load("LineBreakTest.txt")
    #expect(cases.count > 7000)
    var failures = 0
    var icuDiffersFromFile: [Int] = []
    for test in cases {
      let reference = Self.icu(test.utf16)
      let ours = LineBreaks.opportunities(utf16: test.utf16)
      if ours != reference {
        failures += 1
        if failures <= 20 {
          Issue.record(
            "\(test) \(Self.describe(test.utf16)): Swift \(ours.map(\.offset)), ICU \(reference.map(\.offset))"
          )
        }
      }
      if [0] + reference.map(\.offset) != test.expected { icuDiffersFromFile.append(test.line) }
    }
    #expect(failures == 0)
    #expect(
      icuDiffersFromFile.count == Self.linesWhereICUDiffersFromTheFile,
      "ICU differs from the file on lines \(icuDiffersFromFile)")
  }

  /// A few code points of every line-break class, from the class table (so
  /// that every class, surrogates and unassigned code points included, is met).
  static let samples: [[UInt32]] = {
    var byClass = [[UInt32]](repeating: [], count: LineClass.count)
    var rng = SplitMix(seed: 0x5EED)
    for scalar in UInt32(0)...0x10FFFF {
      let cls = Int(LineClassTable.shared.lineClass(scalar))
      if byClass[cls].count < 8 {
        byClass[cls].append(scalar)
      } else if rng.next() % 64 == 0 {
        byClass[cls][Int(rng.next() % 8)] = scalar
      }
    }
    return byClass.filter { !$0.isEmpty }
  }()

  struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static func utf16(_ scalars: [UInt32]) -> [UInt16] {
    var units: [UInt16] = []
    for value in scalars {
      if value >= 0x10000 {
        units.append(UInt16(truncatingIfNeeded: 0xD800 + ((value - 0x10000) >> 10)))
        units.append(UInt16(truncatingIfNeeded: 0xDC00 + (value & 0x3FF)))
      } else {
        units.append(UInt16(truncatingIfNeeded: value))
      }
    }
    return units
  }

  /// Rounds 0–2 leave out SA (which `LineBreakScanner` hands to ICU), so that
  /// they test the automaton alone; round 3 mixes SA in.
  @Test("Every sequence of up to 12 characters drawn from every class equals ICU", arguments: 0..<4)
  func classSoup(round: Int) {
    var rng = SplitMix(seed: UInt64(round) &* 7919 &+ 1)
    let samples =
      round == 3
      ? Self.samples
      : Self.samples.filter { !LineClass.isDictionary(LineClassTable.shared.lineClass($0[0])) }
    var failures = 0
    for _ in 0..<25_000 {
      let length = Int(rng.next() % 12) + 1
      var scalars: [UInt32] = []
      for _ in 0..<length {
        let group = samples[Int(rng.next() % UInt64(samples.count))]
        scalars.append(group[Int(rng.next() % UInt64(group.count))])
      }
      let units = Self.utf16(scalars)
      let ours = LineBreaks.opportunities(utf16: units)
      let reference = Self.icu(units)
      if ours != reference {
        failures += 1
        if failures <= 10 {
          Issue.record(
            "\(Self.describe(units)): Swift \(ours.map { "\($0.offset)\($0.kind == .mandatory ? "!" : "")" }), ICU \(reference.map { "\($0.offset)\($0.kind == .mandatory ? "!" : "")" })"
          )
        }
      }
      if let text = String(validating: units, as: UTF16.self) {
        #expect(LineBreaks.opportunities(in: text) == ours)
        #expect(LineBreaks.count(in: text) == ours.count)
      }
    }
    #expect(failures == 0)
  }
}

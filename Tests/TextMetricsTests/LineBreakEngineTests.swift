import PropertyBased
import Testing
import UnicodeTestSupport

@_spi(Reference) @testable import TextMetrics

/// The Swift line breaker (`LineBreakScanner`: ICU 72's rules run by
/// `LineBreakAutomaton`) against ICU's own line iterator, the reference: every
/// opportunity, offset and kind, must be the same.
@Suite("Line breaks in Swift equal ICU's line iterator")
struct LineBreakEngineTests {
  /// The 22 lines of LineBreakTest.txt (Unicode 15.0) on which ICU 72's
  /// iterator itself disagrees with the file, all from CLDR's tailorings (a
  /// hyphen after a boundary does not break before a letter; numbers may start
  /// with IS): see `Tailorings.line` in ConformanceTests, which checks that
  /// `LineBreaks` equals the file on every other line. The Swift breaker equals
  /// ICU on all of them.
  static let linesWhereICUDiffersFromTheFile = [
    2265, 2267, 2421, 2423, 2425, 2427, 2429, 2431, 2873, 2875, 7477, 7576, 7577, 7578, 7579, 7580,
    7581, 7583, 7584, 7585, 7586, 7587,
  ]

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
      icuDiffersFromFile == Self.linesWhereICUDiffersFromTheFile,
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

  @Test("Generated UTF-16 text of every fragment kind, lone surrogates included: Swift equals ICU")
  func generatedUTF16() async {
    await propertyCheck(count: Counts.heavy, input: UnicodeGen.utf16) { units in
      #expect(LineBreaks.opportunities(utf16: units) == Self.icu(units), "\(Self.describe(units))")
    }
  }

  @Test(
    "Generated text of each fragment kind alone: Swift equals ICU, and the UTF-8 scan the UTF-16 one",
    arguments: UnicodeFragmentKind.allCases)
  func generatedKind(_ kind: UnicodeFragmentKind) async {
    await propertyCheck(count: 60, input: UnicodeGen.text(of: [kind], fragments: 1...24)) { text in
      let units = Array(text.utf16)
      let reference = Self.icu(units)
      #expect(LineBreaks.opportunities(utf16: units) == reference, "\(Self.describe(units))")
      #expect(LineBreaks.opportunities(in: text) == reference)
      #expect(LineBreaks.count(in: text) == reference.count)
    }
  }

  /// Pieces that meet the rules' special cases: numbers with prefixes,
  /// postfixes and separators, quotes, hyphens and dashes, brackets (narrow and
  /// wide), spaces of every kind, hard breaks, Hangul jamo, emoji modifiers and
  /// ZWJ, regional indicators, Hebrew, CJK, Thai (SA), combining marks,
  /// controls, unassigned code points.
  static let pieces: [String] = [
    "$", "€", "£", "¥", "₹", "#", "+", "%", "‰", "°", "¢", "℃", "0", "1", "42", "3.14", "1,000",
    ".", ",", ":", ";", "/", "!", "?", "\"", "'", "«", "»", "„", "“", "”", "‘", "’", "‹", "›",
    "-", "\u{2010}", "\u{2011}", "–", "—", "\u{00AD}", "(", ")", "[", "]", "{", "}", "（", "）",
    "「", "」", "〔", "〕", "⦅", " ", "  ", "\u{00A0}", "\u{202F}", "\u{2007}", "\u{3000}",
    "\u{200B}", "\u{2060}", "\u{FEFF}", "\n", "\r", "\r\n", "\u{85}", "\u{0B}", "\u{0C}",
    "\u{2028}", "\u{2029}", "\u{1100}", "\u{1161}", "\u{11A8}", "가", "각", "👍", "\u{1F3FD}",
    "👩‍💻", "\u{200D}", "☝", "\u{1F1E9}", "\u{1F1EA}", "\u{1F1EB}", "א", "ב", "\u{05BE}",
    "日", "本", "ー", "々", "ぁ", "ッ", "、", "。", "・", "…", "‥", "ก", "ข", "\u{0E31}", "\u{0E48}",
    "a", "b", "Z", "e\u{0301}", "\u{0301}", "\u{0308}", "\u{0009}", "\u{0000}", "\u{001B}",
    "\u{FFFC}", "\u{FFFD}", "\u{E000}", "\u{50000}", "\u{1FFFD}", "\u{1F8FF}", "\u{2E3A}",
    "\u{1F000}", "\u{1F3FB}", "\u{0F0B}", "\u{1806}", "\u{17D8}", "\u{2024}", "\u{FE56}",
  ]

  static let soup: Generator<String, Shrink.None<String>> = Generator { rng in
    var text = ""
    for _ in 0..<Int.random(in: 1...16, using: &rng) {
      text += pieces[Int.random(in: 0..<pieces.count, using: &rng)]
    }
    return text
  }

  @Test("Numbers, quotes, hyphens, brackets, spaces, jamo, emoji, RI runs, Thai: Swift equals ICU")
  func lineBreakSoup() async {
    await propertyCheck(count: Counts.heavy * 3, input: Self.soup) { text in
      let units = Array(text.utf16)
      let reference = Self.icu(units)
      #expect(LineBreaks.opportunities(in: text) == reference, "\(Self.describe(units))")
      #expect(LineBreaks.count(in: text) == reference.count)
    }
  }

  @Test("Random code points, unassigned and controls included (no surrogates): Swift equals ICU")
  func randomScalars() {
    var rng = SplitMix(seed: 99)
    for _ in 0..<20_000 {
      var text = ""
      for _ in 0..<Int(rng.next() % 10 + 1) {
        var value = UInt32(truncatingIfNeeded: rng.next() % 0x110000)
        if rng.next() % 2 == 0 { value %= 0x3400 }  // the dense part of the BMP, more often
        if (0xD800...0xDFFF).contains(value) { value -= 0x800 }
        text.unicodeScalars.append(Unicode.Scalar(value) ?? "?")
      }
      let units = Array(text.utf16)
      let reference = Self.icu(units)
      let ours = LineBreaks.opportunities(in: text)
      if ours != reference {
        Issue.record("\(Self.describe(units)): Swift \(ours), ICU \(reference)")
        return
      }
    }
  }

  @Test("Thai (SA) is broken by ICU's dictionary: the paragraph goes to ICU, the others stay Swift")
  func dictionaryFallback() {
    let thai = "ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำ"
    let text = "Hello world.\n" + thai + " ok\nLast line (x)."
    let units = Array(text.utf16)
    let reference = Self.icu(units)
    #expect(LineBreaks.opportunities(in: text) == reference)
    #expect(LineBreaks.opportunities(utf16: units) == reference)
    #expect(LineBreaks.count(in: text) == reference.count)
    // The dictionary finds words inside the Thai run, which no rule would.
    let thaiStart = "Hello world.\n".utf16.count
    let inside = reference.filter {
      $0.offset > thaiStart && $0.offset < thaiStart + thai.utf16.count
    }
    #expect(inside.count >= 5)
    // The scan reports the Thai paragraph's opportunities, then takes them back
    // and reports ICU's.
    var recorder = Recorder()
    withUTF8(text) { LineBreakScanner.scan(utf8: $0, into: &recorder) }
    #expect(recorder.retracted > 0)
    #expect(recorder.final == reference.map(\.offset))
  }

  /// A visitor that logs what the scan reports.
  struct Recorder: LineBreakVisitor {
    var final: [Int] = []
    var retracted = 0
    mutating func visit(offset: Int, mandatory: Bool) { final.append(offset) }
    mutating func retract(_ count: Int) {
      retracted += count
      final.removeLast(count)
    }
  }

  @Test("The automaton: the start state never stops, and every class has a transition from it")
  func automatonShape() {
    let automaton = LineBreakAutomaton.shared
    #expect(automaton.stateCount > 50 && automaton.stateCount < 65_536)
    #expect(automaton.slotCount >= 1)
    for cls in 1..<LineClass.count {
      let next = Int(automaton.transitions[LineBreakAutomaton.start << LineClass.strideShift | cls])
      #expect(next != LineBreakAutomaton.stop)
      #expect(automaton.flags[next] & LineBreakAutomaton.accepts != 0)
    }
  }

  /// The opportunities `LineBreakState` pushes for UTF-16 text, the end marked
  /// mandatory (LB3) as `LineBreaks` does.
  static func streamed(_ units: [UInt16]) -> [LineBreakOpportunity] {
    var state = LineBreakState()
    var found: [LineBreakOpportunity] = []
    let emit = { (offset: Int, mandatory: Bool) in
      found.append(LineBreakOpportunity(offset: offset, kind: mandatory ? .mandatory : .allowed))
    }
    var index = 0
    while index < units.count {
      let (scalar, length) = SurrogatePairs.decode(units, at: index)
      state.feed(LineBreakState.lineClass(of: scalar), utf16Length: length, emit)
      index += length
    }
    state.finish(emit)
    if let last = found.last, last.offset == units.count {
      found[found.count - 1].kind = .mandatory
    }
    return found
  }

  @Test("LineBreakState (one class at a time) equals the scanner, on every class but SA")
  func streaming() {
    var rng = SplitMix(seed: 4242)
    let samples = Self.samples.filter {
      !LineClass.isDictionary(LineClassTable.shared.lineClass($0[0]))
    }
    for _ in 0..<20_000 {
      var scalars: [UInt32] = []
      for _ in 0..<Int(rng.next() % 12 + 1) {
        let group = samples[Int(rng.next() % UInt64(samples.count))]
        scalars.append(group[Int(rng.next() % UInt64(group.count))])
      }
      let units = Self.utf16(scalars)
      let expected = LineBreaks.opportunities(utf16: units)
      let streamed = Self.streamed(units)
      if streamed != expected {
        Issue.record("\(Self.describe(units)): streamed \(streamed), scanner \(expected)")
        return
      }
    }
    #expect(Self.streamed(Array("a b".utf16)).map(\.offset) == [2, 3])
    var state = LineBreakState()
    state.feed(LineBreakState.lineClass(of: 0x0E01), utf16Length: 1) { _, _ in }
    #expect(state.sawDictionaryClass)
  }
}

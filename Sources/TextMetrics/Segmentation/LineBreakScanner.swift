/// Receives the line-break opportunities of a scan, in order.
///
/// Offsets are UTF-16 code units from the start of the text; an opportunity at
/// `offset` means a line may (or, if `mandatory`, must) end before that unit.
/// The end of the text is reported like any other boundary (`mandatory` only if
/// the text ends with a hard line break): callers that follow UAX #14 LB3 mark
/// it mandatory themselves.
package protocol LineBreakVisitor {
  /// One opportunity.
  mutating func visit(offset: Int, mandatory: Bool)
  /// Takes back the last `count` opportunities reported: the scan redoes the
  /// paragraph they belong to (see `LineBreakScanner`).
  mutating func retract(_ count: Int)
  /// Whether the visitor takes soft opportunities without a branch: the scan
  /// then calls `soft(offset:present:)` for every character of its fast loop,
  /// with `present` 1 where there is an opportunity and 0 elsewhere (whether
  /// a line may break is hard to predict, and a mispredicted branch costs more
  /// than the rest of the loop).
  static var isBranchFree: Bool { get }
  /// A soft opportunity at `offset` if `present` is 1, none if it is 0; called
  /// only if `isBranchFree`.
  mutating func soft(offset: Int, present: Int)
}

extension LineBreakVisitor {
  package static var isBranchFree: Bool { false }
  package mutating func soft(offset: Int, present: Int) {}
}

/// Line-break opportunities computed in Swift with ICU 72's root line rules
/// (`LineBreakRules`, run by `LineBreakAutomaton` as ICU's iterator runs its
/// state table), over UTF-8 or UTF-16 with no transcoding.
///
/// Opportunities reach the visitor as they are found, with one exception:
/// text of Line_Break class SA (Thai, Lao, Khmer, Myanmar, …) is broken by ICU
/// with dictionaries, which no table reproduces. A paragraph (the text between
/// two hard breaks) that holds an SA character is therefore handed to ICU's own
/// line iterator once it ends: the scan takes back the opportunities it
/// reported for that paragraph (`LineBreakVisitor.retract`) and reports ICU's.
/// Opportunities before the last hard break are final.
package enum LineBreakScanner {
  /// Scans valid UTF-8 (a Swift string's storage).
  ///
  /// - Complexity: O(n) in the number of bytes for text without SA. As ICU's
  ///   iterator, the automaton reads again the characters after its last
  ///   accepting position when a longer rule fails; the rules' unfinished
  ///   matches span at most three characters besides combining marks (`PR OP
  ///   IS`, `SP IS`, a regional indicator pair), so a character is read a
  ///   bounded number of times. A paragraph with SA is also run through ICU.
  @inline(__always)
  package static func scan<V: LineBreakVisitor>(
    utf8 bytes: UnsafeBufferPointer<UInt8>, into visitor: inout V
  ) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    var run = LineBreakRun(text: UTF8LineText(base: base, count: bytes.count), visitor: visitor)
    run.run()
    visitor = run.visitor
  }

  /// Scans UTF-16 code units; an unpaired surrogate is a character of its own
  /// (Line_Break SG, which ICU's rules treat as AL), as ICU iterates it.
  ///
  /// - Complexity: as `scan(utf8:into:)`, in code units.
  @inline(__always)
  package static func scan<V: LineBreakVisitor>(
    utf16 units: UnsafeBufferPointer<UInt16>, into visitor: inout V
  ) {
    guard let base = units.baseAddress, !units.isEmpty else { return }
    var run = LineBreakRun(text: UTF16LineText(base: base, count: units.count), visitor: visitor)
    run.run()
    visitor = run.visitor
  }
}

/// Text that the line-break run reads one character at a time.
protocol LineBreakText {
  /// The length in source units (bytes or code units).
  var count: Int { get }
  /// The source unit (byte or code unit) at `index`; below 0x80 it is an ASCII
  /// character of its own.
  func unit(at index: Int) -> UInt32
  /// The class of the non-ASCII character at source position `index`, its
  /// length in source units and in UTF-16 code units.
  func readNonASCII(at index: Int) -> (lineClass: UInt8, length: Int, utf16: Int)
  /// The UTF-16 code units of source positions [start, end).
  func units(from start: Int, to end: Int) -> [UInt16]
  /// The class table.
  var table: LineClassLookup { get }
}

struct UTF8LineText: LineBreakText {
  let base: UnsafePointer<UInt8>
  let count: Int
  let table = LineClassTable.shared.lookup

  @inline(__always)
  func unit(at index: Int) -> UInt32 { UInt32(base[index]) }

  @inline(__always)
  func readNonASCII(at index: Int) -> (lineClass: UInt8, length: Int, utf16: Int) {
    let (scalar, length) = ValidUTF8.decode(base, at: index)
    return (table.lineClass(scalar), length, length == 4 ? 2 : 1)
  }

  func units(from start: Int, to end: Int) -> [UInt16] {
    utf16(ofValidUTF8: UnsafeBufferPointer(start: base + start, count: end - start))
  }
}

struct UTF16LineText: LineBreakText {
  let base: UnsafePointer<UInt16>
  let count: Int
  let table = LineClassTable.shared.lookup

  @inline(__always)
  func unit(at index: Int) -> UInt32 { UInt32(base[index]) }

  @inline(__always)
  func readNonASCII(at index: Int) -> (lineClass: UInt8, length: Int, utf16: Int) {
    let (scalar, length) = SurrogatePairs.decode(
      UnsafeBufferPointer(start: base, count: count), at: index)
    return (table.lineClass(scalar), length, length)
  }

  func units(from start: Int, to end: Int) -> [UInt16] {
    Array(UnsafeBufferPointer(start: base + start, count: end - start))
  }
}

/// One run of the automaton over a text: ICU's `handleNext` loop, repeated from
/// each boundary found. From a boundary it follows the automaton as far as it
/// goes; the next boundary is the last accepting position (or, when a
/// look-ahead rule completes, the position that rule recorded), and the run
/// starts again there.
struct LineBreakRun<Text: LineBreakText, V: LineBreakVisitor> {
  let text: Text
  var visitor: V
  let automaton = LineBreakAutomaton.shared

  init(text: Text, visitor: V) {
    self.text = text
    self.visitor = visitor
  }

  @inline(__always)
  mutating func run() {
    let n = text.count
    let transitions = automaton.transitions
    let flags = automaton.flags
    let shift = LineClass.strideShift
    let start = LineBreakAutomaton.start
    let stop = LineBreakAutomaton.stop
    let accepts = LineBreakAutomaton.accepts
    let hard = LineBreakAutomaton.hard
    let plainMask = accepts | LineBreakAutomaton.completes | LineBreakAutomaton.records
    let ascii = text.table.ascii
    let packed = automaton.packed
    // Look-ahead slots: the source position and UTF-16 offset each recorded.
    var slots = [Int](repeating: -1, count: 2 * (automaton.slotCount + 1))

    // The read position, the segment start, the last accepting position.
    var index = 0
    var offset = 0
    var segmentIndex = 0
    var segmentOffset = 0
    var acceptIndex = 0
    var acceptOffset = 0
    var acceptHard = false
    var state = start
    // The open paragraph: its start, how many opportunities it reported, and
    // the first SA character read in it.
    var paragraphIndex = 0
    var paragraphOffset = 0
    var paragraphCount = 0
    var dictionaryIndex = Int.max

    while true {
      // The fast loop, while the automaton stays in accepting states without
      // look-ahead (`state` is such a state, or the start state): the last
      // accepting position is the read position, and a stop there is a soft
      // boundary before the character read.
      var row = state << shift
      while index < n {
        let unit = text.unit(at: index)
        var lineClass: UInt8
        var length = 1
        var units = 1
        if unit < 0x80 {
          lineClass = ascii[Int(unit)]
        } else {
          (lineClass, length, units) = text.readNonASCII(at: index)
          if lineClass &- LineClass.saAL < 2, index < dictionaryIndex { dictionaryIndex = index }
        }
        let entry = packed[row | Int(lineClass)]
        if entry >= LineBreakAutomaton.general { break }  // look-ahead or a hard break
        // A soft break: the automaton stops in an accepting state and starts
        // again at this character.
        if V.isBranchFree {
          let soft = Int(entry >> LineBreakAutomaton.softBreakShift)
          visitor.soft(offset: offset, present: soft)
          paragraphCount &+= soft
          segmentIndex = soft != 0 ? index : segmentIndex
          segmentOffset = soft != 0 ? offset : segmentOffset
        } else if entry >= LineBreakAutomaton.softBreak {
          visitor.visit(offset: offset, mandatory: false)
          paragraphCount &+= 1
          segmentIndex = index
          segmentOffset = offset
        }
        row = Int(entry & (LineBreakAutomaton.softBreak - 1))
        index &+= length
        offset &+= units
      }
      state = row >> shift
      acceptIndex = index
      acceptOffset = offset
      acceptHard = flags[state] & hard != 0

      // The general loop (ICU's `handleNext`), until the next boundary, or
      // back to the fast loop in a plain accepting state.
      var boundaryIndex = 0
      var boundaryOffset = 0
      var boundaryHard = false
      var found = false
      while true {
        var lineClass = LineClass.eof
        var length = 0
        var units = 0
        if index < n {
          (lineClass, length, units) = read(at: index)
          if lineClass &- LineClass.saAL < 2, index < dictionaryIndex { dictionaryIndex = index }
        }
        let next = Int(transitions[state << shift | Int(lineClass)])
        let flag = flags[next]
        if flag & accepts != 0 {
          acceptIndex = index &+ length
          acceptOffset = offset &+ units
          acceptHard = flag & hard != 0
        } else if flag & LineBreakAutomaton.completes != 0 {
          let slot = Int(automaton.completeSlot[next])
          if slots[2 * slot] >= 0 {
            (boundaryIndex, boundaryOffset) = (slots[2 * slot], slots[2 * slot + 1])
            boundaryHard = flag & hard != 0
            found = true
            break
          }
        }
        if flag & LineBreakAutomaton.records != 0 {
          let slot = Int(automaton.recordSlot[next])
          slots[2 * slot] = index &+ length
          slots[2 * slot + 1] = offset &+ units
        }
        if next == stop || index >= n {
          (boundaryIndex, boundaryOffset, boundaryHard) = (acceptIndex, acceptOffset, acceptHard)
          found = true
          break
        }
        state = next
        index &+= length
        offset &+= units
        if flag & plainMask == accepts { break }  // back to the fast loop
      }
      guard found else { continue }

      if boundaryIndex <= segmentIndex {
        // No rule matched (ICU then moves on by one character).
        let (_, length, units) = read(at: segmentIndex)
        boundaryIndex = segmentIndex + length
        boundaryOffset = segmentOffset + units
        boundaryHard = false
      }
      visitor.visit(offset: boundaryOffset, mandatory: boundaryHard)
      paragraphCount &+= 1
      if boundaryHard || boundaryIndex >= n {
        if dictionaryIndex < boundaryIndex {
          redoWithICU(
            from: paragraphIndex, offset: paragraphOffset, to: boundaryIndex,
            reported: paragraphCount)
        }
        paragraphIndex = boundaryIndex
        paragraphOffset = boundaryOffset
        paragraphCount = 0
        dictionaryIndex = Int.max
      }
      if boundaryIndex >= n { return }
      index = boundaryIndex
      offset = boundaryOffset
      segmentIndex = boundaryIndex
      segmentOffset = boundaryOffset
      state = start
    }
  }

  /// The class of the character at `index`, its length in source units and in
  /// UTF-16 code units.
  @inline(__always)
  func read(at index: Int) -> (lineClass: UInt8, length: Int, utf16: Int) {
    let unit = text.unit(at: index)
    if unit < 0x80 { return (text.table.ascii[Int(unit)], 1, 1) }
    return text.readNonASCII(at: index)
  }

  /// Replaces the `reported` opportunities of the paragraph [start, end) (source
  /// positions; `offset` is its start in UTF-16) with those of ICU's iterator,
  /// which breaks SA text with its dictionaries. If ICU fails, the Swift
  /// opportunities stay.
  @inline(never)
  mutating func redoWithICU(from start: Int, offset: Int, to end: Int, reported: Int) {
    let units = text.units(from: start, to: end)
    var found: [LineBreakOpportunity] = []
    let ok: Bool = units.withUnsafeBufferPointer { buffer in
      guard let iterator = try? BreakIterator(.line), (try? iterator.setText(buffer)) != nil else {
        return false
      }
      while let boundary = iterator.next() {
        let status = iterator.ruleStatus
        found.append(
          LineBreakOpportunity(
            offset: offset + boundary, kind: LineBreakStatus.isHard(status) ? .mandatory : .allowed)
        )
      }
      return true
    }
    guard ok else { return }
    visitor.retract(reported)
    for opportunity in found {
      visitor.visit(offset: opportunity.offset, mandatory: opportunity.kind == .mandatory)
    }
  }
}

/// ICU's line rule statuses.
enum LineBreakStatus {
  /// Whether a rule status is a hard break (ICU's `UBRK_LINE_HARD` range, 100–199).
  static func isHard(_ status: Int32) -> Bool { status >= 100 && status < 200 }
}

/// Writes opportunities into memory sized beforehand (by a `LineBreakCounter`
/// pass over the same text), without a branch per character: each
/// character's `soft(offset:present:)` writes the next slot and `present`
/// advances past it, so the memory holds one slot more than the count.
struct LineBreakFiller: LineBreakVisitor {
  let buffer: UnsafeMutablePointer<LineBreakOpportunity>
  /// The number of slots (the count, plus one).
  let capacity: Int
  private(set) var count = 0

  init(buffer: UnsafeMutablePointer<LineBreakOpportunity>, capacity: Int) {
    self.buffer = buffer
    self.capacity = capacity
  }

  static var isBranchFree: Bool { true }

  @inline(__always)
  mutating func soft(offset: Int, present: Int) {
    (buffer + count).initialize(to: LineBreakOpportunity(offset: offset, kind: .allowed))
    count &+= present
    if count >= capacity { count = capacity - 1 }  // never: the count came first
  }

  @inline(__always)
  mutating func visit(offset: Int, mandatory: Bool) {
    (buffer + count).initialize(
      to: LineBreakOpportunity(offset: offset, kind: mandatory ? .mandatory : .allowed))
    count &+= 1
    if count >= capacity { count = capacity - 1 }
  }

  mutating func retract(_ count: Int) { self.count -= min(count, self.count) }
}

/// Counts opportunities.
struct LineBreakCounter: LineBreakVisitor {
  var count = 0

  @inline(__always)
  mutating func visit(offset: Int, mandatory: Bool) { count &+= 1 }

  mutating func retract(_ count: Int) { self.count -= count }

  static var isBranchFree: Bool { true }

  @inline(__always)
  mutating func soft(offset: Int, present: Int) { count &+= present }
}

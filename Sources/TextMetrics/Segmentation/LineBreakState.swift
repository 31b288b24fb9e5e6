/// Line-break opportunities pushed one character at a time: the streaming form
/// of `LineBreakScanner`, for a loop that reads text itself (to fuse grapheme
/// clusters, widths and line breaks in one pass).
///
/// Feed each character's class (`LineBreakState.lineClass(of:)`) and UTF-16
/// length, then `finish`; `emit` receives every opportunity (UTF-16 offset,
/// whether it is mandatory) once it is certain, in order, the end of the text
/// included (mandatory only if the text ends with a hard break: UAX #14 LB3
/// is the caller's). Most opportunities are known as soon as the character
/// after them is fed; a few rules look further ahead (`PR OP`, `SP IS`,
/// regional indicator pairs), and the state keeps the characters it may have to
/// read again, so an opportunity can come a few characters late.
///
/// Characters of class SA are run through the rules as AL or CM (UAX #14
/// LB1), where ICU would break them with a dictionary: when
/// `sawDictionaryClass` is true, the caller redoes the paragraph with
/// `LineBreakScanner` or `LineBreaks`, which hand it to ICU.
///
/// ```swift
/// var state = LineBreakState()
/// var found: [Int] = []
/// for scalar in "a b".unicodeScalars {
///   state.feed(LineBreakState.lineClass(of: scalar.value), utf16Length: 1) { offset, _ in
///     found.append(offset)
///   }
/// }
/// state.finish { offset, _ in found.append(offset) }
/// // found == [2, 3]
/// ```
package struct LineBreakState {
  private let automaton = LineBreakAutomaton.shared
  private var state = LineBreakAutomaton.start
  private var segmentStart = 0
  private var acceptOffset = 0
  private var acceptHard = false
  /// Look-ahead slots (UTF-16 offsets; -1 when unset in this segment).
  private var slots: [Int]
  /// Characters fed and not yet dropped, from `pending[head]` (at UTF-16
  /// offset `pendingStart`): `class << 2 | UTF-16 length`.
  private var pending: [UInt16] = []
  private var head = 0
  private var pendingStart = 0
  /// How many characters from `head` the automaton has read, and where they end.
  private var processed = 0
  private var readEnd = 0
  /// Whether a character of class SA (which ICU breaks with a dictionary) was fed.
  package private(set) var sawDictionaryClass = false

  package init() {
    slots = [Int](repeating: -1, count: LineBreakAutomaton.shared.slotCount + 1)
  }

  /// The line-break class of a code point (any value up to U+10FFFF).
  ///
  /// - Complexity: O(1).
  package static func lineClass(of scalar: UInt32) -> UInt8 {
    LineClassTable.shared.lineClass(scalar)
  }

  /// Feeds the next character: its class and its length in UTF-16 code units (1 or 2).
  ///
  /// - Complexity: amortized O(1); O(k) when the automaton reads k characters again.
  package mutating func feed(
    _ lineClass: UInt8, utf16Length: Int, _ emit: (_ offset: Int, _ mandatory: Bool) -> Void
  ) {
    if LineClass.isDictionary(lineClass) { sawDictionaryClass = true }
    pending.append(UInt16(lineClass) << 2 | UInt16(truncatingIfNeeded: utf16Length & 3))
    advance(atEnd: false, emit)
  }

  /// Ends the text: emits the opportunities still pending, the end included,
  /// and resets the state for another text.
  package mutating func finish(_ emit: (_ offset: Int, _ mandatory: Bool) -> Void) {
    advance(atEnd: true, emit)
    self = LineBreakState()
  }

  private mutating func advance(atEnd: Bool, _ emit: (Int, Bool) -> Void) {
    let shift = LineClass.strideShift
    while true {
      var lineClass = LineClass.eof
      var length = 0
      let available = head + processed < pending.count
      if available {
        let item = pending[head + processed]
        lineClass = UInt8(truncatingIfNeeded: item >> 2)
        length = Int(item & 3)
      } else if !atEnd || readEnd == segmentStart {
        return
      }
      let next = Int(automaton.transitions[state << shift | Int(lineClass)])
      let flag = automaton.flags[next]
      var boundary = -1
      var hard = false
      if flag & LineBreakAutomaton.accepts != 0 {
        acceptOffset = readEnd + length
        acceptHard = flag & LineBreakAutomaton.hard != 0
      } else if flag & LineBreakAutomaton.completes != 0 {
        let slot = Int(automaton.completeSlot[next])
        if slots[slot] >= 0 {
          boundary = slots[slot]
          hard = flag & LineBreakAutomaton.hard != 0
        }
      }
      if boundary < 0 {
        if flag & LineBreakAutomaton.records != 0 {
          slots[Int(automaton.recordSlot[next])] = readEnd + length
        }
        if next == LineBreakAutomaton.stop || !available {
          boundary = acceptOffset
          hard = acceptHard
        } else {
          state = next
          readEnd += length
          processed += 1
          if flag & LineBreakAutomaton.accepts != 0 && !slots.contains(where: { $0 >= 0 }) {
            dropRead()  // nothing before the read position can be needed again
          }
          continue
        }
      }
      if boundary <= segmentStart {
        // No rule matched (ICU then moves on by one character).
        boundary = segmentStart + Int(pending[head] & 3)
        hard = false
      }
      emit(boundary, hard)
      restart(at: boundary)
    }
  }

  /// Drops the characters the automaton has read.
  private mutating func dropRead() {
    head += processed
    pendingStart = readEnd
    processed = 0
    if head >= 64 && head * 2 >= pending.count {
      pending.removeFirst(head)
      head = 0
    }
  }

  /// Starts a segment at UTF-16 `offset`: the characters after it are read again.
  private mutating func restart(at offset: Int) {
    while pendingStart < offset && head < pending.count {
      pendingStart += Int(pending[head] & 3)
      head += 1
    }
    processed = 0
    readEnd = pendingStart
    segmentStart = pendingStart
    acceptOffset = pendingStart
    acceptHard = false
    state = LineBreakAutomaton.start
    for index in slots.indices { slots[index] = -1 }
  }
}

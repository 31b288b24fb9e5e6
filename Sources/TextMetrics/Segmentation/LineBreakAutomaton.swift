/// The deterministic automaton of `LineBreakRules`, built once (on first use)
/// the way ICU builds the state table of its rule-based break iterator, so that
/// running it gives ICU's boundaries and rule statuses:
///
/// - The rules are ORed into one expression and compiled to a DFA over
///   `LineClass` by the followpos construction (each class of a set is a
///   position of its own).
/// - Chaining (`!!chain`): a position that ends a match of a rule continues
///   with what follows the first position of any rule that starts with the
///   same class, unless that rule was written with `^`. Positions that end a
///   look-ahead (`/`) rule do not chain.
/// - A state holding a rule's end accepts; one holding a look-ahead rule's end
///   "completes" that rule, which takes precedence; one holding a `/` position
///   records where it is in the rule's look-ahead slot (rules whose `/` meet in
///   one state share a slot, as ICU's `mapLookAheadRules` does); a state's
///   status is the largest tag it holds (100 = hard break).
///
/// The table is `transitions[state << LineClass.strideShift | class]`; state 0
/// stops, state 1 starts.
final class LineBreakAutomaton: @unchecked Sendable {
  // @unchecked: every buffer is written in init only and read-only afterwards.

  /// State flags.
  static let accepts: UInt8 = 1
  static let completes: UInt8 = 2
  static let records: UInt8 = 4
  static let hard: UInt8 = 8

  static let stop = 0
  static let start = 1

  let stateCount: Int
  let transitions: UnsafeMutablePointer<UInt16>
  /// `accepts`, `completes`, `records` and `hard`, per state.
  let flags: UnsafeMutablePointer<UInt8>
  /// The look-ahead slot a state completes (`completes`) or records (`records`).
  let completeSlot: UnsafeMutablePointer<UInt8>
  let recordSlot: UnsafeMutablePointer<UInt8>
  let slotCount: Int
  /// The fast loop's table, `packed[state << LineClass.strideShift | class]`,
  /// for a `state` that accepts and has no look-ahead: the row of the state to
  /// go to (`next << LineClass.strideShift`), and
  /// - `Self.softBreak` when the automaton stops there and starts again at this
  ///   character (a soft boundary before it); the row is then the start state's
  ///   transition;
  /// - `Self.general` when the next state is not an accepting state without
  ///   look-ahead, or the boundary is hard: the general loop takes over.
  let packed: UnsafeMutablePointer<UInt16>
  static let softBreakShift: UInt16 = 14
  static let softBreak: UInt16 = 1 << softBreakShift
  static let general: UInt16 = 1 << 15

  static let shared = LineBreakAutomaton(rules: LineBreakRules.all)

  init(rules: [LineRule]) {
    var builder = LineAutomatonBuilder(rules: rules)
    let built = builder.build()
    stateCount = built.flags.count
    transitions = .allocate(capacity: built.transitions.count)
    transitions.initialize(from: built.transitions, count: built.transitions.count)
    flags = .allocate(capacity: stateCount)
    flags.initialize(from: built.flags, count: stateCount)
    completeSlot = .allocate(capacity: stateCount)
    completeSlot.initialize(from: built.completeSlot, count: stateCount)
    recordSlot = .allocate(capacity: stateCount)
    recordSlot.initialize(from: built.recordSlot, count: stateCount)
    slotCount = built.slotCount
    packed = .allocate(capacity: built.transitions.count)
    let plainMask = Self.accepts | Self.completes | Self.records
    let isPlain = built.flags.map { $0 & plainMask == Self.accepts }
    let shift = LineClass.strideShift
    for (index, next) in built.transitions.enumerated() {
      let state = index >> shift
      let cls = index & (1 << shift - 1)
      var entry = UInt16(truncatingIfNeeded: Int(next) << shift)
      if stateCount << shift > Int(Self.softBreak) {
        entry = Self.general  // too many states for the packed form: the general loop only
      } else if next == Self.stop {
        let restart = Int(built.transitions[Self.start << shift | cls])
        if isPlain[state] && built.flags[state] & Self.hard == 0 && isPlain[restart] {
          entry = UInt16(truncatingIfNeeded: restart << shift) | Self.softBreak
        } else {
          entry = Self.general
        }
      } else if !isPlain[Int(next)] {
        entry = Self.general
      }
      packed[index] = entry
    }
  }
}

/// A set of positions, as bits.
private struct PositionSet: Hashable {
  var words: [UInt64] = []

  mutating func insert(_ position: Int) {
    let word = position >> 6
    if word >= words.count { words += [UInt64](repeating: 0, count: word + 1 - words.count) }
    words[word] |= 1 << UInt64(position & 63)
  }

  mutating func formUnion(_ other: PositionSet) {
    if other.words.count > words.count {
      words += [UInt64](repeating: 0, count: other.words.count - words.count)
    }
    for index in other.words.indices { words[index] |= other.words[index] }
  }

  func contains(_ position: Int) -> Bool {
    let word = position >> 6
    return word < words.count && words[word] & (1 << UInt64(position & 63)) != 0
  }

  var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

  /// The same set with no trailing zero words (a canonical form for hashing).
  var trimmed: PositionSet {
    var copy = self
    while let last = copy.words.last, last == 0 { copy.words.removeLast() }
    return copy
  }

  func each(_ body: (Int) -> Void) {
    for (index, word) in words.enumerated() {
      var bits = word
      while bits != 0 {
        body(index << 6 | bits.trailingZeroBitCount)
        bits &= bits - 1
      }
    }
  }
}

/// The followpos construction and subset construction behind `LineBreakAutomaton`.
private struct LineAutomatonBuilder {
  enum Position {
    /// One class of a set.
    case character(UInt8)
    /// A rule's `/`.
    case lookAhead(rule: Int)
    /// The end of a look-ahead rule.
    case lookAheadEnd(rule: Int)
    /// A status tag.
    case tag(Int32)
    /// The end of the whole expression.
    case end
  }

  struct Node {
    var nullable: Bool
    var first: PositionSet
    var last: PositionSet
  }

  let rules: [LineRule]
  var positions: [Position] = []
  var follow: [PositionSet] = []

  init(rules: [LineRule]) { self.rules = rules }

  mutating func add(_ position: Position) -> Int {
    positions.append(position)
    follow.append(PositionSet())
    return positions.count - 1
  }

  mutating func leaf(_ position: Position, nullable: Bool) -> Node {
    var set = PositionSet()
    set.insert(add(position))
    return Node(nullable: nullable, first: set, last: set)
  }

  mutating func concatenate(_ a: Node, _ b: Node) -> Node {
    a.last.each { follow[$0].formUnion(b.first) }
    var first = a.first
    if a.nullable { first.formUnion(b.first) }
    var last = b.last
    if b.nullable { last.formUnion(a.last) }
    return Node(nullable: a.nullable && b.nullable, first: first, last: last)
  }

  mutating func compile(_ pattern: LinePattern, rule: Int) -> Node {
    switch pattern {
    case .one(let set):
      var first = PositionSet()
      for cls in set.classes { first.insert(add(.character(cls))) }
      return Node(nullable: false, first: first, last: first)
    case .sequence(let parts):
      return compile(parts, rule: rule)
    case .either(let parts):
      var node = Node(nullable: false, first: PositionSet(), last: PositionSet())
      for part in parts {
        let compiled = compile(part, rule: rule)
        node.nullable = node.nullable || compiled.nullable
        node.first.formUnion(compiled.first)
        node.last.formUnion(compiled.last)
      }
      return node
    case .star(let inner), .plus(let inner):
      var node = compile(inner, rule: rule)
      node.last.each { follow[$0].formUnion(node.first) }
      if case .star = pattern { node.nullable = true }
      return node
    case .optional(let inner):
      var node = compile(inner, rule: rule)
      node.nullable = true
      return node
    case .lookAhead:
      return leaf(.lookAhead(rule: rule), nullable: true)
    }
  }

  mutating func compile(_ parts: [LinePattern], rule: Int) -> Node {
    var node = Node(nullable: true, first: PositionSet(), last: PositionSet())
    for part in parts {
      let compiled = compile(part, rule: rule)
      node = concatenate(node, compiled)
    }
    return node
  }

  struct Built {
    var transitions: [UInt16]
    var flags: [UInt8]
    var completeSlot: [UInt8]
    var recordSlot: [UInt8]
    var slotCount: Int
  }

  mutating func build() -> Built {
    // The expression: (rule 1 | rule 2 | …) end, each rule followed by its tag
    // and, for a look-ahead rule, its own end.
    var whole = Node(nullable: false, first: PositionSet(), last: PositionSet())
    var chainStarts = PositionSet()
    for (index, rule) in rules.enumerated() {
      var node = compile(rule.pattern, rule: index)
      if rule.tag != 0 { node = concatenate(node, leaf(.tag(rule.tag), nullable: true)) }
      if rule.pattern.contains(where: { if case .lookAhead = $0 { true } else { false } }) {
        node = concatenate(node, leaf(.lookAheadEnd(rule: index), nullable: false))
      }
      if rule.chainsIn { chainStarts.formUnion(node.first) }
      whole.nullable = whole.nullable || node.nullable
      whole.first.formUnion(node.first)
      whole.last.formUnion(node.last)
    }
    let endNode = leaf(.end, nullable: false)
    let end = positions.count - 1
    whole = concatenate(whole, endNode)

    // Chaining: a character position that can end a match continues as the
    // first character of any rule that chains in and starts with its class.
    var startsByClass = [[Int]](repeating: [], count: LineClass.count)
    chainStarts.each { position in
      if case .character(let cls) = positions[position] { startsByClass[Int(cls)].append(position) }
    }
    let original = follow
    var chained = follow
    for position in positions.indices {
      guard case .character(let cls) = positions[position], original[position].contains(end)
      else { continue }
      for start in startsByClass[Int(cls)] { chained[position].formUnion(original[start]) }
    }
    follow = chained

    // Subset construction.
    var states: [PositionSet] = [PositionSet(), whole.first.trimmed]
    var index: [PositionSet: Int] = [states[1]: 1]
    var transitions = [UInt16](repeating: 0, count: 2 << LineClass.strideShift)
    var next = 1
    while next < states.count {
      var targets = [PositionSet](repeating: PositionSet(), count: LineClass.count)
      states[next].each { position in
        if case .character(let cls) = positions[position] {
          targets[Int(cls)].formUnion(follow[position])
        }
      }
      for cls in 0..<LineClass.count where !targets[cls].isEmpty {
        let target = targets[cls].trimmed
        let id: Int
        if let existing = index[target] {
          id = existing
        } else {
          id = states.count
          states.append(target)
          index[target] = id
          transitions += [UInt16](repeating: 0, count: 1 << LineClass.strideShift)
        }
        transitions[next << LineClass.strideShift | cls] = UInt16(truncatingIfNeeded: id)
      }
      next += 1
    }

    // Look-ahead slots: rules whose `/` positions meet in a state share one.
    var slotOfRule = [Int](repeating: 0, count: rules.count)
    var slotCount = 0
    for state in states {
      var rulesHere: [Int] = []
      state.each { position in
        if case .lookAhead(let rule) = positions[position] { rulesHere.append(rule) }
      }
      guard !rulesHere.isEmpty else { continue }
      var slot = rulesHere.lazy.map { slotOfRule[$0] }.first { $0 != 0 } ?? 0
      if slot == 0 {
        slotCount += 1
        slot = slotCount
      }
      for rule in rulesHere { slotOfRule[rule] = slot }
    }

    var flags = [UInt8](repeating: 0, count: states.count)
    var completeSlot = [UInt8](repeating: 0, count: states.count)
    var recordSlot = [UInt8](repeating: 0, count: states.count)
    for (id, state) in states.enumerated() where id != LineBreakAutomaton.stop {
      var completing: Int?
      var largestTag: Int32 = 0
      state.each { position in
        switch positions[position] {
        case .lookAheadEnd(let rule):
          if completing == nil || rule < completing ?? 0 { completing = rule }
        case .lookAhead(let rule):
          flags[id] |= LineBreakAutomaton.records
          recordSlot[id] = UInt8(truncatingIfNeeded: slotOfRule[rule])
        case .tag(let value):
          largestTag = max(largestTag, value)
        case .end:
          flags[id] |= LineBreakAutomaton.accepts
        case .character:
          break
        }
      }
      if let completing {
        if slotOfRule[completing] != 0 {
          flags[id] &= ~LineBreakAutomaton.accepts
          flags[id] |= LineBreakAutomaton.completes
          completeSlot[id] = UInt8(truncatingIfNeeded: slotOfRule[completing])
        } else {
          flags[id] |= LineBreakAutomaton.accepts  // as ICU does for a slot-less rule
        }
      }
      if largestTag >= 100 && largestTag < 200 { flags[id] |= LineBreakAutomaton.hard }
    }
    return Built(
      transitions: transitions, flags: flags, completeSlot: completeSlot,
      recordSlot: recordSlot, slotCount: slotCount)
  }
}

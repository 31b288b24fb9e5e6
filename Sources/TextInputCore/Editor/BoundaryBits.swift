/// A bit per UTF-16 code unit of a text, kept as a gap buffer of bits with
/// the gap at the last edit, and counted in blocks so that "how many set
/// bits before offset o" (rank) and "where is the k-th set bit" (select)
/// do not read every word: the grapheme index's storage (a set bit is a
/// cluster boundary), about 0.15 bytes a code unit where 32-bit offsets
/// took 4 bytes a cluster.
///
/// Bits are logical positions `0..<count`; physically, the bits from
/// `gapStart` on sit `gapLength` bits further. The gap's bits are always
/// 0, so a count over physical words counts only the text's bits. Each
/// block of `blockWords` words has its count, and each superblock of
/// `superBlocks` blocks the sum of its blocks.
///
/// - rank and select: O(s + b + w) for the s superblocks, the b blocks of
///   one superblock and the w words of one block (about n / 32 768 + 72).
/// - An edit: O(d + m) bits for the d bits the gap moves and the m bits
///   replaced, plus the counts of the blocks they touch; O(n / 64) when
///   the gap grows (an eighth of the text at least).
package struct BoundaryBits: Sendable {
  /// Words per block.
  static let blockWords = 8
  /// Blocks per superblock.
  static let superBlocks = 64

  /// The bits, the gap's among them (all 0).
  private var words: [UInt64] = []
  /// Set bits per block.
  private var blockCounts: [UInt16] = []
  /// Set bits per superblock.
  private var superCounts: [Int32] = []
  /// The first logical bit after the gap (the gap's physical start).
  private var gapStart = 0
  /// The gap's length in bits.
  private var gapLength = 0
  /// How many bits the text has.
  package private(set) var count = 0
  /// How many bits are set.
  package private(set) var ones = 0

  /// `count` bits, those at `set` (ascending, in `0..<count`) set.
  ///
  /// - Complexity: O(n / 64 + k).
  package init<S: Sequence<Int>>(count: Int, set: S) {
    self.count = count
    gapStart = count
    let wordCount = (count + 63) / 64
    gapLength = wordCount * 64 - count
    words = [UInt64](repeating: 0, count: wordCount)
    for position in set where position >= 0 && position < count {
      words[position >> 6] |= 1 << UInt64(position & 63)
    }
    recount()
  }

  // MARK: Reading

  /// The physical position of logical bit `position`.
  @inline(__always)
  private func physical(_ position: Int) -> Int {
    position < gapStart ? position : position + gapLength
  }

  /// The logical position of physical bit `position` (not in the gap).
  @inline(__always)
  private func logical(_ position: Int) -> Int {
    position < gapStart ? position : position - gapLength
  }

  /// Whether logical bit `position` (in `0..<count`) is set.
  package func isSet(_ position: Int) -> Bool {
    let p = physical(position)
    return words[p >> 6] & (1 << UInt64(p & 63)) != 0
  }

  /// How many bits before logical `position` (clamped to `0...count`) are set.
  package func rank(_ position: Int) -> Int {
    let p = physical(Swift.min(Swift.max(position, 0), count))
    let word = p >> 6
    let block = word / Self.blockWords
    let superblock = block / Self.superBlocks
    var total = 0
    for s in 0..<superblock { total += Int(superCounts[s]) }
    for b in (superblock * Self.superBlocks)..<block { total += Int(blockCounts[b]) }
    for w in (block * Self.blockWords)..<word { total += words[w].nonzeroBitCount }
    if p & 63 != 0, word < words.count {
      total += (words[word] & ((1 << UInt64(p & 63)) - 1)).nonzeroBitCount
    }
    return total
  }

  /// The logical position of set bit `index` (in `0..<ones`).
  package func select(_ index: Int) -> Int {
    var remaining = index
    var superblock = 0
    while superblock < superCounts.count, remaining >= Int(superCounts[superblock]) {
      remaining -= Int(superCounts[superblock])
      superblock += 1
    }
    var block = superblock * Self.superBlocks
    while block < blockCounts.count, remaining >= Int(blockCounts[block]) {
      remaining -= Int(blockCounts[block])
      block += 1
    }
    var word = block * Self.blockWords
    while word < words.count, remaining >= words[word].nonzeroBitCount {
      remaining -= words[word].nonzeroBitCount
      word += 1
    }
    guard word < words.count else { return count }
    var bits = words[word]
    for _ in 0..<remaining { bits &= bits - 1 }
    return logical(word * 64 + bits.trailingZeroBitCount)
  }

  /// The logical position of the first physical bit at or after
  /// `physicalPosition`, skipping the gap.
  @inline(__always)
  private func logicalSkippingGap(_ physicalPosition: Int) -> Int {
    if physicalPosition < gapStart { return physicalPosition }
    if physicalPosition < gapStart + gapLength { return gapStart }
    return physicalPosition - gapLength
  }

  /// The last set bit before logical `position` (at most `count`), or nil.
  package func previous(before position: Int) -> Int? {
    var q = Swift.min(position, count) - 1
    while q >= 0 {
      let p = physical(q)
      let word = words[p >> 6] & (UInt64.max >> UInt64(63 - (p & 63)))
      // Physical order is logical order, and the gap's bits are 0.
      if word != 0 { return logical((p & ~63) + 63 - word.leadingZeroBitCount) }
      let before = (p & ~63) - 1
      guard before >= 0 else { return nil }
      q = before >= gapStart && before < gapStart + gapLength ? gapStart - 1 : logical(before)
    }
    return nil
  }

  /// The first set bit after logical `position` (from -1), or nil.
  package func next(after position: Int) -> Int? {
    var q = Swift.max(position + 1, 0)
    while q < count {
      let p = physical(q)
      let word = words[p >> 6] & (UInt64.max << UInt64(p & 63))
      if word != 0 {
        let found = logical((p & ~63) + word.trailingZeroBitCount)
        return found < count ? found : nil
      }
      q = logicalSkippingGap((p & ~63) + 64)
    }
    return nil
  }

  /// The set bits, ascending.
  package var setPositions: [Int] {
    var result: [Int] = []
    result.reserveCapacity(ones)
    var position = -1
    while let found = next(after: position) {
      result.append(found)
      position = found
    }
    return result
  }

  // MARK: Editing

  /// Sets or clears logical bit `position` (in `0..<count`).
  package mutating func set(_ position: Int, to value: Bool) {
    let p = physical(position)
    let mask: UInt64 = 1 << UInt64(p & 63)
    let was = words[p >> 6] & mask != 0
    guard was != value else { return }
    if value { words[p >> 6] |= mask } else { words[p >> 6] &= ~mask }
    let delta = value ? 1 : -1
    let block = (p >> 6) / Self.blockWords
    blockCounts[block] = UInt16(Int(blockCounts[block]) + delta)
    superCounts[block / Self.superBlocks] += Int32(delta)
    ones += delta
  }

  /// Replaces logical bits `start..<(start + oldLength)` with `newLength`
  /// clear bits.
  package mutating func replace(start: Int, oldLength: Int, newLength: Int) {
    for position in start..<(start + oldLength) { set(position, to: false) }
    moveGap(to: start + oldLength)
    // The cleared bits join the gap, then the new ones leave it, clear.
    gapStart = start
    gapLength += oldLength
    count -= oldLength
    if gapLength < newLength { growGap(newLength) }
    gapStart += newLength
    gapLength -= newLength
    count += newLength
  }

  /// Moves the gap to logical `position`, bit by bit (the gap's bits stay 0).
  private mutating func moveGap(to position: Int) {
    guard position != gapStart, gapLength > 0 else {
      gapStart = position
      return
    }
    let (start, gap) = (gapStart, gapLength)
    if position < start {
      // Bits position..<start go after the gap, from the last.
      var k = start - 1
      while k >= position {
        moveBit(from: k, to: k + gap)
        k -= 1
      }
      recount(physical: position..<start)
      recount(physical: (position + gap)..<(start + gap))
    } else {
      for k in start..<position { moveBit(from: k + gap, to: k) }
      recount(physical: start..<position)
      recount(physical: (start + gap)..<(position + gap))
    }
    gapStart = position
  }

  /// Moves physical bit `from` to `to` (whose bit is 0), clearing `from`.
  @inline(__always)
  private mutating func moveBit(from: Int, to: Int) {
    let mask: UInt64 = 1 << UInt64(from & 63)
    guard words[from >> 6] & mask != 0 else { return }
    words[from >> 6] &= ~mask
    words[to >> 6] |= 1 << UInt64(to & 63)
  }

  /// Makes the gap at least `needed` bits long (an eighth of the text at
  /// least, 512 bits at least), keeping its place: the tail's bits move.
  private mutating func growGap(_ needed: Int) {
    let newGap = Swift.max(needed, count / 8, 512)
    let tail = count - gapStart
    var grown = [UInt64](repeating: 0, count: (count + newGap + 63) / 64)
    for w in 0..<(gapStart >> 6) { grown[w] = words[w] }
    for k in ((gapStart >> 6) * 64)..<gapStart where words[k >> 6] & (1 << UInt64(k & 63)) != 0 {
      grown[k >> 6] |= 1 << UInt64(k & 63)
    }
    for k in 0..<tail {
      let from = gapStart + gapLength + k
      if words[from >> 6] & (1 << UInt64(from & 63)) != 0 {
        let to = gapStart + newGap + k
        grown[to >> 6] |= 1 << UInt64(to & 63)
      }
    }
    words = grown
    gapLength = newGap
    recount()
  }

  /// Counts every block and superblock again.
  private mutating func recount() {
    let blockCount = (words.count + Self.blockWords - 1) / Self.blockWords
    blockCounts = [UInt16](repeating: 0, count: blockCount)
    superCounts = [Int32](
      repeating: 0, count: (blockCount + Self.superBlocks - 1) / Self.superBlocks)
    ones = 0
    for (index, word) in words.enumerated() where word != 0 {
      let bits = word.nonzeroBitCount
      blockCounts[index / Self.blockWords] += UInt16(bits)
      superCounts[index / Self.blockWords / Self.superBlocks] += Int32(bits)
      ones += bits
    }
  }

  /// Counts again the blocks that hold physical bits `range`.
  private mutating func recount(physical range: Range<Int>) {
    guard !range.isEmpty else { return }
    let firstBlock = (range.lowerBound >> 6) / Self.blockWords
    let lastBlock = Swift.min(
      ((range.upperBound - 1) >> 6) / Self.blockWords, blockCounts.count - 1)
    guard firstBlock <= lastBlock else { return }
    for block in firstBlock...lastBlock {
      var bits = 0
      let end = Swift.min((block + 1) * Self.blockWords, words.count)
      for w in (block * Self.blockWords)..<end { bits += words[w].nonzeroBitCount }
      let delta = bits - Int(blockCounts[block])
      blockCounts[block] = UInt16(bits)
      superCounts[block / Self.superBlocks] += Int32(delta)
    }
  }
}

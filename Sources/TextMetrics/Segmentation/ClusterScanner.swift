internal import CTextInputICU

/// Receives the grapheme clusters of a scan, in order.
///
/// Offsets are UTF-16 code units from the start of the text.
protocol ClusterVisitor {
  /// Whether the visitor reads `width`; when false the scan skips the width work.
  static var needsWidth: Bool { get }
  /// Whether the visitor needs every cluster on its own (offsets, lists); when
  /// false the run loop reports stretches of one-code-point clusters through
  /// `visitRun` instead.
  static var needsEachCluster: Bool { get }
  /// One cluster [start, end) with its width in cells.
  mutating func visit(start: Int, end: Int, width: Int, isControl: Bool)
  /// `count` one-unit ASCII clusters from `start`, of which `printable` are
  /// 1 cell wide and the rest controls (0 cells, never CR).
  mutating func visitASCII(start: Int, count: Int, printable: Int, bytes: UnsafePointer<UInt8>)
  /// `count` clusters of one code point each, none a control, ending at `end`,
  /// `width` cells in all (only when `needsEachCluster` is false).
  mutating func visitRun(end: Int, count: Int, width: Int)
}

extension ClusterVisitor {
  static var needsEachCluster: Bool { true }
  mutating func visitRun(end: Int, count: Int, width: Int) {}
}

/// Where a scan reads its text: it can copy a stretch of it out as UTF-16 for
/// the rare clusters that need ICU, or lend its raw bytes as a cache key.
protocol ClusterSource {
  /// Appends the UTF-16 of source positions [start, end) to `units`.
  func appendUTF16(from start: Int, to end: Int, into units: inout [UInt16])
  /// Calls `body` with the raw storage of source positions [start, end).
  func withBytes<R>(from start: Int, to end: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R
}

struct UTF8Source: ClusterSource {
  let bytes: UnsafeBufferPointer<UInt8>
  func appendUTF16(from start: Int, to end: Int, into units: inout [UInt16]) {
    units.append(contentsOf: utf16(ofValidUTF8: UnsafeBufferPointer(rebasing: bytes[start..<end])))
  }
  func withBytes<R>(from start: Int, to end: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<end])))
  }
}

struct UTF16Source: ClusterSource {
  let units: UnsafeBufferPointer<UInt16>
  func appendUTF16(from start: Int, to end: Int, into units: inout [UInt16]) {
    units.append(contentsOf: self.units[start..<end])
  }
  func withBytes<R>(from start: Int, to end: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
    body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: units[start..<end])))
  }
}

/// The answers of ICU's `RGI_Emoji` for the emoji sequences of one scan, so
/// that a sequence met again is not copied out and looked up again: 64 slots,
/// direct-mapped on a hash of the sequence's raw storage, each keeping the
/// sequence (up to 64 bytes) to compare. Allocated on the first sequence.
struct RGICache {
  static let slots = 64
  static let slotBytes = 64
  /// `slots × slotBytes` bytes of keys, then per slot its length + 1 (0: empty)
  /// and its answer.
  private var keys: [UInt8] = []
  private var lengths: [UInt8] = []
  private var answers: [Bool] = []

  /// Whether `count` bytes at `a` and `b` are equal (eight at a time).
  @inline(__always)
  private static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    var k = 0
    while k &+ 8 <= count {
      if a.loadUnaligned(fromByteOffset: k, as: UInt64.self)
        != b.loadUnaligned(fromByteOffset: k, as: UInt64.self)
      {
        return false
      }
      k &+= 8
    }
    while k < count {
      if a.load(fromByteOffset: k, as: UInt8.self) != b.load(fromByteOffset: k, as: UInt8.self) {
        return false
      }
      k &+= 1
    }
    return true
  }

  /// ICU's answer for `bytes`, from the cache or from `compute`.
  mutating func isRGI(_ bytes: UnsafeRawBufferPointer, compute: () -> Bool) -> Bool {
    guard bytes.count <= Self.slotBytes else { return compute() }
    if keys.isEmpty {
      keys = [UInt8](repeating: 0, count: Self.slots * Self.slotBytes)
      lengths = [UInt8](repeating: 0, count: Self.slots)
      answers = [Bool](repeating: false, count: Self.slots)
    }
    guard let source = bytes.baseAddress else { return compute() }
    let count = bytes.count
    // Hash eight bytes at a time (a sequence is 8–40 bytes, mostly).
    var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
    var k = 0
    while k &+ 8 <= count {
      hash =
        (hash ^ source.loadUnaligned(fromByteOffset: k, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
      hash ^= hash >> 29
      k &+= 8
    }
    while k < count {
      hash = (hash ^ UInt64(source.load(fromByteOffset: k, as: UInt8.self))) &* 0x100_0000_01B3
      k &+= 1
    }
    hash ^= hash >> 32
    let slot = Int(truncatingIfNeeded: hash & UInt64(Self.slots - 1))
    let base = slot * Self.slotBytes
    if Int(lengths[slot]) == count &+ 1 {
      let same = keys.withUnsafeBytes { storage in
        storage.baseAddress.map { Self.equal($0 + base, source, count) } ?? false
      }
      if same { return answers[slot] }
    }
    let answer = compute()
    keys.withUnsafeMutableBytes { storage in
      UnsafeMutableRawBufferPointer(rebasing: storage[base..<base + bytes.count]).copyMemory(
        from: bytes)
    }
    lengths[slot] = UInt8(truncatingIfNeeded: bytes.count + 1)
    answers[slot] = answer
    return answer
  }
}

/// How the run loop reads its source: UTF-8 bytes or UTF-16 code units.
protocol RunDecoder {
  /// The number of source positions.
  var count: Int { get }
  /// The code point at source position `index` and its length in positions.
  func decode(at index: Int) -> (scalar: UInt32, length: Int)
  /// Whether the eight-byte ASCII path can take over at `index`.
  func startsASCIIBlock(at index: Int) -> Bool
  /// UTF-16 code units of a code point that takes `length` positions.
  static func utf16Length(_ length: Int) -> Int
}

struct UTF8RunDecoder: RunDecoder {
  let base: UnsafePointer<UInt8>
  let count: Int

  @inline(__always)
  func decode(at index: Int) -> (scalar: UInt32, length: Int) {
    ValidUTF8.decode(base, at: index)
  }

  @inline(__always)
  func startsASCIIBlock(at index: Int) -> Bool {
    base[index] < 0x80 && index &+ 8 <= count
      && ClusterScanner.isASCIIWithoutCR(
        UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      && (index &+ 8 == count || base[index &+ 8] < 0x80)
  }

  @inline(__always)
  static func utf16Length(_ length: Int) -> Int { length == 4 ? 2 : 1 }
}

struct UTF16RunDecoder: RunDecoder {
  let units: UnsafeBufferPointer<UInt16>
  var count: Int { units.count }

  @inline(__always)
  func decode(at index: Int) -> (scalar: UInt32, length: Int) {
    SurrogatePairs.decode(units, at: index)
  }

  @inline(__always)
  func startsASCIIBlock(at index: Int) -> Bool { false }

  @inline(__always)
  static func utf16Length(_ length: Int) -> Int { length }
}

/// The state of one scan: the grapheme state machine (`GraphemeBreakState`),
/// the width accumulator of the open cluster, and the visitor. Kept in a struct
/// (not captured by closures) so that the hot loop needs no dynamic
/// exclusivity checks.
struct ClusterScan<V: ClusterVisitor, Source: ClusterSource> {
  var visitor: V
  let source: Source
  let options: WidthOptions
  let cellTable: UInt32
  let table = CharacterTable.shared
  var state = GraphemeBreakState()
  var cluster = ClusterAccumulator()
  var scratch: [UInt16] = []
  var rgiCache = RGICache()
  /// The open cluster's start, in UTF-16 code units and in source positions.
  var clusterStart = 0
  var clusterStartIndex = 0
  var pending = false

  init(visitor: V, source: Source, options: WidthOptions) {
    self.visitor = visitor
    self.source = source
    self.options = options
    self.cellTable = ClusterAccumulator.cellTable(options)
  }

  /// Feeds one code point at UTF-16 `offset` and source position `index`.
  @inline(__always)
  mutating func feed(_ scalar: UInt32, offset: Int, index: Int) {
    feed(scalar, table.properties(scalar), offset: offset, index: index)
  }

  /// Feeds one code point whose properties are known.
  @inline(__always)
  mutating func feed(_ scalar: UInt32, _ properties: CharacterProperties, offset: Int, index: Int) {
    if state.advance(properties, table) {
      if pending { flush(end: offset, endIndex: index) }
      pending = true
      clusterStart = offset
      clusterStartIndex = index
      if V.needsWidth { cluster.start(scalar, properties, cellTable) }
    } else if V.needsWidth {
      cluster.add(scalar, properties, cellTable)
    }
  }

  /// Takes over the open cluster of the run loop: it starts at UTF-16
  /// `offset` / source `index`, holds `cluster`, and its last code point is of
  /// class `lastClass`. Leaves the state machine as `advance` would have.
  @inline(__always)
  mutating func takeOverRun(
    _ cluster: ClusterAccumulator, lastClass: UInt8, emoji: UInt8, offset: Int, index: Int
  ) {
    state.resetAfterRun(lastClass, emoji: emoji)
    pending = true
    clusterStart = offset
    clusterStartIndex = index
    if V.needsWidth { self.cluster = cluster }
  }

  /// Reports a cluster of the run loop [start, end) (source [startIndex,
  /// endIndex)): to the visitor, or into the run's `count` and `width`.
  @inline(__always)
  mutating func emitRunCluster(
    _ cluster: ClusterAccumulator, start: Int, end: Int, startIndex: Int, endIndex: Int,
    sensitive: UInt16, count: inout Int, width: inout Int
  ) {
    let cells =
      V.needsWidth
      ? runWidth(cluster, startIndex: startIndex, endIndex: endIndex, sensitive: sensitive) : 0
    if V.needsEachCluster {
      visitor.visit(start: start, end: end, width: cells, isControl: false)
    } else {
      count &+= 1
      width &+= cells
    }
  }

  /// The width of a cluster of the run loop, which ends at source `endIndex`.
  @inline(__always)
  mutating func runWidth(
    _ cluster: ClusterAccumulator, startIndex: Int, endIndex: Int, sensitive: UInt16
  ) -> Int {
    guard cluster.scalarCount > 1, cluster.needsPolicy(sensitive: sensitive) else {
      return cluster.summedCells
    }
    self.cluster = cluster
    clusterStartIndex = startIndex
    return multiScalarWidth(endIndex: endIndex)
  }

  /// Reports the open cluster, which ends at `end` (UTF-16) / `endIndex` (source).
  @inline(__always)
  mutating func flush(end: Int, endIndex: Int) {
    if V.needsWidth {
      let width =
        cluster.scalarCount <= 1 ? cluster.summedCells : multiScalarWidth(endIndex: endIndex)
      visitor.visit(start: clusterStart, end: end, width: width, isControl: cluster.isControl)
    } else {
      visitor.visit(start: clusterStart, end: end, width: 0, isControl: false)
    }
  }

  /// The width of the open cluster of two or more code points, ending at
  /// source position `endIndex`: kept out of the hot loop.
  @inline(never)
  mutating func multiScalarWidth(endIndex: Int) -> Int {
    if let width = cluster.decidedWidth { return width }
    let start = clusterStartIndex
    let source = self.source
    var cache = RGICache()
    swap(&cache, &rgiCache)
    defer { swap(&cache, &rgiCache) }
    var units: [UInt16] = []
    swap(&units, &scratch)
    defer { swap(&units, &scratch) }
    return cluster.multiScalarWidth(
      options,
      isRGI: {
        source.withBytes(from: start, to: endIndex) { bytes in
          cache.isRGI(bytes) {
            var sequence: [UInt16] = []
            source.appendUTF16(from: start, to: endIndex, into: &sequence)
            return sequence.withUnsafeBufferPointer { buffer in
              buffer.baseAddress.map { ctii_is_rgi_emoji($0, Int32(buffer.count)) } ?? false
            }
          }
        }
      }, scratch: &units,
      fill: { source.appendUTF16(from: start, to: endIndex, into: &$0) })
  }

  /// Closes the scan at UTF-16 `end` / source `endIndex`.
  @inline(__always)
  mutating func finish(end: Int, endIndex: Int) {
    if pending { flush(end: end, endIndex: endIndex) }
    pending = false
  }
}

/// The scans behind every grapheme and width API: one state machine and one
/// width accumulator (`ClusterScan`), fed by a UTF-8 decoder with an
/// eight-bytes-at-a-time ASCII path, or by a UTF-16 decoder.
enum ClusterScanner {
  private static let high: UInt64 = 0x8080_8080_8080_8080
  private static let ones: UInt64 = 0x0101_0101_0101_0101

  /// Scans valid UTF-8 (a Swift string's storage).
  ///
  /// With `runs` (the default), a stretch of clusters that start with a
  /// singleton starter (CJK, kana, Hangul syllables, most letters: see
  /// `CharacterProperties`) or an emoji is measured by `runLoop`, which reads
  /// one table entry per code point and never enters the state machine;
  /// `runs: false` feeds every code point to the state machine (the general
  /// path, which the tests and the benchmark compare the run loop against).
  ///
  /// - Complexity: O(n) in the number of bytes.
  @inline(__always)
  static func scan<V: ClusterVisitor>(
    utf8 bytes: UnsafeBufferPointer<UInt8>, options: WidthOptions, runs: Bool = true,
    into visitor: inout V
  ) {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
    var scan = ClusterScan(visitor: visitor, source: UTF8Source(bytes: bytes), options: options)
    let decoder = UTF8RunDecoder(base: base, count: bytes.count)
    let table = scan.table
    let n = bytes.count
    var i = 0
    var offset = 0

    while i < n {
      // Eight ASCII bytes with no CR, followed by ASCII (or the end), after a code
      // point that is not Prepend or CR: each byte is a cluster of its own.
      if i &+ 8 <= n, !scan.state.previousIsPrepend, !scan.state.previousIsCR {
        var word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        if Self.isASCIIWithoutCR(word), i &+ 8 == n || base[i &+ 8] < 0x80 {
          scan.finish(end: offset, endIndex: i)
          repeat {
            scan.visitor.visitASCII(
              start: offset, count: 8, printable: Self.printableCount(word), bytes: base + i)
            i &+= 8
            offset &+= 8
            guard i &+ 8 <= n else { break }
            word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
          } while Self.isASCIIWithoutCR(word) && (i &+ 8 == n || base[i &+ 8] < 0x80)
          scan.state.resetAfterOther()
          continue
        }
      }

      // One code point.
      let (scalar, length) = ValidUTF8.decode(base, at: i)
      let properties = table.properties(scalar)
      if runs, properties.isSingletonStarter, scan.state.breaksBeforeSingleton {
        runLoop(&scan, decoder, scalar, properties, length: length, i: &i, offset: &offset)
        continue
      }
      scan.feed(scalar, properties, offset: offset, index: i)
      i &+= length
      offset &+= length == 4 ? 2 : 1
    }
    scan.finish(end: offset, endIndex: n)
    visitor = scan.visitor
  }

  /// Scans UTF-16 code units; an unpaired surrogate is a cluster of its own,
  /// 1 cell wide (it displays as U+FFFD), as ICU segments it. `runs` as for
  /// UTF-8.
  ///
  /// - Complexity: O(n) in the number of code units.
  @inline(__always)
  static func scan<V: ClusterVisitor>(
    utf16 units: UnsafeBufferPointer<UInt16>, options: WidthOptions, runs: Bool = true,
    into visitor: inout V
  ) {
    guard !units.isEmpty else { return }
    var scan = ClusterScan(visitor: visitor, source: UTF16Source(units: units), options: options)
    let decoder = UTF16RunDecoder(units: units)
    let table = scan.table
    let n = units.count
    var i = 0
    var offset = 0
    while i < n {
      let (scalar, length) = SurrogatePairs.decode(units, at: i)
      let properties = table.properties(scalar)
      if runs, properties.isSingletonStarter, scan.state.breaksBeforeSingleton {
        runLoop(&scan, decoder, scalar, properties, length: length, i: &i, offset: &offset)
        continue
      }
      scan.feed(scalar, properties, offset: i, index: i)
      i &+= length
      offset = i
    }
    scan.finish(end: n, endIndex: n)
    visitor = scan.visitor
  }

  /// The run loop. Called at a singleton starter (`scalar`, `length` source
  /// positions at source `i`, UTF-16 `offset`) that starts a cluster; returns
  /// with `i` and `offset` past what it measured, the open cluster handed to
  /// `scan` as the state machine would have left it.
  ///
  /// The open cluster is a *head* — a singleton starter or an
  /// Extended_Pictographic — with the marks joined to it (Extend, ZWJ,
  /// SpacingMark: GB9, GB9a) and, after a ZWJ, further pictographs (GB11,
  /// tracked by the GB11 state alone). A following singleton starter always
  /// breaks, as does a pictograph not after `ExtPict Extend* ZWJ`; anything
  /// else (controls, Prepend, regional indicators, Hangul jamo, Indic linking
  /// consonants) stops the loop and goes to the state machine. The inner loop
  /// handles the common case, a starter alone, with the fewest live values.
  @inline(__always)
  static func runLoop<V: ClusterVisitor, S: ClusterSource, D: RunDecoder>(
    _ scan: inout ClusterScan<V, S>, _ decoder: D, _ scalar: UInt32,
    _ properties: CharacterProperties, length: Int, i position: inout Int,
    offset utf16Offset: inout Int
  ) {
    // Locals, not the inout parameters, so that the loops keep them in registers.
    var i = position
    var offset = utf16Offset
    defer {
      position = i
      utf16Offset = offset
    }
    let table = scan.table
    let lookup = table.lookup
    let emojiNext = table.emojiNext
    let cellTable = scan.cellTable
    let sensitive = ClusterAccumulator.sensitiveBit(scan.options)
    let n = decoder.count
    scan.finish(end: offset, endIndex: i)
    var current = properties
    var start = offset
    var startIndex = i
    var runCount = 0
    var runWidth = 0
    i &+= length
    offset &+= D.utf16Length(length)
    var stopper: (scalar: UInt32, properties: CharacterProperties, length: Int)? = nil
    var open = ClusterAccumulator()
    var lastClass = current.breakClass
    var emoji: UInt8 = 0
    runs: while true {
      // The open cluster is the starter `current` alone.
      var next: UInt32 = 0
      var nextLength = 0
      var nextProperties = CharacterProperties(rawValue: 0)
      var stopped = false
      while i < n {
        if decoder.startsASCIIBlock(at: i) { break }  // the eight-byte path takes over
        (next, nextLength) = decoder.decode(at: i)
        nextProperties = lookup.properties(next)
        guard nextProperties.isSingletonStarter else {
          stopped = true
          break
        }
        let width = V.needsWidth ? ClusterAccumulator.cells(current.rawValue, cellTable) : 0
        if V.needsEachCluster {
          scan.visitor.visit(start: start, end: offset, width: width, isControl: false)
        } else {
          runCount &+= 1
          runWidth &+= width
        }
        current = nextProperties
        start = offset
        startIndex = i
        i &+= nextLength
        offset &+= D.utf16Length(nextLength)
      }
      lastClass = current.breakClass
      emoji = 0
      if V.needsWidth { open.start(decoder.decode(at: startIndex).scalar, current, cellTable) }
      guard stopped else { break runs }
      // `next` is no starter: marks and pictographs until the next starter
      // (back to the inner loop) or another code point (stop).
      while true {
        let nextClass = nextProperties.breakClass
        if GraphemeBreakState.joinsRun(nextProperties) {
          if V.needsWidth { open.add(next, nextProperties, cellTable) }
        } else if nextClass == BreakClass.extendedPictographic {
          if lastClass == BreakClass.zwj, emoji == 2 {
            if V.needsWidth { open.add(next, nextProperties, cellTable) }  // GB11
          } else {
            scan.emitRunCluster(
              open, start: start, end: offset, startIndex: startIndex, endIndex: i,
              sensitive: sensitive, count: &runCount, width: &runWidth)
            if V.needsWidth { open.start(next, nextProperties, cellTable) }
            start = offset
            startIndex = i
          }
        } else {
          stopper = (next, nextProperties, nextLength)
          break runs
        }
        emoji = emojiNext[Int(emoji) << 4 | Int(nextClass)]
        lastClass = nextClass
        i &+= nextLength
        offset &+= D.utf16Length(nextLength)
        guard i < n else { break runs }
        (next, nextLength) = decoder.decode(at: i)
        nextProperties = lookup.properties(next)
        guard nextProperties.isSingletonStarter else { continue }
        scan.emitRunCluster(
          open, start: start, end: offset, startIndex: startIndex, endIndex: i,
          sensitive: sensitive, count: &runCount, width: &runWidth)
        current = nextProperties
        start = offset
        startIndex = i
        i &+= nextLength
        offset &+= D.utf16Length(nextLength)
        continue runs
      }
    }
    if !V.needsEachCluster, runCount > 0 {
      scan.visitor.visitRun(end: start, count: runCount, width: runWidth)
    }
    scan.takeOverRun(open, lastClass: lastClass, emoji: emoji, offset: start, index: startIndex)
    if let stopper {
      scan.feed(stopper.scalar, stopper.properties, offset: offset, index: i)
      i &+= stopper.length
      offset &+= D.utf16Length(stopper.length)
    }
  }

  /// Scans a string's UTF-8 (made contiguous first if it is not) into
  /// `visitor`, and returns the visitor.
  ///
  /// - Complexity: O(n) in the number of bytes.
  @inline(__always)
  static func scan<V: ClusterVisitor>(
    _ text: String, options: WidthOptions, runs: Bool = true, with visitor: V
  ) -> V {
    var visitor = visitor
    withUTF8(text) { scan(utf8: $0, options: options, runs: runs, into: &visitor) }
    return visitor
  }

  /// Scans UTF-16 code units into `visitor`, and returns the visitor.
  ///
  /// - Complexity: O(n) in the number of code units.
  @inline(__always)
  static func scan<V: ClusterVisitor>(
    utf16 units: [UInt16], options: WidthOptions, runs: Bool = true, with visitor: V
  ) -> V {
    var visitor = visitor
    units.withUnsafeBufferPointer { scan(utf16: $0, options: options, runs: runs, into: &visitor) }
    return visitor
  }

  /// All eight bytes are ASCII and none is CR (U+000D).
  @inline(__always)
  static func isASCIIWithoutCR(_ word: UInt64) -> Bool {
    guard word & high == 0 else { return false }
    let x = word ^ 0x0D0D_0D0D_0D0D_0D0D
    return (x &- ones) & ~x & high == 0
  }

  /// How many of eight ASCII bytes are printable (U+0020–U+007E).
  @inline(__always)
  static func printableCount(_ word: UInt64) -> Int {
    let atLeastSpace = word &+ 0x6060_6060_6060_6060
    let notDelete = (word ^ 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F
    let printable = atLeastSpace & notDelete & high
    // All eight, the common case, without a population count (which the
    // baseline x86-64 target computes in a dozen instructions).
    return printable == high ? 8 : printable.nonzeroBitCount
  }
}

/// Runs `body` over a string's UTF-8, making it contiguous first if it is not.
@inline(__always)
func withUTF8<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
  if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
  var copy = text
  return copy.withUTF8(body)
}

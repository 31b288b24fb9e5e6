import PropertyBased
import Testing
import TextInputCore

/// The grapheme index's bits (a gap buffer of bits with block counts)
/// against a plain array of Bool, at sizes that span many blocks and
/// superblocks: after random replacements (the gap moves both ways and
/// grows) and random sets, every query must answer as the array does.
@Suite("BoundaryBits: rank, select, next and previous as a plain array")
struct BoundaryBitsTests {
  static func check(_ bits: BoundaryBits, _ model: [Bool], _ context: String) {
    let set = model.indices.filter { model[$0] }
    #expect(bits.count == model.count, "\(context)")
    #expect(bits.ones == set.count, "\(context)")
    #expect(bits.setPositions == set, "\(context)")
    // Probes: the ends, the set bits' neighbours, and a stride.
    var probes = Set([0, model.count, max(model.count - 1, 0)])
    for position in set.prefix(200) { probes.formUnion([position - 1, position, position + 1]) }
    for position in stride(from: 0, through: model.count, by: max(model.count / 97, 1)) {
      probes.insert(position)
    }
    for position in probes where position >= 0 && position <= model.count {
      let below = set.partitioningIndexForTest { $0 >= position }
      #expect(bits.rank(position) == below, "rank(\(position)): \(context)")
      #expect(
        bits.previous(before: position) == (below > 0 ? set[below - 1] : nil),
        "previous(before: \(position)): \(context)")
      let above = set.partitioningIndexForTest { $0 > position }
      #expect(
        bits.next(after: position) == (above < set.count ? set[above] : nil),
        "next(after: \(position)): \(context)")
      if position < model.count {
        #expect(bits.isSet(position) == model[position], "isSet(\(position)): \(context)")
      }
    }
    for index in stride(from: 0, to: set.count, by: max(set.count / 53, 1)) {
      #expect(bits.select(index) == set[index], "select(\(index)): \(context)")
    }
    if let last = set.indices.last { #expect(bits.select(last) == set[last]) }
  }

  @Test func editsAnswerAsAnArray() async {
    await propertyCheck(
      count: 60, input: Gen.int(in: 0...120_000), Gen.int(in: 1...40),
      zip(
        Gen.int(in: 0...1_000_000), Gen.int(in: 0...700), Gen.int(in: 0...700),
        Gen.int(in: 0...1_000_000).array(of: 0...20)
      ).array(of: 1...12)
    ) { initialCount, density, edits in
      var model = (0..<initialCount).map { $0 % density == 0 || $0 % 7 == 3 }
      var bits = BoundaryBits(count: initialCount, set: model.indices.filter { model[$0] })
      Self.check(bits, model, "initial \(initialCount)")
      for (place, removed, inserted, toSet) in edits {
        let start = model.isEmpty ? 0 : place % (model.count + 1)
        let oldLength = min(removed, model.count - start)
        model.replaceSubrange(
          start..<(start + oldLength), with: repeatElement(false, count: inserted))
        bits.replace(start: start, oldLength: oldLength, newLength: inserted)
        for value in toSet where !model.isEmpty {
          let position = value % model.count
          let on = value % 3 != 0
          model[position] = on
          bits.set(position, to: on)
        }
        Self.check(bits, model, "after replacing \(start), \(oldLength) by \(inserted)")
      }
    }
  }
}

extension Array where Element == Int {
  /// The first index whose element satisfies `predicate` (a partition).
  fileprivate func partitioningIndexForTest(where predicate: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if predicate(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

import PropertyBased
import Testing
import TextMetrics
import UnicodeTestSupport

/// The gap buffer against a plain array: the same edits at random places
/// (the gap moves both ways, grows, and lands at both ends) must leave the
/// same units, read one by one, in slices, as an array and in contiguous
/// pieces.
@Suite("UTF16Buffer: a gap buffer that reads as an array")
struct UTF16BufferTests {
  /// Checks `buffer` against `array` every way it can be read.
  func check(_ buffer: UTF16Buffer, _ array: [UInt16], _ context: String) {
    #expect(buffer.count == array.count, "\(context)")
    #expect(Array(buffer) == array, "\(context)")
    #expect(buffer.array == array, "\(context)")
    #expect(buffer == UTF16Buffer(array), "\(context)")
    #expect(buffer.hashValue == UTF16Buffer(array).hashValue, "\(context)")
    for index in buffer.indices where buffer[index] != array[index] {
      Issue.record("unit \(index) differs: \(context)")
      return
    }
    // Slices and contiguous pieces on each side of the gap and across it.
    let count = array.count
    for (a, b) in [(0, count), (0, count / 2), (count / 3, count), (count / 4, count * 3 / 4)] {
      #expect(Array(buffer[a..<b]) == Array(array[a..<b]), "slice \(a)..<\(b): \(context)")
      let piece = buffer.withContiguousUnits(in: a..<b) { Array($0) }
      #expect(piece == Array(array[a..<b]), "contiguous \(a)..<\(b): \(context)")
    }
    let whole = buffer.withContiguousStorageIfAvailable { Array($0) }
    if let whole { #expect(whole == array, "whole: \(context)") }
  }

  @Test("Random replacements give the array's units")
  func replacementsMatchAnArray() async {
    await propertyCheck(
      count: CheckScale.cases(100, full: 1000), input: UnicodeGen.utf16,
      zip(Gen.int(in: 0...100_000), Gen.int(in: 0...12), UnicodeGen.utf16Fragment)
        .array(of: 1...30)
    ) { initial, edits in
      var buffer = UTF16Buffer(initial)
      var array = initial
      check(buffer, array, "initial")
      for (step, (position, length, inserted)) in edits.enumerated() {
        let location = position % (array.count + 1)
        let end = min(location + length, array.count)
        buffer.replaceSubrange(location..<end, with: inserted)
        array.replaceSubrange(location..<end, with: inserted)
        check(buffer, array, "after edit \(step): \(location)..<\(end) ← \(inserted)")
      }
    }
  }

  @Test("A copy keeps its units when the original is edited (copy on write)")
  func copiesAreValues() {
    var buffer = UTF16Buffer(Array("Hello world".utf16))
    buffer.replaceSubrange(5..<5, with: Array(",".utf16))
    let copy = buffer
    buffer.replaceSubrange(0..<1, with: Array("J".utf16))
    buffer[1] = 0x61
    #expect(String(decoding: copy, as: UTF16.self) == "Hello, world")
    #expect(String(decoding: buffer, as: UTF16.self) == "Jallo, world")
    #expect(buffer.description == "Jallo, world")
  }

  @Test("Appends, removals and element writes through the collection protocols")
  func collectionProtocols() {
    var buffer: UTF16Buffer = [0x61, 0x62]
    buffer.append(0x63)
    buffer.insert(0x7A, at: 0)
    buffer.remove(at: 1)
    buffer.append(contentsOf: Array("de".utf16))
    buffer[0] = 0x79
    buffer.reserveCapacity(100)
    #expect(buffer.array == Array("ybcde".utf16))
    buffer.removeAll()
    #expect(buffer.isEmpty && buffer == UTF16Buffer())
  }
}

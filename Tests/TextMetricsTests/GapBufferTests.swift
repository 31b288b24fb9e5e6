import PropertyBased
import Testing
import TextMetrics

/// The gap-buffer core that UTF16Buffer, LineFragments, the grapheme index
/// and the display map share, against a plain array: random replacements at
/// random places (the gap moves both ways, grows, lands at both ends), each
/// moving the elements after it by a shift, must read as the array does.
@Suite("GapBuffer: one core, read as an array")
struct GapBufferTests {
  /// An offset that the elements after an edit are moved by.
  struct Offset: GapBufferElement, Equatable {
    var value: Int
    static var noShift: Int { 0 }
    static func isNoShift(_ shift: Int) -> Bool { shift == 0 }
    static func combined(_ a: Int, _ b: Int) -> Int { a + b }
    func shifted(by shift: Int) -> Offset { Offset(value: value + shift) }
    func unshifted(by shift: Int) -> Offset { Offset(value: value - shift) }
  }

  @Test func replacementsWithShiftsMatchAnArray() async {
    await propertyCheck(
      count: 300, input: Gen.int(in: 0...40),
      zip(
        Gen.int(in: 0...10_000), Gen.int(in: 0...5), Gen.int(in: -50...50),
        Gen.int(in: -20...20).array(of: 0...6)
      ).array(of: 1...30)
    ) { initialCount, edits in
      var model = Array(0..<initialCount)
      var buffer = GapBuffer(model.map { Offset(value: $0) })
      for (place, removed, shift, inserted) in edits {
        let lower = model.isEmpty ? 0 : place % (model.count + 1)
        let upper = min(lower + removed, model.count)
        model.replaceSubrange(lower..<upper, with: inserted)
        for index in (lower + inserted.count)..<model.count { model[index] += shift }
        buffer.replaceSubrange(
          lower..<upper, with: inserted.map { Offset(value: $0) }, shift: shift, minimumGap: 4)
        #expect(buffer.count == model.count)
        #expect(buffer.array.map(\.value) == model, "after replacing \(lower)..<\(upper)")
        #expect((0..<buffer.count).map { buffer[$0].value } == model)
      }
      // Writes land where reads find them, on both sides of the gap.
      for index in 0..<model.count where index % 3 == 0 {
        buffer[index] = Offset(value: -index)
        model[index] = -index
      }
      #expect(buffer.array.map(\.value) == model)
      let target = model.count / 2
      buffer.moveGap(to: target)
      #expect(buffer.array.map(\.value) == model)
      buffer.moveGap(to: 0)
      #expect((0..<buffer.count).map { buffer[$0].value } == model)
    }
  }

  @Test func aSortedBufferIsSearched() {
    var buffer = GapBuffer((0..<100).map { Offset(value: $0 * 2) })
    buffer.replaceSubrange(10..<20, with: [Offset(value: 20)], shift: -18, minimumGap: 4)
    // 0, 2, …, 18, 20, then 40 - 18 = 22, 24, …
    #expect(buffer.partitioningIndex { $0.value >= 21 } == 11)
    #expect(buffer[11].value == 22)
    #expect(buffer.partitioningIndex { $0.value > 1_000 } == buffer.count)
  }
}

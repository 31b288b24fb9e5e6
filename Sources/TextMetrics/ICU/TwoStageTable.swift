/// A per-code-point table compressed into two stages, as ICU's own property
/// tries are: the code points in blocks of `1 << shift`, identical blocks
/// stored once (`stage2`), and one block index per block (`stage1`). A lookup
/// is `stage2[Int(stage1[cp >> shift]) << shift | cp & (blockSize - 1)]`.
///
/// The stages are allocated once and never freed: the tables that use this
/// are built at first use and live as long as the process.
struct TwoStageTable<Value: FixedWidthInteger> {
  /// One block index per block of code points.
  let stage1: UnsafeMutablePointer<UInt16>
  /// The distinct blocks, one after the other.
  let stage2: UnsafeMutablePointer<Value>
  /// How many distinct blocks `stage2` holds.
  let blockCount: Int

  /// Compresses `flat` (one value per code point; its count a multiple of
  /// `1 << shift`).
  ///
  /// - Complexity: O(n) in the number of code points (each block hashed once).
  init(compressing flat: [Value], shift: Int) {
    let blockSize = 1 << shift
    var blocks: [ArraySlice<Value>: UInt16] = [:]
    var index1 = [UInt16]()
    index1.reserveCapacity(flat.count >> shift)
    var data = [Value]()
    for start in stride(from: 0, to: flat.count, by: blockSize) {
      let block = flat[start..<min(start + blockSize, flat.count)]
      if let index = blocks[block] {
        index1.append(index)
      } else {
        let index = UInt16(truncatingIfNeeded: data.count >> shift)
        blocks[block] = index
        index1.append(index)
        data.append(contentsOf: block)
      }
    }
    stage1 = .allocate(capacity: index1.count)
    stage1.initialize(from: index1, count: index1.count)
    stage2 = .allocate(capacity: data.count)
    stage2.initialize(from: data, count: data.count)
    blockCount = data.count >> shift
  }
}

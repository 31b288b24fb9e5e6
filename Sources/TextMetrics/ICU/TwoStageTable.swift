import Foundation

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
  /// Blocks are compared as bytes through buffer pointers, found by a hash of
  /// their bytes: the tables are built at the first use of every process
  /// (each run of a program, each sample a test starts), where a dictionary
  /// keyed by array slices cost most of a debug build's start-up.
  ///
  /// - Complexity: O(n) in the number of code points (each block hashed once,
  ///   and compared with the stored blocks of the same hash).
  init(compressing flat: [Value], shift: Int) {
    let blockSize = 1 << shift
    let blockBytes = blockSize * MemoryLayout<Value>.stride
    var index1 = [UInt16]()
    index1.reserveCapacity(flat.count >> shift)
    var data = [Value]()
    var blocksByHash: [Int: [UInt16]] = [:]
    flat.withUnsafeBytes { flatBytes in
      var start = 0
      while start + blockBytes <= flatBytes.count {
        let block = UnsafeRawBufferPointer(rebasing: flatBytes[start..<(start + blockBytes)])
        var hasher = Hasher()
        hasher.combine(bytes: block)
        let hash = hasher.finalize()
        let known = data.withUnsafeBytes { stored in
          blocksByHash[hash, default: []].first { candidate in
            let offset = Int(candidate) * blockBytes
            guard let storedBase = stored.baseAddress, let blockBase = block.baseAddress else {
              return false
            }
            return memcmp(storedBase + offset, blockBase, blockBytes) == 0
          }
        }
        if let known {
          index1.append(known)
        } else {
          let index = UInt16(truncatingIfNeeded: data.count >> shift)
          blocksByHash[hash, default: []].append(index)
          index1.append(index)
          block.withMemoryRebound(to: Value.self) { data.append(contentsOf: $0) }
        }
        start += blockBytes
      }
    }
    stage1 = .allocate(capacity: index1.count)
    stage1.initialize(from: index1, count: index1.count)
    stage2 = .allocate(capacity: data.count)
    stage2.initialize(from: data, count: data.count)
    blockCount = data.count >> shift
  }

}

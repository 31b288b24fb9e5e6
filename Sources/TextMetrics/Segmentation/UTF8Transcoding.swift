// Transcoding the valid UTF-8 of a Swift string into UTF-16 for ICU, with no
// intermediate String: used for line-break pieces and for the rare clusters
// whose width needs ICU.

/// The UTF-16 of valid UTF-8 (never more units than bytes).
func utf16(ofValidUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [UInt16] {
  [UInt16](unsafeUninitializedCapacity: bytes.count) { out, written in
    guard let base = bytes.baseAddress, let dest = out.baseAddress else {
      written = 0
      return
    }
    let n = bytes.count
    var i = 0
    var j = 0
    while i < n {
      let (scalar, length) = ValidUTF8.decode(base, at: i)
      if length < 4 {
        dest[j] = UInt16(truncatingIfNeeded: scalar)
        j += 1
      } else {
        dest[j] = UInt16(truncatingIfNeeded: 0xD800 + ((scalar - 0x10000) >> 10))
        dest[j + 1] = UInt16(truncatingIfNeeded: 0xDC00 + (scalar & 0x3FF))
        j += 2
      }
      i += length
    }
    written = j
  }
}

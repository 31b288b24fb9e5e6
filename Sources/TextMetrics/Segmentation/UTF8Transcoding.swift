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
      let lead = base[i]
      if lead < 0x80 {
        dest[j] = UInt16(lead)
        i += 1
        j += 1
      } else if lead < 0xE0 {
        dest[j] = UInt16(lead & 0x1F) << 6 | UInt16(base[i + 1] & 0x3F)
        i += 2
        j += 1
      } else if lead < 0xF0 {
        dest[j] =
          UInt16(lead & 0x0F) << 12 | UInt16(base[i + 1] & 0x3F) << 6
          | UInt16(base[i + 2] & 0x3F)
        i += 3
        j += 1
      } else {
        let scalar =
          (UInt32(lead & 0x07) << 18) | (UInt32(base[i + 1] & 0x3F) << 12)
          | (UInt32(base[i + 2] & 0x3F) << 6) | UInt32(base[i + 3] & 0x3F)
        dest[j] = UInt16(truncatingIfNeeded: 0xD800 + ((scalar - 0x10000) >> 10))
        dest[j + 1] = UInt16(truncatingIfNeeded: 0xDC00 + (scalar & 0x3FF))
        i += 4
        j += 2
      }
    }
    written = j
  }
}

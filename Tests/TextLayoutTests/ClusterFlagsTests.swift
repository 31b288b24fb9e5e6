import Testing

@testable import TextLayout

@Suite("ClusterFlags: the flags of a cluster from its first code unit")
struct ClusterFlagsTests {
  @Test("Every code unit: hangs, space and hard break as the package's sets say")
  func everyUnit() {
    for value in 0...0xFFFF {
      let unit = UInt16(value)
      let flags = ClusterFlags(firstUnit: unit)
      let isBreak = ReferenceLayout.isBreak(unit)
      #expect(flags.contains(.hardBreak) == isBreak, "U+\(String(value, radix: 16))")
      #expect(
        flags.contains(.hangs) == ReferenceLayout.hangs(unit), "U+\(String(value, radix: 16))")
      #expect(flags.contains(.space) == (unit == 0x20), "U+\(String(value, radix: 16))")
      #expect(!flags.contains(.breakBefore))
    }
  }
}

internal import CTextInputICU

/// What the width policy needs to know of one grapheme cluster, gathered while
/// its code points are scanned, so that the common cases need no second pass
/// and no allocation.
struct ClusterAccumulator {
  private(set) var scalarCount = 0
  private var first: UInt32 = 0
  private var firstProperties = CharacterProperties(rawValue: 0)
  private var second: UInt32 = 0
  /// The sum of the code points' cells.
  private var cells = 0
  /// The bitwise OR of the code points' property entries.
  private var flags: UInt16 = 0

  /// Cells per `WidthClass`, one byte each: 0, 1, 2 and the Ambiguous width.
  @inline(__always)
  static func cellTable(_ options: WidthOptions) -> UInt32 {
    0x0002_0100 | (options.ambiguousIsWide ? 2 : 1) << 24
  }

  @inline(__always)
  private static func cells(_ raw: UInt16, _ cellTable: UInt32) -> Int {
    Int((cellTable >> (UInt32((raw >> CharacterProperties.widthShift) & 3) << 3)) & 0xFF)
  }

  /// Starts a new cluster with its first code point.
  @inline(__always)
  mutating func start(_ scalar: UInt32, _ properties: CharacterProperties, _ cellTable: UInt32) {
    scalarCount = 1
    first = scalar
    firstProperties = properties
    cells = Self.cells(properties.rawValue, cellTable)
    flags = properties.rawValue
  }

  /// Adds a following code point of the same cluster.
  @inline(__always)
  mutating func add(_ scalar: UInt32, _ properties: CharacterProperties, _ cellTable: UInt32) {
    if scalarCount == 1 { second = scalar }
    scalarCount += 1
    cells += Self.cells(properties.rawValue, cellTable)
    flags |= properties.rawValue
  }

  /// Whether the cluster is a control character (or CR LF).
  @inline(__always) var isControl: Bool { flags & CharacterProperties.controlBit != 0 }

  /// The cells of the cluster under the policy documented on `DisplayWidth`.
  ///
  /// - Parameters:
  ///   - scratch: a reusable buffer for the rare clusters that need ICU.
  ///   - fill: writes the cluster's UTF-16 into `scratch` (called only for
  ///     multi-scalar emoji and clusters whose width NFC may change).
  @inline(__always)
  func width(
    _ options: WidthOptions, scratch: inout [UInt16], fill: (inout [UInt16]) -> Void
  ) -> Int {
    if scalarCount <= 1 { return cells }
    return multiScalarWidth(options, scratch: &scratch, fill: fill)
  }

  private func multiScalarWidth(
    _ options: WidthOptions, scratch: inout [UInt16], fill: (inout [UInt16]) -> Void
  ) -> Int {
    // An emoji followed by VS16 (U+FE0F) presents as an emoji: 2 cells.
    if firstProperties.isEmoji, second == 0xFE0F { return 2 }
    // An Emoji_Presentation character followed by VS15 (U+FE0E) presents as text: 1 cell.
    if firstProperties.isEmojiPresentation, second == 0xFE0E { return 1 }
    if firstProperties.rawValue & CharacterProperties.rgiStartBit != 0 {
      // Two regional indicators are 2 cells whether or not they are an RGI flag
      // (each alone is 1), so only longer sequences need ICU.
      let regional = firstProperties.breakClass == BreakClass.regionalIndicator
      if regional, scalarCount == 2, (0x1F1E6...0x1F1FF).contains(second) { return 2 }
      scratch.removeAll(keepingCapacity: true)
      fill(&scratch)
      let isRGI = scratch.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.map { ctii_is_rgi_emoji($0, Int32(buffer.count)) } ?? false
      }
      if isRGI { return 2 }
    }
    let sensitive =
      options.ambiguousIsWide
      ? CharacterProperties.sensitiveWideBit : CharacterProperties.sensitiveNarrowBit
    if flags & CharacterProperties.nfcBit != 0, flags & sensitive != 0 {
      scratch.removeAll(keepingCapacity: true)
      fill(&scratch)
      return Self.composedWidth(scratch, options) ?? cells
    }
    return cells
  }

  /// The summed widths of the code points of the cluster's NFC form, or nil if
  /// ICU could not normalize it.
  private static func composedWidth(_ text: [UInt16], _ options: WidthOptions) -> Int? {
    guard let composed = NFC.compose(text) else { return nil }
    let table = CharacterTable.shared
    var total = 0
    for scalar in UTF16ScalarSequence(composed) {
      total += table.properties(scalar).widthClass.cells(options)
    }
    return total
  }
}

/// Canonical composition through ICU.
enum NFC {
  /// The NFC form of UTF-16 text, or nil if ICU failed.
  static func compose(_ text: [UInt16]) -> [UInt16]? {
    if text.isEmpty { return [] }
    var capacity = text.count + 8
    for _ in 0..<2 {
      var status: Int32 = 0
      var output = [UInt16](repeating: 0, count: capacity)
      let length = text.withUnsafeBufferPointer { source in
        output.withUnsafeMutableBufferPointer { dest in
          guard let s = source.baseAddress, let d = dest.baseAddress else { return Int32(0) }
          return ctii_nfc(s, Int32(source.count), d, Int32(dest.count), &status)
        }
      }
      if status <= 0, Int(length) <= capacity { return Array(output.prefix(Int(length))) }
      capacity = Int(length) + 8
    }
    return nil
  }
}

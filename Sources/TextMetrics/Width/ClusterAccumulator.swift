internal import CTextInputICU

/// What the width policy needs to know of one grapheme cluster, gathered while
/// its code points are scanned, so that the common cases need no second pass.
struct ClusterAccumulator {
  private(set) var scalarCount = 0
  private var first: UInt32 = 0
  private var firstProperties = CharacterProperties(rawValue: 0)
  private var second: UInt32 = 0
  private var narrow = 0
  private var wide = 0
  private var ambiguous = 0
  private(set) var isControl = false
  private var mayChangeUnderNFC = false
  private var combining = 0

  @inline(__always)
  mutating func add(_ scalar: UInt32, _ properties: CharacterProperties) {
    if scalarCount == 0 {
      first = scalar
      firstProperties = properties
    } else if scalarCount == 1 {
      second = scalar
    }
    scalarCount += 1
    switch properties.widthClass {
    case .zero: break
    case .narrow: narrow += 1
    case .wide: wide += 1
    case .ambiguous: ambiguous += 1
    }
    if properties.isControl { isControl = true }
    if properties.mayChangeUnderNFC { mayChangeUnderNFC = true }
    if properties.isCombining { combining += 1 }
  }

  @inline(__always)
  mutating func reset() { self = ClusterAccumulator() }

  /// The cells of the cluster under the policy documented on `DisplayWidth`.
  ///
  /// - Parameter utf16: the cluster's text; called only for the rare clusters
  ///   that need ICU (emoji sequences, text that NFC may change).
  @inline(__always)
  func width(_ options: WidthOptions, utf16: () -> [UInt16]) -> Int {
    let sum = narrow + 2 * wide + (options.ambiguousIsWide ? 2 : 1) * ambiguous
    if scalarCount <= 1 { return sum }
    return multiScalarWidth(sum: sum, options, utf16: utf16)
  }

  private func multiScalarWidth(sum: Int, _ options: WidthOptions, utf16: () -> [UInt16]) -> Int {
    // An emoji followed by VS16 (U+FE0F) presents as an emoji: 2 cells.
    if firstProperties.isEmoji, second == 0xFE0F { return 2 }
    // An Emoji_Presentation character followed by VS15 (U+FE0E) presents as text: 1 cell.
    if firstProperties.isEmojiPresentation, second == 0xFE0E { return 1 }
    let regionalIndicator = firstProperties.graphemeBreak == UInt8(CTII_GCB_REGIONAL_INDICATOR)
    let keycapBase = first == 0x23 || first == 0x2A || (0x30...0x39).contains(first)
    if firstProperties.isExtendedPictographic || regionalIndicator || keycapBase {
      let text = utf16()
      let isRGI = text.withUnsafeBufferPointer { buffer in
        buffer.baseAddress.map { ctii_is_rgi_emoji($0, Int32(buffer.count)) } ?? false
      }
      if isRGI { return 2 }
    }
    if mayChangeUnderNFC || combining >= 2 {
      return Self.composedWidth(utf16(), options) ?? sum
    }
    return sum
  }

  /// The summed widths of the code points of the cluster's NFC form, or nil if
  /// ICU could not normalize it.
  private static func composedWidth(_ text: [UInt16], _ options: WidthOptions) -> Int? {
    guard let composed = NFC.compose(text) else { return nil }
    let table = CharacterTable.shared
    var total = 0
    for scalar in UTF16ScalarSequence(composed) {
      switch table.properties(scalar).widthClass {
      case .zero: break
      case .narrow: total += 1
      case .wide: total += 2
      case .ambiguous: total += options.ambiguousIsWide ? 2 : 1
      }
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

/// The scalars of UTF-16 text; an unpaired surrogate is its own scalar value
/// (0xD800–0xDFFF), as ICU iterates it.
struct UTF16ScalarSequence: Sequence, IteratorProtocol {
  private let units: [UInt16]
  private var index = 0

  init(_ units: [UInt16]) { self.units = units }

  mutating func next() -> UInt32? {
    guard index < units.count else { return nil }
    let unit = units[index]
    index += 1
    if unit & 0xFC00 == 0xD800, index < units.count, units[index] & 0xFC00 == 0xDC00 {
      let low = units[index]
      index += 1
      return 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
    }
    return UInt32(unit)
  }
}

internal import CTextInputICU

/// Per-code-point properties packed in 16 bits, read from the system ICU once
/// (on first use) and stored in a two-stage table so that a lookup is two loads.
///
/// Layout of an entry:
/// - bits 0–4: Grapheme_Cluster_Break (ICU's numbering, `CTII_GCB_*`)
/// - bit 5: Extended_Pictographic
/// - bits 6–7: width class (`WidthClass`)
/// - bit 8: a control character (gc = Cc), measured 0 and reported
/// - bit 9: Emoji; bit 10: Emoji_Presentation
/// - bit 11: NFC_Quick_Check is not Yes (the cluster may change under NFC)
/// - bit 12: Canonical_Combining_Class is not 0
struct CharacterProperties: Hashable, Sendable {
  var rawValue: UInt16

  @inline(__always) init(rawValue: UInt16) { self.rawValue = rawValue }

  @inline(__always) var graphemeBreak: UInt8 { UInt8(truncatingIfNeeded: rawValue & 0x1F) }
  @inline(__always) var isExtendedPictographic: Bool { rawValue & (1 << 5) != 0 }
  @inline(__always) var widthClass: WidthClass {
    WidthClass(rawValue: UInt8(truncatingIfNeeded: (rawValue >> 6) & 3)) ?? .narrow
  }
  @inline(__always) var isControl: Bool { rawValue & (1 << 8) != 0 }
  @inline(__always) var isEmoji: Bool { rawValue & (1 << 9) != 0 }
  @inline(__always) var isEmojiPresentation: Bool { rawValue & (1 << 10) != 0 }
  @inline(__always) var mayChangeUnderNFC: Bool { rawValue & (1 << 11) != 0 }
  @inline(__always) var isCombining: Bool { rawValue & (1 << 12) != 0 }

  static let extendedPictographicBit: UInt16 = 1 << 5
  static let controlBit: UInt16 = 1 << 8
  static let emojiBit: UInt16 = 1 << 9
  static let emojiPresentationBit: UInt16 = 1 << 10
  static let nfcBit: UInt16 = 1 << 11
  static let combiningBit: UInt16 = 1 << 12
}

/// The width of one code point before the cluster rules apply.
enum WidthClass: UInt8, Sendable {
  case zero = 0
  case narrow = 1
  case wide = 2
  /// East Asian Ambiguous: 1 cell, or 2 with `WidthOptions.ambiguousIsWide`.
  case ambiguous = 3
}

/// The two-stage property table. Built once from ICU's property maps, so it
/// follows the Unicode version of the ICU that is installed.
struct CharacterTable: Sendable {
  static let shift = 7
  static let blockSize = 1 << shift
  static let blockMask: UInt32 = UInt32(blockSize - 1)

  /// Block index of each 128-code-point block (0x110000 / 128 entries).
  let stage1: [UInt16]
  /// Deduplicated blocks of 128 entries.
  let stage2: [UInt16]

  /// The shared table, built on first use (a few milliseconds).
  static let shared = CharacterTable()

  @inline(__always)
  func properties(_ scalar: UInt32) -> CharacterProperties {
    let block = Int(stage1[Int(scalar >> UInt32(Self.shift))])
    return CharacterProperties(rawValue: stage2[block << Self.shift | Int(scalar & Self.blockMask)])
  }

  init() {
    let count = 0x110000
    var flat = [UInt16](repeating: 0, count: count)
    var generalCategory = [UInt8](repeating: 0, count: count)
    var eastAsianWidth = [UInt8](repeating: 0, count: count)
    var zeroWidth = [Bool](repeating: false, count: count)
    var prependedMark = [Bool](repeating: false, count: count)

    Self.forEachRange(CTII_PROP_GRAPHEME_CLUSTER_BREAK) { range, value in
      for cp in range { flat[cp] |= UInt16(truncatingIfNeeded: value) & 0x1F }
    }
    Self.forEachRange(CTII_PROP_GENERAL_CATEGORY) { range, value in
      for cp in range { generalCategory[cp] = UInt8(truncatingIfNeeded: value) }
    }
    Self.forEachRange(CTII_PROP_EAST_ASIAN_WIDTH) { range, value in
      for cp in range { eastAsianWidth[cp] = UInt8(truncatingIfNeeded: value) }
    }
    Self.forEachRange(CTII_PROP_NFC_QUICK_CHECK) { range, value in
      if value != Int32(CTII_QC_YES) { for cp in range { flat[cp] |= CharacterProperties.nfcBit } }
    }
    Self.forEachRange(CTII_PROP_CANONICAL_COMBINING_CLASS) { range, value in
      if value != 0 { for cp in range { flat[cp] |= CharacterProperties.combiningBit } }
    }
    Self.forEachRange(CTII_BIN_EXTENDED_PICTOGRAPHIC) { range in
      for cp in range { flat[cp] |= CharacterProperties.extendedPictographicBit }
    }
    Self.forEachRange(CTII_BIN_EMOJI) { range in
      for cp in range { flat[cp] |= CharacterProperties.emojiBit }
    }
    Self.forEachRange(CTII_BIN_EMOJI_PRESENTATION) { range in
      for cp in range { flat[cp] |= CharacterProperties.emojiPresentationBit }
    }
    Self.forEachRange(CTII_BIN_DEFAULT_IGNORABLE) { range in
      for cp in range { zeroWidth[cp] = true }
    }
    Self.forEachRange(CTII_BIN_PREPENDED_CONCATENATION_MARK) { range in
      for cp in range { prependedMark[cp] = true }
    }
    // Hangul medial vowels and final consonants: they join the preceding
    // syllable's cells.
    for cp in 0x1160...0x11FF { zeroWidth[cp] = true }
    for cp in 0xD7B0...0xD7FF { zeroWidth[cp] = true }

    for cp in 0..<count {
      let gc = Int32(generalCategory[cp])
      var width = WidthClass.narrow
      if gc == Int32(CTII_GC_CONTROL) {
        width = .zero
        flat[cp] |= CharacterProperties.controlBit
      } else if gc == Int32(CTII_GC_SURROGATE) {
        width = .narrow  // a lone surrogate shows as U+FFFD
      } else if gc == Int32(CTII_GC_NON_SPACING_MARK) || gc == Int32(CTII_GC_ENCLOSING_MARK) {
        width = .zero
      } else if gc == Int32(CTII_GC_FORMAT) {
        width = prependedMark[cp] ? .narrow : .zero
      } else if zeroWidth[cp] {
        width = .zero
      } else {
        switch Int32(eastAsianWidth[cp]) {
        case Int32(CTII_EA_WIDE), Int32(CTII_EA_FULLWIDTH): width = .wide
        case Int32(CTII_EA_AMBIGUOUS): width = .ambiguous
        default: width = .narrow
        }
      }
      flat[cp] |= UInt16(width.rawValue) << 6
    }

    // Compress: identical 128-entry blocks are stored once.
    var blocks: [ArraySlice<UInt16>: UInt16] = [:]
    var stage1 = [UInt16]()
    stage1.reserveCapacity(count >> Self.shift)
    var stage2 = [UInt16]()
    for start in stride(from: 0, to: count, by: Self.blockSize) {
      let block = flat[start..<start + Self.blockSize]
      if let index = blocks[block] {
        stage1.append(index)
      } else {
        let index = UInt16(truncatingIfNeeded: stage2.count >> Self.shift)
        blocks[block] = index
        stage1.append(index)
        stage2.append(contentsOf: block)
      }
    }
    self.stage1 = stage1
    self.stage2 = stage2
  }

  private static func forEachRange(
    _ property: ctii_int_property, _ body: (ClosedRange<Int>, Int32) -> Void
  ) {
    var start: Int32 = 0
    while start <= 0x10FFFF {
      var value: Int32 = 0
      let end = ctii_int_property_range(property, start, &value)
      guard end >= start else { return }
      body(Int(start)...Int(end), value)
      start = end + 1
    }
  }

  private static func forEachRange(
    _ property: ctii_binary_property, _ body: (ClosedRange<Int>) -> Void
  ) {
    var status: Int32 = 0
    let count = ctii_binary_property_range_count(property, &status)
    guard count > 0 else { return }
    for index in 0..<count {
      var start: Int32 = 0
      var end: Int32 = 0
      ctii_binary_property_range(property, index, &start, &end, &status)
      if status <= 0, start >= 0, end >= start, end <= 0x10FFFF {
        body(Int(start)...Int(end))
      }
    }
  }
}

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
  /// The first code point's cells.
  private var firstCells = 0
  /// Whether a ZWJ (U+200D) follows the first code point.
  private var hasZWJ = false
  /// Whether a VS16 (U+FE0F) follows the first code point.
  private var hasVS16 = false
  /// The bitwise OR of the code points' property entries.
  private var flags: UInt16 = 0

  /// Cells per `WidthClass`, one byte each: 0, 1, 2 and the Ambiguous width.
  @inline(__always)
  static func cellTable(_ options: WidthOptions) -> UInt32 {
    0x0002_0100 | (options.ambiguousIsWide ? 2 : 1) << 24
  }

  /// The cells of one code point's entry under `cellTable`.
  @inline(__always)
  static func cells(_ raw: UInt16, _ cellTable: UInt32) -> Int {
    Int((cellTable >> (UInt32((raw >> CharacterProperties.widthShift) & 3) << 3)) & 0xFF)
  }

  /// Starts a new cluster with its first code point.
  @inline(__always)
  mutating func start(_ scalar: UInt32, _ properties: CharacterProperties, _ cellTable: UInt32) {
    scalarCount = 1
    first = scalar
    firstProperties = properties
    cells = Self.cells(properties.rawValue, cellTable)
    firstCells = cells
    hasZWJ = false
    hasVS16 = false
    flags = properties.rawValue
  }

  /// Adds a following code point of the same cluster.
  @inline(__always)
  mutating func add(_ scalar: UInt32, _ properties: CharacterProperties, _ cellTable: UInt32) {
    if scalarCount == 1 { second = scalar }
    if scalar == 0x200D { hasZWJ = true } else if scalar == 0xFE0F { hasVS16 = true }
    scalarCount += 1
    cells += Self.cells(properties.rawValue, cellTable)
    flags |= properties.rawValue
  }

  /// Whether `multiScalarWidth` may differ from `summedCells` (an emoji or
  /// keycap start, or a composition that changes the width under the option
  /// whose sensitivity bit is `sensitive`); when false a cluster of any length
  /// is `summedCells` wide.
  @inline(__always)
  func needsPolicy(sensitive: UInt16) -> Bool {
    let starts =
      CharacterProperties.emojiBit | CharacterProperties.emojiPresentationBit
      | CharacterProperties.rgiStartBit
    return firstProperties.rawValue & starts != 0
      || (flags & CharacterProperties.nfcBit != 0 && flags & sensitive != 0)
  }

  /// The sensitivity bit of `options` (see `CharacterProperties`).
  @inline(__always)
  static func sensitiveBit(_ options: WidthOptions) -> UInt16 {
    options.ambiguousIsWide
      ? CharacterProperties.sensitiveWideBit : CharacterProperties.sensitiveNarrowBit
  }

  /// Whether the cluster is a control character (or CR LF).
  @inline(__always) var isControl: Bool { flags & CharacterProperties.controlBit != 0 }

  /// The summed cells of the code points so far: the width of a cluster of one
  /// code point.
  @inline(__always) var summedCells: Int { cells }

  /// The cells of the cluster under the policy documented on `DisplayWidth`.
  ///
  /// - Parameters:
  ///   - isRGI: whether the cluster is an RGI emoji sequence (called only for
  ///     multi-scalar clusters that start like one and are not decided by
  ///     their first two code points).
  ///   - scratch: a reusable buffer for the rare clusters that need ICU's NFC.
  ///   - fill: writes the cluster's UTF-16 into `scratch` (called only for
  ///     clusters whose width NFC may change).
  @inline(__always)
  func width(
    _ options: WidthOptions, isRGI: () -> Bool, scratch: inout [UInt16],
    fill: (inout [UInt16]) -> Void
  ) -> Int {
    if scalarCount <= 1 { return cells }
    return multiScalarWidth(options, isRGI: isRGI, scratch: &scratch, fill: fill)
  }

  /// The width of a cluster of two or more code points when its first two
  /// code points decide it (no ICU needed), else nil.
  @inline(__always)
  var decidedWidth: Int? {
    // An emoji followed by VS16 (U+FE0F) presents as an emoji: 2 cells.
    if firstProperties.isEmoji, second == 0xFE0F { return 2 }
    // An Emoji_Presentation character followed by VS15 (U+FE0E) presents as text: 1 cell.
    if firstProperties.isEmojiPresentation, second == 0xFE0E { return 1 }
    // Two regional indicators are 2 cells whether or not they are an RGI flag
    // (each alone is 1), so only longer sequences need ICU.
    if firstProperties.breakClass == BreakClass.regionalIndicator, scalarCount == 2,
      (0x1F1E6...0x1F1FF).contains(second)
    {
      return 2
    }
    return nil
  }

  /// The width of a cluster of two or more code points (see `width`).
  func multiScalarWidth(
    _ options: WidthOptions, isRGI: () -> Bool, scratch: inout [UInt16],
    fill: (inout [UInt16]) -> Void
  ) -> Int {
    if let width = decidedWidth { return width }
    if firstProperties.rawValue & CharacterProperties.rgiStartBit != 0 {
      if isRGI() { return 2 }
      // A ZWJ sequence that is not RGI (`😶‍🌫` without its VS16, `❤‍🔥`) is
      // drawn by a grapheme-cluster terminal (mode 2027) in its first
      // emoji's cells: 2 for a wide one, 1 for a text-default one, 2 if a
      // VS16 in the sequence presents it as an emoji.
      if hasZWJ { return hasVS16 && firstProperties.isEmoji ? 2 : firstCells }
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
    ICUTransform.apply(text, capacity: text.count + 8) { ctii_nfc($0, $1, $2, $3, $4) }
  }
}

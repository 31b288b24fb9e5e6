internal import CTextInputICU

/// The line-break classes that the line-break automaton reads: ICU's Line_Break
/// values, resolved and split as ICU 72's root line rules use them.
///
/// - Resolved (UAX #14 LB1, as ICU's `$ALPlus` and `$CM` do): AI, SG and XX are
///   AL; SA is AL, or CM when its General_Category is Mn or Mc (both SA classes
///   are kept apart, since ICU hands text holding them to its dictionaries);
///   CJ is NS (ICU's root rules are CSS `line-break: strict`).
/// - Split: OP and CP by East_Asian_Width (LB30 applies to those that are not
///   F, W or H: ICU's `$OP30`, `$CP30`); ID into Extended_Pictographic
///   unassigned code points (LB30b) and the rest; BA into U+2010 HYPHEN (ICU's
///   `$HH`, LB20a) and the rest; CM into ZWJ (LB8a) and the rest.
///
/// Class 0 is the end of the text (ICU's `{eof}`), never a code point's class.
enum LineClass {
  static let eof: UInt8 = 0
  static let al: UInt8 = 1
  /// SA (Complex_Context) that is not Mn or Mc: AL, and a dictionary character.
  static let saAL: UInt8 = 2
  /// SA with General_Category Mn or Mc: CM, and a dictionary character.
  static let saCM: UInt8 = 3
  static let ba: UInt8 = 4
  /// U+2010 HYPHEN (Line_Break BA).
  static let hh: UInt8 = 5
  static let bb: UInt8 = 6
  static let bk: UInt8 = 7
  static let b2: UInt8 = 8
  static let cb: UInt8 = 9
  static let cl: UInt8 = 10
  static let cm: UInt8 = 11
  static let zwj: UInt8 = 12
  /// CP with East_Asian_Width F, W or H.
  static let cpWide: UInt8 = 13
  /// CP that LB30 applies to.
  static let cp30: UInt8 = 14
  static let cr: UInt8 = 15
  static let eb: UInt8 = 16
  static let em: UInt8 = 17
  static let ex: UInt8 = 18
  static let gl: UInt8 = 19
  static let hl: UInt8 = 20
  static let hy: UInt8 = 21
  static let h2: UInt8 = 22
  static let h3: UInt8 = 23
  static let id: UInt8 = 24
  /// ID that is Extended_Pictographic and unassigned (General_Category Cn).
  static let idUnassignedPictographic: UInt8 = 25
  static let `in`: UInt8 = 26
  static let `is`: UInt8 = 27
  static let jl: UInt8 = 28
  static let jv: UInt8 = 29
  static let jt: UInt8 = 30
  static let lf: UInt8 = 31
  static let nl: UInt8 = 32
  /// NS and CJ.
  static let ns: UInt8 = 33
  static let nu: UInt8 = 34
  /// OP with East_Asian_Width F, W or H.
  static let opWide: UInt8 = 35
  /// OP that LB30 applies to.
  static let op30: UInt8 = 36
  static let po: UInt8 = 37
  static let pr: UInt8 = 38
  static let qu: UInt8 = 39
  static let ri: UInt8 = 40
  static let sp: UInt8 = 41
  static let sy: UInt8 = 42
  static let wj: UInt8 = 43
  static let zw: UInt8 = 44
  /// The number of classes, the end of text included.
  static let count = 45
  /// Row stride of the automaton's transition table (a power of two ≥ `count`).
  static let strideShift = 6

  /// Whether ICU breaks text holding this class with a dictionary (SA).
  @inline(__always)
  static func isDictionary(_ cls: UInt8) -> Bool { cls == saAL || cls == saCM }

  /// The class of a code point with ICU's Line_Break `value`, General_Category
  /// `generalCategory`, East_Asian_Width `eastAsianWidth`, and whether it is an
  /// unassigned Extended_Pictographic code point.
  static func from(
    lineBreak value: Int32, generalCategory: Int32, eastAsianWidth: Int32,
    unassignedPictographic: Bool, scalar: Int
  ) -> UInt8 {
    let wide =
      eastAsianWidth == Int32(CTII_EA_FULLWIDTH) || eastAsianWidth == Int32(CTII_EA_WIDE)
      || eastAsianWidth == Int32(CTII_EA_HALFWIDTH)
    switch value {
    case Int32(CTII_LB_AI), Int32(CTII_LB_AL), Int32(CTII_LB_SG), Int32(CTII_LB_XX): return al
    case Int32(CTII_LB_SA):
      let mark =
        generalCategory == Int32(CTII_GC_NON_SPACING_MARK)
        || generalCategory == Int32(CTII_GC_SPACING_MARK)
      return mark ? saCM : saAL
    case Int32(CTII_LB_BA): return scalar == 0x2010 ? hh : ba
    case Int32(CTII_LB_BB): return bb
    case Int32(CTII_LB_BK): return bk
    case Int32(CTII_LB_B2): return b2
    case Int32(CTII_LB_CB): return cb
    case Int32(CTII_LB_CL): return cl
    case Int32(CTII_LB_CM): return cm
    case Int32(CTII_LB_ZWJ): return zwj
    case Int32(CTII_LB_CP): return wide ? cpWide : cp30
    case Int32(CTII_LB_CR): return cr
    case Int32(CTII_LB_EB): return eb
    case Int32(CTII_LB_EM): return em
    case Int32(CTII_LB_EX): return ex
    case Int32(CTII_LB_GL): return gl
    case Int32(CTII_LB_HL): return hl
    case Int32(CTII_LB_HY): return hy
    case Int32(CTII_LB_H2): return h2
    case Int32(CTII_LB_H3): return h3
    case Int32(CTII_LB_ID): return unassignedPictographic ? idUnassignedPictographic : id
    case Int32(CTII_LB_IN): return `in`
    case Int32(CTII_LB_IS): return `is`
    case Int32(CTII_LB_JL): return jl
    case Int32(CTII_LB_JV): return jv
    case Int32(CTII_LB_JT): return jt
    case Int32(CTII_LB_LF): return lf
    case Int32(CTII_LB_NL): return nl
    case Int32(CTII_LB_NS), Int32(CTII_LB_CJ): return ns
    case Int32(CTII_LB_NU): return nu
    case Int32(CTII_LB_OP): return wide ? opWide : op30
    case Int32(CTII_LB_PO): return po
    case Int32(CTII_LB_PR): return pr
    case Int32(CTII_LB_QU): return qu
    case Int32(CTII_LB_RI): return ri
    case Int32(CTII_LB_SP): return sp
    case Int32(CTII_LB_SY): return sy
    case Int32(CTII_LB_WJ): return wj
    case Int32(CTII_LB_ZW): return zw
    default: return al  // a Line_Break value newer than these rules: AL, as LB1 does for XX
    }
  }
}

/// The storage of `LineClassTable`, copied into the scanning loops.
struct LineClassLookup {
  let stage1: UnsafeMutablePointer<UInt16>
  let stage2: UnsafeMutablePointer<UInt8>
  let ascii: UnsafeMutablePointer<UInt8>

  /// The class of a code point (any value up to U+10FFFF, surrogates included).
  @inline(__always)
  func lineClass(_ scalar: UInt32) -> UInt8 {
    let block = Int(stage1[Int(scalar >> UInt32(LineClassTable.shift))])
    return stage2[block << LineClassTable.shift | Int(scalar & LineClassTable.blockMask)]
  }
}

/// The line-break class of every code point, read from ICU's Line_Break,
/// General_Category, East_Asian_Width and Extended_Pictographic once (on first
/// use) into a two-stage table, with a flat table for ASCII.
final class LineClassTable: @unchecked Sendable {
  // @unchecked: the buffers are written in init only and read-only afterwards.
  static let shift = 7
  static let blockSize = 1 << shift
  static let blockMask: UInt32 = UInt32(blockSize - 1)
  static let codePointCount = 0x110000

  /// Block index of each 128-code-point block.
  private let stage1: UnsafeMutablePointer<UInt16>
  /// Deduplicated blocks of 128 classes.
  private let stage2: UnsafeMutablePointer<UInt8>
  /// The classes of U+0000–U+007F (the first block).
  let ascii: UnsafeMutablePointer<UInt8>
  /// How many deduplicated blocks there are.
  let blockCount: Int

  /// The shared table, built on first use.
  static let shared = LineClassTable()

  /// The class of a code point (any value up to U+10FFFF, surrogates included).
  @inline(__always)
  func lineClass(_ scalar: UInt32) -> UInt8 { lookup.lineClass(scalar) }

  /// The table's storage, for loops that keep it in registers.
  var lookup: LineClassLookup { LineClassLookup(stage1: stage1, stage2: stage2, ascii: ascii) }

  private init() {
    let flat = Self.buildFlatTable()
    let table = TwoStageTable(compressing: flat, shift: Self.shift)
    (stage1, stage2, blockCount) = (table.stage1, table.stage2, table.blockCount)
    ascii = .allocate(capacity: 128)
    ascii.initialize(from: flat, count: 128)
  }

  private static func buildFlatTable() -> [UInt8] {
    let count = codePointCount
    // ICU's values of these properties are all below 256. Buffers, not
    // arrays: the table is built at the start of every process, where a
    // debug build's array accesses were most of the time.
    func buffer<Value>(_ value: Value) -> UnsafeMutableBufferPointer<Value> {
      let buffer = UnsafeMutableBufferPointer<Value>.allocate(capacity: count)
      buffer.initialize(repeating: value)
      return buffer
    }
    let lineBreak = buffer(UInt8(CTII_LB_XX))
    let generalCategory = buffer(UInt8(0))
    let eastAsianWidth = buffer(UInt8(0))
    let pictographic = buffer(false)
    defer {
      lineBreak.deallocate()
      generalCategory.deallocate()
      eastAsianWidth.deallocate()
      pictographic.deallocate()
    }
    ICUPropertyRanges.forEach(CTII_PROP_LINE_BREAK) { range, value in
      for cp in range { lineBreak[cp] = UInt8(truncatingIfNeeded: value) }
    }
    ICUPropertyRanges.forEach(CTII_PROP_GENERAL_CATEGORY) { range, value in
      for cp in range { generalCategory[cp] = UInt8(truncatingIfNeeded: value) }
    }
    ICUPropertyRanges.forEach(CTII_PROP_EAST_ASIAN_WIDTH) { range, value in
      for cp in range { eastAsianWidth[cp] = UInt8(truncatingIfNeeded: value) }
    }
    ICUPropertyRanges.forEach(CTII_BIN_EXTENDED_PICTOGRAPHIC) { range in
      for cp in range { pictographic[cp] = true }
    }
    var flat = [UInt8](repeating: LineClass.al, count: count)
    flat.withUnsafeMutableBufferPointer { flat in
      for cp in 0..<count {
        flat[cp] = LineClass.from(
          lineBreak: Int32(lineBreak[cp]), generalCategory: Int32(generalCategory[cp]),
          eastAsianWidth: Int32(eastAsianWidth[cp]),
          unassignedPictographic: pictographic[cp]
            && Int32(generalCategory[cp]) == Int32(CTII_GC_UNASSIGNED), scalar: cp)
      }
    }
    return flat
  }
}

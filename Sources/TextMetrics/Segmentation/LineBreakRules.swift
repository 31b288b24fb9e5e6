/// A set of line-break classes (`LineClass`), as a bit mask.
struct LineClassSet: Hashable, Sendable {
  var bits: UInt64

  init(bits: UInt64) { self.bits = bits }
  init(_ classes: UInt8...) {
    bits = classes.reduce(0) { $0 | 1 << UInt64($1) }
  }

  /// Every code point class (the end of text excluded), as ICU's `.`.
  static let any = LineClassSet(bits: (1 << UInt64(LineClass.count) - 1) & ~1)
  /// ICU's `{eof}`.
  static let eof = LineClassSet(LineClass.eof)

  static func + (a: Self, b: Self) -> Self { Self(bits: a.bits | b.bits) }
  static func - (a: Self, b: Self) -> Self { Self(bits: a.bits & ~b.bits) }
  /// The complement among code point classes, as ICU's `[^…]`.
  static prefix func ! (a: Self) -> Self { any - a }

  func contains(_ cls: UInt8) -> Bool { bits & (1 << UInt64(cls)) != 0 }
  var classes: [UInt8] { (0..<UInt8(LineClass.count)).filter(contains) }
}

/// A regular expression over line-break classes, in the form of ICU's break
/// rules: one class from a set, sequence, alternatives, `*`, `+`, `?`, and `/`
/// (the look-ahead position of a rule that forces a break there).
indirect enum LinePattern: Sendable {
  case one(LineClassSet)
  case sequence([LinePattern])
  case either([LinePattern])
  case star(LinePattern)
  case plus(LinePattern)
  case optional(LinePattern)
  case lookAhead
}

/// One rule: a pattern, whether a match may chain into it (a rule written with a
/// leading `^` may not), and its status tag (100 for hard breaks, ICU's
/// `UBRK_LINE_HARD`).
struct LineRule: Sendable {
  var pattern: [LinePattern]
  var chainsIn: Bool
  var tag: Int32
}

/// ICU 72's root line-break rules (`icu4c/source/data/brkitr/rules/line.txt`,
/// the forward rules with `!!chain`), transcribed over `LineClass`.
///
/// They are UAX #14 (Unicode 15.0) with CLDR's tailorings: CJ is NS (CSS
/// strict); a hyphen after a break does not break before a letter (LB20a,
/// with U+2010 as `$HH`); numbers follow the regular-expression form of LB25
/// and may start with IS (`(PR|PO)? (OP|HY)? IS? NU (NU|SY|IS)* (CL|CP)?
/// (PR|PO)?`); LB15 is `QU SP* × OP`; LB15c/LB15d keep a space before IS
/// unless a digit follows. How they are matched — longest match from the last
/// boundary, a match chaining into a rule that starts with its last
/// character, `/` rules stopping at once — is `LineBreakAutomaton`'s.
enum LineBreakRules {
  typealias C = LineClass
  typealias S = LineClassSet

  // ICU's sets (its `$` variables).
  static let alPlus = S(C.al, C.saAL)
  static let cmAll = S(C.cm, C.zwj, C.saCM)
  static let cmx = S(C.cm, C.saCM)
  static let zwj = S(C.zwj)
  static let ba = S(C.ba, C.hh)
  static let hh = S(C.hh)
  static let op = S(C.opWide, C.op30)
  static let op30 = S(C.op30)
  static let cp = S(C.cpWide, C.cp30)
  static let cp30 = S(C.cp30)
  static let id = S(C.id, C.idUnassignedPictographic)
  static let extPictUnassigned = S(C.idUnassignedPictographic)
  static let bb = S(C.bb)
  static let bk = S(C.bk)
  static let b2 = S(C.b2)
  static let cb = S(C.cb)
  static let cl = S(C.cl)
  static let cr = S(C.cr)
  static let eb = S(C.eb)
  static let em = S(C.em)
  static let ex = S(C.ex)
  static let gl = S(C.gl)
  static let hl = S(C.hl)
  static let hy = S(C.hy)
  static let h2 = S(C.h2)
  static let h3 = S(C.h3)
  static let `in` = S(C.in)
  static let `is` = S(C.is)
  static let jl = S(C.jl)
  static let jv = S(C.jv)
  static let jt = S(C.jt)
  static let lf = S(C.lf)
  static let nl = S(C.nl)
  static let ns = S(C.ns)
  static let nu = S(C.nu)
  static let po = S(C.po)
  static let pr = S(C.pr)
  static let qu = S(C.qu)
  static let ri = S(C.ri)
  static let sp = S(C.sp)
  static let sy = S(C.sy)
  static let wj = S(C.wj)
  static let zw = S(C.zw)

  static let canCM = !(sp + bk + cr + lf + nl + zw + cmAll)
  static let alFollow =
    bk + cr + lf + nl + zw + sp + cl + cp + ex + hl + `is` + sy + wj + gl + op30 + qu + ba + hy + ns
    + `in` + nu + pr + po + alPlus
  static let lb4Breaks = bk + cr + lf + nl
  static let lb4NonBreaks = !(bk + cr + lf + nl + cmAll)
  static let lb8NonBreaks = lb4NonBreaks - zw
  static let canFollowIS =
    bk + cr + lf + nl + sp + zw + wj + gl + cl + cp + ex + `is` + sy + qu + ba + hy + ns + alPlus
    + hl + `in`
  static let lb18NonBreaks = lb8NonBreaks - sp
  static let lb20NonBreaks = lb18NonBreaks - cb
  /// The classes after which a pair of regional indicators may still not break.
  static let riFollowNoBreak =
    bk + cr + lf + nl + sp + zw + wj + cl + cp + ex + `is` + sy + gl + qu + ba + hy + ns + `in`

  // Pattern helpers.
  static func one(_ set: S) -> LinePattern { .one(set) }
  static func cms() -> LinePattern { .star(.one(cmAll)) }
  static func rule(_ pattern: LinePattern..., tag: Int32 = 0) -> LineRule {
    LineRule(pattern: pattern, chainsIn: true, tag: tag)
  }
  /// A rule written with a leading `^`: it matches only from a boundary.
  static func startRule(_ pattern: LinePattern..., tag: Int32 = 0) -> LineRule {
    LineRule(pattern: pattern, chainsIn: false, tag: tag)
  }

  /// The rules, in ICU's order.
  static let all: [LineRule] = {
    let cm = one(cmAll)
    var rules: [LineRule] = []
    // LB4, LB5: hard breaks (status 100).
    rules += [
      rule(one(cr), one(lf), tag: 100),
      rule(.optional(one(lb4NonBreaks)), one(lb4Breaks), tag: 100),
      rule(one(canCM), cms(), one(lb4Breaks), tag: 100),
      startRule(.plus(cm), one(lb4Breaks), tag: 100),
    ]
    // LB7: × SP, × ZW.
    rules += [
      rule(one(lb4NonBreaks), one(sp + zw)),
      rule(one(canCM), cms(), one(sp + zw)),
      startRule(.plus(cm), one(sp + zw)),
    ]
    // LB8: ZW SP* ÷.
    rules.append(rule(one(zw), .star(one(sp)), .lookAhead, one(!(sp + zw + lb4Breaks))))
    // LB8a: ZWJ ×.
    rules.append(rule(one(zwj), one(!cmAll)))
    // LB9, LB10: combining marks.
    rules += [rule(one(canCM), .plus(cm)), startRule(.plus(cm))]
    // LB11: × WJ ×.
    rules += [
      rule(one(canCM), cms(), one(wj)),
      rule(one(lb8NonBreaks), one(wj)),
      startRule(.plus(cm), one(wj)),
      rule(one(wj), cms(), one(.any)),
    ]
    // LB12: GL ×.
    rules.append(rule(one(gl), cms(), one(.any)))
    // LB12a: [^SP BA HY] × GL.
    rules += [
      rule(one(lb8NonBreaks - (sp + ba + hy)), cms(), one(gl)),
      startRule(.plus(cm), one(gl)),
    ]
    // LB13: × CL, × CP, × EX, × SY.
    for set in [cl, cp, ex, sy] {
      rules += [
        rule(one(lb8NonBreaks), one(set)),
        rule(one(canCM), cms(), one(set)),
        startRule(.plus(cm), one(set)),
      ]
    }
    // LB14: OP SP* ×.
    rules += [
      rule(one(op), cms(), .star(one(sp)), one(.any)),
      rule(one(op), cms(), .plus(one(sp)), .plus(cm), .optional(one(alFollow))),
    ]
    // LB15c, LB15d: SP ÷ IS NU; × IS.
    let notAfterIS = !(canFollowIS + nu + cmAll)
    rules += [
      rule(one(sp), one(`is`), .lookAhead, one(notAfterIS)),
      rule(one(sp), one(`is`), cms(), one(cmx), .lookAhead, one(notAfterIS)),
      rule(one(lb8NonBreaks - sp), one(`is`)),
      rule(one(sp), one(`is`), cms(), one(canFollowIS + .eof)),
      rule(one(sp), one(`is`), cms(), one(zwj), one(!(cmAll + nu))),
      rule(one(canCM), cms(), one(`is`)),
      startRule(.plus(cm), one(`is`)),
    ]
    // LB15: QU SP* × OP.
    rules.append(rule(one(qu), cms(), .star(one(sp)), one(op)))
    // LB16: (CL | CP) SP* × NS.
    rules.append(rule(.either([one(cl), one(cp)]), cms(), .star(one(sp)), one(ns)))
    // LB17: B2 SP* × B2.
    rules.append(rule(one(b2), cms(), .star(one(sp)), one(b2)))
    // LB19: × QU ×.
    rules += [
      rule(one(lb18NonBreaks), cms(), one(qu)),
      startRule(.plus(cm), one(qu)),
      rule(one(qu), cms(), one(.any)),
    ]
    // LB20a: a hyphen after a boundary × letters.
    rules.append(startRule(.either([one(hy), one(hh)]), cms(), one(alPlus)))
    // LB21: × BA, × HY, × NS, BB ×.
    rules += [
      rule(one(lb20NonBreaks), cms(), .either([one(ba), one(hy), one(ns)])),
      startRule(.plus(cm), .either([one(ba), one(hy), one(ns)])),
      rule(one(bb), cms(), one(!cb)),
      rule(one(bb), cms(), one(lb20NonBreaks)),
    ]
    // LB21a: HL (HY | BA) ×.
    rules.append(
      rule(one(hl), cms(), .either([one(hy), one(ba)]), cms(), .optional(one(!cb))))
    // LB21b: SY × HL.
    rules.append(rule(one(sy), cms(), one(hl)))
    // LB22: × IN.
    rules += [rule(one(lb20NonBreaks), cms(), one(`in`)), startRule(.plus(cm), one(`in`))]
    // LB23: letters and digits.
    rules += [
      rule(.either([one(alPlus), one(hl)]), cms(), one(nu)),
      startRule(.plus(cm), one(nu)),
      rule(one(nu), cms(), .either([one(alPlus), one(hl)])),
    ]
    // LB23a: PR × ID, ID × PO (ID, EB, EM).
    rules += [
      rule(one(pr), cms(), .either([one(id), one(eb), one(em)])),
      rule(.either([one(id), one(eb), one(em)]), cms(), one(po)),
    ]
    // LB24: (PR | PO) × letters, letters × (PR | PO).
    rules += [
      rule(.either([one(pr), one(po)]), cms(), .either([one(alPlus), one(hl)])),
      rule(.either([one(alPlus), one(hl)]), cms(), .either([one(pr), one(po)])),
      startRule(.plus(cm), .either([one(pr), one(po)])),
    ]
    // LB25: numbers, as one regular expression.
    rules.append(
      rule(
        .optional(.sequence([.either([one(pr), one(po)]), cms()])),
        .optional(.sequence([.either([one(op), one(hy)]), cms()])),
        .optional(.sequence([one(`is`), cms()])),
        one(nu),
        .star(.sequence([cms(), .either([one(nu), one(sy), one(`is`)])])),
        .optional(.sequence([cms(), .either([one(cl), one(cp)])])),
        .optional(.sequence([cms(), .either([one(pr), one(po)])]))))
    // LB26, LB27: Korean syllables.
    let korean = LinePattern.either([one(jl), one(jv), one(jt), one(h2), one(h3)])
    rules += [
      rule(one(jl), cms(), .either([one(jl), one(jv), one(h2), one(h3)])),
      rule(.either([one(jv), one(h2)]), cms(), .either([one(jv), one(jt)])),
      rule(.either([one(jt), one(h3)]), cms(), one(jt)),
      rule(korean, cms(), one(po)),
      rule(one(pr), cms(), korean),
    ]
    // LB28: letters × letters.
    rules += [
      rule(.either([one(alPlus), one(hl)]), cms(), .either([one(alPlus), one(hl)])),
      startRule(.plus(cm), .either([one(alPlus), one(hl)])),
    ]
    // LB29: IS × letters.
    rules.append(rule(one(`is`), cms(), .either([one(alPlus), one(hl)])))
    // LB30: letters and digits × OP30, CP30 × letters and digits.
    rules += [
      rule(.either([one(alPlus), one(hl), one(nu)]), cms(), one(op30)),
      startRule(.plus(cm), one(op30)),
      rule(one(cp30), cms(), .either([one(alPlus), one(hl), one(nu)])),
    ]
    // LB30a: regional indicators in pairs.
    rules += [
      rule(one(ri), cms(), one(ri), .lookAhead, one(!(riFollowNoBreak + cmAll))),
      rule(
        one(ri), cms(), one(ri), cms(), one(cmx), .lookAhead, one(!(riFollowNoBreak + cmAll))),
      rule(one(ri), cms(), one(ri), cms(), one(riFollowNoBreak + zwj + .eof)),
    ]
    // LB30b: EB × EM, unassigned Extended_Pictographic × EM.
    rules += [
      rule(one(eb), cms(), one(em)),
      rule(one(extPictUnassigned), cms(), one(em)),
    ]
    // Any other character: a segment of its own.
    rules.append(rule(one(.any)))
    return rules
  }()
}

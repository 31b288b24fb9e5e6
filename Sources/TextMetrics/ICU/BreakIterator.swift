internal import CTextInputICU

/// The kinds of ICU break iterator TextMetrics uses.
enum BreakKind: Int, Sendable {
  case character = 0
  case word = 1
  case line = 2

  var icu: ctii_break_kind {
    switch self {
    case .character: return CTII_BREAK_CHARACTER
    case .word: return CTII_BREAK_WORD
    case .line: return CTII_BREAK_LINE
    }
  }
}

/// An ICU break iterator prototype, opened once per kind; iterators are cloned
/// from it (`ubrk_clone`, cheaper than `ubrk_open`, and safe on a shared
/// prototype from many threads because it only reads it).
final class BreakPrototype: @unchecked Sendable {
  // @unchecked: `pointer` is written once in init and only read (cloned) after.
  let pointer: OpaquePointer?

  private init(_ kind: BreakKind) {
    var status: Int32 = 0
    pointer = ctii_break_open(kind.icu, &status)
    if kind == .word, let pointer { Self.loadDictionaries(from: pointer) }
  }

  /// Segments a few Han and kana characters once, before any caller's text.
  ///
  /// ICU 72 loads its Chinese–Japanese dictionary the first time a word
  /// iterator meets a run of dictionary characters, and that first run is
  /// segmented differently when it starts with a character of no script of
  /// its own (U+30FC: `ーぬｸ` gives 0 2 3, later 0 1 2 3). Loading it here
  /// makes every caller's segmentation the same, whatever the process
  /// segmented before. Thai, Lao, Khmer and Burmese were checked and do not
  /// depend on it.
  private static func loadDictionaries(from prototype: OpaquePointer) {
    let units: [UInt16] = Array("中文ぬカ".utf16)
    var status: Int32 = 0
    guard let clone = ctii_break_clone(prototype, &status) else { return }
    defer { ctii_break_close(clone) }
    units.withUnsafeBufferPointer { buffer in
      ctii_break_set_utf16(clone, buffer.baseAddress, Int32(buffer.count), &status)
      guard status <= 0 else { return }
      while ctii_break_next(clone) >= 0 {}
    }
  }

  deinit { if let pointer { ctii_break_close(pointer) } }

  static let character = BreakPrototype(.character)
  static let word = BreakPrototype(.word)
  static let line = BreakPrototype(.line)

  static func of(_ kind: BreakKind) -> BreakPrototype {
    switch kind {
    case .character: return character
    case .word: return word
    case .line: return line
    }
  }
}

/// One ICU break iterator over text that the caller keeps alive while iterating.
/// Not `Sendable`: use it on one thread, then let it go.
final class BreakIterator {
  private let pointer: OpaquePointer

  init(_ kind: BreakKind) throws(ICUError) {
    guard let prototype = BreakPrototype.of(kind).pointer else {
      throw ICUError(code: 1, operation: "ubrk_open(\(kind))")
    }
    let clone = try ICUStatus.check("ubrk_clone(\(kind))") { ctii_break_clone(prototype, &$0) }
    guard let clone else { throw ICUError(code: 1, operation: "ubrk_clone(\(kind))") }
    pointer = clone
  }

  deinit { ctii_break_close(pointer) }

  /// Points the iterator at UTF-16 text (kept alive by the caller).
  func setText(_ units: UnsafeBufferPointer<UInt16>) throws(ICUError) {
    try ICUStatus.check("ubrk_setText") {
      ctii_break_set_utf16(pointer, units.baseAddress, Int32(units.count), &$0)
    }
  }

  /// The next boundary, or nil past the end.
  @inline(__always)
  func next() -> Int? {
    let offset = ctii_break_next(pointer)
    return offset < 0 ? nil : Int(offset)
  }

  /// The rule status of the last boundary returned.
  @inline(__always)
  var ruleStatus: Int32 { ctii_break_rule_status(pointer) }
}

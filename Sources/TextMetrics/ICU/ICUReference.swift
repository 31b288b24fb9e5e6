internal import CTextInputICU

/// ICU's own break iterators, used as they come: the reference that the Swift
/// segmentation is tested and benchmarked against.
///
/// Not API (SPI for the tests and `Benchmarks/`); may change without notice.
@_spi(Reference)
public enum ICUReference {
  /// Kinds of ICU iterator.
  public enum Kind: Sendable {
    case character
    case word
    case line

    var breakKind: BreakKind {
      switch self {
      case .character: return .character
      case .word: return .word
      case .line: return .line
      }
    }
  }

  /// Every boundary ICU's iterator yields over UTF-16 text, 0 included.
  /// Empty on ICU failure.
  public static func boundaries(_ kind: Kind, utf16 units: UnsafeBufferPointer<UInt16>) -> [Int] {
    guard let iterator = try? BreakIterator(kind.breakKind), (try? iterator.setText(units)) != nil
    else { return [] }
    var result = [0]
    while let offset = iterator.next() { result.append(offset) }
    return result
  }

  /// Every boundary with its rule status (for line breaks: 100–199 = hard).
  public static func boundariesWithStatus(_ kind: Kind, utf16 units: [UInt16]) -> [(Int, Int32)] {
    units.withUnsafeBufferPointer { buffer in
      guard let iterator = try? BreakIterator(kind.breakKind),
        (try? iterator.setText(buffer)) != nil
      else { return [] }
      var result: [(Int, Int32)] = []
      while let offset = iterator.next() { result.append((offset, iterator.ruleStatus)) }
      return result
    }
  }

  /// ICU's line-break opportunities over UTF-16 text, as `LineBreaks` reports
  /// them: every boundary after 0, `.mandatory` for a hard break (rule status
  /// 100–199) and at the end of the text. Only the end on ICU failure.
  public static func lineOpportunities(utf16 units: [UInt16]) -> [LineBreakOpportunity] {
    guard !units.isEmpty else { return [] }
    var result: [LineBreakOpportunity] = []
    for (offset, status) in boundariesWithStatus(.line, utf16: units) {
      let hard = LineBreakStatus.isHard(status) || offset == units.count
      result.append(LineBreakOpportunity(offset: offset, kind: hard ? .mandatory : .allowed))
    }
    return result.isEmpty ? [LineBreakOpportunity(offset: units.count, kind: .mandatory)] : result
  }

  /// The number of boundaries after 0 (what `ubrk_next` yields) over UTF-16 text.
  public static func count(_ kind: Kind, utf16 units: UnsafeBufferPointer<UInt16>) -> Int {
    guard let iterator = try? BreakIterator(kind.breakKind), (try? iterator.setText(units)) != nil
    else { return -1 }
    var count = 0
    while iterator.next() != nil { count += 1 }
    return count
  }

  /// Whether ICU's `RGI_Emoji` property holds for the string.
  public static func isRGIEmoji(_ text: String) -> Bool {
    let units = Array(text.utf16)
    return units.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { ctii_is_rgi_emoji($0, Int32(buffer.count)) } ?? false
    }
  }
}

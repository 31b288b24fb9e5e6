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

extension ICUReference {
  /// What `Samples measure --summary` computes, done the straightforward way
  /// with ICU: a character-iterator pass that sums each cluster's width from
  /// ICU's per-code-point properties (0 for Mn, Me, Cf and Cc; 2 for East
  /// Asian Wide and Fullwidth; else 1), then a line-iterator pass. The
  /// baseline the summary benchmark is measured against (its width follows a
  /// simpler policy than `DisplayWidth`, so only the counts are compared).
  ///
  /// - Complexity: O(n) in the number of code units.
  public static func summary(utf16 units: UnsafeBufferPointer<UInt16>) -> (
    graphemes: Int, width: Int, lineBreaks: Int
  ) {
    guard let iterator = try? BreakIterator(.character), (try? iterator.setText(units)) != nil
    else { return (-1, -1, -1) }
    var graphemes = 0
    var width = 0
    var start = 0
    while let end = iterator.next() {
      graphemes += 1
      var index = start
      while index < end {
        let (scalar, length) = SurrogatePairs.decode(units, at: index)
        index += length
        let category = ctii_int_property_value(
          CTII_PROP_GENERAL_CATEGORY, Int32(bitPattern: scalar))
        if category == Int32(CTII_GC_NON_SPACING_MARK) || category == Int32(CTII_GC_ENCLOSING_MARK)
          || category == Int32(CTII_GC_FORMAT) || category == Int32(CTII_GC_CONTROL)
        {
          continue
        }
        let eastAsian = ctii_int_property_value(
          CTII_PROP_EAST_ASIAN_WIDTH, Int32(bitPattern: scalar))
        width += eastAsian == Int32(CTII_EA_WIDE) || eastAsian == Int32(CTII_EA_FULLWIDTH) ? 2 : 1
      }
      start = end
    }
    return (graphemes, width, count(.line, utf16: units))
  }
}

internal import CTextInputICU

/// Text folded for matching without regard to case: Unicode's
/// NFKC_Casefold (ICU), which folds case (`ß` and `SS` both to `ss`),
/// compatibility forms (`ﬁ` to `fi`, full-width `Ａ` to `a`) and
/// canonical equivalents (`é` precomposed and `e` + U+0301 alike), and
/// drops default-ignorable code points.
///
/// A search folds both the text and the query and compares the results;
/// matching by grapheme cluster is the caller's (fold each cluster, as
/// `HistorySearchKey` in TextInputCore does).
public enum CaseFolding {
  /// The folded form of UTF-16 `units`, in UTF-16 code units. ASCII takes
  /// a fast path (A–Z to a–z); other text goes through ICU. If ICU fails
  /// (it cannot allocate, or its data is missing), the text is lowercased
  /// with the standard library instead.
  ///
  /// ```swift
  /// String(decoding: CaseFolding.folded(utf16: Array("Straße".utf16)), as: UTF16.self)
  /// // "strasse"
  /// ```
  ///
  /// - Complexity: O(n) in the code units.
  public static func folded(utf16 units: [UInt16]) -> [UInt16] {
    var ascii = true
    for unit in units where unit >= 0x80 {
      ascii = false
      break
    }
    if ascii {
      return units.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
    }
    if let folded = icuFolded(units) { return folded }
    return Array(String(decoding: units, as: UTF16.self).lowercased().utf16)
  }

  /// The folded form of `text` (see `folded(utf16:)`).
  ///
  /// - Complexity: O(n) in the text's code units.
  public static func folded(_ text: String) -> String {
    String(decoding: folded(utf16: Array(text.utf16)), as: UTF16.self)
  }

  static func icuFolded(_ units: [UInt16]) -> [UInt16]? {
    ICUTransform.apply(units, capacity: units.count * 2 + 8) {
      ctii_nfkc_casefold($0, $1, $2, $3, $4)
    }
  }
}

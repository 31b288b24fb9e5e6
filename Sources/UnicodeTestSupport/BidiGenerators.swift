public import PropertyBased

extension UnicodeGen {
  /// The pieces `bidiText` joins: Latin, Hebrew and Arabic words, digits
  /// (European and Arabic-Indic, which resolve by the strong text before
  /// them), brackets (paired across mixed text: rule N0), spaces, the marks
  /// LRM, RLM and ALM, and the explicit bidi controls U+202A–U+202E and
  /// U+2066–U+2069 (embeddings, overrides, isolates and their ends).
  public static let bidiPieces: [String] = [
    "abc", "word", "x", " ", "  ", "שלום", "עולם", "ש", "مرحبا", "بالعالم", "م", "123", "٣٤",
    "1.5", "-", "(", ")", "[", "]", "(a ש)", "[مرحبا 12]", "\u{200E}", "\u{200F}", "\u{061C}",
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}",
    "\u{2069}", "e\u{301}", "\u{0600}\u{0661}", "😀",
  ]

  /// Text of `range` pieces of `bidiPieces`: mixed-direction text that
  /// starts with either direction (or none), for tests of bidi layout.
  public static func bidiText(pieces range: ClosedRange<Int>) -> Generator<
    String, Generator<Int, Shrink.Integer<Int>>.ArrayShrink
  > {
    Gen.int(in: 0...(bidiPieces.count - 1)).array(of: range).map { indices in
      indices.map { bidiPieces[$0] }.joined()
    }
  }
}

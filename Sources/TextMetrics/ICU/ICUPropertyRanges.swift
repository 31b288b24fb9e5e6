internal import CTextInputICU

/// The ranges of code points over which an ICU property keeps one value: how
/// the property tables (`CharacterTable`, the line-break classes) are read
/// from ICU once, at first use.
enum ICUPropertyRanges {
  /// Calls `body` with each range of code points (0…U+10FFFF, in order) and
  /// the value of the enumerated `property` on it.
  ///
  /// - Complexity: O(r) ICU calls, r the number of ranges.
  static func forEach(_ property: ctii_int_property, _ body: (ClosedRange<Int>, Int32) -> Void) {
    var start: Int32 = 0
    while start <= 0x10FFFF {
      var value: Int32 = 0
      let end = ctii_int_property_range(property, start, &value)
      guard end >= start else { return }
      body(Int(start)...Int(end), value)
      start = end + 1
    }
  }

  /// Calls `body` with each range of code points where the binary `property`
  /// holds; nothing if ICU cannot give its set.
  ///
  /// - Complexity: O(r) ICU calls, r the number of ranges.
  static func forEach(_ property: ctii_binary_property, _ body: (ClosedRange<Int>) -> Void) {
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

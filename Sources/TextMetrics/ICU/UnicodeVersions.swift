internal import CTextInputICU

/// The Unicode and ICU versions the measurement layer runs on.
///
/// Segmentation and width follow the Unicode version of the system ICU that
/// TextMetrics was linked against (on Debian 12, ICU 72.1 and Unicode 15.0),
/// read at run time, never hard-coded.
///
/// ```swift
/// UnicodeVersions.unicode  // "15.0"
/// UnicodeVersions.icu      // "72.1"
/// ```
public enum UnicodeVersions {
  /// The Unicode version ICU implements, as "major.minor" ("15.0").
  public static let unicode: String = read(ctii_unicode_version).trimmingZeroComponents()

  /// ICU's version, as "major.minor" ("72.1").
  public static let icu: String = read(ctii_icu_version).trimmingZeroComponents()

  private static func read(_ body: (UnsafeMutablePointer<CChar>, Int32) -> Void) -> String {
    var buffer = [CChar](repeating: 0, count: 32)
    buffer.withUnsafeMutableBufferPointer { slot in
      if let base = slot.baseAddress { body(base, Int32(slot.count)) }
    }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

extension String {
  /// "15.0.0.0" -> "15.0"; keeps at least major.minor.
  fileprivate func trimmingZeroComponents() -> String {
    var parts = split(separator: ".").map(String.init)
    while parts.count > 2, parts.last == "0" { parts.removeLast() }
    return parts.joined(separator: ".")
  }
}

import Foundation

/// The case counts of heavy property tests: the quick ones, or the full ones
/// with `TEXTINPUTKIT_FULL_CHECKS=1` (as `.ci/run` sets). HitAreas links no
/// system ICU, so its tests do not use UnicodeTestSupport's copy of this.
enum CheckScale {
  static func cases(_ quick: Int, full: Int) -> Int {
    ProcessInfo.processInfo.environment["TEXTINPUTKIT_FULL_CHECKS"] == "1" ? full : quick
  }
}

import Foundation

/// How many cases a heavy property or conformance test runs: a few for a
/// quick `swift test`, many more when `TEXTINPUTKIT_FULL_CHECKS=1` is set
/// (as `.ci/run` does). The one switch every heavy test reads.
public enum CheckScale {
  /// The environment variable that asks for the full counts.
  public static let variable = "TEXTINPUTKIT_FULL_CHECKS"

  /// Whether the full counts were asked for.
  public static var isFull: Bool {
    ProcessInfo.processInfo.environment[variable] == "1"
  }

  /// `quick` cases normally, `full` with `TEXTINPUTKIT_FULL_CHECKS=1`.
  public static func cases(_ quick: Int, full: Int) -> Int {
    isFull ? full : quick
  }
}

// What every benchmark executable here shares: a deterministic PRNG for the
// corpora, wall-clock timing, and the checks that make a run fail (exit 1)
// when its output is wrong.

import Foundation

/// A small, fast, deterministic PRNG (SplitMix64), so every run measures the
/// same corpora.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The wall-clock time of one call of `body`, in seconds.
public func seconds(_ body: () -> Void) -> Double {
  let start = ContinuousClock.now
  body()
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}

/// The fastest of `rounds` (at least 1) timed calls of `body`, in seconds, and
/// the last call's result. With `warmUp`, one untimed call comes first.
public func best<R>(rounds: Int, warmUp: Bool = false, _ body: () -> R) -> (
  seconds: Double, result: R
) {
  if warmUp { _ = body() }
  let start = ContinuousClock.now
  var result = body()
  let first = ContinuousClock.now - start
  var fastest = Double(first.components.seconds) + Double(first.components.attoseconds) * 1e-18
  for _ in 1..<max(rounds, 1) {
    fastest = min(fastest, seconds { result = body() })
  }
  return (fastest, result)
}

/// The mismatches a run has found. A benchmark calls `check` for each output it
/// verifies and `Checks.finish(success:)` at the end.
public enum Checks {
  nonisolated(unsafe) public private(set) static var failures: [String] = []

  /// Records and prints a mismatch unless `condition` holds.
  public static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
      failures.append(message())
      print("MISMATCH: \(message())")
    }
  }

  /// Prints `success` if every check held; otherwise the count, and exits 1.
  public static func finish(success: String) {
    if failures.isEmpty {
      print(success)
    } else {
      print("\(failures.count) check(s) failed.")
      exit(1)
    }
  }
}

/// `Checks.check`, for brevity in benchmark scripts.
public func check(_ condition: Bool, _ message: @autoclosure () -> String) {
  Checks.check(condition, message())
}

/// Text of about `count` UTF-16 code units: `pieces` drawn by a linear
/// congruential generator from `seed`, joined by spaces, with a line break
/// after every 3 to 16 pieces. The same arguments give the same text.
///
/// - Complexity: O(count).
public func paragraphsOfPieces(_ count: Int, pieces: [String], seed: UInt64) -> String {
  var state = seed
  var out = ""
  var units = 0
  var inParagraph = 0
  while units < count {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let piece = pieces[Int((state >> 33) % UInt64(pieces.count))]
    inParagraph += 1
    let separator = inParagraph >= 3 + Int((state >> 45) % 14) ? "\n" : " "
    if separator == "\n" { inParagraph = 0 }
    out += piece + separator
    units += piece.utf16.count + 1
  }
  return out
}

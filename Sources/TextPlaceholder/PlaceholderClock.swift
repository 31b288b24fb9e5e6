public import Foundation

/// Where a placeholder reads the time, in **seconds** on a monotonic scale:
/// when a transition starts, and what "now" is when its presentation is read.
///
/// The system clock is `ProcessInfo.systemUptime`; tests and the samples use
/// a `ManualClock`, so every frame is reproducible.
public struct PlaceholderClock: Sendable {
  /// The current time, in seconds.
  public let now: @Sendable () -> TimeInterval

  /// A clock reading `now`.
  public init(_ now: @escaping @Sendable () -> TimeInterval) {
    self.now = now
  }

  /// Seconds since the machine booted (`ProcessInfo.systemUptime`).
  public static let system = PlaceholderClock { ProcessInfo.processInfo.systemUptime }

  /// A clock that reads `clock`.
  public static func manual(_ clock: ManualClock) -> PlaceholderClock {
    PlaceholderClock { clock.time }
  }
}

/// A clock that moves only when told: for tests, samples and recordings.
/// Safe to share between threads.
///
/// ```swift
/// let clock = ManualClock()
/// clock.advance(by: 1.0 / 60)
/// clock.time  // 0.016666…
/// ```
public final class ManualClock: @unchecked Sendable {
  private let lock = NSLock()
  private var value: TimeInterval

  /// A clock at `time` seconds (NaN or infinite: 0).
  public init(time: TimeInterval = 0) {
    value = time.isFinite ? time : 0
  }

  /// The time, in seconds. Setting a NaN or infinite time is ignored.
  public var time: TimeInterval {
    get { lock.withLock { value } }
    set {
      guard newValue.isFinite else { return }
      lock.withLock { value = newValue }
    }
  }

  /// Moves the clock by `seconds` (NaN, infinite or negative: ignored).
  public func advance(by seconds: TimeInterval) {
    guard seconds.isFinite, seconds >= 0 else { return }
    lock.withLock { value += seconds }
  }
}

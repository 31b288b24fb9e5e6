public import Foundation

/// One animated value on a deterministic timeline: where it is at time `t`
/// is a pure function of `t`. A placeholder keeps three: the slide or float
/// (a damped spring), the placeholder's fade and the abbreviation's fade
/// (linear). Values are unitless (0 = at rest as a placeholder, 1 = moved
/// away); times are in **seconds** on the placeholder's clock.
///
/// A timeline starting from where another one is, at its velocity, continues
/// it without a jump: that is how a transition reverses midway.
///
/// ```swift
/// let slide = PlaceholderTimeline(
///   start: 0, from: 0, target: 1, curve: .spring(dampingRatio: 0.5, duration: 0.6))
/// slide.value(at: 0)    // 0
/// slide.value(at: 0.6)  // 1, at rest
/// ```
public struct PlaceholderTimeline: Hashable, Sendable {
  /// How the value moves.
  public enum Curve: Hashable, Sendable {
    /// At the target at once.
    case immediate
    /// A damped spring (ratio ≤ 1) that is stopped at the target after
    /// `duration` seconds; its stiffness is chosen so that, started at rest,
    /// it is by then within 0.1 % of the distance. Values overshooting the 0…1 range are
    /// reflected back into it, as a bounce off a wall.
    case spring(dampingRatio: Double, duration: Double)
    /// Linear toward the target at 1 / `duration` per second.
    case fade(duration: Double)
  }

  /// When the timeline starts, in seconds.
  public var start: TimeInterval
  /// The value at `start`.
  public var from: Double
  /// The velocity at `start`, in values per second (springs only).
  public var velocity: Double
  /// The value at rest.
  public var target: Double
  /// The curve.
  public var curve: Curve

  /// A timeline. Non-finite numbers are clamped: `start`, `from` and
  /// `velocity` to 0, `target` to 0, a spring's ratio to 1 and a duration to 0.
  public init(
    start: TimeInterval, from: Double, velocity: Double = 0, target: Double, curve: Curve
  ) {
    self.start = start.isFinite ? start : 0
    self.from = from.isFinite ? from : 0
    self.velocity = velocity.isFinite ? velocity : 0
    self.target = target.isFinite ? target : 0
    switch curve {
    case .immediate: self.curve = .immediate
    case .spring(let ratio, let duration):
      self.curve = .spring(
        dampingRatio: ratio.isNaN ? 1 : min(max(ratio, 0.05), 1),
        duration: duration.isFinite && duration > 0 ? duration : 0)
    case .fade(let duration):
      self.curve = .fade(duration: duration.isFinite && duration > 0 ? duration : 0)
    }
  }

  /// A timeline at rest at `value`.
  public static func resting(at value: Double) -> PlaceholderTimeline {
    PlaceholderTimeline(start: 0, from: value, target: value, curve: .immediate)
  }

  /// When the value reaches its target and stays there, in seconds.
  public var end: TimeInterval {
    switch curve {
    case .immediate: return start
    case .spring(_, let duration): return from == target && velocity == 0 ? start : start + duration
    case .fade(let duration): return start + abs(target - from) * duration
    }
  }

  /// Whether the value is moving at `time`: from `start` (included) to `end`
  /// (excluded). Before `start` it holds `from`.
  public func isAnimating(at time: TimeInterval) -> Bool { start <= time && time < end }

  /// The value at `time` (seconds). Before `start` it is `from`; from `end`
  /// on, exactly `target`.
  public func value(at time: TimeInterval) -> Double {
    state(at: time).value
  }

  /// The value and its velocity (values per second) at `time`: what a new
  /// timeline starting at `time` continues from.
  public func state(at time: TimeInterval) -> (value: Double, velocity: Double) {
    let time = time.isNaN ? start : time
    if time >= end { return (target, 0) }
    if time <= start { return (from, velocity) }
    let elapsed = time - start
    switch curve {
    case .immediate:
      return (target, 0)
    case .fade(let duration):
      let step = elapsed / duration
      return (from + (target > from ? step : -step), (target > from ? 1 : -1) / duration)
    case .spring(let ratio, let duration):
      let (raw, speed) = Self.spring(
        displacement: from - target, velocity: velocity, ratio: ratio, duration: duration,
        elapsed: elapsed)
      return Self.reflect(value: target + raw, velocity: speed)
    }
  }

  /// The largest speed the spring reaches, in values per second: a bound on
  /// how far the value moves between two samples (`|Δvalue| ≤ bound × Δt`).
  public var maximumSpeed: Double {
    switch curve {
    case .immediate: return 0
    case .fade(let duration): return duration > 0 ? 1 / duration : 0
    case .spring(let ratio, let duration):
      guard duration > 0 else { return 0 }
      let omega = Self.naturalFrequency(ratio: ratio, duration: duration)
      let displacement = abs(from - target)
      let damped = omega * (1 - ratio * ratio).squareRoot()
      if damped < 1e-9 {
        // Critically damped: d' = e^{-ωt}(v0 − ω(v0 + ωd0)t), and
        // t·e^{-ωt} ≤ 1/(ωe), so |d'| ≤ |v0| + (|v0| + ω|d0|)/e.
        return abs(velocity) + (abs(velocity) + omega * displacement) / M_E
      }
      return abs(velocity) + (ratio * omega * abs(velocity) + omega * omega * displacement) / damped
    }
  }

  /// ω such that a spring starting at rest is within 0.1 % of its travel at
  /// `duration`.
  static func naturalFrequency(ratio: Double, duration: Double) -> Double {
    if ratio >= 1 {
      // (1 + x)e^{-x} = 0.001 at x ≈ 9.2334.
      return 9.2334 / duration
    }
    // From rest, |d(t)| ≤ |d0| e^{-ζωt} / √(1 − ζ²): solve for 0.001.
    return (log(1000) - 0.5 * log(1 - ratio * ratio)) / (ratio * duration)
  }

  /// The displacement from the target and its velocity after `elapsed`
  /// seconds of a damped spring.
  static func spring(
    displacement d0: Double, velocity v0: Double, ratio: Double, duration: Double,
    elapsed t: Double
  ) -> (Double, Double) {
    let omega = naturalFrequency(ratio: ratio, duration: duration)
    if ratio >= 1 {
      let decay = exp(-omega * t)
      let b = v0 + omega * d0
      return (decay * (d0 + b * t), decay * (v0 - omega * b * t))
    }
    let a = ratio * omega
    let b = omega * (1 - ratio * ratio).squareRoot()
    let decay = exp(-a * t)
    let c = cos(b * t)
    let s = sin(b * t)
    let sineWeight = (v0 + a * d0) / b
    let value = decay * (d0 * c + sineWeight * s)
    let speed = decay * (v0 * c - (a * v0 + omega * omega * d0) / b * s)
    return (value, speed)
  }

  /// Folds values outside 0…1 back in, as a bounce off a wall at either end.
  static func reflect(value: Double, velocity: Double) -> (value: Double, velocity: Double) {
    var value = value
    var velocity = velocity
    // Two reflections at most: a spring never overshoots by more than its travel.
    for _ in 0..<2 {
      if value > 1 {
        value = 2 - value
        velocity = -velocity
      } else if value < 0 {
        value = -value
        velocity = -velocity
      }
    }
    return (min(max(value, 0), 1), velocity)
  }
}

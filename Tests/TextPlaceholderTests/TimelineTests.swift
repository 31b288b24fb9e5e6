import Foundation
import PropertyBased
import Testing
import TextPlaceholder

/// The natural frequency ω the documentation defines for a spring: the one
/// whose envelope is 0.1 % of the distance after `duration` seconds, solved
/// here from that definition (e^(−ζωt) for ζ < 1, (1 + ωt)e^(−ωt) for ζ = 1).
func documentedOmega(ratio: Double, duration: Double) -> Double {
  // Underdamped from rest: |d(t)| ≤ e^(−ζωt)/√(1−ζ²) (the envelope of
  // cos + ζ/√(1−ζ²)·sin); 0.001 at the duration.
  if ratio < 1 { return (log(1000) - 0.5 * log(1 - ratio * ratio)) / (ratio * duration) }
  // Bisection on x = ωD: (1 + x)e^(−x) = 0.001, decreasing in x.
  var low = 0.0
  var high = 50.0
  for _ in 0..<200 {
    let mid = (low + high) / 2
    if (1 + mid) * exp(-mid) > 0.001 { low = mid } else { high = mid }
  }
  return high / duration
}

/// A bound on a damped spring's speed that follows from physics, not from the
/// library: the energy ½v² + ½ω²x² of x'' + 2ζωx' + ω²x = 0 never grows, so
/// |v(t)| ≤ √(v₀² + ω²x₀²). Reflection off 0 and 1 keeps |v|.
func energySpeedBound(_ timeline: PlaceholderTimeline) -> Double {
  switch timeline.curve {
  case .immediate: return 0
  case .fade(let duration): return duration > 0 ? 1 / duration : 0
  case .spring(let ratio, let duration):
    guard duration > 0 else { return 0 }
    let omega = documentedOmega(ratio: ratio, duration: duration)
    let displacement = timeline.from - timeline.target
    return (timeline.velocity * timeline.velocity + omega * omega * displacement * displacement)
      .squareRoot()
  }
}

@Suite("PlaceholderTimeline: deterministic springs and fades")
struct TimelineTests {
  static let curves: [PlaceholderTimeline.Curve] = [
    .spring(dampingRatio: 0.5, duration: 0.6), .spring(dampingRatio: 1, duration: 0.6),
    .spring(dampingRatio: 0.05, duration: 1), .fade(duration: 0.2), .immediate,
  ]

  @Test(
    "The value is `from` until the start and exactly the target from the end", arguments: curves)
  func startAndEnd(curve: PlaceholderTimeline.Curve) {
    let timeline = PlaceholderTimeline(start: 2, from: 0.25, target: 1, curve: curve)
    switch curve {
    case .spring(_, let duration): #expect(timeline.end == 2 + duration)
    case .fade(let duration): #expect(abs(timeline.end - (2 + 0.75 * duration)) < 1e-12)
    case .immediate: #expect(timeline.end == 2)
    }
    #expect(timeline.value(at: 1.5) == 0.25)
    #expect(timeline.value(at: -.infinity) == 0.25)
    if curve != .immediate {
      #expect(timeline.value(at: 2) == 0.25)
      #expect(timeline.isAnimating(at: 2))
      #expect(timeline.value(at: (2 + timeline.end) / 2) != 1)
    } else {
      #expect(timeline.value(at: 2) == 1)
    }
    #expect(timeline.value(at: timeline.end) == 1)
    #expect(timeline.state(at: timeline.end).velocity == 0)
    #expect(!timeline.isAnimating(at: timeline.end))
    #expect(timeline.value(at: timeline.end + 10) == 1)
    #expect(timeline.value(at: .infinity) == 1)
    // NaN time reads as the start.
    #expect(timeline.value(at: .nan) == timeline.value(at: 2))
  }

  @Test("A fade is linear at 1 / duration per second, either way")
  func fade() {
    let up = PlaceholderTimeline(start: 0, from: 0, target: 1, curve: .fade(duration: 0.2))
    #expect(abs(up.value(at: 0.1) - 0.5) < 1e-12)
    #expect(abs(up.value(at: 0.05) - 0.25) < 1e-12)
    #expect(abs(up.state(at: 0.05).velocity - 5) < 1e-12)
    #expect(up.maximumSpeed == 5)
    let down = PlaceholderTimeline(start: 1, from: 0.5, target: 0, curve: .fade(duration: 0.2))
    #expect(abs(down.end - 1.1) < 1e-12)
    #expect(abs(down.value(at: 1.05) - 0.25) < 1e-12)
    #expect(abs(down.state(at: 1.05).velocity + 5) < 1e-12)
  }

  @Test("The immediate curve is at its target from its start, not moving")
  func immediate() {
    let timeline = PlaceholderTimeline(start: 3, from: 0, target: 1, curve: .immediate)
    #expect(timeline.end == 3)
    #expect(timeline.value(at: 3) == 1)
    #expect(!timeline.isAnimating(at: 3))
    #expect(timeline.maximumSpeed == 0)
    let resting = PlaceholderTimeline.resting(at: 0.75)
    #expect(resting.value(at: -1) == 0.75 && resting.value(at: 0) == 0.75)
    #expect(!resting.isAnimating(at: 0) && !resting.isAnimating(at: 5))
  }

  @Test("A timeline at rest is not moving at any time, negative times included")
  func restingNeverAnimates() {
    // `isAnimating(at:)` is "whether the value is still moving at time"; a
    // resting timeline's value is the same at every time. Its start is 0, so
    // `time < end` calls it moving before 0 (a ManualClock may start there).
    let resting = PlaceholderTimeline.resting(at: 0.75)
    #expect(resting.value(at: -100) == 0.75)
    #expect(!resting.isAnimating(at: -100))
  }

  @Test("Non-finite inputs are clamped, never trapped on or propagated")
  func nonFiniteInputs() {
    let timeline = PlaceholderTimeline(
      start: .nan, from: .nan, velocity: .infinity, target: -.infinity,
      curve: .spring(dampingRatio: .nan, duration: .nan))
    #expect(timeline.start == 0)
    #expect(timeline.from == 0)
    #expect(timeline.velocity == 0)
    #expect(timeline.target == 0)
    #expect(timeline.curve == .spring(dampingRatio: 1, duration: 0))
    #expect(timeline.end == 0)
    for time in [-1, 0, 0.5, .nan, .infinity, -.infinity] as [Double] {
      #expect(timeline.value(at: time) == 0)
      #expect(timeline.state(at: time).velocity == 0)
    }
    #expect(timeline.maximumSpeed == 0)

    #expect(
      PlaceholderTimeline(
        start: 0, from: 0, target: 1, curve: .spring(dampingRatio: 7, duration: 1)
      )
      .curve == .spring(dampingRatio: 1, duration: 1))
    #expect(
      PlaceholderTimeline(
        start: 0, from: 0, target: 1, curve: .spring(dampingRatio: -1, duration: -1)
      ).curve == .spring(dampingRatio: 0.05, duration: 0))
    let fade = PlaceholderTimeline(
      start: 1, from: 0, target: 1, curve: .fade(duration: .infinity))
    #expect(fade.curve == .fade(duration: 0))
    #expect(fade.value(at: 1) == 1)
    #expect(!fade.isAnimating(at: 1))
    let nanFade = PlaceholderTimeline(start: 1, from: 0, target: 1, curve: .fade(duration: .nan))
    #expect(nanFade.value(at: 1) == 1 && nanFade.maximumSpeed == 0)
  }

  @Test("An underdamped spring bounces off the target's wall: reflected, it stays in 0…1")
  func reflection() {
    let timeline = PlaceholderTimeline(
      start: 0, from: 0, target: 1, curve: .spring(dampingRatio: 0.2, duration: 1))
    var reachedWall = false
    var lowestAfterWall = 1.0
    for step in 0...2000 {
      let value = timeline.value(at: Double(step) / 2000)
      #expect(value >= 0 && value <= 1, "at \(Double(step) / 2000): \(value)")
      if value > 0.95 { reachedWall = true }
      if reachedWall { lowestAfterWall = min(lowestAfterWall, value) }
    }
    // An unreflected spring with ratio 0.2 would overshoot 1 by about 53 %:
    // reflected, it comes back down to about 0.47.
    #expect(reachedWall)
    #expect(lowestAfterWall < 0.6)
  }

  static let springs = zip(
    Gen.double(in: 0...1), Gen.double(in: -30...30), Gen.bool, Gen.double(in: 0.05...1),
    Gen.double(in: 0.05...2))

  @Test("Springs: values stay in 0…1; speed within maximumSpeed and the energy bound")
  func springProperties() async {
    await propertyCheck(count: 120, input: Self.springs) { from, velocity, up, ratio, duration in
      let timeline = PlaceholderTimeline(
        start: 1, from: from, velocity: velocity, target: up ? 1 : 0,
        curve: .spring(dampingRatio: ratio, duration: duration))
      let steps = 1500
      let dt = duration / Double(steps)
      var previous = timeline.value(at: 1)
      var fastest = 0.0
      // Up to just before the end, where the spring snaps onto its target.
      for step in 1..<steps {
        let value = timeline.value(at: 1 + Double(step) * dt)
        #expect(value >= 0 && value <= 1)
        fastest = max(fastest, abs(value - previous) / dt)
        previous = value
      }
      #expect(timeline.value(at: timeline.end) == timeline.target)
      #expect(fastest <= timeline.maximumSpeed * (1 + 1e-9) + 1e-9)
      #expect(fastest <= energySpeedBound(timeline) * (1 + 1e-6) + 1e-6)
    }
  }

  @Test("A timeline started from another's state continues it without a jump")
  func continuation() {
    let slide = PlaceholderTimeline(
      start: 0, from: 0, target: 1, curve: .spring(dampingRatio: 1, duration: 0.6))
    let state = slide.state(at: 0.1)
    // Unreflected here (critically damped, from rest): velocity is the derivative.
    let h = 1e-6
    let derivative = (slide.value(at: 0.1 + h) - slide.value(at: 0.1 - h)) / (2 * h)
    #expect(abs(derivative - state.velocity) < 1e-4 * max(1, abs(state.velocity)))
    let back = PlaceholderTimeline(
      start: 0.1, from: state.value, velocity: state.velocity, target: 0,
      curve: .spring(dampingRatio: 1, duration: 0.6))
    #expect(back.value(at: 0.1) == slide.value(at: 0.1))
    let slope = (back.value(at: 0.1 + h) - back.value(at: 0.1)) / h
    #expect(abs(slope - state.velocity) < 1e-3 * max(1, abs(state.velocity)))
    #expect(back.value(at: 0.7) == 0)
  }

  @Test(
    "maximumSpeed is the largest speed the spring reaches, within a small factor",
    arguments: [0.5, 1.0])
  func maximumSpeedIsTight(ratio: Double) {
    // The doc calls maximumSpeed "the largest speed the spring reaches". That
    // it is a bound is checked above; here, that it is not far above the
    // speed really reached (before the snap to the target at the end).
    let timeline = PlaceholderTimeline(
      start: 0, from: 0, target: 1, curve: .spring(dampingRatio: ratio, duration: 0.6))
    var fastest = 0.0
    let dt = 0.6 / 6000
    for step in 0..<5999 {
      let a = timeline.value(at: Double(step) * dt)
      let b = timeline.value(at: Double(step + 1) * dt)
      fastest = max(fastest, abs(b - a) / dt)
    }
    // From rest the speed peaks at ω·exp(−ζ·atan(√(1−ζ²)/ζ)/√(1−ζ²)), ω/e at ζ = 1.
    let omega = documentedOmega(ratio: ratio, duration: 0.6)
    let root = (1 - ratio * ratio).squareRoot()
    let peak = ratio == 1 ? omega / M_E : omega * exp(-ratio * atan(root / ratio) / root)
    #expect(abs(fastest - peak) < 0.01 * peak)
    #expect(
      timeline.maximumSpeed <= 3 * fastest,
      "ratio \(ratio): maximumSpeed \(timeline.maximumSpeed), reached \(fastest)")
  }

  @Test(
    "At the end of its duration a spring is within 0.1 % of its travel (the snap is tiny)",
    arguments: [0.05, 0.2, 0.5, 0.7, 0.9, 0.977, 0.999, 1])
  func snapAtTheEnd(ratio: Double) {
    // PlaceholderAnimation.springDuration: "the spring is stopped at its rest
    // value after this long (by then it is within 0.1 % of its travel)".
    let timeline = PlaceholderTimeline(
      start: 0, from: 0, target: 1, curve: .spring(dampingRatio: ratio, duration: 0.6))
    let justBefore = timeline.value(at: 0.6.nextDown)
    #expect(timeline.value(at: 0.6) == 1)
    // 9.2334 (ζ = 1) is rounded: allow 0.1 % of the 0.1 %.
    #expect(abs(1 - justBefore) <= 0.001 * 1.001, "ratio \(ratio): \(1 - justBefore) away")
  }
}

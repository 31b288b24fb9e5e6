import Foundation
import Testing
import TextPlaceholder

/// `ManualClock`: set, advanced, and refusing times that are not finite.
@Suite("ManualClock: set and advanced by hand, non-finite times ignored")
struct ManualClockTests {
  @Test("Setting the time moves the clock; NaN and infinities are ignored")
  func setTime() {
    let clock = ManualClock(time: 2)
    clock.time = 5.5
    #expect(clock.time == 5.5)
    #expect(PlaceholderClock.manual(clock).now() == 5.5)
    for bad in [TimeInterval.nan, .infinity, -.infinity] {
      clock.time = bad
      #expect(clock.time == 5.5)
    }
    clock.time = -1  // finite: a clock may be set back
    #expect(clock.time == -1)
  }

  @Test("advance(by:) ignores NaN, infinite and negative steps; init takes 0 for non-finite")
  func advance() {
    let clock = ManualClock()
    clock.advance(by: 0.25)
    for bad in [TimeInterval.nan, .infinity, -1] { clock.advance(by: bad) }
    #expect(clock.time == 0.25)
    #expect(ManualClock(time: .nan).time == 0)
    #expect(ManualClock(time: .infinity).time == 0)
  }
}

import Testing
import TextPlaceholder

/// Compiles only if TextPlaceholder's public types can cross concurrency
/// domains; at run time, checks a presentation made on another task is usable.
@Test func placeholderTypesAreSendable() async {
  func check<T: Sendable>(_: T.Type) {}
  check(TextPlaceholder.self)
  check(PlaceholderStyle.self)
  check(PlaceholderMode.self)
  check(PlaceholderAnimation.self)
  check(PlaceholderRun.self)
  check(AttributedPlaceholder.self)
  check(PlaceholderError.self)
  check(PlaceholderClock.self)
  check(ManualClock.self)
  check(PlaceholderTimeline.self)
  check(PlaceholderTimeline.Curve.self)
  check(PlaceholderLayer.self)
  check(PlaceholderAbbreviation.self)
  check(PlaceholderPresentation.self)

  let clock = ManualClock()
  let editor = Editor(behaviours: [TextPlaceholder("Name", clock: .manual(clock))])
  let visible = await Task.detached { editor.placeholder?.isVisible }.value
  #expect(visible == true)
}

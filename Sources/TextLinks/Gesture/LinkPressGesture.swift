public import Foundation
public import TextInputCore

/// The press on a link, as a pure state machine fed touch events with their
/// timestamps: the replacement for a `UILongPressGestureRecognizer` with a
/// `minimumPressDuration` of 0.01 s standing in for a tap.
///
/// - The link is chosen at touch-down, by `LinkLayout.hit(at:tolerance:)`. A
///   touch-down that hits no link is **not claimed** (`.notClaimed`): the host
///   passes it on, so a table cell under the text still selects.
/// - While pressed, the link is highlighted (`highlightedLinkIndex`; draw its
///   rects).
/// - Moving more than `allowableMovement` from the touch-down point, or to a
///   point whose hit is not the pressed link (out of its tolerance area, or
///   nearer another link), cancels.
/// - Held `longPressDuration` (on a `.moved` or `.tick` event, or at release),
///   it is a long press, reported once; releasing afterwards fires nothing
///   more.
/// - Released where the hit is still the pressed link, at least
///   `minimumPressDuration` and less than `longPressDuration` after
///   touch-down, it is a tap. Released anywhere else — over plain text,
///   another link, past the allowable movement — nothing fires. One press
///   fires at most once, and only its own link.
///
/// Times are in **seconds** (any monotonic clock); points in the layout's
/// view coordinates. A NaN or infinite timestamp counts as the last valid one
/// (0 before any); one earlier than the touch-down counts as the touch-down's.
/// A NaN or infinite point hits nothing (at touch-down: not claimed; later:
/// cancels).
///
/// ```swift
/// var press = LinkPressGesture()
/// press.handle(.down(CGPoint(x: 12, y: 5), at: 0), in: layout)   // .pressed(0)
/// press.handle(.up(CGPoint(x: 13, y: 5), at: 0.1), in: layout)   // .tapped(0)
/// ```
public struct LinkPressGesture: Hashable, Sendable {
  /// The durations and distances the machine uses.
  public struct Configuration: Hashable, Sendable {
    /// The shortest press that counts, in seconds (UIKit technique: 0.01).
    public var minimumPressDuration: TimeInterval
    /// How long a press lasts before it is a long press, in seconds.
    public var longPressDuration: TimeInterval
    /// How far the touch may move from where it went down, in points.
    public var allowableMovement: CGFloat
    /// How far around a link's rects a touch still hits it, in **line
    /// heights** of the layout's font (0.25: a quarter of a line, the
    /// default; see `LinkLayout` for why it stays under half a line).
    public var tolerance: CGFloat

    /// Creates a configuration. NaN, infinite or negative values take the
    /// defaults (0.01 s, 0.5 s, 10 pt, 0.25 line heights).
    public init(
      minimumPressDuration: TimeInterval = 0.01, longPressDuration: TimeInterval = 0.5,
      allowableMovement: CGFloat = 10, tolerance: CGFloat = 0.25
    ) {
      func valid(_ value: Double, _ fallback: Double) -> Double {
        value.isFinite && value >= 0 ? value : fallback
      }
      self.minimumPressDuration = valid(minimumPressDuration, 0.01)
      self.longPressDuration = valid(longPressDuration, 0.5)
      self.allowableMovement = CGFloat(valid(Double(allowableMovement), 10))
      self.tolerance = CGFloat(valid(Double(tolerance), 0.25))
    }

    /// `tolerance` in points for `layout`: times its font's line height.
    public func tolerance(in layout: LinkLayout) -> CGFloat {
      let height = layout.frame.style.font.lineHeight
      return height.isFinite && height > 0 ? tolerance * height : 0
    }
  }

  /// A touch event: the core's `PointerEvent` (points in the view's
  /// coordinates, seconds), which an editor offers its behaviours.
  public typealias Event = PointerEvent

  /// What an event did.
  public enum Outcome: Hashable, Sendable {
    /// A touch-down on no link: pass the touch on.
    case notClaimed
    /// The event changed nothing (or belongs to no press of this machine).
    case unchanged
    /// Link `index` is pressed: highlight it.
    case pressed(Int)
    /// The press on link `index` ended without firing: remove the highlight.
    case cancelled(Int)
    /// Link `index` was tapped: open it.
    case tapped(Int)
    /// Link `index` was long-pressed: show its menu. The press goes on until
    /// the finger lifts, firing nothing more.
    case longPressed(Int)
  }

  private struct Press: Hashable, Sendable {
    var link: Int
    var start: CGPoint
    var startTime: TimeInterval
    var longPressed = false
  }

  /// The durations and distances.
  public var configuration: Configuration
  private var press: Press?
  private var lastTime: TimeInterval = 0

  /// Creates an idle machine.
  public init(configuration: Configuration = Configuration()) {
    self.configuration = configuration
  }

  /// The link highlighted now (index in the layout's `links`), or nil.
  public var highlightedLinkIndex: Int? { press?.link }

  /// Feeds one event; `layout` is the layout the press is on (the same one
  /// for a whole press).
  ///
  /// - Complexity: one hit test, O(log n) in the layout's rects.
  public mutating func handle(_ event: Event, in layout: LinkLayout) -> Outcome {
    switch event {
    case .down(let point, let time):
      let time = sanitized(time)
      guard press == nil else { return .unchanged }
      guard let hit = layout.hit(at: point, tolerance: configuration.tolerance(in: layout)) else {
        return .notClaimed
      }
      press = Press(link: hit.linkIndex, start: point, startTime: time)
      return .pressed(hit.linkIndex)
    case .moved(let point, let time):
      let time = sanitized(time)
      guard let current = press else { return .unchanged }
      guard stillOn(current, point, layout) else { return cancel() }
      return longPressIfDue(time)
    case .tick(let time):
      let time = sanitized(time)
      guard press != nil else { return .unchanged }
      return longPressIfDue(time)
    case .up(let point, let time):
      let time = sanitized(time)
      guard let current = press else { return .unchanged }
      press = nil
      if current.longPressed { return .cancelled(current.link) }
      guard stillOn(current, point, layout) else { return .cancelled(current.link) }
      let held = max(time - current.startTime, 0)
      if held >= configuration.longPressDuration { return .longPressed(current.link) }
      if held < configuration.minimumPressDuration { return .cancelled(current.link) }
      return .tapped(current.link)
    case .cancelled(let time):
      _ = sanitized(time)
      guard press != nil else { return .unchanged }
      return cancel()
    }
  }

  private mutating func sanitized(_ time: TimeInterval) -> TimeInterval {
    var time = time.isFinite ? time : lastTime
    if let press, time < press.startTime { time = press.startTime }
    lastTime = time
    return time
  }

  private func stillOn(_ press: Press, _ point: CGPoint, _ layout: LinkLayout) -> Bool {
    guard point.x.isFinite, point.y.isFinite else { return false }
    let dx = point.x - press.start.x
    let dy = point.y - press.start.y
    guard LinkHitCandidate.length(dx, dy) <= configuration.allowableMovement else { return false }
    return layout.hit(at: point, tolerance: configuration.tolerance(in: layout))?.linkIndex
      == press.link
  }

  private mutating func cancel() -> Outcome {
    guard let current = press else { return .unchanged }
    press = nil
    return .cancelled(current.link)
  }

  private mutating func longPressIfDue(_ time: TimeInterval) -> Outcome {
    guard var current = press, !current.longPressed,
      time - current.startTime >= configuration.longPressDuration
    else { return .unchanged }
    current.longPressed = true
    press = current
    return .longPressed(current.link)
  }
}

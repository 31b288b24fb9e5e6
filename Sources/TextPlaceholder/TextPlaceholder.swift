public import Foundation
public import TextInputCore
import TextLayout
import TextMetrics

/// A placeholder for a multi-line text view, as an editor behaviour: it
/// publishes a `PlaceholderPresentation` (visibility, frame, text, colour,
/// font, alpha, accessibility value) and begins editing when an empty view
/// is tapped. It replaces a `UITextView` category that adds a label, watches
/// notifications and KVO, and needs every delegate method forwarded by hand.
///
/// **Visibility.** The placeholder shows exactly when the text is empty and
/// no marked (IME) text is composing, whatever changed the text: typing,
/// deleting, undo, `setText(_:)` (the category's `text` setter) or a behaviour.
///
/// **Frame** (points, view coordinates). The category places its label at
/// `x = textContainer.lineFragmentPadding + textContainerInset.left (+ location.x)`,
/// `y = textContainerInset.top (+ location.y)`; this extends that formula. With
/// `content` = bounds less the content inset, `container` = `content` less the
/// text container inset (negative insets count as 0, and insets larger than
/// the rect leave an empty rect at its far edge, so the placeholder never
/// leaves the bounds), `p` = the line fragment padding (at most half
/// the container's width), and `location` applied only when valid (see
/// `PlaceholderStyle.location`):
///
/// - `x = container.minX + p + location.x` (a right-resolved alignment, that
///   is RTL `natural` or `right`, measures `location.x` from the right: `x =
///   container.minX + p`);
/// - `y = container.minY + location.y`;
/// - `width = container.width − 2p − location.x` (the padding on both sides);
/// - `height` = the placeholder laid out by TextLayout in that width, at most
///   `numberOfLines` lines, clipped to the container's height below `y`.
///
/// The placeholder is laid out with the text view's alignment and direction,
/// so the caret of the empty text view is where its first glyph starts
/// (natural alignment, text in the view's direction, no location).
///
/// **Modes.** Static hides at once; bouncy slides to the trailing edge with a
/// damped spring (about 0.6 s) and fades out (0.2 s) while the abbreviated
/// placeholder fades in there (and out again while the typed text would
/// overlap it); floating shrinks the placeholder into a title above the text.
/// Each animation is a `PlaceholderTimeline`: the presentation at time `t` is
/// a pure function of `t` and of when the changes happened, read from `clock`.
/// A change midway reverses from where the animation is, without a jump.
///
/// **Cost.** The placeholder is laid out when it is installed and when the
/// font, geometry, alignment, direction or style change: O(n) in its length.
/// A text change costs O(1), except in bouncy mode with an abbreviation, where
/// the typed text's lines down to the abbreviation's bottom are laid out to
/// test the overlap: O(p) in the length of the paragraphs on them.
///
/// ```swift
/// var editor = Editor(
///   geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 40, height: 20)),
///   behaviours: [TextPlaceholder("Write a message…")])
/// editor.placeholder?.frame      // {{5, 8}, {30, 1}}: padding 5, inset 8, 40 − 2 × 5 wide
/// editor.insert("Hi")
/// editor.placeholder?.isVisible  // false
/// ```
public struct TextPlaceholder: EditorBehaviour {
  public var id: String { Self.pluginID }

  /// The placeholder's settings. Change them with `setStyle(_:in:)` (or
  /// `Editor.updatePlaceholder(_:)`), which updates the layout.
  public private(set) var style: PlaceholderStyle
  /// Where the time comes from.
  public let clock: PlaceholderClock

  /// The slide (bouncy) or float (floating) progress: 0 at rest as a
  /// placeholder, 1 moved away.
  var motion = PlaceholderTimeline.resting(at: 0)
  /// The placeholder's fade (bouncy): 0 shown, 1 faded out.
  var fade = PlaceholderTimeline.resting(at: 0)
  /// The abbreviation's opacity (bouncy).
  var abbreviationAlpha = PlaceholderTimeline.resting(at: 0)
  /// Whether the typed text overlaps the abbreviation, as of the last change.
  var abbreviationOverlapped = false
  /// The geometry for the last state seen, or nil before installation.
  var metrics: PlaceholderMetrics?

  /// A placeholder with `style`, reading time from `clock`.
  public init(style: PlaceholderStyle, clock: PlaceholderClock = .system) {
    self.style = style
    self.clock = clock
  }

  /// A placeholder showing `text` in `mode` (grey, the text view's font).
  public init(
    _ text: String, mode: PlaceholderMode = .static, abbreviated: String = "",
    clock: PlaceholderClock = .system
  ) {
    self.init(
      style: PlaceholderStyle(text: text, mode: mode, abbreviated: abbreviated), clock: clock)
  }

  // MARK: Events

  public mutating func didReceive(
    _ event: EditorEvent, in editor: EditorState, actions: inout BehaviourActions
  ) {
    switch event {
    case .installed:
      refresh(in: editor)
      settle(in: editor)
      return
    case .tapped:
      // The category's tap gesture: a tap the view takes (the editor reports
      // only those: in its bounds or its hit region) begins editing when empty.
      if editor.utf16.isEmpty, !editor.isEditing {
        actions.beginEditing()
      }
      return
    case .fontChanged, .geometryChanged, .alignmentChanged, .layoutDirectionChanged:
      refresh(in: editor)
    case .textChanged:
      // Only the text moves the typed lines against the abbreviation.
      abbreviationOverlapped = metrics?.abbreviationOverlaps(editor) ?? false
    case .markedTextChanged, .selectionChanged, .editingBegan, .editingEnded:
      break
    }
    retarget(in: editor)
  }

  /// Replaces the style and lays the placeholder out again for `editor`. A
  /// new mode starts at rest; otherwise animations in flight continue.
  ///
  /// - Complexity: O(n) in the length of the placeholder.
  public mutating func setStyle(_ style: PlaceholderStyle, in editor: EditorState) {
    let modeChanged = style.mode != self.style.mode
    self.style = style
    refresh(in: editor)
    if modeChanged { settle(in: editor) } else { retarget(in: editor) }
  }

  // MARK: Presentation

  public func presentation(in editor: EditorState) -> [any PresentationValue] {
    [placeholder(in: editor, at: clock.now())]
  }

  /// The presentation at `time` (seconds on `clock`): a pure function of the
  /// time, the state and the changes seen so far. Times before the last
  /// change show the state the change started from.
  ///
  /// - Complexity: O(1) with the layout cached for `editor`'s geometry, font,
  ///   alignment and direction; O(n) in the placeholder's length otherwise.
  public func placeholder(in editor: EditorState, at time: TimeInterval)
    -> PlaceholderPresentation
  {
    let metrics =
      self.metrics.flatMap { $0.key == MetricsKey(editor) ? $0 : nil }
      ?? PlaceholderMetrics(state: editor, style: style)
    let visible = Self.isShowing(in: editor)
    let motion = CGFloat(self.motion.value(at: time))
    let fade = CGFloat(self.fade.value(at: time))
    let layer = metrics.layer(mode: style.mode, motion: motion, fade: fade, visible: visible)
    var abbreviation: PlaceholderAbbreviation?
    if style.mode == .bouncy, let layout = metrics.abbreviationLayout {
      let frame = metrics.abbreviationFrame
      abbreviation = PlaceholderAbbreviation(
        text: style.abbreviated, layout: layout,
        layer: PlaceholderLayer(
          frame: frame, layoutOrigin: frame.origin,
          alpha: CGFloat(min(max(abbreviationAlpha.value(at: time), 0), 1))),
        isOverlapped: abbreviationOverlapped)
    }
    let animating =
      self.motion.isAnimating(at: time) || self.fade.isAnimating(at: time)
      || abbreviationAlpha.isAnimating(at: time)
    return PlaceholderPresentation(
      time: time, mode: style.mode, isVisible: visible, text: style.shownText,
      runs: style.attributed?.runs ?? [], font: metrics.font, color: style.color,
      layout: metrics.layout, restFrame: metrics.restFrame,
      titleFrame: style.mode == .floating ? metrics.titleFrame : nil, placeholder: layer,
      abbreviation: abbreviation,
      typedText: editor.utf16, isAnimating: animating)
  }

  /// Whether a placeholder shows as a placeholder in `editor`: its text is
  /// empty and no marked text is composing.
  public static func isShowing(in editor: EditorState) -> Bool {
    editor.utf16.isEmpty && editor.markedRange == nil
  }

  // MARK: Internals

  /// Lays the placeholder out again for `editor`.
  mutating func refresh(in editor: EditorState) {
    metrics = PlaceholderMetrics(state: editor, style: style)
    abbreviationOverlapped = metrics?.abbreviationOverlaps(editor) ?? false
  }

  /// Puts every timeline at rest in the state `editor` calls for.
  mutating func settle(in editor: EditorState) {
    let targets = self.targets(in: editor)
    motion = .resting(at: targets.motion)
    fade = .resting(at: targets.fade)
    abbreviationAlpha = .resting(at: targets.abbreviation)
  }

  /// Starts a timeline toward each target that changed, from where the old
  /// one is now.
  mutating func retarget(in editor: EditorState) {
    let targets = self.targets(in: editor)
    let now = clock.now()
    let animation = style.animation
    let spring = PlaceholderTimeline.Curve.spring(
      dampingRatio: style.mode == .floating
        ? animation.clampedFloatDamping : animation.clampedBounceDamping,
      duration: animation.clampedSpringDuration)
    let fadeCurve = PlaceholderTimeline.Curve.fade(duration: animation.clampedFadeDuration)
    motion = Self.continued(motion, to: targets.motion, at: now, curve: spring)
    fade = Self.continued(fade, to: targets.fade, at: now, curve: fadeCurve)
    abbreviationAlpha = Self.continued(
      abbreviationAlpha, to: targets.abbreviation, at: now, curve: fadeCurve)
  }

  /// The rest values for `editor`: motion, fade and abbreviation alpha.
  func targets(in editor: EditorState) -> (motion: Double, fade: Double, abbreviation: Double) {
    let away: Double = Self.isShowing(in: editor) ? 0 : 1
    switch style.mode {
    case .static:
      return (0, 0, 0)
    case .bouncy:
      let shown = away == 1 && metrics?.abbreviationLayout != nil && !abbreviationOverlapped
      return (away, away, shown ? 1 : 0)
    case .floating:
      return (away, 0, 0)
    }
  }

  /// `timeline` if it already heads for `target`, else a new one from its
  /// value and velocity at `now`.
  static func continued(
    _ timeline: PlaceholderTimeline, to target: Double, at now: TimeInterval,
    curve: PlaceholderTimeline.Curve
  ) -> PlaceholderTimeline {
    guard timeline.target != target else { return timeline }
    let state = timeline.state(at: now)
    return PlaceholderTimeline(
      start: now, from: state.value, velocity: state.velocity, target: target, curve: curve)
  }
}

public import Foundation
public import TextInputCore

/// The `links` plugin's editor behaviour: it keeps an editor's links in sync
/// with its text, lays them out in the text container, and turns taps and
/// presses into link activations while the view is not editing.
///
/// - **Edits**: ranges move with edits, and only the paragraphs an edit
///   touched are detected again (see `LinkTracker`).
/// - **Layout**: the links are laid out in the editor's one layout
///   (`EditorState.layout`, the displayed text as drawn), in the view's
///   coordinates (the text container's origin added): `layout(in:)` is a view
///   over that frame, built in O(1), whose rects and hit tests are computed
///   when asked. The behaviour lays out nothing itself.
/// - **Interaction**: links are interactive while the editor is not editing.
///   Then a tap on a link (`Editor.tap(at:)`) activates it and asks for
///   nothing else — in particular not to begin editing — and press events
///   (`Editor.pressLink(_:)`) run a `LinkPressGesture`. While links are
///   interactive, `LinkInteractionPolicy` says: no selection, no edit menu, no
///   magnifier.
/// - **Presentation**: one `LinkPresentation` with the links, their rects,
///   the pressed link and its highlight, the policy and the accessibility
///   elements.
public struct EditorLinks: EditorBehaviour {
  /// The plugin's id: `links`.
  public static let pluginID = "links"

  public var id: String { Self.pluginID }

  /// The detector (built once, reused for every edit); change it with
  /// `setDetector(_:in:)`.
  public private(set) var detector: LinkDetector
  /// The press machine and its durations and distances (its `tolerance`, in
  /// line heights of the editor's font, is also the tap tolerance).
  public private(set) var press: LinkPressGesture
  /// The highlight drawn over a pressed link's rects.
  public var highlightColor: Color
  /// The token `truncatedText(in:maximumNumberOfLines:)` ends cut text with.
  public var truncationToken: TruncationToken

  /// The links of the current text, sorted, non-overlapping (UTF-16 code units).
  public var links: [Link] { tracker.links }
  private var tracker = LinkTracker(detector: LinkDetector(), utf16: [])
  /// The link the last tap or press activated (tap or long press), or nil.
  public private(set) var activatedLink: Link?
  /// The range (UTF-16 code units of the new text) the last edit detected
  /// again: the paragraphs it touched.
  public var lastDetectedRange: NSRange? { tracker.lastDetectedRange }

  /// Creates the behaviour.
  public init(
    detector: LinkDetector = LinkDetector(),
    press: LinkPressGesture.Configuration = .init(),
    highlightColor: Color = EditorLinks.defaultHighlightColor,
    truncationToken: TruncationToken = .more
  ) {
    self.detector = detector
    self.press = LinkPressGesture(configuration: press)
    self.highlightColor = highlightColor
    self.truncationToken = truncationToken
  }

  /// iOS's link blue at 20 % opacity: `#007AFF33`.
  public static let defaultHighlightColor = Color(red: 0, green: 0x7A, blue: 0xFF, alpha: 0x33)

  // MARK: Events

  public mutating func didInstall(in editor: EditorState, actions: inout BehaviourActions) {
    tracker = LinkTracker(detector: detector, utf16: editor.utf16)
    tracker.normalize(in: NSRange(location: 0, length: editor.utf16Count), widen: editor.widened)
    tracker.keepOrdinals()
  }

  public mutating func didChangeText(
    _ change: TextChange, in editor: EditorState, actions: inout BehaviourActions
  ) {
    tracker.replaceCharacters(
      in: change.range, replacementLength: change.newRange.length, newText: editor.utf16)
    if let detected = tracker.lastDetectedRange {
      tracker.normalize(in: detected, widen: editor.widened)
    }
  }

  public mutating func didBeginEditing(in editor: EditorState, actions: inout BehaviourActions) {
    // Editing makes links non-interactive: a press in progress ends.
    _ = press.handle(.cancelled(at: .nan), in: layout(in: editor))
  }

  /// A tap while not editing: the link it hits is activated.
  public mutating func didTap(
    at point: CGPoint, in editor: EditorState, actions: inout BehaviourActions
  ) {
    let layout = layout(in: editor)
    guard !editor.isEditing,
      let hit = layout.hit(at: point, tolerance: press.configuration.tolerance(in: layout)),
      links.indices.contains(hit.linkIndex), editor.isDrawnAsTyped(links[hit.linkIndex].range)
    else { return }
    activatedLink = links[hit.linkIndex]
    actions.open(links[hit.linkIndex].target.string)
  }

  /// The links laid out in `editor`'s one layout (`EditorState.layout`), in
  /// the view's coordinates. The layout is of the displayed text, so its
  /// links' ranges are displayed offsets (`EditorState.displayMap`); link
  /// `i` of it is `links[i]`, whose range is in the typed text.
  ///
  /// - Complexity: O(1) when no display substitution changes the text's
  ///   length, else O(log k) to map each link's range through the map's k
  ///   pieces when it is read; rects and hit tests are computed when asked.
  public func layout(in editor: EditorState) -> LinkLayout {
    LinkLayout(
      frame: editor.layout, links: displayedLinks(in: editor),
      origin: editor.geometry.textContainerRect.origin)
  }

  /// `links` with their ranges in the displayed text (`EditorState.displayMap`),
  /// each mapped when read.
  private func displayedLinks(in editor: EditorState) -> DisplayedLinks {
    let map = editor.displayMap
    return DisplayedLinks(typed: links, map: map.isOneToOne ? nil : map)
  }

  /// Feeds a press event (points in view coordinates, seconds). While the
  /// editor is editing, links are not interactive: the event is not claimed;
  /// nor is a press on a link another behaviour draws substituted (a
  /// password's mask). A tap or long press sets `activatedLink`; through
  /// `handlePointer(_:in:actions:)` or `didTap(at:in:actions:)` it also asks
  /// the host to open the link (`BehaviourActions.open(_:)`).
  ///
  /// - Complexity: one hit test, O(log r) in the rects.
  public mutating func handle(_ event: LinkPressGesture.Event, in editor: EditorState)
    -> LinkPressGesture.Outcome
  {
    guard !editor.isEditing else {
      if case .down = event { return .notClaimed }
      return .unchanged
    }
    let layout = layout(in: editor)
    let outcome = press.handle(event, in: layout)
    if case .pressed(let index) = outcome, case .down(_, let time) = event,
      links.indices.contains(index), !editor.isDrawnAsTyped(links[index].range)
    {
      // A masked link is text: the press is not the link's.
      _ = press.handle(.cancelled(at: time), in: layout)
      return .notClaimed
    }
    switch outcome {
    case .tapped(let index), .longPressed(let index):
      if links.indices.contains(index) { activatedLink = links[index] }
    default: break
    }
    return outcome
  }

  /// A pointer event, as a press event (`handle(_:in:)`): claimed when it
  /// presses a link or belongs to a press on one. While the editor is
  /// editing nothing is claimed, so a renderer places the caret.
  ///
  /// - Complexity: one hit test, O(log r) in the rects.
  public mutating func handlePointer(
    _ event: PointerEvent, in editor: EditorState, actions: inout BehaviourActions
  ) -> Bool {
    let pressing = press.highlightedLinkIndex != nil
    switch handle(event, in: editor) {
    case .notClaimed: return false
    case .unchanged: return pressing
    case .pressed, .cancelled: return true
    case .tapped, .longPressed:
      // The host is asked to open it (`Editor.takeOpenRequests()`).
      if let link = activatedLink { actions.open(link.target.string) }
      return true
    }
  }

  /// Uses `detector` from now on: the links of the editor's text are detected
  /// again with it (call through `Editor.modifyBehaviour(_:_:)`).
  ///
  /// - Complexity: a detection of the whole text.
  public mutating func setDetector(_ detector: LinkDetector, in editor: EditorState) {
    self.detector = detector
    tracker = LinkTracker(detector: detector, utf16: editor.utf16)
    tracker.normalize(in: NSRange(location: 0, length: editor.utf16Count), widen: editor.widened)
    tracker.keepOrdinals()
  }

  /// Forgets the last activation (after the host opened it).
  public mutating func clearActivation() { activatedLink = nil }

  // MARK: Presentation

  /// One `LinkPresentation`: a view over the editor's layout.
  ///
  /// - Complexity: O(1) (plus the pressed link's rects).
  public func presentation(in editor: EditorState) -> [any PresentationValue] {
    let layout = layout(in: editor)
    let interactive = !editor.isEditing && !layout.linkView.isEmpty
    let pressed = interactive ? press.highlightedLinkIndex : nil
    var presentation = LinkPresentation(
      layout: layout, pressedLinkIndex: pressed,
      highlightRects: pressed.map { layout.rects(ofLink: $0) } ?? [],
      highlightColor: highlightColor,
      policy: LinkInteractionPolicy(linksAreInteractive: interactive),
      tolerance: press.configuration.tolerance(in: layout))
    presentation.hyperlinks = tracker.ordinals
    return [presentation]
  }

  /// The editor's text as drawn (its displayed text) laid out with at most
  /// `maximumNumberOfLines` lines and ending with `truncationToken` when cut
  /// (for a non-editing, line-limited view), in view coordinates: a layout of
  /// its own, since the limit and the token change the lines.
  ///
  /// - Complexity: as `TruncatedLinkText.init`.
  public func truncatedText(in editor: EditorState, maximumNumberOfLines: Int) -> TruncatedLinkText
  {
    let frame = editor.layout
    return TruncatedLinkText(
      utf16: frame.utf16.array, links: displayedLinks(in: editor).array,
      container: TextContainer(
        width: frame.container.width, maximumNumberOfLines: maximumNumberOfLines,
        lineFragmentPadding: frame.container.lineFragmentPadding),
      style: frame.style, token: truncationToken,
      origin: editor.geometry.textContainerRect.origin)
  }

}

extension Editor {
  /// Feeds a press event to the `links` behaviour (see
  /// `EditorLinks.handle(_:in:)`); nil when it is not installed.
  public mutating func pressLink(_ event: LinkPressGesture.Event) -> LinkPressGesture.Outcome? {
    modifyBehaviour(EditorLinks.self) { links, state in links.handle(event, in: state) }
  }

  /// The `links` behaviour's presentation, or nil when it is not installed.
  public var linkPresentation: LinkPresentation? { presentation[LinkPresentation.self] }
}

/// What the `links` behaviour publishes for a renderer: a view over the
/// editor's one layout. Building it costs O(1); the rects are computed from
/// that layout when asked, so every rect lies on the text as drawn.
///
/// A renderer that draws only some lines asks for the links on them
/// (`layout.linkIndices(onLines:)`) and their rects (`rects(ofLink:)`).
public struct LinkPresentation: PresentationValue {
  /// The links laid out in the editor's layout, in view coordinates.
  public var layout: LinkLayout
  /// The links, in text order, as laid out: their ranges are UTF-16 code
  /// units of the displayed text (`EditorState.displayMap` maps them to the
  /// typed text's; they are the same unless a display substitution changes
  /// the text's length).
  public var links: [Link] { layout.links }
  /// Each link's rects, in the view's coordinates (points).
  ///
  /// - Complexity: O(Σ p) over the lines that show a link: computed on each call.
  public var rects: [[CGRect]] { layout.rectsByLink }
  /// Link `index`'s rects, in the view's coordinates (points).
  ///
  /// - Complexity: O(p) per line the link shows on.
  public func rects(ofLink index: Int) -> [CGRect] { layout.rects(ofLink: index) }
  /// The link a tap at `point` (view coordinates, points) activates, with the
  /// behaviour's tolerance: what `Editor.tap(at:)` does while not editing.
  public func hit(at point: CGPoint) -> LinkHit? { layout.hit(at: point, tolerance: tolerance) }
  /// The tap tolerance, in points (the behaviour's line-height fraction
  /// times the font's line height).
  public var tolerance: CGFloat
  /// The links' hyperlink ids as the behaviour keeps them (nil for a value
  /// made by `init`: then they are counted when drawn).
  var hyperlinks: LinkOrdinals?
  /// The link being pressed (an index into `links`), or nil.
  public var pressedLinkIndex: Int?
  /// The rects to fill with `highlightColor`: the pressed link's.
  public var highlightRects: [CGRect]
  /// The highlight's colour.
  public var highlightColor: Color
  /// What the view allows while links are interactive.
  public var policy: LinkInteractionPolicy
  /// The accessibility elements.
  ///
  /// - Complexity: O(Σ p) over the lines that show a link: computed on each call.
  public var accessibility: LinkAccessibility {
    LinkAccessibility(layout: layout, utf16: layout.frame.utf16)
  }

  /// Creates the value.
  public init(
    layout: LinkLayout, pressedLinkIndex: Int?, highlightRects: [CGRect], highlightColor: Color,
    policy: LinkInteractionPolicy, tolerance: CGFloat
  ) {
    self.layout = layout
    self.pressedLinkIndex = pressedLinkIndex
    self.highlightRects = highlightRects
    self.highlightColor = highlightColor
    self.policy = policy
    self.tolerance = tolerance
  }
}

/// What a view with interactive links allows: while links are interactive
/// (the view shows links and is not editing), no selection, no edit menu and
/// no magnifier, so a press on a link is only a press on a link.
public struct LinkInteractionPolicy: Hashable, Sendable {
  /// Whether taps and presses go to links.
  public var linksAreInteractive: Bool
  /// Whether text may be selected.
  public var allowsSelection: Bool { !linksAreInteractive }
  /// Whether the edit menu may show.
  public var showsEditMenu: Bool { !linksAreInteractive }
  /// Whether the magnifier may show.
  public var showsMagnifier: Bool { !linksAreInteractive }

  /// Creates a policy.
  public init(linksAreInteractive: Bool) {
    self.linksAreInteractive = linksAreInteractive
  }
}

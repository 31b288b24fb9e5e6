public import Foundation
public import TextMetrics

/// A text input's state and commands, with a chain of behaviours that review
/// every user edit and are told of every change: the logic of a `UITextView`
/// or `UITextField` without the view.
///
/// Offsets are **UTF-16 code units** (as `NSRange` in UIKit). The selection and
/// the marked range always lie within the text and on grapheme cluster
/// boundaries: a range a caller passes is clamped to the text (a location of
/// `NSNotFound` or past the end goes to the end; negative values to 0) and
/// widened to cluster boundaries, never trapped on. Only marked text whose
/// ranges are outside the text is refused, with an `EditorError`.
///
/// Commands do not require `isEditing`: a host routes keys to the focused
/// editor. Typing (and IME composition), backward deletes and forward deletes
/// each coalesce into one undo step until the selection moves, editing begins
/// or ends, or `breakUndoCoalescing()` is called, as a text view does.
///
/// The type is split by concern: this file holds its state and behaviours;
/// `Editor+Commands.swift` the commands a text view's user and host send;
/// `Editor+Chain.swift` how edits pass the behaviour chain and how
/// behaviours' follow-ups are carried out; `Editor+Undo.swift` undo grouping.
///
/// ```swift
/// var editor = Editor(text: "Hi 👋🏽")
/// editor.deleteBackward()              // "Hi " — the whole emoji, 4 code units
/// editor.insert("there")               // "Hi there", caret at 8
/// editor.move(.backward(.word), extending: true)  // selection {3, 5}
/// editor.undo()                        // "Hi ", caret at 3 (the typing)
/// editor.undo()                        // "Hi 👋🏽", caret at 7 (the delete)
/// ```
public struct Editor: Sendable {
  /// The state behaviours and renderers read.
  public internal(set) var state: EditorState
  /// The behaviour chain, in the order edits pass through it.
  public internal(set) var behaviours: [any EditorBehaviour] = []

  var undoStack: [UndoGroup] = []
  var redoStack: [UndoGroup] = []
  /// The kind of the undo group new edits may join, or nil when it is closed.
  var openGroup: CoalescingKind?
  /// The fixed end of the selection when extending it.
  var anchor: Int
  /// The text whose layout is out of date until the next `updateLayout()`.
  var pendingLayout: PendingLayout?
  /// The x (text container points) that up and down moves keep, while they
  /// follow each other.
  var goalX: CGFloat?

  /// Where the view takes taps, relative to its bounds (an enlarged hit area,
  /// as HitAreas' `HitArea`), or nil for the bounds themselves. It is explicit
  /// geometry in the view's points, which are the font's units (with
  /// `CellFont.terminal`, one point is one cell): there is no implicit
  /// tolerance around it. `tap(at:)`
  /// reports only taps in it, so a tap in an enlarged area begins editing as
  /// one in the bounds does.
  public var hitRegion: (any HitRegion)?

  /// The URIs behaviours asked the host to open (`BehaviourActions.open(_:)`:
  /// a link tapped or pressed), oldest first, until `takeOpenRequests()`.
  public internal(set) var openRequests: [String] = []

  /// The last change made to the text: its kind, the range it replaced and
  /// the range of the new text (UTF-16 code units), as behaviours were told
  /// (`EditorEvent.textChanged`); nil before the first. With
  /// `state.revision`, what a caller reads to learn what a command did
  /// without comparing texts.
  public internal(set) var lastChange: TextChange?

  /// How many follow-up requests were dropped because they came from
  /// notifications nested deeper than `followUpDepthLimit` (see there).
  public internal(set) var droppedFollowUpCount = 0

  /// Creates an editor with the caret at the end of `text` and `behaviours`
  /// installed in order (each is told `didInstall`). Without `geometry` (a
  /// view of zero width), each paragraph is laid out on one line of
  /// unbounded width, so `move(.lineStart)` goes to the paragraph's start.
  public init(
    text: String = "",
    font: any FontMetrics = CellFont.terminal,
    geometry: ViewGeometry = ViewGeometry(),
    alignment: TextAlignment = .natural,
    layoutDirection: LayoutDirection = .leftToRight,
    isEditing: Bool = false,
    behaviours: [any EditorBehaviour] = []
  ) {
    state = EditorState(
      text: text, isEditing: isEditing, alignment: alignment, layoutDirection: layoutDirection,
      font: font, geometry: geometry)
    anchor = state.selection.location
    for behaviour in behaviours { install(behaviour) }
  }

  // MARK: - Reading

  /// The text. O(n): decoded on each call; `state.utf16` is O(1).
  public var text: String { state.text }
  /// The selection, UTF-16 code units.
  public var selection: NSRange { state.selection }
  /// The marked (IME) range, UTF-16 code units, or nil.
  public var markedRange: NSRange? { state.markedRange }
  /// Whether the editor is first responder.
  public var isEditing: Bool { state.isEditing }
  /// Whether there is an undo step.
  public var canUndo: Bool { !undoStack.isEmpty }
  /// Whether there is a redo step.
  public var canRedo: Bool { !redoStack.isEmpty }

  /// What the behaviours publish for a renderer, in chain order, for the
  /// current state and its one layout (`layout()`).
  ///
  /// The values are views over that layout: building them costs O(1) per
  /// behaviour (the standard behaviours), and geometry over many ranges, such
  /// as every link's rects, is computed when a renderer asks for it. Read it
  /// afresh after each change; holding it across an edit makes the edit copy
  /// the layout.
  ///
  /// - Complexity: O(b) in the behaviours, plus what each computes.
  public var presentation: Presentation {
    Presentation(behaviours.flatMap { $0.presentation(in: state) })
  }

  /// Whether an installed behaviour keeps the text secret
  /// (`EditorBehaviour.masksText`, as `SecureEntry` does while it masks):
  /// word moves and word deletes then go to the paragraph's start or end,
  /// and a host should refuse copy and cut (UIKit does for a secure field)
  /// and keep the text out of logs and error messages.
  ///
  /// - Complexity: O(b) in the behaviours.
  public var isSecureTextEntry: Bool { behaviours.contains { $0.masksText } }

  /// The first installed behaviour of type `B` (a copy, with its state).
  public func behaviour<B: EditorBehaviour>(_ type: B.Type) -> B? {
    for behaviour in behaviours {
      if let match = behaviour as? B { return match }
    }
    return nil
  }

  // MARK: - Behaviours

  /// Appends `behaviour` to the chain and tells it `didInstall`.
  public mutating func install(_ behaviour: any EditorBehaviour) {
    behaviours.append(behaviour)
    if behaviour.substitutesDisplay { relayoutAll() }
    notify(.installed, only: behaviours.count - 1, context: .command)
  }

  /// Changes the first installed behaviour of type `B` in place: `body`
  /// gets it and the current state (a placeholder's text is set this way).
  /// No event is sent; a behaviour that caches values derived from its
  /// settings updates them in `body`. When the behaviour substitutes display
  /// text (before or after), the text is laid out afresh.
  ///
  /// ```swift
  /// editor.modifyBehaviour(Counter.self) { counter, _ in counter.limit = 10 }
  /// ```
  ///
  /// - Returns: what `body` returns, or nil when no behaviour of type `B` is
  ///   installed (`body` is not called).
  /// - Complexity: O(b) in the number of behaviours, plus `body`.
  @discardableResult
  public mutating func modifyBehaviour<B: EditorBehaviour, R>(
    _ type: B.Type, _ body: (inout B, EditorState) throws -> R
  ) rethrows -> R? {
    guard let index = behaviours.firstIndex(where: { $0 is B }),
      var behaviour = behaviours[index] as? B
    else { return nil }
    let substituted = behaviour.substitutesDisplay
    let result = try body(&behaviour, state)
    behaviours[index] = behaviour
    if substituted || behaviour.substitutesDisplay { relayoutAll() }
    return result
  }
}

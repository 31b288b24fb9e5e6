public import Foundation
public import TextMetrics

/// One link of an editor's behaviour chain: it reviews every user edit before
/// it happens, is told of every change after it happens, and publishes values
/// for a renderer.
///
/// Every requirement has a default that passes through (accept, do nothing,
/// publish nothing), so a behaviour implements only what it cares about, and a
/// new event added to this protocol never needs forwarding code in existing
/// behaviours: the fix for the hand-written delegate forwarding a UIKit
/// placeholder category needs.
///
/// A behaviour is a value stored in its editor, so its state is per editor;
/// read it back with `Editor.behaviour(_:)`. It is told of changes in the
/// order the chain lists behaviours; it sees the state after the change
/// (`editor`) and what changed (`TextChange` holds the replaced text).
///
/// ```swift
/// struct Uppercase: EditorBehaviour {
///   func review(_ edit: TextEdit, in editor: EditorState) -> EditDecision {
///     var edit = edit
///     edit.replacement = edit.replacement.uppercased()
///     return .rewrite(edit)
///   }
/// }
/// ```
public protocol EditorBehaviour: Sendable {
  /// A name for the behaviour: its plugin id for a plugin's behaviour. The
  /// default is the type's name.
  var id: String { get }

  /// Decides on a user edit (typing, deletes, replace, marked text) before it
  /// happens: accept, reject, or rewrite it. Later behaviours see the rewrite.
  /// Undo, redo, programmatic text and follow-up edits are not reviewed.
  ///
  /// Runs before the edit and must not assume it will happen (a later
  /// behaviour may reject it): keep state changes for `didChangeText`.
  func review(_ edit: TextEdit, in editor: EditorState) -> EditDecision

  /// Every event, first: the default calls the specific method below. Implement
  /// it to see all events in one place (a logger, a recorder).
  mutating func didReceive(
    _ event: EditorEvent, in editor: EditorState, actions: inout BehaviourActions)

  /// The behaviour was installed in an editor (`Editor.install(_:)` or `init`).
  mutating func didInstall(in editor: EditorState, actions: inout BehaviourActions)
  /// The text changed: a user edit, undo, redo, programmatic text or a follow-up.
  mutating func didChangeText(
    _ change: TextChange, in editor: EditorState, actions: inout BehaviourActions)
  /// The selection changed without a text change (`select`, caret moves).
  mutating func didChangeSelection(
    from old: NSRange, in editor: EditorState, actions: inout BehaviourActions)
  /// The marked range changed (set, replaced, committed: `editor.markedRange` is nil).
  mutating func didChangeMarkedText(
    from old: NSRange?, in editor: EditorState, actions: inout BehaviourActions)
  /// The editor became first responder.
  mutating func didBeginEditing(in editor: EditorState, actions: inout BehaviourActions)
  /// The editor resigned first responder (marked text was committed first).
  mutating func didEndEditing(in editor: EditorState, actions: inout BehaviourActions)
  /// The font changed.
  mutating func didChangeFont(
    from old: any FontMetrics, in editor: EditorState, actions: inout BehaviourActions)
  /// The view geometry changed (bounds, insets, padding).
  mutating func didChangeGeometry(
    from old: ViewGeometry, in editor: EditorState, actions: inout BehaviourActions)
  /// The text alignment changed.
  mutating func didChangeAlignment(
    from old: TextAlignment, in editor: EditorState, actions: inout BehaviourActions)
  /// The layout direction changed.
  mutating func didChangeLayoutDirection(
    from old: LayoutDirection, in editor: EditorState, actions: inout BehaviourActions)
  /// The view was tapped at `point` (points, in the view's coordinates).
  mutating func didTap(
    at point: CGPoint, in editor: EditorState, actions: inout BehaviourActions)

  /// Offers a pointer event (`Editor.handlePointer(_:)`): return true to
  /// claim it, when it begins or continues a press of this behaviour's own
  /// (a press on a link); later behaviours are then not offered it, and a
  /// renderer does not place the caret for it. The default claims nothing.
  ///
  /// Follow-up requests in `actions` are carried out after it, as after any
  /// event.
  mutating func handlePointer(
    _ event: PointerEvent, in editor: EditorState, actions: inout BehaviourActions
  ) -> Bool

  /// The values this behaviour wants a renderer to draw, for the current
  /// state. `editor.layout` is the one layout of the displayed text: take
  /// every rect from it (never lay the text out again), and keep this cheap —
  /// a renderer may read the presentation on every frame. Values that hold
  /// geometry for many ranges (links) compute it when asked.
  func presentation(in editor: EditorState) -> [any PresentationValue]

  /// Whether this behaviour keeps the typed text secret (a password mask,
  /// as `SecureEntry` while it masks): the editor then tells nothing of it
  /// through its commands — a word move or a word delete goes to the
  /// paragraph's start or end (`Editor.isSecureTextEntry`). The default is
  /// false.
  var masksText: Bool { get }

  /// Whether this behaviour draws some of the text substituted
  /// (`displaySubstitution(inParagraphs:of:)`). The default is false; the
  /// editor asks only behaviours that say true, and lays the text out afresh
  /// when such a behaviour is installed or changed.
  var substitutesDisplay: Bool { get }

  /// Whether this behaviour's display substitution draws each grapheme
  /// cluster by itself: what it draws for a cluster depends only on that
  /// cluster (SecureEntry's mask). The default is false. When every
  /// substituting behaviour says true, the editor asks them, after an edit,
  /// for the clusters the edit re-segmented only (the range given to
  /// `displaySubstitution(inParagraphs:of:)` is then whole clusters, not
  /// whole paragraphs), so a keystroke in a long masked paragraph costs the
  /// edit, not the paragraph.
  var substitutesClusterByCluster: Bool { get }

  /// The ranges of the whole paragraphs `paragraphs` (UTF-16 code units of
  /// `editor.utf16`, from a paragraph's start to just past a hard line break
  /// or the end) to draw substituted, or nil. It is asked for the paragraphs
  /// each change touched (the text, or the marked range), and for the whole
  /// text after a font, geometry, alignment or direction change, so the answer
  /// must depend only on those paragraphs and the editor's settings. It is
  /// asked while the layout is being brought up to date: `editor.layout` and
  /// `editor.displayMap` agree with each other and with the text's
  /// paragraphs, but the edited part may be drawn as typed (and while the
  /// text is laid out afresh, both are empty). Ranges outside `paragraphs`
  /// are ignored; no range may cover a hard line break.
  ///
  /// - Complexity: should be O(p) in the length of the paragraphs.
  func displaySubstitution(inParagraphs paragraphs: NSRange, of editor: EditorState)
    -> DisplaySubstitution?
}

/// An event the editor tells its behaviours of (see `EditorBehaviour`).
public enum EditorEvent: Sendable {
  /// The behaviour was installed.
  case installed
  /// The text changed.
  case textChanged(TextChange)
  /// The selection changed without a text change; the old selection.
  case selectionChanged(from: NSRange)
  /// The marked range changed; the old one.
  case markedTextChanged(from: NSRange?)
  /// Editing began.
  case editingBegan
  /// Editing ended.
  case editingEnded
  /// The font changed; the old one.
  case fontChanged(from: any FontMetrics)
  /// The geometry changed; the old one.
  case geometryChanged(from: ViewGeometry)
  /// The alignment changed; the old one.
  case alignmentChanged(from: TextAlignment)
  /// The layout direction changed; the old one.
  case layoutDirectionChanged(from: LayoutDirection)
  /// A tap at a point (points).
  case tapped(CGPoint)
}

extension EditorBehaviour {
  public var id: String { String(describing: Self.self) }

  public func review(_ edit: TextEdit, in editor: EditorState) -> EditDecision { .accept }

  public mutating func didReceive(
    _ event: EditorEvent, in editor: EditorState, actions: inout BehaviourActions
  ) {
    switch event {
    case .installed: didInstall(in: editor, actions: &actions)
    case .textChanged(let change): didChangeText(change, in: editor, actions: &actions)
    case .selectionChanged(let old): didChangeSelection(from: old, in: editor, actions: &actions)
    case .markedTextChanged(let old):
      didChangeMarkedText(from: old, in: editor, actions: &actions)
    case .editingBegan: didBeginEditing(in: editor, actions: &actions)
    case .editingEnded: didEndEditing(in: editor, actions: &actions)
    case .fontChanged(let old): didChangeFont(from: old, in: editor, actions: &actions)
    case .geometryChanged(let old): didChangeGeometry(from: old, in: editor, actions: &actions)
    case .alignmentChanged(let old): didChangeAlignment(from: old, in: editor, actions: &actions)
    case .layoutDirectionChanged(let old):
      didChangeLayoutDirection(from: old, in: editor, actions: &actions)
    case .tapped(let point): didTap(at: point, in: editor, actions: &actions)
    }
  }

  public mutating func didInstall(in editor: EditorState, actions: inout BehaviourActions) {}
  public mutating func didChangeText(
    _ change: TextChange, in editor: EditorState, actions: inout BehaviourActions
  ) {}
  public mutating func didChangeSelection(
    from old: NSRange, in editor: EditorState, actions: inout BehaviourActions
  ) {}
  public mutating func didChangeMarkedText(
    from old: NSRange?, in editor: EditorState, actions: inout BehaviourActions
  ) {}
  public mutating func didBeginEditing(in editor: EditorState, actions: inout BehaviourActions) {}
  public mutating func didEndEditing(in editor: EditorState, actions: inout BehaviourActions) {}
  public mutating func didChangeFont(
    from old: any FontMetrics, in editor: EditorState, actions: inout BehaviourActions
  ) {}
  public mutating func didChangeGeometry(
    from old: ViewGeometry, in editor: EditorState, actions: inout BehaviourActions
  ) {}
  public mutating func didChangeAlignment(
    from old: TextAlignment, in editor: EditorState, actions: inout BehaviourActions
  ) {}
  public mutating func didChangeLayoutDirection(
    from old: LayoutDirection, in editor: EditorState, actions: inout BehaviourActions
  ) {}
  public mutating func didTap(
    at point: CGPoint, in editor: EditorState, actions: inout BehaviourActions
  ) {}

  public mutating func handlePointer(
    _ event: PointerEvent, in editor: EditorState, actions: inout BehaviourActions
  ) -> Bool { false }

  public func presentation(in editor: EditorState) -> [any PresentationValue] { [] }

  public var substitutesDisplay: Bool { false }

  public var substitutesClusterByCluster: Bool { false }

  public var masksText: Bool { false }

  public func displaySubstitution(inParagraphs paragraphs: NSRange, of editor: EditorState)
    -> DisplaySubstitution?
  { nil }
}

/// What a behaviour asks the editor to do after an event: follow-up edits,
/// a selection, beginning or ending editing. The editor performs them in
/// order once every behaviour has been told of the event.
///
/// A follow-up edit is not reviewed; it joins the undo group of the edit that
/// caused it (or of the composition whose commit caused it), is not undoable after `setText(_:)` (like the text it follows),
/// and forms an undo group of its own otherwise. Follow-up edits asked for
/// while an undo or redo is replayed are dropped, so redo stays exact. Chains
/// of follow-ups stop after 8 rounds.
public struct BehaviourActions: Sendable {
  /// One request.
  public enum Action: Hashable, Sendable {
    /// Replace a range (UTF-16 code units, in the current text).
    case edit(TextEdit)
    /// Select a range (UTF-16 code units), as `Editor.select(_:)`.
    case select(NSRange)
    /// Begin editing, as `Editor.beginEditing()`.
    case beginEditing
    /// End editing, as `Editor.endEditing()`.
    case endEditing
    /// Ask the host to open a URI (a link pressed or tapped): the editor
    /// queues it for `Editor.takeOpenRequests()`.
    case open(String)
  }

  /// The requests so far, in order.
  public private(set) var requests: [Action] = []
  /// The id of the behaviour being told (recorded in follow-up edits' kind).
  var behaviourID = ""

  init() {}

  /// Asks for `range` (UTF-16, current text) to be replaced by `replacement`,
  /// then `selection` (nil keeps the selection, shifted past the edit).
  public mutating func edit(
    _ range: NSRange, with replacement: String, selection: NSRange? = nil
  ) {
    var edit = TextEdit(
      kind: .behaviour(behaviourID), range: range, replacement: replacement,
      selection: selection)
    edit.kind = .behaviour(behaviourID)
    requests.append(.edit(edit))
  }

  /// Asks for `range` (UTF-16 code units) to be selected.
  public mutating func select(_ range: NSRange) { requests.append(.select(range)) }

  /// Asks the editor to begin editing (become first responder).
  public mutating func beginEditing() { requests.append(.beginEditing) }

  /// Asks the editor to end editing.
  public mutating func endEditing() { requests.append(.endEditing) }

  /// Asks the host to open `uri` (a link the user tapped or pressed); the
  /// editor queues it until the host takes it (`Editor.takeOpenRequests()`).
  public mutating func open(_ uri: String) { requests.append(.open(uri)) }
}

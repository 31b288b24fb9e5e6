public import Foundation
public import TextInputCore

/// What the mouse does to an editor drawn by `TerminalEditorRenderer`: the
/// one place a terminal program turns SGR mouse events into editing.
///
/// - A left press is first offered to the behaviours
///   (`Editor.handlePointer(_:)`): a press on a link, while the view is not
///   editing, runs the link's press gesture (tap, long press, cancel), and
///   the rest of that press (drags, the release) goes to the same behaviour.
/// - Otherwise, when the press lands where the view takes touches — its
///   `hitRegion` (a `HitArea` grows it past the bounds, so an enlarged
///   target receives the click) or its bounds — the editor is told of the
///   tap (`Editor.tap(at:)`), begins editing, and the caret goes to the
///   grapheme boundary the clicked cell shows, in visual order
///   (`TerminalEditorRenderer.Drawn.offset(row:column:in:)`; a cell outside
///   the bounds counts as the nearest cell inside them). A drag selects from
///   there.
/// - A press outside the view's hit region ends editing, as a click outside
///   a text field resigns it; links then become interactive.
///
/// Cells are the terminal's, **1-based** as SGR reports them; `origin` is
/// the **0-based** cell the view's top-left corner is drawn at, as given to
/// `TerminalEditorRenderer.draw(_:into:at:theme:)`. Times are seconds.
///
/// ```swift
/// var router = TerminalMouseRouter()
/// let mouse = TerminalMouseEvent(kind: .press, button: .left, column: 3, row: 1)
/// router.handle(mouse, at: 0, editor: &editor, origin: TerminalPosition(row: 0, column: 0))
/// ```
public struct TerminalMouseRouter: Sendable {
  /// What an event did.
  public enum Outcome: Hashable, Sendable {
    /// A behaviour (its id) took the event: a press on a link, or the rest
    /// of one.
    case claimed(String)
    /// The caret was put at this offset (UTF-16 code units).
    case caretPlaced(Int)
    /// A drag selected this range (UTF-16 code units).
    case selected(NSRange)
    /// A press outside the view's hit region: editing ended (if it was on).
    case outside
    /// Nothing happened (another button, a release, a wheel step, motion
    /// with no press of ours, or a press in a view that does not edit).
    case ignored
  }

  /// Whether a press in the view that no behaviour claims begins editing
  /// and places the caret (a text field; the default). False for a view
  /// that only shows text (a page of links): such a press is ignored, and a
  /// press outside does not end editing.
  public var beginsEditing: Bool

  /// The behaviour that claimed the press in progress, if any.
  public private(set) var claimedBy: String?
  /// Where a drag that selects started (UTF-16 code units), if one does.
  /// When the selection changed since the router last set it (an edit or a
  /// key in the middle of a drag), the next drag starts from the
  /// selection's start instead, so that it never selects past the text.
  public private(set) var anchor: Int?
  /// The selection the router last set, to see whether anything else moved it.
  private var selectionSet: NSRange?

  /// Creates a router with no press in progress.
  public init(beginsEditing: Bool = true) {
    self.beginsEditing = beginsEditing
  }

  /// Applies one mouse event, `time` seconds on the program's clock, to
  /// `editor` drawn at `origin` with its text scrolled `horizontalScroll`
  /// points to the left (a single-line field's sideways scroll).
  ///
  /// - Complexity: a layout query (O(log n) in the lines plus the clicked
  ///   line's clusters) and one offer to each behaviour.
  @discardableResult
  public mutating func handle(
    _ mouse: TerminalMouseEvent, at time: TimeInterval, editor: inout Editor,
    origin: TerminalPosition, horizontalScroll: CGFloat = 0
  ) -> Outcome {
    let placement = TerminalEditorRenderer.placement(
      of: editor, at: origin, horizontalScroll: horizontalScroll)
    let point = placement.viewPoint(row: mouse.row - 1, column: mouse.column - 1)
    switch mouse.kind {
    case .press where mouse.button == .left:
      anchor = nil
      selectionSet = nil
      claimedBy = nil
      if let id = editor.handlePointer(.down(point, at: time)) {
        claimedBy = id
        return .claimed(id)
      }
      guard editor.acceptsTap(at: point) else {
        guard beginsEditing else { return .ignored }
        editor.endEditing()
        return .outside
      }
      editor.tap(at: point)
      guard beginsEditing,
        let offset = Self.offset(of: mouse, in: editor, placement: placement)
      else { return .ignored }
      if !editor.state.isEditing { editor.beginEditing() }
      editor.select(NSRange(location: offset, length: 0))
      anchor = offset
      selectionSet = editor.state.selection
      return .caretPlaced(offset)
    case .drag:
      if let id = claimedBy {
        editor.handlePointer(.moved(point, at: time))
        return .claimed(id)
      }
      guard var anchor, let offset = Self.offset(of: mouse, in: editor, placement: placement)
      else { return .ignored }
      let current = editor.state.selection
      if current != selectionSet, anchor != current.location, anchor != NSMaxRange(current) {
        anchor = current.location
        self.anchor = anchor
      }
      editor.select(NSRange(location: min(anchor, offset), length: abs(offset - anchor)))
      selectionSet = editor.state.selection
      return .selected(editor.state.selection)
    case .release:
      anchor = nil
      guard let id = claimedBy else { return .ignored }
      claimedBy = nil
      editor.handlePointer(.up(point, at: time))
      return .claimed(id)
    default:
      return .ignored
    }
  }

  /// Tells the behaviour holding a press that time passed (for a long
  /// press while the mouse does not move); `time` in seconds.
  ///
  /// - Returns: the claiming behaviour's id, or nil when no press is held.
  @discardableResult
  public mutating func tick(at time: TimeInterval, editor: inout Editor) -> String? {
    guard claimedBy != nil else { return nil }
    return editor.handlePointer(.tick(at: time))
  }

  /// The offset the cell of `mouse` shows, the cell first moved to the
  /// nearest cell inside the view; nil for a view with no cells.
  static func offset(
    of mouse: TerminalMouseEvent, in editor: Editor, placement: TerminalEditorRenderer.Drawn
  ) -> Int? {
    let bounds = editor.state.geometry.bounds
    let rows = TerminalEditorRenderer.cells(bounds.height)
    let columns = TerminalEditorRenderer.cells(bounds.width)
    guard rows > 0, columns > 0 else { return nil }
    let origin = placement.origin
    let row = min(max(mouse.row - 1, origin.row), origin.row + rows - 1)
    let column = min(max(mouse.column - 1, origin.column), origin.column + columns - 1)
    return placement.offset(row: row, column: column, in: editor)
  }
}

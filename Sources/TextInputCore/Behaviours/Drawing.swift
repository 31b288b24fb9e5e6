public import Foundation
public import TextInputBase
public import TextLayout

/// What a drawn thing is, so that a renderer can style it in its own way
/// (a terminal underlines a link and greys a placeholder; a test names them).
public enum DrawingRole: String, Hashable, Sendable, CaseIterable {
  /// A link in the text.
  case link
  /// The link being pressed.
  case pressedLink
  /// A highlight behind text (the pressed link's rects).
  case highlight
  /// A placeholder, its abbreviation or its floating title.
  case placeholder
  /// A message about the text, such as a validation error or a character
  /// count, drawn beside or below it (a terminal draws it red).
  case message
  /// A feature's own role: renderers draw it as plain text.
  case other
}

/// One thing a behaviour asks a renderer to draw, in a vocabulary small
/// enough for any renderer (a terminal's cells, a test's grid, a
/// platform's view) and needing no feature module to read.
///
/// Ranges are **UTF-16 code units** of the editor's typed text
/// (`Editor.text`; a renderer draws them through `EditorState.displayMap`,
/// on the displayed text); rects and points
/// are **points** in the view's coordinates (origin top-left, y down), as
/// every presentation value gives them.
public enum DrawingPrimitive: Sendable {
  /// The clusters of `range` drawn in the style of `role` (a link's
  /// underline, a pressed link's reverse video).
  case styledRange(NSRange, role: DrawingRole)
  /// `rect` filled with `color` behind the text.
  case filledRect(CGRect, color: Color, role: DrawingRole)
  /// The clusters of `range` are a hyperlink to `uri`. `id` and `uri`
  /// together are the link's identity (as OSC 8 terminals read them): equal
  /// for the pieces of one link, so a link wrapped over two lines is one
  /// link, and distinct between two links to the same `uri`. Keep an id
  /// stable while the text around the link changes, so a renderer that
  /// draws only what changed does not redraw the link.
  case hyperlink(NSRange, uri: String, id: Int)
  /// Text that is not the editor's, such as a placeholder, laid out and
  /// placed (see `OverlayText`).
  case overlayText(OverlayText)
}

/// Where a renderer that cannot scale text keeps a shrunk overlay: the
/// edge (or centre) of the scaled line that stays where it is.
public enum OverlayAnchor: String, Hashable, Sendable {
  case left, center, right
}

/// Text drawn over the view that is not the editor's text (see
/// `DrawingPrimitive.overlayText`).
public struct OverlayText: Sendable {
  /// The text laid out, in its own coordinates.
  public var frame: TextFrame
  /// Where the frame's top-left corner is drawn, in view points.
  public var origin: CGPoint
  /// The rect to clip to, in view points.
  public var clip: CGRect
  /// The opacity, 0 … 1.
  public var alpha: CGFloat
  /// The scale about `origin`, 1 at rest.
  public var scale: CGFloat
  /// The edge kept by a renderer that draws a scaled line unscaled.
  public var anchor: OverlayAnchor
  /// The text's colour, or nil for the renderer's colour for `role`.
  public var color: Color?
  /// What the text is.
  public var role: DrawingRole

  /// Creates overlay text.
  public init(
    frame: TextFrame, origin: CGPoint, clip: CGRect, alpha: CGFloat = 1, scale: CGFloat = 1,
    anchor: OverlayAnchor = .left, color: Color? = nil, role: DrawingRole
  ) {
    self.frame = frame
    self.origin = origin
    self.clip = clip
    self.alpha = alpha
    self.scale = scale
    self.anchor = anchor
    self.color = color
    self.role = role
  }
}

/// A presentation value that says how to draw itself in `DrawingPrimitive`s,
/// so that a renderer draws every behaviour without importing its module:
///
/// ```swift
/// for case let value as any DrawablePresentation in editor.presentation.values {
///   for primitive in value.drawingPrimitives(in: editor.state) { draw(primitive) }
/// }
/// ```
public protocol DrawablePresentation: PresentationValue {
  /// The primitives that draw this value for `editor`'s state, in drawing
  /// order (later ones on top).
  func drawingPrimitives(in editor: EditorState) -> [DrawingPrimitive]

  /// The primitives a renderer that shows only the text of `visibleRange`
  /// (UTF-16 code units; the lines in its viewport) needs: those of
  /// `drawingPrimitives(in:)` that can touch it, built without the others.
  /// The default returns them all; a value with many ranges (links)
  /// builds only the ones that meet the range.
  func drawingPrimitives(in editor: EditorState, visibleRange: NSRange) -> [DrawingPrimitive]
}

extension DrawablePresentation {
  /// All of `drawingPrimitives(in:)`.
  ///
  /// - Complexity: as `drawingPrimitives(in:)`.
  public func drawingPrimitives(in editor: EditorState, visibleRange: NSRange)
    -> [DrawingPrimitive]
  {
    drawingPrimitives(in: editor)
  }
}

extension Presentation {
  /// The primitives of every `DrawablePresentation` value, in chain order,
  /// for a renderer that shows only the text of `visibleRange` (UTF-16
  /// code units): see `DrawablePresentation.drawingPrimitives(in:visibleRange:)`.
  ///
  /// - Complexity: O(n) in the number of values, plus each value's own.
  public func drawingPrimitives(in editor: EditorState, visibleRange: NSRange)
    -> [DrawingPrimitive]
  {
    values.flatMap { value -> [DrawingPrimitive] in
      (value as? any DrawablePresentation)?.drawingPrimitives(
        in: editor, visibleRange: visibleRange) ?? []
    }
  }

  /// The primitives of every `DrawablePresentation` value, in chain order.
  ///
  /// - Complexity: O(n) in the number of values, plus each value's own.
  public func drawingPrimitives(in editor: EditorState) -> [DrawingPrimitive] {
    values.flatMap { value -> [DrawingPrimitive] in
      (value as? any DrawablePresentation)?.drawingPrimitives(in: editor) ?? []
    }
  }
}

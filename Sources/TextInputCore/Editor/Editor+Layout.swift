public import Foundation

extension TextFrame {
  /// The editor's text laid out in its text container, as the text view shows
  /// it: at the width of `geometry.textContainerRect` with the geometry's line
  /// fragment padding, in the editor's font, with the editor's alignment and
  /// layout direction (see `LayoutStyle.init(font:fontRuns:alignment:layoutDirection:lineBreakMode:)`
  /// for how `natural` resolves).
  ///
  /// The frame's coordinates are the text container's: add
  /// `editor.geometry.textContainerRect.origin` for the view's (points).
  ///
  /// - Parameters:
  ///   - editor: The editor's state.
  ///   - displayed: The text as drawn (`Editor.displayedUTF16`), when it is
  ///     not the editor's text; it must have the same length (otherwise the
  ///     editor's text is laid out).
  ///   - maximumNumberOfLines: The most lines laid out (0 for all), for a
  ///     caller that needs only the first lines.
  /// - Complexity: O(n) in the length of the text.
  public init(editor: EditorState, displayed: [UInt16]? = nil, maximumNumberOfLines: Int = 0) {
    let units = displayed.flatMap { $0.count == editor.utf16Count ? $0 : nil } ?? editor.utf16
    self.init(
      utf16: units,
      container: TextContainer(
        width: editor.geometry.textContainerRect.width,
        maximumNumberOfLines: maximumNumberOfLines,
        lineFragmentPadding: editor.geometry.lineFragmentPadding),
      style: LayoutStyle(
        font: editor.font, alignment: editor.alignment, layoutDirection: editor.layoutDirection))
  }
}

extension Editor {
  /// The text as drawn (`displayedText`) laid out in its text container, as
  /// a renderer draws it. Its coordinates are the text container's;
  /// `textContainerOrigin` converts.
  ///
  /// - Complexity: O(n) in the length of the text.
  public func layout() -> TextFrame {
    TextFrame(editor: state, displayed: displayedUTF16)
  }

  /// Where the text container's origin is in the view (points): add it to a
  /// point or rect of `layout()` to get view coordinates.
  public var textContainerOrigin: CGPoint {
    state.geometry.textContainerRect.origin
  }
}

public import TextInputCore

extension SubstitutedSpaces: DrawablePresentation {
  /// Each substituted range as a styled range (`.substitutedSpace`): the
  /// spaces are in the displayed text as U+00A0 already, so they take room
  /// and the caret moves over them; a renderer may also show them.
  ///
  /// - Complexity: O(n) in the number of ranges.
  public func drawingPrimitives(in editor: EditorState) -> [DrawingPrimitive] {
    ranges.map { .styledRange($0, role: .substitutedSpace) }
  }
}

public import TextInputCore

extension Editor {
  /// The installed placeholder's presentation now, or nil without a
  /// `TextPlaceholder`.
  ///
  /// - Complexity: O(b) in the number of behaviours, plus the presentation.
  public var placeholder: PlaceholderPresentation? {
    guard let behaviour = behaviour(TextPlaceholder.self) else { return nil }
    return behaviour.placeholder(in: state, at: behaviour.clock.now())
  }

  /// Changes the installed placeholder's style (the category's settable
  /// properties: text, colour, attributed text, location, …) and lays it out
  /// again.
  ///
  /// ```swift
  /// editor.updatePlaceholder { $0.text = "Add a caption" }
  /// ```
  ///
  /// - Returns: false when no `TextPlaceholder` is installed.
  /// - Complexity: O(n) in the length of the placeholder.
  @discardableResult
  public mutating func updatePlaceholder(_ change: (inout PlaceholderStyle) -> Void) -> Bool {
    let done: Bool? = modifyBehaviour(TextPlaceholder.self) { placeholder, state in
      var style = placeholder.style
      change(&style)
      placeholder.setStyle(style, in: state)
      return true
    }
    return done ?? false
  }
}

/// A change to a style: each attribute given replaces the style's.
public struct TerminalStyleChange: Hashable, Sendable {
  public var foreground: TerminalColor?
  public var background: TerminalColor?
  public var bold: Bool?
  public var dim: Bool?
  public var underline: Bool?
  public var reverse: Bool?

  /// Creates a change; attributes not given are kept.
  public init(
    foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool? = nil,
    dim: Bool? = nil, underline: Bool? = nil, reverse: Bool? = nil
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.reverse = reverse
  }

  /// No change.
  public static let none = TerminalStyleChange()

  /// Applies the change to `style`.
  public func apply(to style: inout TerminalStyle) {
    if let foreground { style.foreground = foreground }
    if let background { style.background = background }
    if let bold { style.bold = bold }
    if let dim { style.dim = dim }
    if let underline { style.underline = underline }
    if let reverse { style.reverse = reverse }
  }
}

/// How `TerminalEditorRenderer` styles what it draws: the text, the
/// editor's selection and marked text, and each `DrawingRole`.
public struct TerminalTheme: Hashable, Sendable {
  /// The text and the view's blank cells.
  public var text: TerminalStyle
  /// The selected clusters (default: reverse video).
  public var selection: TerminalStyleChange
  /// Marked (IME) text (default: underlined).
  public var markedText: TerminalStyleChange
  /// Links (default: underlined).
  public var link: TerminalStyleChange
  /// The pressed link (default: reverse video).
  public var pressedLink: TerminalStyleChange
  /// The placeholder, abbreviation and floating title (default: grey).
  public var placeholder: TerminalStyleChange
  /// Messages about the text: a validation message, a character count
  /// (default: red).
  public var message: TerminalStyleChange
  /// The marks a scrolled single-line field shows where text is hidden
  /// (`TerminalTextField.hiddenTextMarks`; default: dim).
  public var scrollMark: TerminalStyleChange
  /// Highlight rects; nil to use the primitive's colour as the background.
  public var highlight: TerminalStyleChange?
  /// Written before each hyperlink's id, so that several views on one
  /// screen have distinct ids.
  public var hyperlinkIDPrefix: String

  /// Creates a theme; the defaults are `standard`'s.
  public init(
    text: TerminalStyle = .plain,
    selection: TerminalStyleChange = TerminalStyleChange(reverse: true),
    markedText: TerminalStyleChange = TerminalStyleChange(underline: true),
    link: TerminalStyleChange = TerminalStyleChange(underline: true),
    pressedLink: TerminalStyleChange = TerminalStyleChange(reverse: true),
    placeholder: TerminalStyleChange = TerminalStyleChange(foreground: .grey),
    highlight: TerminalStyleChange? = nil,
    message: TerminalStyleChange = TerminalStyleChange(foreground: .ansi(1)),
    hyperlinkIDPrefix: String = "t",
    scrollMark: TerminalStyleChange = TerminalStyleChange(dim: true)
  ) {
    self.text = text
    self.selection = selection
    self.markedText = markedText
    self.link = link
    self.pressedLink = pressedLink
    self.placeholder = placeholder
    self.highlight = highlight
    self.message = message
    self.hyperlinkIDPrefix = hyperlinkIDPrefix
    self.scrollMark = scrollMark
  }

  /// Plain text; selection and the pressed link in reverse video; links and
  /// marked text underlined; the placeholder grey; messages red; the marks
  /// of hidden text dim.
  public static let standard = TerminalTheme()

  /// The change for `role`.
  public func change(for role: DrawingRole) -> TerminalStyleChange {
    switch role {
    case .link: return link
    case .pressedLink: return pressedLink
    case .placeholder: return placeholder
    case .highlight: return highlight ?? .none
    case .message: return message
    case .other: return .none
    }
  }
}

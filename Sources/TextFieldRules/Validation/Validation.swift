public import Foundation
import TextInputBase
public import TextInputCore

/// What a validator says of a text: valid, or invalid with a message for the
/// user.
public enum ValidationResult: Hashable, Sendable {
  /// The text is valid.
  case valid
  /// The text is invalid; the message says why (drawn as given, control
  /// characters made visible by a terminal renderer).
  case invalid(String)

  /// Whether the result is `valid`.
  public var isValid: Bool { self == .valid }

  /// The message of an `invalid` result, or nil.
  public var message: String? {
    if case .invalid(let message) = self { return message }
    return nil
  }
}

/// Validation with a message, as an editor behaviour: a validator runs on
/// the text after each change (`.whileEditing`) or when editing ends
/// (`.onEndEditing`), and the behaviour publishes a `ValidationStatus` that
/// a renderer draws (the message on the view's last line) without importing
/// this module.
///
/// The validator never changes the text or refuses an edit (a rule that
/// should, such as a character limit, is a behaviour of its own: see
/// `CharacterLimit`). While IME composition is in progress the text is not
/// validated: it is when the composition is committed.
///
/// ```swift
/// var editor = Editor(behaviours: [Validation(Validation.nonEmpty("Required"))])
/// editor.behaviour(Validation.self)?.result  // .invalid("Required")
/// editor.insert("a")
/// editor.behaviour(Validation.self)?.result  // .valid
/// ```
///
/// - Complexity: each validation costs what the validator does on the
///   whole text, usually O(n): validating while editing is O(n) per
///   keystroke, like any rule on the whole text.
public struct Validation: EditorBehaviour {
  /// A function from the text to a result. It must be pure: it runs on every
  /// change (or end of editing) and may run on any thread.
  public typealias Validator = @Sendable (String) -> ValidationResult

  /// When the text is validated.
  public enum Timing: String, Hashable, Sendable, CaseIterable {
    /// On installation and after every change of the text (marked text
    /// aside, see `Validation`).
    case whileEditing
    /// When editing ends (`Editor.endEditing()`); the result stays until
    /// editing ends again, and is `nil` before the first time.
    case onEndEditing
  }

  /// The validator.
  public let validator: Validator
  /// When the text is validated.
  public let timing: Timing
  /// The last result, or nil when the text was not validated yet.
  public private(set) var result: ValidationResult?

  public var id: String { Self.pluginID }

  /// Creates the behaviour.
  public init(_ validator: @escaping Validator, timing: Timing = .whileEditing) {
    self.validator = validator
    self.timing = timing
  }

  public mutating func didInstall(in editor: EditorState, actions: inout BehaviourActions) {
    if timing == .whileEditing, !editor.hasMarkedText { result = validator(editor.text) }
  }

  public mutating func didChangeText(
    _ change: TextChange, in editor: EditorState, actions: inout BehaviourActions
  ) {
    if timing == .whileEditing, !editor.hasMarkedText { result = validator(editor.text) }
  }

  public mutating func didChangeMarkedText(
    from old: NSRange?, in editor: EditorState, actions: inout BehaviourActions
  ) {
    if timing == .whileEditing, !editor.hasMarkedText { result = validator(editor.text) }
  }

  public mutating func didEndEditing(in editor: EditorState, actions: inout BehaviourActions) {
    if timing == .onEndEditing { result = validator(editor.text) }
  }

  /// The `ValidationStatus`, once the text was validated.
  ///
  /// - Complexity: O(1).
  public func presentation(in editor: EditorState) -> [any PresentationValue] {
    guard let result else { return [] }
    return [ValidationStatus(result: result)]
  }
}

extension Validation {
  /// A validator that refuses an empty text (or one of white space and line
  /// breaks only) with `message`.
  ///
  /// - Complexity: the validator is O(n) in the text's length.
  public static func nonEmpty(_ message: String) -> Validator {
    { text in
      text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
        ? .invalid(message) : .valid
    }
  }

  /// A validator that accepts a text `predicate` holds for, and refuses
  /// others with `message`.
  public static func predicate(
    _ message: String, _ predicate: @escaping @Sendable (String) -> Bool
  ) -> Validator {
    { text in predicate(text) ? .valid : .invalid(message) }
  }

  /// A validator that accepts a text the regular expression `pattern` (Swift
  /// `Regex` syntax) matches whole, and refuses others with `message`. An
  /// empty text is checked like any other (`^[0-9]*$` accepts it).
  ///
  /// - Throws: `TextFieldRulesError.invalidPattern` naming the pattern when
  ///   it is not a regular expression.
  /// - Complexity: the pattern is compiled once, here; the validator matches
  ///   in O(n) for most patterns (a backtracking pattern can cost more).
  public static func matching(_ pattern: String, message: String) throws(TextFieldRulesError)
    -> Validator
  {
    predicate(message, try wholeMatch(pattern))
  }

  /// Whether a text matches `pattern` whole: the pattern compiled once, and
  /// the compiled `Regex` (not `Sendable`) used under a lock, so the matcher
  /// can run on any thread.
  ///
  /// - Throws: `TextFieldRulesError.invalidPattern` naming the pattern when
  ///   it is not a regular expression.
  static func wholeMatch(_ pattern: String) throws(TextFieldRulesError)
    -> @Sendable (String) -> Bool
  {
    let regex: Regex<AnyRegexOutput>
    do {
      regex = try Regex(pattern)
    } catch {
      throw .invalidPattern(pattern, reason: String(describing: error))
    }
    let compiled = Locked(regex)
    return { text in compiled.withLock { (try? $0.wholeMatch(in: text)) != nil } }
  }
}

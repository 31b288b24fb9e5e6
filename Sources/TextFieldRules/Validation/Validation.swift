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
/// A validator is given the text as a `String` (`init(_:timing:)`), decoded
/// for it on each validation, or as the editor's UTF-16 code units
/// (`utf16(timing:_:)`), read in place: a rule that need not read the
/// whole text, as `required(_:timing:)`, then costs what it reads.
///
/// - Complexity: each validation costs what the validator does, plus O(n)
///   to decode the text for a `String` validator: validating while editing
///   is O(n) per keystroke for a rule on the whole text.
public struct Validation: EditorBehaviour {
  /// A function from the text to a result. It must be pure: it runs on every
  /// change (or end of editing) and may run on any thread.
  public typealias Validator = @Sendable (String) -> ValidationResult

  /// A function from the text's UTF-16 code units (the editor's own buffer,
  /// not a copy) to a result. It must be pure: it runs on every change (or
  /// end of editing) and may run on any thread.
  public typealias UTF16Validator = @Sendable (UTF16Buffer) -> ValidationResult

  /// What the behaviour calls: a validator of the decoded text, or of the
  /// code units.
  private enum Check: Sendable {
    case text(Validator)
    case utf16(UTF16Validator)
  }

  /// When the text is validated.
  public enum Timing: String, Hashable, Sendable, CaseIterable {
    /// On installation and after every change of the text (marked text
    /// aside, see `Validation`).
    case whileEditing
    /// When editing ends (`Editor.endEditing()`); the result stays until
    /// editing ends again, and is `nil` before the first time.
    case onEndEditing
  }

  /// The validator, as a function of the text (for a `UTF16Validator`,
  /// one that gives the text's code units to it).
  public var validator: Validator {
    switch check {
    case .text(let validator): validator
    case .utf16(let validator): { text in validator(UTF16Buffer(Array(text.utf16))) }
    }
  }
  /// What validating calls.
  private let check: Check
  /// When the text is validated.
  public let timing: Timing
  /// The last result, or nil when the text was not validated yet.
  public private(set) var result: ValidationResult?

  public var id: String { Self.pluginID }

  /// Creates the behaviour with a validator of the text, decoded for it on
  /// each validation (O(n) in the text's length).
  public init(_ validator: @escaping Validator, timing: Timing = .whileEditing) {
    self.init(check: .text(validator), timing: timing)
  }

  /// Creates the behaviour with a validator of the text's UTF-16 code units,
  /// read in place: each validation costs what the validator reads.
  ///
  /// ```swift
  /// // At most 80 code units, checked without decoding the text.
  /// let short = Validation.utf16 { units in
  ///   units.count <= 80 ? .valid : .invalid("At most 80")
  /// }
  /// ```
  public static func utf16(
    timing: Timing = .whileEditing, _ validator: @escaping UTF16Validator
  ) -> Validation {
    Validation(check: .utf16(validator), timing: timing)
  }

  private init(check: Check, timing: Timing) {
    self.check = check
    self.timing = timing
  }

  /// Runs the validator on the editor's text.
  private func validate(_ editor: EditorState) -> ValidationResult {
    switch check {
    case .text(let validator): validator(editor.text)
    case .utf16(let validator): validator(editor.utf16)
    }
  }

  public mutating func didInstall(in editor: EditorState, actions: inout BehaviourActions) {
    if timing == .whileEditing, !editor.hasMarkedText { result = validate(editor) }
  }

  public mutating func didChangeText(
    _ change: TextChange, in editor: EditorState, actions: inout BehaviourActions
  ) {
    if timing == .whileEditing, !editor.hasMarkedText { result = validate(editor) }
  }

  public mutating func didChangeMarkedText(
    from old: NSRange?, in editor: EditorState, actions: inout BehaviourActions
  ) {
    if timing == .whileEditing, !editor.hasMarkedText { result = validate(editor) }
  }

  public mutating func didEndEditing(in editor: EditorState, actions: inout BehaviourActions) {
    if timing == .onEndEditing { result = validate(editor) }
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
  /// - Complexity: the validator is O(n) in the text's length, as is
  ///   decoding the text for it; `required(_:timing:)` refuses the same
  ///   texts reading only what it needs.
  public static func nonEmpty(_ message: String) -> Validator {
    { text in
      text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
        ? .invalid(message) : .valid
    }
  }

  /// The behaviour that refuses an empty text (or one of white space and
  /// line breaks only) with `message`, as `nonEmpty(_:)` does, reading the
  /// code units only up to the first that is not white space.
  ///
  /// ```swift
  /// var editor = Editor(behaviours: [Validation.required("Required")])
  /// editor.behaviour(Validation.self)?.result  // .invalid("Required")
  /// ```
  ///
  /// - Complexity: each validation is O(k), k the code units before the
  ///   first that is not white space: O(1) for most texts, O(n) for a blank
  ///   one.
  public static func required(_ message: String, timing: Timing = .whileEditing) -> Validation {
    utf16(timing: timing) { units in isBlank(units) ? .invalid(message) : .valid }
  }

  /// Whether `units` hold white space and line breaks only (Unicode
  /// White_Space; none is outside the BMP, so a surrogate is not one).
  ///
  /// - Complexity: O(k), k the units before the first that is not white space.
  static func isBlank(_ units: UTF16Buffer) -> Bool {
    for unit in units {
      guard !UTF16.isSurrogate(unit), let scalar = Unicode.Scalar(unit),
        scalar.properties.isWhitespace
      else { return false }
    }
    return true
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

import Foundation
import TextFieldRules

do {
  let limit = try CharacterLimit(limit: 3)
  var field = Editor(behaviours: [
    SecureEntry(), limit, Validation(Validation.nonEmpty("Required")),
  ])
  field.insert("e\u{301}xyz")
  guard field.text == "e\u{301}xy", field.displayedText == "•••",
    field.presentation[ValidationStatus.self]?.isValid == true
  else {
    print(
      "TextFieldRules alone: \(field.text.debugDescription) \(field.displayedText.debugDescription)"
    )
    exit(1)
  }
  print("TextFieldRules alone: ok")
} catch {
  print("TextFieldRules alone: \(error)")
  exit(1)
}

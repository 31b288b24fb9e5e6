import Foundation
import Testing

@testable import Samples

/// `JSONSyntax`, which places a JSON error by line and column, agrees with
/// Foundation's parser on what is valid.
@Suite("Samples: JSONSyntax")
struct JSONSyntaxTests {
  static let documents = [
    #"{"id": "w", "frame": "{{0, 0}, {9, 9}}", "subviews": [{"id": "b", "alpha": 0.5}]}"#,
    #"[1, -0, 0.25, -1.5e-3, 2E+10, true, false, null, "a\"b\\c\/\b\f\n\r\t\u00e9\uD83D\uDE00"]"#,
    #" { "nested" : [ [ [ {} ] ] , { "k" : { } } ] } "#,
    #""just a string""#,
    "42",
    "{\"é\": \"日本\", \"emoji\": \"👍🏽\"}\n",
  ]

  /// Whether Foundation's parser accepts `bytes` as one JSON value.
  static func foundationAccepts(_ bytes: [UInt8]) -> Bool {
    (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
  }

  @Test("Valid documents have no problem", arguments: documents)
  func valid(document: String) {
    #expect(JSONSyntax.firstProblem(in: Array(document.utf8)) == nil)
  }

  @Test(
    "Every prefix and every one-byte deletion: valid exactly when Foundation says so",
    arguments: documents)
  func agreesWithFoundation(document: String) {
    let bytes = Array(document.utf8)
    var variants = (0..<bytes.count).map { Array(bytes[..<$0]) }
    variants += bytes.indices.map { index in
      var copy = bytes
      copy.remove(at: index)
      return copy
    }
    for variant in variants where String(validating: variant, as: UTF8.self) != nil {
      let text = String(decoding: variant, as: UTF8.self)
      #expect(
        (JSONSyntax.firstProblem(in: variant) == nil) == Self.foundationAccepts(variant),
        "\(text.debugDescription)")
    }
  }

  @Test(
    "Line and column count lines from 1 and characters (not bytes) from 1",
    arguments: [
      ("{\"a\": 1,\n  \"b\" 2}", 2, 7),
      ("[\"日本\" x]", 1, 7),
      ("", 1, 1),
      ("[1,\r\n 2,\n\n  ]", 4, 3),
    ])
  func position(json: String, line: Int, column: Int) throws {
    let bytes = Array(json.utf8)
    let problem = try #require(JSONSyntax.firstProblem(in: bytes))
    let position = JSONSyntax.position(of: problem.offset, in: bytes)
    #expect(position.line == line && position.column == column)
  }
}

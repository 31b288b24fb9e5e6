import Testing
import TextMetrics
import UnicodeTestSupport

@Suite("The Unicode test files: which copy the tests read")
struct UnicodeDataTests {
  @Test(
    "A file's header gives its version as UnicodeVersions spells it",
    arguments: [
      ("# GraphemeBreakTest-15.0.0.txt\n# Date: 2022", "15.0"),
      ("# LineBreakTest-15.1.0.txt", "15.1"),
      ("# emoji-test.txt\n# Date: 2022\n# Version: 15.0", "15.0"),
      ("# emoji-test.txt\n# nothing else", nil),
      ("no header", nil),
    ] as [(String, String?)])
  func versionOfHeader(header: String, expected: String?) {
    let lines = header.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(UnicodeData.version(of: lines) == expected)
  }

  @Test("The repository's own set is found for the linked ICU's Unicode version")
  func vendoredSetIsFound() throws {
    for file in [
      "auxiliary/GraphemeBreakTest.txt", "auxiliary/WordBreakTest.txt",
      "auxiliary/LineBreakTest.txt", "emoji/emoji-test.txt",
    ] {
      let lines = try UnicodeData.lines(file)
      #expect(UnicodeData.version(of: lines) == UnicodeVersions.unicode, "\(file)")
    }
  }

  @Test("A file no place holds is an error naming both places and the version")
  func missingFileNamesBothPlaces() {
    #expect {
      _ = try UnicodeData.lines("auxiliary/NoSuchTest.txt")
    } throws: { error in
      guard let error = error as? UnicodeData.Unavailable else { return false }
      let message = error.description
      return error.version == UnicodeVersions.unicode
        && message.contains("Unicode-\(UnicodeVersions.unicode)")
        && message.contains(UnicodeData.systemRoot)
        && message.contains("NoSuchTest.txt")
    }
  }
}

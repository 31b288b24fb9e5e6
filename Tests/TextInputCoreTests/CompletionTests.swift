import Foundation
import Testing
import TextInputCore

@Suite("Completion: WordCompleter and the common prefix")
struct CompletionTests {
  @Test("The word before the caret, completed from the list in order")
  func wordCompleter() {
    let completer = WordCompleter(["select", "set", "show", "Setting"])
    #expect(completer.completions(for: "se", caret: 2).map(\.text) == ["select", "set"])
    #expect(
      completer.completions(for: "x se", caret: 4).map(\.range)
        == [NSRange(location: 2, length: 2), NSRange(location: 2, length: 2)])
    #expect(completer.completions(for: "se ", caret: 3).isEmpty)
    #expect(completer.completions(for: "", caret: 0).isEmpty)
    let folded = WordCompleter(["select", "Setting", "STRASSE"], ignoresCase: true)
    #expect(folded.completions(for: "SE", caret: 2).map(\.text) == ["select", "Setting"])
    #expect(folded.completions(for: "straß", caret: 5).map(\.text) == ["STRASSE"])
    let described = WordCompleter(described: [("ls", "list"), ("lsof", nil)])
    #expect(described.completions(for: "l", caret: 1).map(\.description) == ["list", nil])
  }

  @Test("The common prefix keeps whole clusters")
  func commonPrefix() {
    #expect(Completions.commonPrefix(["select", "set", "session"]) == "se")
    #expect(Completions.commonPrefix(["cafe\u{301}", "cafe"]) == "caf")
    #expect(Completions.commonPrefix(["👍🏽a", "👍🏽b"]) == "👍🏽")
    #expect(Completions.commonPrefix(["👍🏽", "👍"]) == "")
    #expect(Completions.commonPrefix([]) == "")
    #expect(Completions.commonPrefix(["only"]) == "only")
  }
}

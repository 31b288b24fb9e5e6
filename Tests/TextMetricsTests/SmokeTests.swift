import Testing
import TextMetrics

@Test func smoke() {
  #expect(Graphemes.count(in: "abc") == 3)
}

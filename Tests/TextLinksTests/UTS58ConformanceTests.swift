import Foundation
import Testing
import TextLinks

/// UTS #58's conformance file, `LinkDetectionTest.txt` (17.0.0, in
/// Resources/uts58-17.0.0/ with the Unicode license): each line marks its
/// links with ⸠…⸡. Every line runs through the default detector (URLs and
/// e-mail addresses); a line TextLinks does not follow is listed in
/// `exceptions` with the reason. The test fails when a line off the list
/// fails, or when a listed line starts passing.
struct UTS58ConformanceTests {
  static let detector = LinkDetector(kinds: [.url, .email])

  /// Lines TextLinks does not follow (the marked line as in the file), and why.
  static let exceptions: [String: String] = [
    "http://john.smith@example.com": userinfo,
    "http://john.smith@example.com/foo/bar": userinfo,
    "http://john..smith@example.com": userinfo,
    "http://john..smith@example.com/foo/bar": userinfo,
  ]

  /// The file expects no link where a URL has user information ("deprecated
  /// for security", its comment says); TextLinks links the URL whole, as
  /// browsers and linkify-it do (`LinkifyItTests`), rather than nothing.
  static let userinfo = "user information is part of the URL"

  static func lines() throws -> [String] {
    let url = try #require(
      Bundle.module.url(
        forResource: "LinkDetectionTest", withExtension: "txt",
        subdirectory: "Resources/uts58-17.0.0"))
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
      .filter { !$0.hasPrefix("#") }
  }

  /// The line with its markers removed, detected and marked again.
  static func marked(_ line: String) -> String {
    let plain = line.replacingOccurrences(of: "⸠", with: "").replacingOccurrences(of: "⸡", with: "")
    let units = Array(plain.utf16)
    var out: [UInt16] = []
    var next = 0
    for link in detector.links(in: plain) {
      out += units[next..<link.range.location]
      out += Array("⸠".utf16) + units[link.range.location..<link.end] + Array("⸡".utf16)
      next = link.end
    }
    out += units[next...]
    return String(decoding: out, as: UTF16.self)
  }

  @Test func everyLineOfLinkDetectionTestPassesOrIsListed() throws {
    let lines = try Self.lines()
    #expect(lines.count == 345)
    var failures: [String] = []
    var listedPassing: [String] = []
    var passed = 0
    for line in lines {
      let got = Self.marked(line)
      if got == line {
        passed += 1
        if Self.exceptions[line] != nil { listedPassing.append(line) }
      } else if Self.exceptions[line] == nil {
        failures.append("want \(line)\n got \(got)")
      }
    }
    #expect(
      failures.isEmpty,
      Comment(rawValue: "\(failures.count) lines fail:\n" + failures.joined(separator: "\n")))
    #expect(
      listedPassing.isEmpty,
      Comment(rawValue: "listed lines now pass:\n" + listedPassing.joined(separator: "\n")))
    #expect(passed >= 340, "\(passed) of \(lines.count) lines pass")
    #expect(passed + Self.exceptions.count == lines.count)
  }
}

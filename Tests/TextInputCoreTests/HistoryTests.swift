import Foundation
import PropertyBased
import Testing
import TextInputCore
import TextMetrics
import UnicodeTestSupport

/// A file path in a folder of its own, removed with the value.
final class HistoryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("HistoryTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func path(_ name: String = "history") -> String { url.appendingPathComponent(name).path }
}

@Suite("MemoryHistory: duplicates, maximum size, search")
struct MemoryHistoryTests {
  @Test(
    "Duplicates as each policy says",
    arguments: [
      (HistoryDuplicates.keepAll, ["ls", "ls", "cd", "ls"]),
      (.ignoreConsecutive, ["ls", "cd", "ls"]),
      (.eraseOlder, ["cd", "ls"]),
    ])
  func duplicates(policy: HistoryDuplicates, expected: [String]) {
    let history = MemoryHistory(duplicates: policy)
    for entry in ["ls", "ls", "", "cd", "ls"] { history.add(entry) }
    #expect(history.entries == expected)
    // Loading a list keeps it as adding one by one does.
    #expect(
      MemoryHistory(duplicates: policy, entries: ["ls", "ls", "", "cd", "ls"]).entries == expected)
  }

  @Test("The newest maximumCount entries are kept")
  func maximumCount() {
    let history = MemoryHistory(maximumCount: 3, duplicates: .keepAll)
    for index in 0..<10 { history.add("e\(index)") }
    #expect(history.entries == ["e7", "e8", "e9"])
    #expect(MemoryHistory(maximumCount: 2, entries: ["a", "b", "c", "b"]).entries == ["c", "b"])
    #expect(MemoryHistory(maximumCount: 0).maximumCount == 1)
    #expect(history.entry(at: -1) == nil && history.entry(at: 3) == nil)
    #expect(history.newest == "e9")
  }

  @Test("Search folds case and compatibility forms, by grapheme cluster")
  func searchFolds() {
    let history = MemoryHistory(
      duplicates: .keepAll,
      entries: [
        "Straße 1", "cafe\u{301} au lait", "ＦＵＬＬ width", "日本語のテキスト", "family 👨‍👩‍👧 photo", "plain",
      ])
    func find(_ query: String) -> (Int, NSRange)? {
      history.search(
        for: query, direction: .backward, from: HistoryPosition(index: history.count, offset: 0)
      ).map { ($0.index, $0.range) }
    }
    #expect(find("STRASSE")?.0 == 0)
    #expect(find("strasse")?.1 == NSRange(location: 0, length: 6))
    #expect(find("CAFÉ")?.0 == 1)
    #expect(find("café")?.1 == NSRange(location: 0, length: 5))
    // "e" alone does not match inside "é" written e + U+0301 …
    #expect(find("cafe")?.0 == nil)
    #expect(find("full")?.1 == NSRange(location: 0, length: 4))
    #expect(find("テキスト")?.1 == NSRange(location: 4, length: 4))
    #expect(find("👨‍👩‍👧")?.1 == NSRange(location: 7, length: 8))
    // … nor does a part of a ZWJ sequence.
    #expect(find("👨") == nil)
    #expect(find("") == nil)
    #expect(find("absent") == nil)
  }

  @Test("Backward finds earlier matches in the same entry, then older entries; forward back")
  func searchSteps() {
    let history = MemoryHistory(duplicates: .keepAll, entries: ["git add", "git commit git push"])
    var position = HistoryPosition(index: 2, offset: 0)
    var found: [String] = []
    while let match = history.search(for: "GIT", direction: .backward, from: position) {
      found.append("\(match.index):\(match.range.location)")
      position = HistoryPosition(index: match.index, offset: match.range.location)
    }
    #expect(found == ["1:11", "1:0", "0:0"])
    found = []
    while let match = history.search(for: "git", direction: .forward, from: position) {
      found.append("\(match.index):\(match.range.location)")
      position = HistoryPosition(index: match.index, offset: match.range.location)
    }
    #expect(found == ["1:0", "1:11"])
    // The protocol's default search (no cache) agrees.
    let plain = PlainHistory(entries: history.entries)
    #expect(
      plain.search(for: "GIT", direction: .backward, from: HistoryPosition(index: 1, offset: 11))
        == history.search(
          for: "GIT", direction: .backward, from: HistoryPosition(index: 1, offset: 11)))
  }

  @Test("Every match starts and ends on a cluster boundary and folds equal to the query")
  func searchMatchesAreWholeClusters() async {
    let gen = zip(UnicodeGen.text, UnicodeGen.text)
    await propertyCheck(count: CheckScale.cases(150, full: 1_500), input: gen) { text, other in
      let units = Array(text.utf16)
      let boundaries = Graphemes.boundaries(utf16: units)
      guard boundaries.segmentCount > 0 else { return }
      // A query cut from the text at cluster boundaries is found in it.
      let from = boundaries.offsets[boundaries.segmentCount / 3]
      let to = boundaries.offsets[max(boundaries.segmentCount * 2 / 3, 1)]
      let query = String(decoding: units[from..<max(to, from)], as: UTF16.self)
      let history = MemoryHistory(duplicates: .keepAll, entries: [text, other])
      let match = history.search(
        for: query, direction: .backward, from: HistoryPosition(index: 2, offset: 0))
      if CaseFolding.folded(query).isEmpty {
        #expect(match == nil)
        return
      }
      guard let match else {
        Issue.record("no match for a slice of the entry")
        return
      }
      let entryUnits = Array(match.entry.utf16)
      let entryBoundaries = Graphemes.boundaries(utf16: entryUnits)
      #expect(entryBoundaries.isBoundary(match.range.location))
      #expect(entryBoundaries.isBoundary(NSMaxRange(match.range)))
      let matched = String(
        decoding: entryUnits[match.range.location..<NSMaxRange(match.range)], as: UTF16.self)
      #expect(CaseFolding.folded(matched) == CaseFolding.folded(query))
    }
  }

  @Test("The cached hint lookup agrees with a plain scan while typing on and back")
  func newestWithPrefixCacheAgrees() async {
    let gen = zip(UnicodeGen.text, UnicodeGen.text)
    await propertyCheck(count: CheckScale.cases(150, full: 1_500), input: gen) { first, second in
      let entries = [first, second, first + second, second + first, String(first.prefix(3))]
      let cached = MemoryHistory(duplicates: .keepAll, entries: entries)
      let plain = PlainHistory(entries: cached.entries)
      // Type `first + second` one character at a time, then erase it again.
      let typed = Array(first + second)
      var prefixes = (1...max(typed.count, 1)).map { String(typed.prefix($0)) }
      prefixes += prefixes.reversed()
      for prefix in prefixes {
        #expect(cached.newestEntry(withPrefix: prefix) == plain.newestEntry(withPrefix: prefix))
      }
      cached.add(first + "!")
      plain.add(first + "!")
      #expect(cached.newestEntry(withPrefix: first) == plain.newestEntry(withPrefix: first))
    }
  }

  @Test("newestEntry(withPrefix:) is fish's hint: newest, longer, exact")
  func newestWithPrefix() {
    let history = MemoryHistory(duplicates: .keepAll, entries: ["git status", "git push", "gi"])
    #expect(history.newestEntry(withPrefix: "gi") == "git push")
    #expect(history.newestEntry(withPrefix: "git s") == "git status")
    #expect(history.newestEntry(withPrefix: "Git") == nil)
    #expect(history.newestEntry(withPrefix: "") == nil)
  }
}

/// A history with only the protocol's required members: the default search.
final class PlainHistory: TextHistory, @unchecked Sendable {
  var stored: [String]
  init(entries: [String]) { stored = entries }
  var count: Int { stored.count }
  func entry(at index: Int) -> String? { stored.indices.contains(index) ? stored[index] : nil }
  func add(_ entry: String) { stored.append(entry) }
}

@Suite("FileHistory: records, round trips, torn writes, compaction, concurrency")
struct FileHistoryTests {
  @Test("Multi-line and escaped entries round-trip, one record each")
  func roundTrip() throws {
    let folder = try HistoryFolder()
    let path = folder.path()
    let entries = [
      "SELECT 1;\nSELECT 2;", "a\\nb", "tab\there", "crlf\r\nend", "cancel\u{18}x", "trailing\\",
      "👍🏽 日本 עברית", "\n", "last",
    ]
    let history = try FileHistory(path: path, duplicates: .keepAll)
    for entry in entries { try history.append(entry) }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(bytes.filter { $0 == 0x0A }.count == entries.count)
    #expect(try FileHistory(path: path, duplicates: .keepAll).entries == entries)
    #expect(history.entries == entries)
  }

  @Test("Any text round-trips through the file")
  func roundTripProperty() async throws {
    let folder = try HistoryFolder()
    let counter = Counter()
    await propertyCheck(count: CheckScale.cases(100, full: 1_000), input: UnicodeGen.text) {
      text in
      let path = folder.path("h\(counter.next())")
      do {
        let history = try FileHistory(path: path, duplicates: .keepAll)
        try history.append(text)
        try history.append("after")
        let read = try FileHistory(path: path, duplicates: .keepAll).entries
        let expected = text.isEmpty ? ["after"] : [text, "after"]
        #expect(read.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) })
      } catch {
        Issue.record("\(error)")
      }
    }
  }

  @Test("A write torn by a crash is skipped, and marked by the next writer")
  func tornWrite() throws {
    let folder = try HistoryFolder()
    let path = folder.path()
    // Two whole records, then a third cut mid-way (mid-escape, mid-UTF-8).
    var bytes = Array("one\ntwo\\nlines\n".utf8)
    bytes += Array("thr\\".utf8) + [0xE6, 0x97]
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    let history = try FileHistory(path: path, duplicates: .keepAll)
    #expect(history.entries == ["one", "two\nlines"])
    try history.append("four")
    #expect(
      try FileHistory(path: path, duplicates: .keepAll).entries == ["one", "two\nlines", "four"])
    #expect(history.entries == ["one", "two\nlines", "four"])
  }

  @Test("Duplicates collapse on reading; the maximum size compacts the file")
  func compaction() throws {
    let folder = try HistoryFolder()
    let path = folder.path()
    let history = try FileHistory(path: path, maximumCount: 5)
    for index in 0..<12 { try history.append("e\(index % 7)") }
    // The 11th append passed twice the maximum: the file was rewritten with
    // its newest 5 distinct entries (e6 e0 e1 e2 e3), then e4 was appended.
    let reread = try FileHistory(path: path, maximumCount: 100)
    #expect(reread.entries == ["e6", "e0", "e1", "e2", "e3", "e4"])
    #expect(history.entries == ["e0", "e1", "e2", "e3", "e4"])
    let records = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").count
    #expect(records == 6)
    // Appending after a compaction goes to the new file.
    try history.append("new")
    #expect(try FileHistory(path: path).entries.last == "new")
  }

  @Test("A handle whose file another compacted appends to the new file")
  func appendAfterAnotherCompacted() throws {
    let folder = try HistoryFolder()
    let path = folder.path()
    let first = try FileHistory(path: path, duplicates: .keepAll)
    let second = try FileHistory(path: path, duplicates: .keepAll)
    try first.append("a1")
    try second.append("b1")
    // The second handle replaces the file (a new inode); the first still
    // holds the old one open.
    try second.compact()
    try first.append("a2")
    try second.append("b2")
    #expect(try FileHistory(path: path, duplicates: .keepAll).entries == ["a1", "b1", "a2", "b2"])
  }

  @Test("A path that cannot be a file is an error naming it")
  func errors() throws {
    let folder = try HistoryFolder()
    let path = folder.path("dir")
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    #expect(throws: HistoryFileError.self) { try FileHistory(path: path) }
    let missing = folder.path("no/such/folder/history")
    let history = try FileHistory(path: missing)
    #expect(history.count == 0)
    do {
      try history.append("x")
      Issue.record("appending to a missing folder succeeded")
    } catch {
      #expect(error.operation == .open)
      #expect(error.code == ENOENT)
      #expect(error.description.contains(missing))
    }
    history.add("y")
    #expect(history.lastError?.path == missing)
    #expect(history.entries == ["x", "y"])
  }

  @Test("Two handles appending at once from two threads lose no entry")
  func threadsAppending() async throws {
    let folder = try HistoryFolder()
    let path = folder.path()
    let count = 2_000
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask {
          guard let history = try? FileHistory(path: path, maximumCount: 100_000) else { return }
          for index in 0..<count { history.add("w\(writer) \(index)\nline 2") }
        }
      }
    }
    let entries = try FileHistory(path: path, maximumCount: 100_000).entries
    #expect(entries.count == 2 * count)
    #expect(Set(entries).count == 2 * count)
  }
}

/// A thread-safe counter for unique names in property checks.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func next() -> Int {
    lock.withLock {
      value += 1
      return value
    }
  }
}

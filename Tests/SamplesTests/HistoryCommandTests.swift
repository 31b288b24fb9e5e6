import Foundation
import Testing

/// `Samples history`: a history file as processes share it.
@Suite("Samples history: one file, several processes")
struct HistoryCommandTests {
  @Test("Two processes appending 10 000 entries each at once lose none")
  func twoProcessesAppending() throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("history").path
    let count = 10_000
    var processes: [Process] = []
    for writer in 0..<2 {
      let lines = (0..<count).map { "writer \(writer) entry \($0) 👍🏽 日本" }.joined(separator: "\n")
      let input = try folder.write("input\(writer)", Array((lines + "\n").utf8))
      let process = Process()
      process.executableURL = SamplesProgram.executable
      process.arguments = ["history", "--append", "--maximum", "100000", file]
      process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
      processes.append(process)
    }
    // Both run at once: each appends record by record while the other does.
    for process in processes { try process.run() }
    for process in processes { process.waitUntilExit() }
    #expect(processes.map(\.terminationStatus) == [0, 0])

    let printed = try SamplesProgram.run(["history", "--maximum", "100000", file])
    #expect(printed.status == 0)
    let entries = printed.lines
    #expect(entries.count == 2 * count)
    #expect(Set(entries).count == 2 * count)
    // Each writer's entries are in its own order.
    for writer in 0..<2 {
      let mine = entries.filter { $0.hasPrefix("writer \(writer) ") }
      // (A Bool, so that a failure does not print 10 000 entries.)
      let inOrder = mine == (0..<count).map { "writer \(writer) entry \($0) 👍🏽 日本" }
      #expect(inOrder, "writer \(writer): \(mine.count) entries, not all in order")
    }
    // Every record is whole: one LF each, nothing torn.
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    #expect(bytes.filter { $0 == 0x0A }.count == 2 * count)
    #expect(!bytes.contains(0x18))
  }

  @Test("Two processes appending while the file is compacted under them keep whole records")
  func twoProcessesCompacting() throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("history").path
    let count = 3_000
    var processes: [Process] = []
    for writer in 0..<2 {
      let lines = (0..<count).map { "w\(writer) \($0)" }.joined(separator: "\n")
      let input = try folder.write("input\(writer)", Array((lines + "\n").utf8))
      let process = Process()
      process.executableURL = SamplesProgram.executable
      // 200 at most: each writer compacts the file (rename) many times.
      process.arguments = ["history", "--append", "--maximum", "200", file]
      process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
      processes.append(process)
    }
    for process in processes { try process.run() }
    for process in processes { process.waitUntilExit() }
    #expect(processes.map(\.terminationStatus) == [0, 0])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    let records = String(decoding: bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    // Whole records only, ending in LF. Each process compacts when it has
    // seen more than twice the maximum (its own appends counted, not the
    // other's); once both have compacted, the file holds at most
    // 200 + 201 + 201 records.
    #expect(bytes.last == 0x0A)
    #expect(!bytes.contains(0x18))
    #expect(records.count - 1 <= 602)
    let entries = records.dropLast().map(String.init)
    #expect(
      entries.allSatisfy { $0.range(of: #"^w[01] \d+$"#, options: .regularExpression) != nil })
    // Each writer's entries in its own order, the newest kept.
    for writer in 0..<2 {
      let numbers = entries.filter { $0.hasPrefix("w\(writer) ") }.compactMap {
        Int($0.split(separator: " ")[1])
      }
      #expect(numbers == numbers.sorted())
    }
    let newest = entries.last.map { Int($0.split(separator: " ")[1]) ?? 0 }
    #expect(newest == count - 1)
    // No temporary file left behind.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(left.filter { $0.contains("compacting") }.isEmpty)
  }

  @Test("Multi-line entries print escaped; a bad maximum is a usage error")
  func printsEscaped() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("history", Array("one\\ntwo\nthree\n".utf8))
    let printed = try SamplesProgram.run(["history", file])
    #expect(printed.stdout == "one\\ntwo\nthree\n")
    let bad = try SamplesProgram.run(["history", "--maximum", "0", file])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("--maximum must be at least 1, got 0"))
  }
}

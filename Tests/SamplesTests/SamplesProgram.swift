import Foundation
import Testing

/// Runs the built `Samples` executable as a user would: arguments, bytes on
/// standard input, and what it writes and returns. (As
/// swift-argument-parser's `ArgumentParserExampleTests` run their examples.)
struct SamplesProgram {
  /// What one run gave.
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Standard output's lines (without the final empty one).
    var lines: [String] {
      var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if lines.last == "" { lines.removeLast() }
      return lines
    }
  }

  /// The folder of the build products: the test bundle's on Linux, beside
  /// the `.xctest` bundle on Apple platforms.
  static var productsDirectory: URL {
    #if os(macOS)
    for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
      return bundle.bundleURL.deletingLastPathComponent()
    }
    #endif
    return Bundle.main.bundleURL
  }

  /// The `Samples` executable of this build.
  static var executable: URL { productsDirectory.appendingPathComponent("Samples") }

  /// Runs `Samples ARGUMENTS` with `input` on standard input (empty: an
  /// empty file). Standard output and error go to files, so no pipe fills.
  static func run(_ arguments: [String], input: [UInt8] = []) throws -> Run {
    let folder = try TemporaryFolder()
    let inputFile = try folder.write("stdin", input)
    let outFile = folder.url.appendingPathComponent("stdout")
    let errFile = folder.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputFile))
    process.standardOutput = try FileHandle(forWritingTo: outFile)
    process.standardError = try FileHandle(forWritingTo: errFile)
    try process.run()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outFile), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errFile), as: UTF8.self))
  }

  static func run(_ arguments: [String], input: String) throws -> Run {
    try run(arguments, input: Array(input.utf8))
  }
}

/// A folder of its own under the temporary directory, removed when the
/// value is released.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("SamplesTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Writes `bytes` to `name` in the folder; its path.
  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let file = url.appendingPathComponent(name)
    try Data(bytes).write(to: file)
    return file.path
  }

  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    try write(name, Array(text.utf8))
  }

  /// A path in the folder that does not exist.
  var missing: String { url.appendingPathComponent("missing/input.txt").path }
}

/// The sysexits statuses `Samples --help` documents.
enum ExitStatus {
  static let usage: Int32 = 64
  static let badData: Int32 = 65
  static let noInput: Int32 = 66
}

/// Whether `text` holds a raw C0 control other than LF, DEL or a C1 control.
func hasRawControl(_ text: String) -> Bool {
  text.unicodeScalars.contains {
    ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
  }
}

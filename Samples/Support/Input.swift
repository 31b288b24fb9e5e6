import Foundation
import TextInputBase

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The one input reader of the samples: files by path, `-` for standard
/// input (as `cat` has it), with the system's reason (`strerror`) when one
/// cannot be read. `measure`, `links`, `hit-test` and `playground --config`
/// read through it; so do the points, keys and events read from standard
/// input.
enum Input {
  /// The path that names standard input.
  static let standardInput = "-"

  /// How messages name `path`: `standard input` for `-`, else the path in
  /// single quotes with controls escaped.
  static func name(_ path: String) -> String {
    path == standardInput ? "standard input" : "'\(ControlCharacters.escaped(path))'"
  }

  /// The bytes of the files in order, as one input (standard input when
  /// `paths` is empty).
  ///
  /// - Throws: `SamplesError` (status 66) naming the first path that cannot
  ///   be read and the system's reason.
  static func bytes(of paths: [String]) throws(SamplesError) -> [UInt8] {
    var bytes: [UInt8] = []
    for path in paths.isEmpty ? [standardInput] : paths {
      if bytes.isEmpty {
        bytes = try Self.bytes(of: path)
      } else {
        bytes += try Self.bytes(of: path)
      }
    }
    return bytes
  }

  /// The files' bytes decoded as UTF-8 (invalid bytes as U+FFFD).
  static func text(of paths: [String]) throws(SamplesError) -> String {
    String(decoding: try bytes(of: paths), as: UTF8.self)
  }

  /// The bytes of `path` (`-`: standard input, read to its end).
  ///
  /// - Throws: `SamplesError` (status 66) with the system's reason: no such
  ///   file, a directory, permission denied, or a read that failed.
  static func bytes(of path: String) throws(SamplesError) -> [UInt8] {
    if path == standardInput { return try bytes(of: STDIN_FILENO, path: path) }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw failure(path, errno) }
    defer { _ = close(descriptor) }
    return try bytes(of: descriptor, path: path)
  }

  /// Everything left to read on `descriptor`, which must not be a directory.
  private static func bytes(of descriptor: Int32, path: String) throws(SamplesError) -> [UInt8] {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw failure(path, errno) }
    // `open` succeeds on a directory on Linux; `read` would fail with EISDIR.
    guard status.st_mode & S_IFMT != S_IFDIR else { throw failure(path, EISDIR) }
    var bytes: [UInt8] = []
    if status.st_mode & S_IFMT == S_IFREG { bytes.reserveCapacity(Int(status.st_size)) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(path, errno)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  private static func failure(_ path: String, _ code: Int32) -> SamplesError {
    .noInput(path, reason: String(cString: strerror(code)))
  }
}

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Why an input file (`measure`'s inputs, the playground's `--config`) cannot
/// be read: the path (or standard input) and the system's reason.
struct InputFileError: Error, Equatable, CustomStringConvertible {
  /// The path as given; `-` is standard input.
  var path: String
  /// The system's reason (`strerror`), such as "No such file or directory".
  var reason: String

  var description: String {
    let name = path == InputFile.standardInputName ? "standard input" : "'\(path)'"
    return "cannot read \(name): \(reason)"
  }
}

/// Reads the samples' input files: by path, `-` for standard input, with the
/// system's reason when one cannot be read.
enum InputFile {
  /// The path that names standard input, as `cat` has it.
  static let standardInputName = "-"

  /// The bytes of `path` (`-`: standard input, read to its end).
  ///
  /// - Throws: `InputFileError` with the system's reason: no such file, a
  ///   directory, permission denied, or a read that failed.
  static func bytes(of path: String) throws(InputFileError) -> [UInt8] {
    if path == standardInputName { return try bytes(of: STDIN_FILENO, path: path) }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw failure(path, errno) }
    defer { _ = close(descriptor) }
    return try bytes(of: descriptor, path: path)
  }

  /// Everything left to read on `descriptor`, which must not be a directory.
  static func bytes(of descriptor: Int32, path: String) throws(InputFileError) -> [UInt8] {
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

  private static func failure(_ path: String, _ code: Int32) -> InputFileError {
    InputFileError(path: path, reason: String(cString: strerror(code)))
  }
}

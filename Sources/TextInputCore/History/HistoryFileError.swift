/// Why a `FileHistory` could not read or write its file.
public struct HistoryFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What was being done.
  public enum Operation: String, Hashable, Sendable, CaseIterable {
    /// Opening (or creating) the file.
    case open
    /// Locking it.
    case lock
    /// Reading it.
    case read
    /// Writing a record.
    case write
    /// Replacing it with its compacted form.
    case compact
  }

  /// What was being done.
  public var operation: Operation
  /// The file's path.
  public var path: String
  /// The system's error number (`errno`).
  public var code: Int32
  /// The system's reason (`strerror`).
  public var reason: String

  /// An error.
  public init(operation: Operation, path: String, code: Int32, reason: String) {
    self.operation = operation
    self.path = path
    self.code = code
    self.reason = reason
  }

  /// "cannot write history file '/tmp/h': No space left on device".
  public var description: String {
    "cannot \(operation.rawValue) history file '\(path)': \(reason)"
  }
}

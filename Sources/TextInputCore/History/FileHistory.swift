import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A history kept in memory and in a file: each entry added is appended to
/// the file at once, so a crash loses nothing entered before it, and several
/// processes (shells, REPL sessions) may share one file.
///
/// The file holds one record per entry (see the format below); a multi-line
/// entry is one record and reads back exactly. Reading collapses duplicates
/// and keeps the newest `maximumCount` entries. When a handle has seen the
/// file reach more than twice that many records (those it read and those it
/// appended), it rewrites the file with its newest `maximumCount` entries
/// (a new file renamed over the old one). Each handle counts only its own
/// appends, so with `p` processes appending the file may grow to about
/// `2p · maximumCount` records before one of them compacts it.
///
/// **Processes appending at once lose no entry**: each record is written by
/// one `write` to a descriptor opened with `O_APPEND`, under an exclusive
/// `flock`; a writer that finds the file replaced (compacted by another
/// process) under its lock opens the new one and writes there. **A crash
/// mid-write leaves a readable file**: a torn last line is skipped by
/// readers and marked as torn by the next writer.
///
/// Format: UTF-8 lines ending in LF, with `\` written `\\`, LF `\n`, CR
/// `\r` and U+0018 `\c`. A line holding a raw U+0018 is a torn record.
///
/// An error of `add(_:)` (the protocol's, which cannot throw) is kept in
/// `lastError`; `append(_:)` throws it. Safe to use from many threads.
///
/// ```swift
/// let path = FileManager.default.temporaryDirectory.appendingPathComponent("example-history").path
/// let history = try FileHistory(path: path)
/// try history.append("SELECT 1;\nSELECT 2;")
/// ```
public final class FileHistory: TextHistory, @unchecked Sendable {
  /// The file's path.
  public let path: String
  /// The most entries kept in memory, and in the file after a compaction.
  public var maximumCount: Int { memory.maximumCount }
  /// What an entry equal to one already kept does (in memory; the file
  /// keeps every record until it is compacted).
  public var duplicates: HistoryDuplicates { memory.duplicates }

  private let memory: MemoryHistory
  // `@unchecked Sendable`: the values below are used under `lock` only.
  private let lock = NSLock()
  private var descriptor: Int32 = -1
  private var recordsInFile = 0
  private var storedError: HistoryFileError?

  /// The history in the file at `path`, read now (a missing file is an
  /// empty history; it is created by the first append, readable and
  /// writable by its owner only).
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - maximumCount: The most entries kept (at least 1).
  ///   - duplicates: What an entry equal to one already kept does.
  /// - Throws: `HistoryFileError` when the file exists and cannot be read.
  /// - Complexity: O(n) in the file's bytes.
  public init(
    path: String, maximumCount: Int = 10_000, duplicates: HistoryDuplicates = .eraseOlder
  ) throws(HistoryFileError) {
    self.path = path
    memory = MemoryHistory(maximumCount: maximumCount, duplicates: duplicates)
    try reload()
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
  }

  /// The last error an `add(_:)` met, if any (cleared by a successful
  /// `append(_:)`).
  public var lastError: HistoryFileError? { lock.withLock { storedError } }

  /// How many entries there are.
  public var count: Int { memory.count }

  /// The entry at `index` (0 is the oldest), or nil outside `0..<count`.
  public func entry(at index: Int) -> String? { memory.entry(at: index) }

  /// Adds `entry` in memory and appends it to the file (an empty entry is
  /// ignored); a failure to write is kept in `lastError`.
  ///
  /// - Complexity: one locked `write` of the record, plus `MemoryHistory.add(_:)`.
  public func add(_ entry: String) {
    do {
      try append(entry)
    } catch {
      lock.withLock { storedError = error }
    }
  }

  /// Adds `entry` in memory and appends it to the file (an empty entry is
  /// ignored).
  ///
  /// - Throws: `HistoryFileError` when the file cannot be opened, locked or
  ///   written (the entry is still added in memory).
  public func append(_ entry: String) throws(HistoryFileError) {
    guard !entry.isEmpty else { return }
    memory.add(entry)
    let record = HistoryFileFormat.record(entry)
    try locked { () throws(HistoryFileError) in
      try appendLocked(record)
      storedError = nil
      recordsInFile += 1
      if recordsInFile > 2 * maximumCount { try compactLocked() }
    }
  }

  /// Reads the file again, taking in what other processes appended.
  ///
  /// - Throws: `HistoryFileError` when the file exists and cannot be read.
  /// - Complexity: O(n) in the file's bytes, with each entry folded for
  ///   search (about 2 µs an entry of mixed text).
  public func reload() throws(HistoryFileError) {
    let bytes = try readFile()
    let read = HistoryFileFormat.entries(in: bytes)
    memory.replaceAll(with: read.entries)
    lock.withLock { recordsInFile = read.records }
  }

  /// Rewrites the file with the entries kept in memory's rules (duplicates
  /// collapsed, the newest `maximumCount`), as appends do on their own
  /// when the file holds more than twice `maximumCount` records.
  ///
  /// - Throws: `HistoryFileError` when the file cannot be read, written or
  ///   replaced.
  public func compact() throws(HistoryFileError) {
    try locked { () throws(HistoryFileError) in try compactLocked() }
  }

  /// Searches as `TextHistory.search(for:direction:from:)` says, with each
  /// entry's folded form cached (see `MemoryHistory`).
  public func search(
    for query: String, direction: HistorySearchDirection, from position: HistoryPosition
  ) -> HistoryMatch? {
    memory.search(for: query, direction: direction, from: position)
  }

  /// The newest entry longer than `prefix` that starts with it (see
  /// `MemoryHistory.newestEntry(withPrefix:)`).
  public func newestEntry(withPrefix prefix: String) -> String? {
    memory.newestEntry(withPrefix: prefix)
  }

  // MARK: File I/O

  /// `body` under `lock` (`NSLock.withLock` does not keep a typed error).
  private func locked(_ body: () throws(HistoryFileError) -> Void) throws(HistoryFileError) {
    lock.lock()
    defer { lock.unlock() }
    try body()
  }

  private func error(_ operation: HistoryFileError.Operation, _ code: Int32) -> HistoryFileError {
    HistoryFileError(
      operation: operation, path: path, code: code, reason: String(cString: strerror(code)))
  }

  /// Locks `fd` (retrying after a signal).
  private func flockRetrying(_ fd: Int32, _ operation: Int32) throws(HistoryFileError) {
    while flock(fd, operation) != 0 {
      if errno != EINTR { throw error(.lock, errno) }
    }
  }

  /// The file's bytes, read under a shared lock; empty when it does not
  /// exist.
  private func readFile() throws(HistoryFileError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return [] }
      throw error(.open, errno)
    }
    defer { close(fd) }
    try flockRetrying(fd, LOCK_SH)
    defer { _ = flock(fd, LOCK_UN) }
    return try readAll(fd)
  }

  private func readAll(_ fd: Int32) throws(HistoryFileError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw error(.read, errno)
      }
      if n == 0 { return bytes }
      bytes += chunk[0..<n]
    }
  }

  private func writeAll(_ fd: Int32, _ bytes: [UInt8], _ operation: HistoryFileError.Operation)
    throws(HistoryFileError)
  {
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { buffer in
        write(fd, buffer.baseAddress.map { $0 + written }, buffer.count - written)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw error(operation, errno)
      }
      written += n
    }
  }

  /// Whether `descriptor` is still the file at `path` (not replaced by a
  /// compaction or removed); also its size.
  private func currentSize() -> Int? {
    var open = stat()
    var named = stat()
    guard fstat(descriptor, &open) == 0, stat(path, &named) == 0,
      open.st_dev == named.st_dev, open.st_ino == named.st_ino
    else { return nil }
    return Int(open.st_size)
  }

  /// Opens the file for appending if it is not open, locks it, checks that
  /// it is still the file at `path` (reopening it if not), and calls `body`
  /// with the file's size; unlocks.
  private func withAppendLock(_ body: (Int) throws(HistoryFileError) -> Void)
    throws(HistoryFileError)
  {
    for _ in 0..<16 {
      if descriptor < 0 {
        descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        if descriptor < 0 { throw error(.open, errno) }
      }
      try flockRetrying(descriptor, LOCK_EX)
      guard let size = currentSize() else {
        // Replaced or removed by another process: open the file now at `path`.
        close(descriptor)
        descriptor = -1
        continue
      }
      defer { _ = flock(descriptor, LOCK_UN) }
      try body(size)
      return
    }
    throw error(.open, ESTALE)
  }

  private func appendLocked(_ record: [UInt8]) throws(HistoryFileError) {
    try withAppendLock { (size) throws(HistoryFileError) in
      var bytes = record
      if size > 0 {
        var last: UInt8 = 0
        let n = withUnsafeMutableBytes(of: &last) { buffer in
          let fd = open(path, O_RDONLY | O_CLOEXEC)
          guard fd >= 0 else { return -1 }
          defer { close(fd) }
          return pread(fd, buffer.baseAddress, 1, off_t(size - 1))
        }
        if n == 1, last != HistoryFileFormat.lineFeed {
          // A torn record (a crash mid-write): end it, marked as torn.
          bytes = [HistoryFileFormat.cancel, HistoryFileFormat.lineFeed] + bytes
        }
      }
      try writeAll(descriptor, bytes, .write)
    }
  }

  private func compactLocked() throws(HistoryFileError) {
    var replaced = false
    try withAppendLock { (_) throws(HistoryFileError) in
      let fd = open(path, O_RDONLY | O_CLOEXEC)
      if fd < 0 { throw error(.read, errno) }
      defer { close(fd) }
      let read = HistoryFileFormat.entries(in: try readAll(fd))
      let kept = MemoryHistory.collapsed(
        read.entries, duplicates: duplicates, maximumCount: maximumCount)
      let temporary = path + ".compacting-\(getpid())"
      let out = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
      if out < 0 { throw error(.compact, errno) }
      var bytes: [UInt8] = []
      for entry in kept { bytes += HistoryFileFormat.record(entry) }
      let written = Result { () throws(HistoryFileError) in try writeAll(out, bytes, .compact) }
      if case .failure(let failure) = written {
        close(out)
        unlink(temporary)
        throw failure
      }
      _ = fsync(out)
      close(out)
      if rename(temporary, path) != 0 {
        let code = errno
        unlink(temporary)
        throw error(.compact, code)
      }
      memory.replaceAll(with: kept)
      recordsInFile = kept.count
      replaced = true
    }
    if replaced, descriptor >= 0 {
      // The descriptor is the old file's: open the new one on the next append.
      close(descriptor)
      descriptor = -1
    }
  }
}

/// The one error every `Samples` subcommand throws: a message that names the
/// bad value (controls escaped) and what was expected, and the exit status
/// (`sysexits.h`).
///
/// `Samples.main()` prints it to standard error as
/// `Samples: error: <message>` and exits with its status.
struct SamplesError: Error, Equatable, CustomStringConvertible {
  /// The exit statuses, as `sysexits.h` numbers them.
  enum Status: Int32, CaseIterable, Sendable {
    /// 64 (EX_USAGE): the command line is wrong.
    case usage = 64
    /// 65 (EX_DATAERR): an input was read but is malformed (JSON, a
    /// configuration line, a point line).
    case badData = 65
    /// 66 (EX_NOINPUT): an input file does not exist or cannot be read.
    case noInput = 66
    /// 73 (EX_CANTCREAT): an output file cannot be written.
    case cannotCreate = 73
    /// 74 (EX_IOERR): the terminal cannot be set up.
    case ioError = 74
  }

  /// The exit status.
  var status: Status
  /// What went wrong, without the `Samples: error:` prefix.
  var message: String

  var description: String { message }

  /// The prefix of every error line.
  static let prefix = "Samples: error: "

  static func usage(_ message: String) -> SamplesError {
    SamplesError(status: .usage, message: message)
  }

  static func badData(_ message: String) -> SamplesError {
    SamplesError(status: .badData, message: message)
  }

  /// `cannot read 'PATH': REASON` (`standard input` for `-`).
  static func noInput(_ path: String, reason: String) -> SamplesError {
    SamplesError(status: .noInput, message: "cannot read \(Input.name(path)): \(reason)")
  }

  /// The exit statuses as `--help` lists them.
  static let statusHelp = """
    Exit status: 0 success; 64 a usage error (an unknown option or subcommand, a \
    value out of range); 65 malformed input (JSON, a configuration line, a point \
    line); 66 an input file that does not exist or cannot be read; 73 an output \
    file that cannot be written; 74 a terminal that cannot be set up. Errors are \
    written to standard error as 'Samples: error: …'.
    """
}

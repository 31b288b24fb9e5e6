import ArgumentParser
import Foundation
import TextInputKit

/// `swift run Samples identify`: which terminal this is, and, with
/// `--clusters`, every listed cluster's width as the terminal draws it
/// (read back by cursor position reports) beside the library's.
struct Identify: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "identify",
    abstract: "Identify the terminal; with --clusters, measure each cluster in it.",
    usage: """
      Samples identify [--clusters <clusters>] [--output <output>]
                       [--timeout <timeout>] [--batch <batch>]
      """,
    discussion: """
      Run inside a terminal. Asks the terminal who it is and how it draws \
      (TerminalSession.identify: XTVERSION, DA2, DECRQM 2027 and cursor reports), \
      then, with --clusters FILE, prints each cluster of FILE at column 1 of the \
      top row of the alternate screen and reads where the cursor went (CSI 6 n): \
      the width the terminal gives it. FILE has one cluster per line as hexadecimal \
      code points joined by '.', alone or as the second tab-separated field \
      (Tests/TextInputTerminalTests/Resources/terminal-widths.txt is such a file); \
      lines starting with '#' are skipped.

      The result goes to --output (the terminal is busy being measured): the \
      identification as '# key: value' lines, then one line per cluster: code points \
      <TAB> measured width <TAB> the identified profile's width <TAB> the width \
      measured per composition (TerminalComposition), '-' where the terminal did \
      not answer. Scripts/real-terminals.py runs it in real terminals.

      \(SamplesError.statusHelp)
      """
  )

  @Option(help: "Clusters to measure, one per line (hexadecimal code points joined by '.').")
  var clusters: String?

  @Option(help: "Where to write the result ('-': standard output, after the terminal is restored).")
  var output: String = "-"

  @Option(help: "Milliseconds to wait for the identification's answers.")
  var timeout: Int = 3000

  @Option(help: "Clusters printed per round trip while measuring.")
  var batch: Int = 100

  func validate() throws {
    if timeout < 1 { throw ValidationError("--timeout must be at least 1, not \(timeout)") }
    if batch < 1 { throw ValidationError("--batch must be at least 1, not \(batch)") }
  }

  func run() throws {
    let list = try clusters.map(Self.readClusters) ?? []
    let session = TerminalSession(
      modes: TerminalModes(
        alternateScreen: true, bracketedPaste: false, mouse: false, focusEvents: false))
    do {
      try session.start()
    } catch {
      throw SamplesError(status: .ioError, message: "cannot set up the terminal: \(error)")
    }
    let identification = session.identify(
      timeoutMilliseconds: timeout, graphemeClusterMode: false)
    var measured: [Int?] = []
    var start = 0
    while start < list.count {
      let part = Array(list[start..<min(start + batch, list.count)])
      // Each at column 1 of row 1, as a cell holds it (`VisibleControls.cellText`).
      measured += session.measureWidths(of: part, timeoutMilliseconds: max(timeout, 5000))
      start += part.count
    }
    session.stop()
    var lines = Self.header(identification)
    let composition = TerminalWidthProfile(composition: identification.composition)
    for (index, cluster) in list.enumerated() {
      let scalars = cluster.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }
      let width = index < measured.count ? measured[index].map(String.init) ?? "-" : "-"
      lines.append(
        scalars.joined(separator: ".") + "\t" + width + "\t"
          + String(identification.profile.width(of: cluster)) + "\t"
          + String(composition.width(of: cluster)))
    }
    let text = lines.joined(separator: "\n") + "\n"
    if output == "-" {
      print(text, terminator: "")
    } else if !FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) {
      throw SamplesError(status: .cannotCreate, message: "cannot write \(output)")
    }
  }

  /// The identification as `# key: value` lines.
  static func header(_ identification: TerminalProbe.Identification) -> [String] {
    [
      "# \(identification.summary)",
      "# terminal: \(identification.terminal.map(\.label) ?? "none")",
      "# source: \(identification.source.rawValue)",
      "# reason: \(identification.reason)",
      "# xtversion: \(identification.softwareName ?? "none")",
      "# da2: "
        + (identification.secondaryDeviceAttributes.map {
          $0.map(String.init).joined(separator: ";")
        } ?? "none"),
      "# mode2027: \(identification.graphemeClusterMode.map(String.init) ?? "none")",
      "# composition: \(identification.composition)",
      "# round trips: \(identification.roundTrips)",
      "# bytes written: \(identification.bytesWritten)",
    ]
  }

  /// The clusters listed in the file at `path`.
  static func readClusters(_ path: String) throws -> [String] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw SamplesError.noInput(path, reason: "cannot be read")
    }
    var out: [String] = []
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      if line.hasPrefix("#") || line.hasPrefix("terminals\t") { continue }
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      let field = fields.count > 1 ? fields[1] : fields[0]
      var cluster = ""
      for hex in field.split(separator: ".") {
        guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
          throw SamplesError.badData("\(path): not a code point: \(hex)")
        }
        cluster.unicodeScalars.append(scalar)
      }
      if !cluster.isEmpty { out.append(cluster) }
    }
    return out
  }
}

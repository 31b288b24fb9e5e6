import Foundation
import TextMetrics

/// The Unicode test files the conformance tests read (the break tests and
/// `emoji-test.txt`), for the Unicode version of the ICU the package links.
///
/// A file is looked up, in order:
/// 1. in the set kept in this target's resources, `Resources/Unicode-<version>/`,
///    where `<version>` is `UnicodeVersions.unicode` (15.0 for ICU 72);
/// 2. under the system's `/usr/share/unicode/` (Debian's `unicode-data`), if the
///    file there is of that same version — unless the environment variable
///    `TEXTINPUTKIT_HIDE_SYSTEM_UNICODE` is set to `1`, which CI uses to prove
///    that the tests need no system copy;
/// 3. otherwise the lookup throws ``UnicodeData/Unavailable``, whose message names
///    both places and the version needed. A test never skips silently.
public enum UnicodeData {
  /// The environment variable that hides `/usr/share/unicode/` from the lookup.
  public static let hideSystemCopyVariable = "TEXTINPUTKIT_HIDE_SYSTEM_UNICODE"

  /// The system's copy, used when the repository holds no set of the right version.
  public static let systemRoot = "/usr/share/unicode"

  /// No copy of the file for the needed Unicode version was found.
  public struct Unavailable: Error, Equatable, CustomStringConvertible {
    /// The file, relative to the data root (`auxiliary/LineBreakTest.txt`).
    public var file: String
    /// The Unicode version the linked ICU implements.
    public var version: String
    /// What was found at each place looked at.
    public var tried: [String]

    public var description: String {
      """
      no Unicode \(version) copy of \(file): looked in \(tried.joined(separator: "; ")). \
      Add the Unicode \(version) files to Sources/UnicodeTestSupport/Resources/Unicode-\(version)/ \
      or install the unicode-data package of that version.
      """
    }
  }

  /// The lines of a Unicode data file (`auxiliary/GraphemeBreakTest.txt`,
  /// `emoji/emoji-test.txt`), from the first place that holds it in the version
  /// `UnicodeVersions.unicode`.
  ///
  /// - Throws: ``Unavailable`` when neither place has it in that version.
  public static func lines(_ relativePath: String) throws -> [Substring] {
    let version = UnicodeVersions.unicode
    var tried: [String] = []
    if let vendored = vendoredFolder(version)?.appendingPathComponent(relativePath).path {
      if let lines = read(vendored, expecting: version, tried: &tried) { return lines }
    } else {
      tried.append("the test resources (no resource folder)")
    }
    let system = "\(systemRoot)/\(relativePath)"
    if ProcessInfo.processInfo.environment[hideSystemCopyVariable] == "1" {
      tried.append("\(system) (hidden by \(hideSystemCopyVariable)=1)")
    } else if let lines = read(system, expecting: version, tried: &tried) {
      return lines
    }
    throw Unavailable(file: relativePath, version: version, tried: tried)
  }

  /// The folder `Unicode-<version>` of this target's resources. (Foundation on
  /// Linux treats a bundle's `Resources` folder as its resource folder, so the
  /// name is looked up both in it and under it.)
  static func vendoredFolder(_ version: String) -> URL? {
    let name = "Unicode-\(version)"
    return Bundle.module.url(forResource: name, withExtension: nil)
      ?? Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Resources")
  }

  /// The lines of `path` if it exists and is of `version`; otherwise records why not.
  static func read(_ path: String, expecting version: String, tried: inout [String]) -> [Substring]?
  {
    guard let data = FileManager.default.contents(atPath: path) else {
      tried.append("\(path) (missing)")
      return nil
    }
    let lines = String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    let found = self.version(of: lines)
    guard found == version else {
      tried.append("\(path) (Unicode \(found ?? "of unknown version"))")
      return nil
    }
    return lines
  }

  /// The Unicode version a data file states in its header: `15.0` from a first
  /// line such as `# GraphemeBreakTest-15.0.0.txt`, or from `# Version: 15.0`
  /// (emoji files). Trailing `.0`s after the minor version are dropped, as
  /// `UnicodeVersions.unicode` spells it.
  public static func version(of lines: [Substring]) -> String? {
    let number: Substring
    if let line = lines.prefix(40).first(where: { $0.hasPrefix("# Version:") }) {
      number = line.dropFirst("# Version:".count)
    } else if let line = lines.first, line.hasPrefix("# "), line.hasSuffix(".txt"),
      let dash = line.lastIndex(of: "-")
    {
      number = line[line.index(after: dash)..<line.index(line.endIndex, offsetBy: -4)]
    } else {
      return nil
    }
    var parts = number.trimmingCharacters(in: .whitespaces).split(separator: ".").map(String.init)
    guard !parts.isEmpty, parts.allSatisfy({ Int($0) != nil }) else { return nil }
    while parts.count > 2, parts.last == "0" { parts.removeLast() }
    return parts.joined(separator: ".")
  }
}

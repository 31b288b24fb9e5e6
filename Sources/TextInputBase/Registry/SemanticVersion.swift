/// A semantic version, `major.minor.patch` with an optional pre-release tag
/// (`1.2.0-beta.1`), ordered as semver.org orders versions (a pre-release sorts
/// before its release; pre-release tags compare as text).
///
/// ```swift
/// SemanticVersion("1.2.3")?.minor          // 2
/// SemanticVersion(1, 0, 0, preRelease: "rc.1") < SemanticVersion(1, 0, 0)  // true
/// ```
public struct SemanticVersion: Hashable, Comparable, Sendable, LosslessStringConvertible {
  /// Incompatible API changes.
  public var major: Int
  /// Backward-compatible additions.
  public var minor: Int
  /// Backward-compatible fixes.
  public var patch: Int
  /// A pre-release tag such as `beta.1`, or nil for a release.
  public var preRelease: String?

  /// Creates a version; negative components are clamped to 0.
  public init(_ major: Int, _ minor: Int, _ patch: Int, preRelease: String? = nil) {
    self.major = Swift.max(major, 0)
    self.minor = Swift.max(minor, 0)
    self.patch = Swift.max(patch, 0)
    self.preRelease = preRelease.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// Parses `major.minor.patch[-preRelease]`; nil if `description` is not of that form.
  public init?(_ description: String) {
    let (core, tag): (Substring, Substring?)
    if let dash = description.firstIndex(of: "-") {
      core = description[..<dash]
      tag = description[description.index(after: dash)...]
    } else {
      core = Substring(description)
      tag = nil
    }
    let parts = core.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let major = Int(parts[0]), let minor = Int(parts[1]), let patch = Int(parts[2])
    else { return nil }
    if let tag, tag.isEmpty || tag.contains(where: { $0.isWhitespace }) { return nil }
    self.init(major, minor, patch, preRelease: tag.map(String.init))
  }

  /// `major.minor.patch`, then `-preRelease` if there is one.
  public var description: String {
    "\(major).\(minor).\(patch)" + (preRelease.map { "-\($0)" } ?? "")
  }

  public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
    if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
      return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
    switch (lhs.preRelease, rhs.preRelease) {
    case (nil, _): return false
    case (_, nil): return true
    case (let left?, let right?): return left < right
    }
  }
}

public import Foundation

/// A caller's own detector: a regular expression, compiled once when the
/// detector is made, and the name of the kind it finds.
///
/// A match's target is `.custom(CustomLinkTarget(name:value:payload:))`, its
/// value the first capture group when the pattern has one and it took part in
/// the match, else the whole match. Empty matches are skipped.
///
/// ```swift
/// let tickets = try CustomDetector(name: "ticket", pattern: #"\b[A-Z]+-[0-9]+\b"#)
/// LinkDetector(customDetectors: [tickets]).links(in: "fixes TIK-42")[0].target
/// // .custom(CustomLinkTarget(name: "ticket", value: "TIK-42"))
/// ```
public struct CustomDetector: Sendable {
  /// The kind's name.
  public let name: String
  /// The pattern, in `NSRegularExpression` (ICU) syntax.
  public let pattern: String
  /// Attached to every target this detector makes.
  public let payload: (any Sendable)?
  private let expression: CompiledExpression

  /// Compiles `pattern`.
  ///
  /// - Throws: `LinkDetectorError.invalidPattern` when it does not compile,
  ///   `LinkDetectorError.emptyName` for an empty name.
  public init(
    name: String, pattern: String, options: NSRegularExpression.Options = [],
    payload: (any Sendable)? = nil
  ) throws(LinkDetectorError) {
    guard !name.isEmpty else { throw .emptyName(pattern: pattern) }
    do {
      expression = CompiledExpression(try NSRegularExpression(pattern: pattern, options: options))
    } catch {
      throw .invalidPattern(name: name, pattern: pattern)
    }
    self.name = name
    self.pattern = pattern
    self.payload = payload
  }

  /// The matches in `string`, in order (UTF-16 code units).
  ///
  /// - Complexity: the pattern's own, over the whole string.
  func matches(in string: String) -> [Link] {
    let ns = string as NSString
    var links: [Link] = []
    for match in expression.regex.matches(
      in: string, options: [], range: NSRange(location: 0, length: ns.length))
    where match.range.length > 0 && match.range.location != NSNotFound {
      var valueRange = match.range
      if match.numberOfRanges > 1, match.range(at: 1).location != NSNotFound {
        valueRange = match.range(at: 1)
      }
      let target = CustomLinkTarget(
        name: name, value: ns.substring(with: valueRange), payload: payload)
      if let last = links.last, last.end > match.range.location { continue }
      links.append(Link(range: match.range, target: .custom(target)))
    }
    return links
  }
}

/// An `NSRegularExpression`, which is immutable and safe to share across
/// threads once made (Foundation documents it so).
private final class CompiledExpression: @unchecked Sendable {
  let regex: NSRegularExpression
  init(_ regex: NSRegularExpression) { self.regex = regex }
}

/// Why a detector could not be made or configured. Each message names the
/// bad value and what was expected.
public enum LinkDetectorError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A custom detector's pattern that `NSRegularExpression` refuses.
  case invalidPattern(name: String, pattern: String)
  /// A custom detector without a name.
  case emptyName(pattern: String)
  /// A kind name that is not one of `LinkKind`'s.
  case unknownKind(String)

  public var description: String {
    switch self {
    case .invalidPattern(let name, let pattern):
      return
        "custom detector \(name.debugDescription): pattern \(pattern.debugDescription) does not "
        + "compile: expected an NSRegularExpression (ICU) pattern"
    case .emptyName(let pattern):
      return
        "custom detector for pattern \(pattern.debugDescription) has an empty name: expected a "
        + "name for its kind"
    case .unknownKind(let name):
      return
        "link kind \(name.debugDescription) is unknown: expected one of "
        + LinkKind.allCases.map(\.rawValue).joined(separator: ", ")
    }
  }
}

extension LinkKind {
  /// The kinds a comma-separated list names (`"url,email"`); spaces around
  /// names are ignored, empty items skipped.
  ///
  /// - Throws: `LinkDetectorError.unknownKind` naming the first unknown name.
  public static func parseList(_ list: String) throws(LinkDetectorError) -> Set<LinkKind> {
    var kinds: Set<LinkKind> = []
    for item in list.split(separator: ",") {
      let name = item.trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else { continue }
      guard let kind = LinkKind(rawValue: name) else { throw .unknownKind(name) }
      kinds.insert(kind)
    }
    return kinds
  }
}

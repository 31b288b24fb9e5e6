public import Foundation

/// A link in a text: a range and what it points to.
///
/// The range is in **UTF-16 code units** of the text it was found in (as
/// `NSString` and UIKit count), and lies on grapheme-cluster boundaries: the
/// detectors only report such ranges, and `Link.snapped(_:in:)` widens a
/// caller's range onto them.
///
/// ```swift
/// let links = LinkDetector().links(in: "Mail ann@example.com")
/// links[0].range   // {5, 15}
/// links[0].kind    // .email
/// links[0].target  // .email("ann@example.com")
/// ```
public struct Link: Hashable, Sendable {
  /// The linked text, in UTF-16 code units.
  public var range: NSRange
  /// What the link points to.
  public var target: LinkTarget

  /// Creates a link. The range is taken as given: use `snapped(_:in:)` or
  /// `LinkSet` to put a caller's range on grapheme boundaries.
  public init(range: NSRange, target: LinkTarget) {
    self.range = range
    self.target = target
  }

  /// The kind of the target.
  public var kind: LinkKind { target.kind }

  /// The upper bound of the range (UTF-16 code units).
  public var end: Int { range.location + range.length }
}

/// The kinds of link, as `Samples links --json` names them.
public enum LinkKind: String, Hashable, Sendable, CaseIterable, Comparable {
  /// A URL (`http://…`, `www.…`, `example.com`, `xmpp:…`).
  case url
  /// An e-mail address, bare or as `mailto:`.
  case email
  /// A telephone number.
  case phone
  /// An `@mention` (with its `/list` slug, if any).
  case mention
  /// A `#hashtag`.
  case hashtag
  /// A `$cashtag`.
  case cashtag
  /// A caller's own kind, from a custom detector or given directly.
  case custom

  /// Orders kinds as they are declared (`url` first).
  public static func < (lhs: LinkKind, rhs: LinkKind) -> Bool {
    let order = allCases
    return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
  }
}

/// What a link points to.
public enum LinkTarget: Hashable, Sendable {
  /// An absolute URL, as written with a scheme added when it had none
  /// (`www.a.org` → `http://www.a.org`). Not percent-encoded.
  case url(String)
  /// An e-mail address, without `mailto:`.
  case email(String)
  /// A telephone number: its digits, with a leading `+` for an international
  /// one (the E.164 form when the number is valid by libphonenumber's
  /// metadata), and an extension as RFC 3966 writes it (`+14156667777;ext=503`,
  /// found with `LinkDetector.defaultPhoneRegion` set).
  case phone(String)
  /// A screen name without the `@`, followed by `/slug` for a list.
  case mention(String)
  /// A hashtag without the `#`.
  case hashtag(String)
  /// A cashtag without the `$`.
  case cashtag(String)
  /// A caller's own target (held by reference: its name, value and payload
  /// would otherwise make every target, and every `Link`, 73 bytes long
  /// instead of 17).
  indirect case custom(CustomLinkTarget)

  /// The kind of this target.
  public var kind: LinkKind {
    switch self {
    case .url: return .url
    case .email: return .email
    case .phone: return .phone
    case .mention: return .mention
    case .hashtag: return .hashtag
    case .cashtag: return .cashtag
    case .custom: return .custom
    }
  }

  /// The target as one string: the URL; `mailto:` and the address; `tel:` and
  /// the number; the name, tag or symbol without its sigil; a custom target's
  /// value.
  ///
  /// ```swift
  /// LinkTarget.email("a@b.org").string   // "mailto:a@b.org"
  /// LinkTarget.phone("+15551234567").string  // "tel:+15551234567"
  /// ```
  public var string: String {
    switch self {
    case .url(let url): return url
    case .email(let address): return "mailto:" + address
    case .phone(let number): return "tel:" + number
    case .mention(let name): return name
    case .hashtag(let tag): return tag
    case .cashtag(let symbol): return symbol
    case .custom(let custom): return custom.value
    }
  }

  /// The target as a Foundation `URL` where it is one (URL, e-mail, phone),
  /// percent-encoding what `URL(string:)` refuses; nil otherwise.
  public var url: URL? {
    switch self {
    case .url, .email, .phone:
      if let url = URL(string: string) { return url }
      let allowed = CharacterSet.urlQueryAllowed.union(.urlPathAllowed).union(
        CharacterSet(charactersIn: "#"))
      return string.addingPercentEncoding(withAllowedCharacters: allowed).flatMap(URL.init(string:))
    default: return nil
    }
  }
}

/// A caller's own link target: a name for its kind, a value, and any
/// `Sendable` payload.
///
/// Two custom targets are equal when their names and values are equal and
/// their payloads are both nil, or both `Hashable` and equal; a payload that
/// is not `Hashable` takes no part in equality or hashing.
public struct CustomLinkTarget: Hashable, Sendable {
  /// The kind's name (`"ticket"`).
  public var name: String
  /// The target's value (`"JIRA-42"`): for a custom detector, the matched text
  /// or its first capture group.
  public var value: String
  /// Anything the caller wants to attach.
  public var payload: (any Sendable)?

  /// Creates a custom target.
  public init(name: String, value: String, payload: (any Sendable)? = nil) {
    self.name = name
    self.value = value
    self.payload = payload
  }

  public static func == (lhs: CustomLinkTarget, rhs: CustomLinkTarget) -> Bool {
    guard lhs.name == rhs.name, lhs.value == rhs.value else { return false }
    switch (lhs.payload, rhs.payload) {
    case (nil, nil): return true
    case (let a?, let b?):
      switch (a as? any Hashable, b as? any Hashable) {
      case (let a?, let b?): return AnyHashable(a) == AnyHashable(b)
      case (nil, nil): return true
      default: return false
      }
    default: return false
    }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(value)
    if let payload = payload as? any Hashable { hasher.combine(AnyHashable(payload)) }
  }
}

extension RandomAccessCollection where Element == Link {
  /// The index of the first link whose end is after `offset` (UTF-16 code
  /// units), in links sorted and not overlapping (their ends ascend): a
  /// binary search, the one the tracker, the layout and drawing share.
  ///
  /// - Complexity: O(log n).
  func firstLink(endingAfter offset: Int) -> Index { partitioningIndex { $0.end > offset } }
}

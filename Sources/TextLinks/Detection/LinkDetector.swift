public import Foundation
import TextMetrics

/// Finds links in plain text: URLs, e-mail addresses, phone numbers,
/// mentions, hashtags, cashtags and the caller's own kinds. Build one and
/// reuse it: nothing is compiled per call (custom patterns are compiled once,
/// when their `CustomDetector` is made).
///
/// Offsets are **UTF-16 code units**. The result is sorted by location, its
/// links never overlap, and every range lies on grapheme-cluster boundaries
/// (a match that would start or end inside a cluster — `a@b.org` before a
/// ZWJ — is widened to the clusters it touches, its target unchanged; if that
/// makes it overlap the link before it, it is dropped).
///
/// ```swift
/// let detector = LinkDetector()
/// detector.links(in: "see www.a.org, call +1 555 010 0199 #swift")
///   .map(\.target)
/// // [.url("http://www.a.org"), .phone("+15550100199"), .hashtag("swift")]
/// ```
///
/// **Overlaps** resolve by priority: the custom detectors first, in the order
/// given; then URLs and e-mail addresses (found in one pass, so never
/// overlapping each other); then phone numbers; then mentions, hashtags and
/// cashtags (one pass). A link of a lower priority that overlaps one of a
/// higher priority is dropped; within one detector, the earlier match wins.
///
/// The rules of each kind are documented where they live: `URLRules`,
/// and the scanners' comments (twitter-text's rules for mentions, hashtags
/// and cashtags; libphonenumber's metadata for international phone numbers,
/// whose region `LinkTarget.phoneRegion` gives, and a written heuristic for
/// the others).
public struct LinkDetector: Sendable {
  /// Which rules URLs and e-mail addresses follow.
  public enum URLRules: String, Hashable, Sendable, CaseIterable {
    /// The GitHub Flavored Markdown autolink extension exactly as cmark-gfm
    /// (GitHub's implementation) runs it: `extensions/autolink.c`, ported step
    /// for step on the UTF-8 bytes of paragraphs of plain text (blank lines
    /// separate paragraphs; no other Markdown syntax is read):
    /// - `www.` at the start, after white space or one of `* _ ~ (`, then a
    ///   domain with a period and no `_` in its last two segments — the
    ///   target gets `http://`;
    /// - `http://`, `https://`, `ftp://` (any case, not after a letter), then a
    ///   letter, digit or other non-space non-punctuation character;
    /// - then anything up to a space, tab, LF, CR or `<` (VT, FF, NEL, U+2028
    ///   and U+2029 do not end a link, as in cmark-gfm), less trailing
    ///   `? ! . , : * _ ~ ' "`, unbalanced `)` one at a time, and a trailing
    ///   `;` (with the `&name` before it);
    /// - e-mail: `[A-Za-z0-9.+-_]+@`, then letters, digits, `-`, `_` and
    ///   periods followed by a letter or digit (at least one), ending in a
    ///   letter or a period (dropped): `a.b-c_d@a.b`; `mailto:` and `xmpp:`
    ///   (with a `/resource`) before it.
    ///
    /// Where cmark-gfm departs from the published spec, this follows
    /// cmark-gfm; the departures are listed in the "URL and e-mail rules"
    /// article. `Scripts/gfm-differential.py` checks it against cmark-gfm.
    case gfm
    /// GFM's forms and trailing-punctuation rules, plus
    /// scheme-less domains (`example.com/path`, `президент.рф`,
    /// `192.168.0.1:8080`), with every host checked:
    /// - labels of 1–63 code units, not starting or ending with `-` or `_`,
    ///   `xn--` labels ASCII only, no `_` in the last two;
    /// - the last label a top-level domain of the Public Suffix List (or an
    ///   IPv4 address); after a scheme, also a single label (`localhost`,
    ///   `http://host-name`), and user information before the host is part
    ///   of the URL (`http://user:pass@example.com:8080`);
    /// - a host ends at its top-level domain when text of a script written
    ///   without spaces follows (`example.comです`), and is refused when a
    ///   letter, digit, `-`, `_`, `@` or `+` continues it;
    /// - not after `@ ＠ $ # ＃` (a mention, cashtag or hashtag), nor, without
    ///   a scheme, after `/`, `\` or `:`; a scheme-less host does not start
    ///   inside text of a script written without spaces (`中国語t.co` → `t.co`);
    /// - after the host only `:port`, `/`, `?` or `#` start a path, which
    ///   ends at white space, `<`, a control or format character, or text of
    ///   a script written without spaces;
    /// - e-mail domains are checked as hosts.
    case extended
    /// The default: UTS #58, Unicode Link Detection and Formatting (version
    /// 17.0, its `Link_Term`, `Link_Bracket` and `Link_Email` properties
    /// generated into tables by `Scripts/generate-uts58.py`):
    /// - a host is labels of letters, marks, digits (any script) and `-`,
    ///   separated by single periods, none empty or starting or ending with
    ///   `-`, the last a top-level domain of the Public Suffix List
    ///   (`TopLevelDomains.listVersion`); a host is the whole run of such
    ///   characters, so `example.comです` is no link;
    /// - `http://`, `https://` or `ftp://` before it are part of the link,
    ///   with user information (`http://user:pass@example.com`); after a
    ///   scheme, IPv4 addresses and single labels (`localhost`,
    ///   `http://host-name`) are hosts too; a final period is kept only
    ///   before a path; then a `:port`;
    /// - the path, query and fragment end by `Link_Term`: Include code points
    ///   are kept, Soft ones (`. , : ; ? ! '` and others) only when something
    ///   kept follows, a Hard one (white space, controls) ends the link; an
    ///   opening bracket is kept, a closing one only when it pairs
    ///   (`Link_Bracket`) with the last one opened in the same part (the
    ///   path's segments between `/`, the query's between `=` and `&`, the
    ///   fragment's between `:~:`): `example.com/α[(β])γ` ends after `β`;
    /// - an e-mail address: a domain as above with `@` before it, and a local
    ///   part of `Link_Email` code points (any script) that neither starts
    ///   nor ends with `.` nor holds `..`; `mailto:` before it is kept. A
    ///   domain after an invalid local part (`john.@example.com`) is no link
    ///   at all.
    ///
    /// Where it departs from the standard's reference code (not its test
    /// file): a run of host characters that `@` follows is a local part, not
    /// a host (`jane.de@example.com` is one address, not `jane.de`); the `?`
    /// that starts a query is Soft like any `?` (`example.com?` ends before
    /// it); only `.` separates labels (`。` ends a host, as in CJK prose);
    /// a scheme-less IPv4 address needs a port or a path
    /// (`version 1.2.3.4` is no link); `scheme://user@host` is one URL (the
    /// standard's test file expects no link; browsers and linkify-it link it
    /// whole), and so is a single-label host after a scheme.
    case uts58
  }

  /// The kinds found by default: all but cashtags (and `custom`, which comes
  /// from custom detectors).
  public static let defaultKinds: Set<LinkKind> = [.url, .email, .phone, .mention, .hashtag]

  /// The kinds this detector finds (`custom` is ignored: custom detectors run
  /// when given).
  public var kinds: Set<LinkKind>
  /// The URL and e-mail rules.
  public var urlRules: URLRules
  /// Whether a scheme-less host that looks like a file name is a link
  /// (default `false`). With `.uts58` and `.extended`, a host found without a
  /// scheme whose last label is a top-level domain that is also a common file
  /// extension — `md py sh rs zip mov pm ps mk`, any case — and that has
  /// no `www.`, no port and no path is taken for a file name and not linked:
  /// `See README.md, main.py, setup.sh, lib.rs, photos.zip and clip.mov`
  /// holds no link, while `www.example.md`, `example.md/page`,
  /// `example.md:8080` and `https://example.md` are links. E-mail domains
  /// are not affected. `.gfm` has no scheme-less hosts, so no policy.
  public var allowsFileNameHosts: Bool
  /// The caller's detectors, highest priority first.
  public var customDetectors: [CustomDetector]

  /// The region national phone numbers are read in (a CLDR region code, as
  /// ISO 3166 alpha-2 upper case: `"GB"`), or nil (the default) for the
  /// written heuristic. With a region, phone numbers are read as
  /// libphonenumber's `PhoneNumberMatcher` reads them at leniency VALID:
  /// - a number without `+` is a link only when it is valid there by
  ///   libphonenumber's metadata (its national prefix dropped; any region of
  ///   the same calling code, as libphonenumber reads `07911 123456` in GB as
  ///   a Guernsey number), and, where the number's format requires the
  ///   national prefix, only when written with it (`(20) 3346 1234` in GB is
  ///   no link, `020 3346 1234` is); the target is its E.164 form
  ///   (`020 7946 0958` in `"GB"` → `+442079460958`);
  /// - a number may follow or precede any text but a Latin letter, `%` or a
  ///   currency symbol (`我的电话号码是415-666-7777`, `Tel:415-666-7777.`);
  ///   one starting with `(` or `+` may also follow a Latin letter;
  /// - a letter within the digits (`650x2531234`) makes no number.
  ///
  /// A region libphonenumber does not know (not in `phoneRegions`) finds no
  /// national number.
  public var defaultPhoneRegion: String?

  /// The regions `defaultPhoneRegion` can read national numbers of: the CLDR
  /// codes of libphonenumber's metadata, sorted.
  public static let phoneRegions: [String] = PhoneMetadata.regions.map(\.id).sorted()

  /// Creates a detector.
  public init(
    kinds: Set<LinkKind> = LinkDetector.defaultKinds, urlRules: URLRules = .uts58,
    customDetectors: [CustomDetector] = [], allowsFileNameHosts: Bool = false,
    defaultPhoneRegion: String? = nil
  ) {
    self.kinds = kinds
    self.urlRules = urlRules
    self.customDetectors = customDetectors
    self.allowsFileNameHosts = allowsFileNameHosts
    self.defaultPhoneRegion = defaultPhoneRegion
  }

  /// The links in `text`, sorted, non-overlapping, on grapheme boundaries
  /// (UTF-16 code units).
  ///
  /// - Complexity: O(n) in the length of the text for the built-in kinds
  ///   (plus the custom patterns' own cost), and O(n) once more to find
  ///   grapheme boundaries when a match edge is next to a non-Latin scalar.
  public func links(in text: String) -> [Link] {
    links(utf16: Array(text.utf16))
  }

  /// The links in UTF-16 code units `utf16` (a lone surrogate reads as
  /// U+FFFD), as `links(in:)`.
  ///
  /// - Complexity: as `links(in:)`.
  public func links<Units: RandomAccessCollection<UInt16>>(utf16: Units) -> [Link]
  where Units.Index == Int {
    links(utf16: utf16, in: NSRange(location: 0, length: utf16.count))
  }

  /// The links that lie wholly inside `range` of `utf16` (UTF-16 code units),
  /// found as if the text were only that range but with offsets in the whole
  /// text. The range is clamped to the text as `NSRange.clamped(toLength:)`
  /// reads it (`NSNotFound`: no range). Used to detect only the
  /// paragraphs an edit touched.
  ///
  /// - Complexity: O(r) in the length of the range for the built-in kinds.
  public func links<Units: RandomAccessCollection<UInt16>>(utf16: Units, in range: NSRange)
    -> [Link] where Units.Index == Int
  {
    let clamped = range.clamped(toLength: utf16.count)
    let (start, end) = (clamped.lowerBound, clamped.upperBound)
    guard end > start else { return [] }
    let whole = start == 0 && end == utf16.count ? utf16 as? [UInt16] : nil
    let slice = whole ?? Array(utf16[start..<end])
    let reader = UTF16Reader(units: slice)
    var classes: [[Link]] = []
    if !customDetectors.isEmpty {
      let string = String(decoding: slice, as: UTF16.self)
      for detector in customDetectors { classes.append(detector.matches(in: string)) }
    }
    if kinds.contains(.url) || kinds.contains(.email) {
      var found: [Link] = []
      if urlRules == .gfm {
        GFMAutolinkScanner(urls: kinds.contains(.url), emails: kinds.contains(.email))
          .scan(reader, into: &found)
      } else if urlRules == .uts58 {
        UTS58Scanner(
          urls: kinds.contains(.url), emails: kinds.contains(.email),
          fileNames: allowsFileNameHosts
        )
        .scan(reader, into: &found)
      } else {
        AutolinkScanner(
          urls: kinds.contains(.url), emails: kinds.contains(.email),
          fileNames: allowsFileNameHosts
        )
        .scan(reader, into: &found)
      }
      classes.append(found)
    }
    if kinds.contains(.phone) {
      var found: [Link] = []
      PhoneScanner(defaultRegion: defaultPhoneRegion).scan(reader, into: &found)
      classes.append(found)
    }
    if kinds.contains(.mention) || kinds.contains(.hashtag) || kinds.contains(.cashtag) {
      var found: [Link] = []
      SocialScanner(
        mentions: kinds.contains(.mention), hashtags: kinds.contains(.hashtag),
        cashtags: kinds.contains(.cashtag)
      ).scan(reader, into: &found)
      classes.append(found)
    }
    var merged = Self.resolveOverlaps(classes)
    merged = Self.snapToGraphemes(merged, slice)
    if start != 0 {
      for index in merged.indices { merged[index].range.location += start }
    }
    return merged
  }

  // MARK: Overlaps and graphemes

  /// Merges classes of links (each sorted and non-overlapping), highest
  /// priority first: a link overlapping one already kept is dropped.
  ///
  /// - Complexity: O(c · n) for c classes and n links.
  static func resolveOverlaps(_ classes: [[Link]]) -> [Link] {
    var kept: [Link] = []
    for links in classes {
      guard !kept.isEmpty else {
        kept = links
        continue
      }
      var merged: [Link] = []
      merged.reserveCapacity(kept.count + links.count)
      var k = 0
      for link in links {
        while k < kept.count, kept[k].end <= link.range.location {
          merged.append(kept[k])
          k += 1
        }
        if k < kept.count, kept[k].range.location < link.end { continue }
        // The previous kept link ends at or before this one's start.
        merged.append(link)
      }
      merged.append(contentsOf: kept[k...])
      kept = merged
    }
    return kept
  }

  /// Widens links whose ends fall inside a grapheme cluster to the clusters
  /// they touch (the target keeps the matched text); a widened link that
  /// overlaps the one kept before it is dropped.
  static func snapToGraphemes(_ links: [Link], _ units: [UInt16]) -> [Link] {
    func trivially(_ offset: Int) -> Bool {
      if offset <= 0 || offset >= units.count { return true }
      let before = units[offset - 1]
      let after = units[offset]
      return before < 0x300 && after < 0x300 && !(before == 0x0D && after == 0x0A)
    }
    guard links.contains(where: { !trivially($0.range.location) || !trivially($0.end) }) else {
      return links
    }
    let boundaries = Graphemes.boundaries(utf16: units)
    var result: [Link] = []
    result.reserveCapacity(links.count)
    for var link in links {
      link.range = boundaries.widened(link.range)
      if let last = result.last, last.end > link.range.location { continue }
      result.append(link)
    }
    return result
  }
}

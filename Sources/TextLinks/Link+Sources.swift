public import Foundation
import TextMetrics

extension Link {
  /// The links a caller gives, made safe to lay out and hit-test: each range
  /// clamped to the text (a negative location or length, `NSNotFound`, or an
  /// overflowing length is cut to `0...utf16Count`), widened to the grapheme
  /// clusters it touches, empty ones dropped; then sorted by location, and a
  /// link overlapping an earlier kept one dropped (on an equal location the
  /// longer is kept, then the first given).
  ///
  /// Offsets are **UTF-16 code units** of `utf16`.
  ///
  /// ```swift
  /// // "e\u{301}x": a range splitting the é cluster is widened.
  /// Link.normalized([Link(range: NSRange(location: 1, length: 1), target: .url("a"))],
  ///                 utf16: Array("e\u{301}x".utf16))[0].range   // {0, 2}
  /// ```
  ///
  /// - Complexity: O(n + k log k) for n code units and k links.
  public static func normalized(_ links: [Link], utf16: [UInt16]) -> [Link] {
    guard !links.isEmpty else { return [] }
    let boundaries = Graphemes.boundaries(utf16: utf16)
    var widened: [(index: Int, link: Link)] = []
    for (index, var link) in links.enumerated() {
      let range = boundaries.widened(link.range)
      guard range.length > 0 else { continue }
      link.range = range
      widened.append((index, link))
    }
    widened.sort {
      if $0.link.range.location != $1.link.range.location {
        return $0.link.range.location < $1.link.range.location
      }
      if $0.link.range.length != $1.link.range.length {
        return $0.link.range.length > $1.link.range.length
      }
      return $0.index < $1.index
    }
    var kept: [Link] = []
    for (_, link) in widened where (kept.last?.end ?? 0) <= link.range.location {
      kept.append(link)
    }
    return kept
  }

  /// The links an attributed string carries in its `.link` attribute, one per
  /// run of equal URLs, in text order (UTF-16 code units of
  /// `String(attributed.characters)`), normalized as `normalized(_:utf16:)`.
  ///
  /// - Complexity: O(n) in the length of the text.
  public static func links(in attributed: AttributedString) -> [Link] {
    var links: [Link] = []
    var offset = 0
    for (url, range) in attributed.runs[\.link] {
      // Counted by scalars: a run may end inside a grapheme cluster (a
      // combining mark in the next run), where its `characters` would drop
      // the cluster split between runs.
      let length = attributed.unicodeScalars[range].reduce(0) { $0 + $1.utf16.count }
      if let url {
        links.append(
          Link(range: NSRange(location: offset, length: length), target: .url(url.absoluteString)))
      }
      offset += length
    }
    return normalized(links, utf16: Array(String(attributed.characters).utf16))
  }
}

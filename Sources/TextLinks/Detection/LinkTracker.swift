public import Foundation

/// The links of a text kept in sync as it is edited: ranges move with edits,
/// and only the paragraphs an edit touched are detected again.
///
/// A paragraph ends after LF, CR (not before LF), VT, FF, NEL, U+2028 or
/// U+2029. Under the `.uts58` and `.extended` URL rules no built-in detector
/// finds a link across one, so the links after any edit equal
/// `detector.links(utf16:)` of the new text; custom patterns are likewise run
/// per paragraph (a custom match across a paragraph break is not kept in
/// sync). With `.gfm` URL rules a link runs through VT, FF, NEL, U+2028 and
/// U+2029 as cmark-gfm's does (only LF and CR end its lines), and the
/// paragraphs are Markdown's (blank-line separated, and a `www.` after NEL,
/// U+2028 or U+2029 is not at a paragraph's start there), so an edit detects
/// the whole text again.
///
/// ```swift
/// var tracker = LinkTracker(detector: LinkDetector(), utf16: Array("a.org\nb".utf16))
/// // The user types ".org" after "b": 4 code units at offset 7.
/// tracker.replaceCharacters(
///   in: NSRange(location: 7, length: 0), replacementLength: 4,
///   newText: Array("a.org\nb.org".utf16))
/// tracker.links.map(\.range)     // [{0, 5}, {6, 5}]
/// tracker.lastDetectedRange      // {6, 5}: only the second paragraph
/// ```
public struct LinkTracker: Sendable {
  /// The detector, reused for every edit.
  public let detector: LinkDetector
  /// The links of the current text (UTF-16 code units), sorted, non-overlapping.
  public private(set) var links: [Link]
  /// The range (UTF-16 code units of the new text) the last edit detected
  /// again, or nil before any edit.
  public private(set) var lastDetectedRange: NSRange?
  /// The links' hyperlink ids, kept with them after `keepOrdinals()`
  /// (`EditorLinks` calls it; a tracker used alone keeps none).
  private(set) var ordinals: LinkOrdinals?

  /// Computes the links' hyperlink ids and keeps them from now on.
  ///
  /// - Complexity: O(l) in the links.
  mutating func keepOrdinals() { ordinals = LinkOrdinals(links) }

  /// Detects the links of `utf16`.
  ///
  /// - Complexity: as `LinkDetector.links(utf16:)`.
  public init<Units: RandomAccessCollection<UInt16>>(detector: LinkDetector, utf16: Units)
  where Units.Index == Int {
    self.detector = detector
    links = detector.links(utf16: utf16)
  }

  /// Applies an edit: `oldRange` of the old text (UTF-16 code units) was
  /// replaced by `replacementLength` code units, giving `newText`. An edit
  /// that does not fit — a negative or `NSNotFound` location, a negative
  /// length, a range past the end of the old text (whose length is the new
  /// one less the change), a replacement past the end of the new text —
  /// detects the whole new text again instead.
  ///
  /// Inside a long paragraph only a window around the edit is detected
  /// again: it grows until the links found near its edges are the old ones
  /// there (see `settled`), or it reaches the paragraph's edges.
  ///
  /// - Complexity: O(w + k): w the window's length (about the edit plus
  ///   twice `firstMargin`, at most the touched paragraphs), k the number of
  ///   links after it (which shift).
  public mutating func replaceCharacters<Units: RandomAccessCollection<UInt16>>(
    in oldRange: NSRange, replacementLength: Int, newText utf16: Units
  ) where Units.Index == Int {
    let location = oldRange.location
    let oldLength = oldRange.length
    let newLength = replacementLength
    // The old text's length: the new one less the replacement plus what it replaced.
    let (oldCount, overflow) =
      newLength >= 0 && newLength <= utf16.count
      ? (utf16.count - newLength).addingReportingOverflow(oldLength) : (0, true)
    guard !overflow, location != NSNotFound, location >= 0, oldLength >= 0,
      location <= utf16.count - newLength, location <= oldCount - oldLength,
      (links.last?.end ?? 0) <= oldCount,
      detector.urlRules != .gfm
        || !(detector.kinds.contains(.url) || detector.kinds.contains(.email))
    else {
      links = detector.links(utf16: utf16)
      ordinals?.rebuild(links)
      lastDetectedRange = NSRange(location: 0, length: utf16.count)
      return
    }
    let delta = newLength - oldLength
    // Custom patterns may match across anything but a paragraph break: their
    // paragraphs are detected whole.
    var margin = detector.customDetectors.isEmpty ? Self.firstMargin : .max
    while true {
      // A window around the edit, each side `margin` units long or to the
      // paragraph's edge, whichever is nearer.
      var start = HardBreaks.paragraphStart(before: location, in: utf16, within: margin)
      var end = HardBreaks.paragraphEnd(after: location + newLength, in: utf16, within: margin)
      // Cut at a space when one is near: a cut through a word is likelier
      // to cut a link, and then the window grows. The window starts at the
      // space and ends just after one, so that the text each edge reads is
      // as the paragraph has it (a link just after the space is not taken
      // for one that the cut made, which would grow the window).
      if start > 0, !HardBreaks.isBreak(utf16[start - 1]) {
        start = Self.atSpace(atOrBefore: start, in: utf16)
      }
      if end < utf16.count, !HardBreaks.isBreak(utf16[end - 1]) {
        end = Self.afterSpace(atOrAfter: end, in: utf16)
      }
      let oldEnd = end - delta
      let firstDropped = links.firstLink(endingAfter: start)
      var firstKept = firstDropped
      while firstKept < links.count, links[firstKept].range.location < oldEnd { firstKept += 1 }
      let found = detector.links(utf16: utf16, in: NSRange(location: start, length: end - start))
      let wholeStart = start == 0 || HardBreaks.isBreak(utf16[start - 1])
      let wholeEnd = end == utf16.count || HardBreaks.isBreak(utf16[end - 1])
      if !(wholeStart && wholeEnd),
        !Self.settled(
          found, old: links[firstDropped..<firstKept], window: start..<end,
          edit: location..<(location + newLength), delta: delta, wholeStart: wholeStart,
          wholeEnd: wholeEnd)
      {
        margin = margin > Int.max / 2 ? .max : margin * 2
        continue
      }
      if delta != 0 {
        for index in firstKept..<links.count { links[index].range.location += delta }
      }
      splice(firstDropped..<firstKept, with: found)
      lastDetectedRange = NSRange(location: start, length: end - start)
      return
    }
  }

  /// Units each side of an edit the first window spans (it doubles until
  /// its edges settle, or reaches the paragraph's edges).
  static let firstMargin = 320
  /// How far a window's edge moves to fall just after a space.
  static let spaceSearch = 48

  /// The offset of the nearest U+0020 before `offset`, within `spaceSearch`
  /// units, or `offset` itself; a paragraph's start when one comes first.
  static func atSpace<Units: RandomAccessCollection<UInt16>>(
    atOrBefore offset: Int, in utf16: Units
  ) -> Int where Units.Index == Int {
    var index = offset
    while index > 0, offset - index < spaceSearch {
      if utf16[index - 1] == 0x20 { return index - 1 }
      if HardBreaks.isBreak(utf16[index - 1]) { return index }
      index -= 1
    }
    return offset
  }

  /// The offset just after the nearest U+0020 at or after `offset`, within
  /// `spaceSearch` units, or `offset` itself (never past a paragraph's end).
  static func afterSpace<Units: RandomAccessCollection<UInt16>>(
    atOrAfter offset: Int, in utf16: Units
  ) -> Int where Units.Index == Int {
    var index = offset
    while index < utf16.count, index - offset < spaceSearch {
      if utf16[index] == 0x20 || HardBreaks.isBreak(utf16[index]) { return index + 1 }
      index += 1
    }
    return offset
  }
  /// Units at a window's edge where the links found in the window must be
  /// the old ones (moved by the edit) for the window to be kept.
  static let settleZone = 128

  /// Whether the links `found` in `window` (of the new text) can stand for
  /// the paragraph's own there: at each edge that is not a paragraph's, the
  /// links found within `settleZone` units of it, before the edit's
  /// neighbourhood, are exactly the old ones there (moved by `delta` after
  /// the edit), no old link crosses the edge, and no link found touches it.
  ///
  /// A window that starts or ends inside a paragraph reads its edge as the
  /// text's start or end, which can make a link there look shorter or find
  /// one that the paragraph does not have; the edits' effect on links spreads
  /// only as far as the link the edit lies in. So: where the window's edge
  /// zones hold what they held before, detection there is not affected by
  /// the edit nor by the cut, and the links between are the paragraph's.
  /// (This is a check of agreement, not a proof for every custom pattern; the
  /// property tests compare it with detecting the whole text.)
  static func settled(
    _ found: [Link], old: ArraySlice<Link>, window: Range<Int>, edit: Range<Int>, delta: Int,
    wholeStart: Bool, wholeEnd: Bool
  ) -> Bool {
    let guardBand = settleZone
    if !wholeStart {
      let zone = window.lowerBound..<(window.lowerBound + settleZone)
      guard zone.upperBound + guardBand <= edit.lowerBound else { return false }
      if let first = old.first, first.range.location < window.lowerBound { return false }
      let before = found.filter { $0.range.location < zone.upperBound }
      let was = old.filter { $0.range.location < zone.upperBound }
      guard before.map(\.range) == was.map(\.range), before.allSatisfy({ $0.end < edit.lowerBound })
      else { return false }
      if let first = found.first, first.range.location == window.lowerBound { return false }
    }
    if !wholeEnd {
      let zone = (window.upperBound - settleZone)..<window.upperBound
      guard zone.lowerBound - guardBand >= edit.upperBound else { return false }
      if let last = old.last, last.end + delta > window.upperBound { return false }
      let after = found.filter { $0.end > zone.lowerBound }
      let was = old.filter { $0.end + delta > zone.lowerBound }.map {
        NSRange(location: $0.range.location + delta, length: $0.range.length)
      }
      guard after.map(\.range) == was, after.allSatisfy({ $0.range.location >= edit.upperBound })
      else { return false }
      if let last = found.last, last.end == window.upperBound { return false }
    }
    return true
  }

  /// Widens the links in `range` (UTF-16 code units) to grapheme clusters
  /// with `widen` and drops those that then overlap an earlier one, so that
  /// the links stay normalized (see `Link.normalized(_:utf16:)`) without
  /// segmenting the whole text.
  ///
  /// - Complexity: O(k log n) for the k links in the range.
  mutating func normalize(in range: NSRange, widen: (NSRange) -> NSRange) {
    let first = links.firstLink(endingAfter: range.location)
    var last = first
    while last < links.count, links[last].range.location < NSMaxRange(range) { last += 1 }
    guard first < last else { return }
    var kept: [Link] = []
    var previousEnd = first > 0 ? links[first - 1].end : 0
    for var link in links[first..<last] {
      link.range = widen(link.range)
      guard link.range.length > 0, link.range.location >= previousEnd else { continue }
      if last < links.count, link.end > links[last].range.location { continue }
      previousEnd = link.end
      kept.append(link)
    }
    if links[first..<last].elementsEqual(kept) { return }
    splice(first..<last, with: kept)
  }

  /// Replaces links `range` with `new`, and their ordinals when kept.
  private mutating func splice(_ range: Range<Int>, with new: [Link]) {
    links.replaceSubrange(range, with: new)
    ordinals?.splice(range, with: new[...], links: links)
  }
}

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

  /// Detects the links of `utf16`.
  ///
  /// - Complexity: as `LinkDetector.links(utf16:)`.
  public init(detector: LinkDetector, utf16: [UInt16]) {
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
  /// - Complexity: O(p + k): p the length of the touched paragraphs, k the
  ///   number of links after them (which shift).
  public mutating func replaceCharacters(
    in oldRange: NSRange, replacementLength: Int, newText utf16: [UInt16]
  ) {
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
      lastDetectedRange = NSRange(location: 0, length: utf16.count)
      return
    }
    let delta = newLength - oldLength
    let start = Self.paragraphStart(before: location, in: utf16)
    let end = Self.paragraphEnd(after: location + newLength, in: utf16)
    let oldEnd = end - delta
    // Links wholly before the touched paragraphs stay; those after shift.
    let firstDropped = Self.firstLink(endingAfter: start, in: links)
    var firstKept = firstDropped
    while firstKept < links.count, links[firstKept].range.location < oldEnd { firstKept += 1 }
    let found = detector.links(utf16: utf16, in: NSRange(location: start, length: end - start))
    if delta != 0 {
      for index in firstKept..<links.count { links[index].range.location += delta }
    }
    links.replaceSubrange(firstDropped..<firstKept, with: found)
    lastDetectedRange = NSRange(location: start, length: end - start)
  }

  /// The index of the first link whose end is after `offset` (binary search).
  /// Widens the links in `range` (UTF-16 code units) to grapheme clusters
  /// with `widen` and drops those that then overlap an earlier one, so that
  /// the links stay normalized (see `Link.normalized(_:utf16:)`) without
  /// segmenting the whole text.
  ///
  /// - Complexity: O(k log n) for the k links in the range.
  mutating func normalize(in range: NSRange, widen: (NSRange) -> NSRange) {
    let first = Self.firstLink(endingAfter: range.location, in: links)
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
    links.replaceSubrange(first..<last, with: kept)
  }

  private static func firstLink(endingAfter offset: Int, in links: [Link]) -> Int {
    links.partitioningIndex { $0.end > offset }
  }

  static func isParagraphSeparator(_ unit: UInt16) -> Bool {
    (0x0A...0x0D).contains(unit) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
  }

  /// The start of the paragraph holding `offset`: just after the separator
  /// before it (a CR LF pair counts as one).
  static func paragraphStart(before offset: Int, in utf16: [UInt16]) -> Int {
    var index = min(max(offset, 0), utf16.count)
    // An offset between CR and LF belongs to the paragraph the pair ends.
    if index > 0, index < utf16.count, utf16[index - 1] == 0x0D, utf16[index] == 0x0A {
      index -= 1
    }
    while index > 0, !isParagraphSeparator(utf16[index - 1]) { index -= 1 }
    return index
  }

  /// The end of the paragraph holding `offset`, its separator included.
  static func paragraphEnd(after offset: Int, in utf16: [UInt16]) -> Int {
    var index = min(max(offset, 0), utf16.count)
    if index > 0, index < utf16.count, utf16[index - 1] == 0x0D, utf16[index] == 0x0A {
      return index + 1
    }
    while index < utf16.count, !isParagraphSeparator(utf16[index]) { index += 1 }
    guard index < utf16.count else { return index }
    if utf16[index] == 0x0D, index + 1 < utf16.count, utf16[index + 1] == 0x0A { return index + 2 }
    return index + 1
  }
}

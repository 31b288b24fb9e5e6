internal import CTextInputICU
public import Foundation
public import TextInputBase

/// The Unicode bidirectional algorithm (UAX #9), from ICU's `ubidi`.
///
/// Offsets and ranges are **UTF-16 code units** of the paragraph passed in.
///
/// ```swift
/// let units = Array("abc \u{5D0}\u{5D1}\u{5D2}".utf16)
/// let paragraph = Bidi.paragraph(utf16: units)
/// paragraph.direction                                    // .leftToRight
/// paragraph.visualRuns().map(\.range)                    // [{0, 4}, {4, 3}]
/// paragraph.visualRuns().map(\.isRightToLeft)            // [false, true]
/// ```
public enum Bidi {
  /// How the paragraph's own direction is chosen.
  public enum BaseDirection: Hashable, Sendable {
    /// This direction, whatever the text holds.
    case fixed(LayoutDirection)
    /// The direction of the first strong character (rules P2–P3), or
    /// `fallback` when there is none.
    case firstStrong(fallback: LayoutDirection)

    /// First strong character, else left to right.
    public static let natural = BaseDirection.firstStrong(fallback: .leftToRight)
  }

  /// Runs the bidi algorithm over one paragraph of UTF-16 code units.
  ///
  /// The text should be one paragraph: a paragraph separator inside it ends
  /// ICU's paragraph there, and later text keeps the first one's direction.
  /// Text longer than `Int32.max` units, or an ICU failure (out of memory),
  /// gives a paragraph whose levels are all the base level (or 0) with no
  /// reordering: the documented fallback, never a trap.
  ///
  /// - Complexity: O(n) in the number of code units.
  public static func paragraph(utf16 units: [UInt16], direction: BaseDirection = .natural)
    -> BidiParagraph
  {
    BidiParagraph(units: units, base: direction)
  }

  /// Runs the bidi algorithm over `text`, as `paragraph(utf16:direction:)`.
  ///
  /// - Complexity: O(n) in the UTF-16 length of `text`.
  public static func paragraph(in text: String, direction: BaseDirection = .natural)
    -> BidiParagraph
  {
    BidiParagraph(units: Array(text.utf16), base: direction)
  }

  /// Whether `units` may hold a character that is not left to right: a
  /// right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko, …, their
  /// presentation forms and supplementary-plane scripts) or an explicit RTL
  /// formatting character. When it returns false, every level is 0 in a
  /// left-to-right or natural paragraph, and the bidi algorithm can be skipped.
  ///
  /// - Complexity: O(n) in the number of code units; allocates nothing.
  public static func mayContainRightToLeft<C: Collection>(_ units: C) -> Bool
  where C.Element == UInt16 {
    for unit in units where unit >= 0x0590 {
      switch unit {
      case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return true
      case 0x200F, 0x202B, 0x202E, 0x2067, 0x061C: return true
      // High surrogates of U+10800–U+10FFF and U+1E800–U+1EFFF.
      case 0xD802, 0xD803, 0xD83A, 0xD83B: return true
      default: continue
      }
    }
    return false
  }
}

/// One run of a line in visual order: a logical range of UTF-16 code units
/// shown in one direction.
public struct VisualRun: Hashable, Sendable {
  /// The run's logical range, in UTF-16 code units of the paragraph.
  public var range: NSRange
  /// Whether its characters show right to left (its level is odd).
  public var isRightToLeft: Bool

  /// Creates a run.
  public init(range: NSRange, isRightToLeft: Bool) {
    self.range = range
    self.isRightToLeft = isRightToLeft
  }
}

/// One paragraph after the bidi algorithm: its resolved direction, the
/// embedding level of every UTF-16 code unit, and the visual runs of any line.
///
/// It holds ICU's paragraph object and a copy of the text; queries are
/// serialised by a lock, so a paragraph may be shared between threads.
public final class BidiParagraph: @unchecked Sendable {
  /// The paragraph's UTF-16 code units.
  public let units: [UInt16]
  /// The resolved paragraph direction.
  public let direction: LayoutDirection
  /// The embedding level of each UTF-16 code unit (even: LTR, odd: RTL), one
  /// per unit of `units`.
  public let levels: [UInt8]

  private let buffer: UnsafeMutableBufferPointer<UInt16>
  private let bidi: OpaquePointer?
  private let lock = NSLock()

  init(units: [UInt16], base: Bidi.BaseDirection) {
    self.units = units
    let requested: UInt8
    let fallbackLevel: UInt8
    switch base {
    case .fixed(let direction):
      requested = direction == .leftToRight ? 0 : 1
      fallbackLevel = requested
    case .firstStrong(let fallback):
      requested = fallback == .leftToRight ? 0xFE : 0xFF
      fallbackLevel = fallback == .leftToRight ? 0 : 1
    }
    buffer = .allocate(capacity: max(units.count, 1))
    _ = buffer.initialize(from: units)
    var error: Int32 = 0
    let object: OpaquePointer? =
      units.count <= Int(Int32.max)
      ? ctii_bidi_open(buffer.baseAddress, Int32(units.count), requested, &error) : nil
    bidi = error > 0 ? nil : object
    if let bidi {
      let level = ctii_bidi_paragraph_level(bidi)
      direction = level & 1 == 0 ? .leftToRight : .rightToLeft
      levels = (0..<units.count).map { ctii_bidi_level_at(bidi, Int32($0)) }
    } else {
      direction = fallbackLevel == 0 ? .leftToRight : .rightToLeft
      levels = [UInt8](repeating: fallbackLevel, count: units.count)
    }
  }

  deinit {
    if let bidi { ctii_bidi_close(bidi) }
    buffer.deallocate()
  }

  /// The number of UTF-16 code units.
  public var utf16Count: Int { units.count }

  /// The visual runs of the line `line` (UTF-16 code units of the paragraph;
  /// the whole paragraph by default), left to right on screen.
  ///
  /// The line is clamped to the paragraph by `NSRange.clamped(toLength:)`; an
  /// empty line has no runs. Rule L1
  /// applies: trailing whitespace of the line takes the paragraph's level. If
  /// ICU fails, the result is one run in the paragraph's direction.
  ///
  /// - Complexity: O(k) in the length of the line.
  public func visualRuns(in line: NSRange? = nil) -> [VisualRun] {
    let whole = NSRange(location: 0, length: units.count)
    let requested = line ?? whole
    let clamped = requested.clamped(toLength: units.count)
    let (start, end) = (clamped.lowerBound, clamped.upperBound)
    guard end > start else { return [] }
    let fallback = [
      VisualRun(
        range: NSRange(location: start, length: end - start),
        isRightToLeft: direction == .rightToLeft)
    ]
    guard let bidi else { return fallback }
    lock.lock()
    defer { lock.unlock() }
    var error: Int32 = 0
    guard let lineObject = ctii_bidi_line(bidi, Int32(start), Int32(end), &error), error <= 0
    else { return fallback }
    defer { ctii_bidi_close(lineObject) }
    let count = ctii_bidi_run_count(lineObject, &error)
    guard count >= 0, error <= 0 else { return fallback }
    var runs: [VisualRun] = []
    runs.reserveCapacity(Int(count))
    for index in 0..<count {
      var logicalStart: Int32 = 0
      var length: Int32 = 0
      let rtl = ctii_bidi_visual_run(lineObject, index, &logicalStart, &length)
      runs.append(
        VisualRun(
          range: NSRange(location: start + Int(logicalStart), length: Int(length)),
          isRightToLeft: rtl))
    }
    return runs
  }
}

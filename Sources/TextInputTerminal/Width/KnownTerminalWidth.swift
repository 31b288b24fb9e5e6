/// The width of text in one known terminal: python wcwidth 0.9.4's
/// `width(text, term_program:)` (its "parse" path, without escape
/// sequences), step for step, so that the tables generated from it mean
/// here what they mean there.
///
/// The rules, as wcwidth applies them scalar by scalar:
/// - a scalar's width is wcwidth's (zero-width 0, East Asian W/F 2, else 1),
///   changed by the terminal's overrides (narrower, zeroer, wider);
/// - ZWJ joins the next scalar, which adds nothing (a ZWJ sequence is its
///   first emoji's width, as a mode-2027 terminal draws it), unless the
///   terminal has a grapheme override for the sequence;
/// - VS16 widens a narrow emoji to 2 unless the terminal ignores it for that
///   emoji; VS15 narrows a wide emoji to 1 unless the terminal keeps it wide;
/// - the second regional indicator of a pair and a skin-tone modifier after
///   an emoji add nothing;
/// - a consonant after a virama, or a spacing mark after a base, makes the
///   syllable 2 cells;
/// - a run with a grapheme override takes the override's width.
struct KnownTerminalWidth {
  let data: TerminalData
  let table: Int

  private typealias T = KnownTerminalTables

  private func override(_ scalars: ArraySlice<UInt32>) -> Int? {
    // Every grapheme override is of two scalars or more.
    data.overrides >= 0 && scalars.count >= 2
      ? T.override(scalars, table: data.overrides) : nil
  }

  /// The width of one scalar alone: wcwidth's, changed by the terminal's
  /// code-point overrides.
  func width(of scalar: UInt32) -> Int {
    var width = T.baseWidth(scalar)
    if width == 2, T.contains(data.narrower, scalar) {
      width = 1
    } else if width == 2, T.contains(data.zeroer, scalar) {
      width = 0
    }
    if width == 1, T.contains(data.narrowWider, scalar) {
      width = 2
    } else if width == 1, T.contains(data.narrowZeroer, scalar) {
      width = 0
    }
    return width
  }

  /// The end of a ZWJ sequence that starts at `start` (UAX #29 GB11,
  /// `ExtPict Extend* ZWJ × ExtPict`, chained).
  private func zwjSequenceEnd(_ text: [UInt32], from start: Int) -> Int {
    var index = start + 1
    while index < text.count, T.contains(T.graphemeExtend, text[index]) { index += 1 }
    while index < text.count, text[index] == 0x200D {
      index += 1
      guard index < text.count, T.isEmojiZWJBase(text[index]) else { break }
      index += 1
      while index < text.count, T.contains(T.graphemeExtend, text[index]) { index += 1 }
    }
    return index
  }

  /// The width of `text` (scalar values) in cells.
  ///
  /// - Complexity: O(n log r) in the scalars and the table ranges.
  func width(of text: [UInt32]) -> Int {
    var column = 0
    var extent = 0
    var index = 0
    var lastIndex = -2
    var lastScalar: UInt32? = nil
    var lastWidth = 0
    var afterVirama = false
    var extentBeforeLast = 0
    var clusterStart = -1
    var columnBeforeCluster = 0
    var extentBeforeCluster = 0
    var clusterWidth = 0
    let hasOverrides = data.overrides >= 0

    func flushPending() {
      if clusterWidth != 0 {
        column += clusterWidth
        extent = max(extent, column)
        clusterWidth = 0
      }
    }

    while index < text.count {
      let scalar = text[index]
      // Controls: measured 0, and they end what came before.
      if scalar < 0x20 || (0x7F..<0xA0).contains(scalar) {
        flushPending()
        index += 1
        lastIndex = -2
        lastScalar = nil
        clusterStart = -1
        continue
      }
      if scalar == 0x200D {
        if afterVirama {
          index += 1
        } else if index + 1 < text.count {
          if hasOverrides, lastIndex >= 0, let last = lastScalar, T.isEmojiZWJBase(last) {
            let end = zwjSequenceEnd(text, from: lastIndex)
            if let width = override(text[lastIndex..<end]) {
              column += width - lastWidth
              extent = max(extent, column)
              lastIndex = -2
              lastScalar = nil
              lastWidth = 0
              afterVirama = false
              clusterStart = -1
              index = end
              continue
            }
          }
          lastWidth = 0
          afterVirama = false
          index += 2
        } else {
          afterVirama = false
          index += 1
        }
        continue
      }
      if scalar == 0xFE0F, lastIndex >= 0, let base = lastScalar {
        if T.contains(data.vs16Narrower, base) {
          // The terminal ignores VS16 after this emoji.
        } else if T.contains(T.vs16NarrowToWide, base) {
          clusterWidth = 2
        }
        lastIndex = -2
        index += 1
        continue
      }
      if scalar == 0xFE0E, lastIndex >= 0, let base = lastScalar {
        let narrows = T.contains(T.vs15WideToNarrow, base) && !T.contains(data.vs15Wider, base)
        if narrows && lastWidth == 2 {
          column -= 1
          extent = max(extentBeforeLast, column)
        }
        lastIndex = -2
        index += 1
        continue
      }
      if scalar > 0xFFFF {
        if T.isRegionalIndicator(scalar) {
          var before = 0
          var back = index - 1
          while back >= 0, T.isRegionalIndicator(text[back]) {
            before += 1
            back -= 1
          }
          if before % 2 == 1, !T.contains(data.narrower, scalar) {
            lastScalar = scalar
            index += 1
            continue
          }
        } else if (0x1F3FB...0x1F3FF).contains(scalar), let last = lastScalar,
          T.isEmojiZWJBase(last)
        {
          index += 1
          continue
        }
      }
      let width = width(of: scalar)
      if width > 0 {
        if afterVirama {
          clusterWidth = 2
        } else if clusterWidth != 0 {
          var flushed = false
          if hasOverrides, clusterStart >= 0 {
            if let whole = override(text[clusterStart...index]) {
              column = columnBeforeCluster + whole
              extent = max(extentBeforeCluster, column)
              flushed = true
              clusterWidth = 0
            } else if let part = override(text[clusterStart..<index]) {
              column = columnBeforeCluster + part
              extent = max(extentBeforeCluster, column)
            } else {
              column += clusterWidth
            }
          } else {
            column += clusterWidth
          }
          extent = max(extent, column)
          if !flushed {
            clusterWidth = width
            clusterStart = index
            columnBeforeCluster = column
            extentBeforeCluster = extent
          }
        } else {
          clusterWidth = width
          clusterStart = index
          columnBeforeCluster = column
          extentBeforeCluster = extent
        }
        lastIndex = index
        lastScalar = scalar
        lastWidth = width
        extentBeforeLast = extent
        afterVirama = false
      } else if T.contains(T.viramas, scalar) {
        afterVirama = true
      } else if lastIndex >= 0, T.contains(T.spacingMarks, scalar) {
        clusterWidth = 2
        lastIndex = -2
        afterVirama = false
      } else {
        afterVirama = false
      }
      index += 1
    }
    if clusterWidth != 0 {
      if hasOverrides, clusterStart >= 0, let whole = override(text[clusterStart...]) {
        column = columnBeforeCluster + whole
        extent = max(extentBeforeCluster, column)
      } else {
        column += clusterWidth
        extent = max(extent, column)
      }
    }
    return extent
  }
}

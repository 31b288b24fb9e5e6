import Foundation
import PropertyBased
import Testing
@_spi(Reference) import TextMetrics
import UnicodeTestSupport

/// ICU's own grapheme boundaries of UTF-16 text.
func icuGraphemes(_ units: [UInt16]) -> [Int] {
  units.withUnsafeBufferPointer { ICUReference.boundaries(.character, utf16: $0) }
}

/// Expects the Swift grapheme boundaries to equal ICU's, naming the text.
func expectSameGraphemes(
  _ units: [UInt16], swift: [Int], sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    swift == icuGraphemes(units), "text \(units.map { String($0, radix: 16) })",
    sourceLocation: sourceLocation)
}

/// Property-check counts: enough to reach every fragment kind many times over,
/// small enough for the whole suite to stay well under two minutes in debug.
enum Counts {
  static let heavy = 1_000
  static let light = 400
}

@Suite("Properties on generated Unicode text")
struct PropertyTests {
  @Test("Swift grapheme boundaries == ICU's break iterator (String input)")
  func graphemesEqualICU() async {
    await propertyCheck(count: Counts.heavy * 2, input: UnicodeGen.text) { text in
      expectSameGraphemes(Array(text.utf16), swift: Graphemes.boundaries(in: text).offsets)
    }
  }

  @Test("Swift grapheme boundaries == ICU's break iterator (UTF-16 with lone surrogates)")
  func graphemesEqualICUOnUTF16() async {
    await propertyCheck(count: Counts.heavy * 2, input: UnicodeGen.utf16) { units in
      expectSameGraphemes(units, swift: Graphemes.boundaries(utf16: units).offsets)
    }
  }

  @Test("Cluster counts agree: count, boundaries, clusters, measure, ICU")
  func countsAgree() async {
    await propertyCheck(count: Counts.heavy, input: UnicodeGen.text) { text in
      let boundaries = Graphemes.boundaries(in: text)
      #expect(Graphemes.count(in: text) == boundaries.segmentCount)
      #expect(Graphemes.clusters(in: text).count == boundaries.segmentCount)
      #expect(DisplayWidth.measurement(in: text).graphemeCount == boundaries.segmentCount)
      let units = Array(text.utf16)
      let icuCount = units.withUnsafeBufferPointer { ICUReference.count(.character, utf16: $0) }
      #expect(icuCount == boundaries.segmentCount)
      expectSameGraphemes(units, swift: boundaries.offsets)
    }
  }

  @Test("Width of a string == sum of its clusters' widths, both width options")
  func widthIsAdditive() async {
    await propertyCheck(count: Counts.heavy, input: UnicodeGen.text) { text in
      for options in [WidthOptions.standard, .eastAsian] {
        let clusters = Graphemes.clusters(in: text, options: options)
        let width = DisplayWidth.width(in: text, options: options)
        #expect(width == clusters.reduce(0) { $0 + $1.width })
        #expect(DisplayWidth.width(utf16: Array(text.utf16), options: options) == width)
        // Each cluster measured alone has the width it has in context.
        let units = Array(text.utf16)
        for cluster in clusters {
          let piece = Array(units[cluster.range.location..<NSMaxRange(cluster.range)])
          #expect(DisplayWidth.width(utf16: piece, options: options) == cluster.width)
        }
      }
    }
  }

  @Test("measure agrees with clusters (String and UTF-16 input)")
  func measureAgreesWithClusters() async {
    await propertyCheck(count: Counts.heavy, input: UnicodeGen.utf16) { units in
      let clusters = Graphemes.clusters(utf16: units)
      let measurement = DisplayWidth.measurement(utf16: units)
      #expect(measurement.utf16Count == units.count)
      #expect(measurement.graphemeCount == clusters.count)
      #expect(measurement.width == clusters.reduce(0) { $0 + $1.width })
      #expect(measurement.containsControl == clusters.contains { $0.isControl })
      // Clusters tile the text, in order, and sit on the boundaries.
      var next = 0
      for cluster in clusters {
        #expect(cluster.range.location == next && cluster.range.length > 0)
        #expect(cluster.width >= 0)
        #expect(!cluster.isControl || cluster.width == 0)
        next = NSMaxRange(cluster.range)
      }
      #expect(next == units.count)
      #expect(
        [0] + clusters.map { NSMaxRange($0.range) } == Graphemes.boundaries(utf16: units).offsets)
      if let text = String(validating: units, as: UTF16.self) {
        #expect(DisplayWidth.measurement(in: text) == measurement)
        #expect(Graphemes.clusters(in: text) == clusters)
      }
    }
  }

  @Test("UTF-16 offset ⇄ grapheme index ⇄ String.Index round trip")
  func offsetMapsRoundTrip() async throws {
    await propertyCheck(count: Counts.light, input: UnicodeGen.text) { text in
      let boundaries = Graphemes.boundaries(in: text)
      #expect(boundaries.utf16Count == text.utf16.count)
      for (index, offset) in boundaries.offsets.enumerated() {
        #expect(try TextOffsets.graphemeIndex(forUTF16Offset: offset, in: text) == index)
        #expect(try TextOffsets.utf16Offset(forGraphemeIndex: index, in: text) == offset)
        #expect(try boundaries.segmentIndex(containing: offset) == index)
        let stringIndex = try TextOffsets.stringIndex(forUTF16Offset: offset, in: text)
        #expect(try TextOffsets.utf16Offset(of: stringIndex, in: text) == offset)
      }
      // Every scalar boundary maps to a String.Index and back; offsets inside a
      // surrogate pair throw.
      var scalarOffsets = Set<Int>()
      for index in text.unicodeScalars.indices + [text.endIndex] {
        let offset = try TextOffsets.utf16Offset(of: index, in: text)
        scalarOffsets.insert(offset)
        #expect(try TextOffsets.stringIndex(forUTF16Offset: offset, in: text) == index)
      }
      for offset in 0...text.utf16.count where !scalarOffsets.contains(offset) {
        #expect(throws: TextOffsetError.insideSurrogatePair(offset: offset)) {
          try TextOffsets.stringIndex(forUTF16Offset: offset, in: text)
        }
      }
      // Grapheme boundaries are scalar boundaries.
      #expect(Set(boundaries.offsets).isSubset(of: scalarOffsets))
    }
  }

  @Test("snap is idempotent, lands on a boundary and moves the right way")
  func snapping() async {
    await propertyCheck(count: Counts.light, input: UnicodeGen.utf16) { units in
      let boundaries = Graphemes.boundaries(utf16: units)
      let count = units.count
      for offset in [Int.min, Int.max] + Array(-2...count + 2) {
        let clamped = min(max(offset, 0), count)
        let before = boundaries.snap(offset, .backward)
        let after = boundaries.snap(offset, .forward)
        let nearest = boundaries.snap(offset, .nearest)
        for (direction, snapped) in [(SnapDirection.backward, before), (.forward, after)] {
          #expect(boundaries.isBoundary(snapped))
          #expect(boundaries.snap(snapped, direction) == snapped)
        }
        #expect(before <= clamped && clamped <= after)
        // Nothing in between: the closest boundary on each side.
        #expect(!boundaries.offsets.contains { $0 > before && $0 < after && $0 != clamped })
        if boundaries.isBoundary(clamped) { #expect(before == clamped && after == clamped) }
        #expect(nearest == (clamped - before <= after - clamped ? before : after))
        #expect(boundaries.snap(nearest, .nearest) == nearest)
        #expect(boundaries.boundary(after: offset).map { $0 > offset } ?? (clamped == count))
        #expect(boundaries.boundary(before: offset).map { $0 < offset } ?? (clamped == 0))
      }
    }
  }

  @Test("widen contains the clamped range and is the smallest one on boundaries")
  func widening() async {
    await propertyCheck(
      count: Counts.heavy, input: UnicodeGen.utf16, Gen.int(in: -5...300), Gen.int(in: -5...300)
    ) { units, location, length in
      let boundaries = Graphemes.boundaries(utf16: units)
      let count = units.count
      for range in [
        NSRange(location: location, length: length),
        NSRange(location: min(location, count), length: length),
        NSRange(location: NSNotFound, length: length),
        NSRange(location: location, length: Int.max),
      ] {
        let widened = boundaries.widened(range)
        let start = min(max(range.location == NSNotFound ? count : range.location, 0), count)
        let (sum, overflow) = start.addingReportingOverflow(max(range.length, 0))
        let end = overflow ? count : min(sum, count)
        #expect(boundaries.isBoundary(widened.location))
        #expect(boundaries.isBoundary(NSMaxRange(widened)))
        #expect(widened.location == boundaries.snap(start, .backward))
        if end > start {
          #expect(NSMaxRange(widened) == boundaries.snap(end, .forward))
        } else {
          #expect(widened.length == 0)
        }
        // Non-empty: contains the range. Empty: the empty range at the cluster's start.
        #expect(widened.location <= start && NSMaxRange(widened) >= (end > start ? end : 0))
        #expect(boundaries.widened(widened) == widened)
      }
    }
  }

  @Test("Word boundaries include 0 and the end, tile the text, fall on grapheme boundaries")
  func words() async {
    await propertyCheck(count: Counts.light, input: UnicodeGen.utf16) { units in
      let words = Words.segmentation(utf16: units)
      let offsets = words.boundaries.offsets
      #expect(offsets.first == 0)
      #expect(offsets.last == units.count)
      #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 < $1 })
      #expect(words.segments.count == offsets.count - 1)
      for (segment, (start, end)) in zip(words.segments, zip(offsets, offsets.dropFirst())) {
        #expect(segment.range == NSRange(location: start, length: end - start))
      }
      let graphemes = Set(icuGraphemes(units))
      for offset in offsets where !graphemes.contains(offset) {
        if !InsideClusterBreak.isLegitimate(.word, at: offset, in: units) {
          Issue.record("word boundary at \(offset) inside a grapheme cluster of \(units)")
        }
      }
      let position = units.count / 2
      let right = words.nextWordEnd(after: position)
      let left = words.previousWordStart(before: position)
      #expect(right >= position && words.boundaries.isBoundary(right))
      #expect(left <= position && words.boundaries.isBoundary(left))
      if let text = String(validating: units, as: UTF16.self) {
        #expect(Words.segmentation(in: text) == words)
      }
    }
  }

  @Test("Line-break opportunities are ascending grapheme boundaries, ending at the end")
  func lineBreaks() async {
    await propertyCheck(count: Counts.light, input: UnicodeGen.utf16) { units in
      let opportunities = LineBreaks.opportunities(utf16: units)
      let offsets = opportunities.map(\.offset)
      if units.isEmpty {
        #expect(opportunities.isEmpty)
        return
      }
      #expect(offsets.last == units.count)
      #expect(opportunities.last?.kind == .mandatory)
      #expect(zip([0] + offsets, offsets).allSatisfy { $0 < $1 })
      let graphemes = Set(icuGraphemes(units))
      for offset in offsets where !graphemes.contains(offset) {
        if !InsideClusterBreak.isLegitimate(.line, at: offset, in: units) {
          Issue.record("line break at \(offset) inside a grapheme cluster of \(units)")
        }
      }
      if let text = String(validating: units, as: UTF16.self) {
        #expect(LineBreaks.opportunities(in: text) == opportunities)
        #expect(LineBreaks.count(in: text) == opportunities.count)
      }
    }
  }
}

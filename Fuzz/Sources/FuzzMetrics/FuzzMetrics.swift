// Fuzz target: segmentation, width and offsets of arbitrary text.
//
// The input is text (as UTF-8 bytes repaired by String, or as raw UTF-16 units
// with unpaired surrogates) and arbitrary offsets. Invariants: grapheme, word
// and line boundaries strictly increase from 0 to the end and equal ICU's own
// iterators (`ICUReference`); the width is the sum of the clusters' widths;
// snapping and widening land on boundaries inside the text; offset maps throw
// rather than trap; a bidi paragraph has a level per code unit, takes a fixed
// direction as given, and its visual runs (of the paragraph, or of any line
// range, clamped) tile the range without overlap.

import Foundation
import FuzzSupport
@_spi(Reference) import TextMetrics

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMetrics(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let units: [UInt16]
  let text: String?
  switch input.byte() % 3 {
  case 0:
    // Arbitrary bytes as UTF-8, repaired as String does.
    let string = String(decoding: input.rest(), as: UTF8.self)
    (units, text) = (Array(string.utf16), string)
  case 1:
    let string = input.text()
    (units, text) = (Array(string.utf16), string)
  default:
    units = input.utf16()
    text = nil
  }
  checkSegmentation(units: units, text: text)
  checkOffsets(units: units, text: text, input: &input)
  checkBidi(units: units, input: &input)
  return 0
}

func checkBidi(units: [UInt16], input: inout FuzzInput) {
  let direction = input.pick([
    Bidi.BaseDirection.natural, .firstStrong(fallback: .rightToLeft), .fixed(.leftToRight),
    .fixed(.rightToLeft),
  ])
  let paragraph = Bidi.paragraph(utf16: units, direction: direction)
  let count = units.count
  fuzzCheck(
    paragraph.utf16Count == count && paragraph.levels.count == count,
    "bidi: \(paragraph.levels.count) levels for \(count) units")
  if case .fixed(let fixed) = direction {
    fuzzCheck(paragraph.direction == fixed, "bidi: fixed \(fixed), resolved \(paragraph.direction)")
  }
  if !Bidi.mayContainRightToLeft(units), direction == .natural {
    fuzzCheck(paragraph.levels.allSatisfy { $0 == 0 }, "bidi: levels of left-to-right text")
  }
  for line in [nil, input.range(near: count)] {
    let runs = paragraph.visualRuns(in: line)
    let clamped = (line ?? NSRange(location: 0, length: count)).clamped(toLength: count)
    let sorted = runs.map(\.range).sorted { $0.location < $1.location }
    var expected = clamped.lowerBound
    for range in sorted {
      fuzzCheck(
        range.location == expected && range.length > 0,
        "bidi: runs \(sorted) of \(String(describing: line)) do not tile \(clamped) at \(expected)")
      expected = NSMaxRange(range)
    }
    fuzzCheck(
      expected == clamped.upperBound,
      "bidi: runs \(sorted) of \(String(describing: line)) end at \(expected), not \(clamped)")
  }
}

func checkStrictlyIncreasing(_ offsets: [Int], end: Int, _ what: String) {
  fuzzCheck(offsets.first == 0, "\(what): first boundary \(String(describing: offsets.first))")
  fuzzCheck(
    offsets.last == end, "\(what): last boundary \(String(describing: offsets.last)), end \(end)")
  for (a, b) in zip(offsets, offsets.dropFirst()) {
    fuzzCheck(a < b, "\(what): boundaries not increasing: \(a), \(b)")
  }
}

func checkSegmentation(units: [UInt16], text: String?) {
  let count = units.count
  let reference = units.withUnsafeBufferPointer { ICUReference.boundaries(.character, utf16: $0) }
  let graphemes = text.map { Graphemes.boundaries(in: $0) } ?? Graphemes.boundaries(utf16: units)
  if count == 0 {
    fuzzCheck(graphemes.offsets == [0], "graphemes of empty text: \(graphemes.offsets)")
  } else {
    checkStrictlyIncreasing(graphemes.offsets, end: count, "graphemes")
    fuzzCheck(graphemes.offsets == reference, "graphemes \(graphemes.offsets) != ICU \(reference)")
  }
  if let text {
    fuzzCheck(Graphemes.count(in: text) == graphemes.segmentCount, "Graphemes.count")
  }

  // Widths: the clusters tile the text and their widths add up.
  let clusters = text.map { Graphemes.clusters(in: $0) } ?? Graphemes.clusters(utf16: units)
  fuzzCheck(clusters.count == graphemes.segmentCount, "clusters \(clusters.count)")
  for (cluster, start) in zip(clusters, graphemes.offsets) {
    fuzzCheck(
      cluster.range.location == start && cluster.range.length > 0, "cluster \(cluster.range)")
    fuzzCheck(cluster.width >= 0, "cluster width \(cluster.width)")
  }
  let total = clusters.reduce(0) { $0 + $1.width }
  let width = text.map { DisplayWidth.width(in: $0) } ?? DisplayWidth.width(utf16: units)
  fuzzCheck(width == total, "width \(width) != sum of clusters \(total)")
  let measurement =
    text.map { DisplayWidth.measurement(in: $0) } ?? DisplayWidth.measurement(utf16: units)
  fuzzCheck(
    measurement.utf16Count == count && measurement.graphemeCount == clusters.count
      && measurement.width == width
      && measurement.containsControl == clusters.contains(where: \.isControl),
    "measurement \(measurement) vs \(clusters.count) clusters, width \(width)")

  // Words: ICU's word iterator.
  let words = text.map { Words.segmentation(in: $0) } ?? Words.segmentation(utf16: units)
  let wordReference = units.withUnsafeBufferPointer { ICUReference.boundaries(.word, utf16: $0) }
  if count > 0 {
    checkStrictlyIncreasing(words.boundaries.offsets, end: count, "words")
    fuzzCheck(words.boundaries.offsets == wordReference, "words != ICU")
  }

  // Line breaks: the opportunities and their kinds equal ICU's, the end mandatory.
  let lines =
    text.map { LineBreaks.opportunities(in: $0) } ?? LineBreaks.opportunities(utf16: units)
  if count == 0 {
    fuzzCheck(lines.isEmpty, "line breaks of empty text")
  } else {
    checkStrictlyIncreasing([0] + lines.map(\.offset), end: count, "line breaks")
    fuzzCheck(lines.last?.kind == .mandatory, "the end is not a mandatory break")
    let icu = ICUReference.boundariesWithStatus(.line, utf16: units)
    fuzzCheck(lines.map(\.offset) == icu.map(\.0), "line breaks != ICU")
    for (opportunity, (offset, status)) in zip(lines, icu) where offset != count {
      let hard = status >= 100 && status < 200
      fuzzCheck(
        (opportunity.kind == .mandatory) == hard,
        "line break at \(offset): \(opportunity.kind), ICU status \(status)")
    }
    if let text { fuzzCheck(LineBreaks.count(in: text) == lines.count, "LineBreaks.count") }
  }
}

func checkOffsets(units: [UInt16], text: String?, input: inout FuzzInput) {
  let boundaries = text.map { Graphemes.boundaries(in: $0) } ?? Graphemes.boundaries(utf16: units)
  let count = units.count
  for _ in 0..<8 where !input.isAtEnd {
    let offset = input.offset(near: count)
    let clamped = min(max(offset, 0), count)
    for direction in SnapDirection.allCases {
      let snapped = boundaries.snap(offset, direction)
      fuzzCheck(boundaries.isBoundary(snapped), "snap(\(offset), \(direction)) = \(snapped)")
      switch direction {
      case .backward: fuzzCheck(snapped <= clamped, "snap backward moved forward")
      case .forward: fuzzCheck(snapped >= clamped, "snap forward moved backward")
      case .nearest: break
      }
    }
    if let after = boundaries.boundary(after: offset) {
      fuzzCheck(after > offset && boundaries.isBoundary(after), "boundary(after: \(offset))")
    }
    if let before = boundaries.boundary(before: offset) {
      fuzzCheck(before < offset && boundaries.isBoundary(before), "boundary(before: \(offset))")
    }
    if let index = try? boundaries.segmentIndex(containing: offset) {
      fuzzCheck(
        (try? boundaries.offset(ofSegment: index)) == boundaries.snap(offset, .backward),
        "segmentIndex(containing: \(offset))")
    } else {
      fuzzCheck(offset < 0 || offset > count, "segmentIndex threw for \(offset) in 0...\(count)")
    }
    let range = input.range(near: count)
    let widened = boundaries.widened(range)
    fuzzCheck(
      widened.location >= 0 && widened.upperBound <= count
        && boundaries.isBoundary(widened.location) && boundaries.isBoundary(widened.upperBound),
      "widened(\(range)) = \(widened)")
    let clampedRange = range.clamped(toLength: count)
    // An empty range inside a segment becomes the empty range at its start.
    fuzzCheck(
      widened.location <= clampedRange.lowerBound
        && (clampedRange.isEmpty || widened.upperBound >= clampedRange.upperBound),
      "widened(\(range)) = \(widened) does not contain \(clampedRange)")
    if let text {
      // The offset maps throw for bad offsets; they never trap.
      if let index = try? TextOffsets.stringIndex(forUTF16Offset: offset, in: text) {
        fuzzCheck(
          (try? TextOffsets.utf16Offset(of: index, in: text)) == offset, "round trip \(offset)")
      }
      let graphemeIndex = try? TextOffsets.graphemeIndex(forUTF16Offset: offset, in: text)
      fuzzCheck(
        (graphemeIndex != nil) == (offset >= 0 && offset <= count), "graphemeIndex(\(offset))")
      _ = try? TextOffsets.utf16Offset(forGraphemeIndex: offset, in: text)
    }
  }
}

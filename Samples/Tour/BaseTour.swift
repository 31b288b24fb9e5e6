import Foundation
import TextInputBase
import TextInputKit

/// The shared vocabulary: geometry that never goes negative, directional
/// insets, the range clamp, configuration text.
enum BaseTour: TourSection {
  static let title = "TextInputBase — geometry, direction, ranges, configuration"

  static func run(_ out: inout TourPrinter) {
    let insets = EdgeInsets(top: 0, left: 4, bottom: 0, right: 4)
    let rect = CGRect(x: 0, y: 0, width: 6, height: 2)
    let inset = insets.inset(rect)
    out.line(
      "Insets {0, 4, 0, 4} on a 6 × 2 rect: {\(inset.minX), \(inset.minY), \(inset.width), "
        + "\(inset.height)} (never a negative width).")
    let directional = DirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 10)
    out.line(
      "Leading 4, trailing 10: \(directional.resolved(for: .leftToRight)) left to right, "
        + "\(directional.resolved(for: .rightToLeft)) right to left.")
    let range = NSRange(location: NSNotFound, length: 3)
    out.line("A range {NSNotFound, 3} clamped to 5 units: \(range.clamped(toLength: 5)).")
    out.line()
    let lines = """
      editor.alignment = right
      placeholder.placeholder = "Your name"
      """
    var configuration = Configuration(plugins: PluginRegistry.standard.descriptors)
    do {
      try configuration.load(lines)
      out.line("Configuration text, checked against the registry's schema:")
      for line in lines.split(separator: "\n") { out.line("  \(line)") }
      out.line(
        "  → editor.alignment is \(configuration["editor.alignment"].map { "\($0)" } ?? "-")")
    } catch {
      out.line("  error: \(error)")
    }
    do {
      try configuration.load("editor.alignmnet = right")
    } catch {
      out.line("A misspelt key is an error naming it: \(error)")
    }
  }
}

/// Lines in a container: wrapping, bidi runs, selection rects, the caret,
/// a point back to an offset, truncation.
enum LayoutTour: TourSection {
  static let title = "TextLayout — lines, selection rects, caret, hit-testing"

  static func run(_ out: inout TourPrinter) {
    let text = "Hello مرحبا world, 日本語"
    let frame = TextFrame(
      text, container: TextContainer(width: 12), style: LayoutStyle(alignment: .natural))
    out.line("\(ControlCharacters.quoted(text)) in 12 cells (one point = one cell):")
    for line in frame.lineFragments {
      let units = Array(text.utf16)
      let lower = line.range.location
      let upper = min(lower + line.range.length, units.count)
      let piece = String(decoding: units[lower..<upper], as: UTF16.self)
      out.line(
        "  \(ControlCharacters.quoted(piece)) at x \(line.usedRect.minX), y \(line.rect.minY)")
    }
    let selection = NSRange(location: 3, length: 8)
    let rects = frame.selectionRects(for: selection).map {
      "(\($0.minX), \($0.minY), \($0.width) × \($0.height))"
    }
    out.line("Selection {3, 8} crosses the Arabic run: \(rects.joined(separator: " "))")
    out.line("Caret at offset 8: x \(frame.caretRect(at: 8).minX), in visual order.")
    out.line("The point (3, 1.5) is offset \(frame.offset(closestTo: CGPoint(x: 3, y: 1.5))).")
    let short = TextFrame(
      text, container: TextContainer(width: 12, maximumNumberOfLines: 1),
      style: LayoutStyle(lineBreakMode: .truncateTail))
    out.line("One line, truncated at the tail: truncated \(short.isTruncated).")
  }
}

/// A field in the terminal: events in, cells and bytes out, keys as data.
enum TerminalTour: TourSection {
  static let title = "TextInputTerminal — a text field in the terminal"

  static func run(_ out: inout TourPrinter) {
    var field = TerminalTextField(columns: 10, behaviours: [SecureEntry()])
    var decoder = TerminalInputDecoder()
    let typed = "pa👍🏽ss\u{1B}[D\u{7F}"
    for event in decoder.decode(Array(typed.utf8)) { _ = field.handle(event) }
    var screen = TerminalScreen(columns: 10, rows: field.height)
    let drawn = field.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    out.line("A password field, typed \(ControlCharacters.quoted(typed)) (← then Backspace):")
    out.line(
      "  text \(ControlCharacters.quoted(field.editor.text)), drawn |\(screen.text(ofRow: 0))|")
    out.line("  caret at column \(drawn.caret?.column ?? -1): one mask per grapheme cluster.")
    var long = TerminalTextField(columns: 8)
    _ = long.handle(.paste("a single line\nthat scrolls"))
    screen = TerminalScreen(columns: 8, rows: 1)
    long.draw(into: &screen, at: TerminalPosition(row: 0, column: 0))
    out.line(
      "A pasted line break in a single-line field is a space; it scrolls sideways: "
        + "|\(screen.text(ofRow: 0))|")
    out.line("A few of the keys (TerminalKeyMap, readline's and Emacs'):")
    for chord in [TerminalKeyChord.control("a"), .alt("f"), .control("k"), .control("y")] {
      out.line("  \(chord): \(TerminalKeyMap.singleLine[chord]?.summary ?? "-")")
    }
    out.line("Try it: `swift run Samples prompt` asks three fields inline.")
  }
}

import Foundation
import PropertyBased
import Testing
import TextPlaceholder
import UnicodeTestSupport

/// One command on an editor with a placeholder.
enum Command: Sendable, CustomStringConvertible {
  case insert(String)
  case deleteBackward
  case deleteForward
  case setMarked(String)
  case unmark
  case setText(String)
  case undo
  case redo
  case select(Int, Int)
  /// Selects everything and deletes it.
  case clear
  case geometry(Int)
  case font(Int)
  case alignment(TextAlignment)
  case direction(LayoutDirection)
  /// Type and delete (or delete and type) 0.1 s apart: a reversal midway.
  case reversal(String)

  static let geometries: [ViewGeometry] = [
    ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 40, height: 20)),  // UIKit's defaults
    ViewGeometry(
      bounds: CGRect(x: 3, y: 7, width: 120, height: 48),
      textContainerInset: EdgeInsets(top: 2, left: 3, bottom: 4, right: 5),
      lineFragmentPadding: 0.5, contentInset: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)),
    ViewGeometry(
      bounds: CGRect(x: 0.1, y: 0, width: 100.7, height: 30.3),
      textContainerInset: EdgeInsets(top: 0.1, left: 0.3, bottom: 0.2, right: 0.7),
      lineFragmentPadding: 0.3, contentInset: EdgeInsets(top: 1.1, left: 0, bottom: 0, right: 0)),
    ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: 30, height: 12),
      textContainerInset: EdgeInsets(top: -3, left: -2, bottom: 1, right: -4),
      lineFragmentPadding: 2,
      contentInset: EdgeInsets(top: -5, left: 0, bottom: -5, right: 1)),
    ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: 6, height: 4), textContainerInset: .zero,
      lineFragmentPadding: 1),
    ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: 320, height: 200),
      textContainerInset: EdgeInsets(top: 8, left: 4, bottom: 8, right: 4), lineFragmentPadding: 5),
    // Fractions whose differences round: y 0.7 + 2.9 to 0.7 is not exactly −2.9.
    ViewGeometry(
      bounds: CGRect(x: 0.3, y: 0.7, width: 10.1, height: 9.9),
      textContainerInset: EdgeInsets(top: 2.9, left: 0.1, bottom: 0.2, right: 0.3),
      lineFragmentPadding: 0.7),
    // Insets larger than the bounds; zero-size bounds.
    ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 40, height: 6)),
    ViewGeometry(),
  ]

  static let fonts = [
    CellFont(), CellFont(cellWidth: 2, lineHeight: 3), CellFont(cellWidth: 0.5, lineHeight: 1.5),
    CellFont(cellWidth: 7, lineHeight: 17),
  ]

  /// Text of emoji ZWJ sequences, flags, combining marks, CJK, RTL, NBSP and
  /// other spaces, CRLF and other line ends, or nothing.
  static let text = UnicodeGen.text(
    of: [
      .ascii, .emojiZWJ, .emojiModifier, .flag, .combining, .cjk, .arabic, .hebrew, .spaces,
      .newlines, .empty,
    ], fragments: 0...3)

  static func make(_ kind: Int, _ a: Int, _ b: Int, _ text: String) -> Command {
    switch kind {
    case 0, 1, 2: return .insert(text)
    case 3: return .deleteBackward
    case 4: return .deleteForward
    case 5: return .setMarked(text)
    case 6: return .unmark
    case 7: return .setText(a % 3 == 0 ? "" : text)
    case 8: return .undo
    case 9: return .redo
    case 10: return .select(a, b)
    case 11, 12: return .clear
    case 13: return .geometry(abs(a) % geometries.count)
    case 14: return .font(abs(a) % fonts.count)
    case 15: return .alignment(TextAlignment.allCases[abs(a) % TextAlignment.allCases.count])
    case 16: return .direction(b % 2 == 0 ? .leftToRight : .rightToLeft)
    default: return .reversal(text)
    }
  }

  /// Whether the command may move the placeholder's rest geometry (a jump).
  var changesLayout: Bool {
    switch self {
    case .geometry, .font, .alignment, .direction: return true
    default: return false
    }
  }

  var description: String {
    switch self {
    case .insert(let text): return "insert(\(text.debugDescription))"
    case .deleteBackward: return "deleteBackward"
    case .deleteForward: return "deleteForward"
    case .setMarked(let text): return "setMarked(\(text.debugDescription))"
    case .unmark: return "unmark"
    case .setText(let text): return "setText(\(text.debugDescription))"
    case .undo: return "undo"
    case .redo: return "redo"
    case .select(let a, let b): return "select(\(a), \(b))"
    case .clear: return "clear"
    case .geometry(let index): return "geometry(\(index))"
    case .font(let index): return "font(\(index))"
    case .alignment(let alignment): return "alignment(\(alignment))"
    case .direction(let direction): return "direction(\(direction))"
    case .reversal(let text): return "reversal(\(text.debugDescription))"
    }
  }

  func run(on editor: inout Editor) {
    switch self {
    case .insert(let text): editor.insert(text)
    case .deleteBackward: editor.deleteBackward()
    case .deleteForward: editor.deleteForward()
    case .setMarked(let text):
      let end = NSRange(location: text.utf16.count, length: 0)
      _ = try? editor.setMarkedText(text, selectedRange: end)
    case .unmark: editor.unmarkText()
    case .setText(let text): editor.setText(text)
    case .undo: editor.undo()
    case .redo: editor.redo()
    case .select(let a, let b): editor.select(NSRange(location: a, length: b))
    case .clear:
      editor.select(NSRange(location: 0, length: editor.state.utf16Count))
      editor.deleteBackward()
    case .geometry(let index): editor.setGeometry(Self.geometries[index])
    case .font(let index): editor.setFont(Self.fonts[index])
    case .alignment(let alignment): editor.setAlignment(alignment)
    case .direction(let direction): editor.setLayoutDirection(direction)
    case .reversal: break  // a composite: see `Driver.run(_:)`
    }
  }
}

/// A command and how many 1/60 s frames to sample after it.
struct Step: Sendable, CustomStringConvertible {
  var command: Command
  var frames: Int

  static let generator = zip(
    Gen.int(in: 0...19), Gen.int(in: -2...30), Gen.int(in: -2...12), Command.text,
    Gen.int(in: 0...40)
  ).map { kind, a, b, text, frames in
    Step(command: Command.make(kind, a, b, text), frames: frames)
  }

  static let sequence = generator.array(of: 0...24)

  var description: String { "\(command)+\(frames)f" }
}

/// The placeholder and the editor a sequence starts from.
struct Setup: Sendable, CustomStringConvertible {
  var text: String
  var abbreviated: String
  var numberOfLines: Int
  var location: CGPoint
  var geometry: Int
  var font: Int
  var alignment: TextAlignment
  var direction: LayoutDirection
  var initialText: String

  static let texts = [
    "Write a message…", "שלום עולם", "",
    "A much longer placeholder that wraps over several lines in narrow views",
    "👩‍👩‍👧 🇫🇷 日本語",
  ]
  static let abbreviations = ["Msg", "", "הודעה"]
  static let locations = [
    CGPoint.zero, CGPoint(x: 2, y: 1), CGPoint(x: -1, y: 0), CGPoint(x: CGFloat.nan, y: 0),
  ]

  static let generator = zip(
    Gen.int(in: 0...4), Gen.int(in: 0...2), Gen.int(in: 0...2), Gen.int(in: 0...3),
    Gen.int(in: 0...8), Gen.int(in: 0...3), Gen.int(in: 0...4), Gen<Bool>.bool,
    Gen.int(in: 0...5)
  ).map { text, abbreviation, lines, location, geometry, font, alignment, rtl, initial in
    Setup(
      text: texts[text], abbreviated: abbreviations[abbreviation], numberOfLines: lines,
      location: locations[location], geometry: geometry, font: font,
      alignment: TextAlignment.allCases[alignment], direction: rtl ? .rightToLeft : .leftToRight,
      initialText: initial == 0 ? "Hello" : "")
  }

  var description: String {
    "Setup(\(text.debugDescription), abbreviated: \(abbreviated.debugDescription), lines: "
      + "\(numberOfLines), location: \(location), geometry: \(geometry), font: \(font), "
      + "\(alignment), \(direction), initial: \(initialText.debugDescription))"
  }
}

/// Runs steps on an editor with a placeholder on a manual clock, checking the
/// properties after every command and at every frame.
struct Driver {
  static let frame = 1.0 / 60
  static let epsilon: CGFloat = 1e-9

  var editor: Editor
  let clock: ManualClock
  let mode: PlaceholderMode
  let animation = PlaceholderAnimation.standard
  /// The slide or float, as the documentation says it moves: a spring toward
  /// 1 while hidden, 0 while shown, continued from where it is at each change.
  var motion: PlaceholderTimeline
  var lastChange: TimeInterval
  var previous: PlaceholderPresentation
  var trace: [String] = []
  /// Floating rest frames equal to the title frame only within rounding (a
  /// known issue, checked outside the property check: see `commandSequences`).
  var inexactTitles: [String] = []

  init(setup: Setup, mode: PlaceholderMode) throws {
    clock = ManualClock(time: 1)
    self.mode = mode
    let style = PlaceholderStyle(
      text: setup.text, location: setup.location, numberOfLines: setup.numberOfLines, mode: mode,
      abbreviated: setup.abbreviated)
    editor = Editor(
      text: setup.initialText, font: Command.fonts[setup.font],
      geometry: Command.geometries[setup.geometry], alignment: setup.alignment,
      layoutDirection: setup.direction, isEditing: true,
      behaviours: [TextPlaceholder(style: style, clock: .manual(clock))])
    motion = .resting(at: setup.initialText.isEmpty ? 0 : 1)
    lastChange = clock.time
    previous = try #require(editor.placeholder)
    trace = ["\(setup) in \(mode)"]
    try check(previous)
    try checkRest(previous)
  }

  var spring: PlaceholderTimeline.Curve {
    .spring(
      dampingRatio: mode == .floating ? animation.floatDampingRatio : animation.bounceDampingRatio,
      duration: animation.springDuration)
  }

  var context: Comment { Comment(rawValue: trace.suffix(12).joined(separator: " → ")) }

  func note(_ text: String) -> Comment { Comment(rawValue: text + " after " + context.rawValue) }

  mutating func run(_ step: Step) throws {
    trace.append(step.description)
    if case .reversal(let text) = step.command {
      let typed = text.isEmpty ? "x" : text
      if TextPlaceholder.isShowing(in: editor.state) {
        try perform(.insert(typed))
        try wait(6)
        try perform(.clear)
      } else {
        try perform(.clear)
        try wait(6)
        try perform(.insert(typed))
      }
    } else {
      try perform(step.command)
    }
    try wait(step.frames)
  }

  /// Runs `command` now and checks the presentation did not jump.
  mutating func perform(_ command: Command) throws {
    let now = clock.time
    let before = try editor.placeholder(at: now)
    command.run(on: &editor)
    let after = try editor.placeholder(at: now)
    lastChange = now
    let showing = editor.state.utf16.isEmpty && editor.markedRange == nil
    if mode != .static {
      let target: Double = showing ? 0 : 1
      if motion.target != target {
        let state = motion.state(at: now)
        motion = PlaceholderTimeline(
          start: now, from: state.value, velocity: state.velocity, target: target, curve: spring)
      }
    }
    try check(after)
    // A change midway continues from where the animation is: no jump, unless
    // the geometry, font, alignment or direction moved the rest frame.
    if mode != .static, !command.changesLayout {
      let tolerance: CGFloat = 1e-9
      #expect(abs(after.frame.minX - before.frame.minX) <= tolerance, context)
      #expect(abs(after.frame.minY - before.frame.minY) <= tolerance, context)
      #expect(abs(after.frame.width - before.frame.width) <= tolerance, context)
      #expect(abs(after.frame.height - before.frame.height) <= tolerance, context)
      #expect(abs(after.alpha - before.alpha) <= tolerance, context)
      #expect(abs(after.placeholder.scale - before.placeholder.scale) <= tolerance, context)
      #expect(
        abs((after.abbreviation?.layer.alpha ?? 0) - (before.abbreviation?.layer.alpha ?? 0))
          <= tolerance, context)
    }
    previous = after
  }

  /// Advances the clock `frames` times by 1/60 s, checking each frame.
  mutating func wait(_ frames: Int) throws {
    for _ in 0..<frames {
      clock.advance(by: Self.frame)
      let shown = try #require(editor.placeholder)
      #expect(shown.time == clock.time)
      try check(shown)
      try checkContinuity(from: previous, to: shown)
      if shown.time - lastChange >= animation.springDuration + 1e-9 { try checkRest(shown) }
      previous = shown
    }
  }

  /// Visibility, accessibility and containment: every moment.
  func check(_ shown: PlaceholderPresentation) throws {
    let showing = editor.state.utf16.isEmpty && editor.markedRange == nil
    #expect(shown.isVisible == showing, context)
    #expect(shown.accessibilityValue == (showing ? shown.text : editor.text), context)
    #expect(shown.mode == mode)

    let geometry = editor.state.geometry
    let hand = HandGeometry(geometry)
    let rect = mode == .floating ? hand.content : hand.container
    #expect(isInside(shown.restFrame, hand.container), context)
    #expect(isInside(shown.frame, rect), note("\(describe(shown.frame)) in \(describe(rect))"))
    if let title = shown.titleFrame {
      #expect(isInside(title, hand.content), context)
    }
    #expect(shown.alpha >= 0 && shown.alpha <= 1, context)
    if let abbreviation = shown.abbreviation {
      #expect(mode == .bouncy)
      let frame = abbreviation.layer.frame
      #expect(isInside(frame, hand.container), note(describe(frame)))
      #expect(abbreviation.layer.alpha >= 0 && abbreviation.layer.alpha <= 1, context)
      if showing { #expect(abbreviation.layer.alpha <= previous.abbreviation?.layer.alpha ?? 1) }
    }
  }

  /// The speed bound of the slide or float, in values per second: the
  /// timeline's `maximumSpeed`, or the energy bound when that is lower.
  var motionSpeed: Double { min(motion.maximumSpeed, energySpeedBound(motion)) }

  /// Between two frames with no change between them: every value moves at
  /// most its speed bound × its distance × the time between the frames.
  func checkContinuity(from old: PlaceholderPresentation, to new: PlaceholderPresentation) throws {
    let dt = new.time - old.time
    #expect(dt > 0 && dt < 0.02)
    #expect(new.restFrame == old.restFrame, context)
    let eps = Self.epsilon
    let fadeStep = CGFloat(dt / animation.fadeDuration) + eps
    let speed = CGFloat(motionSpeed * dt)
    switch mode {
    case .static:
      #expect(new.frame == old.frame && new.alpha == old.alpha, context)
    case .bouncy:
      let slide = abs(expectedSlide(new))
      #expect(abs(new.frame.minX - old.frame.minX) <= speed * slide + eps, context)
      #expect(abs(new.frame.width - old.frame.width) <= speed * slide + eps, context)
      #expect(
        abs(new.placeholder.layoutOrigin.x - old.placeholder.layoutOrigin.x)
          <= speed * slide + eps, context)
      #expect(new.frame.minY == old.frame.minY, context)
      #expect(abs(new.alpha - old.alpha) <= fadeStep, context)
      let oldAlpha = old.abbreviation?.layer.alpha ?? 0
      let newAlpha = new.abbreviation?.layer.alpha ?? 0
      #expect(abs(newAlpha - oldAlpha) <= fadeStep, context)
    case .floating:
      let rest = new.restFrame
      let title = try #require(new.titleFrame)
      #expect(
        abs(new.frame.minX - old.frame.minX) <= speed * abs(title.minX - rest.minX) + eps, context)
      #expect(
        abs(new.frame.minY - old.frame.minY) <= speed * abs(title.minY - rest.minY) + eps, context)
      #expect(
        abs(new.frame.width - old.frame.width) <= speed * abs(title.width - rest.width) + eps,
        context)
      #expect(
        abs(new.frame.height - old.frame.height) <= speed * abs(title.height - rest.height) + eps,
        context)
      #expect(
        abs(new.placeholder.scale - old.placeholder.scale)
          <= speed * abs(1 - animation.titleScale) + eps, context)
      #expect(new.alpha == 1, context)
    }
  }

  /// How far the bouncy slide moves the text at rest: its block's trailing
  /// edge onto the frame's trailing edge (never backward).
  func expectedSlide(_ shown: PlaceholderPresentation) -> CGFloat {
    guard let block = shown.layout.textBlock else { return 0 }
    if editor.state.layoutDirection == .leftToRight {
      return max(shown.restFrame.width - block.maxX, 0)
    }
    return -max(block.minX, 0)
  }

  /// At least `springDuration` after the last change: exactly the rest state.
  mutating func checkRest(_ shown: PlaceholderPresentation) throws {
    #expect(!shown.isAnimating, context)
    let rest = shown.restFrame
    let layer = shown.placeholder
    switch mode {
    case .static:
      #expect(layer.frame == rest && layer.layoutOrigin == rest.origin, context)
      #expect(layer.alpha == (shown.isVisible ? 1 : 0) && layer.scale == 1, context)
    case .bouncy:
      #expect(layer.scale == 1, context)
      if shown.isVisible {
        #expect(layer.frame == rest && layer.layoutOrigin == rest.origin, context)
        #expect(layer.alpha == 1, context)
      } else {
        #expect(layer.alpha == 0, context)
        let shift = expectedSlide(shown)
        #expect(layer.layoutOrigin == CGPoint(x: rest.minX + shift, y: rest.minY), context)
        #expect(layer.frame.minY == rest.minY && layer.frame.height == rest.height, context)
        if shift >= 0 {
          #expect(layer.frame.minX == rest.minX + shift, context)
          #expect(layer.frame.width == max(rest.width - shift, 0), context)
        } else {
          #expect(layer.frame.minX == rest.minX, context)
          #expect(layer.frame.width == max(rest.width + shift, 0), context)
        }
        // The text block's trailing edge is at the frame's trailing edge.
        if let block = shown.layout.textBlock, block.maxX - block.minX <= rest.width {
          if editor.state.layoutDirection == .leftToRight, shift > 0 {
            #expect(abs(layer.layoutOrigin.x + block.maxX - rest.maxX) < 1e-9, context)
          } else if shift < 0 {
            #expect(abs(layer.layoutOrigin.x + block.minX - rest.minX) < 1e-9, context)
          }
        }
      }
      if let abbreviation = shown.abbreviation {
        let shows = !shown.isVisible && !abbreviation.isOverlapped
        #expect(abbreviation.layer.alpha == (shows ? 1 : 0), context)
      }
    case .floating:
      let title = try #require(shown.titleFrame)
      #expect(layer.alpha == 1 && layer.layoutOrigin == layer.frame.origin, context)
      if shown.isVisible {
        #expect(layer.frame == rest && layer.scale == 1, context)
      } else {
        if layer.frame != title {
          // Exact equality is the documented rest state; within rounding is
          // checked here, the exact miss collected as a known issue.
          let near = [
            layer.frame.minX - title.minX, layer.frame.minY - title.minY,
            layer.frame.width - title.width, layer.frame.height - title.height,
          ].allSatisfy { abs($0) <= 1e-9 }
          #expect(near, note("\(describe(layer.frame)) ≠ \(describe(title))"))
          inexactTitles.append(note("\(describe(layer.frame)) ≠ \(describe(title))").rawValue)
        }
        #expect(layer.scale == CGFloat(animation.titleScale), context)
      }
    }
  }
}

@Suite("Properties over random command sequences")
struct PropertyTests {
  @Test(
    "Visibility, containment, continuity and the rest state, in every mode",
    arguments: PlaceholderMode.allCases)
  func commandSequences(mode: PlaceholderMode) async {
    var inexactTitles: [String] = []
    await propertyCheck(count: 70, input: Setup.generator, Step.sequence) { setup, steps in
      var driver = try Driver(setup: setup, mode: mode)
      for step in steps { try driver.run(step) }
      // Long enough after the last change for every animation to end.
      try driver.wait(40)
      try driver.checkRest(driver.previous)
      inexactTitles += driver.inexactTitles
    }
    // EdgeCaseTests.floatingTitleExactlyAtRest: at rest the floating frame is
    // the title frame exactly, not within rounding.
    #expect(inexactTitles.isEmpty, "\(inexactTitles.count): \(inexactTitles.first ?? "")")
  }
}

import Foundation
import TextInputKit

/// A screen the interactive loop drives: it takes keys, shows a frame, and
/// says its own keys.
protocol PlaygroundScreenApp {
  /// Applies `key` at `time` (seconds since the loop started); false to quit.
  mutating func apply(_ key: PlaygroundKey, at time: TimeInterval) -> Bool
  /// The frame to show.
  func screen() -> PlaygroundScreen
  /// The keys of the screen shown now, for the footer.
  var help: [String] { get }
  /// Whether something moves (the loop redraws at about 60 Hz then).
  var isAnimating: Bool { get }
  /// Whether a press is held that time alone can change (a long press on a
  /// link): the loop sends `.tick` every 50 ms then.
  var isHoldingPress: Bool { get }
}

extension PlaygroundScreenApp {
  var isHoldingPress: Bool { false }
}

/// The one interactive loop of the samples: reads the terminal's events
/// (`TerminalSession.events`, decoded by `TerminalInputDecoder`), applies them as
/// keys (`PlaygroundKey.keys(of:)`), and draws the frame with the library's
/// writer; a resize (SIGWINCH) is applied as a `.resize` key.
enum PlaygroundLoop {
  static func run(
    _ app: inout some PlaygroundScreenApp, on terminal: PlaygroundTerminal, footer: [String] = []
  ) {
    let start = ContinuousClock.now
    func now() -> TimeInterval {
      let elapsed = ContinuousClock.now - start
      return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
    // Keep the box, status and help on the screen, now and after each resize.
    var size = (columns: Int.max, rows: Int.max)
    func fitToTerminal() {
      guard let current = terminal.size() else { return }
      size = current
      _ = app.apply(.resize(columns: current.columns, rows: current.rows), at: now())
    }
    func draw(clearing: Bool = false) {
      terminal.draw(app.screen(), footer: app.help + footer, size: size, clearing: clearing)
    }
    fitToTerminal()
    draw()
    var running = true
    while running {
      let ticking = app.isHoldingPress || app.isAnimating
      let wait: Int32 = app.isHoldingPress ? 50 : app.isAnimating ? 16 : -1
      guard let events = terminal.events(waiting: wait) else {
        _ = app.apply(.quit, at: now())
        break
      }
      if events.isEmpty && app.isHoldingPress { running = app.apply(.tick, at: now()) }
      // A resize, or `fg` after a stop: the size comes from the terminal
      // itself (not from the event's numbers), and the screen is drawn
      // again whole.
      let resized = events.contains {
        switch $0 {
        case .resize, .resumed: true
        default: false
        }
      }
      if resized {
        fitToTerminal()
        draw(clearing: true)
      }
      let keys = PlaygroundKey.keys(of: events).filter {
        if case .resize = $0 { return false }
        return true
      }
      for key in keys where running {
        running = app.apply(key, at: now())
      }
      if running && needsDraw(keys: keys, events: events, ticking: ticking) { draw() }
    }
  }

  /// Whether the frame is drawn after a read that gave `events` (`keys`
  /// once the app's own are picked out and resizes left out; a resize was
  /// drawn already): after a key, or after a wait that timed out while
  /// `ticking` (something moves, or a press is held). A read that gave no
  /// event (the middle of a bracketed paste, kept by the decoder until a
  /// part is whole, or half an escape sequence) changed nothing, so it
  /// draws nothing: a 1 MB paste comes in hundreds of reads, and a frame
  /// after each would cost the whole text's drawing each time.
  static func needsDraw(keys: [PlaygroundKey], events: [TerminalEvent], ticking: Bool) -> Bool {
    !keys.isEmpty || (events.isEmpty && ticking)
  }
}

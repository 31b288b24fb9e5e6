import Foundation
import PropertyBased
import Testing
import TextLinks
import UnicodeTestSupport

struct PressGestureTests {
  /// "a.org b.org" on one line of 10 × 20 pt cells: link 0 at x 0–50, link 1
  /// at x 60–110; plain text beyond x 120 (more than 10 pt from both).
  static let text = "a.org b.org plain text here"
  static let layout = LinkLayout(
    frame: frame(text, width: 1000), links: LinkDetector().links(in: text))

  @Test func aQuickPressIsATap() {
    var press = LinkPressGesture()
    #expect(press.handle(.down(CGPoint(x: 20, y: 10), at: 1), in: Self.layout) == .pressed(0))
    #expect(press.highlightedLinkIndex == 0)
    #expect(press.handle(.moved(CGPoint(x: 25, y: 12), at: 1.05), in: Self.layout) == .unchanged)
    #expect(press.handle(.up(CGPoint(x: 26, y: 12), at: 1.1), in: Self.layout) == .tapped(0))
    #expect(press.highlightedLinkIndex == nil)
  }

  @Test func aTouchOnPlainTextIsNotClaimed() {
    var press = LinkPressGesture()
    #expect(press.handle(.down(CGPoint(x: 200, y: 10), at: 0), in: Self.layout) == .notClaimed)
    #expect(press.handle(.up(CGPoint(x: 20, y: 10), at: 0.1), in: Self.layout) == .unchanged)
  }

  @Test func releasingOverPlainTextOrAnotherLinkNeverFires() {
    var press = LinkPressGesture(configuration: .init(allowableMovement: 1000))
    _ = press.handle(.down(CGPoint(x: 20, y: 10), at: 0), in: Self.layout)
    #expect(press.handle(.up(CGPoint(x: 200, y: 10), at: 0.1), in: Self.layout) == .cancelled(0))
    _ = press.handle(.down(CGPoint(x: 20, y: 10), at: 0), in: Self.layout)
    #expect(press.handle(.up(CGPoint(x: 80, y: 10), at: 0.1), in: Self.layout) == .cancelled(0))
  }

  @Test func movingTooFarCancels() {
    var press = LinkPressGesture()
    _ = press.handle(.down(CGPoint(x: 5, y: 10), at: 0), in: Self.layout)
    // 11 pt along the link: still on it, but past the allowable movement.
    #expect(press.handle(.moved(CGPoint(x: 16, y: 10), at: 0.1), in: Self.layout) == .cancelled(0))
    #expect(press.handle(.up(CGPoint(x: 16, y: 10), at: 0.2), in: Self.layout) == .unchanged)
  }

  @Test func holdingIsALongPressOnce() {
    var press = LinkPressGesture()
    _ = press.handle(.down(CGPoint(x: 70, y: 10), at: 0), in: Self.layout)
    #expect(press.handle(.tick(at: 0.4), in: Self.layout) == .unchanged)
    #expect(press.handle(.tick(at: 0.5), in: Self.layout) == .longPressed(1))
    #expect(press.handle(.tick(at: 0.9), in: Self.layout) == .unchanged)
    #expect(press.handle(.up(CGPoint(x: 70, y: 10), at: 1), in: Self.layout) == .cancelled(1))
    // Without ticks, a release after the duration is the long press.
    _ = press.handle(.down(CGPoint(x: 70, y: 10), at: 2), in: Self.layout)
    #expect(press.handle(.up(CGPoint(x: 70, y: 10), at: 2.7), in: Self.layout) == .longPressed(1))
  }

  @Test func theMinimumPressDurationIsConfigurable() {
    var press = LinkPressGesture(configuration: .init(minimumPressDuration: 0.2))
    _ = press.handle(.down(CGPoint(x: 20, y: 10), at: 0), in: Self.layout)
    #expect(press.handle(.up(CGPoint(x: 20, y: 10), at: 0.1), in: Self.layout) == .cancelled(0))
    var uikit = LinkPressGesture()
    _ = uikit.handle(.down(CGPoint(x: 20, y: 10), at: 0), in: Self.layout)
    #expect(uikit.handle(.up(CGPoint(x: 20, y: 10), at: 0.005), in: Self.layout) == .cancelled(0))
    _ = uikit.handle(.down(CGPoint(x: 20, y: 10), at: 0), in: Self.layout)
    #expect(uikit.handle(.up(CGPoint(x: 20, y: 10), at: 0.01), in: Self.layout) == .tapped(0))
  }

  @Test func badInputHasDocumentedResults() {
    var press = LinkPressGesture(
      configuration: .init(
        minimumPressDuration: .nan, longPressDuration: -1, allowableMovement: .infinity,
        tolerance: .nan))
    #expect(press.configuration == LinkPressGesture.Configuration())
    #expect(
      press.handle(.down(CGPoint(x: CGFloat.nan, y: 0), at: 0), in: Self.layout) == .notClaimed)
    _ = press.handle(.down(CGPoint(x: 20, y: 10), at: .nan), in: Self.layout)
    // A NaN time counts as the last valid one; an earlier one as the touch-down's.
    #expect(press.handle(.up(CGPoint(x: 20, y: 10), at: -5), in: Self.layout) == .cancelled(0))
    _ = press.handle(.down(CGPoint(x: 20, y: 10), at: 0), in: Self.layout)
    #expect(
      press.handle(.moved(CGPoint(x: 20, y: CGFloat.infinity), at: 0.1), in: Self.layout)
        == .cancelled(0))
    // A second finger while pressed is ignored; the system may cancel.
    _ = press.handle(.down(CGPoint(x: 20, y: 10), at: 0), in: Self.layout)
    #expect(press.handle(.down(CGPoint(x: 70, y: 10), at: 0.05), in: Self.layout) == .unchanged)
    #expect(press.handle(.cancelled(at: 0.1), in: Self.layout) == .cancelled(0))
  }

  // MARK: Properties

  /// Events as (kind, x cell, y cell, time step) quadruples.
  static let eventsGen = Gen.int(in: 0...99).array(of: 4...40)

  static func events(_ values: [Int]) -> [LinkPressGesture.Event] {
    var time = 0.0
    return stride(from: 0, to: values.count - 3, by: 4).map { i in
      let point = CGPoint(x: CGFloat(values[i + 1]) * 3 - 20, y: CGFloat(values[i + 2] % 8) * 4 - 6)
      time += Double(values[i + 3]) / 200
      switch values[i] % 5 {
      case 0: return .down(point, at: time)
      case 1: return .moved(point, at: time)
      case 2: return .up(point, at: time)
      case 3: return .tick(at: time)
      default: return values[i] % 10 == 4 ? .cancelled(at: time) : .up(point, at: time)
      }
    }
  }

  @Test("A press fires at most once, only the link chosen at touch-down, never over plain text")
  func neverFiresTwoLinksOrOverPlainText() async {
    await propertyCheck(
      count: CheckScale.cases(100, full: 500), input: Self.eventsGen
    ) { values in
      var press = LinkPressGesture()
      var chosen: Int?
      var fired = 0
      for event in Self.events(values) {
        let outcome = press.handle(event, in: Self.layout)
        switch outcome {
        case .pressed(let link):
          #expect(chosen == nil)
          chosen = link
          fired = 0
        case .tapped(let link), .longPressed(let link):
          #expect(link == chosen)
          fired += 1
          #expect(fired == 1, "a press fired twice")
          if case .up(let point, _) = event {
            #expect(Self.layout.hit(at: point)?.linkIndex == link, "fired over \(point)")
            chosen = nil
          }
        case .cancelled(let link):
          #expect(link == chosen)
          chosen = nil
        case .notClaimed, .unchanged:
          break
        }
        #expect(press.highlightedLinkIndex == chosen)
      }
    }
  }
}

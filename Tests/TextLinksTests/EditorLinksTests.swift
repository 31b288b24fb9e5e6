import Foundation
import PropertyBased
import Testing
import TextInputCore
import TextInputKit
import TextLinks

/// An editor 200 × 100 points, text container inset {8, 0, 8, 0}, padding 5,
/// with 10 × 20 pt cells: the text container is 200 wide, lines 19 cells.
func linkEditor(_ text: String, isEditing: Bool = false, links: EditorLinks = EditorLinks())
  -> Editor
{
  Editor(
    text: text, font: cellFont,
    geometry: ViewGeometry(bounds: CGRect(x: 0, y: 0, width: 200, height: 100)),
    isEditing: isEditing, behaviours: [links])
}

struct EditorLinksTests {
  @Test func linksAreDetectedLaidOutAndPresented() throws {
    let editor = linkEditor("Mail a@b.org or see www.example.com/path now")
    let presentation = try #require(editor.linkPresentation)
    #expect(presentation.links.map(\.kind) == [.email, .url])
    // In view coordinates: padding 5 and inset top 8.
    #expect(presentation.rects[0] == [CGRect(x: 55, y: 8, width: 70, height: 20)])
    #expect(presentation.rects[1].count == 2)
    #expect(presentation.policy.linksAreInteractive)
    #expect(!presentation.policy.allowsSelection && !presentation.policy.showsEditMenu)
    #expect(!presentation.policy.showsMagnifier)
    #expect(presentation.highlightRects.isEmpty)
    guard case .elements(let elements) = presentation.accessibility else {
      Issue.record("expected one element per link")
      return
    }
    #expect(elements.map(\.label) == ["a@b.org", "www.example.com/path"])
    #expect(elements[1].frames == presentation.rects[1])
    #expect(elements.allSatisfy { $0.traits == [.link] })
  }

  @Test func aTapOnALinkActivatesItWithoutBeginningEditing() throws {
    var editor = linkEditor("Mail a@b.org today")
    editor.tap(at: CGPoint(x: 60, y: 15))
    #expect(editor.behaviour(EditorLinks.self)?.activatedLink?.target == .email("a@b.org"))
    #expect(!editor.isEditing)
    editor.modifyBehaviour(EditorLinks.self) { links, _ in links.clearActivation() }
    // A tap on plain text activates nothing.
    editor.tap(at: CGPoint(x: 180, y: 15))
    #expect(editor.behaviour(EditorLinks.self)?.activatedLink == nil)
    // While editing, links are not interactive.
    editor.beginEditing()
    editor.tap(at: CGPoint(x: 60, y: 15))
    #expect(editor.behaviour(EditorLinks.self)?.activatedLink == nil)
    #expect(editor.linkPresentation?.policy.linksAreInteractive == false)
    #expect(editor.pressLink(.down(CGPoint(x: 60, y: 15), at: 0)) == .notClaimed)
  }

  @Test func pressesHighlightThenFire() throws {
    var editor = linkEditor("Mail a@b.org today")
    #expect(editor.pressLink(.down(CGPoint(x: 60, y: 15), at: 0)) == .pressed(0))
    #expect(editor.linkPresentation?.pressedLinkIndex == 0)
    #expect(editor.linkPresentation?.highlightRects == [CGRect(x: 55, y: 8, width: 70, height: 20)])
    #expect(editor.pressLink(.up(CGPoint(x: 62, y: 15), at: 0.2)) == .tapped(0))
    #expect(editor.linkPresentation?.pressedLinkIndex == nil)
    #expect(editor.behaviour(EditorLinks.self)?.activatedLink?.target == .email("a@b.org"))
    var plain = linkEditor("plain")
    #expect(plain.pressLink(.down(.zero, at: 0)) == .notClaimed)
  }

  @Test func oneLinkIsActivatedByTheViewNoneGivesNoElements() {
    let one = linkEditor("see a.org").linkPresentation?.accessibility
    guard case .viewActivates(let element) = one else {
      Issue.record("one link: the view activates it, got \(String(describing: one))")
      return
    }
    #expect(element.label == "a.org")
    #expect(linkEditor("no links").linkPresentation?.accessibility == LinkAccessibility.none)
    #expect(linkEditor("no links").linkPresentation?.policy.linksAreInteractive == false)
  }

  @Test func anEditDetectsOnlyTheParagraphsItTouched() {
    var editor = linkEditor("one a.org\ntwo b.org\nthree c.org", isEditing: true)
    editor.select(NSRange(location: 13, length: 0))
    editor.insert("x")
    let links = editor.behaviour(EditorLinks.self)
    #expect(links?.lastDetectedRange == NSRange(location: 10, length: 11))
    #expect(links?.links.map(\.range.location) == [4, 15, 27])
    // Deleting the line break merges two paragraphs: both are detected again.
    editor.select(NSRange(location: 21, length: 0))
    editor.deleteBackward()
    #expect(
      editor.behaviour(EditorLinks.self)?.lastDetectedRange == NSRange(location: 10, length: 21))
    #expect(editor.text == "one a.org\ntwox b.orgthree c.org")
    // "b.orgthree" is no link: the TLD runs on into a word.
    #expect(
      editor.behaviour(EditorLinks.self)?.links.map { $0.text(in: editor.text) } == [
        "a.org", "c.org",
      ])
  }

  @Test func configurationKeysSetTheBehaviour() throws {
    let configuration = PluginConfiguration(
      pluginID: EditorLinks.pluginID,
      values: [
        "detectors": .list([.string("phone"), .string("cashtag")]),
        "tolerance": .number(3), "minimumPressDuration": .number(0.2),
        "longPressDuration": .number(2), "allowableMovement": .number(4),
        "highlightColor": .color(Color(red: 1, green: 2, blue: 3)),
        "truncationToken": .string(" (more)"),
      ])
    let links = try EditorLinks(configuration: configuration)
    #expect(links.detector.kinds == Set<LinkKind>([.phone, .cashtag]))
    #expect(
      links.press.configuration
        == .init(
          minimumPressDuration: 0.2, longPressDuration: 2, allowableMovement: 4, tolerance: 3))
    #expect(links.highlightColor == Color(red: 1, green: 2, blue: 3))
    #expect(String(links.truncationToken.text.characters) == " (more)")
    // Defaults.
    let defaults = try EditorLinks(
      configuration: PluginConfiguration(defaultsOf: EditorLinks.descriptor))
    #expect(defaults.detector.kinds == LinkDetector.defaultKinds)
    #expect(defaults.press.configuration == LinkPressGesture.Configuration())
    // Bad values name the key and what was expected.
    var whole = Configuration(plugins: [EditorLinks.descriptor])
    do {
      try whole.set("links.detectors", to: .list([.string("urls")]))
      Issue.record("an unknown kind was accepted")
    } catch {
      #expect(error.description.contains("\"urls\""))
    }
    do {
      try whole.set("links.tolerance", to: .number(-1))
      Issue.record("a negative tolerance was accepted")
    } catch {
      #expect(error.description.contains("links.tolerance"))
      #expect(error.description.contains("0 or more"))
    }
  }

  @Test func thePluginIsInTheStandardRegistry() throws {
    let registry = PluginRegistry.makeStandard()
    #expect(registry.plugin(id: "links") != nil)
    let behaviours = try registry.makeBehaviours(for: ["links"])
    #expect(behaviours.map(\.id) == ["links"])
  }

  @Test func aLineLimitedViewEndsWithTheToken() {
    let editor = linkEditor(String(repeating: "word a.org ", count: 20))
    let truncated = editor.behaviour(EditorLinks.self)?.truncatedText(
      in: editor.state, maximumNumberOfLines: 2)
    #expect(truncated?.isTruncated == true)
    #expect(truncated?.frame.lineFragments.count == 2)
    #expect(truncated?.layout.links.last?.range == truncated?.tokenRange)
    #expect(truncated?.layout.origin == CGPoint(x: 0, y: 8))
  }

  @Test func theTrackerDetectsOnlyTheTouchedParagraph() {
    var tracker = LinkTracker(detector: LinkDetector(), utf16: Array("a.org\nb".utf16))
    tracker.replaceCharacters(
      in: NSRange(location: 7, length: 0), replacementLength: 4,
      newText: Array("a.org\nb.org".utf16))
    #expect(
      tracker.links.map(\.range) == [
        NSRange(location: 0, length: 5), NSRange(location: 6, length: 5),
      ])
    #expect(tracker.lastDetectedRange == NSRange(location: 6, length: 5))
    // A bad range is clamped.
    tracker.replaceCharacters(
      in: NSRange(location: NSNotFound, length: -4), replacementLength: 99, newText: [])
    #expect(tracker.links.isEmpty)
    tracker.replaceCharacters(
      in: NSRange(location: 0, length: Int.max), replacementLength: Int.max,
      newText: Array("c.org".utf16))
    #expect(tracker.links.map(\.range) == [NSRange(location: 0, length: 5)])
    tracker.replaceCharacters(
      in: NSRange(location: 0, length: -1), replacementLength: 0, newText: Array("c.org".utf16))
    #expect(tracker.lastDetectedRange == NSRange(location: 0, length: 5))
  }

  @Test func changingTheDetectorDetectsAgain() {
    var editor = linkEditor("@ann a.org")
    #expect(editor.linkPresentation?.links.map(\.kind) == [.mention, .url])
    editor.modifyBehaviour(EditorLinks.self) { links, state in
      links.setDetector(LinkDetector(kinds: [.mention]), in: state)
    }
    #expect(editor.linkPresentation?.links.map(\.kind) == [.mention])
  }

  // MARK: Properties

  static let detector = LinkDetector()

  @Test("Edits keep the links equal to detecting the edited text from scratch")
  func editsMatchFullDetection() async {
    await propertyCheck(
      count: 200, input: LinkGen.text, LinkGen.text, Gen.int(in: 0...1000), Gen.int(in: 0...6)
    ) { text, insertion, position, deleted in
      var editor = linkEditor(text, isEditing: true)
      let count = editor.state.utf16Count
      let start = count == 0 ? 0 : position % (count + 1)
      editor.select(
        editor.state.widened(NSRange(location: start, length: min(deleted, count - start))))
      editor.insert(insertion)
      let kept = editor.behaviour(EditorLinks.self)?.links ?? []
      #expect(
        kept == Self.detector.links(utf16: editor.state.utf16), "\(editor.text.debugDescription)")
      // And once more, deleting backward.
      editor.deleteBackward()
      #expect(
        editor.behaviour(EditorLinks.self)?.links == Self.detector.links(utf16: editor.state.utf16))
    }
  }
}

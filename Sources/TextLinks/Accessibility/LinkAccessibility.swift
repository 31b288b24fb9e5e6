public import Foundation

/// What assistive technologies see of a text's links, as UIKit's
/// `accessibilityElements` would hold them.
///
/// - No links: no elements; the view is plain static text.
/// - One link: no separate element; the view itself activates the link
///   (`UIAccessibilityTraitLink` on the view, its activation opens it).
/// - Two or more: one element per link, with its text as the label, a frame
///   per line it shows on (never one union rect, which would cover other
///   text and, for two wrapped links, each other), and the link trait.
public enum LinkAccessibility: Hashable, Sendable {
  /// No links.
  case none
  /// One link, activated by the view.
  case viewActivates(LinkAccessibilityElement)
  /// One element per link, in text order.
  case elements([LinkAccessibilityElement])

  /// The elements for `layout`'s links in the text `utf16` (whose UTF-16
  /// code units the links' ranges count). Links without rects (hidden by
  /// truncation) get no element.
  ///
  /// - Complexity: O(k + m) for k links and m code units of their text.
  public init<Units: RandomAccessCollection<UInt16>>(layout: LinkLayout, utf16: Units)
  where Units.Index == Int {
    var elements: [LinkAccessibilityElement] = []
    for (index, link) in layout.links.enumerated() {
      let frames = layout.rects(ofLink: index)
      guard !frames.isEmpty else { continue }
      let range = link.range.clamped(toLength: utf16.count)
      elements.append(
        LinkAccessibilityElement(
          linkIndex: index, label: String(decoding: utf16[range], as: UTF16.self),
          frames: frames, target: link.target))
    }
    switch elements.count {
    case 0: self = .none
    case 1: self = .viewActivates(elements[0])
    default: self = .elements(elements)
    }
  }

  /// Every element, whichever case.
  public var all: [LinkAccessibilityElement] {
    switch self {
    case .none: return []
    case .viewActivates(let element): return [element]
    case .elements(let elements): return elements
    }
  }
}

/// One link as an accessibility element.
public struct LinkAccessibilityElement: Hashable, Sendable {
  /// The link's index in its layout's `links`.
  public var linkIndex: Int
  /// What VoiceOver reads: the link's text.
  public var label: String
  /// One frame per line and run the link shows on, in the view's coordinates
  /// (points).
  public var frames: [CGRect]
  /// What activating it opens.
  public var target: LinkTarget
  /// The element's traits: always `[.link]`.
  public var traits: Set<LinkAccessibilityTrait> { [.link] }
}

/// Accessibility traits of a link element.
public enum LinkAccessibilityTrait: String, Hashable, Sendable, CaseIterable {
  /// UIKit's `.link`.
  case link
}

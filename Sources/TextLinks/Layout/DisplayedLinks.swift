import Foundation
import TextInputCore

/// Links with their ranges in a layout's text, as a random-access view: the
/// links as kept (in the typed text) and, when a display substitution
/// changes the text's length, the editor's display map, through which a
/// link's range is mapped when it is read. So a layout of a masked text
/// maps the few links a renderer reads, not all of them on every change.
struct DisplayedLinks: RandomAccessCollection, Sendable {
  /// The links as kept (UTF-16 code units of the typed text when `map` is
  /// set, else of the layout's text).
  let typed: [Link]
  /// The map from the typed text to the layout's, or nil when the two are
  /// the same offset for offset.
  let map: DisplayMap?

  var startIndex: Int { 0 }
  var endIndex: Int { typed.count }

  /// Link `index` with its range in the layout's text.
  ///
  /// - Complexity: O(1), or O(log k) in the map's pieces.
  subscript(index: Int) -> Link {
    guard let map else { return typed[index] }
    let link = typed[index]
    return Link(range: map.displayed(fromTyped: link.range), target: link.target)
  }

  /// The links as an array.
  ///
  /// - Complexity: O(1) with no map, else O(l log k).
  var array: [Link] { map == nil ? typed : Array(self) }
}

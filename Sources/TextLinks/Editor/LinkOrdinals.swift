import Foundation

/// Each link's hyperlink id kept as the links change: its ordinal among the
/// links to the same URI, from 1 (what `LinkPresentation` draws as the
/// id), so that a renderer that draws a few links asks for their ids in
/// O(1) each instead of counting the links before them.
///
/// Parallel to a `LinkTracker`'s links: link `i`'s URI group (an interned
/// URI; -1 for a target with no URL) and its ordinal in that group. A
/// splice (links `range` replaced by new ones) changes the ordinals of the
/// later links of a group only when the splice changes how many links that
/// group has: typing that re-detects the same links touches none of them.
struct LinkOrdinals: Sendable {
  /// Per link, its URI group (an index into `uris`), or -1 when its target
  /// has no URL.
  private(set) var groups: [Int32] = []
  /// Per link, its ordinal among the links of its group, from 1 (0 with no
  /// group).
  private(set) var ordinals: [Int32] = []
  /// Each group's URI.
  private(set) var uris: [String] = []
  /// How many links each group has.
  private var counts: [Int32] = []
  /// Each target seen, with its group (URLs are made once per target).
  private var groupOfTarget: [LinkTarget: Int32] = [:]
  /// Each URI's group.
  private var groupOfURI: [String: Int32] = [:]

  /// The ordinals of `links`, computed afresh.
  ///
  /// - Complexity: O(l) in the links, plus one URL made per distinct target.
  init(_ links: [Link]) {
    rebuild(links)
  }

  /// The group of `target`, made when it is new.
  private mutating func group(of target: LinkTarget) -> Int32 {
    if let group = groupOfTarget[target] { return group }
    var group: Int32 = -1
    if let uri = target.url?.absoluteString {
      if let known = groupOfURI[uri] {
        group = known
      } else {
        group = Int32(uris.count)
        uris.append(uri)
        counts.append(0)
        groupOfURI[uri] = group
      }
    }
    groupOfTarget[target] = group
    return group
  }

  /// Computes every ordinal again from `links`, forgetting targets no link
  /// has any more.
  ///
  /// - Complexity: O(l).
  mutating func rebuild(_ links: [Link]) {
    groups = []
    ordinals = []
    uris = []
    counts = []
    groupOfTarget = [:]
    groupOfURI = [:]
    groups.reserveCapacity(links.count)
    ordinals.reserveCapacity(links.count)
    for link in links {
      let group = group(of: link.target)
      groups.append(group)
      if group >= 0 {
        counts[Int(group)] += 1
        ordinals.append(counts[Int(group)])
      } else {
        ordinals.append(0)
      }
    }
  }

  /// Links `range` (indices into the old links) were replaced by `new`;
  /// `links` are the links after the splice.
  ///
  /// - Complexity: O(r + m) for the r links replaced and the m new ones
  ///   (hashing each new target once), plus O(k) over the k later links
  ///   when the splice changes how many links a group has, or brings a
  ///   group the replaced links did not have.
  mutating func splice(_ range: Range<Int>, with new: ArraySlice<Link>, links: [Link]) {
    var newGroups: [Int32] = []
    newGroups.reserveCapacity(new.count)
    for link in new { newGroups.append(group(of: link.target)) }
    // Per group: the change in its count, and the ordinal its first link
    // in the range had (the next new link of the group takes it).
    var change: [Int32: Int32] = [:]
    var first: [Int32: Int32] = [:]
    for index in range where groups[index] >= 0 {
      let group = groups[index]
      change[group, default: 0] -= 1
      if first[group] == nil { first[group] = ordinals[index] }
    }
    var unknown: Set<Int32> = []
    for group in newGroups where group >= 0 {
      change[group, default: 0] += 1
      if first[group] == nil { unknown.insert(group) }
    }
    change = change.filter { $0.value != 0 }
    if !change.isEmpty || !unknown.isEmpty {
      // The later links: the first of an unknown group gives its ordinal
      // (read before it moves); each link of a changed group moves.
      for index in range.upperBound..<groups.count {
        let group = groups[index]
        guard group >= 0 else { continue }
        if !unknown.isEmpty, unknown.contains(group) {
          first[group] = ordinals[index]
          unknown.remove(group)
        }
        if let delta = change[group] { ordinals[index] += delta }
      }
    }
    // A group with no link from the range on: its new links follow all of it.
    for group in unknown { first[group] = counts[Int(group)] + 1 }
    var newOrdinals: [Int32] = []
    newOrdinals.reserveCapacity(newGroups.count)
    for group in newGroups {
      guard group >= 0 else {
        newOrdinals.append(0)
        continue
      }
      let ordinal = first[group] ?? 1
      newOrdinals.append(ordinal)
      first[group] = ordinal + 1
    }
    for (group, delta) in change { counts[Int(group)] += delta }
    groups.replaceSubrange(range, with: newGroups)
    ordinals.replaceSubrange(range, with: newOrdinals)
    // Targets no link has any more are forgotten now and then.
    if groupOfTarget.count > 2 * links.count + 1024 { rebuild(links) }
  }

  /// Link `index`'s URI and hyperlink id, or nil when its target has no URL.
  ///
  /// - Complexity: O(1).
  func hyperlink(ofLink index: Int) -> (uri: String, id: Int)? {
    guard groups.indices.contains(index), groups[index] >= 0 else { return nil }
    return (uris[Int(groups[index])], Int(ordinals[index]))
  }
}

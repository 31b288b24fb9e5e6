public import Foundation

/// A cell font that measures as a terminal does: a cluster's advance is its
/// width under a `TerminalWidthProfile`, one point per cell, one point per
/// line. Set it as the editor's font (`Editor.setFont(_:)`) so that layout,
/// wrapping, the caret and hit-testing agree with what the terminal draws.
///
/// A control character is as wide as its visible form (see
/// `VisibleControls`); a line ending takes none.
///
/// ```swift
/// let font = TerminalCellFont(profile: .tmux)
/// let frame = TextFrame("👍🏽", style: LayoutStyle(font: font))
/// frame.usedSize.width  // 4
/// ```
public struct TerminalCellFont: FontMetrics, Hashable {
  /// How clusters are measured.
  public let profile: TerminalWidthProfile
  public var pointSize: CGFloat { 1 }
  public var lineHeight: CGFloat { 1 }
  public var ascender: CGFloat { 0.8 }
  public var descender: CGFloat { -0.2 }

  /// A font measuring with `profile`.
  public init(profile: TerminalWidthProfile = .graphemeClusters) {
    self.profile = profile
  }

  /// The cluster's width in cells under the profile, in points (one per cell).
  ///
  /// - Complexity: O(1) for a cluster of one UTF-16 code unit that is not a
  ///   control; otherwise O(k) in the cluster's length, after finding it in
  ///   `text` (amortised O(1) with Swift's UTF-16 breadcrumbs).
  public func advance(of cluster: MeasuredCluster, in text: String) -> CGFloat {
    if cluster.range.length == 1, !cluster.isControl, profile.options == .standard,
      cluster.width == 1, profile.terminal == nil, profile.wideUnicodeVersion == nil
    {
      // One BMP scalar of one cell that is no control, measured by rules: no
      // rule but `library` can apply, and it is drawn alone (only a scalar
      // of no cell, or a modifier, is drawn on U+00A0). `wide` (2 cells) and
      // a lone mark (0) are handled below; a known terminal's tables, or a
      // wide-table version, may widen it.
      return 1
    }
    let utf16 = text.utf16
    guard cluster.range.location >= 0, cluster.range.length >= 0,
      NSMaxRange(cluster.range) <= utf16.count
    else { return CGFloat(max(cluster.width, 0)) }
    let start = utf16.index(utf16.startIndex, offsetBy: cluster.range.location)
    let end = utf16.index(start, offsetBy: cluster.range.length)
    return CGFloat(profile.width(of: text[start..<end]))
  }

  /// True: an advance is the cluster's width under the profile, whatever
  /// text is around it.
  public var advancesDependOnClusterAlone: Bool { true }

}

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
    let utf16 = text.utf16
    guard cluster.range.location >= 0, cluster.range.length >= 0,
      NSMaxRange(cluster.range) <= utf16.count
    else { return CGFloat(max(cluster.width, 0)) }
    let start = utf16.index(utf16.startIndex, offsetBy: cluster.range.location)
    if cluster.range.length == 1, !cluster.isControl, profile.options == .standard,
      cluster.width == 1, profile.terminal == nil, profile.wideUnicodeVersion == nil
    {
      // One BMP scalar that is no control, measured by rules: no rule but
      // `library` can apply (`wide` is width 2 and a lone mark of width 0:
      // both handled below). A known terminal's tables, or a wide-table
      // version, may widen it; a spacing mark alone is drawn on U+00A0.
      let unit = utf16[start]
      guard let scalar = Unicode.Scalar(unit), VisibleControls.extendsClusterBefore(scalar) else {
        return 1
      }
    }
    let end = utf16.index(start, offsetBy: cluster.range.length)
    return CGFloat(profile.width(of: text[start..<end]))
  }

}

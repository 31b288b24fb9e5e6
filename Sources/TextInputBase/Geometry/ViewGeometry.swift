public import Foundation

/// Where a text view's text goes, in points: what `UITextView` takes from its
/// `bounds`, `textContainerInset`, `textContainer.lineFragmentPadding` and
/// `contentInset`.
///
/// Values are sanitized on the way in, never trapped on: NaN or infinite
/// numbers become 0, a negative bounds size or padding becomes 0.
public struct ViewGeometry: Hashable, Sendable {
  /// The view's bounds, in points.
  public var bounds: CGRect {
    didSet { bounds = Self.sanitize(bounds) }
  }
  /// The space between the bounds and the text container (UIKit's default is
  /// `{8, 0, 8, 0}`).
  public var textContainerInset: EdgeInsets {
    didSet { textContainerInset = textContainerInset.sanitized }
  }
  /// The padding at both ends of every line fragment (UIKit's default is 5).
  public var lineFragmentPadding: CGFloat {
    didSet { lineFragmentPadding = Swift.max(lineFragmentPadding.finiteOrZero, 0) }
  }
  /// The scroll view's content inset.
  public var contentInset: EdgeInsets {
    didSet { contentInset = contentInset.sanitized }
  }

  /// Creates a geometry with UIKit's defaults for what is not given.
  public init(
    bounds: CGRect = .zero,
    textContainerInset: EdgeInsets = EdgeInsets(top: 8, left: 0, bottom: 8, right: 0),
    lineFragmentPadding: CGFloat = 5,
    contentInset: EdgeInsets = .zero
  ) {
    self.bounds = Self.sanitize(bounds)
    self.textContainerInset = textContainerInset.sanitized
    self.lineFragmentPadding = Swift.max(lineFragmentPadding.finiteOrZero, 0)
    self.contentInset = contentInset.sanitized
  }

  /// A view measured in terminal cells (one point is one cell): `columns` ×
  /// `rows` bounds at the origin, with no text container inset and no line
  /// fragment padding — UIKit's defaults (8 points above and below, 5 at
  /// each end of a line) would be blank rows and columns in a terminal.
  /// Negative sizes are 0.
  public static func terminal(columns: Int, rows: Int) -> ViewGeometry {
    ViewGeometry(
      bounds: CGRect(x: 0, y: 0, width: Swift.max(columns, 0), height: Swift.max(rows, 0)),
      textContainerInset: .zero, lineFragmentPadding: 0)
  }

  /// The rect lines are laid out in: the bounds less the content inset and the
  /// text container inset (line fragment padding not removed), in points.
  public var textContainerRect: CGRect {
    textContainerInset.inset(contentInset.inset(bounds))
  }

  private static func sanitize(_ rect: CGRect) -> CGRect {
    CGRect(
      x: rect.origin.x.finiteOrZero, y: rect.origin.y.finiteOrZero,
      width: Swift.max(rect.size.width.finiteOrZero, 0),
      height: Swift.max(rect.size.height.finiteOrZero, 0))
  }
}

import TextInputBase
import TextMetrics

/// Text made safe to draw in a terminal cell: no control character from the
/// text ever reaches the terminal, where it would move the cursor, change
/// the title (`ESC ] 0 ; … BEL`), or worse.
///
/// ## Policy
///
/// Each Unicode scalar is drawn as itself, except:
/// - C0 controls U+0000–U+001F become their Control Pictures, U+2400–U+241F
///   (`ESC` is `␛`, `BEL` is `␇`, `TAB` is `␉`, `LF` is `␊`);
/// - DEL U+007F becomes `␡` U+2421;
/// - C1 controls U+0080–U+009F, which have no Control Picture, become U+FFFD
///   `�` (what a terminal shows for a C1 byte it does not act on).
///
/// A cluster that starts with a scalar that extends any cluster before it
/// and takes no cell alone (a combining mark, ZWJ, a variation selector), or
/// with an emoji modifier such as `🏽` (`joinsCellBefore(_:)`),
/// starts a cluster in the text only because a control, a line break or the
/// text's start comes before it; drawn alone, a terminal joins it to the
/// cell on its left (xterm, kitty and foot were seen to do so, also after a
/// cursor move, so that `"\t\u{1F3FD}"` would show `␉🏽` as one cluster). A
/// cell draws such a cluster on a base of its own, U+00A0 NO-BREAK SPACE (as
/// Unicode shows an isolated mark), which starts a cluster after anything
/// (`cellText(_:)`); `TerminalWidthProfile.width(of:)` measures it so.
///
/// Every replacement is one scalar. A Control Picture is one cell wide in
/// every terminal; U+FFFD is East Asian Ambiguous, one cell, or two in a
/// terminal that draws ambiguous characters wide, and
/// `TerminalWidthProfile.width(of:)` measures a control as its replacement
/// under the profile's options (see `TerminalCellFont`). Line endings are
/// never drawn: the layout breaks lines there.
///
/// ```swift
/// VisibleControls.visible("\u{1B}]0;title\u{07}")  // "␛]0;title␇"
/// VisibleControls.visible("a\u{7F}\u{9B}")          // "a␡�"
/// ```
public enum VisibleControls {
  // The policy is the package's one (`ControlCharacters` in TextInputBase),
  // shared with the messages and printed lines that escape controls.

  /// The scalar drawn for `scalar`: itself, or its visible form.
  ///
  /// - Complexity: O(1).
  public static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    ControlCharacters.picture(of: scalar)
  }

  /// Whether `scalar` is a control character this policy replaces.
  ///
  /// - Complexity: O(1).
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    ControlCharacters.isControl(scalar)
  }

  /// What a terminal cell shows for one grapheme cluster: its visible
  /// form, on U+00A0 when its first scalar would join the cell before it
  /// (see the policy above).
  ///
  /// - Complexity: O(n) in the cluster's scalars.
  public static func cellText(_ cluster: some StringProtocol) -> String {
    let visible = ControlCharacters.pictures(cluster)
    return joinsCellBefore(visible) ? "\u{A0}" + visible : visible
  }

  /// Whether `text`'s first scalar joins the cell on its left in a
  /// terminal, whatever was written between: it extends any grapheme
  /// cluster before it (Unicode's Extend or ZWJ: a combining mark, ZWJ, a
  /// variation selector) and takes no cell alone, or it is an emoji
  /// modifier. (A spacing mark, one cell alone, takes a cell of its own in
  /// xterm and kitty.)
  ///
  /// - Complexity: O(1).
  public static func joinsCellBefore(_ text: some StringProtocol) -> Bool {
    guard let first = text.unicodeScalars.first else { return false }
    return joinsCellBefore(first)
  }

  /// Whether `scalar` joins the cell on its left (see
  /// `joinsCellBefore(_:)`).
  ///
  /// - Complexity: O(1).
  public static func joinsCellBefore(_ first: Unicode.Scalar) -> Bool {
    guard first.value >= 0x300 else { return false }
    // Only marks, format characters and modifier symbols can: ask the
    // segmentation of those alone.
    switch first.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .format, .modifierSymbol: break
    default: return false
    }
    // One cell alone (a spacing mark): a cell of its own; an emoji
    // modifier, two cells alone, joins all the same.
    if first.value <= 0xFFFF, DisplayWidth.width(in: String(first)) != 0 { return false }
    var pair = "a"
    pair.unicodeScalars.append(first)
    return pair.count == 1
  }

  /// `text` with every control character replaced by its visible form.
  ///
  /// - Complexity: O(n) in the number of scalars; text without controls is
  ///   returned as is.
  public static func visible(_ text: some StringProtocol) -> String {
    ControlCharacters.pictures(text)
  }
}
